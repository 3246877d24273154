//! The dead-blending kernel: extrapolate the stored source with decaying velocities and
//! cross-fade it into the live output (in place). No threads, no allocation, no panics.

use glam::DQuat;
use hooke::lanes::recompute_lanes;
use hooke::scalar::{BlendCurve, cross_fade};
use hooke::simd::{Quat8, Vec3x8, cross_fade_velocity8, cross_fade8};
use wide::f32x8;

use crate::bone::{self, Bone};
use crate::lanes::{Bone8, BoneLanesMut};
use crate::saturate::{lane_dvec3, saturate, set_lane_vec3};

/// Per-lane timing of dead blends: elapsed time, blend time (0 = no blend running) and the
/// extrapolation factors of the current `dt` (`x += v * travel`, `v *= decay`).
#[derive(Debug)]
pub(crate) struct DeadTiming<'a> {
    pub elapsed: &'a mut [f32x8],
    pub blend_time: &'a mut [f32x8],
    pub travel: &'a [f32x8],
    pub decay: &'a [f32x8],
    /// Non-zero on the lanes that switched since the last update: they do not advance this
    /// update (their blend is shown as it starts).
    pub fresh: &'a [f32x8],
    /// The cross-fade curve (the same for every lane).
    pub curve: &'a BlendCurve,
}

impl hooke::par::Split for DeadTiming<'_> {
    fn lanes(&self) -> usize {
        self.elapsed
            .len()
            .min(self.blend_time.len())
            .min(self.travel.len())
            .min(self.decay.len())
            .min(self.fresh.len())
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let mid = mid.min(self.lanes());
        let (e0, e1) = self.elapsed.split_at_mut(mid);
        let (b0, b1) = self.blend_time.split_at_mut(mid);
        let (t0, t1) = self.travel.split_at(mid);
        let (d0, d1) = self.decay.split_at(mid);
        let (f0, f1) = self.fresh.split_at(mid);
        (
            DeadTiming {
                elapsed: e0,
                blend_time: b0,
                travel: t0,
                decay: d0,
                fresh: f0,
                curve: self.curve,
            },
            DeadTiming {
                elapsed: e1,
                blend_time: b1,
                travel: t1,
                decay: d1,
                fresh: f1,
                curve: self.curve,
            },
        )
    }
}

impl<'a> DeadTiming<'a> {
    /// Advances lane group `i`'s blend clocks by `dt`: `None` when none of its lanes blends,
    /// else the group's [`Step`] and the lanes still blending after it (`active`; the others
    /// get `blend_time = 0` and keep their elapsed time).
    #[inline(always)]
    fn advance(&mut self, i: usize, dt: f32x8) -> Option<(Step<'a>, f32x8)> {
        let blend_time = self.blend_time[i];
        let running = blend_time.simd_gt(f32x8::ZERO);
        if !running.any() {
            return None;
        }
        let (dt, travel, decay) = self.step(i, dt);
        let elapsed = self.elapsed[i] + dt;
        let active = running & elapsed.simd_lt(blend_time);
        self.elapsed[i] = running.select(elapsed, self.elapsed[i]);
        self.blend_time[i] = active.select(blend_time, f32x8::ZERO);
        let step = Step {
            travel,
            decay,
            elapsed,
            blend_time,
            curve: self.curve,
        };
        Some((step, active))
    }

    /// Lane group `i`'s step: `dt` and the extrapolation factors (`x += v travel`,
    /// `v *= decay`), or no time at all (`0`, `0`, `1`) on the lanes that switched since the last
    /// update.
    #[inline(always)]
    fn step(&self, i: usize, dt: f32x8) -> (f32x8, f32x8, f32x8) {
        let fresh = self.fresh[i].simd_ne(f32x8::ZERO);
        if fresh.any() {
            (
                fresh.select(f32x8::ZERO, dt),
                fresh.select(f32x8::ZERO, self.travel[i]),
                fresh.select(f32x8::ONE, self.decay[i]),
            )
        } else {
            (dt, self.travel[i], self.decay[i])
        }
    }
}

/// The curve's weight of `s = elapsed / blend_time` and its time derivative
/// ([`BlendCurve::eval_lanes`]).
#[inline(always)]
fn weights(curve: &BlendCurve, elapsed: f32x8, blend_time: f32x8, active: f32x8) -> (f32x8, f32x8) {
    // Inactive lanes may have blend_time 0: divide by 1 there instead.
    let bt = active.select(blend_time, f32x8::ONE);
    let (weight, slope) = curve.eval_lanes(elapsed / bt);
    (weight, slope / bt)
}

/// Advances every active dead blend by `dt` and blends its output lanes (which hold the live
/// input on entry). Lanes whose blend finishes get `blend_time = 0` and keep the live input.
/// Returns whether any blend is still running.
pub(crate) fn dead_blend_lanes(
    mut state: BoneLanesMut<'_>,
    mut output: BoneLanesMut<'_>,
    mut timing: DeadTiming<'_>,
    dt: f32,
) -> bool {
    let mut still = false;
    let dt = f32x8::splat(dt);
    let n = state
        .len()
        .min(output.len())
        .min(hooke::par::Split::lanes(&timing));
    for i in 0..n {
        let Some((step, active)) = timing.advance(i, dt) else {
            continue;
        };
        if !active.any() {
            continue;
        }
        still = true;
        let (e, out) = blend_group(&step, active, &state.load(i), &output.load(i));
        // A state or an output beyond the f32 range makes the output infinite or NaN (the
        // rotation is unit by construction).
        let sum = (out.x.x + out.x.y + out.x.z)
            + (out.v.x + out.v.y + out.v.z)
            + out.w.x
            + (out.w.y + out.w.z);
        let overflow = !sum.is_finite();
        if overflow.any() {
            // The slow path reloads the lane group and redoes it: passing it the values
            // computed here would keep them in memory on the fast path too.
            saturate_group(i, overflow & active, step, active, &mut state, &mut output);
            continue;
        }
        state.store(i, &e);
        output.store(i, &out);
    }
    still
}

/// One lane group of dead blends: the extrapolated source `e0` (the new state) and its blend
/// into the live output `live`, in the lanes of `active`.
#[inline(always)]
fn blend_group(step: &Step<'_>, active: f32x8, e: &Bone8, live: &Bone8) -> (Bone8, Bone8) {
    // Extrapolate the stored source: x += v travel, v *= decay, q = exp(w travel) q.
    let (travel, decay) = (step.travel, step.decay);
    let moved = Bone8 {
        x: Vec3x8 {
            x: e.v.x.mul_add(travel, e.x.x),
            y: e.v.y.mul_add(travel, e.x.y),
            z: e.v.z.mul_add(travel, e.x.z),
        },
        v: e.v * decay,
        q: (Quat8::from_scaled_angle_axis(e.w * travel) * e.q).normalize(),
        w: e.w * decay,
    };
    let e = Bone8::select(active, &moved, e);

    // Cross-fade into the live output; the velocity is the derivative of the blend.
    let (wt, dw) = weights(step.curve, step.elapsed, step.blend_time, active);
    let gap = (live.q * e.q.conjugate()).to_scaled_angle_axis();
    let blended = Bone8 {
        x: e.x.mix(live.x, wt),
        v: Vec3x8 {
            x: cross_fade8((e.x.x, e.v.x), (live.x.x, live.v.x), (wt, dw)).1,
            y: cross_fade8((e.x.y, e.v.y), (live.x.y, live.v.y), (wt, dw)).1,
            z: cross_fade8((e.x.z, e.v.z), (live.x.z, live.v.z), (wt, dw)).1,
        },
        // The gap is a logarithm (at most half a turn) and the weight within [0, 1]: the
        // exponential's polynomial form applies (no sin_cos, square root or division).
        q: (Quat8::from_scaled_angle_axis_within_pi(gap * wt) * e.q).normalize(),
        w: Vec3x8 {
            x: cross_fade_velocity8(e.w.x, live.w.x, gap.x, (wt, dw)),
            y: cross_fade_velocity8(e.w.y, live.w.y, gap.y, (wt, dw)),
            z: cross_fade_velocity8(e.w.z, live.w.z, gap.z, (wt, dw)),
        },
    };
    (e, Bone8::select(active, &blended, live))
}

/// Slow path of [`dead_blend_lanes`] for lane group `i`: the fast result, with the lanes of
/// `overflow` redone in `f64` by [`saturate_dead_blend`].
#[cold]
#[inline(never)]
fn saturate_group(
    i: usize,
    overflow: f32x8,
    step: Step<'_>,
    active: f32x8,
    state: &mut BoneLanesMut<'_>,
    output: &mut BoneLanesMut<'_>,
) {
    let (e0, live) = (state.load(i), output.load(i));
    let fast = blend_group(&step, active, &e0, &live);
    let (e, out) = saturate_dead_blend(overflow, step, e0, live, fast);
    state.store(i, &e);
    output.store(i, &out);
}

/// One lane group's extrapolation factors and blend times.
#[derive(Clone, Copy)]
struct Step<'a> {
    travel: f32x8,
    decay: f32x8,
    elapsed: f32x8,
    blend_time: f32x8,
    curve: &'a BlendCurve,
}

/// Slow path of [`dead_blend_lanes`] for the lanes of `overflow`: the extrapolation of the stored
/// source `e0` and its blend into `live` in `f64` (the transitions' maths, `bone.rs`), saturated
/// at `±f32::MAX`, so finite input never writes NaN or infinity.
fn saturate_dead_blend(
    overflow: f32x8,
    step: Step<'_>,
    e0: Bone8,
    live: Bone8,
    (mut state, mut out): (Bone8, Bone8),
) -> (Bone8, Bone8) {
    let at = |x: f32x8, lane: usize| f64::from(x.to_array()[lane]);
    for (lane, overflow) in overflow.to_array().into_iter().enumerate() {
        if overflow == 0.0 {
            continue;
        }
        let (travel, decay) = (at(step.travel, lane), at(step.decay, lane));
        let e = lane_bone(&e0, lane);
        let moved = Bone {
            x: e.x + e.v * travel,
            v: e.v * decay,
            q: (hooke::scalar::quat_from_scaled_angle_axis_f64(e.w * travel) * e.q).normalize(),
            w: e.w * decay,
        };
        let moved = Bone::from_f32(moved.to_f32());
        set_lane_bone(&mut state, lane, &moved);
        let (elapsed, blend_time) = (at(step.elapsed, lane), at(step.blend_time, lane));
        let live = lane_bone(&live, lane);
        let blended = bone::dead_blend(&moved, &live, elapsed, blend_time, step.curve);
        set_lane_bone(&mut out, lane, &blended);
    }
    (state, out)
}

/// Lane `lane` of `b` in `f64`.
fn lane_bone(b: &Bone8, lane: usize) -> Bone {
    let q = |x: f32x8| f64::from(x.to_array()[lane]);
    Bone {
        x: lane_dvec3(&b.x, lane),
        v: lane_dvec3(&b.v, lane),
        q: DQuat::from_xyzw(q(b.q.x), q(b.q.y), q(b.q.z), q(b.q.w)),
        w: lane_dvec3(&b.w, lane),
    }
}

/// Writes `b`, saturated (rotation normalised), into lane `lane` of `out`.
fn set_lane_bone(out: &mut Bone8, lane: usize, b: &Bone) {
    set_lane_vec3(&mut out.x, lane, b.x);
    set_lane_vec3(&mut out.v, lane, b.v);
    set_lane_vec3(&mut out.w, lane, b.w);
    let q = b.q.normalize().as_quat();
    for (column, c) in [&mut out.q.x, &mut out.q.y, &mut out.q.z, &mut out.q.w]
        .into_iter()
        .zip(q.to_array())
    {
        let mut a = column.to_array();
        a[lane] = c;
        *column = f32x8::new(a);
    }
}

/// The same for scalar curves: state `(x, v)`, output `(x, v)` blended in place.
pub(crate) fn dead_blend_curve_lanes(
    (sx, sv): (&mut [f32x8], &mut [f32x8]),
    (ox, ov): (&mut [f32x8], &mut [f32x8]),
    mut timing: DeadTiming<'_>,
    dt: f32,
) -> bool {
    let mut still = false;
    let dt = f32x8::splat(dt);
    let n = sx
        .len()
        .min(sv.len())
        .min(ox.len())
        .min(ov.len())
        .min(hooke::par::Split::lanes(&timing));
    for i in 0..n {
        let Some((step, active)) = timing.advance(i, dt) else {
            continue;
        };
        still |= active.any();
        let (x0, v0) = (sx[i], sv[i]);
        let mut x = active.select(v0.mul_add(step.travel, x0), x0);
        let v = active.select(v0 * step.decay, v0);
        let (wt, dw) = weights(step.curve, step.elapsed, step.blend_time, active);
        let (lx, lv) = (ox[i], ov[i]);
        let (blend_x, blend_v) = cross_fade8((x, v), (lx, lv), (wt, dw));
        let mut out_x = active.select(blend_x, lx);
        let mut out_v = active.select(blend_v, lv);
        let overflow = active & !(out_x + out_v).is_finite();
        if overflow.any() {
            (x, out_x, out_v) =
                saturate_dead_blend_curves(overflow, step, (x0, v0), (lx, lv), (x, out_x, out_v));
        }
        (sx[i], sv[i]) = (x, v);
        ox[i] = out_x;
        ov[i] = out_v;
    }
    still
}

/// Slow path of [`dead_blend_curve_lanes`], like [`saturate_dead_blend`] (the extrapolated
/// velocity decays, so it cannot overflow).
#[cold]
#[inline(never)]
fn saturate_dead_blend_curves(
    overflow: f32x8,
    step: Step<'_>,
    (x0, v0): (f32x8, f32x8),
    (lx, lv): (f32x8, f32x8),
    (x, out_x, out_v): (f32x8, f32x8, f32x8),
) -> (f32x8, f32x8, f32x8) {
    let inputs = [
        x0,
        v0,
        lx,
        lv,
        step.travel,
        step.decay,
        step.elapsed,
        step.blend_time,
    ];
    let [x, out_x, out_v] = recompute_lanes(overflow, inputs, [x, out_x, out_v], |_, lane| {
        let [x0, v0, lx, lv, travel, decay, elapsed, blend_time] = lane.map(f64::from);
        let ex = f64::from(saturate(x0 + v0 * travel));
        let ev = v0 * decay;
        let weight = step.curve.blend_weight(elapsed, blend_time);
        let (out_x, out_v) = cross_fade((ex, ev), (lx, lv), weight);
        [ex as f32, saturate(out_x), saturate(out_v)]
    });
    (x, out_x, out_v)
}
