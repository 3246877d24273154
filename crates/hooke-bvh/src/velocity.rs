//! Finite-difference velocities and angular velocities.

use glam::{DVec3, Quat, Vec3};

/// The rotation vector (axis times angle in radians) of a unit quaternion.
///
/// Uses `2 * atan2(|xyz|, w)` for the angle, which stays accurate for tiny and for near-π
/// angles where `acos(w)` loses precision. `q` and `-q` give rotation vectors of the same
/// rotation but with different angles (`θ` and `θ - 2π`); call [`shortest`] first for the short one.
///
/// ```
/// use glam::{DVec3, Quat, Vec3};
/// let v = hooke_bvh::scaled_angle_axis(Quat::from_rotation_y(0.25));
/// assert!((v - Vec3::new(0.0, 0.25, 0.0)).length() < 1e-7);
/// ```
pub fn scaled_angle_axis(q: Quat) -> Vec3 {
    let xyz = Vec3::new(q.x, q.y, q.z);
    let s = xyz.length();
    if s < 1e-20 {
        // The limit of 2 * atan2(s, w) / s as s -> 0 is 2 / w.
        return xyz * (2.0 / q.w);
    }
    xyz * (2.0 * f32::atan2(s, q.w) / s)
}

/// `q` or `-q`, whichever has a non-negative `w`: the same rotation, taken the short way round.
///
/// ```
/// let q = glam::Quat::from_xyzw(0.0, 0.0, 0.6, -0.8);
/// assert_eq!(hooke_bvh::shortest(q), glam::Quat::from_xyzw(0.0, 0.0, -0.6, 0.8));
/// ```
pub fn shortest(q: Quat) -> Quat {
    if q.w < 0.0 { -q } else { q }
}

/// The angular velocity (radians per second, as a rotation vector) that turns `q0` into `q1`
/// in `dt` seconds, applied on the left: `w = log(shortest(q1 * q0⁻¹)) / dt`.
///
/// For local rotations the vector is expressed in the parent's frame; for global ones in the
/// world frame.
///
/// ```
/// use glam::Quat;
/// let w = hooke_bvh::angular_velocity(Quat::IDENTITY, Quat::from_rotation_x(0.1), 0.5);
/// assert!((w.x - 0.2).abs() < 1e-6);
/// ```
pub fn angular_velocity(q0: Quat, q1: Quat, dt: f32) -> Vec3 {
    scaled_angle_axis(shortest(q1 * q0.inverse())) / dt
}

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
