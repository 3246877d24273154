//! SIMD maths types: eight values per `wide::f32x8` lane group, the vocabulary of the kernels
//! in [`crate::lanes`]. Pure maths: no columns, no coefficients, no threads.

mod ops;
mod quat;
mod vec3;

pub use ops::{cross_fade_velocity8, cross_fade8, mix};
pub use quat::*;
pub use vec3::*;
