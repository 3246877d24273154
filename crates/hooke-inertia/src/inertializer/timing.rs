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
}

impl TimingColumns {
    pub(super) fn new(what: &'static str, len: usize) -> Result<TimingColumns, InertiaError> {
        Ok(TimingColumns {
            elapsed: alloc::column(what, len, 0.0, 0.0)?,
            blend_time: alloc::column(what, len, 0.0, 0.0)?,
            travel: alloc::column(what, len, 0.0, 0.0)?,
            decay: alloc::column(what, len, 1.0, 1.0)?,
        })
    }

    pub(super) fn slices<'a>(&'a mut self, curve: &'a BlendCurve) -> DeadTiming<'a> {
        DeadTiming {
            elapsed: self.elapsed.lanes_mut(),
            blend_time: self.blend_time.lanes_mut(),
            travel: self.travel.lanes(),
            decay: self.decay.lanes(),
            curve,
        }
    }

    pub(super) fn start(&mut self, lane: usize, blend_time: f32, (travel, decay): (f32, f32)) {
        self.elapsed.as_mut_slice()[lane] = 0.0;
        self.blend_time.as_mut_slice()[lane] = blend_time;
        self.travel.as_mut_slice()[lane] = travel;
        self.decay.as_mut_slice()[lane] = decay;
    }

    /// Sets the extrapolation factors `(travel, decay)` of the lanes `range`.
    pub(super) fn set_factors(
        &mut self,
        range: std::ops::Range<usize>,
        (travel, decay): (f32, f32),
    ) {
        self.travel.as_mut_slice()[range.clone()].fill(travel);
        self.decay.as_mut_slice()[range].fill(decay);
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
