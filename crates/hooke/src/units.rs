//! Conversions between the spring parameters: halflife, damping, frequency, stiffness, damping ratio.
//!
//! Unit mass throughout: `a = stiffness (goal - x) + damping (goal_velocity - v)`.
//!
//! "Halflife" is exact for the first-order damper only (`x(h) = x0 / 2`). For the critical spring
//! with zero initial velocity, `x(h) / x0 = (1 + 2 ln 2) / 4 = 0.597`: the factor `4 ln 2` in
//! [`halflife_to_damping`] is a convention that makes the two decay at the same asymptotic rate.
//! Unlike the source articles, no epsilon is added to the halflife (that biases every spring);
//! halflife 0 maps to infinite damping, which the springs treat as a rigid (snapping) spring.

use std::f64::consts::{LN_2, PI};

/// The rate `y = 2 ln2 / halflife` of the critical spring with this halflife (`y = damping / 2`;
/// a damper's rate is `y / 2`, the damping `2 y`): the one place `ln 2 / halflife` is written.
///
/// The map is its own inverse: `critical_rate_f64(y)` is the halflife of rate `y`. Halflife 0
/// gives `+inf` (a rigid spring). Every scalar spring, the coefficients, the units below and the
/// `f64` slow paths of the kernels take their rate from here; the `f32` form is
/// [`critical_rate`], the `f32x8` one `lanes::critical_rate8`.
///
/// ```
/// use hooke::scalar::critical_rate_f64;
/// assert_eq!(critical_rate_f64(2.0 * std::f64::consts::LN_2), 1.0);
/// assert_eq!(critical_rate_f64(0.0), f64::INFINITY);
/// ```
pub fn critical_rate_f64(halflife: f64) -> f64 {
    2.0 * LN_2 / halflife
}

/// The domain of every exact halflife step, in one place: the halflife and `dt` in `f64`, or
/// `None` for a step that changes nothing (a NaN halflife, or a `dt` that is not finite and
/// `> 0`). A halflife `<= 0` is inside the domain: each step snaps to its goal there.
pub(crate) fn exact_step_domain(halflife: f32, dt: f32) -> Option<(f64, f64)> {
    let (h, t) = (f64::from(halflife), f64::from(dt));
    (!h.is_nan() && t > 0.0 && t.is_finite()).then_some((h, t))
}

/// [`critical_rate_f64`] for `f32` halflives, as the rate kernels store it: computed in `f64` and
/// rounded once; `+inf` for a rigid spring (halflife 0, or a rate beyond the `f32` range, as in
/// [`crate::SpringCoeffs::critical`]). `halflife` must be finite and `>= 0` (the batches check).
///
/// ```
/// use hooke::scalar::critical_rate;
/// assert_eq!(critical_rate(0.0), f32::INFINITY);
/// assert!((critical_rate(std::f32::consts::LN_2) - 2.0).abs() < 1e-6);
/// ```
pub fn critical_rate(halflife: f32) -> f32 {
    let y = critical_rate_f64(f64::from(halflife));
    if y > f64::from(f32::MAX) || y.is_nan() {
        f32::INFINITY
    } else {
        y as f32
    }
}

pub(crate) fn halflife_to_damping_f64(halflife: f64) -> f64 {
    // 2 y: exactly 4 ln2 / halflife (a power of two scales without rounding).
    2.0 * critical_rate_f64(halflife)
}

pub(crate) fn frequency_to_stiffness_f64(frequency: f64) -> f64 {
    let omega = 2.0 * PI * frequency;
    omega * omega
}

/// Damping `d = 4 ln2 / halflife` of the spring whose decay has the given halflife.
///
/// Halflife 0 gives `+inf` (a rigid spring).
///
/// ```
/// use hooke::scalar::{damping_to_halflife, halflife_to_damping};
/// let d = halflife_to_damping(0.25);
/// assert!((d - 11.09035).abs() < 1e-4);
/// assert!((damping_to_halflife(d) - 0.25).abs() < 1e-7);
/// ```
pub fn halflife_to_damping(halflife: f32) -> f32 {
    halflife_to_damping_f64(f64::from(halflife)) as f32
}

/// Inverse of [`halflife_to_damping`]: `halflife = 4 ln2 / damping`.
///
/// ```
/// assert_eq!(hooke::scalar::damping_to_halflife(f32::INFINITY), 0.0);
/// ```
pub fn damping_to_halflife(damping: f32) -> f32 {
    // The rate y = d / 2 maps back to its halflife by the same map (exactly 4 ln2 / d).
    critical_rate_f64(0.5 * f64::from(damping)) as f32
}

/// Stiffness `s = (2 pi f)^2` of an undamped spring oscillating at `frequency` Hz.
///
/// ```
/// use hooke::scalar::{frequency_to_stiffness, stiffness_to_frequency};
/// let s = frequency_to_stiffness(1.0);
/// assert!((s - 39.478418).abs() < 1e-4);
/// assert!((stiffness_to_frequency(s) - 1.0).abs() < 1e-7);
/// ```
pub fn frequency_to_stiffness(frequency: f32) -> f32 {
    frequency_to_stiffness_f64(f64::from(frequency)) as f32
}

/// Inverse of [`frequency_to_stiffness`]: `f = sqrt(s) / (2 pi)`.
///
/// ```
/// assert_eq!(hooke::scalar::stiffness_to_frequency(0.0), 0.0);
/// ```
pub fn stiffness_to_frequency(stiffness: f32) -> f32 {
    (f64::from(stiffness).sqrt() / (2.0 * PI)) as f32
}

/// The halflife at which a spring of natural `frequency` (Hz) is critically damped.
///
/// ```
/// use hooke::scalar::{critical_frequency, critical_halflife};
/// let h = critical_halflife(2.0);
/// assert!((critical_frequency(h) - 2.0).abs() < 1e-6);
/// ```
pub fn critical_halflife(frequency: f32) -> f32 {
    // Critical damping d = 2 sqrt(s), rate y = d / 2 = sqrt(s).
    critical_rate_f64(frequency_to_stiffness_f64(f64::from(frequency)).sqrt()) as f32
}

/// The natural frequency (Hz) at which a spring with the given damping `halflife` is critical.
///
/// ```
/// let f = hooke::scalar::critical_frequency(0.1);
/// assert!(f > 0.0);
/// ```
pub fn critical_frequency(halflife: f32) -> f32 {
    (critical_rate_f64(f64::from(halflife)) / (2.0 * PI)) as f32
}

/// Stiffness giving the `damping_ratio` (`r = d / (2 sqrt(s))`) for the given damping.
///
/// ```
/// use hooke::scalar::{damping_ratio_to_damping, damping_ratio_to_stiffness};
/// let s = damping_ratio_to_stiffness(0.5, 10.0);
/// assert!((damping_ratio_to_damping(0.5, s) - 10.0).abs() < 1e-5);
/// ```
pub fn damping_ratio_to_stiffness(damping_ratio: f32, damping: f32) -> f32 {
    let root = f64::from(damping) / (2.0 * f64::from(damping_ratio));
    (root * root) as f32
}

/// Damping giving the `damping_ratio` for the given stiffness: `d = 2 r sqrt(s)`.
///
/// ```
/// assert_eq!(hooke::scalar::damping_ratio_to_damping(1.0, 25.0), 10.0);
/// ```
pub fn damping_ratio_to_damping(damping_ratio: f32, stiffness: f32) -> f32 {
    (2.0 * f64::from(damping_ratio) * f64::from(stiffness).sqrt()) as f32
}

/// The damping ratio `d / (2 sqrt(s))` of a stiffness/damping pair (infinite for `s = 0`).
///
/// ```
/// assert_eq!(hooke::scalar::damping_ratio(25.0, 10.0), 1.0);
/// ```
pub fn damping_ratio(stiffness: f32, damping: f32) -> f32 {
    (f64::from(damping) / (2.0 * f64::from(stiffness).sqrt())) as f32
}

/// Steady-state time lag of a damper (or a critical spring fed no goal velocity) that follows a
/// goal moving at constant speed: `halflife / ln 2`.
///
/// A goal moving at speed `u` is trailed by `u * lag` units.
///
/// ```
/// use hooke::scalar::{halflife_to_lag, lag_to_halflife};
/// let lag = halflife_to_lag(0.1);
/// assert!((lag - 0.1442695).abs() < 1e-6);
/// assert!((lag_to_halflife(lag) - 0.1).abs() < 1e-8);
/// ```
pub fn halflife_to_lag(halflife: f32) -> f32 {
    (f64::from(halflife) / LN_2) as f32
}

/// Inverse of [`halflife_to_lag`].
///
/// ```
/// assert_eq!(hooke::scalar::lag_to_halflife(0.0), 0.0);
/// ```
pub fn lag_to_halflife(lag: f32) -> f32 {
    (f64::from(lag) * LN_2) as f32
}
