//! The one core of the batches that run the timed spring's kernels ([`super::TimedSprings`],
//! [`super::VelocitySprings`]): the state columns, the halflife with its apprehension, and the
//! update, so that the two batches differ only in how each spring's remaining time is found.

use wide::f32x8;

use super::halflife::{Halflife, HalflifeParams, NewHalflife, Step, rate_column};
use super::{param_column, state_column};
use crate::column::Column;
use crate::error::{ParamError, check_non_negative};
use crate::lanes::{
    TimedRateLanes, TimedSpringLanesMut, TimedStep, critical_rate, timed_lookahead, timed_rates,
    timed_shared,
};
use crate::par::{self, Shared, Split};

/// The halflife and apprehension of a batch of timed or velocity springs: a [`Halflife`] (shared:
/// the step cached per `dt`; per spring: rates, [`critical_rate`]) and, per spring, the lookaheads
/// ([`timed_lookahead`]) computed when the halflives are set, for [`timed_rates`].
#[derive(Debug, Clone)]
pub(crate) struct TimedParams {
    apprehension: f32,
    halflife: Halflife<Option<TimedStep>>,
    /// One lookahead per spring with per-spring halflives; empty with a shared halflife.
    lookahead: Column,
}

impl TimedParams {
    /// Both checked: finite, `>= 0`.
    pub fn shared(halflife: f32, apprehension: f32) -> Result<TimedParams, ParamError> {
        Ok(TimedParams {
            apprehension: check_non_negative("apprehension", apprehension)?,
            halflife: Halflife::shared(halflife)?,
            lookahead: Column::new(0, 0.0),
        })
    }

    /// Per-spring halflives (each checked, errors naming the index) sharing `apprehension`, for a
    /// batch called `name`.
    pub fn per_spring(
        name: &'static str,
        halflives: &[f32],
        apprehension: f32,
    ) -> Result<TimedParams, ParamError> {
        let apprehension = check_non_negative("apprehension", apprehension)?;
        let rates = rate_column(name, halflives, critical_rate)?;
        let mut lookahead = param_column(name, halflives.len(), 0.0)?;
        for (l, &h) in lookahead.as_mut_slice().iter_mut().zip(halflives) {
            *l = timed_lookahead(apprehension, h);
        }
        Ok(TimedParams {
            apprehension,
            halflife: Halflife::PerSpring(rates),
            lookahead,
        })
    }
}

impl HalflifeParams for TimedParams {
    /// Keeps the apprehension; the rates are always [`critical_rate`].
    fn rebuilt(&self, halflife: NewHalflife<'_>) -> Result<Self, ParamError> {
        match halflife {
            NewHalflife::Shared(halflife) => TimedParams::shared(halflife, self.apprehension),
            NewHalflife::PerSpring {
                name, halflives, ..
            } => TimedParams::per_spring(name, halflives, self.apprehension),
        }
    }
}

/// The state of a batch of timed springs: positions, velocities, followed points, goals, and
/// each spring's remaining time `t` (owned by the batch: counted down, or found each frame).
#[derive(Debug, Clone)]
pub(crate) struct TimedCore {
    pub x: Column,
    pub v: Column,
    pub xi: Column,
    pub goal: Column,
    pub t: Column,
    pub params: TimedParams,
}

impl TimedCore {
    /// `len` springs at rest at 0, goal 0, time 0, for a batch called `name`.
    pub fn new(
        name: &'static str,
        len: usize,
        params: TimedParams,
    ) -> Result<TimedCore, ParamError> {
        Ok(TimedCore {
            x: state_column(name, len)?,
            v: state_column(name, len)?,
            xi: state_column(name, len)?,
            goal: state_column(name, len)?,
            t: state_column(name, len)?,
            params,
        })
    }

    /// One update over `dt` (checked) split by `grain`: for each part, `before(xi, goal, t,
    /// extra)`, the timed kernel (shared step or per-spring rates), then `after(t)`. `extra` is a
    /// batch's own column (or `Shared(())`). `dt = 0` changes nothing (the scalar twin's identity
    /// step; no time to count down or to find).
    pub fn update<E: Split>(
        &mut self,
        dt: f32,
        grain: usize,
        extra: E,
        before: &(impl Fn(&[f32x8], &[f32x8], &mut [f32x8], &E) + Sync),
        after: &(impl Fn(&mut [f32x8]) + Sync),
    ) {
        if dt == 0.0 {
            return;
        }
        let (x, v, xi) = (self.x.lanes_mut(), self.v.lanes_mut(), self.xi.lanes_mut());
        let (g, t) = (self.goal.lanes(), self.t.lanes_mut());
        let apprehension = self.params.apprehension;
        let lookahead = self.params.lookahead.lanes();
        match self
            .params
            .halflife
            .step(dt, |h, dt| TimedStep::new(h, apprehension, dt))
        {
            Step::Shared(None) => {}
            Step::Shared(Some(step)) => {
                let parts = (x, v, xi, g, t, extra, Shared(step));
                par::run(parts, grain, &|(x, v, xi, g, t, e, s)| {
                    before(xi, g, t, &e);
                    timed_shared(TimedSpringLanesMut { x, v, xi }, g, t, &s.0);
                    after(t);
                });
            }
            Step::Rates(rates) => {
                let params = TimedRateLanes {
                    rate: rates,
                    lookahead,
                };
                let parts = (x, v, xi, g, t, extra, params);
                par::run(parts, grain, &|(x, v, xi, g, t, e, p)| {
                    before(xi, g, t, &e);
                    timed_rates(TimedSpringLanesMut { x, v, xi }, g, t, p, dt);
                    after(t);
                });
            }
        }
    }
}
