//! Spring energy and oscillation frequency: detecting a frequency in a signal by driving springs
//! with it and watching which one gains energy.
//!
//! A spring's `frequency` parameter is its *natural* frequency `sqrt(s) / 2 pi`. With damping `d`
//! it actually oscillates at the damped frequency `sqrt(s - d^2 / 4) / 2 pi` (the `w` of the closed
//! form in `docs/math.md` §1), and does not oscillate at all once `d^2 / 4 >= s`.

use std::f64::consts::PI;

use crate::units::{critical_rate_f64, frequency_to_stiffness_f64};

/// The energy (per unit mass) of a spring with natural `frequency` (Hz) relative to a rest state:
/// kinetic `(scale (v - v_rest))^2 / 2` plus potential `s (scale (x - x_rest))^2 / 2`, with
/// `s = (2 pi frequency)^2`.
///
/// `scale` converts the value's units (for example to compare springs driven by signals of
/// different amplitudes); the energy grows with its square. For an undamped spring (damping 0) the
/// energy is constant along the motion; damping only removes it; a goal moving at the spring's
/// resonant frequency pumps it in. Computed in `f64`.
///
/// ```
/// use hooke::scalar::spring_energy;
/// // A spring at 1 Hz, displaced by 1 and at rest: potential energy (2 pi)^2 / 2.
/// let e = spring_energy(1.0, 0.0, 1.0, 0.0, 0.0, 1.0);
/// assert!((e - 2.0 * std::f32::consts::PI.powi(2)).abs() < 1e-4);
/// ```
pub fn spring_energy(x: f32, v: f32, frequency: f32, x_rest: f32, v_rest: f32, scale: f32) -> f32 {
    let s = frequency_to_stiffness_f64(f64::from(frequency));
    let scale = f64::from(scale);
    let dv = scale * (f64::from(v) - f64::from(v_rest));
    let dx = scale * (f64::from(x) - f64::from(x_rest));
    (0.5 * (dv * dv + s * dx * dx)) as f32
}

/// The frequency (Hz) at which a spring with natural `frequency` and damping `halflife` actually
/// oscillates: `sqrt(s - d^2 / 4) / 2 pi` with `s = (2 pi frequency)^2`, `d = 4 ln2 / halflife`.
///
/// This is the source article's `resonant_frequency(goal_frequency, halflife)`, whose argument is
/// the spring's frequency parameter: it is the frequency of the spring's free (damped) oscillation,
/// its zero crossings are `1 / (2 result)` seconds apart. The source returns NaN for springs that
/// do not oscillate (critical or over-damped, `d^2 / 4 >= s`); hooke returns 0. Halflife 0 (infinite
/// damping) gives 0; an infinite halflife gives `frequency`. To find the frequency parameter that
/// makes a spring oscillate at a given frequency, use [`frequency_for_oscillation`], the inverse.
///
/// ```
/// use hooke::scalar::resonant_frequency;
/// let f = resonant_frequency(2.0, 1.0);
/// assert!(f < 2.0 && f > 1.98); // light damping lowers the frequency a little
/// assert_eq!(resonant_frequency(1.0, 0.01), 0.0); // over-damped: no oscillation
/// ```
pub fn resonant_frequency(goal_frequency: f32, halflife: f32) -> f32 {
    let s = frequency_to_stiffness_f64(f64::from(goal_frequency));
    let h = f64::from(halflife);
    if h.is_nan() || goal_frequency.is_nan() {
        return f32::NAN;
    }
    if h <= 0.0 {
        return 0.0;
    }
    let y = critical_rate_f64(h);
    let w2 = s - y * y;
    if w2 > 0.0 {
        (w2.sqrt() / (2.0 * PI)) as f32
    } else {
        0.0
    }
}

/// The inverse of [`resonant_frequency`]: the natural frequency to give a spring with damping
/// `halflife` so that it oscillates at `oscillation_frequency` Hz: `sqrt(w^2 + d^2 / 4) / 2 pi`.
///
/// This is what the source article's text says its `resonant_frequency` computes; its code
/// computes the other direction (`s - d^2 / 4` instead of `s + d^2 / 4`). Halflife 0 has no finite
/// answer and gives `+inf`.
///
/// ```
/// use hooke::scalar::{frequency_for_oscillation, resonant_frequency};
/// let f = frequency_for_oscillation(3.0, 0.2);
/// assert!((resonant_frequency(f, 0.2) - 3.0).abs() < 1e-5);
/// ```
pub fn frequency_for_oscillation(oscillation_frequency: f32, halflife: f32) -> f32 {
    let w = 2.0 * PI * f64::from(oscillation_frequency);
    let y = critical_rate_f64(f64::from(halflife).max(0.0));
    (w.hypot(y) / (2.0 * PI)) as f32
}
