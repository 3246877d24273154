//! A channel of independent scalar lanes: inertialized as decay springs, dead-blended in place.
//! The scalar curves are one (a lane per curve), the bones' log scales another (three lanes per
//! bone, see `scale.rs`); both run the same kernels.

use glam::DVec3;
use hooke::SpringCoeffs;
use hooke::column::Column;
use hooke::par;
use hooke::scalar::BlendCurve;

use super::timing::TimingColumns;
use crate::alloc;
use crate::dead::{DeadTiming, dead_blend_curve_lanes};
use crate::error::InertiaError;
use crate::kernel::inertialize_curve_lanes;
use crate::limits::{DeadBlendLimits, reach_time};
use crate::pattern::PatternCoeffs;
use crate::pose_io::ChannelIo;
use crate::profile::BlendMode;
use crate::saturate::saturate;

/// Offsets, their per-lane spring coefficients, and the dead-blend state of a scalar channel.
#[derive(Debug, Clone)]
pub(super) struct ScalarChannel {
    off_x: Column,
    off_v: Column,
    coeffs: PatternCoeffs,
    dead_x: Column,
    dead_v: Column,
    timing: TimingColumns,
}

/// How a transition starts on one lane.
#[derive(Debug, Clone, Copy)]
pub(super) struct Start {
    pub mode: BlendMode,
    /// `false` for lanes of excluded bones: no offset, no dead blend (the output is the input).
    pub blend: bool,
    /// Largest extrapolated speed of a dead blend.
    pub max_speed: f32,
    /// The caps and halflife bounds of dead blends.
    pub limits: DeadBlendLimits,
    /// The `dt` the extrapolation factors are computed for.
    pub dt: f32,
}

impl ScalarChannel {
    /// `lanes` lanes at rest, repeating a pattern of `period` lanes per character (their
    /// springs), or an out-of-memory error naming `what`.
    pub fn new(
        what: &'static str,
        period: usize,
        lanes: usize,
    ) -> Result<ScalarChannel, InertiaError> {
        Ok(ScalarChannel {
            off_x: alloc::column(what, lanes, 0.0, 0.0)?,
            off_v: alloc::column(what, lanes, 0.0, 0.0)?,
            coeffs: PatternCoeffs::identity(what, period, lanes)?,
            dead_x: alloc::column(what, lanes, 0.0, 0.0)?,
            dead_v: alloc::column(what, lanes, 0.0, 0.0)?,
            timing: TimingColumns::new(what, lanes)?,
        })
    }

    /// Clears the offset and stops the dead blend of `lane`.
    pub fn clear(&mut self, lane: usize) {
        self.off_x.as_mut_slice()[lane] = 0.0;
        self.off_v.as_mut_slice()[lane] = 0.0;
        self.timing.stop(lane);
    }

    /// Whether `lane` has an offset or a running dead blend.
    pub fn is_blending(&self, lane: usize) -> bool {
        self.off_x.as_slice()[lane] != 0.0
            || self.off_v.as_slice()[lane] != 0.0
            || self.timing.running(lane).is_some()
    }

    /// The output of `lane` for the input `(x, v)`, in `f64`: the input plus the offset, then the
    /// running dead blend's cross-fade.
    pub fn output(&self, lane: usize, (x, v): (f64, f64), curve: &BlendCurve) -> (f64, f64) {
        let x = x + f64::from(self.off_x.as_slice()[lane]);
        let v = v + f64::from(self.off_v.as_slice()[lane]);
        match self.timing.running(lane) {
            None => (x, v),
            Some((elapsed, blend_time)) => {
                let weight = curve.blend_weight(elapsed, blend_time);
                let ex = f64::from(self.dead_x.as_slice()[lane]);
                let ev = f64::from(self.dead_v.as_slice()[lane]);
                hooke::scalar::cross_fade((ex, ev), (x, v), weight)
            }
        }
    }

    /// Starts a blend on `lane` from the current output `(x, v)` toward `destination`; returns
    /// whether a dead blend now runs there.
    pub fn start(
        &mut self,
        lane: usize,
        start: Start,
        (x, v): (f64, f64),
        destination: (f64, f64),
    ) -> bool {
        self.clear(lane);
        // The next update shows this lane as of the switch.
        self.timing.mark_fresh(lane..lane + 1);
        if !start.blend {
            return false;
        }
        match start.mode {
            BlendMode::Inertialize => {
                self.off_x.as_mut_slice()[lane] = saturate(x - destination.0);
                self.off_v.as_mut_slice()[lane] = saturate(v - destination.1);
                false
            }
            BlendMode::DeadBlend {
                blend_time,
                halflife,
            } => {
                self.dead_x.as_mut_slice()[lane] = saturate(x);
                let cap = f64::from(start.max_speed);
                let v = saturate(v.clamp(-cap, cap));
                self.dead_v.as_mut_slice()[lane] = v;
                let gap = DVec3::X * (destination.0 - x);
                let reach = reach_time(gap, DVec3::X * f64::from(v));
                let halflife = start.limits.extrapolation_halflife(halflife, [reach]);
                self.timing.start(lane, blend_time, halflife, start.dt);
                blend_time > 0.0
            }
        }
    }

    /// Decays the offsets by one step and writes `out = input + offset` (separate columns, or
    /// in place).
    pub fn update<P: ChannelIo>(&mut self, io: P, grain: usize) {
        par::run(
            (
                self.off_x.lanes_mut(),
                self.off_v.lanes_mut(),
                io,
                self.coeffs.slices(),
                self.timing.fresh.lanes(),
            ),
            grain,
            &|(ox, ov, io, c, fresh)| inertialize_curve_lanes((ox, ov), io, c, fresh),
        );
    }

    /// Takes `lane` out of the frame of the switch.
    pub fn unmark_fresh(&mut self, lane: usize) {
        self.timing.unmark_fresh(lane..lane + 1);
    }

    /// Ends the frame of the switch of every lane (after the update that showed it).
    pub fn clear_fresh(&mut self) {
        self.timing.clear_fresh();
    }

    /// Advances the running dead blends by `dt` and cross-fades the output in place; returns
    /// whether any is still running.
    pub fn dead_blend(
        &mut self,
        output: (&mut Column, &mut Column),
        curve: &BlendCurve,
        dt: f32,
        grain: usize,
    ) -> bool {
        type Lanes<'a> = &'a mut [wide::f32x8];
        let kernel =
            |(sx, sv, ox, ov, t): (Lanes<'_>, Lanes<'_>, Lanes<'_>, Lanes<'_>, DeadTiming<'_>)| {
                dead_blend_curve_lanes((sx, sv), (ox, ov), t, dt)
            };
        let parts = (
            self.dead_x.lanes_mut(),
            self.dead_v.lanes_mut(),
            output.0.lanes_mut(),
            output.1.lanes_mut(),
            self.timing.slices(curve),
        );
        par::run_reduce(parts, grain, &kernel, &|a, b| a || b)
    }

    /// Fills the spring coefficients: lane `i` gets `per_item[i % per_item.len()]`.
    pub fn fill_coeffs(&mut self, per_item: &[SpringCoeffs]) {
        self.coeffs.fill(per_item);
    }

    /// Recomputes the running dead blends' extrapolation factors for a new `dt`.
    pub fn set_dt(&mut self, dt: f32) {
        self.timing.set_dt(dt);
    }
}
