//! Unit tests of every wrapper, calling the `extern "C"` functions through the rlib.

use std::ptr::{null, null_mut};

use glam::{Quat, Vec3};
use hooke::batch::{CriticalSprings, Dampers, DecaySprings, GeneralSprings, QuatDecaySprings};
use hooke::{SpringCoeffs, scalar};

use super::*;
use crate::error::{guard, guard_or};

fn last_error() -> String {
    let mut buf = [0_u8; 256];
    // SAFETY: `buf` holds 256 writable bytes.
    let n = unsafe { hooke_last_error_message(buf.as_mut_ptr().cast(), buf.len()) };
    String::from_utf8(buf[..n].to_vec()).unwrap()
}

const DT: f32 = 1.0 / 60.0;

#[test]
fn scalar_wrappers_match_rust() {
    // SAFETY (all blocks below): the pointers are to live locals.
    let (mut x, mut v, mut a) = (0.25_f32, -1.0_f32, 0.5_f32);
    let (mut rx, mut rv, mut ra) = (x, v, a);

    let st = unsafe { hooke_damper_exact(&mut x, 2.0, 0.3, DT) };
    assert_eq!(
        (st, x),
        (HookeStatus::Ok, scalar::damper_exact(rx, 2.0, 0.3, DT))
    );
    rx = x;

    unsafe { hooke_spring_damper_exact_stiffness_damping(&mut x, &mut v, 1.0, 0.5, 90.0, 3.0, DT) };
    scalar::spring_damper_exact_stiffness_damping(&mut rx, &mut rv, 1.0, 0.5, 90.0, 3.0, DT);
    assert_eq!((x, v), (rx, rv));

    unsafe { hooke_spring_damper_exact(&mut x, &mut v, 1.0, 0.5, 2.0, 0.4, DT) };
    scalar::spring_damper_exact(&mut rx, &mut rv, 1.0, 0.5, 2.0, 0.4, DT);
    assert_eq!((x, v), (rx, rv));

    unsafe { hooke_spring_damper_exact_ratio(&mut x, &mut v, -1.0, 0.0, 0.3, 0.2, DT) };
    scalar::spring_damper_exact_ratio(&mut rx, &mut rv, -1.0, 0.0, 0.3, 0.2, DT);
    assert_eq!((x, v), (rx, rv));

    unsafe { hooke_critical_spring_damper_exact(&mut x, &mut v, 3.0, 1.0, 0.1, DT) };
    scalar::critical_spring_damper_exact(&mut rx, &mut rv, 3.0, 1.0, 0.1, DT);
    assert_eq!((x, v), (rx, rv));

    unsafe { hooke_simple_spring_damper_exact(&mut x, &mut v, 2.0, 0.1, DT) };
    scalar::simple_spring_damper_exact(&mut rx, &mut rv, 2.0, 0.1, DT);
    assert_eq!((x, v), (rx, rv));

    unsafe { hooke_decay_spring_damper_exact(&mut x, &mut v, 0.1, DT) };
    scalar::decay_spring_damper_exact(&mut rx, &mut rv, 0.1, DT);
    assert_eq!((x, v), (rx, rv));

    unsafe { hooke_spring_character_update(&mut x, &mut v, &mut a, 4.0, 0.2, DT) };
    scalar::spring_character_update(&mut rx, &mut rv, &mut ra, 4.0, 0.2, DT);
    assert_eq!((x, v, a), (rx, rv, ra));

    unsafe {
        hooke_tracking_spring_update_exact(&mut x, &mut v, 1.0, 0.2, 0.1, 0.01, 0.2, 1.0, DT, DT)
    };
    scalar::tracking_spring_update_exact(&mut rx, &mut rv, 1.0, 0.2, 0.1, 0.01, 0.2, 1.0, DT, DT);
    assert_eq!((x, v), (rx, rv));

    unsafe { hooke_inertialize_transition(&mut x, &mut v, 1.0, 0.5, -1.0, 2.0) };
    scalar::inertialize_transition(&mut rx, &mut rv, 1.0, 0.5, -1.0, 2.0);
    assert_eq!((x, v), (rx, rv));

    let (mut ox, mut ov, mut rox, mut rov) = (0.0_f32, 0.0, 0.0, 0.0);
    unsafe { hooke_inertialize_update(&mut ox, &mut ov, &mut x, &mut v, 0.3, 0.1, 0.1, DT) };
    scalar::inertialize_update(&mut rox, &mut rov, &mut rx, &mut rv, 0.3, 0.1, 0.1, DT);
    assert_eq!((ox, ov, x, v), (rox, rov, rx, rv));
}

#[test]
fn vector_and_quat_wrappers_match_rust() {
    let to = HookeVec3::from;
    let (g, q0) = (Vec3::new(1.0, -2.0, 0.5), Quat::from_rotation_y(0.7));

    let (mut x, mut v) = (to(Vec3::X), to(Vec3::ZERO));
    let (mut rx, mut rv) = (Vec3::X, Vec3::ZERO);
    // SAFETY (all blocks below): the pointers are to live locals.
    unsafe { hooke_critical_spring_damper_exact_vec3(&mut x, &mut v, to(g), to(Vec3::Y), 0.1, DT) };
    scalar::critical_spring_damper_exact_vec3(&mut rx, &mut rv, g, Vec3::Y, 0.1, DT);
    assert_eq!((x, v), (to(rx), to(rv)));

    let mut a = to(Vec3::ZERO);
    let mut ra = Vec3::ZERO;
    unsafe { hooke_spring_character_update_vec3(&mut x, &mut v, &mut a, to(g), 0.2, DT) };
    scalar::spring_character_update_vec3(&mut rx, &mut rv, &mut ra, g, 0.2, DT);
    assert_eq!((x, v, a), (to(rx), to(rv), to(ra)));

    unsafe { hooke_inertialize_transition_vec3(&mut x, &mut v, to(g), to(g), to(Vec3::Z), to(g)) };
    scalar::inertialize_transition_vec3(&mut rx, &mut rv, g, g, Vec3::Z, g);
    assert_eq!((x, v), (to(rx), to(rv)));

    let (mut ox, mut ov) = (to(Vec3::ZERO), to(Vec3::ZERO));
    let (mut rox, mut rov) = (Vec3::ZERO, Vec3::ZERO);
    unsafe {
        hooke_inertialize_update_vec3(&mut ox, &mut ov, &mut x, &mut v, to(g), to(g), 0.1, DT)
    };
    scalar::inertialize_update_vec3(&mut rox, &mut rov, &mut rx, &mut rv, g, g, 0.1, DT);
    assert_eq!((ox, ov, x, v), (to(rox), to(rov), to(rx), to(rv)));

    let (mut q, mut w) = (HookeQuat::IDENTITY, to(Vec3::X));
    let (mut rq, mut rw) = (Quat::IDENTITY, Vec3::X);
    unsafe { hooke_simple_spring_damper_exact_quat(&mut q, &mut w, q0.into(), 0.1, DT) };
    scalar::simple_spring_damper_exact_quat(&mut rq, &mut rw, q0, 0.1, DT);
    assert_eq!((q, w), (rq.into(), to(rw)));

    unsafe { hooke_decay_spring_damper_exact_quat(&mut q, &mut w, 0.1, DT) };
    scalar::decay_spring_damper_exact_quat(&mut rq, &mut rw, 0.1, DT);
    assert_eq!((q, w), (rq.into(), to(rw)));

    let (src, dst) = (Quat::from_rotation_x(0.3), Quat::from_rotation_z(-0.4));
    unsafe {
        hooke_inertialize_transition_quat(
            &mut q,
            &mut w,
            src.into(),
            to(g),
            dst.into(),
            to(Vec3::Y),
        )
    };
    scalar::inertialize_transition_quat(&mut rq, &mut rw, src, g, dst, Vec3::Y);
    assert_eq!((q, w), (rq.into(), to(rw)));

    let (mut oq, mut ow) = (HookeQuat::IDENTITY, to(Vec3::ZERO));
    let (mut roq, mut row) = (Quat::IDENTITY, Vec3::ZERO);
    unsafe {
        hooke_inertialize_update_quat(&mut oq, &mut ow, &mut q, &mut w, dst.into(), to(g), 0.1, DT)
    };
    scalar::inertialize_update_quat(&mut roq, &mut row, &mut rq, &mut rw, dst, g, 0.1, DT);
    assert_eq!((oq, ow, q, w), (roq.into(), to(row), rq.into(), to(rw)));
}

#[test]
fn scalar_null_pointers_are_reported_and_nothing_is_written() {
    let mut v = 7.0_f32;
    let mut w = HookeVec3::default();
    let n = null_mut();
    // SAFETY (all blocks below): every pointer is null or a live local.
    let statuses = unsafe {
        [
            hooke_damper_exact(n, 1.0, 0.1, DT),
            hooke_spring_damper_exact_stiffness_damping(n, &mut v, 1.0, 0.0, 1.0, 1.0, DT),
            hooke_spring_damper_exact(n, &mut v, 1.0, 0.0, 1.0, 1.0, DT),
            hooke_spring_damper_exact_ratio(n, &mut v, 1.0, 0.0, 1.0, 1.0, DT),
            hooke_critical_spring_damper_exact(n, &mut v, 1.0, 0.0, 0.1, DT),
            hooke_simple_spring_damper_exact(n, &mut v, 1.0, 0.1, DT),
            hooke_decay_spring_damper_exact(n, &mut v, 0.1, DT),
            hooke_spring_character_update(n, &mut v, &mut v, 1.0, 0.1, DT),
            hooke_tracking_spring_update_exact(n, &mut v, 1.0, 0.0, 0.0, 0.1, 0.1, 0.1, DT, DT),
            hooke_inertialize_transition(n, &mut v, 1.0, 0.0, 0.0, 0.0),
            hooke_inertialize_update(n, &mut v, &mut v, &mut v, 0.0, 0.0, 0.1, DT),
            hooke_spring_character_predict(n, n, n, 3, 0.0, 0.0, 0.0, 1.0, 0.1, DT),
            hooke_critical_spring_damper_exact_vec3(null_mut(), &mut w, w, w, 0.1, DT),
            hooke_spring_character_update_vec3(&mut w, null_mut(), &mut w, w, 0.1, DT),
            hooke_inertialize_transition_vec3(&mut w, null_mut(), w, w, w, w),
            hooke_inertialize_update_vec3(&mut w, &mut w, &mut w, null_mut(), w, w, 0.1, DT),
            hooke_simple_spring_damper_exact_quat(null_mut(), &mut w, HookeQuat::IDENTITY, 0.1, DT),
            hooke_decay_spring_damper_exact_quat(null_mut(), &mut w, 0.1, DT),
            hooke_inertialize_transition_quat(
                null_mut(),
                &mut w,
                HookeQuat::IDENTITY,
                w,
                HookeQuat::IDENTITY,
                w,
            ),
            hooke_inertialize_update_quat(
                null_mut(),
                &mut w,
                null_mut(),
                &mut w,
                HookeQuat::IDENTITY,
                w,
                0.1,
                DT,
            ),
        ]
    };
    assert!(
        statuses.iter().all(|&s| s == HookeStatus::NullPointer),
        "{statuses:?}"
    );
    assert_eq!((v, w), (7.0, HookeVec3::default()));
    assert!(last_error().ends_with("is a null pointer"));
}

#[test]
fn aliased_state_pointers_are_not_undefined_behaviour() {
    // The state is copied in and out: the same address for x and v is merely meaningless.
    let mut x = 1.0_f32;
    let p: *mut f32 = &mut x;
    // SAFETY: `p` points to a live local.
    assert_eq!(
        unsafe { hooke_critical_spring_damper_exact(p, p, 0.0, 0.0, 0.1, DT) },
        HookeStatus::Ok
    );
    assert!(x.is_finite());
}

#[test]
fn character_predict_matches_rust() {
    let (mut px, mut pv, mut pa) = ([0.0_f32; 5], [0.0_f32; 5], [0.0_f32; 5]);
    let (mut rx, mut rv, mut ra) = ([0.0_f32; 5], [0.0_f32; 5], [0.0_f32; 5]);
    // SAFETY: three distinct arrays of 5 floats.
    let st = unsafe {
        hooke_spring_character_predict(
            px.as_mut_ptr(),
            pv.as_mut_ptr(),
            pa.as_mut_ptr(),
            5,
            1.0,
            0.5,
            0.0,
            2.0,
            0.2,
            0.25,
        )
    };
    assert_eq!(st, HookeStatus::Ok);
    scalar::spring_character_predict(&mut rx, &mut rv, &mut ra, 1.0, 0.5, 0.0, 2.0, 0.2, 0.25)
        .unwrap();
    assert_eq!((px, pv, pa), (rx, rv, ra));
    // An empty prediction may pass null arrays.
    let n = null_mut();
    // SAFETY: `len` is 0.
    let st = unsafe { hooke_spring_character_predict(n, n, n, 0, 1.0, 0.5, 0.0, 2.0, 0.2, 0.25) };
    assert_eq!(st, HookeStatus::Ok);
}

#[test]
fn coeffs_are_checked_and_apply_like_the_scalar_functions() {
    let mut c = HookeSpringCoeffs::from(SpringCoeffs::IDENTITY);
    type Make = fn(*mut HookeSpringCoeffs) -> HookeStatus;
    let cases: [(HookeStatus, Make, SpringCoeffs); 4] = [
        (
            HookeStatus::Ok,
            // SAFETY: `out` is a live local (here and below).
            |out| unsafe { hooke_spring_coeffs_critical(0.1, DT, out) },
            SpringCoeffs::critical(0.1, DT),
        ),
        (
            HookeStatus::Ok,
            |out| unsafe { hooke_spring_coeffs_stiffness_damping(80.0, 2.0, DT, out) },
            SpringCoeffs::stiffness_damping(80.0, 2.0, DT),
        ),
        (
            HookeStatus::Ok,
            |out| unsafe { hooke_spring_coeffs_frequency_halflife(2.0, 0.3, DT, out) },
            SpringCoeffs::frequency_halflife(2.0, 0.3, DT),
        ),
        (
            HookeStatus::Ok,
            |out| unsafe { hooke_spring_coeffs_damping_ratio_halflife(0.4, 0.3, DT, out) },
            SpringCoeffs::damping_ratio_halflife(0.4, 0.3, DT),
        ),
    ];
    for (status, make, want) in cases {
        assert_eq!(make(&mut c), status);
        assert_eq!(SpringCoeffs::from(c), want);
    }

    // SAFETY (all blocks below): pointers are null or live locals.
    unsafe {
        assert_eq!(
            hooke_spring_coeffs_critical(f32::NAN, DT, &mut c),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `halflife` is NaN"));
        assert_eq!(
            hooke_spring_coeffs_stiffness_damping(1.0, -2.0, DT, &mut c),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `damping` is -2"));
        assert_eq!(
            hooke_spring_coeffs_frequency_halflife(1.0, 0.1, f32::INFINITY, &mut c),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `dt` is inf"));
        assert_eq!(
            hooke_spring_coeffs_damping_ratio_halflife(0.0, 0.1, DT, &mut c),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `damping_ratio` is 0"));
        assert_eq!(
            hooke_spring_coeffs_critical(0.1, DT, null_mut()),
            HookeStatus::NullPointer
        );

        // Rigid springs land exactly on the goal, as the scalar functions do.
        hooke_spring_coeffs_critical(0.0, DT, &mut c);
        let (mut x, mut v) = (1e8_f32, 3.0_f32);
        assert_eq!(
            hooke_spring_coeffs_apply(&c, &mut x, &mut v, 1.0, -1.0),
            HookeStatus::Ok
        );
        assert_eq!((x, v), (1.0, -1.0));

        hooke_spring_coeffs_stiffness_damping(80.0, 2.0, DT, &mut c);
        let (mut rx, mut rv) = (x, v);
        hooke_spring_coeffs_apply(&c, &mut x, &mut v, 0.5, 0.0);
        scalar::spring_damper_exact_stiffness_damping(&mut rx, &mut rv, 0.5, 0.0, 80.0, 2.0, DT);
        assert_eq!((x, v), (rx, rv));
        assert_eq!(
            hooke_spring_coeffs_apply(null(), &mut x, &mut v, 0.5, 0.0),
            HookeStatus::NullPointer
        );
    }
}

/// Runs the same scenario on a Rust batch and the C handle, comparing the columns bitwise.
#[test]
fn critical_springs_handle() {
    let halflives: Vec<f32> = (1..=13).map(|i| 0.03 * i as f32).collect();
    let mut rust = CriticalSprings::with_halflives(&halflives).unwrap();
    let mut h = null_mut();
    // SAFETY (all blocks below): `h` is a live handle until freed; columns hold 13 floats.
    unsafe {
        assert_eq!(
            hooke_critical_springs_with_halflives(halflives.as_ptr(), 13, &mut h),
            HookeStatus::Ok
        );
        assert_eq!(hooke_critical_springs_len(h), 13);
        let goal = std::slice::from_raw_parts_mut(hooke_critical_springs_goal(h), 13);
        let goal_v = std::slice::from_raw_parts_mut(hooke_critical_springs_goal_velocity(h), 13);
        let v = std::slice::from_raw_parts_mut(hooke_critical_springs_v(h), 13);
        for i in 0..13 {
            goal[i] = i as f32;
            goal_v[i] = -0.5;
            v[i] = 1.0;
            rust.goal_mut()[i] = i as f32;
            rust.goal_velocity_mut()[i] = -0.5;
            rust.v_mut()[i] = 1.0;
        }
        assert_eq!(hooke_critical_springs_update(h, DT), HookeStatus::Ok);
        assert_eq!(hooke_critical_springs_par_update(h, DT), HookeStatus::Ok);
        rust.update(DT).unwrap();
        rust.par_update(DT).unwrap();
        assert_eq!(
            std::slice::from_raw_parts(hooke_critical_springs_x(h), 13),
            rust.x()
        );
        assert_eq!(
            std::slice::from_raw_parts(hooke_critical_springs_v(h), 13),
            rust.v()
        );

        assert_eq!(hooke_critical_springs_set_halflife(h, 0.2), HookeStatus::Ok);
        assert_eq!(
            hooke_critical_springs_set_halflife(h, -1.0),
            HookeStatus::InvalidParameter
        );
        assert_eq!(
            hooke_critical_springs_set_halflives(h, halflives.as_ptr(), 12),
            HookeStatus::LengthMismatch
        );
        assert_eq!(last_error(), "column `halflife` has length 12, expected 13");
        assert_eq!(
            hooke_critical_springs_set_halflives(h, halflives.as_ptr(), 13),
            HookeStatus::Ok
        );
        assert_eq!(
            hooke_critical_springs_update(h, f32::NAN),
            HookeStatus::InvalidParameter
        );
        hooke_critical_springs_free(h);

        let mut h = h;
        assert_eq!(
            hooke_critical_springs_new(5, -0.1, &mut h),
            HookeStatus::InvalidParameter
        );
        assert!(h.is_null());
        assert_eq!(
            last_error(),
            "parameter `halflife` is -0.1, expected a finite value >= 0"
        );
        assert_eq!(
            hooke_critical_springs_new(5, 0.1, null_mut()),
            HookeStatus::NullPointer
        );
        assert_eq!(
            hooke_critical_springs_update(null_mut(), DT),
            HookeStatus::NullPointer
        );
        assert_eq!(
            hooke_critical_springs_par_update(null_mut(), DT),
            HookeStatus::NullPointer
        );
        assert_eq!(
            hooke_critical_springs_set_halflife(null_mut(), 0.1),
            HookeStatus::NullPointer
        );
        assert_eq!(hooke_critical_springs_len(null()), 0);
        assert!(hooke_critical_springs_x(null_mut()).is_null());
        assert!(hooke_critical_springs_goal(null_mut()).is_null());
        hooke_critical_springs_free(null_mut());
    }
}

#[test]
fn decay_springs_and_dampers_handles() {
    // SAFETY (all blocks below): handles are live until freed; columns hold `len` floats.
    unsafe {
        let mut d = null_mut();
        assert_eq!(hooke_decay_springs_new(9, 0.1, &mut d), HookeStatus::Ok);
        let mut rust = DecaySprings::new(9, 0.1).unwrap();
        std::slice::from_raw_parts_mut(hooke_decay_springs_x(d), 9).fill(2.0);
        std::slice::from_raw_parts_mut(hooke_decay_springs_v(d), 9).fill(-1.0);
        rust.x_mut().fill(2.0);
        rust.v_mut().fill(-1.0);
        hooke_decay_springs_update(d, DT);
        hooke_decay_springs_par_update(d, DT);
        rust.update(DT).unwrap();
        rust.par_update(DT).unwrap();
        assert_eq!(
            std::slice::from_raw_parts(hooke_decay_springs_x(d), 9),
            rust.x()
        );
        assert_eq!(hooke_decay_springs_len(d), 9);
        hooke_decay_springs_free(d);
        assert_eq!(
            hooke_decay_springs_with_halflives([0.1, -0.2].as_ptr(), 2, &mut d),
            HookeStatus::InvalidParameter
        );
        assert_eq!(
            last_error(),
            "parameter `halflife` at index 1 is -0.2, expected a finite value >= 0"
        );
        assert_eq!(
            hooke_decay_springs_update(null_mut(), DT),
            HookeStatus::NullPointer
        );

        let mut h = null_mut();
        assert_eq!(
            hooke_dampers_with_halflives([0.1, 0.5, 1.0].as_ptr(), 3, &mut h),
            HookeStatus::Ok
        );
        let mut rust = Dampers::with_halflives(&[0.1, 0.5, 1.0]).unwrap();
        std::slice::from_raw_parts_mut(hooke_dampers_goal(h), 3).fill(1.0);
        rust.goal_mut().fill(1.0);
        hooke_dampers_update(h, DT);
        hooke_dampers_par_update(h, DT);
        rust.update(DT).unwrap();
        rust.par_update(DT).unwrap();
        assert_eq!(std::slice::from_raw_parts(hooke_dampers_x(h), 3), rust.x());
        assert_eq!(hooke_dampers_len(h), 3);
        hooke_dampers_free(h);
        assert_eq!(
            hooke_dampers_new(3, f32::INFINITY, &mut h),
            HookeStatus::InvalidParameter
        );
        assert!(h.is_null());
        assert!(hooke_dampers_x(null_mut()).is_null());
    }
}

#[test]
fn general_springs_handle() {
    let (k, d) = ([100.0_f32, 4.0, 0.0], [20.0_f32, 1.0, 3.0]);
    let mut rust = GeneralSprings::new(&k, &d).unwrap();
    let mut h = null_mut();
    // SAFETY (all blocks below): `h` is live until freed; columns hold 3 floats.
    unsafe {
        assert_eq!(
            hooke_general_springs_new(k.as_ptr(), d.as_ptr(), 3, &mut h),
            HookeStatus::Ok
        );
        assert_eq!(
            std::slice::from_raw_parts(hooke_general_springs_stiffness(h), 3),
            k
        );
        assert_eq!(
            std::slice::from_raw_parts(hooke_general_springs_damping(h), 3),
            d
        );
        std::slice::from_raw_parts_mut(hooke_general_springs_goal(h), 3).fill(1.0);
        std::slice::from_raw_parts_mut(hooke_general_springs_goal_velocity(h), 3).fill(0.5);
        rust.goal_mut().fill(1.0);
        rust.goal_velocity_mut().fill(0.5);
        hooke_general_springs_update(h, DT);
        hooke_general_springs_par_update(h, DT);
        rust.update(DT).unwrap();
        rust.par_update(DT).unwrap();
        assert_eq!(
            std::slice::from_raw_parts(hooke_general_springs_x(h), 3),
            rust.x()
        );
        assert_eq!(
            std::slice::from_raw_parts(hooke_general_springs_v(h), 3),
            rust.v()
        );

        let k2 = [1.0_f32, f32::NAN, 1.0];
        assert_eq!(
            hooke_general_springs_set_parameters(h, k2.as_ptr(), d.as_ptr(), 3),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `stiffness` at index 1 is NaN"));
        assert_eq!(
            hooke_general_springs_set_parameters(h, k.as_ptr(), d.as_ptr(), 2),
            HookeStatus::LengthMismatch
        );
        assert_eq!(
            hooke_general_springs_set_parameters(h, k.as_ptr(), d.as_ptr(), 3),
            HookeStatus::Ok
        );
        assert_eq!(hooke_general_springs_len(h), 3);
        hooke_general_springs_free(h);

        assert_eq!(
            hooke_general_springs_new(null(), d.as_ptr(), 3, &mut h),
            HookeStatus::NullPointer
        );
        assert!(h.is_null());
        assert_eq!(
            hooke_general_springs_new(null(), null(), 0, &mut h),
            HookeStatus::Ok
        );
        assert_eq!(hooke_general_springs_len(h), 0);
        hooke_general_springs_free(h);
        assert!(hooke_general_springs_stiffness(null()).is_null());
    }
}

#[test]
fn quat_decay_springs_handle() {
    let q = Quat::from_rotation_z(0.8);
    let mut rust = QuatDecaySprings::with_halflives(&[0.1, 0.2, 0.3]).unwrap();
    rust.set(2, q, Vec3::X).unwrap();
    let mut h = null_mut();
    // SAFETY (all blocks below): `h` is live until freed; outputs are live locals.
    unsafe {
        assert_eq!(
            hooke_quat_decay_springs_with_halflives([0.1, 0.2, 0.3].as_ptr(), 3, &mut h),
            HookeStatus::Ok
        );
        assert_eq!(
            hooke_quat_decay_springs_set(h, 2, q.into(), Vec3::X.into()),
            HookeStatus::Ok
        );
        hooke_quat_decay_springs_update(h, DT);
        hooke_quat_decay_springs_par_update(h, DT);
        rust.update(DT).unwrap();
        rust.par_update(DT).unwrap();
        let (mut r, mut w) = (HookeQuat::IDENTITY, HookeVec3::default());
        assert_eq!(
            hooke_quat_decay_springs_get(h, 2, &mut r, &mut w),
            HookeStatus::Ok
        );
        assert_eq!(
            (r, w),
            (rust.rotation(2).into(), rust.angular_velocity(2).into())
        );

        let mut all_q = [HookeQuat::IDENTITY; 3];
        let mut all_w = [HookeVec3::default(); 3];
        let (pq, pw) = (all_q.as_mut_ptr(), all_w.as_mut_ptr());
        assert_eq!(
            hooke_quat_decay_springs_get_all(h, pq, pw, 3),
            HookeStatus::Ok
        );
        assert_eq!((all_q[2], all_w[2]), (r, w));
        assert_eq!(
            hooke_quat_decay_springs_get_all(h, pq, pw, 2),
            HookeStatus::LengthMismatch
        );
        assert_eq!(
            hooke_quat_decay_springs_get_all(h, null_mut(), pw, 3),
            HookeStatus::NullPointer
        );

        assert_eq!(
            hooke_quat_decay_springs_get(h, 3, &mut r, &mut w),
            HookeStatus::IndexOutOfRange
        );
        assert_eq!(
            last_error(),
            "index 3 is out of range for a batch of 3 springs"
        );
        let bad = HookeQuat {
            x: 0.0,
            y: 0.0,
            z: 0.0,
            w: 2.0,
        };
        assert_eq!(
            hooke_quat_decay_springs_set(h, 0, bad, HookeVec3::default()),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `rotation` at index 0 is 2"));
        assert_eq!(hooke_quat_decay_springs_len(h), 3);
        hooke_quat_decay_springs_free(h);

        assert_eq!(
            hooke_quat_decay_springs_new(2, -1.0, &mut h),
            HookeStatus::InvalidParameter
        );
        assert_eq!(
            hooke_quat_decay_springs_update(null_mut(), DT),
            HookeStatus::NullPointer
        );
        assert_eq!(
            hooke_quat_decay_springs_get(null(), 0, &mut r, &mut w),
            HookeStatus::NullPointer
        );
    }
}

#[test]
fn quat_springs_handle() {
    let goals = [Quat::from_rotation_x(1.0), Quat::from_rotation_y(-0.5)];
    let state = [Quat::from_rotation_z(0.2), Quat::IDENTITY];
    let spin = [Vec3::X, Vec3::ZERO];
    let mut rust = hooke::batch::QuatSprings::new(2, 0.1).unwrap();
    rust.set_goals(&goals).unwrap();
    rust.set_state(&state, &spin).unwrap();
    let (cg, cs, cw) = (
        goals.map(HookeQuat::from),
        state.map(HookeQuat::from),
        spin.map(HookeVec3::from),
    );
    let mut h = null_mut();
    // SAFETY (all blocks below): `h` is live until freed; arrays hold 2 elements.
    unsafe {
        assert_eq!(hooke_quat_springs_new(2, 0.1, &mut h), HookeStatus::Ok);
        assert_eq!(
            hooke_quat_springs_set_goals(h, cg.as_ptr(), 2),
            HookeStatus::Ok
        );
        assert_eq!(
            hooke_quat_springs_set_state(h, cs.as_ptr(), cw.as_ptr(), 2),
            HookeStatus::Ok
        );
        hooke_quat_springs_update(h, DT);
        hooke_quat_springs_par_update(h, DT);
        rust.update(DT).unwrap();
        rust.par_update(DT).unwrap();
        let mut all_q = [HookeQuat::IDENTITY; 2];
        let mut all_w = [HookeVec3::default(); 2];
        assert_eq!(
            hooke_quat_springs_get_all(h, all_q.as_mut_ptr(), all_w.as_mut_ptr(), 2),
            HookeStatus::Ok
        );
        for i in 0..2 {
            assert_eq!(all_q[i], rust.rotation(i).into());
            assert_eq!(all_w[i], rust.angular_velocity(i).into());
            let (mut r, mut w) = (HookeQuat::IDENTITY, HookeVec3::default());
            assert_eq!(
                hooke_quat_springs_get(h, i, &mut r, &mut w),
                HookeStatus::Ok
            );
            assert_eq!((r, w), (all_q[i], all_w[i]));
        }
        assert_eq!(
            hooke_quat_springs_set_goals(h, cg.as_ptr(), 1),
            HookeStatus::LengthMismatch
        );
        let nan = [HookeQuat {
            x: f32::NAN,
            ..HookeQuat::IDENTITY
        }; 2];
        assert_eq!(
            hooke_quat_springs_set_goals(h, nan.as_ptr(), 2),
            HookeStatus::InvalidParameter
        );
        assert_eq!(
            hooke_quat_springs_set_state(h, cs.as_ptr(), null(), 2),
            HookeStatus::NullPointer
        );
        let (mut r, mut w) = (HookeQuat::IDENTITY, HookeVec3::default());
        assert_eq!(
            hooke_quat_springs_get(h, 2, &mut r, &mut w),
            HookeStatus::IndexOutOfRange
        );
        assert_eq!(
            hooke_quat_springs_get(h, 0, null_mut(), &mut w),
            HookeStatus::NullPointer
        );
        assert_eq!(hooke_quat_springs_len(h), 2);
        hooke_quat_springs_free(h);
        assert_eq!(
            hooke_quat_springs_new(2, f32::NAN, &mut h),
            HookeStatus::InvalidParameter
        );
        assert!(h.is_null());
        assert_eq!(hooke_quat_springs_len(null()), 0);
    }
}

#[test]
fn panics_become_a_status_and_a_message() {
    let status = guard(|| panic!("boom"));
    assert_eq!(status, HookeStatus::Panic);
    assert_eq!(last_error(), "internal panic: boom");
    let value = guard_or(7_usize, || panic!("{}", String::from("owned")));
    assert_eq!(value, 7);
    assert_eq!(last_error(), "internal panic: owned");
}

#[test]
fn last_error_is_per_thread_and_truncates() {
    // SAFETY: null pointers are reported.
    unsafe { hooke_damper_exact(null_mut(), 0.0, 0.1, DT) };
    assert_eq!(last_error(), "argument `x` is a null pointer");
    std::thread::spawn(|| assert_eq!(last_error(), ""))
        .join()
        .unwrap();

    let mut small = [0xff_u8; 4];
    // SAFETY: `small` holds 4 writable bytes; null with len 0 writes nothing.
    unsafe {
        assert_eq!(hooke_last_error_message(small.as_mut_ptr().cast(), 4), 30);
        assert_eq!(hooke_last_error_message(null_mut(), 100), 30);
    }
    assert_eq!(&small, b"arg\0");
}

#[test]
fn version_is_the_crate_version() {
    // SAFETY: `hooke_version` returns a static NUL-terminated string.
    let v = unsafe { std::ffi::CStr::from_ptr(hooke_version()) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}

#[test]
fn repr_c_layouts() {
    assert_eq!(std::mem::size_of::<HookeVec3>(), 12);
    assert_eq!(std::mem::size_of::<HookeQuat>(), 16);
    assert_eq!(std::mem::size_of::<HookeSpringCoeffs>(), 24);
    assert_eq!(
        std::mem::size_of::<HookeStatus>(),
        std::mem::size_of::<std::ffi::c_int>()
    );
}

#[test]
fn quaternion_wrappers_reject_a_zero_quaternion_and_write_nothing() {
    let zero = HookeQuat {
        x: 0.0,
        y: 0.0,
        z: 0.0,
        w: 0.0,
    };
    let w0 = HookeVec3 {
        x: 1.0,
        y: 2.0,
        z: 3.0,
    };
    let expect_rejected = |status: HookeStatus, name: &str| {
        assert_eq!(status, HookeStatus::InvalidParameter);
        let message = last_error();
        assert!(
            message.contains(&format!("`{name}`")) && message.contains("unit quaternion"),
            "{message}"
        );
    };
    // SAFETY (all blocks below): the pointers are to live locals.
    let (mut q, mut w) = (zero, w0);
    let st = unsafe {
        hooke_simple_spring_damper_exact_quat(&mut q, &mut w, HookeQuat::IDENTITY, 0.1, DT)
    };
    expect_rejected(st, "x");
    assert_eq!((q, w), (zero, w0));
    let (mut q, mut w) = (HookeQuat::IDENTITY, w0);
    let st = unsafe { hooke_simple_spring_damper_exact_quat(&mut q, &mut w, zero, 0.1, DT) };
    expect_rejected(st, "x_goal");
    assert_eq!((q, w), (HookeQuat::IDENTITY, w0));
    let (mut q, mut w) = (zero, w0);
    let st = unsafe { hooke_decay_spring_damper_exact_quat(&mut q, &mut w, 0.1, DT) };
    expect_rejected(st, "x");
    assert_eq!((q, w), (zero, w0));

    let (mut oq, mut ow) = (HookeQuat::IDENTITY, w0);
    let id = HookeQuat::IDENTITY;
    let st = unsafe { hooke_inertialize_transition_quat(&mut oq, &mut ow, zero, w0, id, w0) };
    expect_rejected(st, "src_q");
    let st = unsafe { hooke_inertialize_transition_quat(&mut oq, &mut ow, id, w0, zero, w0) };
    expect_rejected(st, "dst_q");
    let (mut zq, mut zw) = (zero, w0);
    let st = unsafe { hooke_inertialize_transition_quat(&mut zq, &mut zw, id, w0, id, w0) };
    expect_rejected(st, "off_q");
    assert_eq!((oq, ow, zq, zw), (id, w0, zero, w0));

    let (mut out_q, mut out_w) = (id, w0);
    let st = unsafe {
        hooke_inertialize_update_quat(&mut out_q, &mut out_w, &mut oq, &mut ow, zero, w0, 0.1, DT)
    };
    expect_rejected(st, "in_q");
    let st = unsafe {
        hooke_inertialize_update_quat(&mut out_q, &mut out_w, &mut zq, &mut zw, id, w0, 0.1, DT)
    };
    expect_rejected(st, "off_q");
    assert_eq!((out_q, out_w, oq, ow, zq, zw), (id, w0, id, w0, zero, w0));

    // A quaternion slightly off unit length is still accepted (and normalised).
    let near = HookeQuat {
        w: 1.0005,
        ..HookeQuat::IDENTITY
    };
    let (mut q, mut w) = (near, w0);
    let st = unsafe { hooke_decay_spring_damper_exact_quat(&mut q, &mut w, 0.1, DT) };
    assert_eq!(st, HookeStatus::Ok);
    assert!((Quat::from(q).length() - 1.0).abs() < 1e-6);
}

#[test]
fn huge_batch_sizes_are_out_of_memory_not_an_abort() {
    for len in [1_usize << 40, 1 << 44, usize::MAX] {
        let mut critical: *mut HookeCriticalSprings = std::ptr::dangling_mut();
        // SAFETY: `critical` is a live local.
        let st = unsafe { hooke_critical_springs_new(len, 0.1, &mut critical) };
        assert_eq!(st, HookeStatus::OutOfMemory, "critical {len}");
        assert!(critical.is_null());
        assert!(last_error().contains("out of memory"), "{}", last_error());
    }
    for len in [1_usize << 36, 1 << 40, usize::MAX] {
        let mut quat: *mut HookeQuatSprings = std::ptr::dangling_mut();
        // SAFETY: `quat` is a live local.
        let st = unsafe { hooke_quat_springs_new(len, 0.1, &mut quat) };
        assert_eq!(st, HookeStatus::OutOfMemory, "quat {len}");
        assert!(quat.is_null());
    }
}
