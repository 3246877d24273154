//! Where a transition reads its source and destination poses: a [`PoseRef`] (one character,
//! arrays of structures, checked on entry) or one character of a [`PoseBatch`] (SoA columns,
//! valid by construction), one bone in `f64`; eight bones of a `PoseRef` in `f32x8` lanes
//! ([`bones8`]; a batch's lanes are read straight from its columns, `many.rs`).

use std::ops::Range;

use glam::{Quat, Vec3};
use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use crate::batch::PoseBatch;
use crate::bone::Bone;
use crate::lanes::Bone8;
use crate::pose::PoseRef;
use crate::scale;

/// A pose a transition reads (all its bones, curves and scales exist: checked before).
pub(crate) trait PoseSource {
    /// Bone `b` in `f64`, its rotation normalised.
    fn bone(&self, b: usize) -> Bone;
    /// Curve `c` and its velocity.
    fn curve(&self, c: usize) -> (f64, f64);
    /// The log scale of bone `b` and its rate per axis (`(0, 0)` without scales).
    fn log_scale(&self, b: usize) -> [(f64, f64); 3];
}

/// Values `start..start + count` of the three columns from `first` on, as one vector per lane
/// (padded with 0, as [`load_lanes`]).
#[inline(always)]
pub(super) fn load_vec3<S: AsRef<[f32]>>(
    columns: &[S],
    first: usize,
    start: usize,
    count: usize,
) -> Vec3x8 {
    let column = |k: usize| load_lanes(columns[first + k].as_ref(), start, count, 0.0);
    Vec3x8 {
        x: column(0),
        y: column(1),
        z: column(2),
    }
}

/// Values `start..start + count` of `s` (`count <= 8`) in lanes `0..count`, the other lanes
/// `pad` (and `pad` for values beyond `s`: never for the callers, which pass ranges in bounds).
/// Eight values load as one fixed-size copy.
#[inline(always)]
pub(super) fn load_lanes(s: &[f32], start: usize, count: usize, pad: f32) -> f32x8 {
    let mut a = [pad; 8];
    if count == 8
        && let Some(full) = s.get(start..start + 8)
    {
        a.copy_from_slice(full);
    } else {
        let part = s.get(start..).unwrap_or(&[]);
        for (slot, v) in a.iter_mut().zip(part).take(count) {
            *slot = *v;
        }
    }
    f32x8::new(a)
}

/// Lanes `lanes` (within `0..8`) of `v` into `s[start + k]` for each lane `k` of them (one
/// fixed-size copy for all eight).
#[inline(always)]
pub(super) fn store_lanes(s: &mut [f32], start: usize, lanes: Range<usize>, v: f32x8) {
    let a = v.to_array();
    if lanes == (0..8)
        && let Some(full) = s.get_mut(start..start + 8)
    {
        full.copy_from_slice(&a);
    } else {
        for k in lanes {
            if let (Some(slot), Some(&v)) = (s.get_mut(start + k), a.get(k)) {
                *slot = v;
            }
        }
    }
}

/// The gathers without AVX2: fields `N` at a time from `flat` (eight structures of `N` floats
/// from structure `start` on), one vector per field: eight vector loads of overlapping rows
/// (row `k` is the eight floats from structure `start + k` on, or ending with it) and a
/// transpose, instead of `8 N` scalar loads and inserts. `SPAN = 7 N + 8` floats are read:
/// forward from the group's first structure, or back from its last where the array ends
/// sooner; `None` for arrays too short for either (rigs of fewer than 10 bones for vectors, 9
/// for rotations).
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
#[inline(always)]
fn transposed<const N: usize, const SPAN: usize>(flat: &[f32], start: usize) -> Option<[f32x8; N]> {
    let rows = |span: &[f32; SPAN]| {
        f32x8::transpose(std::array::from_fn(|k| {
            f32x8::new(std::array::from_fn(|j| span[N * k + j]))
        }))
    };
    let span =
        |from: usize| -> Option<&[f32; SPAN]> { flat.get(from..from + SPAN)?.try_into().ok() };
    let first = N * start;
    if let Some(span) = span(first) {
        let c = rows(span);
        return Some(std::array::from_fn(|f| c[f]));
    }
    let c = rows(span(first.checked_sub(8 - N)?)?);
    Some(std::array::from_fn(|f| c[8 - N + f]))
}

/// Vectors `start..start + count` of `v` (`count <= 8`) in lanes `0..count`, the other lanes
/// zero; a whole lane group by [`lanes3`].
#[inline(always)]
fn gather3(v: &[Vec3], start: usize, count: usize) -> Vec3x8 {
    if count == 8
        && let Some(lanes) = lanes3(v, start)
    {
        return lanes;
    }
    let (mut x, mut y, mut z) = ([0.0; 8], [0.0; 8], [0.0; 8]);
    for (k, v) in v.iter().skip(start).enumerate().take(count) {
        (x[k], y[k], z[k]) = (v.x, v.y, v.z);
    }
    Vec3x8 {
        x: f32x8::new(x),
        y: f32x8::new(y),
        z: f32x8::new(z),
    }
}

/// Vectors `start..start + 8` of `v` in lanes, with AVX2: the 24 floats in three vector loads,
/// and each component's eight lanes picked out of them by two blends and one permute (every
/// component takes its eight values from distinct lanes of the three loads).
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn lanes3(v: &[Vec3], start: usize) -> Option<Vec3x8> {
    use safe_arch::{blend_m256, m256, m256i, shuffle_av_f32_all_m256};
    let group: &[Vec3; 8] = v.get(start..start + 8)?.try_into().ok()?;
    let [a, b, c]: [[f32; 8]; 3] = bytemuck::cast(*group);
    let (a, b, c) = (
        m256::from_array(a),
        m256::from_array(b),
        m256::from_array(c),
    );
    // Lane `k` of the blend holds the `k`-th float of `a`, `b` or `c`; `order` puts them in
    // vector order.
    let component = |blend: m256, order: [i32; 8]| {
        f32x8::new(shuffle_av_f32_all_m256(blend, m256i::from(order)).to_array())
    };
    Some(Vec3x8 {
        // a0 b1 c2 a3 b4 c5 a6 b7: x0 x3 x6 x1 x4 x7 x2 x5
        x: component(
            blend_m256::<0x24>(blend_m256::<0x92>(a, b), c),
            [0, 3, 6, 1, 4, 7, 2, 5],
        ),
        // c0 a1 b2 c3 a4 b5 c6 a7: y5 y0 y3 y6 y1 y4 y7 y2
        y: component(
            blend_m256::<0x49>(blend_m256::<0x24>(a, b), c),
            [1, 4, 7, 2, 5, 0, 3, 6],
        ),
        // b0 c1 a2 b3 c4 a5 b6 c7: z2 z5 z0 z3 z6 z1 z4 z7
        z: component(
            blend_m256::<0x92>(blend_m256::<0x49>(a, b), c),
            [2, 5, 0, 3, 6, 1, 4, 7],
        ),
    })
}

/// [`lanes3`] without AVX2: eight overlapping rows and a transpose ([`transposed`]).
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
#[inline(always)]
fn lanes3(v: &[Vec3], start: usize) -> Option<Vec3x8> {
    let [x, y, z] = transposed::<3, 29>(bytemuck::cast_slice(v), start)?;
    Some(Vec3x8 { x, y, z })
}

/// Rotations `start..start + count` of `q` (`count <= 8`) in lanes `0..count`, the other lanes
/// identities (as [`gather3`]).
#[inline(always)]
fn gather_quats(q: &[Quat], start: usize, count: usize) -> Quat8 {
    if count == 8
        && let Some(lanes) = lanes4(q, start)
    {
        return lanes;
    }
    let (mut x, mut y, mut z, mut w) = ([0.0; 8], [0.0; 8], [0.0; 8], [1.0; 8]);
    for (k, q) in q.iter().skip(start).enumerate().take(count) {
        (x[k], y[k], z[k], w[k]) = (q.x, q.y, q.z, q.w);
    }
    Quat8 {
        x: f32x8::new(x),
        y: f32x8::new(y),
        z: f32x8::new(z),
        w: f32x8::new(w),
    }
}

/// Rotations `start..start + 8` of `q` in lanes, with AVX2: four vector loads, the usual
/// unpack-and-shuffle transpose within 128-bit halves, and one permute per component to put
/// the lanes in order.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn lanes4(q: &[Quat], start: usize) -> Option<Quat8> {
    use safe_arch::{
        m256, m256i, shuffle_av_f32_all_m256, shuffle_m256, unpack_hi_m256, unpack_lo_m256,
    };
    let group: &[Quat; 8] = q.get(start..start + 8)?.try_into().ok()?;
    let [a, b, c, d]: [[f32; 8]; 4] = bytemuck::cast(*group);
    let [a, b, c, d] = [a, b, c, d].map(m256::from_array);
    // q0 q2 in the halves' lanes 0-1, q1 q3 ...: `lo` holds x y, `hi` z w.
    let (lo_ab, hi_ab) = (unpack_lo_m256(a, b), unpack_hi_m256(a, b));
    let (lo_cd, hi_cd) = (unpack_lo_m256(c, d), unpack_hi_m256(c, d));
    // Each shuffle gives q0 q2 q4 q6 | q1 q3 q5 q7 of one component.
    let order = m256i::from([0, 4, 1, 5, 2, 6, 3, 7]);
    let component = |m: m256| f32x8::new(shuffle_av_f32_all_m256(m, order).to_array());
    Some(Quat8 {
        x: component(shuffle_m256::<0x44>(lo_ab, lo_cd)),
        y: component(shuffle_m256::<0xEE>(lo_ab, lo_cd)),
        z: component(shuffle_m256::<0x44>(hi_ab, hi_cd)),
        w: component(shuffle_m256::<0xEE>(hi_ab, hi_cd)),
    })
}

/// [`lanes4`] without AVX2: eight overlapping rows and a transpose ([`transposed`]).
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
#[inline(always)]
fn lanes4(q: &[Quat], start: usize) -> Option<Quat8> {
    let [x, y, z, w] = transposed::<4, 36>(bytemuck::cast_slice(q), start)?;
    Some(Quat8 { x, y, z, w })
}

/// Bones `start..start + count` of `pose` (`count <= 8`, in range: the callers' lane groups)
/// in lanes `0..count`, the other lanes at rest. The rotations as given (unit within the
/// checked tolerance): the lane kernel ([`crate::rebase::rebase`]) gives the result of their
/// normalised forms.
#[inline(always)]
pub(super) fn bones8(pose: &PoseRef<'_>, start: usize, count: usize) -> Bone8 {
    Bone8 {
        x: gather3(pose.positions, start, count),
        v: gather3(pose.velocities, start, count),
        q: gather_quats(pose.rotations, start, count),
        w: gather3(pose.angular_velocities, start, count),
    }
}

impl PoseSource for PoseRef<'_> {
    fn bone(&self, b: usize) -> Bone {
        Bone::new(
            self.positions[b],
            self.velocities[b],
            self.rotations[b],
            self.angular_velocities[b],
        )
    }

    fn curve(&self, c: usize) -> (f64, f64) {
        (
            f64::from(self.curves[c]),
            f64::from(self.curve_velocities[c]),
        )
    }

    fn log_scale(&self, b: usize) -> [(f64, f64); 3] {
        match self.scales.get(b) {
            None => [(0.0, 0.0); 3],
            Some(&s) => {
                let (log, rate) = scale::to_log(s, self.scale_velocities[b]);
                [0, 1, 2].map(|k| (f64::from(log[k]), f64::from(rate[k])))
            }
        }
    }
}

/// One character of a [`PoseBatch`] whose shape is the inertializer's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BatchPose<'a> {
    batch: &'a PoseBatch,
    character: usize,
}

impl<'a> BatchPose<'a> {
    pub(crate) fn new(batch: &'a PoseBatch, character: usize) -> BatchPose<'a> {
        BatchPose { batch, character }
    }

    fn lane(&self, b: usize) -> usize {
        self.character * self.batch.shape().1 + b
    }
}

impl PoseSource for BatchPose<'_> {
    fn bone(&self, b: usize) -> Bone {
        Bone::from_f32(self.batch.bone_columns.get(self.lane(b)))
    }

    fn curve(&self, c: usize) -> (f64, f64) {
        let lane = self.character * self.batch.shape().2 + c;
        (
            f64::from(self.batch.curve_values.as_slice()[lane]),
            f64::from(self.batch.curve_velocities.as_slice()[lane]),
        )
    }

    fn log_scale(&self, b: usize) -> [(f64, f64); 3] {
        if !self.batch.has_scales() {
            return [(0.0, 0.0); 3];
        }
        let (log, rate) = (
            self.batch.log_scales.as_slice(),
            self.batch.log_scale_velocities.as_slice(),
        );
        let lane = 3 * self.lane(b);
        [0, 1, 2].map(|k| (f64::from(log[lane + k]), f64::from(rate[lane + k])))
    }
}
