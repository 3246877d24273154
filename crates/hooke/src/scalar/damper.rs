//! The exact (frame-rate independent) damper: exponential decay toward a goal.

use glam::{Quat, Vec2, Vec3};

use crate::coeffs::damper_alpha;

/// Moves `x` toward `goal` so that the distance halves every `halflife` seconds.
///
/// `x + (goal - x) * (1 - 2^(-dt / halflife))`, with the blend factor computed with `expm1` so
/// short steps keep full precision. Halflife 0 (or negative) returns `goal`; `dt = 0` returns `x`;
/// a NaN `halflife`, or a `dt` that is NaN, infinite or negative, returns `x`.
///
/// ```
/// use hooke::scalar::damper_exact;
/// let x = damper_exact(0.0, 1.0, 0.5, 0.5);
/// assert!((x - 0.5).abs() < 1e-7);
/// ```
pub fn damper_exact(x: f32, goal: f32, halflife: f32, dt: f32) -> f32 {
    damper_blend(x, goal, damper_alpha(halflife, dt))
}

/// One damper step with blend factor `alpha` (see [`damper_alpha`]): `x + (goal - x) * alpha`.
///
/// `alpha = 0` returns `x` and `alpha = 1` returns `goal`, bit for bit; other steps are settled
/// ([`crate::settle`]: a step that would stall short of the goal moves one ulp toward it, a
/// result within `f32::MIN_POSITIVE` of the goal is put on it). For finite `x` and `goal`
/// the result is finite: the blend lies between them, so where `goal - x` overflows `f32`
/// (opposite signs near `f32::MAX`) the step is recomputed in `f64`. This is the one damper step:
/// the SIMD kernels' slow path calls it for the lanes it cannot do in `f32`.
///
/// ```
/// use hooke::scalar::damper_blend;
/// assert_eq!(damper_blend(3e38, -3e38, 0.0), 3e38);
/// assert_eq!(damper_blend(3e38, -3e38, 0.5), 0.0);
/// assert_eq!(damper_blend(1.0, 2.0, 1.0), 2.0);
/// ```
#[inline]
pub fn damper_blend(x: f32, goal: f32, alpha: f32) -> f32 {
    if alpha == 0.0 {
        return x;
    }
    if alpha == 1.0 {
        return goal;
    }
    let dx = (goal - x) * alpha;
    let y = x + dx;
    let y = if y.is_finite() || !(x.is_finite() && goal.is_finite()) {
        y
    } else {
        damper_blend_f64(x, goal, alpha)
    };
    // How a damper comes to rest in f32: no subnormal offset, no stall short of the goal.
    crate::settle::settle(x, 0.0, y, 0.0, dx, goal).0
}

/// The slow path of [`damper_blend`]: exact in `f64`, where no intermediate overflows.
#[cold]
#[inline(never)]
fn damper_blend_f64(x: f32, goal: f32, alpha: f32) -> f32 {
    let (x, goal) = (f64::from(x), f64::from(goal));
    let max = f64::from(f32::MAX);
    (x + (goal - x) * f64::from(alpha)).clamp(-max, max) as f32
}

/// The damper's decay form: `x * 2^(-dt / halflife)`, the distance to a goal at 0.
///
/// Halflife 0 (or negative) returns 0; `dt = 0` or a NaN parameter returns `x`.
///
/// ```
/// let x = hooke::scalar::damper_decay_exact(8.0, 1.0, 3.0);
/// assert!((x - 1.0).abs() < 1e-6);
/// ```
pub fn damper_decay_exact(x: f32, halflife: f32, dt: f32) -> f32 {
    x * (1.0 - damper_alpha(halflife, dt))
}

/// [`damper_exact`] on each component of a `Vec2`.
///
/// ```
/// use glam::Vec2;
/// let x = hooke::scalar::damper_exact_vec2(Vec2::ZERO, Vec2::ONE, 0.1, 0.1);
/// assert!((x - Vec2::splat(0.5)).length() < 1e-6);
/// ```
pub fn damper_exact_vec2(x: Vec2, goal: Vec2, halflife: f32, dt: f32) -> Vec2 {
    let alpha = damper_alpha(halflife, dt);
    Vec2::new(
        damper_blend(x.x, goal.x, alpha),
        damper_blend(x.y, goal.y, alpha),
    )
}

/// [`damper_exact`] on each component of a `Vec3`.
///
/// ```
/// use glam::Vec3;
/// let x = hooke::scalar::damper_exact_vec3(Vec3::ZERO, Vec3::X, 0.0, 0.1);
/// assert_eq!(x, Vec3::X);
/// ```
pub fn damper_exact_vec3(x: Vec3, goal: Vec3, halflife: f32, dt: f32) -> Vec3 {
    let alpha = damper_alpha(halflife, dt);
    Vec3::new(
        damper_blend(x.x, goal.x, alpha),
        damper_blend(x.y, goal.y, alpha),
        damper_blend(x.z, goal.z, alpha),
    )
}

/// The damper on rotations: the angle to `goal` halves every `halflife` seconds (shortest path).
///
/// ```
/// use glam::Quat;
/// let goal = Quat::from_rotation_z(1.0);
/// let q = hooke::scalar::damper_exact_quat(Quat::IDENTITY, goal, 0.2, 0.2);
/// assert!((q.angle_between(Quat::IDENTITY) - 0.5).abs() < 1e-5);
/// ```
pub fn damper_exact_quat(x: Quat, goal: Quat, halflife: f32, dt: f32) -> Quat {
    let alpha = damper_alpha(halflife, dt);
    if alpha == 0.0 {
        return x;
    }
    if alpha == 1.0 {
        return goal;
    }
    // Offset from the goal as a rotation vector, scaled down by the decay factor.
    let offset = super::quat_to_scaled_angle_axis(super::quat_abs(x * goal.inverse()));
    (super::quat_from_scaled_angle_axis(offset * (1.0 - alpha)) * goal).normalize()
}
