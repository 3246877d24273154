//! Springs built from critical springs: the double spring, the timed spring and the velocity
//! spring of the source article, solved exactly in continuous time.
//!
//! The article steps each of these with one frame's worth of a simple spring toward a goal that it
//! holds fixed during the frame, so their trajectories change with the frame rate. Here the goal is
//! the continuous-time signal the article approximates (the intermediate spring's position, or a
//! point moving at constant speed that then stops), and each step solves the spring exactly against
//! that moving goal, so one long step equals many short ones.

use crate::coeffs::Coeffs64;
use crate::units::critical_rate_f64;

/// The double spring: `x` follows a critical spring whose goal is the intermediate spring `xi`,
/// which itself follows a critical spring toward `x_goal`; both have half the given `halflife`.
///
/// `xi, vi` are the intermediate spring's state. The pair is solved exactly as one linear system
/// (the outer spring sees the intermediate position continuously, not once per frame), which gives
/// the "S"-shaped response of the source with no frame-rate dependence. With `p = x - x_goal`,
/// `u = xi - x_goal`, `y = 4 ln2 / halflife`, `E = e^(-y t)`:
///
/// ```text
/// p(t) = E (p0 (1 + y t) + v0 t + u0 ((y t)^2 / 2 + (y t)^3 / 6) + vi0 t (y t)^2 / 6)
/// ```
///
/// Halflife 0 snaps both springs to the goal with zero velocity; `dt = 0` changes nothing.
///
/// ```
/// use hooke::scalar::double_spring_damper_exact;
///
/// let (mut x, mut v, mut xi, mut vi) = (0.0_f32, 0.0_f32, 0.0_f32, 0.0_f32);
/// double_spring_damper_exact(&mut x, &mut v, &mut xi, &mut vi, 1.0, 0.2, 0.05);
/// // The outer spring starts more gently than the intermediate one (the "S" shape).
/// assert!(0.0 < x && x < xi && xi < 1.0);
/// double_spring_damper_exact(&mut x, &mut v, &mut xi, &mut vi, 1.0, 0.2, 5.0);
/// assert!((x - 1.0).abs() < 1e-6);
/// ```
pub fn double_spring_damper_exact(
    x: &mut f32,
    v: &mut f32,
    xi: &mut f32,
    vi: &mut f32,
    x_goal: f32,
    halflife: f32,
    dt: f32,
) {
    let Some((h, t)) = crate::units::exact_step_domain(halflife, dt) else {
        return;
    };
    if h <= 0.0 {
        (*x, *v, *xi, *vi) = (x_goal, 0.0, x_goal, 0.0);
        return;
    }
    let g = f64::from(x_goal);
    let (p0, v0) = (f64::from(*x) - g, f64::from(*v));
    let (u0, w0) = (f64::from(*xi) - g, f64::from(*vi));
    let y = critical_rate_f64(0.5 * h);
    let z = y * t;
    let e = (-z).exp();
    let (z2, z3) = (z * z, z * z * z);
    // y z = z^2 / t keeps every product finite when e underflows (z finite here).
    let yz = z2 / t;
    let p1 = e * (p0 * (1.0 + z) + v0 * t + u0 * (0.5 * z2 + z3 / 6.0) + w0 * t * z2 / 6.0);
    let v1 =
        e * (v0 * (1.0 - z) + yz * (u0 - p0) + w0 * (0.5 * z2 - z3 / 6.0) - yz * z2 / 6.0 * u0);
    let u1 = e * (u0 * (1.0 + z) + w0 * t);
    let w1 = e * (w0 * (1.0 - z) - yz * u0);
    // Both springs come to rest on the goal in f32 (`crate::settle`).
    let settle = |(x0, v0): (f32, f32), p1: f64, p0: f64, v1: f64| {
        let (x1, v1) = ((g + p1) as f32, v1 as f32);
        crate::settle::settle(x0, v0, x1, v1, (p1 - p0) as f32, x_goal)
    };
    (*x, *v) = settle((*x, *v), p1, p0, v1);
    (*xi, *vi) = settle((*xi, *vi), u1, u0, w1);
}

/// Steps a simple critical spring (`a = s (g - x) - d v`) whose goal moves as
/// `g(tau) = g0 + q min(tau, t_break)`: at velocity `q` until `t_break`, then fixed.
///
/// Each piece is exact: against a goal moving linearly, the offset `u = x - g` obeys the critical
/// spring toward 0 with goal velocity `-q` (the spring has no goal-velocity term, so it lags).
///
/// The result settles on `x_goal` (the final goal of the timed and velocity springs) by the rule
/// of every spring (`crate::settle`), and saturates at `±f32::MAX`.
#[allow(clippy::too_many_arguments)]
fn track_ramp(
    x: &mut f32,
    v: &mut f32,
    g0: f64,
    q: f64,
    t_break: f64,
    halflife: f64,
    dt: f64,
    x_goal: f32,
) {
    let (mut x64, mut v64) = (f64::from(*x), f64::from(*v));
    let moving = t_break.min(dt).max(0.0);
    let mut goal = g0;
    let step = |duration: f64, goal: f64, q: f64, x: &mut f64, v: &mut f64| {
        let c = Coeffs64::critical(halflife, duration);
        let (u, w) = (*x - goal, *v - q);
        let u1 = u + c.xx * u + c.xv * w - c.xq * q;
        let w1 = c.vx * u + c.vv * w - c.vq * q;
        *x = goal + q * duration + u1;
        *v = q + w1;
    };
    if moving > 0.0 {
        step(moving, goal, q, &mut x64, &mut v64);
        goal += q * moving;
    }
    if dt > moving {
        step(dt - moving, goal, 0.0, &mut x64, &mut v64);
    }
    let max = f64::from(f32::MAX);
    let (x0, v0) = (*x, *v);
    let (x1, v1) = (x64.clamp(-max, max) as f32, v64.clamp(-max, max) as f32);
    let change = (x64 - f64::from(x0)) as f32;
    (*x, *v) = crate::settle::settle(x0, v0, x1, v1, change, x_goal);
}

/// The timed spring: reaches `x_goal` at about `t_goal` seconds from now, smoothing like a spring.
///
/// An internal point `xi` moves linearly from where it is to `x_goal`, arriving in `t_goal`
/// seconds; the spring (critical, `halflife`) tracks the point `apprehension * halflife` seconds
/// ahead of it on that line, which stops at `x_goal`. The source's default `apprehension` is 2:
/// looking two halflives ahead leaves the spring time to settle by the goal time.
///
/// `t_goal` is the time *remaining*: decrease it by `dt` every step (the motion of `xi` is then
/// independent of the frame rate). Within a step the spring sees the moving lookahead point
/// exactly, not frozen at its end-of-frame value as in the source. `t_goal <= 0` puts `xi` on the
/// goal at once. `dt = 0` changes nothing.
///
/// ```
/// use hooke::scalar::timed_spring_damper_exact;
///
/// let (mut x, mut v, mut xi) = (0.0_f32, 0.0_f32, 0.0_f32);
/// let dt = 1.0 / 60.0;
/// let mut t_goal = 1.0_f32;
/// let mut x_at_goal_time = 0.0;
/// for i in 0..120 {
///     timed_spring_damper_exact(&mut x, &mut v, &mut xi, 5.0, t_goal, 0.05, dt, 2.0);
///     t_goal -= dt;
///     if i == 59 {
///         x_at_goal_time = x;
///     }
/// }
/// assert!((x_at_goal_time - 5.0).abs() < 0.1); // about there at the goal time
/// assert!((x - 5.0).abs() < 1e-4 && xi == 5.0);
/// ```
pub fn timed_spring_damper_exact(
    x: &mut f32,
    v: &mut f32,
    xi: &mut f32,
    x_goal: f32,
    t_goal: f32,
    halflife: f32,
    dt: f32,
    apprehension: f32,
) {
    if let Some((h, lookahead, t)) = lookahead_step(halflife, dt, apprehension) {
        timed_step(x, v, xi, x_goal, t_goal, h, lookahead, t);
    }
}

/// `(halflife, lookahead, dt)` in `f64` for a step of the timed or velocity spring, the lookahead
/// being `apprehension` halflives (at least 0); `None` when the step changes nothing (`dt = 0`, a
/// NaN halflife, or a `dt` that is negative, NaN or infinite).
fn lookahead_step(halflife: f32, dt: f32, apprehension: f32) -> Option<(f64, f64, f64)> {
    let (h, t) = crate::units::exact_step_domain(halflife, dt)?;
    Some((h, (f64::from(apprehension) * h).max(0.0), t))
}

/// The step of [`timed_spring_damper_exact`] for a valid `halflife` and `dt > 0`, looking
/// `lookahead` seconds ahead: also the slow path of the timed kernels (`lanes::timed_shared`,
/// `lanes::timed_rates`) for lanes whose `f32` step leaves the `f32` range.
#[allow(clippy::too_many_arguments)]
pub(crate) fn timed_step(
    x: &mut f32,
    v: &mut f32,
    xi: &mut f32,
    x_goal: f32,
    t_goal: f32,
    h: f64,
    lookahead: f64,
    t: f64,
) {
    let remaining = f64::from(t_goal);
    // Linear motion from where it is, arriving at the goal time.
    let q = (f64::from(x_goal) - f64::from(*xi)) / remaining;
    glide_step(x, v, xi, x_goal, (q, remaining), h, lookahead, t);
}

/// The step shared by the timed and velocity springs: the internal point `xi` moves toward
/// `x_goal` at velocity `q` and arrives after `arrival` seconds (infinite: never); the spring
/// tracks the point `lookahead` seconds ahead of it on that line, which stops at `x_goal`.
#[allow(clippy::too_many_arguments)]
fn glide_step(
    x: &mut f32,
    v: &mut f32,
    xi: &mut f32,
    x_goal: f32,
    (q, arrival): (f64, f64),
    h: f64,
    lookahead: f64,
    t: f64,
) {
    let xi0 = f64::from(*xi);
    let (g0, q_ramp, t_break) = if arrival > lookahead {
        (xi0 + q * lookahead, q, arrival - lookahead)
    } else {
        (f64::from(x_goal), 0.0, 0.0)
    };
    track_ramp(x, v, g0, q_ramp, t_break, h, t, x_goal);
    *xi = if arrival > t {
        (xi0 + q * t) as f32
    } else {
        x_goal
    };
}

/// The velocity spring: follows `x_goal`, but through an internal point `xi` that moves toward it
/// at no more than `max_velocity`, so large jumps of the goal become constant-speed glides.
///
/// The spring (critical, `halflife`) tracks the point `apprehension * halflife` seconds ahead of
/// `xi` on its way, which stops at `x_goal`; the source's default `apprehension` is 2. Within a
/// step the spring sees the moving point exactly. `max_velocity <= 0` holds `xi` still; `dt = 0`
/// changes nothing.
///
/// ```
/// use hooke::scalar::velocity_spring_damper_exact;
///
/// let (mut x, mut v, mut xi) = (0.0_f32, 0.0_f32, 0.0_f32);
/// for _ in 0..60 {
///     velocity_spring_damper_exact(&mut x, &mut v, &mut xi, 10.0, 4.0, 0.05, 1.0 / 60.0, 2.0);
/// }
/// // One second at 4 units/s: xi has covered 4 units, and the spring cruises at that speed.
/// assert!((xi - 4.0).abs() < 1e-4);
/// assert!((v - 4.0).abs() < 1e-3);
/// ```
pub fn velocity_spring_damper_exact(
    x: &mut f32,
    v: &mut f32,
    xi: &mut f32,
    x_goal: f32,
    max_velocity: f32,
    halflife: f32,
    dt: f32,
    apprehension: f32,
) {
    let Some((h, lookahead, t)) = lookahead_step(halflife, dt, apprehension) else {
        return;
    };
    let speed = f64::from(max_velocity).max(0.0);
    let gap = f64::from(x_goal) - f64::from(*xi);
    let q = gap.signum() * speed;
    let distance = gap.abs();
    // Time for xi to reach the goal (infinite if it cannot move).
    let arrival = if speed > 0.0 {
        distance / speed
    } else if distance == 0.0 {
        0.0
    } else {
        f64::INFINITY
    };
    glide_step(x, v, xi, x_goal, (q, arrival), h, lookahead, t);
}
