//! SIMD kernels over `f32x8` lane slices and the coefficients they read.
//!
//! Kernels are plain functions: they take lane slices (from [`crate::column::Column::lanes`]) and
//! coefficients, never allocate, never spawn threads and never panic; slices of different lengths
//! are processed up to the shortest. Each kernel has a scalar twin in [`crate::scalar`] and is
//! tested against it lane by lane. Threading lives in [`crate::par`]; the batch types in
//! [`crate::batch`] own the columns and validate parameters.

mod character;
mod closed_form;
mod coeffs;
mod compound;
mod exp;
mod extrapolate;
mod general;
mod quat;
mod rates;
mod smooth_damp;
mod spring;
mod tracking;

pub use character::*;
pub use closed_form::*;
pub use coeffs::*;
pub use compound::*;
pub use exp::*;
pub use extrapolate::*;
pub use general::*;
pub use quat::*;
pub use rates::*;
pub use smooth_damp::*;
pub use spring::*;
pub use tracking::*;
