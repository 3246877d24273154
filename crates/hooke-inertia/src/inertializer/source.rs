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

/// Fields `N` at a time from `flat` (eight structures of `N` floats from structure `start`
/// on), one vector per field: eight vector loads of overlapping rows (row `k` is the eight
/// floats from structure `start + k` on, or ending with it) and a transpose, instead of `8 N`
/// scalar loads and inserts. `SPAN = 7 N + 8` floats are read: forward from the group's first
/// structure, or back from its last where the array ends sooner; `None` for arrays too short
/// for either (rigs of fewer than 10 bones for vectors, 9 for rotations).
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
/// zero; a whole lane group by [`transposed`].
#[inline(always)]
fn gather3(v: &[Vec3], start: usize, count: usize) -> Vec3x8 {
    if count == 8
        && let Some([x, y, z]) = transposed::<3, 29>(bytemuck::cast_slice(v), start)
    {
        return Vec3x8 { x, y, z };
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

/// Rotations `start..start + count` of `q` (`count <= 8`) in lanes `0..count`, the other lanes
/// identities (as [`gather3`]).
#[inline(always)]
fn gather_quats(q: &[Quat], start: usize, count: usize) -> Quat8 {
    if count == 8
        && let Some([x, y, z, w]) = transposed::<4, 36>(bytemuck::cast_slice(q), start)
    {
        return Quat8 { x, y, z, w };
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
