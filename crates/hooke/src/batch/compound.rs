//! Batches of the compound springs: double springs (smoother starts) and timed springs (arrive
//! at a goal at a given time).

use wide::f32x8;

use super::halflife::{Halflife, Step, halflife_setters, rate_column};
use super::{batch_updates, param_column, set_columns, state_column};
use crate::column::Column;
use crate::error::{ParamError, check_dt, check_len, check_non_negative};
use crate::lanes::{
    DoubleCoeffs, TimedStep, critical_rate, double_rate, double_rates, double_shared,
    timed_lookahead, timed_rates, timed_shared,
};
use crate::par::{self, Shared};

/// Many double springs: a critical spring following another critical spring toward each goal, for
/// motion that starts with zero acceleration. The halflife is shared by the batch (coefficients
/// computed once per `dt`) or given per spring ([`with_halflives`](Self::with_halflives):
/// coefficients from each spring's rate and the frame's `dt` inside the kernel, as fast with a
/// `dt` that changes every frame). The SIMD batch of
/// [`crate::scalar::double_spring_damper_exact`].
///
/// ```
/// use hooke::batch::DoubleSprings;
/// let mut s = DoubleSprings::new(100, 0.1)?;
/// s.goal_mut().fill(1.0);
/// for _ in 0..120 {
///     s.update(1.0 / 60.0)?;
/// }
/// assert!((s.x()[0] - 1.0).abs() < 1e-3);
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct DoubleSprings {
    x: Column,
    v: Column,
    xi: Column,
    vi: Column,
    goal: Column,
    halflife: Halflife<DoubleCoeffs>,
}

impl DoubleSprings {
    /// `len` springs at rest at 0 with goal 0 sharing `halflife` (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::DoubleSprings::new(1, -1.0).is_err());
    /// ```
    pub fn new(len: usize, halflife: f32) -> Result<DoubleSprings, ParamError> {
        DoubleSprings::with_halflife(len, Halflife::shared(halflife)?)
    }

    /// One double spring per halflife in `halflives` (each finite, `>= 0`; 0 snaps to the goal),
    /// at rest at 0 with goal 0. Errors name the index of the first bad halflife.
    ///
    /// ```
    /// use hooke::{batch::DoubleSprings, ParamError};
    /// let mut s = DoubleSprings::with_halflives(&[0.1, 0.5, 0.0])?;
    /// s.goal_mut().fill(1.0);
    /// s.update(0.1)?;
    /// assert!(s.x()[0] > s.x()[1] && s.x()[2] == 1.0);
    /// let err = DoubleSprings::with_halflives(&[0.1, -1.0]).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "halflife", index: 1, .. }));
    /// # Ok::<(), ParamError>(())
    /// ```
    pub fn with_halflives(halflives: &[f32]) -> Result<DoubleSprings, ParamError> {
        let halflife = Halflife::per_spring(Self::NAME, halflives, double_rate)?;
        DoubleSprings::with_halflife(halflives.len(), halflife)
    }

    const NAME: &str = "DoubleSprings";

    fn with_halflife(
        len: usize,
        halflife: Halflife<DoubleCoeffs>,
    ) -> Result<DoubleSprings, ParamError> {
        Ok(DoubleSprings {
            x: state_column(Self::NAME, len)?,
            v: state_column(Self::NAME, len)?,
            xi: state_column(Self::NAME, len)?,
            vi: state_column(Self::NAME, len)?,
            goal: state_column(Self::NAME, len)?,
            halflife,
        })
    }

    /// Number of springs.
    ///
    /// ```
    /// assert_eq!(hooke::batch::DoubleSprings::new(2, 0.1)?.len(), 2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// Whether there are no springs.
    ///
    /// ```
    /// assert!(hooke::batch::DoubleSprings::new(0, 0.1)?.is_empty());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Positions (of the outer spring, the output).
    ///
    /// ```
    /// assert_eq!(hooke::batch::DoubleSprings::new(1, 0.1)?.x(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn x(&self) -> &[f32] {
        self.x.as_slice()
    }

    /// Velocities (of the outer spring).
    ///
    /// ```
    /// assert_eq!(hooke::batch::DoubleSprings::new(1, 0.1)?.v(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn v(&self) -> &[f32] {
        self.v.as_slice()
    }

    /// Sets every spring's state, outer and intermediate (position, velocity each); lengths
    /// must match. On an error nothing changes.
    ///
    /// ```
    /// let mut s = hooke::batch::DoubleSprings::new(1, 0.1)?;
    /// s.set_state(&[1.0], &[0.0], &[1.0], &[0.0])?;
    /// assert!(s.set_state(&[1.0, 2.0], &[0.0], &[1.0], &[0.0]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_state(
        &mut self,
        x: &[f32],
        v: &[f32],
        xi: &[f32],
        vi: &[f32],
    ) -> Result<(), ParamError> {
        set_columns([
            (&mut self.x, "x", x),
            (&mut self.v, "v", v),
            (&mut self.xi, "xi", xi),
            (&mut self.vi, "vi", vi),
        ])
    }

    /// Goals, mutably.
    ///
    /// ```
    /// hooke::batch::DoubleSprings::new(1, 0.1)?.goal_mut()[0] = 1.0;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn goal_mut(&mut self) -> &mut [f32] {
        self.goal.as_mut_slice()
    }

    /// Like [`par_update`](Self::par_update) with a chosen grain (lane groups per task).
    ///
    /// ```
    /// hooke::batch::DoubleSprings::new(64, 0.1)?.update_with_grain(0.1, 1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        let state = (
            self.x.lanes_mut(),
            self.v.lanes_mut(),
            self.xi.lanes_mut(),
            self.vi.lanes_mut(),
            self.goal.lanes(),
        );
        match self.halflife.step(dt, DoubleCoeffs::new) {
            Step::Shared(c) => par::run((state, Shared(c)), grain, &|((x, v, xi, vi, g), c)| {
                double_shared(x, v, xi, vi, g, &c.0)
            }),
            // Coefficients from each spring's rate and this frame's dt, inside the kernel.
            Step::Rates(rates) => par::run((state, rates), grain, &|((x, v, xi, vi, g), y)| {
                double_rates(x, v, xi, vi, g, y, dt)
            }),
        }
        Ok(())
    }
}

/// Many timed springs sharing an apprehension, with a shared halflife or one per spring
/// ([`with_halflives`](Self::with_halflives)): each arrives at its goal around its own goal time,
/// following a point that moves to the goal at constant speed and stops there. The batch counts
/// every spring's remaining time down by `dt` per update. The SIMD batch of
/// [`crate::scalar::timed_spring_damper_exact`].
///
/// ```
/// use hooke::batch::TimedSprings;
/// let mut s = TimedSprings::new(10, 0.05, 2.0)?;
/// s.goal_mut().fill(5.0);
/// s.t_goal_mut().fill(1.0); // arrive in a second
/// for _ in 0..90 {
///     s.update(1.0 / 60.0)?;
/// }
/// assert!((s.x()[0] - 5.0).abs() < 0.05);
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct TimedSprings {
    x: Column,
    v: Column,
    xi: Column,
    goal: Column,
    t_goal: Column,
    params: TimedParams,
}

impl TimedSprings {
    /// `len` springs at rest at 0, goal 0, remaining time 0, sharing `halflife` and
    /// `apprehension` (how many halflives ahead the followed point runs; both finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::TimedSprings::new(1, 0.1, f32::NAN).is_err());
    /// ```
    pub fn new(len: usize, halflife: f32, apprehension: f32) -> Result<TimedSprings, ParamError> {
        TimedSprings::with_params(len, TimedParams::shared(halflife, apprehension)?)
    }

    /// One timed spring per halflife in `halflives` (each finite, `>= 0`), sharing `apprehension`
    /// (finite, `>= 0`), at rest at 0, goal 0, remaining time 0. Errors name the field and the
    /// index of the first bad halflife.
    ///
    /// ```
    /// use hooke::{batch::TimedSprings, ParamError};
    /// let mut s = TimedSprings::with_halflives(&[0.05, 0.2], 2.0)?;
    /// s.goal_mut().fill(5.0);
    /// s.t_goal_mut().fill(1.0);
    /// for _ in 0..120 {
    ///     s.update(1.0 / 60.0)?;
    /// }
    /// assert!((s.x()[0] - 5.0).abs() < 1e-3 && (s.x()[1] - 5.0).abs() < 0.1);
    /// let err = TimedSprings::with_halflives(&[f32::NAN], 2.0).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "halflife", index: 0, .. }));
    /// # Ok::<(), ParamError>(())
    /// ```
    pub fn with_halflives(
        halflives: &[f32],
        apprehension: f32,
    ) -> Result<TimedSprings, ParamError> {
        let params = TimedParams::per_spring(Self::NAME, halflives, apprehension)?;
        TimedSprings::with_params(halflives.len(), params)
    }

    const NAME: &str = "TimedSprings";

    fn with_params(len: usize, params: TimedParams) -> Result<TimedSprings, ParamError> {
        Ok(TimedSprings {
            x: state_column(Self::NAME, len)?,
            v: state_column(Self::NAME, len)?,
            xi: state_column(Self::NAME, len)?,
            goal: state_column(Self::NAME, len)?,
            t_goal: state_column(Self::NAME, len)?,
            params,
        })
    }

    /// Gives each spring its own halflife (`halflives.len()` must equal the batch length, each
    /// finite and `>= 0`), keeping the apprehension. On an error nothing changes.
    ///
    /// ```
    /// let mut s = hooke::batch::TimedSprings::new(2, 0.1, 2.0)?;
    /// s.set_halflives(&[0.1, 0.0])?;
    /// assert!(s.set_halflives(&[0.1, -0.1]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_halflives(&mut self, halflives: &[f32]) -> Result<(), ParamError> {
        check_len("halflife", self.len(), halflives.len())?;
        let apprehension = self.params.apprehension();
        self.params = TimedParams::per_spring(Self::NAME, halflives, apprehension)?;
        Ok(())
    }

    /// Number of springs.
    ///
    /// ```
    /// assert_eq!(hooke::batch::TimedSprings::new(2, 0.1, 2.0)?.len(), 2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// Whether there are no springs.
    ///
    /// ```
    /// assert!(hooke::batch::TimedSprings::new(0, 0.1, 2.0)?.is_empty());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Positions.
    ///
    /// ```
    /// assert_eq!(hooke::batch::TimedSprings::new(1, 0.1, 2.0)?.x(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn x(&self) -> &[f32] {
        self.x.as_slice()
    }

    /// Velocities.
    ///
    /// ```
    /// assert_eq!(hooke::batch::TimedSprings::new(1, 0.1, 2.0)?.v(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn v(&self) -> &[f32] {
        self.v.as_slice()
    }

    /// The followed points (the intermediate positions).
    ///
    /// ```
    /// assert_eq!(hooke::batch::TimedSprings::new(1, 0.1, 2.0)?.xi(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn xi(&self) -> &[f32] {
        self.xi.as_slice()
    }

    /// Sets every spring's position, velocity and followed point; lengths must match. On an
    /// error nothing changes.
    ///
    /// ```
    /// let mut s = hooke::batch::TimedSprings::new(1, 0.1, 2.0)?;
    /// s.set_state(&[1.0], &[0.0], &[1.0])?;
    /// assert!(s.set_state(&[1.0], &[0.0], &[]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_state(&mut self, x: &[f32], v: &[f32], xi: &[f32]) -> Result<(), ParamError> {
        set_columns([
            (&mut self.x, "x", x),
            (&mut self.v, "v", v),
            (&mut self.xi, "xi", xi),
        ])
    }

    /// Goals, mutably.
    ///
    /// ```
    /// hooke::batch::TimedSprings::new(1, 0.1, 2.0)?.goal_mut()[0] = 1.0;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn goal_mut(&mut self) -> &mut [f32] {
        self.goal.as_mut_slice()
    }

    /// Remaining times to the goals (s), counted down by each update.
    ///
    /// ```
    /// assert_eq!(hooke::batch::TimedSprings::new(1, 0.1, 2.0)?.t_goal(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn t_goal(&self) -> &[f32] {
        self.t_goal.as_slice()
    }

    /// Remaining times to the goals, mutably (set a new goal time here).
    ///
    /// ```
    /// hooke::batch::TimedSprings::new(1, 0.1, 2.0)?.t_goal_mut()[0] = 0.5;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn t_goal_mut(&mut self) -> &mut [f32] {
        self.t_goal.as_mut_slice()
    }

    /// Like [`par_update`](Self::par_update) with a chosen grain (lane groups per task).
    ///
    /// ```
    /// hooke::batch::TimedSprings::new(64, 0.1, 2.0)?.update_with_grain(0.1, 1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        // dt = 0 changes nothing (the scalar twin's identity step; nothing to count down).
        if dt == 0.0 {
            return Ok(());
        }
        let (x, v, xi) = (self.x.lanes_mut(), self.v.lanes_mut(), self.xi.lanes_mut());
        let (g, t_goal) = (self.goal.lanes(), self.t_goal.lanes_mut());
        match &self.params {
            TimedParams::Shared {
                halflife,
                apprehension,
            } => {
                let Some(step) = TimedStep::new(*halflife, *apprehension, dt) else {
                    return Ok(());
                };
                par::run(
                    (x, v, xi, g, t_goal, Shared(step)),
                    grain,
                    &|(x, v, xi, g, t, s)| {
                        timed_shared(x, v, xi, g, t, &s.0);
                        count_down(t, dt);
                    },
                );
            }
            TimedParams::PerSpring {
                rate, lookahead, ..
            } => {
                let parts = (x, v, xi, g, t_goal, rate.lanes(), lookahead.lanes());
                par::run(parts, grain, &|(x, v, xi, g, t, y, ahead)| {
                    timed_rates(x, v, xi, g, t, y, ahead, dt);
                    count_down(t, dt);
                });
            }
        }
        Ok(())
    }
}

/// Counts each spring's remaining time down by `dt`.
fn count_down(t_goal: &mut [f32x8], dt: f32) {
    let dt = f32x8::splat(dt);
    for t in t_goal {
        *t -= dt;
    }
}

/// The halflife and apprehension of a batch of timed or velocity springs: shared (coefficients
/// once per `dt`), or per spring as rates ([`critical_rate`]) and lookaheads
/// ([`timed_lookahead`]), computed when they are set, for [`timed_rates`].
#[derive(Debug, Clone)]
pub(crate) enum TimedParams {
    Shared {
        halflife: f32,
        apprehension: f32,
    },
    PerSpring {
        apprehension: f32,
        rate: Column,
        lookahead: Column,
    },
}

impl TimedParams {
    /// Both checked: finite, `>= 0`.
    pub fn shared(halflife: f32, apprehension: f32) -> Result<TimedParams, ParamError> {
        Ok(TimedParams::Shared {
            halflife: check_non_negative("halflife", halflife)?,
            apprehension: check_non_negative("apprehension", apprehension)?,
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
        let rate = rate_column(name, halflives, critical_rate)?;
        let mut lookahead = param_column(name, halflives.len(), 0.0)?;
        for (l, &h) in lookahead.as_mut_slice().iter_mut().zip(halflives) {
            *l = timed_lookahead(apprehension, h);
        }
        Ok(TimedParams::PerSpring {
            apprehension,
            rate,
            lookahead,
        })
    }

    pub fn apprehension(&self) -> f32 {
        match self {
            TimedParams::Shared { apprehension, .. }
            | TimedParams::PerSpring { apprehension, .. } => *apprehension,
        }
    }
}

halflife_setters!(DoubleSprings, halflife, double_rate);

batch_updates!(DoubleSprings, "hooke::batch::DoubleSprings::new(100, 0.1)?");
batch_updates!(
    TimedSprings,
    "hooke::batch::TimedSprings::new(100, 0.1, 2.0)?"
);
