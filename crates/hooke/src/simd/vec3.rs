//! `Vec3x8`: eight 3-vectors in SIMD lanes, with the shortest-path reduction of rotation vectors.

use wide::f32x8;

/// Eight 3-vectors, one per lane.
///
/// ```
/// use hooke::simd::Vec3x8;
/// let v = Vec3x8 { x: wide::f32x8::ONE, y: wide::f32x8::ZERO, z: wide::f32x8::ZERO };
/// assert_eq!(v.length().to_array(), [1.0; 8]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Vec3x8 {
    /// x components.
    pub x: f32x8,
    /// y components.
    pub y: f32x8,
    /// z components.
    pub z: f32x8,
}

impl Vec3x8 {
    /// Lane-wise Euclidean length.
    ///
    /// ```
    /// use hooke::simd::Vec3x8;
    /// let v = Vec3x8 { x: wide::f32x8::splat(3.0), y: wide::f32x8::splat(4.0), z: wide::f32x8::ZERO };
    /// assert_eq!(v.length().to_array()[0], 5.0);
    /// ```
    #[inline(always)]
    pub fn length(self) -> f32x8 {
        self.dot(self).sqrt()
    }

    /// Lane-wise Euclidean length with no overflow in the squares: [`length`](Self::length)
    /// squares in `f32`, which overflows for components beyond `1.8e19` (a rig in tiny units,
    /// or a point flung far), where this scales the lane by `2^-66` first and the length back
    /// by `2^66` (powers of two: no rounding). Within a few ulps of the true length wherever
    /// it is finite; a max, a compare and two selects more than `length`.
    ///
    /// ```
    /// use hooke::simd::Vec3x8;
    /// let v = Vec3x8::splat(glam::Vec3::new(3e30, 4e30, 0.0));
    /// assert!(v.length().to_array()[0].is_infinite());
    /// assert!((v.hypot().to_array()[0] / 5e30 - 1.0).abs() < 1e-6);
    /// ```
    #[inline(always)]
    pub fn hypot(self) -> f32x8 {
        // Unscaled lanes have components up to 2^60: three squares stay below f32::MAX.
        const BIG: f32 = 1_152_921_504_606_846_976.0; // 2^60
        const DOWN: f32 = 1.355_252_7e-20; // 2^-66
        const UP: f32 = 73_786_976_294_838_206_464.0; // 2^66
        let largest = self.x.abs().max(self.y.abs()).max(self.z.abs());
        let big = largest.simd_gt(f32x8::splat(BIG));
        let down = big.select(f32x8::splat(DOWN), f32x8::ONE);
        let up = big.select(f32x8::splat(UP), f32x8::ONE);
        (self * down).length() * up
    }

    /// Lane-wise dot product.
    ///
    /// ```
    /// use hooke::simd::Vec3x8;
    /// let v = Vec3x8::splat(glam::Vec3::new(1.0, 2.0, 3.0));
    /// assert_eq!(v.dot(Vec3x8::splat(glam::Vec3::Y)).to_array()[0], 2.0);
    /// ```
    #[inline(always)]
    pub fn dot(self, other: Vec3x8) -> f32x8 {
        self.z
            .mul_add(other.z, self.y.mul_add(other.y, self.x * other.x))
    }
}

impl Vec3x8 {
    /// The rotation vector of the same rotation on the shortest path (angle at most half a turn),
    /// for any input: whole turns are taken off the length, `e (r / |e|)` with
    /// `r = |e| mod 2 pi` in `[-pi, pi]`, in the lanes where `|e| > pi`. Vectors within half a turn
    /// (the usual case) cost one comparison; the other lanes are reduced in `f64` on a cold path
    /// (see [`shortest_path_f64`]), so the result is within half a turn (and `exp(e / 2)` is a unit
    /// quaternion) for every finite input, even where `|e|^2` overflows `f32`. Infinite components
    /// count as `±f32::MAX`; NaN stays NaN.
    ///
    /// ```
    /// use hooke::simd::Vec3x8;
    /// use wide::f32x8;
    /// let e = Vec3x8 { x: f32x8::splat(4.0), y: f32x8::ZERO, z: f32x8::ZERO };
    /// let short = e.shortest_path().x.to_array()[0];
    /// assert!((short - (4.0 - std::f32::consts::TAU)).abs() < 1e-6);
    /// let huge = Vec3x8 { x: f32x8::ZERO, y: f32x8::splat(-3e38), z: f32x8::splat(3e38) };
    /// assert!(huge.shortest_path().length().to_array()[0] <= std::f32::consts::PI);
    /// ```
    #[inline(always)]
    pub fn shortest_path(self) -> Vec3x8 {
        let wrap = self.length_squared().simd_gt(f32x8::splat(PI_SQUARED));
        if !wrap.any() {
            return self;
        }
        wrap_lanes(self, wrap)
    }

    /// Lane-wise squared length.
    #[inline(always)]
    pub(crate) fn length_squared(self) -> f32x8 {
        self.z
            .mul_add(self.z, self.y.mul_add(self.y, self.x * self.x))
    }
}

/// `pi^2` in `f32`: rotation vectors longer than `pi` are not on the shortest path.
pub(crate) const PI_SQUARED: f32 = std::f32::consts::PI * std::f32::consts::PI;

/// A lane of a [`Vec3x8`] in `f64`.
#[inline(always)]
pub(crate) fn lane_f64(v: &Vec3x8, lane: usize) -> [f64; 3] {
    [v.x, v.y, v.z].map(|c| f64::from(c.to_array()[lane]))
}

/// Writes `value` into `lane` of `v`.
#[inline(always)]
pub(crate) fn set_lane(v: &mut Vec3x8, lane: usize, value: [f32; 3]) {
    for (column, value) in [&mut v.x, &mut v.y, &mut v.z].into_iter().zip(value) {
        let mut a = column.to_array();
        a[lane] = value;
        *column = f32x8::new(a);
    }
}

/// The rotation vector of the same rotation on the shortest path, in `f64`: `e (r / |e|)` with
/// `r = |e| mod 2 pi` taken into `[-pi, pi]`. The remainder is exact for the `f64` length (no
/// `f32` rounding of a large number of turns), so the angle is as good as the input allows and
/// always within half a turn. Vectors within half a turn are returned unchanged; components
/// beyond the `f32` range (infinities included) count as `±f32::MAX`, NaN stays NaN.
///
/// ```
/// let e = hooke::simd::shortest_path_f64([1e30, -2e30, 3e38]);
/// let len = e.iter().map(|c| c * c).sum::<f64>().sqrt();
/// assert!(len <= std::f64::consts::PI);
/// assert_eq!(hooke::simd::shortest_path_f64([0.5, 0.0, 0.0]), [0.5, 0.0, 0.0]);
/// ```
pub fn shortest_path_f64(e: [f64; 3]) -> [f64; 3] {
    use std::f64::consts::{PI, TAU};
    let max = f64::from(f32::MAX);
    let e = e.map(|c| c.clamp(-max, max));
    let len = (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]).sqrt();
    if len <= PI || len.is_nan() {
        return e;
    }
    let r = len % TAU;
    let r = if r > PI { r - TAU } else { r };
    e.map(|c| c * (r / len))
}

/// Longest rotation vector (`2^20` rad, about 1.7e5 turns) that the slow path of
/// [`Vec3x8::shortest_path`] reduces in `f32`: there the rounding of the number of turns costs at
/// most about one ulp of the length, as much as the input's own rounding. Longer vectors (and
/// those whose squared length overflows) are reduced in `f64`.
const F32_REDUCTION_LIMIT: f32 = 1_048_576.0;

/// Slow path of [`Vec3x8::shortest_path`]: the lanes of `wrap` reduced in `f32`, `e (r / |e|)`
/// with `r = |e| - 2 pi round(|e| / 2 pi)` clamped to `[-pi, pi]`, or by [`shortest_path_f64`]
/// beyond [`F32_REDUCTION_LIMIT`].
#[cold]
#[inline(never)]
pub(crate) fn wrap_lanes(v: Vec3x8, wrap: f32x8) -> Vec3x8 {
    use std::f32::consts::{PI, TAU};
    let len2 = v.length_squared();
    let limit = f32x8::splat(F32_REDUCTION_LIMIT);
    let far = wrap & !len2.simd_lt(limit * limit);
    let len = wrap.select(len2.sqrt(), f32x8::ONE);
    let turns = (len * f32x8::splat(1.0 / TAU)).round();
    let r = turns
        .mul_add(f32x8::splat(-TAU), len)
        .max(f32x8::splat(-PI))
        .min(f32x8::splat(PI));
    let k = wrap.select(r / len, f32x8::ONE);
    let mut out = Vec3x8 {
        x: v.x * k,
        y: v.y * k,
        z: v.z * k,
    };
    if far.any() {
        for (lane, far) in far.to_array().into_iter().enumerate() {
            if far != 0.0 {
                let e = shortest_path_f64(lane_f64(&v, lane));
                set_lane(&mut out, lane, e.map(|c| c as f32));
            }
        }
    }
    out
}
