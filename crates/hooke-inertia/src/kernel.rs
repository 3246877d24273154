//! The fused inertialization kernel: decay the offsets and apply them to the input in one pass over
//! the columns, so memory is traversed once per frame. No threads, no allocation, no panics.

use glam::{DQuat, DVec3};
use hooke::lanes::{LaneCoeffs, recompute_lanes, rotation_vector_decay_step};
use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use crate::lanes::{BoneLanes, BoneLanesMut};
use crate::offsets::OffsetLanesMut;
use crate::pattern::PatternSlices;
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

/// Decays the offsets of every bone lane by one step (per-lane coefficients) and writes
/// `out = offset ⊕ input`: `x + off_x`, `v + off_v`, `off_q * q`, `off_w + off_q * w`.
///
/// The rotation offset is stored and decayed as a rotation vector (see `offsets.rs`) by hooke's
/// `rotation_vector_decay_step`, which keeps it on the shortest path (angle at most half a turn,
/// whatever the angular velocity and `dt`); one polynomial `exp` per lane forms the offset
/// rotation to apply, a unit quaternion. Lanes whose output leaves the `f32` range (inputs and
/// offsets near `±f32::MAX`) are recomputed in `f64` and saturated, see [`saturate_translation`]
/// and [`saturate_rotation`].
///
/// The translation (positions and velocities) and the rotation parts touch disjoint columns, so
/// they run as two loops over the lane groups: memory is still traversed once, each loop keeps
/// fewer values and column pointers live, and each lane group is checked and stored as soon as
/// it is done. The first version did both in one loop with one check at the end: all 25 results
/// stayed live at once and the 16 vector registers spilled about a hundred values per group
/// (two loops: 5.6 -> 4.3 ns per bone with the data in cache).
pub(crate) fn inertialize_lanes(
    offsets: OffsetLanesMut<'_>,
    input: BoneLanes<'_>,
    output: BoneLanesMut<'_>,
    coeffs: PatternSlices<'_>,
) {
    let n = offsets.len().min(input.len()).min(output.len());
    let (mut offsets, input, mut output) =
        (offsets.truncate(n), input.truncate(n), output.truncate(n));
    coeffs.for_each(n, |i, c| {
        let (ox, ov, out_x, out_v) = translation_step(c, &offsets, &input, i);
        // An offset that overflowed makes its output infinite (or NaN), so checking the sums of
        // the outputs catches both.
        let sum = (out_x.x + out_x.y + out_x.z) + (out_v.x + out_v.y + out_v.z);
        let overflow = !sum.is_finite();
        if overflow.any() {
            // The slow paths reload their half of the lane group from memory and redo it:
            // passing them the values computed here would keep them in memory on the fast path
            // too (3-4x slower).
            saturate_translation(i, overflow, &mut offsets, &input, &mut output, &coeffs);
        } else {
            offsets.set_vec3(i, OFF_X, ox);
            offsets.set_vec3(i, OFF_V, ov);
            output.set_vec3(i, POSE_X, out_x);
            output.set_vec3(i, POSE_V, out_v);
        }
    });
    coeffs.for_each(n, |i, c| {
        let (oe, ow, _, out_q, out_w) = rotation_step(c, &offsets, &input, i);
        // The rotation is unit by construction; the angular velocity can overflow.
        let overflow = !(out_w.x + out_w.y + out_w.z).is_finite();
        if overflow.any() {
            saturate_rotation(i, overflow, &mut offsets, &input, &mut output, &coeffs);
        } else {
            offsets.set_vec3(i, OFF_E, oe);
            offsets.set_vec3(i, OFF_W, ow);
            output.set_quat(i, POSE_Q, out_q);
            output.set_vec3(i, POSE_W, out_w);
        }
    });
}

/// The translation half of lane group `i`: the decayed position and velocity offsets and the
/// output position and velocity.
#[inline(always)]
fn translation_step(
    c: &LaneCoeffs,
    offsets: &OffsetLanesMut<'_>,
    input: &BoneLanes<'_>,
    i: usize,
) -> (Vec3x8, Vec3x8, Vec3x8, Vec3x8) {
    let (ox, ov) = decay3(c, offsets.vec3(i, OFF_X), offsets.vec3(i, OFF_V));
    let out_x = input.vec3(i, POSE_X) + ox;
    let out_v = input.vec3(i, POSE_V) + ov;
    (ox, ov, out_x, out_v)
}

/// The rotation half of lane group `i`: the decayed rotation-vector and angular-velocity
/// offsets, the offset rotation, and the output rotation and angular velocity.
#[inline(always)]
fn rotation_step(
    c: &LaneCoeffs,
    offsets: &OffsetLanesMut<'_>,
    input: &BoneLanes<'_>,
    i: usize,
) -> (Vec3x8, Vec3x8, Quat8, Quat8, Vec3x8) {
    let (oe, ow) = rotation_vector_decay_step(c, offsets.vec3(i, OFF_E), offsets.vec3(i, OFF_W));
    let oq = Quat8::from_scaled_angle_axis_within_pi(oe);
    let out_q = oq * input.quat(i, POSE_Q);
    let out_w = ow + oq.rotate(input.vec3(i, POSE_W));
    (oe, ow, oq, out_q, out_w)
}

/// Slow path of [`inertialize_lanes`]' translation half for lane group `i`, whose lanes in
/// `overflow` left the `f32` range: there the position and velocity offsets are stepped again
/// in `f64` and saturated ([`hooke::SpringCoeffs::apply_saturating`]), and the outputs are
/// formed in `f64` and saturated at `±f32::MAX`, so finite input never writes NaN or infinity.
#[cold]
#[inline(never)]
fn saturate_translation(
    i: usize,
    overflow: f32x8,
    offsets: &mut OffsetLanesMut<'_>,
    input: &BoneLanes<'_>,
    output: &mut BoneLanesMut<'_>,
    coeffs: &PatternSlices<'_>,
) {
    let c = coeffs.get(i);
    let (x0, v0) = (offsets.vec3(i, OFF_X), offsets.vec3(i, OFF_V));
    let (in_x, in_v) = (input.vec3(i, POSE_X), input.vec3(i, POSE_V));
    let (mut ox, mut ov, mut out_x, mut out_v) = translation_step(&c, offsets, input, i);
    for (lane, overflow) in overflow.to_array().into_iter().enumerate() {
        if overflow == 0.0 {
            continue;
        }
        let coeffs = c.lane(lane);
        let (x, v) = (lane_dvec3(&x0, lane), lane_dvec3(&v0, lane));
        let steps = [0, 1, 2].map(|k| coeffs.apply_saturating(x[k] as f32, v[k] as f32, 0.0, 0.0));
        let x = DVec3::from_array(steps.map(|(x, _)| f64::from(x)));
        let v = DVec3::from_array(steps.map(|(_, v)| f64::from(v)));
        set_lane_vec3(&mut ox, lane, x);
        set_lane_vec3(&mut ov, lane, v);
        set_lane_vec3(&mut out_x, lane, lane_dvec3(&in_x, lane) + x);
        set_lane_vec3(&mut out_v, lane, lane_dvec3(&in_v, lane) + v);
    }
    offsets.set_vec3(i, OFF_X, ox);
    offsets.set_vec3(i, OFF_V, ov);
    output.set_vec3(i, POSE_X, out_x);
    output.set_vec3(i, POSE_V, out_v);
}

/// Slow path of [`inertialize_lanes`]' rotation half for lane group `i`, whose output angular
/// velocity left the `f32` range in the lanes of `overflow`: there it is formed in `f64` and
/// saturated at `±f32::MAX` (the offsets themselves are kept finite by
/// `rotation_vector_decay_step`).
#[cold]
#[inline(never)]
fn saturate_rotation(
    i: usize,
    overflow: f32x8,
    offsets: &mut OffsetLanesMut<'_>,
    input: &BoneLanes<'_>,
    output: &mut BoneLanesMut<'_>,
    coeffs: &PatternSlices<'_>,
) {
    let c = coeffs.get(i);
    let in_w = input.vec3(i, POSE_W);
    let (oe, ow, oq, out_q, mut out_w) = rotation_step(&c, offsets, input, i);
    for (lane, overflow) in overflow.to_array().into_iter().enumerate() {
        if overflow == 0.0 {
            continue;
        }
        let q = DQuat::from_xyzw(
            f64::from(oq.x.to_array()[lane]),
            f64::from(oq.y.to_array()[lane]),
            f64::from(oq.z.to_array()[lane]),
            f64::from(oq.w.to_array()[lane]),
        );
        let w = lane_dvec3(&ow, lane) + q * lane_dvec3(&in_w, lane);
        set_lane_vec3(&mut out_w, lane, w);
    }
    offsets.set_vec3(i, OFF_E, oe);
    offsets.set_vec3(i, OFF_W, ow);
    output.set_quat(i, POSE_Q, out_q);
    output.set_vec3(i, POSE_W, out_w);
}

/// The same for scalar curves: decay `(off_x, off_v)` and write `out = in + off`.
pub(crate) fn inertialize_curve_lanes(
    (off_x, off_v): (&mut [f32x8], &mut [f32x8]),
    (in_x, in_v): (&[f32x8], &[f32x8]),
    (out_x, out_v): (&mut [f32x8], &mut [f32x8]),
    coeffs: PatternSlices<'_>,
) {
    let n = off_x
        .len()
        .min(off_v.len())
        .min(in_x.len())
        .min(in_v.len())
        .min(out_x.len())
        .min(out_v.len());
    coeffs.for_each(n, |i, c| {
        let (x, v) = decay(c, off_x[i], off_v[i]);
        let (ox, ov) = (in_x[i] + x, in_v[i] + v);
        let overflow = !(ox + ov).is_finite();
        let (x, v, ox, ov) = if overflow.any() {
            saturate_curves(
                *c,
                overflow,
                (off_x[i], off_v[i]),
                (in_x[i], in_v[i]),
                (x, v, ox, ov),
            )
        } else {
            (x, v, ox, ov)
        };
        off_x[i] = x;
        off_v[i] = v;
        out_x[i] = ox;
        out_v[i] = ov;
    });
}

/// Slow path of [`inertialize_curve_lanes`], like [`saturate_group`].
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
