//! Handles of the rotation batches: quaternion decay springs and quaternion springs.

use glam::{Quat, Vec3};
use hooke::batch::{QuatDecaySprings, QuatSprings};
use hooke::error::check_len;

use crate::error::{HookeStatus, check_pointer, guard, guard_or, guard_value, slice, write};
use crate::types::{HookeQuat, HookeVec3};

use super::check_index;
use crate::handle::{Handle, handle_mut, handle_ref, new_handle};

// ---------------------------------------------------------------------------------------------
// Quaternion batches

/// What the `_get` and `_get_all` functions read of a quaternion batch handle.
trait QuatHandle: Handle {
    /// Number of springs.
    fn len(&self) -> usize;
    /// Rotation and angular velocity of spring `i < len`.
    fn state(&self, i: usize) -> (Quat, Vec3);
}

/// [`QuatHandle`] for each quaternion batch handle, and its exported `_get` and `_get_all`
/// (bodies: [`get_state`], [`get_all_states`]).
macro_rules! quat_handle {
    ($($handle:ident: $get:ident, $get_all:ident;)+) => {$(
        impl QuatHandle for $handle {
            fn len(&self) -> usize {
                self.inner.len()
            }
            fn state(&self, i: usize) -> (Quat, Vec3) {
                (self.inner.rotation(i), self.inner.angular_velocity(i))
            }
        }

        /// Reads spring `index` into `*rotation` and `*angular_velocity`.
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle; the outputs are null or valid and writable.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $get(
            handle: *const $handle,
            index: usize,
            rotation: *mut HookeQuat,
            angular_velocity: *mut HookeVec3,
        ) -> HookeStatus {
            // SAFETY: forwarded caller contract.
            unsafe { get_state(handle, index, rotation, angular_velocity) }
        }

        /// Copies every rotation and angular velocity into arrays of `len` elements (`len` must
        /// equal the batch length, else `HOOKE_LENGTH_MISMATCH`).
        ///
        /// # Safety
        ///
        /// `handle` is null or a live handle; `rotations` and `angular_velocities` are null or
        /// point to `len` writable elements.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $get_all(
            handle: *const $handle,
            rotations: *mut HookeQuat,
            angular_velocities: *mut HookeVec3,
            len: usize,
        ) -> HookeStatus {
            // SAFETY: forwarded caller contract.
            unsafe { get_all_states(handle, rotations, angular_velocities, len) }
        }
    )+};
}

quat_handle! {
    HookeQuatDecaySprings: hooke_quat_decay_springs_get, hooke_quat_decay_springs_get_all;
    HookeQuatSprings: hooke_quat_springs_get, hooke_quat_springs_get_all;
}

/// The body of `_get`: reads spring `index` into `*rotation` and `*angular_velocity`.
///
/// # Safety
///
/// `handle` is null or a live handle; the outputs are null or valid and writable.
unsafe fn get_state<H: QuatHandle>(
    handle: *const H,
    index: usize,
    rotation: *mut HookeQuat,
    angular_velocity: *mut HookeVec3,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_ref(handle)? };
        check_pointer(rotation, "rotation")?;
        check_pointer(angular_velocity, "angular_velocity")?;
        check_index(index, h.len())?;
        let (q, w) = h.state(index);
        // SAFETY: both outputs are non-null and writable per the caller.
        unsafe {
            write(rotation, q.into());
            write(angular_velocity, w.into());
        }
        Ok(())
    })
}

/// The body of `_get_all`: copies every rotation and angular velocity into C arrays of `len`
/// (`len` must equal the batch length).
///
/// # Safety
///
/// `handle` is null or a live handle; `rotations` and `angular_velocities` are null or point to
/// `len` writable, aligned elements.
unsafe fn get_all_states<H: QuatHandle>(
    handle: *const H,
    rotations: *mut HookeQuat,
    angular_velocities: *mut HookeVec3,
    len: usize,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract.
        let h = unsafe { handle_ref(handle)? };
        check_len("rotations", h.len(), len)?;
        // The header's rule: an array may be NULL when its length is 0.
        if len > 0 {
            check_pointer(rotations, "rotations")?;
            check_pointer(angular_velocities, "angular_velocities")?;
        }
        for i in 0..len {
            let (q, w) = h.state(i);
            // SAFETY: `i < len` and both arrays hold `len` writable elements (caller contract).
            unsafe {
                write(rotations.add(i), q.into());
                write(angular_velocities.add(i), w.into());
            }
        }
        Ok(())
    })
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
        let h = unsafe { handle_mut(handle)? };
        // The length first (as `set_goals` names it): a hostile `len` is neither read nor
        // copied (an allocation of its size aborted the process).
        check_len("goal", h.inner.len(), len)?;
        // SAFETY: forwarded caller contract.
        let goals = unsafe { slice(goals, len, "goals")? };
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
        let h = unsafe { handle_mut(handle)? };
        // The length first, as in `hooke_quat_springs_set_goals`.
        check_len("rotation", h.inner.len(), len)?;
        // SAFETY: forwarded caller contract.
        let (q, w) = unsafe {
            (
                slice(rotations, len, "rotations")?,
                slice(angular_velocities, len, "angular_velocities")?,
            )
        };
        let q: Vec<Quat> = q.iter().map(|&q| q.into()).collect();
        let w: Vec<Vec3> = w.iter().map(|&w| w.into()).collect();
        Ok(h.inner.set_state(&q, &w)?)
    })
}
