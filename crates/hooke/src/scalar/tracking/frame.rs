//! The source's per-frame forms (not dt-invariant) and the improved halflife form.

use crate::scalar::damper_exact;

/// `a + (b - a) t` written so that `t = 1` gives exactly `b`.
#[inline]
pub(super) fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a * (1.0 - t) + b * t
}

/// Whether the per-frame forms can run: a finite positive `dt` and gains that are not NaN.
pub(super) fn frame_step_valid(dt: f32, gains: &[f32]) -> bool {
    dt.is_finite() && dt > 0.0 && gains.iter().all(|g| !g.is_nan())
}

/// The source's per-frame tracking spring: blends the velocity toward the target acceleration,
/// velocity and position with per-frame gains, then moves.
///
/// ```text
/// v = lerp(v, v + a_goal dt, a_gain)
/// v = lerp(v, v_goal, v_gain)
/// v = lerp(v, (x_goal - x) / dt, x_gain)
/// x = x + dt v
/// ```
///
/// **Not dt-invariant**: the gains are per frame, so ticking at a different rate changes the
/// behaviour (use [`tracking_spring_update_exact`](super::tracking_spring_update_exact) for a varying `dt`). It is exactly one
/// semi-implicit Euler step of the spring of [`TrackingGains::equivalent_spring`](super::TrackingGains::equivalent_spring) with
/// `gain_dt = dt`. With `a_gain = 1`, a spring that sits on a clean signal with the velocity that
/// brought it there, fed with `x_goal = x_next` and finite-difference targets, lands exactly on the
/// next sample (up to rounding).
///
/// Gains are clamped to `[0, 1]`; a NaN gain or a `dt` that is NaN, infinite or `<= 0` leaves the
/// state unchanged (no division by zero).
///
/// ```
/// use hooke::scalar::tracking_spring_update;
/// // On the signal x(t) = 2 t: the spring stays on it exactly.
/// let dt = 1.0 / 60.0;
/// let (mut x, mut v) = (0.5_f32, 2.0_f32);
/// tracking_spring_update(&mut x, &mut v, 0.5 + 2.0 * dt, 2.0, 0.0, 0.01, 0.2, 1.0, dt);
/// assert!((x - (0.5 + 2.0 * dt)).abs() < 1e-6 && (v - 2.0).abs() < 1e-5);
/// ```
#[allow(clippy::too_many_arguments)] // the source's signature, kept for ported code
pub fn tracking_spring_update(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    a_goal: f32,
    x_gain: f32,
    v_gain: f32,
    a_gain: f32,
    dt: f32,
) {
    if !frame_step_valid(dt, &[x_gain, v_gain, a_gain]) {
        return;
    }
    let (ax, av, aa) = (
        x_gain.clamp(0.0, 1.0),
        v_gain.clamp(0.0, 1.0),
        a_gain.clamp(0.0, 1.0),
    );
    let mut vel = lerp(*v, *v + a_goal * dt, aa);
    vel = lerp(vel, v_goal, av);
    vel = lerp(vel, (x_goal - *x) / dt, ax);
    *v = vel;
    *x += dt * vel;
}

/// [`tracking_spring_update`] without the acceleration blend (for steps where the acceleration
/// target is unknown). Not dt-invariant.
///
/// ```
/// use hooke::scalar::tracking_spring_update_no_acceleration;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// tracking_spring_update_no_acceleration(&mut x, &mut v, 0.0, 1.0, 0.01, 1.0, 0.1);
/// assert!((v - 0.99).abs() < 1e-6);
/// ```
pub fn tracking_spring_update_no_acceleration(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    x_gain: f32,
    v_gain: f32,
    dt: f32,
) {
    if !frame_step_valid(dt, &[x_gain, v_gain]) {
        return;
    }
    let (ax, av) = (x_gain.clamp(0.0, 1.0), v_gain.clamp(0.0, 1.0));
    let mut vel = lerp(*v, v_goal, av);
    vel = lerp(vel, (x_goal - *x) / dt, ax);
    *v = vel;
    *x += dt * vel;
}

/// [`tracking_spring_update`] with only the position blend (for steps where neither velocity nor
/// acceleration targets are known). Not dt-invariant.
///
/// ```
/// use hooke::scalar::tracking_spring_update_no_velocity_acceleration;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// tracking_spring_update_no_velocity_acceleration(&mut x, &mut v, 1.0, 1.0, 0.1);
/// assert!((x - 1.0).abs() < 1e-6); // x_gain = 1 snaps onto the goal in one frame
/// ```
pub fn tracking_spring_update_no_velocity_acceleration(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    x_gain: f32,
    dt: f32,
) {
    if !frame_step_valid(dt, &[x_gain]) {
        return;
    }
    let vel = lerp(*v, (x_goal - *x) / dt, x_gain.clamp(0.0, 1.0));
    *v = vel;
    *x += dt * vel;
}

/// The source's "improved" tracking spring: the per-frame blends replaced by
/// [`damper_exact`] with halflives (the source uses 0 for acceleration, 0.05 s for velocity,
/// 1.0 s for position).
///
/// Less frame-rate dependent than [`tracking_spring_update`], but still **not dt-invariant** (the
/// blends are applied in sequence once per step and the position target is `(x_goal - x) / dt`).
/// Halflives follow [`damper_exact`] (0 snaps that blend fully). A `dt` that is NaN, infinite or
/// `<= 0` leaves the state unchanged.
///
/// ```
/// use hooke::scalar::tracking_spring_update_improved;
/// let dt = 1.0 / 60.0;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// for _ in 0..600 {
///     tracking_spring_update_improved(&mut x, &mut v, 1.0, 0.0, 0.0, 1.0, 0.05, 0.0, dt);
/// }
/// assert!((x - 1.0).abs() < 0.01);
/// ```
#[allow(clippy::too_many_arguments)] // the source's signature, kept for ported code
pub fn tracking_spring_update_improved(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    a_goal: f32,
    x_halflife: f32,
    v_halflife: f32,
    a_halflife: f32,
    dt: f32,
) {
    if !(dt.is_finite() && dt > 0.0) {
        return;
    }
    let mut vel = damper_exact(*v, *v + a_goal * dt, a_halflife, dt);
    vel = damper_exact(vel, v_goal, v_halflife, dt);
    vel = damper_exact(vel, (x_goal - *x) / dt, x_halflife, dt);
    *v = vel;
    *x += dt * vel;
}
