//! The scalar spring library: every spring of the source articles, exact for every parameter.
//!
//! These are the unchecked fast path and the reference that the SIMD batch kernels are tested
//! against. Their domain is `halflife, dt, stiffness, damping, frequency >= 0` and
//! `damping_ratio > 0`. Outside it nothing becomes NaN: negative parameters are clamped to 0,
//! a NaN parameter or a `dt` that is not finite leaves the state unchanged, and a halflife of 0 (or
//! an infinite stiffness or damping) makes a spring rigid: `x = x_goal`, `v = v_goal`. `dt = 0`
//! returns the state unchanged, bit for bit. For parameters that come from users or files, use
//! [`crate::SpringParams`], which reports invalid values as typed errors.
//!
//! The names follow the source articles so that code ported from them finds its functions.

mod approx;
mod blend_curve;
mod character;
mod compound;
mod damper;
mod drift;
mod energy;
mod extrapolate;
mod implicit;
mod inertialize;
mod interpolate;
mod quat;
mod smooth_damp;
mod smooth_damp_rotation;
mod spring;
mod tracking;

// The parameter conversions live in the base layer (`crate::units`, used by `coeffs`); the
// scalar API re-exports them beside the springs that take their results.
pub use crate::units::*;

pub use approx::*;
pub use blend_curve::*;
pub use character::*;
pub use compound::*;
pub use damper::*;
pub use drift::*;
pub use energy::*;
pub use extrapolate::*;
pub use implicit::*;
pub use inertialize::*;
pub use interpolate::*;
pub use quat::*;
pub use smooth_damp::*;
pub use smooth_damp_rotation::*;
pub use spring::*;
pub use tracking::*;

/// Saturates an `f64` to the finite `f32` range: the slow paths that keep finite input from
/// becoming infinite (a step recomputed in `f64` when its `f32` result overflowed).
///
/// ```
/// use hooke::scalar::saturate;
/// assert_eq!(saturate(1e300), f32::MAX);
/// assert_eq!(saturate(-6e38), -f32::MAX);
/// assert_eq!(saturate(0.5), 0.5);
/// ```
pub fn saturate(x: f64) -> f32 {
    let max = f64::from(f32::MAX);
    x.clamp(-max, max) as f32
}

/// [`saturate`] per component.
pub(crate) fn saturate_vec3(v: glam::DVec3) -> glam::Vec3 {
    let max = f64::from(f32::MAX);
    v.clamp(glam::DVec3::splat(-max), glam::DVec3::splat(max))
        .as_vec3()
}
