//! Quaternion helpers and quaternion springs.
//!
//! Conventions (glam's): `Quat` stores `(x, y, z, w)`. A rotation vector ("scaled angle-axis") is
//! the full angle times the unit axis. Angular velocity is a rotation vector per second applied on
//! the left, in the parent frame: `q(t + dt) = quat_from_scaled_angle_axis(w dt) * q(t)`.
//! Offsets between rotations are taken on the shortest path (`w >= 0`).

use glam::{DQuat, DVec3, Quat, Vec3};

use crate::coeffs::SpringCoeffs;

/// Below this half angle the `f64` exponential ([`quat_from_scaled_angle_axis_f64`]) takes
/// `sin(h) / h` from its series `1 - h^2 / 6`: the first omitted term, `h^4 / 120 < 1e-18`, is
/// far below `f64`'s half ulp of 1 (`1.1e-16`; the series stays exact up to `h = 3e-4`), and no
/// division by a vanishing `h` remains. The one small-angle threshold of the `f64` forms (the
/// `f64` logarithm needs none: `atan2` keeps tiny angles; `docs/math.md` §1.3).
const SMALL_HALF_ANGLE_F64: f64 = 1e-4;

/// The representative of `q` with `w >= 0` (the same rotation, the shortest path).
///
/// `q` and `-q` are the same rotation, but their logarithms are not: `log(q)` turns by the
/// angle `theta` and `log(-q)` by `theta - 2 pi` the other way round. Every offset hooke takes
/// (springs, dampers, [`angular_velocity`], hooke-inertia, hooke-bvh's clip velocities) goes
/// through this flip first, so an offset never turns by more than half a turn.
///
/// ```
/// use glam::Quat;
/// let q = hooke::scalar::quat_abs(Quat::from_xyzw(0.0, 0.0, 0.6, -0.8));
/// assert_eq!(q, Quat::from_xyzw(0.0, 0.0, -0.6, 0.8));
/// ```
pub fn quat_abs(q: Quat) -> Quat {
    if q.w < 0.0 { -q } else { q }
}

/// The rotation vector (angle times unit axis) of `q`, on the shortest path: the quaternion
/// logarithm of hooke's `f32` API (times two), computed in `f64` by
/// [`quat_to_scaled_angle_axis_f64`] and rounded once.
///
/// Uses `atan2(|xyz|, w)`, which keeps tiny rotations (a 1e-6 rad rotation is returned with full
/// relative precision; `acos(w)` would return 0) and near-half-turn ones. The shortest-path flip
/// ([`quat_abs`]) is taken first, so `q` and `-q` give the same vector and its angle is in
/// `[0, pi]`.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::scalar::quat_to_scaled_angle_axis;
/// let v = quat_to_scaled_angle_axis(Quat::from_rotation_y(1e-6));
/// assert!((v - Vec3::new(0.0, 1e-6, 0.0)).length() < 1e-12);
/// ```
pub fn quat_to_scaled_angle_axis(q: Quat) -> Vec3 {
    quat_to_scaled_angle_axis_f64(q.as_dquat()).as_vec3()
}

/// The rotation of rotation vector `v` (angle `|v|` about `v / |v|`): `exp(v / 2)`.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::scalar::quat_from_scaled_angle_axis;
/// let q = quat_from_scaled_angle_axis(Vec3::new(0.0, 0.0, 0.5));
/// assert!(q.abs_diff_eq(Quat::from_rotation_z(0.5), 1e-7));
/// ```
pub fn quat_from_scaled_angle_axis(v: Vec3) -> Quat {
    quat_from_scaled_angle_axis_f64(v.as_dvec3()).as_quat()
}

/// `f64` twin of [`quat_to_scaled_angle_axis`]: the rotation vector of `q` on the shortest path
/// (`2 atan2(|xyz|, w)` about `xyz`, after the flip of [`quat_abs`] to `w >= 0`), the logarithm
/// every offset of hooke and hooke-inertia takes.
///
/// ```
/// use glam::{DQuat, DVec3};
/// use hooke::scalar::quat_to_scaled_angle_axis_f64;
/// let v = quat_to_scaled_angle_axis_f64(DQuat::from_rotation_y(-0.5));
/// assert!((v - DVec3::new(0.0, -0.5, 0.0)).length() < 1e-15);
/// // -q is the same rotation: the shortest path is taken.
/// assert_eq!(quat_to_scaled_angle_axis_f64(-DQuat::from_rotation_y(-0.5)), v);
/// ```
pub fn quat_to_scaled_angle_axis_f64(q: DQuat) -> DVec3 {
    let q = if q.w < 0.0 { -q } else { q };
    let xyz = DVec3::new(q.x, q.y, q.z);
    let len = xyz.length();
    if len == 0.0 {
        return DVec3::ZERO;
    }
    // angle / sin(angle / 2) * |q| relation: angle = 2 atan2(|xyz|, w), axis = xyz / |xyz|.
    xyz * (2.0 * len.atan2(q.w) / len)
}

/// `f64` twin of [`quat_from_scaled_angle_axis`]: `exp(v / 2)`, unit for any finite `v`.
///
/// ```
/// use glam::{DQuat, DVec3};
/// use hooke::scalar::quat_from_scaled_angle_axis_f64;
/// let q = quat_from_scaled_angle_axis_f64(DVec3::new(0.0, 0.0, 0.5));
/// assert!(q.abs_diff_eq(DQuat::from_rotation_z(0.5), 1e-15));
/// ```
pub fn quat_from_scaled_angle_axis_f64(v: DVec3) -> DQuat {
    let half = 0.5 * v.length();
    let sinc = if half < SMALL_HALF_ANGLE_F64 {
        1.0 - half * half / 6.0
    } else {
        half.sin() / half
    };
    let xyz = 0.5 * v * sinc;
    DQuat::from_xyzw(xyz.x, xyz.y, xyz.z, half.cos())
}

/// The angular velocity (radians per second, as a rotation vector) that turns `q0` into `q1` in
/// `dt` seconds, applied on the left: `w = log(q1 * q0⁻¹) / dt` on the shortest path (the
/// logarithm of [`quat_to_scaled_angle_axis`], so `q1` and `-q1` give the same velocity and it
/// never turns by more than half a turn per `dt`).
///
/// The finite-difference velocity of rotation samples: hooke-bvh's clips (`hooke_bvh`
/// re-exports it) and hooke-bevy's measured crowd velocities. For local rotations the vector is
/// expressed in the parent's frame; for global ones in the world frame.
///
/// ```
/// use glam::Quat;
/// use hooke::scalar::angular_velocity;
/// let w = angular_velocity(Quat::IDENTITY, Quat::from_rotation_x(0.1), 0.5);
/// assert!((w.x - 0.2).abs() < 1e-6);
/// // -q1 is the same rotation: the same velocity.
/// assert_eq!(angular_velocity(Quat::IDENTITY, -Quat::from_rotation_x(0.1), 0.5), w);
/// ```
pub fn angular_velocity(q0: Quat, q1: Quat, dt: f32) -> Vec3 {
    quat_to_scaled_angle_axis(q1 * q0.inverse()) / dt
}

/// `f64` twin of [`angular_velocity`]: `log(q1 * q0⁻¹) / dt` on the shortest path, by
/// [`quat_to_scaled_angle_axis_f64`].
///
/// ```
/// use glam::DQuat;
/// use hooke::scalar::angular_velocity_f64;
/// let w = angular_velocity_f64(DQuat::from_rotation_z(0.25), DQuat::from_rotation_z(0.5), 0.5);
/// assert!((w.z - 0.5).abs() < 1e-15);
/// ```
pub fn angular_velocity_f64(q0: DQuat, q1: DQuat, dt: f64) -> DVec3 {
    quat_to_scaled_angle_axis_f64(q1 * q0.inverse()) / dt
}

/// Steps a rotation spring given the step coefficients: the offset `x * inverse(goal)` is taken
/// as a rotation vector in `f64`, advanced by the coefficients, and turned back into a rotation.
fn rotation_spring_step(x: &mut Quat, v: &mut Vec3, goal: Quat, coeffs: &SpringCoeffs) {
    let (rotated, velocity, _) =
        rotation_spring_step_f64(x.as_dquat(), v.as_dvec3(), goal.as_dquat(), coeffs);
    *x = rotated.as_quat();
    *v = velocity.as_vec3();
}

/// `f64` core of [`rotation_spring_step`] (also used by the smooth-damp rotations): returns the
/// unit rotation, the angular velocity and the offset from the goal after the step, as a rotation
/// vector not wrapped to the shortest path (the smooth-damp guard needs to see a pass through the
/// goal even when the offset ends beyond pi).
pub(crate) fn rotation_spring_step_f64(
    x: DQuat,
    v: DVec3,
    goal: DQuat,
    coeffs: &SpringCoeffs,
) -> (DQuat, DVec3, DVec3) {
    let offset_q = x * goal.conjugate() / goal.length_squared();
    let offset = quat_to_scaled_angle_axis_f64(offset_q);
    let (ex, vx) = coeffs.apply_offset_f64(offset.x, v.x);
    let (ey, vy) = coeffs.apply_offset_f64(offset.y, v.y);
    let (ez, vz) = coeffs.apply_offset_f64(offset.z, v.z);
    let rotated = quat_from_scaled_angle_axis_f64(DVec3::new(ex, ey, ez)) * goal;
    (
        rotated.normalize(),
        DVec3::new(vx, vy, vz),
        DVec3::new(ex, ey, ez),
    )
}

/// The critical spring on a rotation toward a fixed goal rotation (angular velocity `v`, rad/s).
///
/// The rotation offset from the goal (shortest path) and the angular velocity follow the exact
/// critical spring; the result is a unit quaternion. Halflife 0 snaps to the goal with `v = 0`.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::scalar::simple_spring_damper_exact_quat;
/// let goal = Quat::from_rotation_x(1.0);
/// let (mut q, mut w) = (Quat::IDENTITY, Vec3::ZERO);
/// for _ in 0..120 {
///     simple_spring_damper_exact_quat(&mut q, &mut w, goal, 0.1, 1.0 / 60.0);
/// }
/// assert!(q.angle_between(goal) < 1e-3);
/// ```
pub fn simple_spring_damper_exact_quat(
    x: &mut Quat,
    v: &mut Vec3,
    x_goal: Quat,
    halflife: f32,
    dt: f32,
) {
    if dt == 0.0 {
        return;
    }
    let coeffs = SpringCoeffs::critical(halflife, dt);
    if coeffs == SpringCoeffs::IDENTITY {
        // A NaN halflife or a dt that is not finite and positive: the state is left unchanged,
        // bit for bit (the round trip through the rotation vector would round it, and could
        // return the other sign of the quaternion).
        return;
    }
    rotation_spring_step(x, v, x_goal, &coeffs);
}

/// The critical spring decaying a rotation toward the identity (inertialization offsets).
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::scalar::decay_spring_damper_exact_quat;
/// let (mut q, mut w) = (Quat::from_rotation_z(0.5), Vec3::ZERO);
/// decay_spring_damper_exact_quat(&mut q, &mut w, 0.1, 2.0);
/// assert!(q.angle_between(Quat::IDENTITY) < 1e-5);
/// ```
pub fn decay_spring_damper_exact_quat(x: &mut Quat, v: &mut Vec3, halflife: f32, dt: f32) {
    simple_spring_damper_exact_quat(x, v, Quat::IDENTITY, halflife, dt);
}
