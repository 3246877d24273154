//! The fused inertialization kernel: decay the offsets and apply them to the input in one pass over
//! the columns, so memory is traversed once per frame. No threads, no allocation, no panics.

use glam::{DQuat, DVec3};
use hooke::lanes::{LaneCoeffs, rotation_vector_decay_step};
use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use crate::lanes::{Bone8, BoneLanes, BoneLanesMut, add, rotate};
use crate::offsets::{Offset8, OffsetLanesMut};
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

/// Decays the offsets of every bone lane by one step (per-lane coefficients) and writes
/// `out = offset ⊕ input`: `x + off_x`, `v + off_v`, `off_q * q`, `off_w + off_q * w`.
///
/// The rotation offset is stored and decayed as a rotation vector (see `offsets.rs`) by hooke's
/// `rotation_vector_decay_step`, which keeps it on the shortest path (angle at most half a turn,
/// whatever the angular velocity and `dt`); one polynomial `exp` per lane forms the offset
/// rotation to apply, a unit quaternion. Lanes whose output leaves the `f32` range (inputs and
/// offsets near `±f32::MAX`) are recomputed in `f64` and saturated, see [`saturate_group`].
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
        let (next, out, _) = bone_step(c, &offsets.load(i), &input.load(i));
        // An offset that overflowed makes its output infinite (or NaN), so checking the sums of
        // the outputs catches both; the rotation is unit by construction.
        let sum = (out.x.x + out.x.y + out.x.z)
            + (out.v.x + out.v.y + out.v.z)
            + out.w.x
            + (out.w.y + out.w.z);
        let overflow = !sum.is_finite();
        if overflow.any() {
            // The slow path reloads this lane group from memory and redoes it: passing it the
            // values computed here would keep them in memory on the fast path too (3-4x slower).
            saturate_group(i, overflow, &mut offsets, &input, &mut output, &coeffs);
            return;
        }
        offsets.store(i, &next);
        output.store(i, &out);
    });
}

/// One lane group: the decayed offsets, the output and the offset rotation.
#[inline(always)]
fn bone_step(c: &LaneCoeffs, off: &Offset8, inp: &Bone8) -> (Offset8, Bone8, Quat8) {
    let (ox, ov) = decay3(c, off.x, off.v);
    let (oe, ow) = rotation_vector_decay_step(c, off.e, off.w);
    let oq = Quat8::from_scaled_angle_axis_within_pi(oe);
    let next = Offset8 {
        x: ox,
        v: ov,
        e: oe,
        w: ow,
    };
    let out = Bone8 {
        x: add(inp.x, ox),
        v: add(inp.v, ov),
        q: oq * inp.q,
        w: add(ow, rotate(oq, inp.w)),
    };
    (next, out, oq)
}

/// Slow path of [`inertialize_lanes`] for lane group `i`, whose lanes in `overflow` left the
/// `f32` range: there the position and velocity offsets are stepped again in `f64` and saturated
/// ([`hooke::SpringCoeffs::apply_saturating`]), and the outputs are formed in `f64` and saturated
/// at `±f32::MAX`, so finite input never writes NaN or infinity.
#[cold]
#[inline(never)]
fn saturate_group(
    i: usize,
    overflow: f32x8,
    offsets: &mut OffsetLanesMut<'_>,
    input: &BoneLanes<'_>,
    output: &mut BoneLanesMut<'_>,
    coeffs: &PatternSlices<'_>,
) {
    let c = coeffs.get(i);
    let (off, inp) = (offsets.load(i), input.load(i));
    let (mut next, mut out, oq) = bone_step(&c, &off, &inp);
    for (lane, overflow) in overflow.to_array().into_iter().enumerate() {
        if overflow == 0.0 {
            continue;
        }
        let coeffs = c.lane(lane);
        let (x0, v0) = (lane_dvec3(&off.x, lane), lane_dvec3(&off.v, lane));
        let steps =
            [0, 1, 2].map(|k| coeffs.apply_saturating(x0[k] as f32, v0[k] as f32, 0.0, 0.0));
        let ox = DVec3::from_array(steps.map(|(x, _)| f64::from(x)));
        let ov = DVec3::from_array(steps.map(|(_, v)| f64::from(v)));
        let q = DQuat::from_xyzw(
            f64::from(oq.x.to_array()[lane]),
            f64::from(oq.y.to_array()[lane]),
            f64::from(oq.z.to_array()[lane]),
            f64::from(oq.w.to_array()[lane]),
        );
        let ow = lane_dvec3(&next.w, lane);
        set_lane_vec3(&mut next.x, lane, ox);
        set_lane_vec3(&mut next.v, lane, ov);
        set_lane_vec3(&mut out.x, lane, lane_dvec3(&inp.x, lane) + ox);
        set_lane_vec3(&mut out.v, lane, lane_dvec3(&inp.v, lane) + ov);
        set_lane_vec3(&mut out.w, lane, ow + q * lane_dvec3(&inp.w, lane));
    }
    offsets.store(i, &next);
    output.store(i, &out);
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
    let overflow = overflow.to_array();
    let (x0, v0, in_x, in_v) = (
        x0.to_array(),
        v0.to_array(),
        in_x.to_array(),
        in_v.to_array(),
    );
    let (mut xs, mut vs, mut oxs, mut ovs) = (
        x.to_array(),
        v.to_array(),
        out_x.to_array(),
        out_v.to_array(),
    );
    for lane in 0..8 {
        if overflow[lane] != 0.0 {
            (xs[lane], vs[lane]) = c.lane(lane).apply_saturating(x0[lane], v0[lane], 0.0, 0.0);
            let sum = |a: f32, b: f32| saturate(f64::from(a) + f64::from(b));
            oxs[lane] = sum(in_x[lane], xs[lane]);
            ovs[lane] = sum(in_v[lane], vs[lane]);
        }
    }
    (
        f32x8::new(xs),
        f32x8::new(vs),
        f32x8::new(oxs),
        f32x8::new(ovs),
    )
}
