//! Extrapolation with a decaying velocity (positions and rotations); scalar twin
//! [`crate::scalar::extrapolate_decay`].

use wide::f32x8;

use super::exp::{exp_neg, exp_neg_small, psi_series};
use crate::settle::flush_velocity_lanes;
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
    debug_assert_same_len!(x, v);
    if (travel, decay) == (0.0, 1.0) {
        // The identity step (dt = 0): the scalar twin leaves the state bit for bit.
        return;
    }
    let (t, d) = (f32x8::splat(travel), f32x8::splat(decay));
    for (x, v) in x.iter_mut().zip(v.iter_mut()) {
        (*x, *v) = extrapolate_step(*x, *v, t, d);
    }
}

/// One extrapolation step of 8 lanes, the one place both extrapolation kernels store through.
///
/// It cannot produce NaN from finite input: `travel` and `decay` are finite and `>= 0`, the
/// fused multiply-add rounds once (no `inf - inf`), and `|v decay| <= |v|`. A position beyond the
/// `f32` range becomes `±inf`, exactly where the scalar twin's `f64` result rounds to `±inf` too.
#[inline(always)]
fn extrapolate_step(x: f32x8, v: f32x8, travel: f32x8, decay: f32x8) -> (f32x8, f32x8) {
    let x1 = v.mul_add(travel, x);
    // A decayed velocity is flushed below the normal range ([`crate::settle`]): a settled
    // extrapolator would otherwise keep a subnormal velocity forever.
    let v1 = flush_velocity_lanes(v * decay);
    if x1.is_finite().all() {
        (x1, v1)
    } else {
        (saturate_travel(x, v, travel, x1), v1)
    }
}

/// Slow path of [`extrapolate_step`]: lanes whose travel leaves the `f32` range are recomputed in
/// `f64` and saturate at `±f32::MAX`, like every other kernel's.
#[cold]
#[inline(never)]
fn saturate_travel(x: f32x8, v: f32x8, travel: f32x8, x1: f32x8) -> f32x8 {
    let max = f64::from(f32::MAX);
    let [x1] = super::recompute_lanes(!x1.is_finite(), [x, v, travel], [x1], |_, [x, v, t]| {
        [(f64::from(x) + f64::from(v) * f64::from(t)).clamp(-max, max) as f32]
    });
    x1
}

/// Extrapolates values whose velocities decay with one rate each ([`crate::lanes::damper_rate`]:
/// `ln2 / halflife`, `+inf` for halflife 0), over `dt`: the per-spring twin of
/// [`extrapolate_shared`], its factors computed per lane group from the rate and this frame's
/// `dt` (one exponential per lane, [`extrapolate_rate_factors`]). `dt` that is not finite and
/// `> 0` changes nothing (as in the scalar twin).
///
/// ```
/// use hooke::{column::Column, lanes::{damper_rate, extrapolate_rates}};
/// let k = Column::from_slice(&[damper_rate(0.1), damper_rate(0.0)]);
/// let (mut x, mut v) = (Column::new(2, 0.0), Column::new(2, 1.0));
/// extrapolate_rates(x.lanes_mut(), v.lanes_mut(), k.lanes(), 0.1);
/// assert!((v.as_slice()[0] - 0.5).abs() < 1e-6);
/// assert_eq!((x.as_slice()[1], v.as_slice()[1]), (0.0, 0.0)); // halflife 0 stops at once
/// ```
pub fn extrapolate_rates(x: &mut [f32x8], v: &mut [f32x8], rate: &[f32x8], dt: f32) {
    debug_assert_same_len!(x, v, rate);
    if !(dt > 0.0 && dt.is_finite()) {
        return;
    }
    let t = f32x8::splat(dt);
    for ((x, v), k) in x.iter_mut().zip(v.iter_mut()).zip(rate) {
        let (travel, decay) = extrapolate_rate_factors(*k, t);
        (*x, *v) = extrapolate_step(*x, *v, travel, decay);
    }
}

/// `(travel, decay)` of 8 lanes with rates `k = ln2 / halflife` over `dt > 0`: `decay = e^(-z)`,
/// `travel = dt (1 - e^(-z)) / z` with `z = k dt`. Below `z = 1/2` the travel is
/// `dt (e^(-z) + z psi(z))` (the power series of `psi`, no cancellation, `dt` for a huge
/// halflife); above, it is `(1 - e^(-z)) / k`, which stays right when `z` overflows to `+inf`
/// (travel `1 / k`). One exponential per 8 lanes, and one division for a lane group with a lane
/// above `z = 1/2` (below it, the exponential needs no range reduction).
/// Rigid lanes (`k = +inf`) give `(0, 0)`, as [`crate::scalar::extrapolate_factors`] does.
///
/// ```
/// use hooke::lanes::{damper_rate, extrapolate_factors_f32, extrapolate_rate_factors};
/// use wide::f32x8;
/// let (t, d) = extrapolate_rate_factors(f32x8::splat(damper_rate(0.5)), f32x8::splat(0.5));
/// let want = extrapolate_factors_f32(0.5, 0.5);
/// assert!((t.to_array()[0] - want.0).abs() < 1e-6 && (d.to_array()[0] - want.1).abs() < 1e-6);
/// ```
#[inline(always)]
pub fn extrapolate_rate_factors(rate: f32x8, dt: f32x8) -> (f32x8, f32x8) {
    let infinite = rate.simd_eq(f32x8::splat(f32::INFINITY));
    let rigid = infinite & dt.simd_gt(f32x8::ZERO);
    let k = infinite.select(f32x8::ZERO, rate);
    let z = k * dt;
    let half = f32x8::splat(0.5);
    let small = z.simd_lt(half);
    if small.all() {
        // The frame-time case (a halflife of more than a frame or so): no range reduction, no
        // division.
        let e = rigid.select(f32x8::ZERO, exp_neg_small(z));
        return (dt * z.mul_add(psi_series(z), e), e);
    }
    // Rigid lanes: z = 0 and e = 0 make both factors 0.
    let e = rigid.select(f32x8::ZERO, exp_neg(z));
    let phi = z.mul_add(psi_series(z.fast_min(half)), e);
    // k = 0 only where z = 0 (small): the division's lanes are then discarded.
    (small.select(dt * phi, (f32x8::ONE - e) / k), e)
}

/// Extrapolates rotations with decaying angular velocities (left-multiplied rotation vectors):
/// `q = exp(w travel / 2) * q`, `w *= decay`. The SIMD twin of
/// [`crate::scalar::extrapolate_decay_quat`].
///
/// ```
/// use hooke::lanes::extrapolate_quat8;
/// use hooke::simd::{Quat8, Vec3x8};
/// use wide::f32x8;
/// let w = Vec3x8 { x: f32x8::ZERO, y: f32x8::ZERO, z: f32x8::ONE };
/// let (q, w) = extrapolate_quat8(Quat8::IDENTITY, w, 1.0, 0.5);
/// assert!((q.z.to_array()[0] - 0.5_f32.sin()).abs() < 1e-6);
/// assert_eq!(w.z.to_array()[0], 0.5);
/// ```
#[inline(always)]
pub fn extrapolate_quat8(q: Quat8, w: Vec3x8, travel: f32, decay: f32) -> (Quat8, Vec3x8) {
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
