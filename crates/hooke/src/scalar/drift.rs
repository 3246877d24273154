//! The drift-correcting damper: a smooth signal that follows an authoritative one on average.
//!
//! Combines a smooth, high-rate signal `s` (a frame clock advancing by `dt`) with an authoritative
//! but noisy, jumpy or coarsely updated signal `n` (an audio playback position): the result has the
//! short-term character of `s` and the long-term average of `n`. Written with the offset from the
//! authoritative signal, `o = x - n`, one update is
//!
//! ```text
//! o' = decay * (o + Δs - Δn)          (update)
//! o' = decay * o + Δs - Δn            (update_scaled)
//! x' = n' + o'
//! ```
//!
//! with `decay = 2^(-dt / halflife)`, the exact exponential, so that an offset left alone halves
//! every `halflife` seconds whatever the step. Without decay `x` would just follow `s`; with a decay
//! of 0 it would just return `n`.
//!
//! The two variants are the same damper seen from two sides:
//!
//! - [`DriftCorrector::update`] is `damper_exact(x + Δs, n', halflife, dt)`: advance by the smooth
//!   step, then damp toward the *new* authoritative sample. This is the source's version.
//! - [`DriftCorrector::update_scaled`] (the source's "scaled" variant, which divides the error
//!   difference by the decay) is `damper_exact(x, n, halflife, dt) + Δs`: damp toward the
//!   *previous* authoritative sample, then advance by the full smooth step. It keeps every smooth
//!   step undamped, but reacts to a new authoritative sample one update later.
//!
//! Both approach `dx/dt = ds/dt + (ln 2 / halflife) (n - x)` as `dt -> 0`. When `n` drifts against
//! `s` at a constant rate `r` (slope of `n` minus slope of `s`), `x` settles at the slope of `n`
//! with a constant lag of about `r * halflife / ln 2` behind it (exactly
//! `r dt decay / (1 - decay)` for `update`, `r dt / (1 - decay)` for `update_scaled`).
//!
//! The state is kept as the offset from `n`, not as `x`, so that a clock that has run for hours
//! loses no precision in the correction (the offset stays small).

use crate::coeffs::damper_alpha;

/// The factor an offset is multiplied by over `dt`: `2^(-dt / halflife)`.
fn decay_factor(halflife: f32, dt: f32) -> f32 {
    1.0 - damper_alpha(halflife, dt)
}

/// State of a drift-correcting damper: combines a smooth signal `s` (a frame clock) with an
/// authoritative but noisy or jumpy signal `n` (an audio clock) into one with the short-term
/// character of `s` and the long-term average of `n`.
///
/// The state is the offset `o = x - n` from the last authoritative sample, so long-running clocks
/// keep their precision. [`update`](Self::update) is `o' = decay (o + Δs - Δn)` (the source's
/// form, `x' = damper_exact(x + Δs, n', halflife, dt)`); [`update_scaled`](Self::update_scaled)
/// is `o' = decay o + Δs - Δn` (the source's "scaled" form, `x' = damper_exact(x, n, halflife,
/// dt) + Δs`), with the exact `decay = 2^(-dt / halflife)`. When `n` drifts against `s` at a rate
/// `r`, `x` takes the slope of `n` with a constant lag of `r dt decay / (1 - decay)`
/// (`r dt / (1 - decay)` for the scaled form), about `r halflife / ln 2`.
///
/// ```
/// use hooke::scalar::DriftCorrector;
///
/// // A frame clock at 60 Hz and an audio clock that only updates every 10 ms and runs 0.1% fast.
/// let dt = 1.0 / 60.0;
/// let mut clock = DriftCorrector::new(0.0);
/// for frame in 1..=6000 {
///     let t = frame as f32 * dt;
///     let audio = (t * 1.001 / 0.01).floor() * 0.01;
///     clock.update(dt, audio, 0.5, dt);
/// }
/// // Ten seconds later the corrected clock is within a few ms of the audio clock.
/// let t = 6000.0 * dt;
/// assert!((clock.value() - t * 1.001).abs() < 0.01);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DriftCorrector {
    offset: f32,
    authoritative: f32,
}

impl DriftCorrector {
    /// Starts on the authoritative signal: `value() == authoritative`.
    ///
    /// ```
    /// let c = hooke::scalar::DriftCorrector::new(12.5);
    /// assert_eq!(c.value(), 12.5);
    /// ```
    pub fn new(authoritative: f32) -> DriftCorrector {
        DriftCorrector {
            offset: 0.0,
            authoritative,
        }
    }

    /// Starts at `value` while the authoritative signal reads `authoritative` (for example on the
    /// smooth signal, as the source does by starting its accumulator at 0).
    ///
    /// ```
    /// let c = hooke::scalar::DriftCorrector::with_value(1.0, 1.25);
    /// assert_eq!(c.offset(), -0.25);
    /// ```
    pub fn with_value(value: f32, authoritative: f32) -> DriftCorrector {
        DriftCorrector {
            offset: value - authoritative,
            authoritative,
        }
    }

    /// The corrected signal.
    ///
    /// ```
    /// let c = hooke::scalar::DriftCorrector::with_value(3.0, 2.0);
    /// assert_eq!(c.value(), 3.0);
    /// ```
    pub fn value(&self) -> f32 {
        self.authoritative + self.offset
    }

    /// The corrected signal minus the last authoritative sample.
    ///
    /// ```
    /// assert_eq!(hooke::scalar::DriftCorrector::new(5.0).offset(), 0.0);
    /// ```
    pub fn offset(&self) -> f32 {
        self.offset
    }

    /// The last authoritative sample.
    ///
    /// ```
    /// assert_eq!(hooke::scalar::DriftCorrector::new(5.0).authoritative(), 5.0);
    /// ```
    pub fn authoritative(&self) -> f32 {
        self.authoritative
    }

    /// Advances by the smooth signal's step `smooth_delta`, then damps toward the new
    /// `authoritative` sample with `halflife` over `dt`; returns the corrected value.
    ///
    /// Equivalent to `x = damper_exact(x + smooth_delta, authoritative, halflife, dt)`, computed on
    /// the offset. Halflife 0 returns `authoritative`; an infinite halflife follows the smooth
    /// signal only. A NaN `halflife` or `dt`, or `dt <= 0`, applies no correction (the smooth step
    /// is still taken and the authoritative sample recorded).
    ///
    /// ```
    /// use hooke::scalar::DriftCorrector;
    /// let mut c = DriftCorrector::new(0.0);
    /// // The authoritative signal jumps by 1; the output moves half-way per halflife.
    /// let x = c.update(0.0, 1.0, 0.1, 0.1);
    /// assert!((x - 0.5).abs() < 1e-6);
    /// ```
    pub fn update(&mut self, smooth_delta: f32, authoritative: f32, halflife: f32, dt: f32) -> f32 {
        let decay = decay_factor(halflife, dt);
        let authoritative_delta = authoritative - self.authoritative;
        self.offset = decay * (self.offset + (smooth_delta - authoritative_delta));
        self.authoritative = authoritative;
        self.value()
    }

    /// The scaled variant: damps toward the previous authoritative sample, then advances by the
    /// full smooth step `smooth_delta`; returns the corrected value.
    ///
    /// Equivalent to `x = damper_exact(x, n_prev, halflife, dt) + smooth_delta`, computed on the
    /// offset. Out-of-domain parameters as for [`update`](Self::update).
    ///
    /// ```
    /// use hooke::scalar::DriftCorrector;
    /// let mut c = DriftCorrector::new(0.0);
    /// // A new authoritative sample only takes effect from the next update.
    /// assert_eq!(c.update_scaled(0.0, 1.0, 0.1, 0.1), 0.0);
    /// assert!((c.update_scaled(0.0, 1.0, 0.1, 0.1) - 0.5).abs() < 1e-6);
    /// ```
    pub fn update_scaled(
        &mut self,
        smooth_delta: f32,
        authoritative: f32,
        halflife: f32,
        dt: f32,
    ) -> f32 {
        let decay = decay_factor(halflife, dt);
        let authoritative_delta = authoritative - self.authoritative;
        self.offset = decay * self.offset + (smooth_delta - authoritative_delta);
        self.authoritative = authoritative;
        self.value()
    }
}

/// The source's accumulator form of [`DriftCorrector::update`], for absolute signals: `smooth`
/// (`s`) and `authoritative` (`n`) are the current readings of both signals, `accumulator` starts
/// at 0 and carries the state. Returns the corrected value.
///
/// The source decays by `e^(-dt)`, a halflife of `ln 2 ≈ 0.693` s; here the halflife is a
/// parameter and the decay is `2^(-dt / halflife)`. Starting from 0, the first output is close to
/// `smooth` and then converges to the average of `authoritative`.
///
/// ```
/// use hooke::scalar::drift_damper_update;
/// let mut acc = 0.0_f32;
/// let dt = 0.01;
/// let mut x = 0.0;
/// for i in 1..=1000 {
///     let s = i as f32 * dt;              // smooth clock
///     let n = s + 0.25;                   // authoritative clock, 0.25 s ahead
///     x = drift_damper_update(&mut acc, s, n, 0.5, dt);
/// }
/// assert!((x - (10.0 + 0.25)).abs() < 1e-3);
/// ```
pub fn drift_damper_update(
    accumulator: &mut f32,
    smooth: f32,
    authoritative: f32,
    halflife: f32,
    dt: f32,
) -> f32 {
    let err = smooth - authoritative;
    // The accumulator holds (offset - err_prev); adding err gives offset + Δs - Δn.
    let offset = (*accumulator + err) * decay_factor(halflife, dt);
    *accumulator = offset - err;
    authoritative + offset
}
