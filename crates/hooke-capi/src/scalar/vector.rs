//! `extern "C"` wrappers of the vector, quaternion, character and tracking springs.

use glam::Vec3;
use hooke::scalar;

use super::{rotation, step_xv, step2_vec3, step3, try_step_rotation};
use crate::error::{HookeStatus, guard, slice_mut};
use crate::types::{HookeQuat, HookeVec3};

/// The critically damped spring on each component of a 3D vector.
///
/// Wraps [`hooke::scalar::critical_spring_damper_exact_vec3`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_critical_spring_damper_exact_vec3(
    x: *mut HookeVec3,
    v: *mut HookeVec3,
    x_goal: HookeVec3,
    v_goal: HookeVec3,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe {
        step2_vec3((x, "x"), (v, "v"), |x, v| {
            scalar::critical_spring_damper_exact_vec3(
                x,
                v,
                x_goal.into(),
                v_goal.into(),
                halflife,
                dt,
            )
        })
    })
}

/// The critical spring from the rotation `*x` (angular velocity `*v`, rad/s) toward `x_goal`.
///
/// Wraps [`hooke::scalar::simple_spring_damper_exact_quat`]; the result is a unit quaternion.
///
/// ```
/// use hooke_capi::*;
/// let goal = HookeQuat::from(glam::Quat::from_rotation_x(1.0));
/// let (mut q, mut w) = (HookeQuat::IDENTITY, HookeVec3::default());
/// for _ in 0..120 {
///     unsafe { hooke_simple_spring_damper_exact_quat(&mut q, &mut w, goal, 0.1, 1.0 / 60.0) };
/// }
/// assert!(glam::Quat::from(q).angle_between(goal.into()) < 1e-3);
/// ```
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_simple_spring_damper_exact_quat(
    x: *mut HookeQuat,
    v: *mut HookeVec3,
    x_goal: HookeQuat,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        let goal = rotation(x_goal, "x_goal")?;
        // SAFETY: forwarded caller contract.
        unsafe {
            try_step_rotation((x, "x"), (v, "v"), |q, w| {
                scalar::simple_spring_damper_exact_quat(q, w, goal, halflife, dt)
            })
        }
    })
}

/// The critical spring decaying a rotation toward the identity (inertialization offsets).
///
/// Wraps [`hooke::scalar::decay_spring_damper_exact_quat`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_decay_spring_damper_exact_quat(
    x: *mut HookeQuat,
    v: *mut HookeVec3,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe {
        try_step_rotation((x, "x"), (v, "v"), |q, w| {
            scalar::decay_spring_damper_exact_quat(q, w, halflife, dt)
        })
    })
}

/// Advances a character whose velocity follows a critical spring toward `v_goal`.
///
/// `*x` position, `*v` velocity, `*a` acceleration. Wraps
/// [`hooke::scalar::spring_character_update`].
///
/// # Safety
///
/// `x`, `v` and `a` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_character_update(
    x: *mut f32,
    v: *mut f32,
    a: *mut f32,
    v_goal: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe {
        step3([(x, "x"), (v, "v"), (a, "a")], |[x, v, a]| {
            scalar::spring_character_update(x, v, a, v_goal, halflife, dt)
        })
    })
}

/// [`hooke_spring_character_update`] on each component of a 3D vector.
///
/// Wraps [`hooke::scalar::spring_character_update_vec3`].
///
/// # Safety
///
/// `x`, `v` and `a` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_character_update_vec3(
    x: *mut HookeVec3,
    v: *mut HookeVec3,
    a: *mut HookeVec3,
    v_goal: HookeVec3,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    guard(|| unsafe {
        step3([(x, "x"), (v, "v"), (a, "a")], |s| {
            let [mut x, mut v, mut a] = s.map(Vec3::from);
            scalar::spring_character_update_vec3(
                &mut x,
                &mut v,
                &mut a,
                v_goal.into(),
                halflife,
                dt,
            );
            *s = [x, v, a].map(HookeVec3::from);
        })
    })
}

/// Predicts a character's trajectory at the horizons `i * dt`, `i in 0..len`.
///
/// Writes `len` values to each of `px`, `pv`, `pa` (element 0 is the current state `x, v, a`).
/// Wraps [`hooke::scalar::spring_character_predict`]. The arrays may be null only when `len` is 0.
///
/// # Safety
///
/// If `len > 0`, `px`, `pv` and `pa` are null or each points to `len` writable, aligned floats,
/// and the three arrays do not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_spring_character_predict(
    px: *mut f32,
    pv: *mut f32,
    pa: *mut f32,
    len: usize,
    x: f32,
    v: f32,
    a: f32,
    v_goal: f32,
    halflife: f32,
    dt: f32,
) -> HookeStatus {
    guard(|| {
        // SAFETY: forwarded caller contract (valid, non-overlapping arrays of `len` floats).
        let (px, pv, pa) = unsafe {
            (
                slice_mut(px, len, "px")?,
                slice_mut(pv, len, "pv")?,
                slice_mut(pa, len, "pa")?,
            )
        };
        scalar::spring_character_predict(px, pv, pa, x, v, a, v_goal, halflife, dt)?;
        Ok(())
    })
}

/// The exact tracking spring: follows a target position, velocity and acceleration with gains
/// defined at the frame time `gain_dt`, solved exactly over `dt`.
///
/// Wraps [`hooke::scalar::tracking_spring_update_exact`].
///
/// # Safety
///
/// `x` and `v` are null or valid, aligned and writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hooke_tracking_spring_update_exact(
    x: *mut f32,
    v: *mut f32,
    x_goal: f32,
    v_goal: f32,
    a_goal: f32,
    x_gain: f32,
    v_gain: f32,
    a_gain: f32,
    dt: f32,
    gain_dt: f32,
) -> HookeStatus {
    // SAFETY: forwarded caller contract.
    unsafe {
        step_xv(x, v, |x, v| {
            scalar::tracking_spring_update_exact(
                x, v, x_goal, v_goal, a_goal, x_gain, v_gain, a_gain, dt, gain_dt,
            )
        })
    }
}
