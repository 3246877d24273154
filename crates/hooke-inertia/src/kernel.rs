//! The fused inertialization kernel: decay the offsets and apply them to the input in one pass over
//! the columns, so memory is traversed once per frame. No threads, no allocation, no panics.

use std::ops::Range;

use glam::{DQuat, DVec3};
use hooke::lanes::{LaneCoeffs, recompute_lanes, rotation_vector_decay_step};
use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use crate::lanes::ReadLanes;
use crate::offsets::OffsetLanesMut;
use crate::pattern::PatternSlices;
use crate::pose_io::{ChannelIo, PoseIo};
use crate::saturate::{lane_dvec3, saturate, set_lane_vec3};

/// Offsets below this are set to zero. A decaying offset would otherwise pass through the subnormal
/// range for several frames (about 6 s after a 0.1 s-halflife transition), and subnormal lanes make
/// x86 vector arithmetic up to ~100x slower; 1e-30 is far below any visible offset.
const TINY: f32 = 1e-30;

/// The critical decay spring on one component: `x += xx x + xv v`, `v = vx x + vv v`, flushing
/// tiny results to zero.
#[inline(always)]
fn decay(c: &LaneCoeffs, x: f32x8, v: f32x8) -> (f32x8, f32x8) {
    let tiny = f32x8::splat(TINY);
    let x1 = x + c.xx.mul_add(x, c.xv * v);
    let v1 = c.vx.mul_add(x, c.vv * v);
    // A bitwise and with the "not tiny" mask: cheaper than a blend.
    let flush = |y: f32x8| y & y.abs().simd_ge(tiny);
    (flush(x1), flush(v1))
}

#[inline(always)]
fn decay3(c: &LaneCoeffs, x: Vec3x8, v: Vec3x8) -> (Vec3x8, Vec3x8) {
    let (xx, vx) = decay(c, x.x, v.x);
    let (xy, vy) = decay(c, x.y, v.y);
    let (xz, vz) = decay(c, x.z, v.z);
    (
        Vec3x8 {
            x: xx,
            y: xy,
            z: xz,
        },
        Vec3x8 {
            x: vx,
            y: vy,
            z: vz,
        },
    )
}

// Column indices of the parts of a lane group: offsets (x, v, e, w) and poses (x, v, q, w).
const OFF_X: usize = 0;
const OFF_V: usize = 3;
const OFF_E: usize = 6;
const OFF_W: usize = 9;
const POSE_X: usize = 0;
const POSE_V: usize = 3;
const POSE_Q: usize = 6;
const POSE_W: usize = 10;

/// A lane group's translation offsets (position and velocity) may be non-zero: bit of the
/// per-group liveness byte the inertializer keeps (`Inertializer::update`).
pub(crate) const LIVE_TRANSLATION: u8 = 1;
/// A lane group's rotation offsets (rotation vector and angular velocity) may be non-zero.
pub(crate) const LIVE_ROTATION: u8 = 2;
/// Both halves of a lane group may carry an offset.
pub(crate) const LIVE: u8 = LIVE_TRANSLATION | LIVE_ROTATION;
/// A lane group holds lanes of a character that switched since the last update (its lanes are
/// marked in the `fresh` lanes): those lanes are not decayed this update.
pub(crate) const FRESH: u8 = 4;

/// The coefficients of lane group `i`: `c`, held on the lanes of characters that switched since
/// the last update when the group has [`FRESH`] (the `fresh` lanes are read only then).
#[inline(always)]
fn group_coeffs(c: &LaneCoeffs, live: u8, fresh: &[f32x8], i: usize) -> LaneCoeffs {
    match live & FRESH {
        0 => *c,
        _ => unless_fresh(c, fresh[i]),
    }
}

/// `c` on the lanes where `fresh` is zero, no step at all (`x += 0`, `v = v`) where it is not:
/// the offsets of a character that switched since the last update are shown as the transition
/// computed them, at the time of the frame whose input changed (`docs/math.md` §6.1).
#[inline(always)]
fn unless_fresh(c: &LaneCoeffs, fresh: f32x8) -> LaneCoeffs {
    let fresh = fresh.simd_ne(f32x8::ZERO);
    LaneCoeffs {
        xx: fresh.select(f32x8::ZERO, c.xx),
        xv: fresh.select(f32x8::ZERO, c.xv),
        xq: c.xq,
        vx: fresh.select(f32x8::ZERO, c.vx),
        vv: fresh.select(f32x8::ONE, c.vv),
        vq: c.vq,
    }
}

/// Decays the offsets of every bone lane by one step (per-lane coefficients) and writes
/// `out = offset ⊕ input`: `x + off_x`, `v + off_v`, `off_q * q`, `off_w + off_q * w`.
///
/// The rotation offset is stored and decayed as a rotation vector (see `offsets.rs`) by hooke's
/// `rotation_vector_decay_step`, which keeps it on the shortest path (angle at most half a turn,
/// whatever the angular velocity and `dt`); one polynomial `exp` per lane forms the offset
/// rotation to apply, a unit quaternion. Lanes whose output leaves the `f32` range (inputs and
/// offsets near `±f32::MAX`) are recomputed in `f64` and saturated, see [`saturate_half`].
///
/// `live` holds a byte per lane group: [`LIVE_TRANSLATION`] and [`LIVE_ROTATION`] say which
/// half may carry a non-zero offset. A half without one is not decayed or applied: its output
/// is its input ([`PoseIo::pass_through`]: a copy of each run of such groups, or nothing in place), which is what the
/// arithmetic gives on zero offsets (`x + 0`, `identity * q`, `0 + identity * w`). A half whose
/// offsets decay to exactly zero (the decay flushes values below `1e-30`) clears its bit, so a
/// crowd between blends costs a copy of its input, or nothing in place.
///
/// The translation (positions and velocities) and the rotation parts touch disjoint columns, so
/// they run as two loops over the lane groups: memory is still traversed once, each loop keeps
/// fewer values and column pointers live, and each lane group is checked and stored as soon as
/// it is done. The first version did both in one loop with one check at the end: all 25 results
/// stayed live at once and the 16 vector registers spilled about a hundred values per group
/// (two loops: 5.6 -> 4.3 ns per bone with the data in cache).
pub(crate) fn inertialize_lanes<P: PoseIo>(
    offsets: OffsetLanesMut<'_>,
    io: P,
    coeffs: PatternSlices<'_>,
    (live, fresh): (&mut [u8], &[f32x8]),
) {
    let n = offsets.len().min(io.len()).min(live.len()).min(fresh.len());
    let (mut offsets, mut io) = (offsets.truncate(n), io.truncate(n));
    let (live, fresh) = (&mut live[..n], &fresh[..n]);
    let summary = Summary::of(live);
    walk_half::<Translation, P>(&mut offsets, &mut io, coeffs, (live, fresh), summary);
    walk_half::<Rotation, P>(&mut offsets, &mut io, coeffs, (live, fresh), summary);
}

/// One loop of [`inertialize_lanes`] over the lane groups of one half (`H`): groups without
/// the half's liveness bit pass their input through; the others are stepped, checked for
/// overflow (the slow path redoes the group in `f64`) and stored, and a half whose offsets reached
/// exactly zero clears its bit.
#[inline(always)]
fn walk_half<H: Half, P: PoseIo>(
    offsets: &mut OffsetLanesMut<'_>,
    io: &mut P,
    coeffs: PatternSlices<'_>,
    (live, fresh): (&mut [u8], &[f32x8]),
    summary: Summary,
) {
    let n = live.len();
    pass_through_at_rest(io, live, summary, H::LIVE, H::POSE_COLUMNS);
    coeffs.for_each(summary.groups_to_walk(H::LIVE, n), |i, c| {
        if live[i] & H::LIVE == 0 {
            return;
        }
        let c = &group_coeffs(c, live[i], fresh, i);
        let step = H::step(c, (offsets, io, i));
        let overflow = H::overflow(&step);
        if overflow.any() {
            // The slow paths reload their half of the lane group from memory and redo it:
            // passing them the values computed here would keep them in memory on the fast path
            // too (3-4x slower).
            saturate_half::<H>(i, overflow, offsets, io, c);
        } else if store::<H>(step, (offsets, io, i)) {
            live[i] &= !H::LIVE;
        }
    });
}

/// The bits set in any and in every lane group's liveness byte: a crowd all at rest, or all
/// blending, needs no walk over the bytes one by one (both folds vectorise).
#[derive(Clone, Copy)]
pub(crate) struct Summary {
    any: u8,
    every: u8,
}

impl Summary {
    #[inline(always)]
    pub(crate) fn of(live: &[u8]) -> Summary {
        Summary {
            any: live.iter().fold(0, |a, &g| a | g),
            every: live.iter().fold(u8::MAX, |a, &g| a & g),
        }
    }

    /// Whether some lane group has `bit`.
    #[inline(always)]
    pub(crate) fn any(self, bit: u8) -> bool {
        self.any & bit != 0
    }

    /// How many of the `n` lane groups a kernel loop walks: all, or none when no group has
    /// `bit` (a crowd at rest costs no walk over the coefficient table).
    #[inline(always)]
    fn groups_to_walk(self, bit: u8, n: usize) -> usize {
        if self.any(bit) { n } else { 0 }
    }
}

/// Passes the input of the lane groups without `bit` through to the output in columns
/// `k..k + count`, a run of consecutive groups at a time: column by column, two memory streams at
/// once instead of 26 interleaved ones per group (the hardware prefetchers track a few streams).
#[inline(always)]
fn pass_through_at_rest(
    io: &mut impl PoseIo,
    live: &[u8],
    summary: Summary,
    bit: u8,
    (k, count): (usize, usize),
) {
    if summary.every & bit != 0 {
        return;
    }
    if !summary.any(bit) {
        io.pass_through(0..live.len(), k, count);
        return;
    }
    for groups in runs(live, bit, false) {
        io.pass_through(groups, k, count);
    }
}

/// The runs of consecutive lane groups whose liveness byte has `bit` (`with`) or lacks it.
pub(crate) fn runs(live: &[u8], bit: u8, with: bool) -> impl Iterator<Item = Range<usize>> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let matches = |g: u8| (g & bit != 0) == with;
        while i < live.len() && !matches(live[i]) {
            i += 1;
        }
        let start = i;
        while i < live.len() && matches(live[i]) {
            i += 1;
        }
        (start < i).then_some(start..i)
    })
}

/// Whether every lane of both vectors is zero. The decay steps flush every value below their
/// thresholds to `+0.0` (never `-0.0`), so a bitwise `|` of the six vectors is zero exactly when
/// all are: five `or`s and one compare per half group on the hot path.
#[inline(always)]
fn all_zero([a, b]: [Vec3x8; 2]) -> bool {
    let bits = (a.x | a.y) | (a.z | b.x) | (b.y | b.z);
    bits.simd_eq(f32x8::ZERO).all()
}

/// Lane group `i` of the offsets and of the poses, read: `(offsets, io, i)`.
type GroupRef<'r, 'a, P> = (&'r OffsetLanesMut<'a>, &'r P, usize);
/// Lane group `i` of the offsets and of the poses, written: `(offsets, io, i)`.
type GroupMut<'r, 'a, P> = (&'r mut OffsetLanesMut<'a>, &'r mut P, usize);

/// One half of a lane group: the columns it touches, its step, and its `f64` slow path. The two
/// halves touch disjoint columns (see [`inertialize_lanes`] for why they run as two loops).
trait Half {
    /// The half's bit of the liveness byte.
    const LIVE: u8;
    /// The pose columns the half writes: first column and count.
    const POSE_COLUMNS: (usize, usize);
    /// The first of the half's six offset columns: the offset, then its velocity.
    const OFFSET_COLUMNS: usize;
    /// The half's results for one lane group: new offsets and outputs.
    type Step;
    /// What the slow path reads before the step to redo a lane from.
    type Before;

    /// Decays the half's offsets of lane group `i` and forms its outputs.
    fn step(c: &LaneCoeffs, group: GroupRef<'_, '_, impl PoseIo>) -> Self::Step;

    /// The lanes whose output left the `f32` range (an offset that overflowed makes its output
    /// infinite or NaN, so checking the outputs catches both).
    fn overflow(step: &Self::Step) -> f32x8;

    /// The step's new offsets: the offset and its velocity.
    fn offsets(step: &Self::Step) -> [Vec3x8; 2];

    /// Stores the step's outputs in lane group `i`.
    fn store_outputs(step: &Self::Step, io: &mut impl PoseIo, i: usize);

    /// What [`Half::redo_lane`] needs of lane group `i`, read before the step.
    fn before(group: GroupRef<'_, '_, impl PoseIo>) -> Self::Before;

    /// Redoes `lane` of `step` in `f64`, saturated at `±f32::MAX`.
    fn redo_lane(step: &mut Self::Step, before: &Self::Before, c: &LaneCoeffs, lane: usize);
}

/// Stores `step` in lane group `i`; returns whether the half's offsets are all zero.
#[inline(always)]
fn store<H: Half>(step: H::Step, (offsets, io, i): GroupMut<'_, '_, impl PoseIo>) -> bool {
    let [offset, velocity] = H::offsets(&step);
    offsets.set_vec3(i, H::OFFSET_COLUMNS, offset);
    offsets.set_vec3(i, H::OFFSET_COLUMNS + 3, velocity);
    H::store_outputs(&step, io, i);
    all_zero([offset, velocity])
}

/// Slow path of [`walk_half`] for lane group `i`, whose lanes in `overflow` left the `f32`
/// range: the step again, with those lanes redone in `f64` ([`Half::redo_lane`]), so finite
/// input never writes NaN or infinity.
#[cold]
#[inline(never)]
fn saturate_half<H: Half>(
    i: usize,
    overflow: f32x8,
    offsets: &mut OffsetLanesMut<'_>,
    io: &mut impl PoseIo,
    c: &LaneCoeffs,
) {
    let before = H::before((offsets, io, i));
    let mut step = H::step(c, (offsets, io, i));
    for (lane, overflow) in overflow.to_array().into_iter().enumerate() {
        if overflow != 0.0 {
            H::redo_lane(&mut step, &before, c, lane);
        }
    }
    store::<H>(step, (offsets, io, i));
}

/// The translation half: position and velocity offsets and outputs.
struct Translation;

/// The translation half's results: decayed position and velocity offsets, output position and
/// velocity.
struct TranslationStep {
    ox: Vec3x8,
    ov: Vec3x8,
    out_x: Vec3x8,
    out_v: Vec3x8,
}

impl Half for Translation {
    const LIVE: u8 = LIVE_TRANSLATION;
    const POSE_COLUMNS: (usize, usize) = (POSE_X, 6);
    const OFFSET_COLUMNS: usize = OFF_X;
    type Step = TranslationStep;
    /// The position and velocity offsets and inputs.
    type Before = [Vec3x8; 4];

    #[inline(always)]
    fn step(c: &LaneCoeffs, (offsets, io, i): GroupRef<'_, '_, impl PoseIo>) -> TranslationStep {
        let (ox, ov) = decay3(c, offsets.vec3(i, OFF_X), offsets.vec3(i, OFF_V));
        let out_x = io.input_vec3(i, POSE_X) + ox;
        let out_v = io.input_vec3(i, POSE_V) + ov;
        TranslationStep {
            ox,
            ov,
            out_x,
            out_v,
        }
    }

    #[inline(always)]
    fn overflow(s: &TranslationStep) -> f32x8 {
        let sum = (s.out_x.x + s.out_x.y + s.out_x.z) + (s.out_v.x + s.out_v.y + s.out_v.z);
        !sum.is_finite()
    }

    #[inline(always)]
    fn offsets(s: &TranslationStep) -> [Vec3x8; 2] {
        [s.ox, s.ov]
    }

    #[inline(always)]
    fn store_outputs(s: &TranslationStep, io: &mut impl PoseIo, i: usize) {
        io.set_vec3(i, POSE_X, s.out_x);
        io.set_vec3(i, POSE_V, s.out_v);
    }

    fn before((offsets, io, i): GroupRef<'_, '_, impl PoseIo>) -> [Vec3x8; 4] {
        let (x0, v0) = (offsets.vec3(i, OFF_X), offsets.vec3(i, OFF_V));
        [x0, v0, io.input_vec3(i, POSE_X), io.input_vec3(i, POSE_V)]
    }

    /// The position and velocity offsets are stepped again and saturated
    /// ([`hooke::SpringCoeffs::apply_saturating`]), and the outputs formed in `f64`.
    fn redo_lane(s: &mut TranslationStep, before: &[Vec3x8; 4], c: &LaneCoeffs, lane: usize) {
        let [x0, v0, in_x, in_v] = before.map(|b| lane_dvec3(&b, lane));
        let coeffs = c.lane(lane);
        let steps =
            [0, 1, 2].map(|k| coeffs.apply_saturating(x0[k] as f32, v0[k] as f32, 0.0, 0.0));
        let x = DVec3::from_array(steps.map(|(x, _)| f64::from(x)));
        let v = DVec3::from_array(steps.map(|(_, v)| f64::from(v)));
        set_lane_vec3(&mut s.ox, lane, x);
        set_lane_vec3(&mut s.ov, lane, v);
        set_lane_vec3(&mut s.out_x, lane, in_x + x);
        set_lane_vec3(&mut s.out_v, lane, in_v + v);
    }
}

/// The rotation half: rotation-vector and angular-velocity offsets, output rotation and angular
/// velocity.
struct Rotation;

/// The rotation half's results: decayed rotation-vector and angular-velocity offsets, the offset
/// rotation, output rotation and angular velocity.
struct RotationStep {
    oe: Vec3x8,
    ow: Vec3x8,
    oq: Quat8,
    out_q: Quat8,
    out_w: Vec3x8,
}

impl Half for Rotation {
    const LIVE: u8 = LIVE_ROTATION;
    const POSE_COLUMNS: (usize, usize) = (POSE_Q, 7);
    const OFFSET_COLUMNS: usize = OFF_E;
    type Step = RotationStep;
    /// The input angular velocity.
    type Before = Vec3x8;

    #[inline(always)]
    fn step(c: &LaneCoeffs, (offsets, io, i): GroupRef<'_, '_, impl PoseIo>) -> RotationStep {
        let (oe, ow) =
            rotation_vector_decay_step(c, offsets.vec3(i, OFF_E), offsets.vec3(i, OFF_W));
        let oq = Quat8::from_scaled_angle_axis_within_pi(oe);
        let out_q = oq * io.input_quat(i, POSE_Q);
        let out_w = ow + oq.rotate(io.input_vec3(i, POSE_W));
        RotationStep {
            oe,
            ow,
            oq,
            out_q,
            out_w,
        }
    }

    /// The rotation is unit by construction; the angular velocity can overflow.
    #[inline(always)]
    fn overflow(s: &RotationStep) -> f32x8 {
        !(s.out_w.x + s.out_w.y + s.out_w.z).is_finite()
    }

    #[inline(always)]
    fn offsets(s: &RotationStep) -> [Vec3x8; 2] {
        [s.oe, s.ow]
    }

    #[inline(always)]
    fn store_outputs(s: &RotationStep, io: &mut impl PoseIo, i: usize) {
        io.set_quat(i, POSE_Q, s.out_q);
        io.set_vec3(i, POSE_W, s.out_w);
    }

    fn before((_, io, i): GroupRef<'_, '_, impl PoseIo>) -> Vec3x8 {
        io.input_vec3(i, POSE_W)
    }

    /// The output angular velocity is formed in `f64` (the offsets themselves are kept finite by
    /// `rotation_vector_decay_step`).
    fn redo_lane(s: &mut RotationStep, in_w: &Vec3x8, _: &LaneCoeffs, lane: usize) {
        let at = |x: f32x8| f64::from(x.to_array()[lane]);
        let q = DQuat::from_xyzw(at(s.oq.x), at(s.oq.y), at(s.oq.z), at(s.oq.w));
        let w = lane_dvec3(&s.ow, lane) + q * lane_dvec3(in_w, lane);
        set_lane_vec3(&mut s.out_w, lane, w);
    }
}

/// The same for a scalar channel (curves, log scales): decay `(off_x, off_v)` and write
/// `out = in + off`.
pub(crate) fn inertialize_curve_lanes<P: ChannelIo>(
    (off_x, off_v): (&mut [f32x8], &mut [f32x8]),
    mut io: P,
    coeffs: PatternSlices<'_>,
    fresh: &[f32x8],
) {
    let n = off_x.len().min(off_v.len()).min(io.len()).min(fresh.len());
    coeffs.for_each(n, |i, c| {
        let c = &unless_fresh(c, fresh[i]);
        let (x, v) = decay(c, off_x[i], off_v[i]);
        let (in_x, in_v) = io.input(i);
        let (ox, ov) = (in_x + x, in_v + v);
        let overflow = !(ox + ov).is_finite();
        let (x, v, ox, ov) = if overflow.any() {
            saturate_curves(
                *c,
                overflow,
                (off_x[i], off_v[i]),
                (in_x, in_v),
                (x, v, ox, ov),
            )
        } else {
            (x, v, ox, ov)
        };
        off_x[i] = x;
        off_v[i] = v;
        io.set(i, (ox, ov));
    });
}

/// Slow path of [`inertialize_curve_lanes`], like [`saturate_half`].
#[cold]
#[inline(never)]
fn saturate_curves(
    c: LaneCoeffs,
    overflow: f32x8,
    (x0, v0): (f32x8, f32x8),
    (in_x, in_v): (f32x8, f32x8),
    (x, v, out_x, out_v): (f32x8, f32x8, f32x8, f32x8),
) -> (f32x8, f32x8, f32x8, f32x8) {
    let [x, v, out_x, out_v] = recompute_lanes(
        overflow,
        [x0, v0, in_x, in_v],
        [x, v, out_x, out_v],
        |lane, [x0, v0, in_x, in_v]| {
            let (x, v) = c.lane(lane).apply_saturating(x0, v0, 0.0, 0.0);
            let sum = |a: f32, b: f32| saturate(f64::from(a) + f64::from(b));
            [x, v, sum(in_x, x), sum(in_v, v)]
        },
    );
    (x, v, out_x, out_v)
}
