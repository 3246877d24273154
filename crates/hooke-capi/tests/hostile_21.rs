//! Issue 21 through the C ABI: caller sizes never abort (row 8), an array may be NULL when its
//! length is 0 (row 14), and the scalar transitions never produce infinities or NaN from finite
//! input (row 9).

// Calling the C ABI from Rust is `unsafe` by nature (raw pointers); the workspace denies
// `unsafe_code`, allowed here as in hooke-capi itself.
#![allow(unsafe_code)]

use std::ptr::{null, null_mut};

use hooke_capi::*;

/// Asserts that a call succeeded.
#[track_caller]
fn ok(status: HookeStatus) {
    assert_eq!(status, HookeStatus::Ok);
}

/// Asserts that a call returned `want`.
#[track_caller]
fn expect(status: HookeStatus, want: HookeStatus) {
    assert_eq!(status, want);
}

#[test]
fn zero_characters_of_huge_bone_counts_are_out_of_memory_not_an_abort() {
    // Row 8: `hooke_inertializer_new(0, 1 << 33, ...)` passed the lane check (0 lanes) and
    // aborted allocating per-bone storage. The halflives are never read: the storage fails
    // first (a NULL array would be HOOKE_NULL_POINTER).
    let halflives = [0.1_f32; 4];
    for bones in [1_usize << 40, usize::MAX / 16, usize::MAX] {
        let mut h: *mut HookeInertializer = null_mut();
        let status = unsafe { hooke_inertializer_new(0, bones, halflives.as_ptr(), &mut h) };
        assert!(
            matches!(
                status,
                HookeStatus::OutOfMemory | HookeStatus::InvalidParameter
            ),
            "{bones}: {status:?}"
        );
        assert!(h.is_null());
    }
}

#[test]
fn null_arrays_of_length_zero_are_accepted() {
    // Row 14: 0 characters with NULL input and output, and a 0-bone transition with NULL
    // arrays, were HOOKE_NULL_POINTER although the header allows NULL for a length of 0.
    unsafe {
        let mut h: *mut HookeInertializer = null_mut();
        ok(hooke_inertializer_new(0, 2, [0.1_f32; 2].as_ptr(), &mut h));
        ok(hooke_inertializer_update(h, 0.1, null(), null_mut()));
        ok(hooke_inertializer_par_update(h, 0.1, null(), null_mut()));
        hooke_inertializer_free(h);

        let mut h: *mut HookeInertializer = null_mut();
        ok(hooke_inertializer_new(3, 0, null(), &mut h));
        ok(hooke_inertializer_transition(h, 1, null(), null()));
        ok(hooke_inertializer_update(h, 0.1, null(), null_mut()));
        // A character out of range is still refused.
        expect(
            hooke_inertializer_transition(h, 3, null(), null()),
            HookeStatus::IndexOutOfRange,
        );
        hooke_inertializer_free(h);

        // With bones, NULL is still an error.
        let mut h: *mut HookeInertializer = null_mut();
        ok(hooke_inertializer_new(1, 1, [0.1_f32].as_ptr(), &mut h));
        expect(
            hooke_inertializer_update(h, 0.1, null(), null_mut()),
            HookeStatus::NullPointer,
        );
        hooke_inertializer_free(h);

        let mut q: *mut HookeQuatDecaySprings = null_mut();
        ok(hooke_quat_decay_springs_new(0, 0.1, &mut q));
        ok(hooke_quat_decay_springs_get_all(
            q,
            null_mut(),
            null_mut(),
            0,
        ));
        hooke_quat_decay_springs_free(q);
    }
}

#[test]
fn scalar_inertialization_from_3e38_to_minus_3e38_stays_finite() {
    // Row 9: the transition wrote `inf` offsets, then the update NaN.
    unsafe {
        let (mut off_x, mut off_v) = (0.0_f32, 0.0_f32);
        ok(hooke_inertialize_transition(
            &mut off_x, &mut off_v, 3e38, 3e38, -3e38, -3e38,
        ));
        assert!(off_x.is_finite() && off_v.is_finite(), "{off_x} {off_v}");
        for (input, dt) in [
            (-3e38_f32, 0.0_f32),
            (-3e38, 1.0 / 60.0),
            (3e38, 1.0),
            (0.0, 1e30),
        ] {
            let (mut out_x, mut out_v) = (0.0_f32, 0.0_f32);
            ok(hooke_inertialize_update(
                &mut out_x, &mut out_v, &mut off_x, &mut off_v, input, input, 0.1, dt,
            ));
            assert!(out_x.is_finite() && out_v.is_finite(), "{out_x} {out_v}");
            assert!(off_x.is_finite() && off_v.is_finite(), "{off_x} {off_v}");
        }
    }
}

#[test]
fn quaternion_inertialization_with_angular_velocities_of_3e38_stays_finite() {
    // Row 9: `_transition_quat` with angular velocities of +-3e38 wrote -inf.
    let identity = HookeQuat {
        x: 0.0,
        y: 0.0,
        z: 0.0,
        w: 1.0,
    };
    let turned = HookeQuat {
        x: 0.0,
        y: 1.0,
        z: 0.0,
        w: 0.0,
    };
    let big = |s: f32| HookeVec3 { x: s, y: -s, z: s };
    unsafe {
        let (mut off_q, mut off_w) = (identity, big(0.0));
        ok(hooke_inertialize_transition_quat(
            &mut off_q,
            &mut off_w,
            identity,
            big(3e38),
            turned,
            big(-3e38),
        ));
        assert!(
            off_w.x.is_finite() && off_w.y.is_finite() && off_w.z.is_finite(),
            "{off_w:?}"
        );
        for dt in [0.0_f32, 1.0 / 60.0, 1.0] {
            let (mut out_q, mut out_w) = (identity, big(0.0));
            ok(hooke_inertialize_update_quat(
                &mut out_q,
                &mut out_w,
                &mut off_q,
                &mut off_w,
                turned,
                big(3e38),
                0.1,
                dt,
            ));
            let q = glam::Quat::from_xyzw(out_q.x, out_q.y, out_q.z, out_q.w);
            assert!(q.is_finite() && (q.length() - 1.0).abs() < 1e-5, "{q:?}");
            assert!(
                out_w.x.is_finite() && out_w.y.is_finite() && out_w.z.is_finite(),
                "{out_w:?}"
            );
        }
    }
}

#[test]
fn the_tracking_spring_with_gains_of_1e30_stays_finite() {
    // Row 9: `hooke_tracking_spring_update_exact` with gains 1e30 wrote -inf.
    for (x0, v0, goal) in [
        (0.0_f32, 0.0_f32, 1.0_f32),
        (3e38, -3e38, -3e38),
        (1.0, 1e30, 0.0),
    ] {
        for gains in [
            (1e30_f32, 1e30_f32, 1e30_f32),
            (1e30, 0.0, 0.0),
            (0.0, 1e30, 1e30),
        ] {
            for (dt, gain_dt) in [
                (1.0 / 60.0_f32, 1.0 / 60.0_f32),
                (1.0, 1.0 / 60.0),
                (1e-3, 1.0),
            ] {
                let (mut x, mut v) = (x0, v0);
                let status = unsafe {
                    hooke_tracking_spring_update_exact(
                        &mut x, &mut v, goal, 0.0, 0.0, gains.0, gains.1, gains.2, dt, gain_dt,
                    )
                };
                // Refused or saturated, never infinite or NaN.
                assert!(
                    status != HookeStatus::Ok || (x.is_finite() && v.is_finite()),
                    "{x0} {v0} -> {goal}, gains {gains:?}, dt {dt}/{gain_dt}: {x} {v}"
                );
            }
        }
    }
}
