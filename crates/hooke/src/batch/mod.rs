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
mod quat;
mod smooth_damp;
mod step_cache;
mod timed;
mod tracking;
mod velocity;

pub use character::CharacterControllers;
pub use compound::{DoubleSprings, TimedSprings};
pub use critical::{CriticalSprings, DecaySprings};

use std::collections::TryReserveError;

use glam::{Quat, Vec3};

use crate::ParamError;
use crate::column::{Column, QuatColumns, Vec3Columns};

/// `update` and `par_update` of a batch type, both through its `update_with_grain`: one
/// implementation of the threading choice for every batch. `$example` builds the batch `s` of
/// the doc examples.
macro_rules! batch_updates {
    ($batch:ident, $example:literal) => {
        impl $batch {
            /// Advances the whole batch by `dt` (finite, `>= 0`) on the calling thread.
            ///
            /// ```
            #[doc = concat!("let mut s = ", $example, ";")]
            /// s.update(1.0 / 60.0)?;
            /// assert!(s.update(f32::NAN).is_err());
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn update(&mut self, dt: f32) -> Result<(), crate::ParamError> {
                self.update_with_grain(dt, crate::par::NO_SPLIT)
            }

            /// Advances the whole batch by `dt` on rayon's threads, bit-identical to
            /// [`update`](Self::update); a batch below [`crate::par::DEFAULT_GRAIN`] lane groups
            /// stays on the calling thread.
            ///
            /// ```
            #[doc = concat!("let mut s = ", $example, ";")]
            /// s.par_update(1.0 / 60.0)?;
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn par_update(&mut self, dt: f32) -> Result<(), crate::ParamError> {
                self.update_with_grain(dt, crate::par::DEFAULT_GRAIN)
            }
        }
    };
}
pub(crate) use batch_updates;

/// `len`, `is_empty` and the slice accessors of a batch type's `f32` columns: one source for the
/// accessors every batch has, each with its rustdoc and a runnable example. `$example` builds a
/// batch `s` of two `$items` (every column it exposes mutably at 0); `$len` is the column whose
/// length is the batch's. Each accessor is written as its receiver and the field it reads:
///
/// ```text
/// /// Positions.
/// fn x(&self) = x;          // pub fn x(&self) -> &[f32]
/// /// Positions, mutably.
/// fn x_mut(&mut self) = x;  // pub fn x_mut(&mut self) -> &mut [f32]
/// ```
macro_rules! batch_columns {
    (
        $batch:ident = $example:literal, $items:literal of $($len:ident).+;
        $( $(#[doc = $doc:literal])+ fn $name:ident $receiver:tt = $($field:ident).+; )*
    ) => {
        impl $batch {
            #[doc = concat!("Number of ", $items, ".")]
            ///
            /// ```
            #[doc = concat!("let s = ", $example, ";")]
            /// assert_eq!(s.len(), 2);
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn len(&self) -> usize {
                self.$($len).+.len()
            }

            #[doc = concat!("Whether there are no ", $items, ".")]
            ///
            /// ```
            #[doc = concat!("let s = ", $example, ";")]
            /// assert!(!s.is_empty());
            /// # Ok::<(), hooke::ParamError>(())
            /// ```
            pub fn is_empty(&self) -> bool {
                self.len() == 0
            }

            $( $crate::batch::batch_columns!(@accessor [$($doc)+] $example, $name $receiver [$($field).+]); )*
        }
    };
    (@accessor [$($doc:literal)+] $example:literal, $name:ident (&self) [$($field:ident).+]) => {
        $(#[doc = $doc])+
        ///
        /// ```
        #[doc = concat!("let s = ", $example, ";")]
        #[doc = concat!("assert_eq!(s.", stringify!($name), "().len(), s.len());")]
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn $name(&self) -> &[f32] {
            self.$($field).+.as_slice()
        }
    };
    (@accessor [$($doc:literal)+] $example:literal, $name:ident (&mut self) [$($field:ident).+]) => {
        $(#[doc = $doc])+
        ///
        /// ```
        #[doc = concat!("let mut s = ", $example, ";")]
        #[doc = concat!("s.", stringify!($name), "()[1] = 0.5;")]
        #[doc = concat!("assert_eq!(s.", stringify!($name), "(), &[0.0, 0.5]);")]
        /// # Ok::<(), hooke::ParamError>(())
        /// ```
        pub fn $name(&mut self) -> &mut [f32] {
            self.$($field).+.as_mut_slice()
        }
    };
}
pub(crate) use batch_columns;

/// The allocation failure of a batch `name` of `len` springs, as a typed error.
fn out_of_memory(name: &'static str, len: usize) -> impl FnOnce(TryReserveError) -> ParamError {
    move |_| ParamError::OutOfMemory { name, len }
}

/// A state column of `len` springs (padding 0): sizes come from callers, so an allocation that
/// fails is an error, never an abort.
pub(crate) fn state_column(name: &'static str, len: usize) -> Result<Column, ParamError> {
    Column::try_with_padding(len, 0.0, 0.0).map_err(out_of_memory(name, len))
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

/// Vector state columns of `len` springs at `value`, fallibly (see [`state_column`]).
pub(crate) fn vec3_state(
    name: &'static str,
    len: usize,
    value: Vec3,
) -> Result<Vec3Columns, ParamError> {
    Vec3Columns::try_new(len, value).map_err(out_of_memory(name, len))
}

/// Rotation state columns of `len` springs at `value`, fallibly (see [`state_column`]).
pub(crate) fn quat_state(
    name: &'static str,
    len: usize,
    value: Quat,
) -> Result<QuatColumns, ParamError> {
    QuatColumns::try_new(len, value).map_err(out_of_memory(name, len))
}
pub use damper::Dampers;
pub use extrapolate::Extrapolators;
pub use general::GeneralSprings;
pub use quat::{QuatDecaySprings, QuatSprings};
pub use smooth_damp::SmoothDampers;
pub use tracking::TrackingSprings;
pub use velocity::VelocitySprings;
