//! The fused inertialization kernel: decay the offsets and apply them to the input in one pass over
//! the columns, so memory is traversed once per frame. No threads, no allocation, no panics.

use hooke::lanes::{CoeffSlices, LaneCoeffs, Quat8, Vec3x8};
use wide::f32x8;

use crate::lanes::{Bone8, BoneLanes, BoneLanesMut, add, rotate};
use crate::offsets::{Offset8, OffsetLanesMut};

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

/// `exp(e / 2)`: the rotation of rotation vector `e` (at most a full turn here: half a turn on
/// the shortest path plus one frame of turning), by hooke's polynomial form.
#[inline(always)]
fn exp(e: Vec3x8) -> Quat8 {
    Quat8::from_scaled_angle_axis_within_pi(e)
}

/// Decays the offsets of every bone lane by one step (per-lane coefficients) and writes
/// `out = offset ⊕ input`: `x + off_x`, `v + off_v`, `off_q * q`, `off_w + off_q * w`.
///
/// The rotation offset is stored and decayed as a rotation vector (see `offsets.rs`), exactly like
/// `hooke::lanes::quat_decay_per_spring` does after its logarithm; one `exp` per lane forms the
/// offset rotation to apply.
pub(crate) fn inertialize_lanes(
    offsets: OffsetLanesMut<'_>,
    input: BoneLanes<'_>,
    output: BoneLanesMut<'_>,
    coeffs: CoeffSlices<'_>,
) {
    let n = offsets
        .len()
        .min(input.len())
        .min(output.len())
        .min(coeffs.len());
    let (mut offsets, input, mut output) =
        (offsets.truncate(n), input.truncate(n), output.truncate(n));
    let (xx, xv, vx, vv) = (
        &coeffs.xx[..n],
        &coeffs.xv[..n],
        &coeffs.vx[..n],
        &coeffs.vv[..n],
    );
    for i in 0..n {
        let c = LaneCoeffs {
            xx: xx[i],
            xv: xv[i],
            xq: f32x8::ZERO,
            vx: vx[i],
            vv: vv[i],
            vq: f32x8::ZERO,
        };
        let off = offsets.load(i);
        let inp = input.load(i);

        let (ox, ov) = decay3(&c, off.x, off.v);
        let (oe, ow) = decay3(&c, off.e.shortest_path(), off.w);
        offsets.store(
            i,
            &Offset8 {
                x: ox,
                v: ov,
                e: oe,
                w: ow,
            },
        );
        let oq = exp(oe);
        let out = Bone8 {
            x: add(inp.x, ox),
            v: add(inp.v, ov),
            q: oq * inp.q,
            w: add(ow, rotate(oq, inp.w)),
        };
        output.store(i, &out);
    }
}

/// The same for scalar curves: decay `(off_x, off_v)` and write `out = in + off`.
pub(crate) fn inertialize_curve_lanes(
    (off_x, off_v): (&mut [f32x8], &mut [f32x8]),
    (in_x, in_v): (&[f32x8], &[f32x8]),
    (out_x, out_v): (&mut [f32x8], &mut [f32x8]),
    coeffs: CoeffSlices<'_>,
) {
    let n = off_x
        .len()
        .min(off_v.len())
        .min(in_x.len())
        .min(in_v.len())
        .min(out_x.len())
        .min(out_v.len())
        .min(coeffs.len());
    for i in 0..n {
        let (x, v) = decay(&coeffs.get(i), off_x[i], off_v[i]);
        off_x[i] = x;
        off_v[i] = v;
        out_x[i] = in_x[i] + x;
        out_v[i] = in_v[i] + v;
    }
}
