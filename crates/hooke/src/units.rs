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

pub(crate) fn halflife_to_damping_f64(halflife: f64) -> f64 {
    4.0 * LN_2 / halflife
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
    (4.0 * LN_2 / f64::from(damping)) as f32
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
    let d = 2.0 * frequency_to_stiffness_f64(f64::from(frequency)).sqrt();
    (4.0 * LN_2 / d) as f32
}

/// The natural frequency (Hz) at which a spring with the given damping `halflife` is critical.
///
/// ```
/// let f = hooke::scalar::critical_frequency(0.1);
/// assert!(f > 0.0);
/// ```
pub fn critical_frequency(halflife: f32) -> f32 {
    let d = halflife_to_damping_f64(f64::from(halflife));
    ((d / 2.0) / (2.0 * PI)) as f32
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
