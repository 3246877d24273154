//! Batches of values extrapolated with decaying velocities.

use super::macros::halflife_batch;
use crate::column::Column;
use crate::lanes::{damper_rate, extrapolate_factors_f32, extrapolate_rates, extrapolate_shared};

halflife_batch! {
    /// Many values moving on with their velocities, the velocities halving every `halflife`
    /// (e.g. a pose held through a dropped network update, or dead blending's source); the halflife
    /// is shared or given per value ([`with_halflives`](Self::with_halflives)). The SIMD batch of
    /// [`crate::scalar::extrapolate_decay`]: exact for any `dt`, total travel `v halflife / ln 2`.
    ///
    /// ```
    /// use hooke::batch::Extrapolators;
    /// let mut e = Extrapolators::new(100, 0.5)?;
    /// e.v_mut().fill(1.0);
    /// e.update(100.0)?;
    /// assert!((e.x()[0] - 0.5 / std::f32::consts::LN_2).abs() < 1e-5);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub struct Extrapolators: "values" of x {
        halflife: Halflife<(f32, f32)> by damper_rate;
        x, v: Column;
    }
    /// Halflife 0 stops the value at once.
    ///
    /// ```
    /// use hooke::{batch::Extrapolators, ParamError};
    /// let mut e = Extrapolators::with_halflives(&[0.5, 0.0])?;
    /// e.v_mut().fill(1.0);
    /// e.update(0.5)?;
    /// assert!((e.v()[0] - 0.5).abs() < 1e-6 && e.x()[1] == 0.0);
    /// let err = Extrapolators::with_halflives(&[-0.5]).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "halflife", index: 0, .. }));
    /// # Ok::<(), ParamError>(())
    /// ```
    fn new and with_halflives: "at 0 with velocity 0";
    // With per-spring halflives, the factors from each value's rate and this frame's dt, inside
    // the kernel.
    fn advance(dt) on (x, v;) by extrapolate_factors_f32 =>
        |(x, v), &(travel, decay)| extrapolate_shared(x, v, travel, decay),
        |(x, v), k| extrapolate_rates(x, v, k, dt);
    /// Sets every value and velocity.
    fn set_state(x, v);
    /// Values
    fn x, x_mut = x;
    /// Velocities
    fn v, v_mut = v;
}
