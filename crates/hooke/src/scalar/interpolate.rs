//! Spring interpolation: a spring run along the parameter of a curve instead of along time, with
//! the piecewise-linear interpolation of control points as its goal. The result is a smooth curve
//! that is pulled toward the control points and cuts their corners.
//!
//! The curve parameter `t` runs over `[0, 1]`; with `n` control points, point `k` sits at
//! `t = k / (n - 1)`. On the segment `[p_k, p_(k+1)]` the goal is `p_k + (p_(k+1) - p_k) s` with
//! `s = t (n - 1) - k`, so its velocity with respect to `t` is `(p_(k+1) - p_k) (n - 1)`. (The source
//! demo returned `(p_k - p_(k+1)) / n`: the wrong sign and scale; `docs/math.md` §3, item 7. Its call
//! also passed the halflife where the frequency belongs.) The halflife and frequency are measured in
//! units of the curve parameter.
//!
//! [`spring_interpolation_step`] solves the spring exactly against this moving goal (the goal is
//! linear within a segment, so the offset from it is a free damped spring; steps are split at the
//! control points), which makes the curve independent of how finely it is sampled.

use std::ops::{Add, Mul, Sub};

use glam::{Vec2, Vec3};

use crate::coeffs::SpringCoeffs;

/// The value types the interpolation works on: `f32` and glam vectors, component by component.
trait Point: Copy + Add<Output = Self> + Sub<Output = Self> + Mul<f32, Output = Self> {
    const ZERO: Self;
    /// Applies a scalar spring step to each component of the offset `u` and its velocity `w`.
    fn each(u: &mut Self, w: &mut Self, c: &SpringCoeffs);
}

impl Point for f32 {
    const ZERO: f32 = 0.0;
    fn each(u: &mut f32, w: &mut f32, c: &SpringCoeffs) {
        c.apply(u, w, 0.0, 0.0);
    }
}

impl Point for Vec2 {
    const ZERO: Vec2 = Vec2::ZERO;
    fn each(u: &mut Vec2, w: &mut Vec2, c: &SpringCoeffs) {
        c.apply(&mut u.x, &mut w.x, 0.0, 0.0);
        c.apply(&mut u.y, &mut w.y, 0.0, 0.0);
    }
}

impl Point for Vec3 {
    const ZERO: Vec3 = Vec3::ZERO;
    fn each(u: &mut Vec3, w: &mut Vec3, c: &SpringCoeffs) {
        c.apply(&mut u.x, &mut w.x, 0.0, 0.0);
        c.apply(&mut u.y, &mut w.y, 0.0, 0.0);
        c.apply(&mut u.z, &mut w.z, 0.0, 0.0);
    }
}

/// The segment index and the curve parameter scaled to segments (`s = t (n - 1)`), clamped.
fn scaled_parameter(t: f32, n: usize) -> f64 {
    let t = if t >= 0.0 { f64::from(t.min(1.0)) } else { 0.0 };
    t * (n - 1) as f64
}

/// Goal and goal velocity at the scaled parameter `s` (`s` in `[0, n - 1]`).
fn goal_at<T: Point>(s: f64, points: &[T]) -> (T, T) {
    let n = points.len();
    match n {
        0 => return (T::ZERO, T::ZERO),
        1 => return (points[0], T::ZERO),
        _ => {}
    }
    let k = s.floor() as usize;
    if k >= n - 1 {
        // The end of the curve: the goal has stopped.
        return (points[n - 1], T::ZERO);
    }
    let (p0, p1) = (points[k], points[k + 1]);
    let alpha = (s - k as f64) as f32;
    (p0 + (p1 - p0) * alpha, (p1 - p0) * (n - 1) as f32)
}

fn piecewise<T: Point>(t: f32, points: &[T]) -> (T, T) {
    goal_at(scaled_parameter(t, points.len().max(1)), points)
}

fn step<T: Point>(
    x: &mut T,
    v: &mut T,
    t: f32,
    dt: f32,
    points: &[T],
    frequency: f32,
    halflife: f32,
) {
    if dt == 0.0 || dt.is_nan() {
        return;
    }
    let n = points.len();
    let segments = n.saturating_sub(1) as f64;
    // Work in the scaled parameter s = t (n - 1), where control points sit at the integers.
    let mut s = f64::from(t) * segments;
    let mut remaining = f64::from(dt);
    while remaining > 0.0 {
        let inside = segments > 0.0 && s >= 0.0 && s < segments;
        // Parameter time to the next control point (the goal's velocity changes there).
        let to_break = if inside {
            ((s.floor() + 1.0) - s) / segments
        } else if segments > 0.0 && s < 0.0 {
            -s / segments
        } else {
            f64::INFINITY
        };
        let piece = remaining.min(to_break);
        let (g0, q) = if inside {
            goal_at(s, points)
        } else {
            (goal_at(s.clamp(0.0, segments), points).0, T::ZERO)
        };
        // Against a goal moving linearly at q (with goal velocity q), the offset from the goal is
        // a free spring.
        let c = SpringCoeffs::frequency_halflife(frequency, halflife, piece as f32);
        let (mut u, mut w) = (*x - g0, *v - q);
        T::each(&mut u, &mut w, &c);
        let s_end = if piece == to_break {
            // Land exactly on the control point, so the next piece starts on a new segment.
            if inside { s.floor() + 1.0 } else { 0.0 }
        } else {
            s + piece * segments
        };
        let g1 = if inside { g0 + q * piece as f32 } else { g0 };
        *x = g1 + u;
        *v = q + w;
        s = s_end;
        remaining -= piece;
    }
}

/// The piecewise-linear interpolation of `points` at curve parameter `t` in `[0, 1]`, and its
/// velocity with respect to `t`: `(p_(k+1) - p_k) (n - 1)` on segment `k`.
///
/// `t` is clamped to `[0, 1]`; at `t = 1` (and beyond) the goal is the last point with velocity 0,
/// as the curve ends there. No points give `(0, 0)`, one point gives `(p_0, 0)`.
///
/// ```
/// use hooke::scalar::piecewise_interpolation;
/// let points = [0.0_f32, 2.0, 1.0];
/// assert_eq!(piecewise_interpolation(0.25, &points), (1.0, 4.0));
/// assert_eq!(piecewise_interpolation(0.75, &points), (1.5, -2.0));
/// ```
pub fn piecewise_interpolation(t: f32, points: &[f32]) -> (f32, f32) {
    piecewise(t, points)
}

/// [`piecewise_interpolation`] of `Vec2` control points.
///
/// ```
/// use glam::Vec2;
/// use hooke::scalar::piecewise_interpolation_vec2;
/// let points = [Vec2::ZERO, Vec2::X, Vec2::ONE];
/// assert_eq!(piecewise_interpolation_vec2(0.5, &points), (Vec2::X, Vec2::new(0.0, 2.0)));
/// ```
pub fn piecewise_interpolation_vec2(t: f32, points: &[Vec2]) -> (Vec2, Vec2) {
    piecewise(t, points)
}

/// [`piecewise_interpolation`] of `Vec3` control points.
///
/// ```
/// use glam::Vec3;
/// use hooke::scalar::piecewise_interpolation_vec3;
/// let (x, v) = piecewise_interpolation_vec3(0.5, &[Vec3::ZERO, Vec3::Z]);
/// assert_eq!((x, v), (Vec3::new(0.0, 0.0, 0.5), Vec3::Z));
/// ```
pub fn piecewise_interpolation_vec3(t: f32, points: &[Vec3]) -> (Vec3, Vec3) {
    piecewise(t, points)
}

/// Advances a spring `(x, v)` along the curve from parameter `t` to `t + dt`, with the
/// piecewise-linear interpolation of `points` as goal and goal velocity.
///
/// The spring has a natural `frequency` and a damping `halflife`, both in units of the curve
/// parameter (a halflife of 0.05 settles within a twentieth of the curve). It is solved exactly,
/// with the step split at the control points, so the result does not depend on `dt`. Past
/// `t = 1` the goal rests on the last point.
///
/// ```
/// use hooke::scalar::{piecewise_interpolation, spring_interpolation_step};
/// let points = [0.0_f32, 1.0, 0.0, 1.0];
/// let (mut x, mut v) = piecewise_interpolation(0.0, &points);
/// spring_interpolation_step(&mut x, &mut v, 0.0, 0.25, &points, 5.0, 0.05);
/// // The spring started on the curve with its velocity and has tracked the first segment exactly.
/// assert!((x - 0.75).abs() < 1e-5 && (v - 3.0).abs() < 1e-4);
/// ```
pub fn spring_interpolation_step(
    x: &mut f32,
    v: &mut f32,
    t: f32,
    dt: f32,
    points: &[f32],
    frequency: f32,
    halflife: f32,
) {
    step(x, v, t, dt, points, frequency, halflife);
}

/// [`spring_interpolation_step`] for `Vec2` control points (the source's 2D demo).
///
/// ```
/// use glam::Vec2;
/// use hooke::scalar::spring_interpolation_step_vec2;
/// let points = [Vec2::ZERO, Vec2::X, Vec2::ONE];
/// let (mut x, mut v) = (Vec2::ZERO, Vec2::ZERO);
/// spring_interpolation_step_vec2(&mut x, &mut v, 0.0, 1.0, &points, 3.0, 0.1);
/// assert!(x.x > 0.5 && x.y > 0.0);
/// ```
pub fn spring_interpolation_step_vec2(
    x: &mut Vec2,
    v: &mut Vec2,
    t: f32,
    dt: f32,
    points: &[Vec2],
    frequency: f32,
    halflife: f32,
) {
    step(x, v, t, dt, points, frequency, halflife);
}

/// [`spring_interpolation_step`] for `Vec3` control points.
///
/// ```
/// use glam::Vec3;
/// use hooke::scalar::spring_interpolation_step_vec3;
/// let points = [Vec3::ZERO, Vec3::ONE];
/// let (mut x, mut v) = (Vec3::ZERO, Vec3::ONE);
/// spring_interpolation_step_vec3(&mut x, &mut v, 0.0, 0.5, &points, 3.0, 0.1);
/// assert!((x - Vec3::splat(0.5)).length() < 1e-5);
/// ```
pub fn spring_interpolation_step_vec3(
    x: &mut Vec3,
    v: &mut Vec3,
    t: f32,
    dt: f32,
    points: &[Vec3],
    frequency: f32,
    halflife: f32,
) {
    step(x, v, t, dt, points, frequency, halflife);
}

fn sample<T: Point>(out: &mut [T], points: &[T], frequency: f32, halflife: f32) {
    let Some(count) = out.len().checked_sub(1) else {
        return;
    };
    // Start on the curve, moving along it, so the curve's beginning is reproduced exactly.
    let (mut x, mut v) = piecewise(0.0, points);
    out[0] = x;
    for (i, o) in out.iter_mut().enumerate().skip(1) {
        let t0 = (i - 1) as f32 / count as f32;
        let t1 = i as f32 / count as f32;
        step(&mut x, &mut v, t0, t1 - t0, points, frequency, halflife);
        *o = x;
    }
}

/// Samples the spring-interpolated curve through `points` at `out.len()` evenly spaced
/// parameters `i / (out.len() - 1)`.
///
/// The spring starts on the first point with the velocity of the first segment; see
/// [`spring_interpolation_step`] for the parameters.
///
/// ```
/// use hooke::scalar::spring_interpolation;
/// let points = [0.0_f32, 1.0, 0.0];
/// let mut curve = [0.0_f32; 33];
/// spring_interpolation(&mut curve, &points, 4.0, 0.05);
/// // Started on the first segment, the spring follows it exactly up to the corner ...
/// assert!((curve[16] - 1.0).abs() < 1e-5);
/// // ... then carries its momentum and rounds the corner above the polyline (0.9375 at t = 17/32).
/// assert!(curve[17] > 0.95);
/// assert!(curve[32].abs() < 1e-3);
/// ```
pub fn spring_interpolation(out: &mut [f32], points: &[f32], frequency: f32, halflife: f32) {
    sample(out, points, frequency, halflife);
}

/// [`spring_interpolation`] of `Vec2` control points.
///
/// ```
/// use glam::Vec2;
/// let points = [Vec2::ZERO, Vec2::X, Vec2::ONE, Vec2::Y];
/// let mut curve = vec![Vec2::ZERO; 64];
/// hooke::scalar::spring_interpolation_vec2(&mut curve, &points, 5.0, 0.04);
/// assert_eq!(curve[0], Vec2::ZERO);
/// ```
pub fn spring_interpolation_vec2(out: &mut [Vec2], points: &[Vec2], frequency: f32, halflife: f32) {
    sample(out, points, frequency, halflife);
}

/// [`spring_interpolation`] of `Vec3` control points.
///
/// ```
/// use glam::Vec3;
/// let mut curve = vec![Vec3::ZERO; 16];
/// hooke::scalar::spring_interpolation_vec3(&mut curve, &[Vec3::ZERO, Vec3::X], 5.0, 0.04);
/// assert!((curve[15] - Vec3::X).length() < 1e-5);
/// ```
pub fn spring_interpolation_vec3(out: &mut [Vec3], points: &[Vec3], frequency: f32, halflife: f32) {
    sample(out, points, frequency, halflife);
}
