//! Batches of springs in structure-of-arrays columns, updated by the SIMD kernels of
//! [`crate::lanes`], optionally across threads ([`crate::par`]).
//!
//! A batch owns its columns (padding lanes inert), validates parameters where they enter (typed
//! [`crate::ParamError`]s naming the field and index) and caches step coefficients per `dt`.
//! `update(dt)` runs on the calling thread; `par_update(dt)` splits large batches across rayon's
//! threads with bit-identical results.

mod critical;
mod damper;
mod general;
mod halflife;
mod quat;

pub use critical::{CriticalSprings, DecaySprings};
pub use damper::Dampers;
pub use general::GeneralSprings;
pub use quat::{QuatDecaySprings, QuatSprings};
