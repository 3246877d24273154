//! Batches of springs in structure-of-arrays columns, updated by the SIMD kernels of
//! [`crate::lanes`], optionally across threads ([`crate::par`]).
//!
//! A batch owns its columns (padding lanes inert), validates parameters where they enter (typed
//! [`crate::ParamError`]s naming the field and index) and caches step coefficients per `dt`.
//! `update(dt)` runs on the calling thread; `par_update(dt)` splits large batches across rayon's
//! threads with bit-identical results.

mod character;
mod compound;
mod critical;
mod damper;
mod extrapolate;
mod general;
mod halflife;
mod macros;
mod quat;
mod smooth_damp;
mod step_cache;
mod timed;
mod tracking;
mod velocity;

pub use character::CharacterControllers;
pub use compound::{DoubleSprings, TimedSprings};
pub use critical::{CriticalSprings, DecaySprings};
pub use damper::Dampers;
pub use extrapolate::Extrapolators;
pub use general::GeneralSprings;
pub use quat::{QuatDecaySprings, QuatSprings};
pub use smooth_damp::SmoothDampers;
pub use tracking::TrackingSprings;
pub use velocity::VelocitySprings;

use std::collections::TryReserveError;

use crate::ParamError;
use crate::column::Column;

/// The allocation failure of a batch `name` of `len` springs, as a typed error.
fn out_of_memory(name: &'static str, len: usize) -> impl FnOnce(TryReserveError) -> ParamError {
    move |_| ParamError::OutOfMemory { name, len }
}

/// A state column of `len` springs (padding 0): sizes come from callers, so an allocation that
/// fails is an error, never an abort.
pub(crate) fn state_column(name: &'static str, len: usize) -> Result<Column, ParamError> {
    param_column(name, len, 0.0)
}

/// A parameter column of `len` springs whose padding lanes hold `pad` (a value that keeps them
/// inert), fallibly (see [`state_column`]).
pub(crate) fn param_column(name: &'static str, len: usize, pad: f32) -> Result<Column, ParamError> {
    Column::try_with_padding(len, 0.0, pad).map_err(out_of_memory(name, len))
}

/// Copies each `(column, name, values)` after checking every length against the column's first
/// (errors name the slice), so that on an error nothing changes: the one `set_state` of every
/// batch.
pub(crate) fn set_columns<const N: usize>(
    columns: [(&mut Column, &'static str, &[f32]); N],
) -> Result<(), ParamError> {
    for (column, name, values) in &columns {
        crate::error::check_len(name, column.len(), values.len())?;
    }
    for (column, _, values) in columns {
        column.as_mut_slice().copy_from_slice(values);
    }
    Ok(())
}
