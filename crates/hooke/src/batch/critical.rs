//! Batches of critical springs (goal and goal velocity) and decay springs (toward 0).

use super::{batch_columns, batch_updates, set_columns, state_column};
use crate::column::Column;
use crate::error::ParamError;
use crate::error::check_dt;
use crate::lanes::{
    LaneCoeffs, critical_rate, decay_rates, decay_shared, spring_rates, spring_shared,
};
use crate::par;

use super::halflife::{Halflife, Step, critical_coeffs, halflife_setters};

/// Many critically damped springs, each toward its own goal and goal velocity.
///
/// The halflife is shared by the batch or given per spring; the step coefficients are computed
/// once per `dt` (exact exponential, no `exp` in the per-spring loop).
///
/// ```
/// use hooke::batch::CriticalSprings;
///
/// let mut springs = CriticalSprings::new(1000, 0.1)?;
/// springs.goal_mut().fill(1.0);
/// for _ in 0..120 {
///     springs.update(1.0 / 60.0)?;
/// }
/// assert!(springs.x().iter().all(|&x| (x - 1.0).abs() < 1e-3));
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct CriticalSprings {
    x: Column,
    v: Column,
    goal: Column,
    goal_velocity: Column,
    params: Halflife<LaneCoeffs>,
}

impl CriticalSprings {
    /// `len` springs at rest at 0 with a shared `halflife` (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::CriticalSprings::new(4, -1.0).is_err());
    /// ```
    pub fn new(len: usize, halflife: f32) -> Result<CriticalSprings, ParamError> {
        CriticalSprings::with_params(len, Halflife::shared(halflife)?)
    }

    /// One spring per halflife in `halflives` (each finite, `>= 0`), at rest at 0.
    ///
    /// ```
    /// use hooke::{batch::CriticalSprings, ParamError};
    /// let err = CriticalSprings::with_halflives(&[0.1, f32::NAN]).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "halflife", index: 1, .. }));
    /// ```
    pub fn with_halflives(halflives: &[f32]) -> Result<CriticalSprings, ParamError> {
        let params = Halflife::per_spring(Self::NAME, halflives, critical_rate)?;
        CriticalSprings::with_params(halflives.len(), params)
    }

    const NAME: &str = "CriticalSprings";

    fn with_params(
        len: usize,
        params: Halflife<LaneCoeffs>,
    ) -> Result<CriticalSprings, ParamError> {
        Ok(CriticalSprings {
            x: state_column(Self::NAME, len)?,
            v: state_column(Self::NAME, len)?,
            goal: state_column(Self::NAME, len)?,
            goal_velocity: state_column(Self::NAME, len)?,
            params,
        })
    }

    /// Sets every spring's state and goals from slices of the batch's length.
    ///
    /// ```
    /// let mut s = hooke::batch::CriticalSprings::new(2, 0.1)?;
    /// s.set_state(&[1.0, 2.0], &[0.0, 0.0], &[0.0, 0.0], &[0.0, 0.0])?;
    /// assert!(s.set_state(&[1.0], &[0.0], &[0.0], &[0.0]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_state(
        &mut self,
        x: &[f32],
        v: &[f32],
        goal: &[f32],
        goal_velocity: &[f32],
    ) -> Result<(), ParamError> {
        set_columns([
            (&mut self.x, "x", x),
            (&mut self.v, "v", v),
            (&mut self.goal, "goal", goal),
            (&mut self.goal_velocity, "goal_velocity", goal_velocity),
        ])
    }

    /// Like [`par_update`](Self::par_update) with a chosen minimum of lane groups (8 springs
    /// each) per task.
    ///
    /// ```
    /// let mut s = hooke::batch::CriticalSprings::new(64, 0.1)?;
    /// s.update_with_grain(0.1, 1)?; // tiny grain: split across threads anyway
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        let x = self.x.lanes_mut();
        let v = self.v.lanes_mut();
        let (g, q) = (self.goal.lanes(), self.goal_velocity.lanes());
        match self.params.step(dt, critical_coeffs) {
            Step::Shared(c) => par::run((x, v, g, q, c), grain, &|(x, v, g, q, c)| {
                spring_shared(x, v, g, q, &c)
            }),
            // Per-spring halflives: coefficients from each spring's rate and this frame's dt,
            // inside the kernel, so a dt that changes every frame costs no more than a constant one.
            Step::Rates(rates) if dt > 0.0 => {
                par::run((x, v, g, q, rates), grain, &|(x, v, g, q, y)| {
                    spring_rates(x, v, g, q, y, dt)
                })
            }
            Step::Rates(_) => {}
        }
        Ok(())
    }
}

/// Many critically damped springs decaying toward 0 (inertialization offsets, shake, recoil).
///
/// ```
/// use hooke::batch::DecaySprings;
/// let mut d = DecaySprings::new(16, 0.1)?;
/// d.x_mut().fill(1.0);
/// d.update(1.0)?;
/// assert!(d.x().iter().all(|x| x.abs() < 1e-3));
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct DecaySprings {
    x: Column,
    v: Column,
    params: Halflife<LaneCoeffs>,
}

impl DecaySprings {
    /// `len` springs at 0 with a shared `halflife` (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::DecaySprings::new(4, f32::NAN).is_err());
    /// ```
    pub fn new(len: usize, halflife: f32) -> Result<DecaySprings, ParamError> {
        let params = Halflife::shared(halflife)?;
        Ok(DecaySprings {
            x: state_column("DecaySprings", len)?,
            v: state_column("DecaySprings", len)?,
            params,
        })
    }

    /// One spring per halflife (each finite, `>= 0`).
    ///
    /// ```
    /// assert_eq!(hooke::batch::DecaySprings::with_halflives(&[0.1, 0.2])?.len(), 2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn with_halflives(halflives: &[f32]) -> Result<DecaySprings, ParamError> {
        let params = Halflife::per_spring("DecaySprings", halflives, critical_rate)?;
        let len = halflives.len();
        Ok(DecaySprings {
            x: state_column("DecaySprings", len)?,
            v: state_column("DecaySprings", len)?,
            params,
        })
    }

    /// Sets every spring's position and velocity from slices of the batch's length (errors name the slice whose length
    /// differs; on an error nothing changes).
    ///
    /// ```
    /// let mut s = hooke::batch::DecaySprings::new(2, 0.1)?;
    /// s.set_state(&[1.0, 2.0], &[0.0, 0.0])?;
    /// assert_eq!(s.x()[1], 2.0);
    /// assert!(s.set_state(&[1.0], &[0.0, 0.0]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_state(&mut self, x: &[f32], v: &[f32]) -> Result<(), ParamError> {
        set_columns([(&mut self.x, "x", x), (&mut self.v, "v", v)])
    }

    /// Like [`par_update`](Self::par_update) with a chosen minimum of lane groups per task.
    ///
    /// ```
    /// let mut d = hooke::batch::DecaySprings::new(64, 0.1)?;
    /// d.update_with_grain(0.016, 2)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        let (x, v) = (self.x.lanes_mut(), self.v.lanes_mut());
        match self.params.step(dt, critical_coeffs) {
            Step::Shared(c) => par::run((x, v, c), grain, &|(x, v, c)| decay_shared(x, v, &c)),
            Step::Rates(rates) if dt > 0.0 => {
                par::run((x, v, rates), grain, &|(x, v, y)| decay_rates(x, v, y, dt))
            }
            Step::Rates(_) => {}
        }
        Ok(())
    }
}

halflife_setters!(CriticalSprings, params, critical_rate);
halflife_setters!(DecaySprings, params, critical_rate);

batch_updates!(
    CriticalSprings,
    "hooke::batch::CriticalSprings::new(100, 0.1)?"
);
batch_updates!(DecaySprings, "hooke::batch::DecaySprings::new(100, 0.1)?");

batch_columns! {
    CriticalSprings = "hooke::batch::CriticalSprings::new(2, 0.1)?", "springs" of x;
    /// Positions.
    fn x(&self) = x;
    /// Positions, mutably.
    fn x_mut(&mut self) = x;
    /// Velocities.
    fn v(&self) = v;
    /// Velocities, mutably.
    fn v_mut(&mut self) = v;
    /// Goal positions.
    fn goal(&self) = goal;
    /// Goal positions, mutably.
    fn goal_mut(&mut self) = goal;
    /// Goal velocities.
    fn goal_velocity(&self) = goal_velocity;
    /// Goal velocities, mutably.
    fn goal_velocity_mut(&mut self) = goal_velocity;
}

batch_columns! {
    DecaySprings = "hooke::batch::DecaySprings::new(2, 0.1)?", "springs" of x;
    /// Offsets.
    fn x(&self) = x;
    /// Offsets, mutably.
    fn x_mut(&mut self) = x;
    /// Offset velocities.
    fn v(&self) = v;
    /// Offset velocities, mutably.
    fn v_mut(&mut self) = v;
}
