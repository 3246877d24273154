//! The halflife parameters of a batch, shared or one per spring: one type for every halflife
//! batch, so that validation, the per-spring rates and the shared coefficients' cache live in one
//! place.

use wide::f32x8;

use super::step_cache::StepCache;
use crate::coeffs::SpringCoeffs;
use crate::column::Column;
use crate::error::{ParamError, check_non_negative};
use crate::lanes::LaneCoeffs;
use crate::par::{self, Shared, Split};

/// Padding halflife: any finite positive value keeps padding lanes inert.
const PAD_HALFLIFE: f32 = 1.0;

/// The halflife of a batch: one shared value, whose step coefficients `C` are computed once per
/// `dt` and cached, or one rate per spring (`rate(halflife)`, e.g. [`crate::lanes::critical_rate`])
/// computed when the halflives are set, what does not depend on `dt`, so that the per-spring
/// kernels (`lanes::*_rates`) need only this frame's `dt`.
#[derive(Debug, Clone)]
pub(crate) enum Halflife<C> {
    Shared { halflife: f32, coeffs: StepCache<C> },
    PerSpring(Column),
}

/// A batch's new halflife, as its setters (`set_halflife`, `set_halflives`) are given it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum NewHalflife<'a> {
    /// One halflife for the whole batch (checked: finite, `>= 0`).
    Shared(f32),
    /// One halflife per spring (each checked, errors naming the index), kept as the rates
    /// `rate(halflife)`, for a batch called `name` (allocation errors name it).
    PerSpring {
        name: &'static str,
        halflives: &'a [f32],
        rate: fn(f32) -> f32,
    },
}

/// What a batch's halflife setters replace: [`Halflife`] itself, or parameters holding one with
/// more that depends on it (the timed springs' lookaheads). One implementation of the setters'
/// contract: the new parameters are built whole before they replace the old ones, so that on an
/// error nothing changes.
pub(crate) trait HalflifeParams: Sized {
    /// The same parameters with `halflife` instead (checked), keeping what does not depend on it.
    fn rebuilt(&self, halflife: NewHalflife<'_>) -> Result<Self, ParamError>;

    /// Replaces the halflife (for `set_halflife` and `set_halflives`); on an error nothing
    /// changes.
    fn set(&mut self, halflife: NewHalflife<'_>) -> Result<(), ParamError> {
        *self = self.rebuilt(halflife)?;
        Ok(())
    }
}

impl<C: Copy> HalflifeParams for Halflife<C> {
    fn rebuilt(&self, halflife: NewHalflife<'_>) -> Result<Self, ParamError> {
        match halflife {
            NewHalflife::Shared(halflife) => Halflife::shared(halflife),
            NewHalflife::PerSpring {
                name,
                halflives,
                rate,
            } => Halflife::per_spring(name, halflives, rate),
        }
    }
}

/// What one update of a halflife batch runs on.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step<'a, C> {
    /// The shared halflife's coefficients for this `dt`.
    Shared(C),
    /// Per-spring rates, for the kernels that compute the coefficients per lane group.
    Rates(&'a [f32x8]),
}

impl<C: Copy> Halflife<C> {
    /// A shared halflife, finite and `>= 0`.
    pub fn shared(halflife: f32) -> Result<Halflife<C>, ParamError> {
        Ok(Halflife::Shared {
            halflife: check_non_negative("halflife", halflife)?,
            coeffs: StepCache::new(),
        })
    }

    /// Per-spring halflives (each finite and `>= 0`, errors naming the index) as rates
    /// `rate(halflife)`, for a batch called `name` (allocation errors name it).
    pub fn per_spring(
        name: &'static str,
        halflives: &[f32],
        rate: fn(f32) -> f32,
    ) -> Result<Halflife<C>, ParamError> {
        Ok(Halflife::PerSpring(rate_column(name, halflives, rate)?))
    }

    /// The shared halflife, or `None` for per-spring halflives.
    pub fn shared_value(&self) -> Option<f32> {
        match self {
            Halflife::Shared { halflife, .. } => Some(*halflife),
            Halflife::PerSpring(_) => None,
        }
    }

    /// One update over `dt` (checked) of the lane slices `state`, split by `grain`
    /// ([`par::run`]): `shared(state, &coeffs)` with the shared halflife's coefficients (cached,
    /// or `coeffs(halflife, dt)` when `dt` changed), or `rates(state, rates)` with the per-spring
    /// rates, whose kernels compute the coefficients from each rate and `dt` (so a `dt` that
    /// changes every frame costs what a constant one costs). `dt = 0` leaves per-spring batches as
    /// they are: the rate kernels' identity step, without the walk.
    pub fn run<S: Split>(
        &mut self,
        dt: f32,
        grain: usize,
        state: S,
        coeffs: impl FnOnce(f32, f32) -> C,
        shared: &(impl Fn(S, &C) + Sync),
        rates: &(impl Fn(S, &[f32x8]) + Sync),
    ) where
        C: Send,
    {
        match self.step(dt, coeffs) {
            Step::Shared(c) => par::run((state, Shared(c)), grain, &|(s, c)| shared(s, &c.0)),
            Step::Rates(r) if dt > 0.0 => par::run((state, r), grain, &|(s, r)| rates(s, r)),
            Step::Rates(_) => {}
        }
    }

    /// What an update over `dt` (checked) runs on: the shared coefficients, from the cache or
    /// `coeffs(halflife, dt)` when `dt` changed, or the per-spring rates.
    pub fn step(&mut self, dt: f32, coeffs: impl FnOnce(f32, f32) -> C) -> Step<'_, C> {
        match self {
            Halflife::Shared {
                halflife,
                coeffs: cache,
            } => Step::Shared(*cache.get(dt, |_, dt| coeffs(*halflife, dt))),
            Halflife::PerSpring(rates) => Step::Rates(rates.lanes()),
        }
    }
}

/// The shared coefficients of the critical batches (critical, decay and quaternion springs).
pub(crate) fn critical_coeffs(halflife: f32, dt: f32) -> LaneCoeffs {
    LaneCoeffs::splat(&SpringCoeffs::critical(halflife, dt))
}

/// Checks a column of halflives: each finite and `>= 0`, errors naming the index.
pub(crate) fn check_halflives(halflives: &[f32]) -> Result<(), ParamError> {
    for (i, &h) in halflives.iter().enumerate() {
        check_non_negative("halflife", h).map_err(|e| e.at(i))?;
    }
    Ok(())
}

/// One `rate(halflife)` per spring (halflives checked first, errors naming the index), padding
/// lanes at the rate of [`PAD_HALFLIFE`], allocated fallibly.
pub(crate) fn rate_column(
    name: &'static str,
    halflives: &[f32],
    rate: fn(f32) -> f32,
) -> Result<Column, ParamError> {
    check_halflives(halflives)?;
    let mut column = super::param_column(name, halflives.len(), rate(PAD_HALFLIFE))?;
    for (r, &h) in column.as_mut_slice().iter_mut().zip(halflives) {
        *r = rate(h);
    }
    Ok(column)
}
