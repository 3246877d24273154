//! Batches of the compound springs: double springs (smoother starts) and timed springs (arrive
//! at a goal at a given time).

use wide::f32x8;

use super::state_column;
use crate::column::Column;
use crate::error::{ParamError, check_dt, check_non_negative};
use crate::lanes::{DoubleCoeffs, TimedStep, double_shared, timed_shared};
use crate::par::{self, DEFAULT_GRAIN, Shared};

/// Many double springs sharing a halflife: a critical spring following another critical spring
/// toward each goal, for motion that starts with zero acceleration. The SIMD batch of
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
    halflife: f32,
    cached: Option<(f32, DoubleCoeffs)>,
}

impl DoubleSprings {
    /// `len` springs at rest at 0 with goal 0 sharing `halflife` (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::DoubleSprings::new(1, -1.0).is_err());
    /// ```
    pub fn new(len: usize, halflife: f32) -> Result<DoubleSprings, ParamError> {
        const NAME: &str = "DoubleSprings";
        Ok(DoubleSprings {
            x: state_column(NAME, len)?,
            v: state_column(NAME, len)?,
            xi: state_column(NAME, len)?,
            vi: state_column(NAME, len)?,
            goal: state_column(NAME, len)?,
            halflife: check_non_negative("halflife", halflife)?,
            cached: None,
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
        let n = self.len();
        for (name, values) in [("x", x), ("v", v), ("xi", xi), ("vi", vi)] {
            crate::error::check_len(name, n, values.len())?;
        }
        self.x.as_mut_slice().copy_from_slice(x);
        self.v.as_mut_slice().copy_from_slice(v);
        self.xi.as_mut_slice().copy_from_slice(xi);
        self.vi.as_mut_slice().copy_from_slice(vi);
        Ok(())
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

    /// Advances every spring by `dt` (finite, `>= 0`) on the calling thread.
    ///
    /// ```
    /// assert!(hooke::batch::DoubleSprings::new(1, 0.1)?.update(-1.0).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update(&mut self, dt: f32) -> Result<(), ParamError> {
        self.update_with_grain(dt, par::NO_SPLIT)
    }

    /// Advances every spring by `dt` on rayon's threads (bit-identical to
    /// [`update`](Self::update)).
    ///
    /// ```
    /// hooke::batch::DoubleSprings::new(100, 0.1)?.par_update(0.1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn par_update(&mut self, dt: f32) -> Result<(), ParamError> {
        self.update_with_grain(dt, DEFAULT_GRAIN)
    }

    /// Like [`par_update`](Self::par_update) with a chosen grain (lane groups per task).
    ///
    /// ```
    /// hooke::batch::DoubleSprings::new(64, 0.1)?.update_with_grain(0.1, 1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        let coeffs = match self.cached {
            Some((cached_dt, c)) if cached_dt == dt => c,
            _ => {
                let c = DoubleCoeffs::new(self.halflife, dt);
                self.cached = Some((dt, c));
                c
            }
        };
        let parts = (
            self.x.lanes_mut(),
            self.v.lanes_mut(),
            self.xi.lanes_mut(),
            self.vi.lanes_mut(),
            self.goal.lanes(),
            Shared(coeffs),
        );
        par::run(parts, grain, &|(x, v, xi, vi, g, c)| {
            double_shared(x, v, xi, vi, g, &c.0)
        });
        Ok(())
    }
}

/// Many timed springs sharing a halflife and an apprehension: each arrives at its goal around its
/// own goal time, following a point that moves to the goal at constant speed and stops there. The
/// batch counts every spring's remaining time down by `dt` per update. The SIMD batch of
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
    halflife: f32,
    apprehension: f32,
}

impl TimedSprings {
    /// `len` springs at rest at 0, goal 0, remaining time 0, sharing `halflife` and
    /// `apprehension` (how many halflives ahead the followed point runs; both finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::TimedSprings::new(1, 0.1, f32::NAN).is_err());
    /// ```
    pub fn new(len: usize, halflife: f32, apprehension: f32) -> Result<TimedSprings, ParamError> {
        const NAME: &str = "TimedSprings";
        Ok(TimedSprings {
            x: state_column(NAME, len)?,
            v: state_column(NAME, len)?,
            xi: state_column(NAME, len)?,
            goal: state_column(NAME, len)?,
            t_goal: state_column(NAME, len)?,
            halflife: check_non_negative("halflife", halflife)?,
            apprehension: check_non_negative("apprehension", apprehension)?,
        })
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
        let n = self.len();
        for (name, values) in [("x", x), ("v", v), ("xi", xi)] {
            crate::error::check_len(name, n, values.len())?;
        }
        self.x.as_mut_slice().copy_from_slice(x);
        self.v.as_mut_slice().copy_from_slice(v);
        self.xi.as_mut_slice().copy_from_slice(xi);
        Ok(())
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

    /// Advances every spring by `dt` (finite, `>= 0`) on the calling thread and counts the
    /// remaining times down by `dt`.
    ///
    /// ```
    /// let mut s = hooke::batch::TimedSprings::new(1, 0.1, 2.0)?;
    /// s.t_goal_mut()[0] = 1.0;
    /// s.update(0.25)?;
    /// assert_eq!(s.t_goal(), &[0.75]);
    /// assert!(s.update(f32::INFINITY).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update(&mut self, dt: f32) -> Result<(), ParamError> {
        self.update_with_grain(dt, par::NO_SPLIT)
    }

    /// Advances every spring by `dt` on rayon's threads (bit-identical to
    /// [`update`](Self::update)).
    ///
    /// ```
    /// hooke::batch::TimedSprings::new(100, 0.1, 2.0)?.par_update(0.1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn par_update(&mut self, dt: f32) -> Result<(), ParamError> {
        self.update_with_grain(dt, DEFAULT_GRAIN)
    }

    /// Like [`par_update`](Self::par_update) with a chosen grain (lane groups per task).
    ///
    /// ```
    /// hooke::batch::TimedSprings::new(64, 0.1, 2.0)?.update_with_grain(0.1, 1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        // dt = 0 (or a step the scalar twin leaves alone) changes nothing.
        let Some(step) = TimedStep::new(self.halflife, self.apprehension, dt) else {
            return Ok(());
        };
        let parts = (
            self.x.lanes_mut(),
            self.v.lanes_mut(),
            self.xi.lanes_mut(),
            self.goal.lanes(),
            self.t_goal.lanes_mut(),
            Shared(step),
        );
        par::run(parts, grain, &|(x, v, xi, g, t, s)| {
            timed_shared(x, v, xi, g, t, &s.0);
            let dt = f32x8::splat(dt);
            for t in t.iter_mut() {
                *t -= dt;
            }
        });
        Ok(())
    }
}
