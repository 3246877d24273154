//! Opaque handles to the SIMD batches of `hooke::batch`.
//!
//! A handle is created by a `*_new` function (which writes it to `*out`, or NULL on failure),
//! used through the functions of its type, and released by its `*_free` function exactly once.
//! Column pointers (`hooke_critical_springs_x`, ...) point into the batch's storage: they stay
//! valid, and keep pointing at the same springs, until the handle is freed (no function changes a
//! batch's length). A handle is not thread-safe: do not call two functions on the same handle, or
//! touch its columns, from two threads at once. Distinct handles are independent.

use std::ptr;

use glam::{Quat, Vec3};
use hooke::batch::{
    CriticalSprings, Dampers, DecaySprings, GeneralSprings, QuatDecaySprings, QuatSprings,
};
use hooke::error::check_len;

use crate::error::{
    Failure, FfiResult, HookeStatus, guard, guard_or, guard_value, non_null, slice, write,
};
use crate::types::{HookeQuat, HookeVec3};

/// The handle behind `handle`, or a null-pointer failure.
///
/// # Safety
///
/// `handle` is null or a live handle from the matching `*_new`, not used concurrently.
unsafe fn handle_mut<'a, H>(handle: *mut H) -> FfiResult<&'a mut H> {
    // SAFETY: a live handle is a valid, exclusive `Box` allocation (caller contract).
    unsafe { handle.as_mut() }.ok_or(Failure::Null("handle"))
}

/// Shared access to the handle behind `handle`, or a null-pointer failure.
///
/// # Safety
///
/// `handle` is null or a live handle from the matching `*_new`, not mutated concurrently.
unsafe fn handle_ref<'a, H>(handle: *const H) -> FfiResult<&'a H> {
    // SAFETY: a live handle is a valid `Box` allocation (caller contract).
    unsafe { handle.as_ref() }.ok_or(Failure::Null("handle"))
}

/// Builds a handle and writes it to `*out` (NULL first, so a failure leaves `*out == NULL`).
///
/// # Safety
///
/// `out` is null or valid, aligned and writable.
unsafe fn new_handle<H>(out: *mut *mut H, make: impl FnOnce() -> FfiResult<H>) -> FfiResult {
    non_null(out, "out")?;
    // SAFETY: non-null (checked) and writable per the caller.
    unsafe { write(out, ptr::null_mut()) };
    let handle = Box::into_raw(Box::new(make()?));
    // SAFETY: as above.
    unsafe { write(out, handle) };
    Ok(())
}

/// Checks a spring index against a batch length.
fn check_index(index: usize, len: usize) -> FfiResult {
    if index < len {
        Ok(())
    } else {
        Err(Failure::Index { index, len })
    }
}

/// `_free`, `_len`, `_update` and `_par_update` of a handle type.
macro_rules! handle_basics {
    ($handle:ident, $what:literal, $free:ident, $len:ident, $update:ident, $par_update:ident) => {
        #[doc = concat!("Frees a ", $what, " handle; NULL is ignored.")]
        ///
        /// Column pointers obtained from the handle become dangling.
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type; it is not used again.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $free(handle: *mut $handle) {
            let _ = guard_value((), || {
                if !handle.is_null() {
                    // SAFETY: a live handle is a `Box` from `Box::into_raw`, freed once.
                    drop(unsafe { Box::from_raw(handle) });
                }
                Ok(())
            });
        }

        #[doc = concat!("Number of springs in a ", $what, " batch (0 for NULL).")]
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $len(handle: *const $handle) -> usize {
            // SAFETY: forwarded caller contract.
            guard_or(0, || Ok(unsafe { handle_ref(handle)? }.inner.len()))
        }

        #[doc = concat!("Advances every spring of a ", $what, " batch by `dt` on the calling thread.")]
        ///
        /// `dt` must be finite and `>= 0` (else `HOOKE_INVALID_PARAMETER`, nothing changes).
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type, not used concurrently.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $update(handle: *mut $handle, dt: f32) -> HookeStatus {
            guard(|| {
                // SAFETY: forwarded caller contract.
                let h = unsafe { handle_mut(handle)? };
                Ok(h.inner.update(dt)?)
            })
        }

        #[doc = concat!("Advances every spring of a ", $what, " batch by `dt` on rayon's global thread pool.")]
        ///
        /// Bit-identical to the single-threaded update; small batches run on the calling thread.
        /// The call returns when every spring is updated.
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type, not used concurrently.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $par_update(handle: *mut $handle, dt: f32) -> HookeStatus {
            guard(|| {
                // SAFETY: forwarded caller contract.
                let h = unsafe { handle_mut(handle)? };
                Ok(h.inner.par_update(dt)?)
            })
        }
    };
}

/// `_new(len, halflife, out)` and `_with_halflives(halflives, len, out)` of a handle type.
macro_rules! halflife_constructors {
    ($handle:ident, $inner:ident, $what:literal, $new:ident, $with:ident) => {
        #[doc = concat!("Creates `len` ", $what, " with a shared `halflife` (finite, `>= 0`).")]
        ///
        /// Writes the new handle to `*out` (NULL on failure). An invalid halflife gives
        /// `HOOKE_INVALID_PARAMETER` and a message naming it.
        ///
        /// # Safety
        ///
        /// `out` is null or valid, aligned and writable.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $new(len: usize, halflife: f32, out: *mut *mut $handle) -> HookeStatus {
            guard(|| {
                // SAFETY: forwarded caller contract.
                unsafe { new_handle(out, || Ok($handle { inner: $inner::new(len, halflife)? })) }
            })
        }

        #[doc = concat!("Creates one of the ", $what, " per element of `halflives[0..len]` (each finite, `>= 0`).")]
        ///
        /// Writes the new handle to `*out` (NULL on failure). `halflives` may be NULL only when
        /// `len` is 0; the array is copied.
        ///
        /// # Safety
        ///
        /// `halflives` is null or points to `len` floats; `out` is null or valid and writable.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $with(
            halflives: *const f32,
            len: usize,
            out: *mut *mut $handle,
        ) -> HookeStatus {
            guard(|| {
                let make = || {
                    // SAFETY: forwarded caller contract.
                    let halflives = unsafe { slice(halflives, len, "halflives")? };
                    Ok($handle {
                        inner: $inner::with_halflives(halflives)?,
                    })
                };
                // SAFETY: forwarded caller contract.
                unsafe { new_handle(out, make) }
            })
        }
    };
}

/// A pointer accessor to one `f32` column of a handle.
///
/// The pointer comes from the column's heap buffer, which is never reallocated (no function changes
/// a batch's length). Between calls Rust holds no reference into the batch (each call's `&mut`
/// ends when it returns), so C reading and writing through the pointer does not alias a live Rust
/// reference as long as it does not overlap a call on the same handle (the documented rule).
macro_rules! column_ptr {
    ($fn:ident, $handle:ident, $method:ident, $what:literal) => {
        #[doc = concat!("Pointer to the ", $what, " column: `len` floats, read and write.")]
        ///
        /// Valid until the handle is freed (the storage never moves); NULL if `handle` is NULL.
        /// Do not access it while an update of the same handle runs on another thread.
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $fn(handle: *mut $handle) -> *mut f32 {
            guard_or(ptr::null_mut(), || {
                // SAFETY: forwarded caller contract.
                let h = unsafe { handle_mut(handle)? };
                Ok(h.inner.$method().as_mut_ptr())
            })
        }
    };
}

/// A read-only pointer accessor to one `f32` column of a handle.
macro_rules! column_const_ptr {
    ($fn:ident, $handle:ident, $method:ident, $what:literal) => {
        #[doc = concat!("Read-only pointer to the ", $what, " column: `len` floats.")]
        ///
        /// Valid until the handle is freed; NULL if `handle` is NULL. Must not be written through.
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle of this type.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $fn(handle: *const $handle) -> *const f32 {
            guard_or(ptr::null(), || {
                // SAFETY: forwarded caller contract.
                let h = unsafe { handle_ref(handle)? };
                Ok(h.inner.$method().as_ptr())
            })
        }
    };
}

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

// ---------------------------------------------------------------------------------------------
// Quaternion batches

/// Copies every rotation and angular velocity of a quaternion batch into C arrays of `len`.
///
/// # Safety
///
/// `rotations` and `angular_velocities` are null or point to `len` writable, aligned elements.
unsafe fn copy_quat_state(
    batch_len: usize,
    get: impl Fn(usize) -> (Quat, Vec3),
    rotations: *mut HookeQuat,
    angular_velocities: *mut HookeVec3,
    len: usize,
) -> FfiResult {
    non_null(rotations, "rotations")?;
    non_null(angular_velocities, "angular_velocities")?;
    check_len("rotations", batch_len, len)?;
    for i in 0..len {
        let (q, w) = get(i);
        // SAFETY: `i < len` and both arrays hold `len` writable elements (caller contract).
        unsafe {
            write(rotations.add(i), q.into());
            write(angular_velocities.add(i), w.into());
        }
    }
    Ok(())
}

/// Opaque handle to a [`hooke::batch::QuatDecaySprings`] (`HookeQuatDecaySprings` in `hooke.h`):
/// rotation offsets with angular velocities decaying toward the identity.
///
/// ```
/// use hooke_capi::*;
/// let mut h: *mut HookeQuatDecaySprings = std::ptr::null_mut();
/// let q = HookeQuat::from(glam::Quat::from_rotation_z(0.8));
/// unsafe {
///     assert_eq!(hooke_quat_decay_springs_new(4, 0.1, &mut h), HookeStatus::Ok);
///     assert_eq!(hooke_quat_decay_springs_set(h, 0, q, HookeVec3::default()), HookeStatus::Ok);
///     hooke_quat_decay_springs_update(h, 1.0);
///     let (mut r, mut w) = (HookeQuat::IDENTITY, HookeVec3::default());
///     assert_eq!(hooke_quat_decay_springs_get(h, 0, &mut r, &mut w), HookeStatus::Ok);
///     assert!(glam::Quat::from(r).angle_between(glam::Quat::IDENTITY) < 1e-3);
///     hooke_quat_decay_springs_free(h);
/// }
/// ```
#[derive(Debug)]
pub struct HookeQuatDecaySprings {
    inner: QuatDecaySprings,
}

halflife_constructors!(
    HookeQuatDecaySprings,
    QuatDecaySprings,
    "rotation decay springs (identity, at rest)",
    hooke_quat_decay_springs_new,
    hooke_quat_decay_springs_with_halflives
);
handle_basics!(
    HookeQuatDecaySprings,
    "rotation-decay-springs",
    hooke_quat_decay_springs_free,
    hooke_quat_decay_springs_len,
    hooke_quat_decay_springs_update,
    hooke_quat_decay_springs_par_update
);

/// Sets spring `index`: a finite unit rotation (normalised; within 1e-3 of unit length, else
/// `HOOKE_INVALID_PARAMETER`) and a finite angular velocity (rad/s).
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_decay_springs_set(
    handle: *mut HookeQuatDecaySprings,
    index: usize,
    rotation: HookeQuat,
    angular_velocity: HookeVec3,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_mut(handle)? };
        check_index(index, h.inner.len())?;
        Ok(h.inner
            .set(index, rotation.into(), angular_velocity.into())?)
    })
}

/// Reads spring `index` into `*rotation` and `*angular_velocity`.
///
/// # Safety
///
/// `handle` is null or a live handle; the outputs are null or valid and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_decay_springs_get(
    handle: *const HookeQuatDecaySprings,
    index: usize,
    rotation: *mut HookeQuat,
    angular_velocity: *mut HookeVec3,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_ref(handle)? };
        non_null(rotation, "rotation")?;
        non_null(angular_velocity, "angular_velocity")?;
        check_index(index, h.inner.len())?;
        // SAFETY: both outputs are non-null and writable per the caller.
        unsafe {
            write(rotation, h.inner.rotation(index).into());
            write(angular_velocity, h.inner.angular_velocity(index).into());
        }
        Ok(())
    })
}

/// Copies every rotation and angular velocity into arrays of `len` elements (`len` must equal the
/// batch length, else `HOOKE_LENGTH_MISMATCH`).
///
/// # Safety
///
/// `handle` is null or a live handle; `rotations` and `angular_velocities` are null or point to
/// `len` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_decay_springs_get_all(
    handle: *const HookeQuatDecaySprings,
    rotations: *mut HookeQuat,
    angular_velocities: *mut HookeVec3,
    len: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_ref(handle)? };
        let get = |i| (h.inner.rotation(i), h.inner.angular_velocity(i));
        // SAFETY: forwarded caller contract.
        unsafe { copy_quat_state(h.inner.len(), get, rotations, angular_velocities, len) }
    })
}

/// Opaque handle to a [`hooke::batch::QuatSprings`] (`HookeQuatSprings` in `hooke.h`): rotations
/// following critical springs toward per-spring goal rotations.
///
/// ```
/// use hooke_capi::*;
/// let goals = [HookeQuat::from(glam::Quat::from_rotation_x(1.0)); 2];
/// let mut h: *mut HookeQuatSprings = std::ptr::null_mut();
/// unsafe {
///     assert_eq!(hooke_quat_springs_new(2, 0.05, &mut h), HookeStatus::Ok);
///     assert_eq!(hooke_quat_springs_set_goals(h, goals.as_ptr(), 2), HookeStatus::Ok);
///     hooke_quat_springs_update(h, 1.0);
///     let (mut r, mut w) = (HookeQuat::IDENTITY, HookeVec3::default());
///     hooke_quat_springs_get(h, 1, &mut r, &mut w);
///     assert!(glam::Quat::from(r).angle_between(goals[1].into()) < 1e-4);
///     hooke_quat_springs_free(h);
/// }
/// ```
#[derive(Debug)]
pub struct HookeQuatSprings {
    pub(crate) inner: QuatSprings,
}

/// Creates `len` rotation springs (identity, at rest, goals identity) with a shared `halflife`
/// (finite, `>= 0`). Writes the handle to `*out` (NULL on failure).
///
/// # Safety
///
/// `out` is null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_springs_new(
    len: usize,
    halflife: f32,
    out: *mut *mut HookeQuatSprings,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        unsafe {
            new_handle(out, || {
                Ok(HookeQuatSprings {
                    inner: QuatSprings::new(len, halflife)?,
                })
            })
        }
    })
}

handle_basics!(
    HookeQuatSprings,
    "rotation-springs",
    hooke_quat_springs_free,
    hooke_quat_springs_len,
    hooke_quat_springs_update,
    hooke_quat_springs_par_update
);

/// Sets every goal rotation from `goals[0..len]` (finite unit quaternions, normalised; `len`
/// must equal the batch length).
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently; `goals` is null or points to `len`
/// quaternions.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_springs_set_goals(
    handle: *mut HookeQuatSprings,
    goals: *const HookeQuat,
    len: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let (h, goals) = unsafe { (handle_mut(handle)?, slice(goals, len, "goals")?) };
        let goals: Vec<Quat> = goals.iter().map(|&q| q.into()).collect();
        Ok(h.inner.set_goals(&goals)?)
    })
}

/// Sets every rotation and angular velocity from arrays of `len` elements (validated like
/// [`hooke_quat_springs_set_goals`]; angular velocities must be finite).
///
/// # Safety
///
/// `handle` is null or a live handle, not used concurrently; `rotations` and
/// `angular_velocities` are null or point to `len` elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_springs_set_state(
    handle: *mut HookeQuatSprings,
    rotations: *const HookeQuat,
    angular_velocities: *const HookeVec3,
    len: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let (h, q, w) = unsafe {
            (
                handle_mut(handle)?,
                slice(rotations, len, "rotations")?,
                slice(angular_velocities, len, "angular_velocities")?,
            )
        };
        let q: Vec<Quat> = q.iter().map(|&q| q.into()).collect();
        let w: Vec<Vec3> = w.iter().map(|&w| w.into()).collect();
        Ok(h.inner.set_state(&q, &w)?)
    })
}

/// Reads spring `index` into `*rotation` and `*angular_velocity`.
///
/// # Safety
///
/// `handle` is null or a live handle; the outputs are null or valid and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_springs_get(
    handle: *const HookeQuatSprings,
    index: usize,
    rotation: *mut HookeQuat,
    angular_velocity: *mut HookeVec3,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_ref(handle)? };
        non_null(rotation, "rotation")?;
        non_null(angular_velocity, "angular_velocity")?;
        check_index(index, h.inner.len())?;
        // SAFETY: both outputs are non-null and writable per the caller.
        unsafe {
            write(rotation, h.inner.rotation(index).into());
            write(angular_velocity, h.inner.angular_velocity(index).into());
        }
        Ok(())
    })
}

/// Copies every rotation and angular velocity into arrays of `len` elements (`len` must equal the
/// batch length, else `HOOKE_LENGTH_MISMATCH`).
///
/// # Safety
///
/// `handle` is null or a live handle; `rotations` and `angular_velocities` are null or point to
/// `len` writable elements.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_quat_springs_get_all(
    handle: *const HookeQuatSprings,
    rotations: *mut HookeQuat,
    angular_velocities: *mut HookeVec3,
    len: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_ref(handle)? };
        let get = |i| (h.inner.rotation(i), h.inner.angular_velocity(i));
        // SAFETY: forwarded caller contract.
        unsafe { copy_quat_state(h.inner.len(), get, rotations, angular_velocities, len) }
    })
}
