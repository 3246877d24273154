//! `Quat8`: eight quaternions in SIMD lanes: products, logarithm and exponential.

use wide::f32x8;

use super::vec3::Vec3x8;

/// `2 acos(w) / sqrt(1 - w²)` (the factor from a unit quaternion's `xyz` to its rotation vector)
/// as a polynomial in `s = 1 - w`, `w` in `[0, 1]`: coefficients of `s⁰..s⁹`, fitted for the
/// least relative error (`1.3e-8`; with `f32` Horner steps at most `8.3e-8`, 1.4 ulp). The
/// constant term is the exact limit 2 and the next `2/3`, the series of `θ / sin θ` at `w = 1`.
/// The factor is analytic on `[0, 1]` (its nearest singularity is at `w = -1`), so a polynomial
/// of degree 9 reaches `f32` accuracy over every angle up to half a turn, and needs no threshold
/// near `w = 1` (the former `atan2` form did: `docs/math.md` §1.3). The exponential has none
/// either (`COS_MINIMAX`, `HALF_SINC_MINIMAX`).
const LOG_SCALE: [f32; 10] = [
    2.0,
    0.666_671_45,
    0.266_515_02,
    0.116_139_05,
    0.039_389_055,
    0.062_821_56,
    -0.071_690_045,
    0.106_485_456,
    -0.067_602_38,
    0.022_863_451,
];

/// Eight quaternions, one per lane.
///
/// ```
/// use hooke::simd::Quat8;
/// let q = Quat8::IDENTITY;
/// assert_eq!((q * q).w.to_array(), [1.0; 8]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quat8 {
    /// x components.
    pub x: f32x8,
    /// y components.
    pub y: f32x8,
    /// z components.
    pub z: f32x8,
    /// w (scalar) components.
    pub w: f32x8,
}

impl Quat8 {
    /// The identity rotation in every lane.
    pub const IDENTITY: Quat8 = Quat8 {
        x: f32x8::ZERO,
        y: f32x8::ZERO,
        z: f32x8::ZERO,
        w: f32x8::ONE,
    };

    /// The conjugate (the inverse of a unit quaternion).
    ///
    /// ```
    /// use hooke::simd::Quat8;
    /// assert_eq!(Quat8::IDENTITY.conjugate(), Quat8::IDENTITY);
    /// ```
    #[inline(always)]
    pub fn conjugate(self) -> Quat8 {
        Quat8 {
            x: -self.x,
            y: -self.y,
            z: -self.z,
            w: self.w,
        }
    }

    /// The rotation vector (angle times axis) of a unit quaternion, on the shortest path:
    /// `xyz` times `2 acos(w) / sqrt(1 - w²)` (with `w >= 0`), which is analytic in `w` on
    /// `[0, 1]` and taken from one polynomial of degree 9 in `1 - w` (within 1.4 ulp of the exact
    /// factor in `f32`; `docs/math.md` §1.3). No square root, division or `atan2`, and no
    /// threshold for small angles. A quaternion off unit length by `d` (a product of unit
    /// quaternions, or an input within [`crate::error::UNIT_QUAT_TOLERANCE`]) is normalised to
    /// first order, so the result is the logarithm of its normalised self within about `1.5 d²`
    /// relative (`1.5e-6` at the tolerance, exact to `f32` for a rounding error).
    ///
    /// ```
    /// use glam::Quat;
    /// use hooke::simd::Quat8;
    /// use wide::f32x8;
    /// assert_eq!(Quat8::IDENTITY.to_scaled_angle_axis().x.to_array(), [0.0; 8]);
    /// let q = Quat::from_rotation_y(-3.0);
    /// let q8 = Quat8 { x: f32x8::splat(q.x), y: f32x8::splat(q.y), z: f32x8::splat(q.z), w: f32x8::splat(q.w) };
    /// assert!((q8.to_scaled_angle_axis().y.to_array()[0] + 3.0).abs() < 1e-6);
    /// ```
    #[inline(always)]
    pub fn to_scaled_angle_axis(self) -> Vec3x8 {
        // Shortest path: the sign of w taken off all four components (q and -q are one rotation).
        let sign = self.w & f32x8::splat(-0.0);
        let (x, y, z, w) = (self.x ^ sign, self.y ^ sign, self.z ^ sign, self.w ^ sign);
        // 1 / |q| to first order, one Newton step from 1: 1.5 - n2 / 2 (no square root or
        // division). Clamped so that a quaternion far from unit (never passed by hooke's kernels,
        // whose inputs are checked where they enter) still gives a finite factor.
        let n2 = w.mul_add(w, z.mul_add(z, y.mul_add(y, x * x)));
        let inv = f32x8::splat(-0.5)
            .mul_add(n2, f32x8::splat(1.5))
            .fast_max(f32x8::splat(0.5));
        // 1 - w is exact near w = 1 (Sterbenz) and the factor's slope in w is at most 2, so the
        // rounding of w moves the factor by a few ulps only. A w past 1 (rounding) is taken as 1.
        let s = f32x8::ONE - (w * inv).fast_min(f32x8::ONE);
        let scale = LOG_SCALE
            .iter()
            .rev()
            .skip(1)
            .fold(f32x8::splat(LOG_SCALE[LOG_SCALE.len() - 1]), |acc, &c| {
                acc.mul_add(s, f32x8::splat(c))
            })
            * inv;
        Vec3x8 {
            x: x * scale,
            y: y * scale,
            z: z * scale,
        }
    }

    /// The rotation of a rotation vector: `exp(v / 2)`, a unit quaternion for any finite `v`:
    /// `v` is first taken to the shortest path ([`Vec3x8::shortest_path`], one comparison within
    /// half a turn), then [`from_scaled_angle_axis_within_pi`](Self::from_scaled_angle_axis_within_pi)'s
    /// polynomials apply (no `sin_cos`, square root or division, and no small-angle threshold).
    ///
    /// ```
    /// use hooke::simd::{Quat8, Vec3x8};
    /// use wide::f32x8;
    /// let zero = Vec3x8 { x: f32x8::ZERO, y: f32x8::ZERO, z: f32x8::ZERO };
    /// assert_eq!(Quat8::from_scaled_angle_axis(zero), Quat8::IDENTITY);
    /// let fast = Vec3x8 { x: f32x8::splat(1e30), y: f32x8::ZERO, z: f32x8::ZERO };
    /// let q = Quat8::from_scaled_angle_axis(fast);
    /// let len = (q.x * q.x + q.w * q.w).sqrt().to_array()[0];
    /// assert!((len - 1.0).abs() < 1e-6);
    /// ```
    #[inline(always)]
    pub fn from_scaled_angle_axis(v: Vec3x8) -> Quat8 {
        Quat8::from_scaled_angle_axis_within_pi(v.shortest_path())
    }

    /// `self * from⁻¹` for unit `from`: the rotation that turns `from` into `self`, applied on
    /// the left (the difference of two rotation samples), with plain products and no fused
    /// multiply-add, so that equal rotations (or opposite ones, `q` and `-q`) give a vector part
    /// of exactly zero. ([`Mul`](std::ops::Mul) fuses, which leaves the rounding error of one
    /// product behind: up to `6e-8` for two equal unit quaternions.)
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use hooke::simd::Quat8;
    /// use wide::f32x8;
    /// let q = Quat::from_axis_angle(Vec3::new(1.0, 2.0, 3.0).normalize(), 2.0);
    /// let q8 = Quat8 { x: f32x8::splat(q.x), y: f32x8::splat(q.y), z: f32x8::splat(q.z), w: f32x8::splat(q.w) };
    /// let still = q8.mul_inverse(q8).to_scaled_angle_axis();
    /// assert_eq!((still.x.to_array(), still.y.to_array(), still.z.to_array()), ([0.0; 8], [0.0; 8], [0.0; 8]));
    /// ```
    #[inline(always)]
    pub fn mul_inverse(self, from: Quat8) -> Quat8 {
        // self * (-from.xyz, from.w): vector w_f v_s - w_s v_f - v_s x v_f, scalar
        // w_s w_f + v_s . v_f. Each difference subtracts two products rounded alike.
        let (s, f) = (self, from);
        Quat8 {
            x: (f.w * s.x - s.w * f.x) - (s.y * f.z - s.z * f.y),
            y: (f.w * s.y - s.w * f.y) - (s.z * f.x - s.x * f.z),
            z: (f.w * s.z - s.w * f.z) - (s.x * f.y - s.y * f.x),
            w: s.w * f.w + (s.x * f.x + s.y * f.y + s.z * f.z),
        }
    }
}

impl std::ops::Mul for Quat8 {
    type Output = Quat8;

    /// Hamilton product `self * rhs` (apply `rhs` first), lane-wise.
    ///
    /// ```
    /// use hooke::simd::Quat8;
    /// assert_eq!(Quat8::IDENTITY * Quat8::IDENTITY, Quat8::IDENTITY);
    /// ```
    #[inline(always)]
    fn mul(self, r: Quat8) -> Quat8 {
        let (a, b) = (self, r);
        Quat8 {
            x: a.w
                .mul_add(b.x, a.x.mul_add(b.w, a.y.mul_add(b.z, -(a.z * b.y)))),
            y: a.w
                .mul_add(b.y, a.y.mul_add(b.w, a.z.mul_add(b.x, -(a.x * b.z)))),
            z: a.w
                .mul_add(b.z, a.z.mul_add(b.w, a.x.mul_add(b.y, -(a.y * b.x)))),
            w: a.w
                .mul_add(b.w, -(a.x.mul_add(b.x, a.y.mul_add(b.y, a.z * b.z)))),
        }
    }
}

impl Quat8 {
    /// [`from_scaled_angle_axis`](Self::from_scaled_angle_axis) for rotation vectors of angle at
    /// most `pi` (shortest-path offsets, e.g. [`Vec3x8::shortest_path`]): polynomials in the
    /// squared half angle, with no square root, no sine or cosine, no division. Within half a turn
    /// (plus a margin for rounding) the polynomials' own error is below 5e-10, so the result
    /// is as accurate as the `f32` evaluation allows (a few ulps), and unit within 2e-7. Longer
    /// vectors are outside its range: the error grows to about 1e-4 at 5 rad.
    ///
    /// ```
    /// use hooke::simd::{Quat8, Vec3x8};
    /// use wide::f32x8;
    /// let v = Vec3x8 { x: f32x8::splat(3.0), y: f32x8::ZERO, z: f32x8::ZERO };
    /// let (a, b) = (Quat8::from_scaled_angle_axis_within_pi(v), Quat8::from_scaled_angle_axis(v));
    /// assert!((a.x.to_array()[0] - b.x.to_array()[0]).abs() < 1e-6);
    /// assert!((a.w.to_array()[0] - b.w.to_array()[0]).abs() < 1e-6);
    /// ```
    #[inline(always)]
    pub fn from_scaled_angle_axis_within_pi(v: Vec3x8) -> Quat8 {
        // h^2 = |v|^2 / 4, h <= pi / 2. Minimax polynomials in h^2 on that range (see the
        // constants): 6 and 5 terms where the Taylor series needed 10 each for the same f32
        // accuracy, 9 fused multiply-adds fewer per lane group.
        let h2 = v.z.mul_add(v.z, v.y.mul_add(v.y, v.x * v.x)) * f32x8::splat(0.25);
        // Horner from the last coefficient (starting from zero would cost one more fma: `0 * x`
        // cannot be folded away in IEEE arithmetic).
        let horner = |coeffs: &[f32]| {
            let (&last, rest) = coeffs.split_last().unwrap_or((&0.0, &[]));
            rest.iter().rev().fold(f32x8::splat(last), |acc, &c| {
                acc.mul_add(h2, f32x8::splat(c))
            })
        };
        let cos = horner(&COS_MINIMAX);
        let half_sinc = horner(&HALF_SINC_MINIMAX);
        Quat8 {
            x: v.x * half_sinc,
            y: v.y * half_sinc,
            z: v.z * half_sinc,
            w: cos,
        }
    }
}

// The polynomials of `from_scaled_angle_axis_within_pi`, in powers of `u = h^2` on
// `0 <= u <= (pi / 2)^2 (1 + 1e-4)`: `cos(h) = 1 + u P(u)` and `sin(h) / (2h) = 1/2 + u Q(u)`, with
// `P` (degree 4) and `Q` (degree 3) minimax (Remez, absolute error of `u P(u)`, `u Q(u)`) rounded
// to f32. Leading terms exact, so a zero rotation vector gives exactly the identity. Truncation
// error 4.4e-10 (cos) and 2.4e-9 (sinc); evaluated in f32 with fused multiply-adds the worst errors
// over the range are 5.2e-8 and 3.3e-8, as with the 10-term Taylor series they replace
// (5.0e-8, 2.7e-8), and `|q|` is within 1.2e-7 of 1 either way.

/// Coefficients of `cos(h)` in powers of `h^2`.
const COS_MINIMAX: [f32; 6] = [
    1.0,
    -0.5,
    0.041_666_64,
    -0.001_388_839_8,
    2.476_088_4e-5,
    -2.605_093e-7,
];

/// Coefficients of `sin(h) / (2h)` in powers of `h^2`.
const HALF_SINC_MINIMAX: [f32; 5] = [
    0.5,
    -0.083_333_306,
    0.004_166_544,
    -9.905_553_5e-5,
    1.304_459_1e-6,
];
