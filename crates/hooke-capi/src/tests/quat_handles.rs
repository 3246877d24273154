//! The quaternion batch handles (`src/batch/quat.rs`).

use std::ptr::{null, null_mut};

use glam::{Quat, Vec3};
use hooke::batch::QuatDecaySprings;

use super::*;

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
