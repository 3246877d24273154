//! Lane-wise arithmetic of [`Vec3x8`] and [`Quat8`]: sums, differences, scaling, selection,
//! interpolation, rotation of vectors and normalisation. One home for the SoA operations the
//! kernels of hooke and of the crates built on it (`hooke-inertia`) share.

use wide::f32x8;

use super::quat::Quat8;
use super::vec3::Vec3x8;

/// `a + (b - a) t` lane-wise, one fused multiply-add (`t = 0` gives `a` exactly).
///
/// ```
/// use hooke::simd::mix;
/// use wide::f32x8;
/// let m = mix(f32x8::splat(1.0), f32x8::splat(3.0), f32x8::splat(0.25));
/// assert_eq!(m.to_array(), [1.5; 8]);
/// ```
#[inline(always)]
pub fn mix(a: f32x8, b: f32x8, t: f32x8) -> f32x8 {
    t.mul_add(b - a, a)
}

/// [`crate::scalar::cross_fade`] of eight values in `f32`: `(mix(ex, lx, w), (lx - ex) dw +
/// mix(ev, lv, w))` with fused multiply-adds.
///
/// ```
/// use hooke::simd::cross_fade8;
/// use wide::f32x8;
/// let s = f32x8::splat;
/// let (x, v) = cross_fade8((s(0.0), s(1.0)), (s(2.0), s(3.0)), (s(0.5), s(0.25)));
/// assert_eq!((x.to_array()[0], v.to_array()[0]), (1.0, 2.5));
/// ```
#[inline(always)]
pub fn cross_fade8(
    (ex, ev): (f32x8, f32x8),
    (lx, lv): (f32x8, f32x8),
    weight: (f32x8, f32x8),
) -> (f32x8, f32x8) {
    (
        mix(ex, lx, weight.0),
        cross_fade_velocity8(ev, lv, lx - ex, weight),
    )
}

/// [`crate::scalar::cross_fade_velocity`] of eight values in `f32`: `gap dw + mix(ev, lv, w)`.
///
/// ```
/// use hooke::simd::cross_fade_velocity8;
/// use wide::f32x8;
/// let s = f32x8::splat;
/// let v = cross_fade_velocity8(s(1.0), s(3.0), s(2.0), (s(0.5), s(0.25)));
/// assert_eq!(v.to_array(), [2.5; 8]);
/// ```
#[inline(always)]
pub fn cross_fade_velocity8(
    ev: f32x8,
    lv: f32x8,
    gap: f32x8,
    (weight, slope): (f32x8, f32x8),
) -> f32x8 {
    gap.mul_add(slope, mix(ev, lv, weight))
}

impl std::ops::Add for Vec3x8 {
    type Output = Vec3x8;

    /// Lane-wise sum.
    ///
    /// ```
    /// use hooke::simd::Vec3x8;
    /// let one = Vec3x8::splat(glam::Vec3::ONE);
    /// assert_eq!((one + one).y.to_array(), [2.0; 8]);
    /// ```
    #[inline(always)]
    fn add(self, b: Vec3x8) -> Vec3x8 {
        Vec3x8 {
            x: self.x + b.x,
            y: self.y + b.y,
            z: self.z + b.z,
        }
    }
}

impl std::ops::Sub for Vec3x8 {
    type Output = Vec3x8;

    /// Lane-wise difference.
    ///
    /// ```
    /// use hooke::simd::Vec3x8;
    /// let one = Vec3x8::splat(glam::Vec3::ONE);
    /// assert_eq!((one - one).z.to_array(), [0.0; 8]);
    /// ```
    #[inline(always)]
    fn sub(self, b: Vec3x8) -> Vec3x8 {
        Vec3x8 {
            x: self.x - b.x,
            y: self.y - b.y,
            z: self.z - b.z,
        }
    }
}

impl std::ops::Mul<f32x8> for Vec3x8 {
    type Output = Vec3x8;

    /// Each lane's vector times that lane's scalar.
    ///
    /// ```
    /// use hooke::simd::Vec3x8;
    /// let v = Vec3x8::splat(glam::Vec3::new(1.0, 2.0, 3.0)) * wide::f32x8::splat(2.0);
    /// assert_eq!(v.z.to_array(), [6.0; 8]);
    /// ```
    #[inline(always)]
    fn mul(self, s: f32x8) -> Vec3x8 {
        Vec3x8 {
            x: self.x * s,
            y: self.y * s,
            z: self.z * s,
        }
    }
}

impl Vec3x8 {
    /// The same vector in every lane.
    ///
    /// ```
    /// let v = hooke::simd::Vec3x8::splat(glam::Vec3::X);
    /// assert_eq!(v.x.to_array(), [1.0; 8]);
    /// ```
    #[inline(always)]
    pub fn splat(v: glam::Vec3) -> Vec3x8 {
        Vec3x8 {
            x: f32x8::splat(v.x),
            y: f32x8::splat(v.y),
            z: f32x8::splat(v.z),
        }
    }

    /// `if_true` in the lanes of `mask` (all bits set, as comparisons return), `if_false`
    /// elsewhere.
    ///
    /// ```
    /// use hooke::simd::Vec3x8;
    /// use wide::f32x8;
    /// let (a, b) = (Vec3x8::splat(glam::Vec3::X), Vec3x8::splat(glam::Vec3::Y));
    /// let mask = f32x8::new([0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]).simd_gt(f32x8::ZERO);
    /// assert_eq!(Vec3x8::select(mask, a, b).x.to_array()[..2], [0.0, 1.0]);
    /// ```
    #[inline(always)]
    pub fn select(mask: f32x8, if_true: Vec3x8, if_false: Vec3x8) -> Vec3x8 {
        Vec3x8 {
            x: mask.select(if_true.x, if_false.x),
            y: mask.select(if_true.y, if_false.y),
            z: mask.select(if_true.z, if_false.z),
        }
    }

    /// `self + (to - self) t` per component ([`mix`]): `t = 0` gives `self` exactly.
    ///
    /// ```
    /// use hooke::simd::Vec3x8;
    /// let (a, b) = (Vec3x8::splat(glam::Vec3::ZERO), Vec3x8::splat(glam::Vec3::ONE));
    /// assert_eq!(a.mix(b, wide::f32x8::splat(0.5)).x.to_array(), [0.5; 8]);
    /// ```
    #[inline(always)]
    pub fn mix(self, to: Vec3x8, t: f32x8) -> Vec3x8 {
        Vec3x8 {
            x: mix(self.x, to.x, t),
            y: mix(self.y, to.y, t),
            z: mix(self.z, to.z, t),
        }
    }
}

impl Quat8 {
    /// `if_true` in the lanes of `mask` (all bits set, as comparisons return), `if_false`
    /// elsewhere.
    ///
    /// ```
    /// use hooke::simd::Quat8;
    /// use wide::f32x8;
    /// let other = Quat8 { x: f32x8::ONE, ..Quat8::IDENTITY };
    /// let mask = f32x8::ZERO.simd_eq(f32x8::ZERO);
    /// assert_eq!(Quat8::select(mask, other, Quat8::IDENTITY), other);
    /// ```
    #[inline(always)]
    pub fn select(mask: f32x8, if_true: Quat8, if_false: Quat8) -> Quat8 {
        Quat8 {
            x: mask.select(if_true.x, if_false.x),
            y: mask.select(if_true.y, if_false.y),
            z: mask.select(if_true.z, if_false.z),
            w: mask.select(if_true.w, if_false.w),
        }
    }

    /// `q / |q|`: removes the `f32` rounding that products accumulate. A true division (the
    /// approximate reciprocal of x86 has 12 bits).
    ///
    /// ```
    /// use hooke::simd::Quat8;
    /// use wide::f32x8;
    /// let q = Quat8 { w: f32x8::splat(2.0), ..Quat8::IDENTITY }.normalize();
    /// assert_eq!(q, Quat8::IDENTITY);
    /// ```
    #[inline(always)]
    pub fn normalize(self) -> Quat8 {
        let q = self;
        let n2 =
            q.w.mul_add(q.w, q.z.mul_add(q.z, q.y.mul_add(q.y, q.x * q.x)));
        let inv = f32x8::ONE / n2.sqrt();
        Quat8 {
            x: q.x * inv,
            y: q.y * inv,
            z: q.z * inv,
            w: q.w * inv,
        }
    }

    /// `q v q⁻¹` for unit `q`: `v + w t + u × t` with `u = q.xyz`, `t = 2 u × v` (no
    /// quaternion products).
    ///
    /// ```
    /// use hooke::simd::{Quat8, Vec3x8};
    /// use wide::f32x8;
    /// let s = std::f32::consts::FRAC_1_SQRT_2;
    /// // A quarter turn about z takes x to y.
    /// let q = Quat8 { z: f32x8::splat(s), w: f32x8::splat(s), ..Quat8::IDENTITY };
    /// let v = q.rotate(Vec3x8::splat(glam::Vec3::X));
    /// assert!((v.y.to_array()[0] - 1.0).abs() < 1e-6 && v.x.to_array()[0].abs() < 1e-6);
    /// ```
    #[inline(always)]
    pub fn rotate(self, v: Vec3x8) -> Vec3x8 {
        let q = self;
        let two = f32x8::splat(2.0);
        // t = 2 (u x v)
        let tx = two * q.y.mul_add(v.z, -(q.z * v.y));
        let ty = two * q.z.mul_add(v.x, -(q.x * v.z));
        let tz = two * q.x.mul_add(v.y, -(q.y * v.x));
        // v + w t + u x t
        Vec3x8 {
            x: q.w.mul_add(tx, v.x) + q.y.mul_add(tz, -(q.z * ty)),
            y: q.w.mul_add(ty, v.y) + q.z.mul_add(tx, -(q.x * tz)),
            z: q.w.mul_add(tz, v.z) + q.x.mul_add(ty, -(q.y * tx)),
        }
    }
}
