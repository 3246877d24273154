//! Finite-difference velocities and angular velocities.
//!
//! The angular velocity of two rotations is hooke's ([`hooke::scalar::angular_velocity`], the
//! one quaternion logarithm of the workspace, re-exported as [`crate::angular_velocity`]).

use glam::{DVec3, Quat, Vec3};
use hooke::scalar::angular_velocity;

/// Per-frame velocities of a frame-major array (`frames × joints`) by finite differences.
///
/// Frame `f ≥ 1` gets the backward difference `(x[f] - x[f-1]) / dt`, the velocity with which
/// the pose arrives at frame `f`; frame 0 reuses frame 1's value (the forward difference at 0).
/// With a single frame every velocity is zero.
///
/// A difference too large for `f32` (positions near ±3e38, or a frame time near
/// [`MIN_FRAME_TIME`](crate::MIN_FRAME_TIME)) saturates at `±f32::MAX` instead of becoming
/// infinite.
pub(crate) fn linear(values: &[Vec3], joints: usize, dt: f32) -> Vec<Vec3> {
    differences(values, joints, Vec3::ZERO, |a, b| {
        let v = (b - a) / dt;
        if v.is_finite() {
            v
        } else {
            let limit = DVec3::splat(f64::from(f32::MAX));
            ((b.as_dvec3() - a.as_dvec3()) / f64::from(dt))
                .clamp(-limit, limit)
                .as_vec3()
        }
    })
}

/// Angular velocities of a frame-major rotation array, with the same scheme as [`linear`].
pub(crate) fn angular(values: &[Quat], joints: usize, dt: f32) -> Vec<Vec3> {
    differences(values, joints, Vec3::ZERO, |a, b| {
        angular_velocity(a, b, dt)
    })
}

fn differences<T: Copy>(
    values: &[T],
    joints: usize,
    zero: Vec3,
    diff: impl Fn(T, T) -> Vec3,
) -> Vec<Vec3> {
    let mut out = vec![zero; values.len()];
    if joints == 0 || values.len() < 2 * joints {
        return out;
    }
    for i in joints..values.len() {
        out[i] = diff(values[i - joints], values[i]);
    }
    out.copy_within(joints..2 * joints, 0);
    out
}
