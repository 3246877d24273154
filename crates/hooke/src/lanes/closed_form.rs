//! Branch-free f64x4 twin of `coeffs::closed_form`: step coefficients for per-lane parameters.
//! Each f32x8 lane group is widened into two
//! f64x4 halves so the lanes get the same f64 computation (and so the same f32 coefficients) as
//! the scalar reference.

use wide::{f32x8, f64x4};

use super::coeffs::LaneCoeffs;
use crate::coeffs::{Coeffs, Coeffs64, SpringCoeffs};

fn halves(v: f32x8) -> (f64x4, f64x4) {
    let a = v.to_array();
    (
        f64x4::new([a[0] as f64, a[1] as f64, a[2] as f64, a[3] as f64]),
        f64x4::new([a[4] as f64, a[5] as f64, a[6] as f64, a[7] as f64]),
    )
}

fn join(lo: f64x4, hi: f64x4) -> f32x8 {
    let (l, h) = (lo.to_array(), hi.to_array());
    f32x8::new([
        l[0] as f32,
        l[1] as f32,
        l[2] as f32,
        l[3] as f32,
        h[0] as f32,
        h[1] as f32,
        h[2] as f32,
        h[3] as f32,
    ])
}

type Coeffs64x4 = Coeffs<f64x4>;

fn join_coeffs(lo: Coeffs64x4, hi: Coeffs64x4) -> LaneCoeffs {
    lo.zip(hi).map(|(lo, hi)| join(lo, hi))
}

/// Per-lane coefficients of critical springs from their halflives.
///
/// ```
/// use hooke::{lanes::critical_coeffs_f64, SpringCoeffs};
/// let c = critical_coeffs_f64(wide::f32x8::splat(0.1), wide::f64x4::splat(0.05));
/// let want = SpringCoeffs::critical(0.1, 0.05);
/// // `wide`'s f64 exp may differ from libm's in the last bit, so the f32 rounding may too.
/// assert!((c.lane(0).xx - want.xx).abs() <= 1e-7 && (c.lane(0).vx - want.vx).abs() <= 1e-6);
/// ```
pub fn critical_coeffs_f64(halflife: f32x8, dt: f64x4) -> LaneCoeffs {
    let (lo, hi) = halves(halflife);
    join_coeffs(critical64(lo, dt), critical64(hi, dt))
}

/// Per-lane coefficients of general springs from their stiffness and damping.
///
/// ```
/// use hooke::{lanes::stiffness_damping_coeffs_f64, SpringCoeffs};
/// let c = stiffness_damping_coeffs_f64(wide::f32x8::splat(50.0), wide::f32x8::splat(1.0),
///     wide::f64x4::splat(0.1));
/// let want = SpringCoeffs::stiffness_damping(50.0, 1.0, 0.1);
/// assert!((c.lane(5).vx - want.vx).abs() <= 1e-6 * want.vx.abs());
/// ```
pub fn stiffness_damping_coeffs_f64(stiffness: f32x8, damping: f32x8, dt: f64x4) -> LaneCoeffs {
    stiffness_damping_coeffs_f64_with_force(stiffness, damping, dt).0
}

/// [`stiffness_damping_coeffs_f64`] and, per lane, `p = ∫ m01` over the step (the position response
/// to a constant unit force, `docs/math.md` §1.2), from the same `f64` computation: the
/// tracking kernel's force terms ([`super::tracking_rates`]).
pub(crate) fn stiffness_damping_coeffs_f64_with_force(
    stiffness: f32x8,
    damping: f32x8,
    dt: f64x4,
) -> (LaneCoeffs, f32x8) {
    let (s_lo, s_hi) = halves(stiffness);
    let (d_lo, d_hi) = halves(damping);
    let ((lo, p_lo), (hi, p_hi)) = (
        stiffness_damping64(s_lo, d_lo, dt),
        stiffness_damping64(s_hi, d_hi, dt),
    );
    let (c, p) = (join_coeffs(lo, hi), join(p_lo, p_hi));
    // `wide`'s f64 sine and cosine are exact to an ulp up to phases of 1e8 rad; beyond (a spring
    // oscillating millions of times within one step) take the scalar path, whose libm reduces
    // any argument exactly.
    let huge = |s: f64x4, d: f64x4| {
        let w2 = s - f64x4::splat(0.25) * d * d;
        (w2 * dt * dt).simd_gt(f64x4::splat(MAX_SIMD_PHASE * MAX_SIMD_PHASE))
    };
    let huge_lanes = huge(s_lo, d_lo).to_bitmask() | (huge(s_hi, d_hi).to_bitmask() << 4);
    if huge_lanes == 0 {
        return (c, p);
    }
    let (s, d, t) = (
        stiffness.to_array(),
        damping.to_array(),
        dt.to_array()[0] as f32,
    );
    let (mut lanes, mut p) = (c.map(|v| v.to_array()), p.to_array());
    for i in 0..8 {
        let e = SpringCoeffs::stiffness_damping(s[i], d[i], t);
        lanes
            .as_mut()
            .zip(e)
            .map(|(column, value)| column[i] = value);
        if huge_lanes & (1 << i) != 0 {
            // An under-damped lane (w^2 > 0, so s > 0) outside the series' region: the closed
            // form's p is `-(m00 - 1) / s` there, and xx is `m00 - 1` (0 when s is infinite:
            // rigid, no force moves it).
            p[i] = (-f64::from(e.xx) / f64::from(s[i])) as f32;
        }
    }
    (lanes.map(f32x8::new), f32x8::new(p))
}

/// Largest oscillation phase `w dt` (radians) computed with `wide`'s sine and cosine.
const MAX_SIMD_PHASE: f64 = 1e8;

/// Per-lane coefficients of critical springs with per-lane halflives and per-lane time steps.
///
/// ```
/// use hooke::{lanes::critical_coeffs_f64_lane_dt, SpringCoeffs};
/// use wide::f32x8;
/// let dt = f32x8::new([0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
/// let c = critical_coeffs_f64_lane_dt(f32x8::splat(0.2), dt);
/// assert!((c.lane(3).xx - SpringCoeffs::critical(0.2, 0.3).xx).abs() <= 1e-7);
/// assert_eq!(c.lane(0), SpringCoeffs::IDENTITY);
/// ```
pub fn critical_coeffs_f64_lane_dt(halflife: f32x8, dt: f32x8) -> LaneCoeffs {
    let (h_lo, h_hi) = halves(halflife);
    let (t_lo, t_hi) = halves(dt);
    join_coeffs(critical64(h_lo, t_lo), critical64(h_hi, t_hi))
}

fn critical64(halflife: f64x4, t: f64x4) -> Coeffs64x4 {
    let zero = f64x4::ZERO;
    // `crate::units::critical_rate_f64` in four lanes (the same bits as Coeffs64::critical).
    let y = f64x4::splat(2.0 * std::f64::consts::LN_2) / halflife;
    let rigid = halflife.simd_le(zero);
    let (c, _) = stiffness_damping64(y * y, y + y, t);
    let valid_t = t.simd_gt(zero) & t.simd_lt(f64x4::splat(f64::INFINITY));
    let snap = rigid & valid_t;
    let nan = halflife.is_nan();
    let c = select_coeffs(snap, &Coeffs64::SNAP, c);
    select_coeffs(nan, &Coeffs64::IDENTITY, c)
}

/// `constant` in the lanes of `mask`, `c` elsewhere.
fn select_coeffs(mask: f64x4, constant: &Coeffs64, c: Coeffs64x4) -> Coeffs64x4 {
    constant
        .map(f64x4::splat)
        .zip(c)
        .map(|(k, c)| mask.select(k, c))
}

/// The coefficients of 4 general springs and `p = ∫ m01` (0 for the identity and rigid steps,
/// where no force moves the spring).
fn stiffness_damping64(s: f64x4, d: f64x4, t: f64x4) -> (Coeffs64x4, f64x4) {
    let zero = f64x4::ZERO;
    let one = f64x4::ONE;
    let half = f64x4::splat(0.5);
    let inf = f64x4::splat(f64::INFINITY);

    let invalid = s.is_nan() | d.is_nan() | t.is_nan() | t.simd_le(zero) | t.simd_eq(inf);
    let s = s.max(zero);
    let d = d.max(zero);
    // Beyond the f32 range counts as infinite (rigid), as in `Coeffs64::stiffness_damping`.
    let f32_max = f64x4::splat(f64::from(f32::MAX));
    let rigid = s.simd_gt(f32_max) | d.simd_gt(f32_max);
    // Keep the arithmetic finite in lanes that are replaced at the end.
    let s = rigid.select(one, s);
    let d = rigid.select(one, d);
    let t = invalid.select(one, t);

    let y = half * d;
    let w2 = s - y * y;
    let under = w2.simd_gt(zero);
    let over = w2.simd_lt(zero);

    // Under-damped: w = sqrt(w2).
    let w = w2.max(zero).sqrt();
    let decay = (-(y * t)).exp();
    let wt = w * t;
    let (sin_wt, cos_wt) = wt.sin_cos();
    let sinc = wt
        .abs()
        .simd_lt(f64x4::splat(1e-4))
        .select(one - wt * wt / f64x4::splat(6.0), sin_wt / wt);
    let cs_under = decay * cos_wt;
    let ss_under = decay * t * sinc;

    // Over-damped: slow = s / (y + k), fast = y + k.
    let k = (-w2).max(zero).sqrt();
    let fast = y + k;
    let slow = over.select(s / fast, zero);
    let a = (-(slow * t)).exp();
    let b = (-(fast * t)).exp();
    let two_kt = (k + k) * t;
    let exprel = two_kt.simd_eq(zero).select(one, two_kt.exp_m1() / two_kt);
    let ss_over = two_kt
        .simd_lt(one)
        .select(b * t * exprel, (a - b) / (k + k));
    let cs_over = half * (a + b);

    // Critical: C = 1, S = t.
    let cs = under.select(cs_under, over.select(cs_over, decay));
    let ss = under.select(ss_under, over.select(ss_over, decay * t));

    let m00_minus_1 = cs + y * ss - one;
    let m01 = ss;
    let m10 = -(s * ss);
    let m11 = cs - y * ss;

    let small = (y * t).simd_le(half) & (s * t * t).simd_le(f64x4::splat(0.25));
    let p_series = integral_m01_series64(s, d, t);
    let slow_barely_moved = over & (slow * t).simd_lt(f64x4::splat(1e-3));
    let p_over = t * (phi64(slow * t) - phi64(fast * t)) / (fast - slow);
    let p_general = -m00_minus_1 / s;
    let p = small.select(p_series, slow_barely_moved.select(p_over, p_general));
    let xx = small.select(-(s * p), m00_minus_1);

    let c = Coeffs::from_transition(xx, m01, m10, m11, d, p);
    let any = |mask: Coeffs<f64x4>| {
        mask.into_array()
            .into_iter()
            .fold(f64x4::ZERO, |a, b| a | b)
    };
    let not_finite = any(c.map(|c| !c.is_finite()));
    // A coefficient that f32 cannot hold (an extremely stiff spring at a tiny dt) is rigid too.
    let too_big = any(c.map(|c| c.abs().simd_gt(f32_max)));
    let (snap, identity) = (
        rigid | (too_big & !not_finite),
        invalid | (not_finite & !rigid),
    );
    let c = select_coeffs(snap, &Coeffs64::SNAP, c);
    let c = select_coeffs(identity, &Coeffs64::IDENTITY, c);
    (c, (snap | identity).select(f64x4::ZERO, p))
}

/// `(1 - e^(-z)) / z` with the limit 1 at 0.
fn phi64(z: f64x4) -> f64x4 {
    z.simd_eq(f64x4::ZERO)
        .select(f64x4::ONE, -(-z).exp_m1() / z)
}

/// Power series of the integral of m01 (see `coeffs::integral_m01_series`), a fixed number of terms.
fn integral_m01_series64(s: f64x4, d: f64x4, t: f64x4) -> f64x4 {
    let big_d = d * t;
    let big_s = s * t * t;
    let mut b_prev = f64x4::ZERO;
    let mut b = t;
    let mut sum = b * t / f64x4::splat(2.0);
    for n in 0..30 {
        let n = n as f64;
        let next = -(big_d * f64x4::splat(n + 1.0) * b + big_s * b_prev)
            / f64x4::splat((n + 2.0) * (n + 1.0));
        b_prev = b;
        b = next;
        sum += b * t / f64x4::splat(n + 3.0);
    }
    sum
}
