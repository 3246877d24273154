//! The batch handles of `src/batch/spring.rs` (critical, decay, dampers, general) and their sizes.

use std::ptr::{null, null_mut};

use hooke::batch::{CriticalSprings, Dampers, DecaySprings, GeneralSprings};

use super::*;

/// `len` floats of a handle's column.
///
/// # Safety
///
/// `ptr` points to `len` floats that stay valid and unchanged while the slice lives.
unsafe fn column<'a>(ptr: *const f32, len: usize) -> &'a [f32] {
    // SAFETY: the caller's contract.
    unsafe { std::slice::from_raw_parts(ptr, len) }
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
        assert_eq!(column(hooke_critical_springs_x(h), 13), rust.x());
        assert_eq!(column(hooke_critical_springs_v(h), 13), rust.v());

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
        assert_eq!(column(hooke_decay_springs_x(d), 9), rust.x());
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
        assert_eq!(column(hooke_dampers_x(h), 3), rust.x());
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
        assert_eq!(column(hooke_general_springs_stiffness(h), 3), k);
        assert_eq!(column(hooke_general_springs_damping(h), 3), d);
        std::slice::from_raw_parts_mut(hooke_general_springs_goal(h), 3).fill(1.0);
        std::slice::from_raw_parts_mut(hooke_general_springs_goal_velocity(h), 3).fill(0.5);
        rust.goal_mut().fill(1.0);
        rust.goal_velocity_mut().fill(0.5);
        hooke_general_springs_update(h, DT);
        hooke_general_springs_par_update(h, DT);
        rust.update(DT).unwrap();
        rust.par_update(DT).unwrap();
        assert_eq!(column(hooke_general_springs_x(h), 3), rust.x());
        assert_eq!(column(hooke_general_springs_v(h), 3), rust.v());

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
