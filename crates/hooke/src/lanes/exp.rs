//! The exponentials the per-frame kernels need, in `f32x8` lanes: `e^(-z)` and
//! `1 - e^(-z) (1 + z)` for `z >= 0`, accurate to a few `f32` ulps, without branches.
//!
//! These replace the `f64` closed form of [`crate::SpringCoeffs`] where the coefficients must be
//! recomputed every frame (the frame time changes): a critical or decay spring needs one
//! exponential of `z = y dt` (`docs/math.md` §1, the critical case `w² = 0`).

use bytemuck::cast;
use wide::{f32x8, i32x8};

/// Beyond this `z`, `e^(-z)` is below the smallest normal `f32` and is returned as 0 (the `f64`
/// coefficients would round to a subnormal, at most `1.2e-38` away).
const Z_MAX: f32 = 87.0;

/// `e^(-z)` for `z >= 0` (also `+inf`, which gives 0), within 2 ulps; 0 for `z > 87`.
///
/// Never NaN for `z >= 0` (no lane may be NaN: the clamps use `fast_min`). Range reduction `z = n ln2 - r` with `|r| <= ln2 / 2` (Cody-Waite split of `ln2`), a degree-7
/// Taylor polynomial of `e^r` (truncation below `5e-9` relative), and `2^-n` built in the exponent
/// bits.
///
/// ```
/// use hooke::lanes::exp_neg;
/// use wide::f32x8;
/// let e = exp_neg(f32x8::from([0.0, 1.0, 10.0, 88.0, f32::INFINITY, 0.5, 1e-8, 3.0]));
/// let want = [1.0, (-1.0_f32).exp(), (-10.0_f32).exp(), 0.0, 0.0, (-0.5_f32).exp(), 1.0, (-3.0_f32).exp()];
/// for (g, w) in e.to_array().iter().zip(want) {
///     assert!((g - w).abs() <= 2.0 * f32::EPSILON * w);
/// }
/// ```
#[inline(always)]
pub fn exp_neg(z: f32x8) -> f32x8 {
    const LN2_HI: f32 = 0.693_359_4; // 0.693359375: few bits, so n * LN2_HI is exact
    const LN2_LO: f32 = -2.121_944_4e-4;
    // n = round(z / ln2) by the shifter 1.5 * 2^23: adding it rounds to an integer, which then
    // sits in the low mantissa bits. Cheaper than `round` + `round_int` (which handle NaN and
    // huge values; here z is in [0, 87]), measured in `benches/examples/rate_kernels.rs`.
    const SHIFTER: f32 = 12_582_912.0;
    let underflow = z.simd_gt(f32x8::splat(Z_MAX));
    let z = z.fast_min(f32x8::splat(Z_MAX));
    let shifted = z.mul_add(
        f32x8::splat(std::f32::consts::LOG2_E),
        f32x8::splat(SHIFTER),
    );
    let n = shifted - f32x8::splat(SHIFTER);
    // r = n ln2 - z in [-ln2/2, ln2/2]; e^(-z) = 2^(-n) e^r.
    let r = n.mul_add(f32x8::splat(LN2_HI), -z);
    let r = n.mul_add(f32x8::splat(LN2_LO), r);
    let mut p = f32x8::splat(1.0 / 5040.0);
    for c in [
        1.0 / 720.0,
        1.0 / 120.0,
        1.0 / 24.0,
        1.0 / 6.0,
        0.5,
        1.0,
        1.0,
    ] {
        p = p.mul_add(r, f32x8::splat(c));
    }
    // 2^(-n) for n in 0..=126: the biased exponent 127 - n shifted into place.
    // The shifter's bits are its own plus n, so 127 - n = (127 + bits(SHIFTER)) - bits(shifted).
    let shifter_bits = SHIFTER.to_bits() as i32;
    let bits: i32x8 = (i32x8::splat(127 + shifter_bits) - cast::<f32x8, i32x8>(shifted)) << 23;
    let scale: f32x8 = cast(bits);
    underflow.select(f32x8::ZERO, p * scale)
}

/// `e^(-z)` for `z >= 0`: [`exp_neg_small`] (no range reduction) when every lane is below 1/2,
/// as in a frame's step with a halflife of a frame or more, [`exp_neg`] otherwise. For the
/// per-spring kernels whose lane groups need the exponential alone.
#[inline(always)]
pub(super) fn exp_neg_by_range(z: f32x8) -> f32x8 {
    match z.simd_lt(f32x8::splat(0.5)).all() {
        true => exp_neg_small(z),
        false => exp_neg(z),
    }
}

/// `1 - e^(-z) (1 + z)` for `z >= 0` given `e = e^(-z)` (from [`exp_neg`]), and the same divided
/// by `z` (0 at `z = 0`): the critical spring's position response `-xx` and, over `z`, its
/// goal-velocity response. Below `z = 1/2` both come from the power series
/// `z² (1/2 - z/3 + z²/8 - ...)` (the direct form cancels there); above it from `e`.
///
/// ```
/// use hooke::lanes::{exp_neg, one_minus_exp_poly};
/// use wide::f32x8;
/// let z = f32x8::from([0.0, 1e-4, 0.1, 0.49, 0.51, 2.0, 50.0, 1e30]);
/// let (g, g_over_z) = one_minus_exp_poly(z, exp_neg(z));
/// for (i, &z) in z.to_array().iter().enumerate() {
///     let z = f64::from(z);
///     let want = 1.0 - (-z).exp() * (1.0 + z);
///     let got = f64::from(g.to_array()[i]);
///     assert!((got - want).abs() <= 4.0 * f64::from(f32::EPSILON) * want, "{z} {got} {want}");
///     if z > 0.0 && z < 1e3 {
///         assert!((f64::from(g_over_z.to_array()[i]) - want / z).abs() <= 1e-6 * want / z);
///     }
/// }
/// ```
#[inline(always)]
pub fn one_minus_exp_poly(z: f32x8, e: f32x8) -> (f32x8, f32x8) {
    let half = f32x8::splat(0.5);
    let small = z.simd_lt(half);
    let zs = z.fast_min(half);
    let series_over_z = zs * psi_series(zs);
    // Clamp z so that e (1 + z) stays 0 * finite when e has underflowed.
    let zc = z.fast_min(f32x8::splat(2.0 * Z_MAX));
    let direct = (-e).mul_add(f32x8::ONE + zc, f32x8::ONE);
    let g = small.select(zs * series_over_z, direct);
    let g_over_z = small.select(series_over_z, direct / z.fast_max(half));
    (g, g_over_z)
}

/// The critical response of 8 lanes with rates `y >= 0` (finite) over `dt > 0`, from one
/// [`exp_neg`] of `z = y dt`: what every per-frame critical kernel needs (`docs/math.md` §1.2,
/// "In `f32`, per frame").
#[derive(Clone, Copy)]
pub(crate) struct CriticalResponse {
    /// `z = y dt`, clamped to `2 Z_MAX` (finite, so that `e z` is `0 * finite` once `e` has
    /// underflowed).
    pub z: f32x8,
    /// `e = e^(-z)`.
    pub e: f32x8,
    /// `g = 1 - e (1 + z)`: the position's response to its offset from the goal (`xx = -g`).
    pub g: f32x8,
    /// `g / y`: the position's response to the goal velocity over 2 (`xq = 2 g / y`) and, times
    /// `y e0 - 2 q`, the whole of the offset's and the goal velocity's effect on the position.
    pub g_over_y: f32x8,
    /// `g / y² = dt² psi(z)`: the character controller's position response to acceleration
    /// (no division below `z = 1/2`; kernels that do not read it lose nothing, the field is
    /// computed inline and dropped).
    pub g_over_y2: f32x8,
}

/// [`CriticalResponse`] of rates `y` over `dt`. `g` and `g / y` come from the power series
/// `z² psi(z)` below `z = 1/2` (no cancellation, no division: `g / y = z dt psi(z)`) and from
/// `e` above it; a lane group whose `z` are all on one side evaluates one form only (with a
/// per-frame `dt` and halflives of more than a frame or so, every lane group has `z < 1/2`).
#[inline(always)]
pub(crate) fn critical_response(y: f32x8, dt: f32x8) -> CriticalResponse {
    let half = f32x8::splat(0.5);
    let z = y * dt;
    let small = z.simd_lt(half);
    let series = |zs: f32x8| {
        let psi = psi_series(zs);
        let z_psi = zs * psi;
        (zs * z_psi, z_psi * dt, psi * dt * dt)
    };
    if small.all() {
        // The frame-time case: no range reduction, no cancellation, no division.
        let (g, g_over_y, g_over_y2) = series(z);
        return CriticalResponse {
            z,
            e: exp_neg_small(z),
            g,
            g_over_y,
            g_over_y2,
        };
    }
    let e = exp_neg(z);
    let zc = z.fast_min(f32x8::splat(2.0 * Z_MAX));
    let g = (-e).mul_add(f32x8::ONE + zc, f32x8::ONE);
    // y >= 1/(2 dt) > 0 in every lane with z >= 1/2 (y = +inf gives 0); the others take the
    // series.
    let g_over_y = g / y;
    let (g, g_over_y, g_over_y2) = if small.any() {
        let (gs, ds, d2s) = series(z.fast_min(half));
        (
            small.select(gs, g),
            small.select(ds, g_over_y),
            small.select(d2s, g_over_y / y),
        )
    } else {
        (g, g_over_y, g_over_y / y)
    };
    CriticalResponse {
        z: zc,
        e,
        g,
        g_over_y,
        g_over_y2,
    }
}

/// `psi(z) = (1 - e^(-z) (1 + z)) / z²` for `0 <= z <= 1/2` (1/2 at `z = 0`), no cancellation and
/// no division: the series of [`one_minus_exp_poly`] and [`critical_response`], and the small-`z`
/// branch of the kernels that need `psi` itself (the character controller's response to
/// acceleration) or `phi(z) = (1 - e^(-z)) / z = e^(-z) + z psi(z)` (extrapolation); above 1/2
/// they use `1 - e^(-z) (1 + z)` directly.
///
/// A degree-5 polynomial: the power series `1/2 - z/3 + z²/8 - ...` economized on `[0, 1/2]`
/// (Chebyshev truncation, `docs/math.md` §1.2), within 0.18 ulp of `psi` before the rounding
/// of its five multiply-adds (the degree-8 Taylor polynomial it replaced was within 0.1 ulp and
/// cost three more).
#[inline(always)]
pub(super) fn psi_series(z: f32x8) -> f32x8 {
    const PSI: [f32; 6] = [
        0.5,
        -0.333_333_16,
        0.124_996_32,
        -0.033_301_55,
        0.006_819_34,
        -0.000_958_870_1,
    ];
    horner(z, &PSI)
}

/// `e^(-z)` for `0 <= z <= 1/2` without range reduction: a degree-5 polynomial (the Taylor
/// series economized on `[0, 1/2]`, within 0.15 ulp before the rounding of its five
/// multiply-adds, exactly 1 at `z = 0`). Half the operations of [`exp_neg`], for lane groups
/// whose `z` are all below 1/2 (a frame's step with a halflife of a frame or more).
#[inline(always)]
pub(super) fn exp_neg_small(z: f32x8) -> f32x8 {
    const EXP: [f32; 6] = [
        1.0,
        -0.999_998_8,
        0.499_971_27,
        -0.166_418,
        0.040_685_23,
        -0.006_506_926,
    ];
    horner(z, &EXP)
}

/// `c[0] + c[1] z + ... + c[5] z^5` by Horner's rule (one multiply-add per degree).
#[inline(always)]
fn horner(z: f32x8, c: &[f32; 6]) -> f32x8 {
    let mut p = f32x8::splat(c[5]);
    for &c in c[..5].iter().rev() {
        p = p.mul_add(z, f32x8::splat(c));
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pins the shifter range reduction of [`exp_neg`] (which replaced `round` + `round_int`):
    /// within 2 ulps against `f64` on a dense grid of `[0, 87]`, including the points where
    /// `z / ln2` is a half-integer (where the shifter's rounding picks `n`), and 0 beyond 87.
    #[test]
    fn exp_neg_within_two_ulps_on_dense_grid_and_rounding_ties() {
        let mut zs: Vec<f32> = (0..=87_000).map(|i| i as f32 * 1e-3).collect();
        for k in 0..126 {
            let tie = (k as f64 + 0.5) * std::f64::consts::LN_2;
            for d in [-1e-6, 0.0, 1e-6] {
                zs.push((tie + d) as f32);
            }
        }
        for chunk in zs.chunks(8) {
            let mut lanes = [0.0_f32; 8];
            lanes[..chunk.len()].copy_from_slice(chunk);
            let got = exp_neg(f32x8::from(lanes)).to_array();
            for (&z, &e) in lanes.iter().zip(&got) {
                if z > Z_MAX {
                    assert_eq!(e, 0.0, "z = {z}");
                    continue;
                }
                let want = (-f64::from(z)).exp();
                let ulp = f64::from(f32::EPSILON) * want;
                assert!(
                    (f64::from(e) - want).abs() <= 2.0 * ulp,
                    "z = {z}: {e} vs {want}"
                );
            }
        }
    }

    /// `f64` reference of `psi(z) = (1 - e^(-z) (1 + z)) / z²` (its series below 1e-2, where the
    /// closed form cancels even in `f64`).
    fn psi_ref(z: f64) -> f64 {
        if z < 1e-2 {
            (0..12)
                .rev()
                .fold(0.0, |acc, n| acc * -z + f64::from(n + 1) / factorial(n + 2))
        } else {
            (1.0 - (-z).exp() * (1.0 + z)) / (z * z)
        }
    }

    fn factorial(n: u32) -> f64 {
        (1..=n).map(f64::from).product()
    }

    /// Every `f32` step of `[0, 1/2)` a dense grid reaches, plus 0, the smallest subnormal, the
    /// smallest normal and the last `f32` below 1/2.
    fn small_grid() -> Vec<f32> {
        let mut zs: Vec<f32> = (0..50_000).map(|i| i as f32 * 1e-5).collect();
        zs.extend([
            0.0,
            1e-45,
            1e-40,
            f32::MIN_POSITIVE,
            1e-20,
            1e-8,
            0.5f32.next_down(),
        ]);
        zs
    }

    fn lanes(chunk: &[f32], pad: f32) -> f32x8 {
        let mut l = [pad; 8];
        l[..chunk.len()].copy_from_slice(chunk);
        f32x8::from(l)
    }

    /// The degree-5 polynomials of the frame-time branch against `f64`, over all of `[0, 1/2)`
    /// including 0 and subnormal `z`: `e^(-z)` within 2 ulps (as [`exp_neg`]), `psi` within 2.
    #[test]
    fn small_z_polynomials_within_two_ulps_of_f64() {
        for chunk in small_grid().chunks(8) {
            let z = lanes(chunk, 0.0);
            let (e, psi) = (exp_neg_small(z).to_array(), psi_series(z).to_array());
            for (i, &z) in chunk.iter().enumerate() {
                let z64 = f64::from(z);
                let want = (-z64).exp();
                let ulp = f64::from(f32::EPSILON) * want;
                assert!(
                    (f64::from(e[i]) - want).abs() <= 2.0 * ulp,
                    "e z = {z}: {}",
                    e[i]
                );
                let want = psi_ref(z64);
                let ulp = f64::from(f32::EPSILON) * want;
                assert!(
                    (f64::from(psi[i]) - want).abs() <= 2.0 * ulp,
                    "psi z = {z}: {}",
                    psi[i]
                );
            }
        }
        // Exactly 1 and 1/2 at z = 0 (a spring stepped by a subnormal dt stays put).
        assert_eq!(exp_neg_small(f32x8::ZERO).to_array()[0], 1.0);
        assert_eq!(psi_series(f32x8::ZERO).to_array()[0], 0.5);
    }

    /// [`critical_response`] over the whole input range (z from 0 and subnormal through the
    /// switch at 1/2 to `f32::MAX` and rates of `+inf`), in lane groups that take the frame-time
    /// branch (all `z < 1/2`) and in mixed ones: `e` within 2 ulps, `g` and `g / y` within 4
    /// ulps of `f64` below the switch (4 ulps of 1, and of `1 / y`, above it; an absolute
    /// `1e-38` where they underflow), finite everywhere, and the two branches within 4 ulps of
    /// each other for the same lane.
    #[test]
    fn critical_response_within_a_few_ulps_over_the_whole_range() {
        let dt = 1.0 / 60.0_f32;
        let mut ys: Vec<f32> = small_grid().iter().map(|z| z / dt).collect();
        let mut y = 1e-38_f32;
        while y < 3e38 {
            ys.push(y);
            y *= 1.7;
        }
        ys.extend([29.9, 30.0, 30.1, 1e30, f32::MAX, f32::INFINITY]);
        let check = |y: f32, r: &CriticalResponse, lane: usize, what: &str| {
            let (y64, dt64) = (f64::from(y), f64::from(dt));
            // z rounded to f32 as the kernels compute it (e^(-z) is exact for that z).
            let z = f64::from(y * dt);
            let e_want = (-z).exp();
            let g_want = match (z < 0.5, e_want == 0.0) {
                (true, _) => z * z * psi_ref(z),
                (false, true) => 1.0, // not 1 - 0 * inf
                (false, false) => 1.0 - e_want * (1.0 + z),
            };
            let gy_want = match (z < 0.5, y.is_infinite()) {
                (true, _) => z * dt64 * psi_ref(z), // g / y without 0 / 0 at y = 0
                (false, true) => 0.0,
                (false, false) => g_want / y64,
            };
            let tol = |want: f64, ulps: f64| (ulps * f64::from(f32::EPSILON) * want).max(1e-38);
            let (e, g, gy) = (
                r.e.to_array()[lane],
                r.g.to_array()[lane],
                r.g_over_y.to_array()[lane],
            );
            assert!(
                e.is_finite() && g.is_finite() && gy.is_finite(),
                "{what} y = {y}"
            );
            assert!(
                (f64::from(e) - e_want).abs() <= tol(e_want, 2.0),
                "{what} e y = {y}: {e}"
            );
            // Above the switch `1 - e (1 + z)` is within a few ulps of 1, not of g (docs/math.md
            // §1.2: the §4.2 bound is absolute in the offset there).
            let (g_tol, gy_tol) = if z < 0.5 {
                (tol(g_want, 4.0), tol(gy_want, 4.0))
            } else {
                (tol(1.0, 4.0), tol(1.0, 4.0) / y64)
            };
            assert!(
                (f64::from(g) - g_want).abs() <= g_tol,
                "{what} g y = {y}: {g}"
            );
            assert!(
                (f64::from(gy) - gy_want).abs() <= gy_tol,
                "{what} g/y y = {y}: {gy}"
            );
        };
        let t = f32x8::splat(dt);
        for chunk in ys.chunks(8) {
            // As they come (the small grid fills whole groups below the switch), and each with
            // a lane above the switch (lane 7, z = 1), which forces the mixed branch.
            let alone = critical_response(lanes(chunk, 0.0), t);
            let mixed = critical_response(lanes(&chunk[..chunk.len().min(7)], 1.0 / dt), t);
            for (i, &y) in chunk.iter().enumerate() {
                check(y, &alone, i, "alone");
                if i < 7 {
                    check(y, &mixed, i, "mixed");
                    let (a, m) = (alone.g_over_y.to_array()[i], mixed.g_over_y.to_array()[i]);
                    assert!(
                        (a - m).abs() <= 4.0 * f32::EPSILON * a.abs(),
                        "branches y = {y}"
                    );
                }
            }
        }
    }
}
