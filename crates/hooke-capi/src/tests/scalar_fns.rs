//! The scalar wrappers (`src/scalar/`): results as in Rust, null and aliased pointers, rejected quaternions.

use std::ptr::null_mut;

use glam::{Quat, Vec3};
use hooke::scalar;

use super::*;

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
