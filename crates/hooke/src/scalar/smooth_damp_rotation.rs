//! Smooth damp for unit directions and rotations: the rotation offset from the target follows
//! the exact critical spring of [`crate::scalar::simple_spring_damper_exact_quat`] (the same
//! `f64` step), with a max angular speed and the overshoot guard of [`crate::scalar::smooth_damp`].
//!
//! The angular velocity is a rotation vector per second (rad/s about its axis), applied on the
//! left in the parent frame like every quaternion spring of hooke (see `scalar/quat.rs`). The
//! rotation offset (shortest path, angle at most pi) is clamped by its angle to
//! `max_angular_speed * smooth_time`. A step whose offset (not wrapped to the shortest path, so a
//! spin past the far side does not count) points against the offset before it passed the target:
//! it lands on the target with angular velocity 0. The corners of `dt`, `smooth_time` and the
//! max speed are those of [`crate::scalar::smooth_damp`]. Every finite input gives a unit result
//! and a finite angular velocity (the work is done in `f64`).

use glam::{DQuat, DVec3, Quat, Vec3};

use super::quat::{
    quat_from_scaled_angle_axis_f64, quat_to_scaled_angle_axis_f64, rotation_spring_step_f64,
};
use super::smooth_damp::{smooth_damp_coeffs, smooth_damp_max_change};

/// `q / |q|` in `f64`, or `None` for a zero (or not finite) quaternion.
fn unit_quat_f64(q: Quat) -> Option<DQuat> {
    let q = q.as_dquat();
    let length = q.length();
    (length > 0.0 && length.is_finite()).then(|| q / length)
}

/// `v / |v|` in `f64`, or `None` for a zero (or not finite) vector.
fn unit_vec_f64(v: Vec3) -> Option<DVec3> {
    let v = v.as_dvec3();
    let length = v.length();
    (length > 0.0 && length.is_finite()).then(|| v / length)
}

/// The normalised `current` and `target`: one that cannot be normalised (`None`) takes the
/// other's place (a missing target keeps the current, a missing current starts at the target),
/// both missing give `fallback`.
fn unit_pair<T: Copy>(current: Option<T>, target: Option<T>, fallback: T) -> (T, T) {
    match (current, target) {
        (Some(c), Some(t)) => (c, t),
        (Some(c), None) => (c, c),
        (None, Some(t)) => (t, t),
        (None, None) => (fallback, fallback),
    }
}

use super::saturate_vec3 as saturate;

/// One smooth-damp step of the unit rotation `current` toward the unit rotation `target`;
/// `None` when the parameters say nothing changes.
fn step_f64(
    current: DQuat,
    target: DQuat,
    angular_velocity: &mut Vec3,
    smooth_time: f32,
    max_angular_speed: f32,
    dt: f32,
) -> Option<DQuat> {
    let coeffs = smooth_damp_coeffs(smooth_time, max_angular_speed, dt)?;
    let offset = quat_to_scaled_angle_axis_f64(current * target.conjugate());
    let angle = offset.length();
    let limit = smooth_damp_max_change(max_angular_speed, smooth_time);
    // The goal on the way to the target with `current = exp(clamped offset) * goal`: both
    // offsets share one axis, so the goal is `exp(offset - clamped offset) * target`.
    let remaining = if angle <= limit {
        DVec3::ZERO
    } else {
        offset * (1.0 - limit / angle)
    };
    let goal = quat_from_scaled_angle_axis_f64(remaining) * target;
    let (rotation, velocity, after_goal) = if coeffs == crate::SpringCoeffs::SNAP {
        (goal, DVec3::ZERO, DVec3::ZERO)
    } else {
        rotation_spring_step_f64(current, angular_velocity.as_dvec3(), goal, &coeffs)
    };
    // The overshoot guard of the vector version, on offsets that are not wrapped: the offset from
    // the target after the step (the goal's offset along `offset` plus the spring's offset from
    // the goal) points against the offset before it. A spin past the far side (beyond pi) is not
    // a pass through the target.
    if offset.dot(remaining + after_goal) < 0.0 {
        *angular_velocity = Vec3::ZERO;
        return Some(target);
    }
    *angular_velocity = saturate(velocity);
    Some(rotation)
}

/// [`smooth_damp`](crate::scalar::smooth_damp) for a rotation: returns a unit quaternion moving
/// toward `target`, updating the angular velocity (rad/s, a rotation vector per second applied in
/// the parent frame) and never turning faster than the spring toward an offset of at most
/// `max_angular_speed * smooth_time` radians allows. The guard looks at the offset from the
/// target before it is wrapped to the shortest path, so a spin past the far side (beyond pi) is
/// not taken for a pass through the target. Corners as for
/// [`smooth_damp`](crate::scalar::smooth_damp).
///
/// Inputs need not be unit: they are normalised in `f64`. A zero `target` keeps the current
/// rotation as the target; a zero `current` starts at the target; both zero give the identity.
/// Without clamp and guard the step equals
/// [`simple_spring_damper_exact_quat`](crate::scalar::simple_spring_damper_exact_quat) with
/// halflife `ln 2 * smooth_time`.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::scalar::smooth_damp_quat;
/// let target = Quat::from_rotation_y(2.0);
/// let (mut q, mut w) = (Quat::IDENTITY, Vec3::ZERO);
/// for _ in 0..10 {
///     // At most about 1 rad/s: the aim is clamped to 1 rad/s * 0.2 s = 0.2 rad ahead.
///     q = smooth_damp_quat(q, target, &mut w, 0.2, 1.0, 0.1);
/// }
/// assert!((q.length() - 1.0).abs() < 1e-6);
/// let turned = q.angle_between(Quat::IDENTITY);
/// assert!(turned > 0.3 && turned < 1.0);
/// ```
pub fn smooth_damp_quat(
    current: Quat,
    target: Quat,
    angular_velocity: &mut Vec3,
    smooth_time: f32,
    max_angular_speed: f32,
    dt: f32,
) -> Quat {
    let (current64, target64) = unit_pair(
        unit_quat_f64(current),
        unit_quat_f64(target),
        DQuat::IDENTITY,
    );
    match step_f64(
        current64,
        target64,
        angular_velocity,
        smooth_time,
        max_angular_speed,
        dt,
    ) {
        Some(rotation) => rotation.as_quat(),
        // Nothing changes: a unit `current` is returned bit for bit.
        None if (current.length_squared() - 1.0).abs() <= 4.0 * f32::EPSILON => current,
        None => current64.as_quat(),
    }
}

/// [`smooth_damp`](crate::scalar::smooth_damp) for a unit direction: returns a unit vector
/// turning toward the direction `target` along the great circle, with angular velocity state
/// (rad/s, a rotation vector per second; the direction moves at `angular_velocity x direction`)
/// and a max angular speed, as in [`smooth_damp_quat`] applied to the shortest-arc rotation from
/// `target` to `current`.
///
/// Inputs need not be unit: they are normalised in `f64`. A zero `target` keeps the current
/// direction; a zero `current` starts at the target; both zero give `+Y`. Opposite directions
/// turn about an arbitrary perpendicular axis (the one `DQuat::from_rotation_arc` picks) unless
/// the angular velocity already has a direction.
///
/// ```
/// use glam::Vec3;
/// use hooke::scalar::smooth_damp_dir;
/// let (mut d, mut w) = (Vec3::X, Vec3::ZERO);
/// for _ in 0..120 {
///     d = smooth_damp_dir(d, Vec3::Y, &mut w, 0.1, f32::INFINITY, 1.0 / 60.0);
/// }
/// assert!((d.length() - 1.0).abs() < 1e-6 && d.angle_between(Vec3::Y) < 1e-3);
/// assert!(w.x.abs() < 1e-6 && w.y.abs() < 1e-6); // it turned about +Z
/// ```
pub fn smooth_damp_dir(
    current: Vec3,
    target: Vec3,
    angular_velocity: &mut Vec3,
    smooth_time: f32,
    max_angular_speed: f32,
    dt: f32,
) -> Vec3 {
    let (current64, target64) = unit_pair(unit_vec_f64(current), unit_vec_f64(target), DVec3::Y);
    let offset = DQuat::from_rotation_arc(target64, current64);
    match step_f64(
        offset,
        DQuat::IDENTITY,
        angular_velocity,
        smooth_time,
        max_angular_speed,
        dt,
    ) {
        Some(rotation) => (rotation * target64).normalize().as_vec3(),
        None if (current.length_squared() - 1.0).abs() <= 4.0 * f32::EPSILON => current,
        None => current64.as_vec3(),
    }
}
