//! Handles of the scalar-state batches: critical, decay and general springs, dampers.

use std::ptr;

use hooke::batch::{CriticalSprings, Dampers, DecaySprings, GeneralSprings};

use crate::error::{HookeStatus, guard, guard_or, guard_value, slice};

use crate::handle::{handle_mut, handle_ref, new_handle};

// ---------------------------------------------------------------------------------------------
// CriticalSprings

/// Opaque handle to a [`hooke::batch::CriticalSprings`] (`HookeCriticalSprings` in `hooke.h`):
/// critically damped springs toward per-spring goals and goal velocities.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeCriticalSprings = std::ptr::null_mut();
/// unsafe {
///     assert_eq!(hooke_critical_springs_new(3, 0.1, &mut h), HookeStatus::Ok);
///     let goal = std::slice::from_raw_parts_mut(hooke_critical_springs_goal(h), 3);
///     goal.fill(1.0);
///     assert_eq!(hooke_critical_springs_update(h, 1.0), HookeStatus::Ok);
///     let x = std::slice::from_raw_parts(hooke_critical_springs_x(h), 3);
///     assert!(x.iter().all(|&x| (x - 1.0).abs() < 1e-3));
///     hooke_critical_springs_free(h);
/// }
/// ```
#[derive(Debug)]
pub struct HookeCriticalSprings {
    pub(crate) inner: CriticalSprings,
}

halflife_constructors!(
    HookeCriticalSprings,
    CriticalSprings,
    "critical springs (at rest at 0, goals 0)",
    hooke_critical_springs_new,
    hooke_critical_springs_with_halflives
);
handle_basics!(
    HookeCriticalSprings,
    "critical-springs",
    hooke_critical_springs_free,
    hooke_critical_springs_len,
    hooke_critical_springs_update,
    hooke_critical_springs_par_update
);
column_ptr!(
    hooke_critical_springs_x,
    HookeCriticalSprings,
    x_mut,
    "position"
);
column_ptr!(
    hooke_critical_springs_v,
    HookeCriticalSprings,
    v_mut,
    "velocity"
);
column_ptr!(
    hooke_critical_springs_goal,
    HookeCriticalSprings,
    goal_mut,
    "goal position"
);
column_ptr!(
    hooke_critical_springs_goal_velocity,
    HookeCriticalSprings,
    goal_velocity_mut,
    "goal velocity"
);

/// Sets one halflife (finite, `>= 0`) for every spring of a critical-springs batch.
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_critical_springs_set_halflife(
    handle: *mut HookeCriticalSprings,
    halflife: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(handle)? };
        Ok(h.inner.set_halflife(halflife)?)
    })
}

/// Gives each spring its own halflife from `halflives[0..len]` (`len` must equal the batch
/// length, else `HOOKE_LENGTH_MISMATCH`).
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently; `halflives` is null or points to
/// `len` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_critical_springs_set_halflives(
    handle: *mut HookeCriticalSprings,
    halflives: *const f32,
    len: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let (h, halflives) = unsafe { (handle_mut(handle)?, slice(halflives, len, "halflives")?) };
        Ok(h.inner.set_halflives(halflives)?)
    })
}

// ---------------------------------------------------------------------------------------------
// DecaySprings

/// Opaque handle to a [`hooke::batch::DecaySprings`] (`HookeDecaySprings` in `hooke.h`):
/// critically damped offsets decaying toward 0.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeDecaySprings = std::ptr::null_mut();
/// unsafe {
///     assert_eq!(hooke_decay_springs_with_halflives([0.1_f32, 0.2].as_ptr(), 2, &mut h), HookeStatus::Ok);
///     *hooke_decay_springs_x(h) = 1.0;
///     hooke_decay_springs_update(h, 2.0);
///     assert!((*hooke_decay_springs_x(h)).abs() < 1e-3);
///     hooke_decay_springs_free(h);
/// }
/// ```
#[derive(Debug)]
pub struct HookeDecaySprings {
    inner: DecaySprings,
}

halflife_constructors!(
    HookeDecaySprings,
    DecaySprings,
    "decay springs (at 0)",
    hooke_decay_springs_new,
    hooke_decay_springs_with_halflives
);
handle_basics!(
    HookeDecaySprings,
    "decay-springs",
    hooke_decay_springs_free,
    hooke_decay_springs_len,
    hooke_decay_springs_update,
    hooke_decay_springs_par_update
);
column_ptr!(hooke_decay_springs_x, HookeDecaySprings, x_mut, "offset");
column_ptr!(hooke_decay_springs_v, HookeDecaySprings, v_mut, "velocity");

// ---------------------------------------------------------------------------------------------
// Dampers

/// Opaque handle to a [`hooke::batch::Dampers`] (`HookeDampers` in `hooke.h`): exact
/// exponential dampers toward per-damper goals.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeDampers = std::ptr::null_mut();
/// unsafe {
///     assert_eq!(hooke_dampers_new(1, 0.5, &mut h), HookeStatus::Ok);
///     *hooke_dampers_goal(h) = 1.0;
///     hooke_dampers_update(h, 0.5);
///     assert!((*hooke_dampers_x(h) - 0.5).abs() < 1e-6);
///     hooke_dampers_free(h);
/// }
/// ```
#[derive(Debug)]
pub struct HookeDampers {
    inner: Dampers,
}

halflife_constructors!(
    HookeDampers,
    Dampers,
    "dampers (at 0, goals 0)",
    hooke_dampers_new,
    hooke_dampers_with_halflives
);
handle_basics!(
    HookeDampers,
    "dampers",
    hooke_dampers_free,
    hooke_dampers_len,
    hooke_dampers_update,
    hooke_dampers_par_update
);
column_ptr!(hooke_dampers_x, HookeDampers, x_mut, "value");
column_ptr!(hooke_dampers_goal, HookeDampers, goal_mut, "goal");

// ---------------------------------------------------------------------------------------------
// GeneralSprings

/// Opaque handle to a [`hooke::batch::GeneralSprings`] (`HookeGeneralSprings` in `hooke.h`):
/// springs with per-spring stiffness and damping, in any damping regime.
///
/// ```
/// use hooke_capi::*;
/// let (k, d) = ([100.0_f32, 4.0], [20.0_f32, 1.0]);
/// let mut h: *mut HookeGeneralSprings = std::ptr::null_mut();
/// unsafe {
///     assert_eq!(hooke_general_springs_new(k.as_ptr(), d.as_ptr(), 2, &mut h), HookeStatus::Ok);
///     assert_eq!(hooke_general_springs_len(h), 2);
///     hooke_general_springs_free(h);
/// }
/// ```
#[derive(Debug)]
pub struct HookeGeneralSprings {
    inner: GeneralSprings,
}

/// Creates one general spring per `(stiffness[i], damping[i])`, `i < len` (each finite, `>= 0`),
/// at rest at 0 with goals 0. Writes the handle to `*out` (NULL on failure); the arrays are copied
/// and may be NULL only when `len` is 0.
///
/// # Safety
///
/// `stiffness` and `damping` are null or point to `len` floats; `out` is null or valid and
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_general_springs_new(
    stiffness: *const f32,
    damping: *const f32,
    len: usize,
    out: *mut *mut HookeGeneralSprings,
) -> HookeStatus {
    guard(|| {
        let make = || {
            // SAFETY: forwarded caller contract.
            let (k, d) = unsafe {
                (
                    slice(stiffness, len, "stiffness")?,
                    slice(damping, len, "damping")?,
                )
            };
            Ok(HookeGeneralSprings {
                inner: GeneralSprings::new(k, d)?,
            })
        };
        // SAFETY: forwarded caller contract.
        unsafe { new_handle(out, make) }
    })
}

handle_basics!(
    HookeGeneralSprings,
    "general-springs",
    hooke_general_springs_free,
    hooke_general_springs_len,
    hooke_general_springs_update,
    hooke_general_springs_par_update
);
column_ptr!(
    hooke_general_springs_x,
    HookeGeneralSprings,
    x_mut,
    "position"
);
column_ptr!(
    hooke_general_springs_v,
    HookeGeneralSprings,
    v_mut,
    "velocity"
);
column_ptr!(
    hooke_general_springs_goal,
    HookeGeneralSprings,
    goal_mut,
    "goal position"
);
column_ptr!(
    hooke_general_springs_goal_velocity,
    HookeGeneralSprings,
    goal_velocity_mut,
    "goal velocity"
);
column_const_ptr!(
    hooke_general_springs_stiffness,
    HookeGeneralSprings,
    stiffness,
    "stiffness"
);
column_const_ptr!(
    hooke_general_springs_damping,
    HookeGeneralSprings,
    damping,
    "damping"
);

/// Replaces every spring's stiffness and damping (validated; `len` must equal the batch length).
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently; `stiffness` and `damping` are null
/// or point to `len` floats.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_general_springs_set_parameters(
    handle: *mut HookeGeneralSprings,
    stiffness: *const f32,
    damping: *const f32,
    len: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let (h, k, d) = unsafe {
            (
                handle_mut(handle)?,
                slice(stiffness, len, "stiffness")?,
                slice(damping, len, "damping")?,
            )
        };
        Ok(h.inner.set_parameters(k, d)?)
    })
}
