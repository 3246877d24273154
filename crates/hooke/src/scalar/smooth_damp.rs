//! Smooth damp: Unity's `Mathf.SmoothDamp` with the exact exponential.
//!
//! Unity's smooth damp (Game Programming Gems 4, 1.10) is a critically damped spring with
//! `omega = 2 / smooth_time` toward a goal velocity of 0, plus two rules: the change per call is
//! clamped to `max_speed * smooth_time` (the spring aims at a goal at most that far away), and an
//! overshoot guard (a step that would pass the target lands on it with velocity 0). Unity evaluates
//! the decay with the approximation `1 / (1 + x + 0.48 x² + 0.235 x³)`, so its result depends on
//! the frame rate. Here the step is hooke's exact critical spring ([`SpringCoeffs::critical`])
//! with halflife `ln 2 * smooth_time` ([`smooth_time_to_halflife`]), so whenever the clamp and the
//! guard are inactive the result equals [`crate::scalar::critical_spring_damper_exact`] bit for
//! bit and is independent of how time is cut into steps. [`unity_smooth_damp`] is Unity's formula,
//! kept for comparison (`docs/guide.md`, "Smooth damp vs the spring family").
//!
//! The corners (`dt = 0`, `smooth_time = 0`, max speed 0 or infinite, `+-3e38`) are listed on
//! [`smooth_damp`]; every function here and in the rotation variants shares them.

use std::f64::consts::{PI, TAU};

use glam::{Vec2, Vec3};

use super::components::Components;
use crate::coeffs::SpringCoeffs;

/// The halflife of the critical spring that smooth damp follows: `ln 2 * smooth_time`.
///
/// Unity's `omega = 2 / smooth_time` is hooke's `y = damping / 2 = 2 ln 2 / halflife`.
///
/// ```
/// use hooke::scalar::smooth_time_to_halflife;
/// assert!((smooth_time_to_halflife(0.3) - 0.3 * std::f32::consts::LN_2).abs() < 1e-9);
/// ```
pub fn smooth_time_to_halflife(smooth_time: f32) -> f32 {
    std::f32::consts::LN_2 * smooth_time
}

/// The step coefficients of a smooth damp, or `None` when the call changes nothing (see the
/// corners listed on [`smooth_damp`]).
pub(crate) fn smooth_damp_coeffs(
    smooth_time: f32,
    max_speed: f32,
    dt: f32,
) -> Option<SpringCoeffs> {
    if !(dt > 0.0 && dt.is_finite()) || smooth_time.is_nan() || max_speed.is_nan() {
        return None;
    }
    let coeffs = SpringCoeffs::critical(smooth_time_to_halflife(smooth_time.max(0.0)), dt);
    (coeffs != SpringCoeffs::IDENTITY).then_some(coeffs)
}

/// The largest change one call may aim for: `max_speed * smooth_time`, in `f64`, with a negative
/// `max_speed` or `smooth_time` treated as 0 and an infinite `max_speed` meaning no limit.
pub(crate) fn smooth_damp_max_change(max_speed: f32, smooth_time: f32) -> f64 {
    if max_speed == f32::INFINITY {
        f64::INFINITY
    } else if max_speed <= 0.0 || smooth_time <= 0.0 {
        0.0
    } else {
        f64::from(max_speed) * f64::from(smooth_time)
    }
}

/// One critical-spring step toward `goal` (goal velocity 0); the rigid spring snaps exactly.
fn spring_step(coeffs: &SpringCoeffs, x: &mut f32, v: &mut f32, goal: f32) {
    if *coeffs == SpringCoeffs::SNAP {
        (*x, *v) = (goal, 0.0);
    } else {
        coeffs.apply(x, v, goal, 0.0);
    }
}

/// [`smooth_damp`] on `N` components: the change is clamped by its length, and the guard fires
/// when the result passes the plane through the target facing the approach direction (Unity's
/// `Vector3.SmoothDamp` rule). Lengths and dot products are taken in `f64`.
fn smooth_damp_n<const N: usize>(
    current: [f32; N],
    target: [f32; N],
    velocity: &mut [f32; N],
    smooth_time: f32,
    max_speed: f32,
    dt: f32,
) -> [f32; N] {
    let Some(coeffs) = smooth_damp_coeffs(smooth_time, max_speed, dt) else {
        return current;
    };
    let change: [f64; N] = std::array::from_fn(|i| f64::from(current[i]) - f64::from(target[i]));
    let length = change.iter().map(|c| c * c).sum::<f64>().sqrt();
    let limit = smooth_damp_max_change(max_speed, smooth_time);
    let goal: [f32; N] = if length <= limit {
        target
    } else {
        std::array::from_fn(|i| (f64::from(current[i]) - change[i] / length * limit) as f32)
    };
    let mut x = current;
    let mut v = *velocity;
    for i in 0..N {
        spring_step(&coeffs, &mut x[i], &mut v[i], goal[i]);
    }
    // dot(target - current, x - target) > 0: the step crossed the plane through the target.
    let crossed = (0..N)
        .map(|i| -change[i] * (f64::from(x[i]) - f64::from(target[i])))
        .sum::<f64>()
        > 0.0;
    if crossed {
        (x, v) = (target, [0.0; N]);
    }
    *velocity = v;
    x
}

/// Defines the smooth dampers, each by its documentation, its name, its value type and, for an
/// angle, the function that picks the target's representative to aim at: all are
/// [`smooth_damp_n`] on the value's components.
macro_rules! smooth_dampers {
    ($($(#[$doc:meta])* $name:ident: $value:ty $(, aiming at $aim:ident)?;)+) => {$(
        $(#[$doc])*
        pub fn $name(
            current: $value,
            target: $value,
            velocity: &mut $value,
            smooth_time: f32,
            max_speed: f32,
            dt: f32,
        ) -> $value {
            $(let target = $aim(current, target);)?
            let (current, target) = (current.to_components(), target.to_components());
            let velocity = velocity.as_mut_array();
            let x = smooth_damp_n(current, target, velocity, smooth_time, max_speed, dt);
            <$value>::from_components(x)
        }
    )+};
}

smooth_dampers! {
    /// Unity's `Mathf.SmoothDamp` with the exact exponential: moves `current` toward `target`,
    /// updating `velocity`, and returns the new value.
    ///
    /// `smooth_time` (s) is roughly the time to reach the target (the spring's halflife is `ln 2 *
    /// smooth_time`); `max_speed` clamps the change aimed for in one call to `max_speed *
    /// smooth_time`; a step that would pass the target lands on it with velocity 0 (reaching it
    /// exactly is not passing it). Without clamp and guard it is
    /// [`crate::scalar::critical_spring_damper_exact`] toward `target` with goal velocity 0, bit
    /// for bit, so it does not depend on the frame rate. The arguments are Unity's, in Unity's
    /// order.
    ///
    /// # Corners
    ///
    /// Shared by every smooth-damp function (vector, angle, direction and rotation variants):
    /// - `dt = 0`, a `dt` that is negative, NaN or infinite, or a NaN `smooth_time` or `max_speed`:
    ///   nothing changes (the current value is returned, the velocity is left as it is).
    /// - `smooth_time = 0` (or negative): a rigid spring. With an infinite `max_speed` the value
    ///   snaps to the target; with a finite one the allowed change `max_speed * 0` is 0 and the
    ///   value stays where it is (velocity 0). This is the limit of a vanishing smooth time, and
    ///   what Unity does (it floors the smooth time at 1e-4 s, allowing a change of `max_speed *
    ///   1e-4` per call).
    /// - `max_speed = 0` (or negative): the goal is the current value, so the value does not move
    ///   toward the target; a velocity it has is damped away by the spring. `max_speed = inf`: no
    ///   clamp (`inf * 0` counts as no clamp). `smooth_time = inf`: no spring force, `x += v dt`.
    /// - Finite inputs never give NaN or infinities: differences and the clamp are computed in
    ///   `f64`, and the spring step has a saturating slow path ([`SpringCoeffs::apply`]).
    ///
    /// ```
    /// use hooke::scalar::smooth_damp;
    /// let (mut x, mut v) = (0.0_f32, 0.0_f32);
    /// for _ in 0..60 {
    ///     x = smooth_damp(x, 10.0, &mut v, 0.3, f32::INFINITY, 1.0 / 60.0);
    /// }
    /// assert!(x > 9.0 && x < 10.0 && v > 0.0);
    /// // The same second in one step gives the same value.
    /// let mut v1 = 0.0;
    /// let x1 = smooth_damp(0.0, 10.0, &mut v1, 0.3, f32::INFINITY, 1.0);
    /// assert!((x1 - x).abs() < 1e-4);
    /// ```
    smooth_damp: f32;

    /// [`smooth_damp`] for a 2D point: the change is clamped by its length to `max_speed *
    /// smooth_time`, and a step that passes the plane through the target facing the approach
    /// direction lands on the target with velocity 0 (Unity's `Vector2.SmoothDamp` rule; the guard
    /// can move a point sideways when its velocity has a large sideways part).
    ///
    /// ```
    /// use glam::Vec2;
    /// use hooke::scalar::smooth_damp_vec2;
    /// let mut v = Vec2::ZERO;
    /// let x = smooth_damp_vec2(Vec2::ZERO, Vec2::new(3.0, 4.0), &mut v, 0.2, 1.0, 0.1);
    /// // The aim is clamped to max_speed * smooth_time = 0.2 along the direction to the target.
    /// assert!(x.length() < 0.2 && (x.normalize() - Vec2::new(0.6, 0.8)).length() < 1e-5);
    /// ```
    smooth_damp_vec2: Vec2;

    /// [`smooth_damp`] for a 3D point, with the rules of [`smooth_damp_vec2`].
    ///
    /// ```
    /// use glam::Vec3;
    /// use hooke::scalar::smooth_damp_vec3;
    /// let (mut x, mut v) = (Vec3::ZERO, Vec3::ZERO);
    /// let target = Vec3::new(1.0, -2.0, 0.5);
    /// for _ in 0..600 {
    ///     x = smooth_damp_vec3(x, target, &mut v, 0.1, f32::INFINITY, 1.0 / 60.0);
    /// }
    /// assert!((x - target).length() < 1e-5);
    /// ```
    smooth_damp_vec3: Vec3;

    /// [`smooth_damp`] for an angle in **radians** (hooke's unit everywhere; Unity's
    /// `SmoothDampAngle` takes degrees): the target is first moved by whole turns to the
    /// representative nearest `current` ([`shortest_angle_turn`]), so the value takes the shortest
    /// way round. The result is not wrapped: it stays continuous with `current`, as in Unity.
    /// `max_speed` is in rad/s, the velocity in rad/s.
    ///
    /// ```
    /// use hooke::scalar::smooth_damp_angle;
    /// use std::f32::consts::PI;
    /// let mut w = 0.0_f32;
    /// // From just below +pi to just above -pi: a small positive turn, not almost a full one back.
    /// let a = smooth_damp_angle(PI - 0.1, -PI + 0.1, &mut w, 0.1, f32::INFINITY, 1.0);
    /// assert!((a - (PI + 0.1)).abs() < 1e-4 && w >= 0.0);
    /// ```
    smooth_damp_angle: f32, aiming at nearest_representative;
}

/// The representative of the angle `target` (radians) nearest `current`: `target` moved by whole
/// turns.
fn nearest_representative(current: f32, target: f32) -> f32 {
    let turn = shortest_angle_turn_f64(f64::from(current), f64::from(target));
    (f64::from(current) + turn) as f32
}

/// The shortest signed turn from angle `from` to angle `to` (radians), in `[-pi, pi)`.
///
/// Computed in `f64`, so `+-3e38` inputs give a finite (if meaningless) turn.
///
/// ```
/// use hooke::scalar::shortest_angle_turn;
/// let turn = shortest_angle_turn(3.0, -3.0); // across +-pi, not the long way round
/// assert!((turn - (2.0 * std::f32::consts::PI - 6.0)).abs() < 1e-6);
/// ```
pub fn shortest_angle_turn(from: f32, to: f32) -> f32 {
    shortest_angle_turn_f64(f64::from(from), f64::from(to)) as f32
}

fn shortest_angle_turn_f64(from: f64, to: f64) -> f64 {
    (to - from + PI).rem_euclid(TAU) - PI
}

/// Unity's `Mathf.SmoothDamp`, transcribed faithfully from the published source, **for
/// comparison only** (tests, plots, `docs/guide.md`). Use [`smooth_damp`].
///
/// It floors `smooth_time` at 1e-4 s and replaces `exp(-x)` by `1 / (1 + x + 0.48 x² + 0.235 x³)`,
/// so the result depends on the frame rate (the decay factor of one step is 0.1% off the exact one
/// at `dt = smooth_time / 2`, 9% at `dt = smooth_time`, twice it at `dt = 2 smooth_time`); at
/// `dt = 0` with `current == target` it returns a NaN velocity
/// (`0 / 0`), and a negative `max_speed` inverts its clamp. These are Unity's behaviours, kept.
///
/// ```
/// use hooke::scalar::{smooth_damp, unity_smooth_damp};
/// let (mut vu, mut ve) = (0.0_f32, 0.0_f32);
/// let xu = unity_smooth_damp(0.0, 1.0, &mut vu, 0.3, f32::INFINITY, 1.0 / 60.0);
/// let xe = smooth_damp(0.0, 1.0, &mut ve, 0.3, f32::INFINITY, 1.0 / 60.0);
/// assert!((xu - xe).abs() < 1e-3); // close at small dt
/// let mut nan = 0.0_f32;
/// unity_smooth_damp(1.0, 1.0, &mut nan, 0.3, f32::INFINITY, 0.0);
/// assert!(nan.is_nan()); // Unity's 0 / 0
/// ```
pub fn unity_smooth_damp(
    current: f32,
    target: f32,
    velocity: &mut f32,
    smooth_time: f32,
    max_speed: f32,
    dt: f32,
) -> f32 {
    let smooth_time = smooth_time.max(0.0001);
    let omega = 2.0 / smooth_time;
    let x = omega * dt;
    let exp = 1.0 / (1.0 + x + 0.48 * x * x + 0.235 * x * x * x);
    let original_to = target;
    let max_change = max_speed * smooth_time;
    // Mathf.Clamp(value, min, max): `if value < min { min } else if value > max { max }`.
    let mut change = current - target;
    if change < -max_change {
        change = -max_change;
    } else if change > max_change {
        change = max_change;
    }
    let target = current - change;
    let temp = (*velocity + omega * change) * dt;
    *velocity = (*velocity - omega * temp) * exp;
    let mut output = target + (change + temp) * exp;
    if (original_to - current > 0.0) == (output > original_to) {
        output = original_to;
        *velocity = (output - original_to) / dt;
    }
    output
}
