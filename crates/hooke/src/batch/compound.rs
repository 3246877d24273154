//! Batches of the compound springs: double springs (smoother starts) and timed springs (arrive
//! at a goal at a given time).

use wide::f32x8;

use super::macros::{batch_methods, halflife_batch};
use super::timed::{TimedCore, TimedParams};
use crate::column::Column;
use crate::error::ParamError;
use crate::lanes::{DoubleCoeffs, DoubleSpringLanesMut, double_rate, double_rates, double_shared};
use crate::par::Shared;

halflife_batch! {
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
    pub struct DoubleSprings: "springs" of x {
        halflife: Halflife<DoubleCoeffs> by double_rate;
        x, v, xi, vi, goal: Column;
    }
    /// Halflife 0 snaps to the goal.
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
    fn new and with_halflives: "at rest at 0 with goal 0";
    fn advance(dt) on (x, v, xi, vi; goal) by DoubleCoeffs::new =>
        |(x, v, xi, vi, goal), c| double_shared(DoubleSpringLanesMut { x, v, xi, vi }, goal, c),
        |(x, v, xi, vi, goal), y| double_rates(DoubleSpringLanesMut { x, v, xi, vi }, goal, y, dt);
    /// Sets every spring's state, outer and intermediate (position, velocity each).
    fn set_state(x, v, xi, vi);
    /// Positions (of the outer spring, the output).
    fn x(&self) = x;
    /// Velocities (of the outer spring).
    fn v(&self) = v;
    /// Goals, mutably.
    fn goal_mut(&mut self) = goal;
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
    /// The state, `t` holding each spring's remaining time to its goal.
    timed: TimedCore,
}

impl TimedSprings {
    /// `len` springs at rest at 0, goal 0, remaining time 0, sharing `halflife` and
    /// `apprehension` (how many halflives ahead the followed point runs; both finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::TimedSprings::new(1, 0.1, f32::NAN).is_err());
    /// ```
    pub fn new(len: usize, halflife: f32, apprehension: f32) -> Result<TimedSprings, ParamError> {
        let params = TimedParams::shared(halflife, apprehension)?;
        let timed = TimedCore::new(Self::NAME, len, params)?;
        Ok(TimedSprings { timed })
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
        let timed = TimedCore::new(Self::NAME, halflives.len(), params)?;
        Ok(TimedSprings { timed })
    }

    const NAME: &str = "TimedSprings";

    /// One update over a checked `dt`, split by `grain`.
    fn advance(&mut self, dt: f32, grain: usize) {
        // The remaining times are counted down after each step.
        let no_setup = |_: &[f32x8], _: &[f32x8], _: &mut [f32x8], _: &Shared<()>| {};
        let count_down = |t_goal: &mut [f32x8]| count_down(t_goal, dt);
        self.timed
            .update(dt, grain, Shared(()), &no_setup, &count_down);
    }
}

/// Counts each spring's remaining time down by `dt`.
fn count_down(t_goal: &mut [f32x8], dt: f32) {
    let dt = f32x8::splat(dt);
    for t in t_goal {
        *t -= dt;
    }
}

batch_methods! {
    TimedSprings: "springs" of timed.x, made by "with_halflives(&vec![0.1; n], 2.0)?";
    timed springs;
    /// The followed points (the intermediate positions).
    fn xi(&self) = timed.xi;
    /// Remaining times to the goals (s), counted down by each update.
    fn t_goal(&self) = timed.t;
    /// Remaining times to the goals, mutably (set a new goal time here).
    fn t_goal_mut(&mut self) = timed.t;
}
