//! Halflife parameters of a batch (shared or per spring) and their cached step coefficients.

use crate::coeffs::SpringCoeffs;
use crate::column::Column;
use wide::f32x8;

use crate::error::{ParamError, check_dt, check_non_negative};
use crate::lanes::{CoeffColumns, CoeffSlices, LaneCoeffs, critical_rate};

/// Padding halflife: any finite positive value keeps padding lanes inert.
const PAD_HALFLIFE: f32 = 1.0;

/// Coefficients for one update: shared by the whole batch or one set per spring.
#[derive(Debug, Clone, Copy)]
pub(crate) enum CoeffsRef<'a> {
    Shared(LaneCoeffs),
    PerSpring(CoeffSlices<'a>),
}

/// Validated halflives of a batch of critical springs, with coefficients cached per `dt`.
#[derive(Debug, Clone)]
pub(crate) struct CriticalParams {
    shared: Option<f32>,
    per_spring: Column,
    cached_dt: Option<f32>,
    shared_coeffs: LaneCoeffs,
    coeffs: CoeffColumns,
    /// Per-spring rates `2 ln2 / halflife` ([`critical_rate`]) for the per-frame kernels: what
    /// does not depend on `dt`, computed once when the halflives are set.
    rates: Column,
}

impl CriticalParams {
    pub fn shared(halflife: f32) -> Result<CriticalParams, ParamError> {
        let halflife = check_non_negative("halflife", halflife)?;
        Ok(CriticalParams {
            shared: Some(halflife),
            per_spring: Column::with_padding(0, 0.0, PAD_HALFLIFE),
            cached_dt: None,
            shared_coeffs: LaneCoeffs::splat(&SpringCoeffs::IDENTITY),
            coeffs: CoeffColumns::identity(0),
            rates: Column::with_padding(0, 0.0, critical_rate(PAD_HALFLIFE)),
        })
    }

    pub fn per_spring(halflives: &[f32]) -> Result<CriticalParams, ParamError> {
        check_halflives(halflives)?;
        Ok(CriticalParams {
            shared: None,
            per_spring: Column::from_slice_padded(halflives, PAD_HALFLIFE),
            cached_dt: None,
            shared_coeffs: LaneCoeffs::splat(&SpringCoeffs::IDENTITY),
            coeffs: CoeffColumns::identity(halflives.len()),
            rates: {
                let rates: Vec<f32> = halflives.iter().map(|&h| critical_rate(h)).collect();
                Column::from_slice_padded(&rates, critical_rate(PAD_HALFLIFE))
            },
        })
    }

    /// The per-spring rates for the per-frame kernels ([`crate::lanes::spring_rates`]), or `None`
    /// for a shared halflife.
    pub fn rates(&self) -> Option<&[f32x8]> {
        match self.shared {
            Some(_) => None,
            None => Some(self.rates.lanes()),
        }
    }

    /// Refreshes the cached coefficients for `dt` (only when `dt` changed) and returns them.
    pub fn coeffs(&mut self, dt: f32) -> Result<CoeffsRef<'_>, ParamError> {
        let dt = check_dt(dt)?;
        if self.cached_dt != Some(dt) {
            match self.shared {
                Some(h) => self.shared_coeffs = LaneCoeffs::splat(&SpringCoeffs::critical(h, dt)),
                None => self.coeffs.fill_critical(&self.per_spring, dt),
            }
            self.cached_dt = Some(dt);
        }
        Ok(match self.shared {
            Some(_) => CoeffsRef::Shared(self.shared_coeffs),
            None => CoeffsRef::PerSpring(self.coeffs.slices()),
        })
    }
}

/// Checks a column of halflives: each finite and `>= 0`, errors naming the index.
pub(crate) fn check_halflives(halflives: &[f32]) -> Result<(), ParamError> {
    for (i, &h) in halflives.iter().enumerate() {
        check_non_negative("halflife", h).map_err(|e| e.at(i))?;
    }
    Ok(())
}

/// The halflife of a batch whose per-spring kernels step rates (`lanes::*_rates`): one shared
/// value, or one rate per spring computed when the halflives are set (what does not depend on
/// `dt`), so that the kernels need only this frame's `dt`.
#[derive(Debug, Clone)]
pub(crate) enum Halflife {
    Shared(f32),
    PerSpring(Column),
}

impl Halflife {
    /// A shared halflife, finite and `>= 0`.
    pub fn shared(halflife: f32) -> Result<Halflife, ParamError> {
        Ok(Halflife::Shared(check_non_negative("halflife", halflife)?))
    }

    /// Per-spring halflives (each finite and `>= 0`, checked) as rates `rate(halflife)`, for a
    /// batch called `name` (allocation errors name it).
    pub fn per_spring(
        name: &'static str,
        halflives: &[f32],
        rate: fn(f32) -> f32,
    ) -> Result<Halflife, ParamError> {
        Ok(Halflife::PerSpring(rate_column(name, halflives, rate)?))
    }
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
