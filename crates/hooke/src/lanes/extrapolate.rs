//! Extrapolation with a decaying velocity (positions and rotations); scalar twin
//! [`crate::scalar::extrapolate_decay`].

use wide::f32x8;

use crate::simd::{Quat8, Vec3x8};

/// `(travel, decay)` of one step of extrapolation with a velocity that halves every `halflife`:
/// `x += v * travel`, `v *= decay` (see [`crate::scalar::extrapolate_decay`]): [`crate::scalar::extrapolate_factors`]
/// rounded once to `f32`, the identity step `(0, 1)` where that gives `None`.
///
/// ```
/// let (travel, decay) = hooke::lanes::extrapolate_factors_f32(0.5, 0.5);
/// assert!((decay - 0.5).abs() < 1e-7);
/// assert!((travel - 0.5 * 0.5 / std::f32::consts::LN_2).abs() < 1e-6);
/// ```
pub fn extrapolate_factors_f32(halflife: f32, dt: f32) -> (f32, f32) {
    // The scalar twin's factors, rounded once; `None` (nothing to do) is the identity step.
    crate::scalar::extrapolate_factors(halflife, dt)
        .map_or((0.0, 1.0), |(travel, decay)| (travel as f32, decay as f32))
}

/// Extrapolates values with decaying velocities (dead blending's source pose), sharing factors
/// from [`extrapolate_factors_f32`]. The SIMD twin of [`crate::scalar::extrapolate_decay`].
///
/// ```
/// use hooke::{column::Column, lanes::{extrapolate_shared, extrapolate_factors_f32}};
/// let (mut x, mut v) = (Column::new(3, 0.0), Column::new(3, 1.0));
/// let (travel, decay) = extrapolate_factors_f32(0.1, 0.1);
/// extrapolate_shared(x.lanes_mut(), v.lanes_mut(), travel, decay);
/// assert!((v.as_slice()[0] - 0.5).abs() < 1e-6);
/// ```
pub fn extrapolate_shared(x: &mut [f32x8], v: &mut [f32x8], travel: f32, decay: f32) {
    let (t, d) = (f32x8::splat(travel), f32x8::splat(decay));
    for (x, v) in x.iter_mut().zip(v.iter_mut()) {
        *x = v.mul_add(t, *x);
        *v *= d;
    }
}

/// Extrapolates rotations with decaying angular velocities (left-multiplied rotation vectors):
/// `q = exp(w travel / 2) * q`, `w *= decay`. The SIMD twin of
/// [`crate::scalar::extrapolate_decay_quat`].
///
/// ```
/// use hooke::lanes::extrapolate_quat_lanes;
/// use hooke::simd::{Quat8, Vec3x8};
/// use wide::f32x8;
/// let w = Vec3x8 { x: f32x8::ZERO, y: f32x8::ZERO, z: f32x8::ONE };
/// let (q, w) = extrapolate_quat_lanes(Quat8::IDENTITY, w, 1.0, 0.5);
/// assert!((q.z.to_array()[0] - 0.5_f32.sin()).abs() < 1e-6);
/// assert_eq!(w.z.to_array()[0], 0.5);
/// ```
#[inline(always)]
pub fn extrapolate_quat_lanes(q: Quat8, w: Vec3x8, travel: f32, decay: f32) -> (Quat8, Vec3x8) {
    let (t, d) = (f32x8::splat(travel), f32x8::splat(decay));
    let turn = Quat8::from_scaled_angle_axis(Vec3x8 {
        x: w.x * t,
        y: w.y * t,
        z: w.z * t,
    });
    (
        turn * q,
        Vec3x8 {
            x: w.x * d,
            y: w.y * d,
            z: w.z * d,
        },
    )
}
