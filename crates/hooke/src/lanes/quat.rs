//! Quaternion springs on SoA quaternions: x, y, z, w columns and angular-velocity columns.

use wide::f32x8;

use super::coeffs::{CoeffSlices, LaneCoeffs};
use crate::par::Split;

/// Eight quaternions, one per lane.
///
/// ```
/// use hooke::lanes::Quat8;
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

/// Eight 3-vectors, one per lane.
///
/// ```
/// use hooke::lanes::Vec3x8;
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
    /// use hooke::lanes::Vec3x8;
    /// let v = Vec3x8 { x: wide::f32x8::splat(3.0), y: wide::f32x8::splat(4.0), z: wide::f32x8::ZERO };
    /// assert_eq!(v.length().to_array()[0], 5.0);
    /// ```
    #[inline(always)]
    pub fn length(self) -> f32x8 {
        self.z
            .mul_add(self.z, self.y.mul_add(self.y, self.x * self.x))
            .sqrt()
    }
}

/// Below this `|xyz|`, [`Quat8::to_scaled_angle_axis`] uses its series (exact to f32 there).
const SMALL_ANGLE: f32 = 1e-4;

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
    /// use hooke::lanes::Vec3x8;
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
    fn length_squared(self) -> f32x8 {
        self.z
            .mul_add(self.z, self.y.mul_add(self.y, self.x * self.x))
    }
}

/// `pi^2` in `f32`: rotation vectors longer than `pi` are not on the shortest path.
const PI_SQUARED: f32 = std::f32::consts::PI * std::f32::consts::PI;

/// A lane of a [`Vec3x8`] in `f64`.
#[inline(always)]
fn lane_f64(v: &Vec3x8, lane: usize) -> [f64; 3] {
    [v.x, v.y, v.z].map(|c| f64::from(c.to_array()[lane]))
}

/// Writes `value` into `lane` of `v`.
#[inline(always)]
fn set_lane(v: &mut Vec3x8, lane: usize, value: [f32; 3]) {
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
/// let e = hooke::lanes::shortest_path_f64([1e30, -2e30, 3e38]);
/// let len = e.iter().map(|c| c * c).sum::<f64>().sqrt();
/// assert!(len <= std::f64::consts::PI);
/// assert_eq!(hooke::lanes::shortest_path_f64([0.5, 0.0, 0.0]), [0.5, 0.0, 0.0]);
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
fn wrap_lanes(v: Vec3x8, wrap: f32x8) -> Vec3x8 {
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
    /// use hooke::lanes::Quat8;
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

    /// The rotation vector (angle times axis) on the shortest path, via `atan2(|xyz|, w)`.
    ///
    /// ```
    /// use hooke::lanes::Quat8;
    /// assert_eq!(Quat8::IDENTITY.to_scaled_angle_axis().x.to_array(), [0.0; 8]);
    /// ```
    #[inline(always)]
    pub fn to_scaled_angle_axis(self) -> Vec3x8 {
        // Shortest path: flip to w >= 0.
        let flip = self.w.simd_lt(f32x8::ZERO);
        let sign = flip.select(-f32x8::ONE, f32x8::ONE);
        let (x, y, z, w) = (self.x * sign, self.y * sign, self.z * sign, self.w * sign);
        let len = Vec3x8 { x, y, z }.length();
        // angle / len = 2 atan2(len, w) / len. For tiny rotations use its series,
        // 2 / w (1 - r^2 / 3), r = len / w, and keep atan2's argument away from the subnormal
        // range, where its polynomial would slow down by an order of magnitude.
        let small = len.simd_lt(f32x8::splat(SMALL_ANGLE));
        let safe_len = len.max(f32x8::splat(SMALL_ANGLE));
        let r = len / w;
        let series = f32x8::splat(2.0) / w * (f32x8::ONE - r * r * f32x8::splat(1.0 / 3.0));
        let scale = small.select(series, f32x8::splat(2.0) * safe_len.atan2(w) / safe_len);
        Vec3x8 {
            x: x * scale,
            y: y * scale,
            z: z * scale,
        }
    }

    /// The rotation of a rotation vector: `exp(v / 2)`, a unit quaternion for any finite `v`
    /// (`v` is first taken to the shortest path, [`Vec3x8::shortest_path`], which costs one
    /// comparison within half a turn and keeps `sin_cos` in its accurate range).
    ///
    /// ```
    /// use hooke::lanes::{Quat8, Vec3x8};
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
        let v = v.shortest_path();
        let half_angle = f32x8::splat(0.5) * v.length();
        // Tiny angles use the series (exact to f32 below 1e-3) and keep sin_cos's argument away
        // from the subnormal range, where it would slow down by an order of magnitude.
        let small = half_angle.simd_lt(f32x8::splat(1e-3));
        let h2 = half_angle * half_angle;
        let (sin, cos) = half_angle.max(f32x8::splat(1e-3)).sin_cos();
        let cos = small.select(f32x8::ONE - h2 * f32x8::splat(0.5), cos);
        let sinc = small.select(f32x8::ONE - h2 * f32x8::splat(1.0 / 6.0), sin / half_angle);
        let k = f32x8::splat(0.5) * sinc;
        Quat8 {
            x: v.x * k,
            y: v.y * k,
            z: v.z * k,
            w: cos,
        }
    }
}

impl std::ops::Mul for Quat8 {
    type Output = Quat8;

    /// Hamilton product `self * rhs` (apply `rhs` first), lane-wise.
    ///
    /// ```
    /// use hooke::lanes::Quat8;
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

/// Mutable lane slices of SoA quaternions.
#[derive(Debug)]
pub struct QuatLanesMut<'a> {
    /// x components.
    pub x: &'a mut [f32x8],
    /// y components.
    pub y: &'a mut [f32x8],
    /// z components.
    pub z: &'a mut [f32x8],
    /// w components.
    pub w: &'a mut [f32x8],
}

/// Lane slices of SoA quaternions.
#[derive(Debug, Clone, Copy)]
pub struct QuatLanes<'a> {
    /// x components.
    pub x: &'a [f32x8],
    /// y components.
    pub y: &'a [f32x8],
    /// z components.
    pub z: &'a [f32x8],
    /// w components.
    pub w: &'a [f32x8],
}

/// Mutable lane slices of SoA 3-vectors.
#[derive(Debug)]
pub struct Vec3LanesMut<'a> {
    /// x components.
    pub x: &'a mut [f32x8],
    /// y components.
    pub y: &'a mut [f32x8],
    /// z components.
    pub z: &'a mut [f32x8],
}

impl QuatLanesMut<'_> {
    fn len(&self) -> usize {
        self.x
            .len()
            .min(self.y.len())
            .min(self.z.len())
            .min(self.w.len())
    }
}

impl QuatLanes<'_> {
    fn len(&self) -> usize {
        self.x
            .len()
            .min(self.y.len())
            .min(self.z.len())
            .min(self.w.len())
    }
}

impl Vec3LanesMut<'_> {
    fn len(&self) -> usize {
        self.x.len().min(self.y.len()).min(self.z.len())
    }
}

impl Split for QuatLanesMut<'_> {
    fn lanes(&self) -> usize {
        self.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let ((x0, x1), (y0, y1)) = (self.x.split_at(mid), self.y.split_at(mid));
        let ((z0, z1), (w0, w1)) = (self.z.split_at(mid), self.w.split_at(mid));
        (
            QuatLanesMut {
                x: x0,
                y: y0,
                z: z0,
                w: w0,
            },
            QuatLanesMut {
                x: x1,
                y: y1,
                z: z1,
                w: w1,
            },
        )
    }
}

impl Split for QuatLanes<'_> {
    fn lanes(&self) -> usize {
        self.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let ((x0, x1), (y0, y1)) = (Split::split_at(self.x, mid), Split::split_at(self.y, mid));
        let ((z0, z1), (w0, w1)) = (Split::split_at(self.z, mid), Split::split_at(self.w, mid));
        (
            QuatLanes {
                x: x0,
                y: y0,
                z: z0,
                w: w0,
            },
            QuatLanes {
                x: x1,
                y: y1,
                z: z1,
                w: w1,
            },
        )
    }
}

impl Split for Vec3LanesMut<'_> {
    fn lanes(&self) -> usize {
        self.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let ((x0, x1), (y0, y1)) = (self.x.split_at(mid), self.y.split_at(mid));
        let (z0, z1) = self.z.split_at(mid);
        (
            Vec3LanesMut {
                x: x0,
                y: y0,
                z: z0,
            },
            Vec3LanesMut {
                x: x1,
                y: y1,
                z: z1,
            },
        )
    }
}

/// The critical decay spring on one lane group of rotation offsets and angular velocities: the
/// offset's rotation vector follows [`rotation_vector_decay_step`].
#[inline(always)]
fn rotation_decay_step(c: &LaneCoeffs, q: Quat8, w: Vec3x8) -> (Quat8, Vec3x8) {
    let (e, w) = rotation_vector_decay_step(c, q.to_scaled_angle_axis(), w);
    (Quat8::from_scaled_angle_axis(e), w)
}

#[inline(always)]
fn load_quat(q: &QuatLanesMut<'_>, i: usize) -> Quat8 {
    Quat8 {
        x: q.x[i],
        y: q.y[i],
        z: q.z[i],
        w: q.w[i],
    }
}

#[inline(always)]
fn store(q: &mut QuatLanesMut<'_>, w: &mut Vec3LanesMut<'_>, i: usize, nq: Quat8, nw: Vec3x8) {
    (q.x[i], q.y[i], q.z[i], q.w[i]) = (nq.x, nq.y, nq.z, nq.w);
    (w.x[i], w.y[i], w.z[i]) = (nw.x, nw.y, nw.z);
}

/// Rotation offsets decaying toward the identity, sharing one set of coefficients: the SIMD twin
/// of [`crate::scalar::decay_spring_damper_exact_quat`].
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::column::{QuatColumns, Vec3Columns};
/// use hooke::lanes::{quat_decay_shared, LaneCoeffs, QuatLanesMut, Vec3LanesMut};
/// use hooke::SpringCoeffs;
///
/// let mut q = QuatColumns::from_quats(&[Quat::from_rotation_x(0.5); 3]);
/// let mut w = Vec3Columns::new(3, Vec3::ZERO);
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 1.0));
/// quat_decay_shared(
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     &c,
/// );
/// assert!(q.get(0).angle_between(Quat::IDENTITY) < 1e-3);
/// ```
pub fn quat_decay_shared(mut q: QuatLanesMut<'_>, mut w: Vec3LanesMut<'_>, c: &LaneCoeffs) {
    let n = q.len().min(w.len());
    for i in 0..n {
        let wv = Vec3x8 {
            x: w.x[i],
            y: w.y[i],
            z: w.z[i],
        };
        let (nq, nw) = rotation_decay_step(c, load_quat(&q, i), wv);
        store(&mut q, &mut w, i, nq, nw);
    }
}

/// Rotation offsets decaying toward the identity, one set of coefficients per spring.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::column::{Column, QuatColumns, Vec3Columns};
/// use hooke::lanes::{quat_decay_per_spring, CoeffColumns, QuatLanesMut, Vec3LanesMut};
///
/// let mut q = QuatColumns::from_quats(&[Quat::from_rotation_x(0.5); 2]);
/// let mut w = Vec3Columns::new(2, Vec3::ZERO);
/// let c = CoeffColumns::critical(&Column::from_slice_padded(&[0.0, 10.0], 1.0), 0.1);
/// quat_decay_per_spring(
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     c.slices(),
/// );
/// assert_eq!(q.get(0), Quat::IDENTITY); // halflife 0 snaps
/// ```
pub fn quat_decay_per_spring(mut q: QuatLanesMut<'_>, mut w: Vec3LanesMut<'_>, c: CoeffSlices<'_>) {
    let n = q.len().min(w.len()).min(c.len());
    for i in 0..n {
        let wv = Vec3x8 {
            x: w.x[i],
            y: w.y[i],
            z: w.z[i],
        };
        let (nq, nw) = rotation_decay_step(&c.get(i), load_quat(&q, i), wv);
        store(&mut q, &mut w, i, nq, nw);
    }
}

/// Rotations following critical springs toward per-spring goal rotations (goal angular velocity
/// 0), sharing one set of coefficients: the SIMD twin of
/// [`crate::scalar::simple_spring_damper_exact_quat`].
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::column::{QuatColumns, Vec3Columns};
/// use hooke::lanes::{quat_simple_shared, LaneCoeffs, QuatLanes, QuatLanesMut, Vec3LanesMut};
/// use hooke::SpringCoeffs;
///
/// let goal = QuatColumns::from_quats(&[Quat::from_rotation_y(1.0); 2]);
/// let mut q = QuatColumns::new(2, Quat::IDENTITY);
/// let mut w = Vec3Columns::new(2, Vec3::ZERO);
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.05, 1.0));
/// quat_simple_shared(
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     QuatLanes { x: goal.x.lanes(), y: goal.y.lanes(), z: goal.z.lanes(), w: goal.w.lanes() },
///     &c,
/// );
/// assert!(q.get(1).angle_between(Quat::from_rotation_y(1.0)) < 1e-4);
/// ```
pub fn quat_simple_shared(
    mut q: QuatLanesMut<'_>,
    mut w: Vec3LanesMut<'_>,
    goal: QuatLanes<'_>,
    c: &LaneCoeffs,
) {
    let n = q.len().min(w.len()).min(goal.len());
    for i in 0..n {
        let g = Quat8 {
            x: goal.x[i],
            y: goal.y[i],
            z: goal.z[i],
            w: goal.w[i],
        };
        let wv = Vec3x8 {
            x: w.x[i],
            y: w.y[i],
            z: w.z[i],
        };
        let offset = load_quat(&q, i) * g.conjugate();
        let (offset, nw) = rotation_decay_step(c, offset, wv);
        store(&mut q, &mut w, i, offset * g, nw);
    }
}

impl Quat8 {
    /// [`from_scaled_angle_axis`](Self::from_scaled_angle_axis) for rotation vectors of angle at
    /// most `pi` (shortest-path offsets, plus a frame of turning): polynomials in the squared half
    /// angle, with no square root, no sine or cosine, no division. Accurate to a few f32 ulps up
    /// to half a turn, truncation error below 2e-7 up to a full turn; unit length within 1e-6.
    ///
    /// ```
    /// use hooke::lanes::{Quat8, Vec3x8};
    /// use wide::f32x8;
    /// let v = Vec3x8 { x: f32x8::splat(3.0), y: f32x8::ZERO, z: f32x8::ZERO };
    /// let (a, b) = (Quat8::from_scaled_angle_axis_within_pi(v), Quat8::from_scaled_angle_axis(v));
    /// assert!((a.x.to_array()[0] - b.x.to_array()[0]).abs() < 1e-6);
    /// assert!((a.w.to_array()[0] - b.w.to_array()[0]).abs() < 1e-6);
    /// ```
    #[inline(always)]
    pub fn from_scaled_angle_axis_within_pi(v: Vec3x8) -> Quat8 {
        // h^2 = |v|^2 / 4; Taylor series of cos(h) and sin(h) / h up to h^18 and h^18 / 19!
        // (truncation error below 3e-9 at h = pi / 2, 2e-7 at h = pi).
        let h2 = v.z.mul_add(v.z, v.y.mul_add(v.y, v.x * v.x)) * f32x8::splat(0.25);
        let horner = |coeffs: &[f32]| {
            coeffs
                .iter()
                .rev()
                .fold(f32x8::ZERO, |acc, &c| acc.mul_add(h2, f32x8::splat(c)))
        };
        let cos = horner(&COS_TAYLOR);
        let half_sinc = horner(&HALF_SINC_TAYLOR);
        Quat8 {
            x: v.x * half_sinc,
            y: v.y * half_sinc,
            z: v.z * half_sinc,
            w: cos,
        }
    }
}

/// Taylor coefficients of `cos(h)` in powers of `h^2`: `(-1)^k / (2k)!`.
const COS_TAYLOR: [f32; 10] = [
    1.0,
    -1.0 / 2.0,
    1.0 / 24.0,
    -1.0 / 720.0,
    1.0 / 40_320.0,
    -1.0 / 3_628_800.0,
    1.0 / 479_001_600.0,
    -1.0 / 87_178_291_200.0,
    1.0 / 20_922_789_888_000.0,
    -1.0 / 6_402_373_705_728_000.0,
];

/// Taylor coefficients of `sin(h) / (2h)` in powers of `h^2`: `(-1)^k / (2 (2k+1)!)`.
const HALF_SINC_TAYLOR: [f32; 10] = [
    0.5 / 1.0,
    -0.5 / 6.0,
    0.5 / 120.0,
    -0.5 / 5_040.0,
    0.5 / 362_880.0,
    -0.5 / 39_916_800.0,
    0.5 / 6_227_020_800.0,
    -0.5 / 1_307_674_368_000.0,
    0.5 / 355_687_428_096_000.0,
    -0.5 / 121_645_100_408_832_000.0,
];

/// The critical decay spring on rotation offsets stored as rotation vectors, one lane group: the
/// offset `e` (angle at most half a turn) and the angular velocity `w` decay linearly with the
/// coefficients `c`; an offset pushed past half a turn is moved to the equivalent shortest-path
/// vector (as the scalar twin's logarithm does every step, see `docs/math.md`), so
/// `Quat8::from_scaled_angle_axis_within_pi` of the result is a unit quaternion.
///
/// Finite input always gives finite output: lanes whose offset leaves half a turn or whose
/// angular velocity overflows `f32` are recomputed in `f64` on a cold path (the offset reduced by
/// [`shortest_path_f64`], the angular velocity saturated at `±f32::MAX` like
/// [`crate::SpringCoeffs::apply_saturating`]). Offsets below `1e-15` rad (and then angular
/// velocities below `1e-15` rad/s) are flushed to zero, which keeps a settled batch out of the
/// slow subnormal range.
///
/// ```
/// use hooke::lanes::{rotation_vector_decay_step, LaneCoeffs, Quat8, Vec3x8};
/// use hooke::SpringCoeffs;
/// use wide::f32x8;
///
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 0.1));
/// let e = Vec3x8 { x: f32x8::splat(3.0), y: f32x8::ZERO, z: f32x8::ZERO };
/// let w = Vec3x8 { x: f32x8::splat(1e6), y: f32x8::ZERO, z: f32x8::splat(-3e38) };
/// let (e, w) = rotation_vector_decay_step(&c, e, w);
/// assert!(e.length().to_array()[0] <= std::f32::consts::PI);
/// assert!(w.z.to_array()[0].is_finite());
/// let q = Quat8::from_scaled_angle_axis_within_pi(e);
/// let len = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).sqrt().to_array()[0];
/// assert!((len - 1.0).abs() < 1e-6);
/// ```
#[inline(always)]
pub fn rotation_vector_decay_step(c: &LaneCoeffs, e: Vec3x8, w: Vec3x8) -> (Vec3x8, Vec3x8) {
    let step = |e: f32x8, v: f32x8| (e + c.xx.mul_add(e, c.xv * v), c.vx.mul_add(e, c.vv * v));
    let (ex, vx) = step(e.x, w.x);
    let (ey, vy) = step(e.y, w.y);
    let (ez, vz) = step(e.z, w.z);
    let e1 = Vec3x8 {
        x: ex,
        y: ey,
        z: ez,
    };
    let w1 = Vec3x8 {
        x: vx,
        y: vy,
        z: vz,
    };
    let len2 = e1.length_squared();
    // Past half a turn: reduced by `shortest_path`'s slow path. Beyond the f32 range (an infinite
    // component makes `len2` infinite; an overflowing angular velocity makes its sum infinite or
    // NaN): stepped again in f64.
    let wrap = len2.simd_gt(f32x8::splat(PI_SQUARED));
    let overflow = !(len2 + (vx + vy + vz)).is_finite();
    let (e1, w1) = if overflow.any() {
        // By value: the fast path then keeps `c` and the vectors in registers.
        decay_lanes_f64(*c, (e, w), (e1, w1), overflow)
    } else if wrap.any() {
        (wrap_lanes(e1, wrap), w1)
    } else {
        (e1, w1)
    };
    // Offsets below 1e-15 rad are zero to f32 precision next to a unit quaternion; flushing them
    // keeps a long-settled batch out of the subnormal range, where every operation on them (the
    // squared length first) would take a slow microcode path.
    let settled = len2.simd_lt(f32x8::splat(1e-30));
    let e1 = Vec3x8 {
        x: settled.select(f32x8::ZERO, e1.x),
        y: settled.select(f32x8::ZERO, e1.y),
        z: settled.select(f32x8::ZERO, e1.z),
    };
    // The angular velocity is flushed the same way once it is negligible too.
    let w_settled = settled & w1.length_squared().simd_lt(f32x8::splat(1e-30));
    let w1 = Vec3x8 {
        x: w_settled.select(f32x8::ZERO, w1.x),
        y: w_settled.select(f32x8::ZERO, w1.y),
        z: w_settled.select(f32x8::ZERO, w1.z),
    };
    (e1, w1)
}

/// Slow path of [`rotation_vector_decay_step`]: the lanes of `overflow` stepped again in `f64`
/// from `(e, w)`, the offset taken to the shortest path and the angular velocity saturated; the
/// other lanes taken to the shortest path in `f32`.
#[cold]
#[inline(never)]
fn decay_lanes_f64(
    c: LaneCoeffs,
    (e, w): (Vec3x8, Vec3x8),
    (e1, mut w1): (Vec3x8, Vec3x8),
    overflow: f32x8,
) -> (Vec3x8, Vec3x8) {
    let mut e1 = e1.shortest_path();
    let max = f64::from(f32::MAX);
    for (lane, slow) in overflow.to_array().into_iter().enumerate() {
        if slow == 0.0 {
            continue;
        }
        let coeffs = c.lane(lane);
        let (e0, w0) = (lane_f64(&e, lane), lane_f64(&w, lane));
        let stepped: [(f64, f64); 3] =
            std::array::from_fn(|k| coeffs.apply_offset_f64(e0[k], w0[k]));
        let offset = shortest_path_f64(stepped.map(|(e, _)| e));
        set_lane(&mut e1, lane, offset.map(|c| c as f32));
        set_lane(
            &mut w1,
            lane,
            stepped.map(|(_, v)| v.clamp(-max, max) as f32),
        );
    }
    (e1, w1)
}

/// Rotation offsets stored as rotation vectors (angle `<= pi`) with angular velocities, decaying
/// toward the identity with one set of coefficients per lane group `coeffs(i)`; writes the
/// rotations as quaternions too. The per-frame work has no logarithm and no trigonometry.
#[inline(always)]
fn rotation_vector_decay<C: Fn(usize) -> LaneCoeffs>(
    e: Vec3LanesMut<'_>,
    w: Vec3LanesMut<'_>,
    q: QuatLanesMut<'_>,
    coeffs: C,
) {
    let n = e.len().min(w.len()).min(q.len());
    for i in 0..n {
        let e0 = Vec3x8 {
            x: e.x[i],
            y: e.y[i],
            z: e.z[i],
        };
        let w0 = Vec3x8 {
            x: w.x[i],
            y: w.y[i],
            z: w.z[i],
        };
        let (e1, w1) = rotation_vector_decay_step(&coeffs(i), e0, w0);
        let q1 = Quat8::from_scaled_angle_axis_within_pi(e1);
        (e.x[i], e.y[i], e.z[i]) = (e1.x, e1.y, e1.z);
        (w.x[i], w.y[i], w.z[i]) = (w1.x, w1.y, w1.z);
        (q.x[i], q.y[i], q.z[i], q.w[i]) = (q1.x, q1.y, q1.z, q1.w);
    }
}

/// Rotation offsets kept as rotation vectors `e` (angle `<= pi`) with angular velocities `w`,
/// decaying toward the identity with shared coefficients; the rotations are written to `q`.
/// Same result as [`quat_decay_shared`] on `q = exp(e / 2)` (its scalar twin is
/// [`crate::scalar::decay_spring_damper_exact_quat`]) without the per-frame logarithm.
///
/// ```
/// use glam::Vec3;
/// use hooke::column::{QuatColumns, Vec3Columns};
/// use hooke::lanes::{quat_vector_decay_shared, LaneCoeffs, QuatLanesMut, Vec3LanesMut};
/// use hooke::SpringCoeffs;
///
/// let mut e = Vec3Columns::new(3, Vec3::new(0.5, 0.0, 0.0));
/// let mut w = Vec3Columns::new(3, Vec3::ZERO);
/// let mut q = QuatColumns::new(3, glam::Quat::IDENTITY);
/// quat_vector_decay_shared(
///     Vec3LanesMut { x: e.x.lanes_mut(), y: e.y.lanes_mut(), z: e.z.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     &LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 0.1)),
/// );
/// assert!(e.get(0).x < 0.5 && (q.get(0).x - (0.5 * e.get(0).x).sin()).abs() < 1e-6);
/// ```
pub fn quat_vector_decay_shared(
    e: Vec3LanesMut<'_>,
    w: Vec3LanesMut<'_>,
    q: QuatLanesMut<'_>,
    c: &LaneCoeffs,
) {
    rotation_vector_decay(e, w, q, |_| *c);
}

/// [`quat_vector_decay_shared`] with one set of coefficients per spring.
///
/// ```
/// use glam::Vec3;
/// use hooke::column::{Column, QuatColumns, Vec3Columns};
/// use hooke::lanes::{quat_vector_decay_per_spring, CoeffColumns, QuatLanesMut, Vec3LanesMut};
///
/// let mut e = Vec3Columns::new(2, Vec3::new(0.0, 1.0, 0.0));
/// let mut w = Vec3Columns::new(2, Vec3::ZERO);
/// let mut q = QuatColumns::new(2, glam::Quat::IDENTITY);
/// let c = CoeffColumns::critical(&Column::from_slice_padded(&[0.0, 1.0], 1.0), 0.1);
/// quat_vector_decay_per_spring(
///     Vec3LanesMut { x: e.x.lanes_mut(), y: e.y.lanes_mut(), z: e.z.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     c.slices(),
/// );
/// assert_eq!(e.get(0), Vec3::ZERO); // halflife 0 snaps
/// ```
pub fn quat_vector_decay_per_spring(
    e: Vec3LanesMut<'_>,
    w: Vec3LanesMut<'_>,
    q: QuatLanesMut<'_>,
    c: CoeffSlices<'_>,
) {
    let n = c.len().min(e.x.len());
    let e = Vec3LanesMut {
        x: &mut e.x[..n],
        y: e.y,
        z: e.z,
    };
    rotation_vector_decay(e, w, q, |i| c.get(i));
}
