//! Opt-in approximations of the exponential, as used by the source articles.
//!
//! hooke's exact functions use a real exponential (and precomputed coefficients make its cost
//! irrelevant in hot loops). These approximations are kept for code that was tuned against them
//! or that really cannot afford `exp`. They are **not** dt-invariant: one step of `dt` no longer
//! equals two steps of `dt / 2`, because `fast_negexp(a + b) != fast_negexp(a) * fast_negexp(b)`.

use std::f32::consts::LN_2;

/// A rational approximation of `e^(-x)`: `1 / (1 + x + 0.48 x² + 0.235 x³)`.
///
/// Measured maximum absolute error against `e^(-x)` over `x` in `[0, 100]`: **0.0188**
/// (0.01876 at `x ≈ 3.34`, on a grid of 10⁶ points; see the test `fast_negexp_error_bound` in
/// `tests/drift_implicit.rs`). The
/// relative error grows without bound for large `x` (the approximation decays like `x⁻³`, not
/// exponentially: at `x = 10` it is about 4 × 10⁻⁴ where `e^(-10)` is 4.5 × 10⁻⁵).
///
/// **It breaks dt-invariance**: a damper stepped once with `dt` and many times with `dt / n`
/// reaches different values (see [`damper_fast`]). Prefer [`crate::scalar::damper_exact`].
///
/// Domain `x >= 0` (a decay rate times a time step). For negative `x` it returns
/// `1 / fast_negexp(-x)` (the polynomial itself), which stays finite and positive where the
/// reference formula has a pole near `x = -1.4`. NaN gives NaN; `+inf` gives 0.
///
/// ```
/// use hooke::scalar::fast_negexp;
/// assert_eq!(fast_negexp(0.0), 1.0);
/// assert!((fast_negexp(1.0) - (-1.0_f32).exp()).abs() < 0.0188);
/// assert!(fast_negexp(-1.0) > 1.0);
/// ```
#[inline]
pub fn fast_negexp(x: f32) -> f32 {
    let ax = x.abs();
    // Horner form of 1 + x + 0.48 x^2 + 0.235 x^3; overflows to +inf (giving 0) for huge x.
    let poly = 1.0 + ax * (1.0 + ax * (0.48 + 0.235 * ax));
    if x < 0.0 { poly } else { 1.0 / poly }
}

/// A damper using [`fast_negexp`]: `x + (goal - x) * (1 - fast_negexp(ln2 dt / halflife))`.
///
/// The source's `damper_implicit`, without the `+ eps` on the halflife: a halflife of 0 (or
/// negative) returns `goal`, `dt <= 0` or a NaN parameter returns `x`.
///
/// **Not dt-invariant**: with halflife 0.1 s, one step of 0.5 s from 1 toward 0 gives 0.0500,
/// while 500 steps of 1 ms give 0.0313 (the exact value is 2⁻⁵ = 0.03125). The error of one step
/// is up to 0.0188 of the distance to the goal (the bound of [`fast_negexp`]).
///
/// ```
/// use hooke::scalar::{damper_exact, damper_fast};
/// let fast = damper_fast(1.0, 0.0, 0.1, 0.5);
/// let exact = damper_exact(1.0, 0.0, 0.1, 0.5);
/// assert!((fast - exact).abs() < 0.0188);
/// assert!((exact - 0.03125).abs() < 1e-6);
/// ```
pub fn damper_fast(x: f32, goal: f32, halflife: f32, dt: f32) -> f32 {
    if halflife.is_nan() || dt.is_nan() || dt <= 0.0 {
        return x;
    }
    if halflife <= 0.0 {
        return goal;
    }
    let alpha = 1.0 - fast_negexp(LN_2 * dt / halflife);
    x + (goal - x) * alpha
}
