//! Batches of values extrapolated with decaying velocities.

use super::halflife::{Halflife, Step, halflife_setters};
use super::{batch_columns, batch_updates, set_columns, state_column};
use crate::column::Column;
use crate::error::{ParamError, check_dt};
use crate::lanes::{damper_rate, extrapolate_factors_f32, extrapolate_rates, extrapolate_shared};
use crate::par::{self, Shared};

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
#[derive(Debug, Clone)]
pub struct Extrapolators {
    x: Column,
    v: Column,
    halflife: Halflife<(f32, f32)>,
}

impl Extrapolators {
    /// `len` values at 0 with velocity 0 sharing `halflife` (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::Extrapolators::new(1, f32::INFINITY).is_err());
    /// ```
    pub fn new(len: usize, halflife: f32) -> Result<Extrapolators, ParamError> {
        Extrapolators::with_halflife(len, Halflife::shared(halflife)?)
    }

    /// One value per halflife in `halflives` (each finite, `>= 0`; 0 stops the value at once), at
    /// 0 with velocity 0. Errors name the index of the first bad halflife.
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
    pub fn with_halflives(halflives: &[f32]) -> Result<Extrapolators, ParamError> {
        let halflife = Halflife::per_spring("Extrapolators", halflives, damper_rate)?;
        Extrapolators::with_halflife(halflives.len(), halflife)
    }

    fn with_halflife(
        len: usize,
        halflife: Halflife<(f32, f32)>,
    ) -> Result<Extrapolators, ParamError> {
        Ok(Extrapolators {
            x: state_column("Extrapolators", len)?,
            v: state_column("Extrapolators", len)?,
            halflife,
        })
    }

    /// Sets every value and velocity from slices of the batch's length (errors name the slice whose length
    /// differs; on an error nothing changes).
    ///
    /// ```
    /// let mut s = hooke::batch::Extrapolators::new(2, 0.1)?;
    /// s.set_state(&[1.0, 2.0], &[0.0, 0.0])?;
    /// assert_eq!(s.x()[1], 2.0);
    /// assert!(s.set_state(&[1.0], &[0.0, 0.0]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_state(&mut self, x: &[f32], v: &[f32]) -> Result<(), ParamError> {
        set_columns([(&mut self.x, "x", x), (&mut self.v, "v", v)])
    }

    /// Like [`par_update`](Self::par_update) with a chosen grain (lane groups per task).
    ///
    /// ```
    /// hooke::batch::Extrapolators::new(64, 0.1)?.update_with_grain(0.1, 1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        let (x, v) = (self.x.lanes_mut(), self.v.lanes_mut());
        match self.halflife.step(dt, extrapolate_factors_f32) {
            Step::Shared(factors) => {
                let factors = Shared(factors);
                par::run((x, v, factors), grain, &|(x, v, f)| {
                    extrapolate_shared(x, v, f.0.0, f.0.1)
                });
            }
            Step::Rates(rates) => {
                // Factors from each value's rate and this frame's dt, inside the kernel.
                par::run((x, v, rates), grain, &|(x, v, k)| {
                    extrapolate_rates(x, v, k, dt)
                });
            }
        }
        Ok(())
    }
}

halflife_setters!(Extrapolators, halflife, damper_rate);

batch_updates!(Extrapolators, "hooke::batch::Extrapolators::new(100, 0.1)?");

batch_columns! {
    Extrapolators = "hooke::batch::Extrapolators::new(2, 0.1)?", "values" of x;
    /// Values.
    fn x(&self) = x;
    /// Values, mutably.
    fn x_mut(&mut self) = x;
    /// Velocities.
    fn v(&self) = v;
    /// Velocities, mutably.
    fn v_mut(&mut self) = v;
}
