//! Per-lane timing of the dead blends (elapsed and blend time, extrapolation factors).

use hooke::column::Column;

use crate::alloc;
use hooke::scalar::BlendCurve;

use crate::dead::DeadTiming;
use crate::error::InertiaError;

/// Per-lane columns of the dead blends' timing.
#[derive(Debug, Clone)]
pub(super) struct TimingColumns {
    pub(super) elapsed: Column,
    pub(super) blend_time: Column,
    pub(super) travel: Column,
    pub(super) decay: Column,
    /// Each lane's extrapolation halflife, for recomputing `travel` and `decay` when `dt` changes.
    halflife: Column,
    /// 1 on the lanes of characters that switched since the last update (0 elsewhere): the next
    /// update shows them as of the switch, neither decaying their offsets nor advancing their
    /// dead blends (`docs/math.md` §6.1, the frame of the switch).
    pub(super) fresh: Column,
    /// Whether any lane of `fresh` is 1.
    any_fresh: bool,
}

impl TimingColumns {
    pub(super) fn new(what: &'static str, len: usize) -> Result<TimingColumns, InertiaError> {
        Ok(TimingColumns {
            elapsed: alloc::column(what, len, 0.0, 0.0)?,
            blend_time: alloc::column(what, len, 0.0, 0.0)?,
            travel: alloc::column(what, len, 0.0, 0.0)?,
            decay: alloc::column(what, len, 1.0, 1.0)?,
            halflife: alloc::column(what, len, 0.0, 0.0)?,
            fresh: alloc::column(what, len, 0.0, 0.0)?,
            any_fresh: false,
        })
    }

    pub(super) fn slices<'a>(&'a mut self, curve: &'a BlendCurve) -> DeadTiming<'a> {
        DeadTiming {
            elapsed: self.elapsed.lanes_mut(),
            blend_time: self.blend_time.lanes_mut(),
            travel: self.travel.lanes(),
            decay: self.decay.lanes(),
            fresh: self.fresh.lanes(),
            curve,
        }
    }

    /// Starts a blend of `blend_time` on `lane`, extrapolating with `halflife` over steps of `dt`.
    pub(super) fn start(&mut self, lane: usize, blend_time: f32, halflife: f32, dt: f32) {
        let (travel, decay) = hooke::lanes::extrapolate_factors_f32(halflife, dt);
        self.elapsed.as_mut_slice()[lane] = 0.0;
        self.blend_time.as_mut_slice()[lane] = blend_time;
        self.travel.as_mut_slice()[lane] = travel;
        self.decay.as_mut_slice()[lane] = decay;
        self.halflife.as_mut_slice()[lane] = halflife;
    }

    /// Recomputes the extrapolation factors of the running blends for a new `dt` (one
    /// exponential per running lane; lanes at rest are skipped).
    pub(super) fn set_dt(&mut self, dt: f32) {
        let running = self.blend_time.as_slice();
        let halflife = self.halflife.as_slice();
        let travel = self.travel.as_mut_slice();
        let decay = self.decay.as_mut_slice();
        for (lane, _) in running.iter().enumerate().filter(|(_, t)| **t > 0.0) {
            (travel[lane], decay[lane]) = hooke::lanes::extrapolate_factors_f32(halflife[lane], dt);
        }
    }

    /// Marks `lanes` as switched since the last update (a character's lanes in one fill: a
    /// store per lane through the column cost a tenth of a batched transition).
    pub(super) fn mark_fresh(&mut self, lanes: std::ops::Range<usize>) {
        if let Some(slots) = self.fresh.as_mut_slice().get_mut(lanes) {
            slots.fill(1.0);
        }
        self.any_fresh = true;
    }

    /// Takes `lanes` out of the frame of the switch (a switch at the time of the frame shown).
    pub(super) fn unmark_fresh(&mut self, lanes: std::ops::Range<usize>) {
        if let Some(slots) = self.fresh.as_mut_slice().get_mut(lanes) {
            slots.fill(0.0);
        }
    }

    /// Ends the frame of the switch of every lane (after the update that showed it).
    pub(super) fn clear_fresh(&mut self) {
        if std::mem::take(&mut self.any_fresh) {
            self.fresh.as_mut_slice().fill(0.0);
        }
    }

    /// Ends the frame of the switch of the lanes of lane groups `groups` (`f32x8` lanes).
    pub(super) fn clear_fresh_groups(&mut self, groups: std::ops::Range<usize>) {
        if let Some(lanes) = self.fresh.lanes_mut().get_mut(groups) {
            lanes.fill(wide::f32x8::ZERO);
        }
        self.any_fresh = false;
    }

    pub(super) fn stop(&mut self, lane: usize) {
        self.blend_time.as_mut_slice()[lane] = 0.0;
    }

    /// `(elapsed, blend_time)` of a running blend at `lane`.
    pub(super) fn running(&self, lane: usize) -> Option<(f64, f64)> {
        let blend_time = self.blend_time.as_slice()[lane];
        (blend_time > 0.0).then(|| {
            (
                f64::from(self.elapsed.as_slice()[lane]),
                f64::from(blend_time),
            )
        })
    }
}
