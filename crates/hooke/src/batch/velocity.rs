//! Batches of velocity springs: glide toward a goal at a maximum velocity.

use wide::f32x8;

use super::compound::TimedParams;
use super::{batch_updates, set_columns, state_column};
use crate::column::Column;
use crate::error::{ParamError, check_dt, check_len};
use crate::lanes::{TimedStep, timed_rates, timed_shared};
use crate::par::{self, Shared};

/// Many velocity springs sharing an apprehension, with a shared halflife or one per spring
/// ([`with_halflives`](Self::with_halflives)), each with its own maximum velocity: the spring follows its goal through a point that glides toward it at no more than
/// `max_velocity`, so a jump of the goal becomes a constant-speed glide. The SIMD batch of
/// [`crate::scalar::velocity_spring_damper_exact`], run on the timed spring's kernel: a point
/// gliding at `max_velocity` arrives after `|goal - xi| / max_velocity`.
///
/// ```
/// use hooke::batch::VelocitySprings;
/// let mut s = VelocitySprings::new(10, 0.05, 2.0)?;
/// s.goal_mut().fill(10.0);
/// s.max_velocity_mut().fill(4.0);
/// for _ in 0..60 {
///     s.update(1.0 / 60.0)?;
/// }
/// assert!((s.v()[0] - 4.0).abs() < 1e-3); // cruising at the maximum velocity
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct VelocitySprings {
    x: Column,
    v: Column,
    xi: Column,
    goal: Column,
    max_velocity: Column,
    /// Per-frame scratch: each point's time to arrival.
    arrival: Column,
    params: TimedParams,
}

impl VelocitySprings {
    /// `len` springs at rest at 0, goal 0, maximum velocity 0 (set it with
    /// [`max_velocity_mut`](Self::max_velocity_mut)), sharing `halflife` and `apprehension`
    /// (both finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::VelocitySprings::new(1, -0.1, 2.0).is_err());
    /// ```
    pub fn new(
        len: usize,
        halflife: f32,
        apprehension: f32,
    ) -> Result<VelocitySprings, ParamError> {
        VelocitySprings::with_params(len, TimedParams::shared(halflife, apprehension)?)
    }

    /// One velocity spring per halflife in `halflives` (each finite, `>= 0`), sharing
    /// `apprehension` (finite, `>= 0`), at rest at 0, goal 0, maximum velocity 0. Errors name the
    /// field and the index of the first bad halflife.
    ///
    /// ```
    /// use hooke::{batch::VelocitySprings, ParamError};
    /// let mut s = VelocitySprings::with_halflives(&[0.05, 0.0], 2.0)?;
    /// s.goal_mut().fill(10.0);
    /// s.max_velocity_mut().fill(4.0);
    /// s.update(0.5)?;
    /// assert_eq!(s.xi(), &[2.0, 2.0]); // both points glide at 4/s
    /// let err = VelocitySprings::with_halflives(&[0.1, f32::INFINITY], 2.0).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "halflife", index: 1, .. }));
    /// # Ok::<(), ParamError>(())
    /// ```
    pub fn with_halflives(
        halflives: &[f32],
        apprehension: f32,
    ) -> Result<VelocitySprings, ParamError> {
        let params = TimedParams::per_spring(Self::NAME, halflives, apprehension)?;
        VelocitySprings::with_params(halflives.len(), params)
    }

    const NAME: &str = "VelocitySprings";

    fn with_params(len: usize, params: TimedParams) -> Result<VelocitySprings, ParamError> {
        Ok(VelocitySprings {
            x: state_column(Self::NAME, len)?,
            v: state_column(Self::NAME, len)?,
            xi: state_column(Self::NAME, len)?,
            goal: state_column(Self::NAME, len)?,
            max_velocity: state_column(Self::NAME, len)?,
            arrival: state_column(Self::NAME, len)?,
            params,
        })
    }

    /// Gives each spring its own halflife (`halflives.len()` must equal the batch length, each
    /// finite and `>= 0`), keeping the apprehension. On an error nothing changes.
    ///
    /// ```
    /// let mut s = hooke::batch::VelocitySprings::new(2, 0.1, 2.0)?;
    /// s.set_halflives(&[0.1, 0.0])?;
    /// assert!(s.set_halflives(&[0.1, 0.2, 0.3]).is_err());
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
    /// assert_eq!(hooke::batch::VelocitySprings::new(2, 0.1, 2.0)?.len(), 2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// Whether there are no springs.
    ///
    /// ```
    /// assert!(hooke::batch::VelocitySprings::new(0, 0.1, 2.0)?.is_empty());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Positions.
    ///
    /// ```
    /// assert_eq!(hooke::batch::VelocitySprings::new(1, 0.1, 2.0)?.x(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn x(&self) -> &[f32] {
        self.x.as_slice()
    }

    /// Velocities.
    ///
    /// ```
    /// assert_eq!(hooke::batch::VelocitySprings::new(1, 0.1, 2.0)?.v(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn v(&self) -> &[f32] {
        self.v.as_slice()
    }

    /// The gliding points.
    ///
    /// ```
    /// assert_eq!(hooke::batch::VelocitySprings::new(1, 0.1, 2.0)?.xi(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn xi(&self) -> &[f32] {
        self.xi.as_slice()
    }

    /// Sets every spring's position, velocity and gliding point; lengths must match. On an
    /// error nothing changes.
    ///
    /// ```
    /// let mut s = hooke::batch::VelocitySprings::new(1, 0.1, 2.0)?;
    /// s.set_state(&[1.0], &[0.0], &[1.0])?;
    /// assert!(s.set_state(&[1.0], &[], &[1.0]).is_err());
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
    /// hooke::batch::VelocitySprings::new(1, 0.1, 2.0)?.goal_mut()[0] = 1.0;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn goal_mut(&mut self) -> &mut [f32] {
        self.goal.as_mut_slice()
    }

    /// Maximum velocities, mutably (`<= 0` holds a point still, `+inf` jumps it to the goal;
    /// NaN behaves as 0).
    ///
    /// ```
    /// hooke::batch::VelocitySprings::new(1, 0.1, 2.0)?.max_velocity_mut()[0] = 3.0;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn max_velocity_mut(&mut self) -> &mut [f32] {
        self.max_velocity.as_mut_slice()
    }

    /// Like [`par_update`](Self::par_update) with a chosen grain (lane groups per task).
    ///
    /// ```
    /// hooke::batch::VelocitySprings::new(64, 0.1, 2.0)?.update_with_grain(0.1, 1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        if dt == 0.0 {
            return Ok(());
        }
        let (x, v, xi) = (self.x.lanes_mut(), self.v.lanes_mut(), self.xi.lanes_mut());
        let (g, speed, arrival) = (
            self.goal.lanes(),
            self.max_velocity.lanes(),
            self.arrival.lanes_mut(),
        );
        match &self.params {
            TimedParams::Shared {
                halflife,
                apprehension,
            } => {
                let Some(step) = TimedStep::new(*halflife, *apprehension, dt) else {
                    return Ok(());
                };
                let parts = (x, v, xi, g, speed, arrival, Shared(step));
                par::run(parts, grain, &|(x, v, xi, g, speed, arrival, s)| {
                    arrival_times(xi, g, speed, arrival);
                    timed_shared(x, v, xi, g, arrival, &s.0);
                });
            }
            TimedParams::PerSpring {
                rate, lookahead, ..
            } => {
                let parts = (x, v, xi, g, speed, arrival, rate.lanes(), lookahead.lanes());
                par::run(parts, grain, &|(x, v, xi, g, speed, arrival, y, ahead)| {
                    arrival_times(xi, g, speed, arrival);
                    timed_rates(x, v, xi, g, arrival, y, ahead, dt);
                });
            }
        }
        Ok(())
    }
}

/// Each point's time to reach its goal gliding at its maximum velocity: `|goal - xi| / speed`,
/// 0 when it is there (or the speed is infinite), `+inf` when it cannot move.
fn arrival_times(xi: &[f32x8], goal: &[f32x8], speed: &[f32x8], arrival: &mut [f32x8]) {
    let zero = f32x8::ZERO;
    for (((t, xi), g), s) in arrival.iter_mut().zip(xi).zip(goal).zip(speed) {
        let distance = (*g - *xi).abs();
        // NaN and negative speeds hold the point still, as in the scalar twin.
        let moving = s.simd_gt(zero);
        let glide = distance / moving.select(*s, f32x8::ONE);
        let stuck = distance
            .simd_eq(zero)
            .select(zero, f32x8::splat(f32::INFINITY));
        *t = moving.select(glide, stuck);
    }
}

batch_updates!(
    VelocitySprings,
    "hooke::batch::VelocitySprings::new(100, 0.1, 2.0)?"
);
