//! Batches of exact tracking springs (gains shared or per spring, per-spring goals and modes).

use super::macros::batch_methods;
use super::step_cache::StepCache;
use super::{param_column, state_column};
use crate::column::Column;
use crate::error::{ParamError, check_index, check_len};
use crate::lanes::{
    TrackingGoalLanes, TrackingLaneCoeffs, TrackingMode, TrackingParamLanes, TrackingRateParams,
    tracking_rates, tracking_shared,
};
use crate::par;
use crate::scalar::TrackingGains;

/// Many exact (dt-invariant) tracking springs sharing one set of [`TrackingGains`] or with one
/// set each: each follows its own input signal's position, velocity and acceleration targets, set
/// every frame, with a per-spring [`TrackingMode`] that drops the velocity / acceleration targets
/// around a known discontinuity. The SIMD batch of [`crate::scalar::TrackingCoeffs::apply`].
/// With shared gains the coefficients of the three modes are computed once per `dt` (not per
/// spring); with gains per spring ([`with_gains`](Self::with_gains)) each spring's equivalent
/// spring is computed once when the gains are set, and its coefficients per lane group and frame
/// inside the kernel ([`tracking_rates`]), so a `dt` that changes every frame costs the same as a
/// constant one.
///
/// ```
/// use hooke::batch::TrackingSprings;
/// use hooke::lanes::TrackingMode;
/// use hooke::scalar::TrackingGains;
///
/// let gains = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
/// let mut s = TrackingSprings::new(1000, gains)?;
/// s.x_goal_mut().fill(1.0);
/// s.set_mode(3, TrackingMode::PositionOnly)?; // spring 3 is at a cut this frame
/// s.update(1.0 / 60.0)?;
/// assert!(s.x()[0] > 0.0);
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct TrackingSprings {
    x: Column,
    v: Column,
    x_goal: Column,
    v_goal: Column,
    a_goal: Column,
    /// [`TrackingMode::as_lane_value`] per spring (the kernel selects coefficients per lane).
    mode: Column,
    gains: Gains,
}

/// The gains of a batch.
// One per batch, and the shared variant's 792 bytes were the batch's before there was a second:
// boxing them would add an (infallible) allocation to `new` for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
enum Gains {
    /// One set for every spring, with the coefficients of its three modes cached per `dt`.
    Shared {
        gains: TrackingGains,
        coeffs: StepCache<[TrackingLaneCoeffs; 3]>,
    },
    /// One set per spring, as the columns of [`TrackingRateParams`].
    PerSpring(ParamColumns),
}

/// [`TrackingRateParams`] per spring, one column per field (padding lanes inert:
/// [`TrackingRateParams::INERT`]).
#[derive(Debug, Clone)]
struct ParamColumns {
    stiffness: Column,
    damping: Column,
    position_only_damping: Column,
    v_goal_force: Column,
    a_goal_force: Column,
}

impl ParamColumns {
    /// The parameters of `gains` (one per spring), allocated fallibly.
    fn new(gains: &[TrackingGains]) -> Result<ParamColumns, ParamError> {
        let inert = TrackingRateParams::INERT;
        let column = |pad| param_column(TrackingSprings::NAME, gains.len(), pad);
        let mut columns = ParamColumns {
            stiffness: column(inert.stiffness)?,
            damping: column(inert.damping)?,
            position_only_damping: column(inert.position_only_damping)?,
            v_goal_force: column(inert.v_goal_force)?,
            a_goal_force: column(inert.a_goal_force)?,
        };
        for (i, g) in gains.iter().enumerate() {
            let p = TrackingRateParams::new(g);
            columns.stiffness.as_mut_slice()[i] = p.stiffness;
            columns.damping.as_mut_slice()[i] = p.damping;
            columns.position_only_damping.as_mut_slice()[i] = p.position_only_damping;
            columns.v_goal_force.as_mut_slice()[i] = p.v_goal_force;
            columns.a_goal_force.as_mut_slice()[i] = p.a_goal_force;
        }
        Ok(columns)
    }

    /// The columns as lane slices.
    fn lanes(&self) -> TrackingParamLanes<'_> {
        TrackingParamLanes {
            stiffness: self.stiffness.lanes(),
            damping: self.damping.lanes(),
            position_only_damping: self.position_only_damping.lanes(),
            v_goal_force: self.v_goal_force.lanes(),
            a_goal_force: self.a_goal_force.lanes(),
        }
    }
}

impl TrackingSprings {
    /// `len` springs at rest at 0, all goals 0, mode [`TrackingMode::Full`], sharing `gains`
    /// (checked by [`TrackingGains::new`]).
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// assert_eq!(hooke::batch::TrackingSprings::new(5, gains)?.len(), 5);
    /// assert!(hooke::batch::TrackingSprings::new(usize::MAX, gains).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn new(len: usize, gains: TrackingGains) -> Result<TrackingSprings, ParamError> {
        let gains = Gains::Shared {
            gains,
            coeffs: StepCache::new(),
        };
        Self::with_state(len, gains)
    }

    /// One spring per element of `gains` (each checked by [`TrackingGains::new`]), at rest at 0,
    /// all goals 0, mode [`TrackingMode::Full`]. Each spring's equivalent spring is computed here,
    /// once; [`update`](Self::update) then computes its coefficients for each frame's `dt`.
    ///
    /// ```
    /// use hooke::{batch::TrackingSprings, scalar::TrackingGains};
    /// let gains = [
    ///     TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?,
    ///     TrackingGains::new(0.05, 0.5, 0.0, 1.0 / 60.0)?, // stiffer, no acceleration target
    /// ];
    /// let mut s = TrackingSprings::with_gains(&gains)?;
    /// s.x_goal_mut().fill(1.0);
    /// s.update(1.0 / 60.0)?;
    /// assert!(s.x()[1] > s.x()[0] && s.x()[0] > 0.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn with_gains(gains: &[TrackingGains]) -> Result<TrackingSprings, ParamError> {
        Self::with_state(gains.len(), Gains::PerSpring(ParamColumns::new(gains)?))
    }

    /// Gives every spring its own gains from now on (one per spring: `gains.len()` must be
    /// [`len`](Self::len)); states, goals and modes are kept. On error nothing changes.
    ///
    /// ```
    /// use hooke::{batch::TrackingSprings, scalar::TrackingGains, ParamError};
    /// let g = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let mut s = TrackingSprings::new(2, g)?;
    /// s.set_gains(&[g, TrackingGains::new(0.1, 0.5, 1.0, 1.0 / 60.0)?])?;
    /// let err = s.set_gains(&[g]).unwrap_err();
    /// assert!(matches!(err, ParamError::LengthMismatch { name: "gains", expected: 2, found: 1 }));
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_gains(&mut self, gains: &[TrackingGains]) -> Result<(), ParamError> {
        check_len("gains", self.len(), gains.len())?;
        self.gains = Gains::PerSpring(ParamColumns::new(gains)?);
        Ok(())
    }

    const NAME: &str = "TrackingSprings";

    /// `len` springs at rest at 0, all goals 0, mode [`TrackingMode::Full`], with `gains`.
    fn with_state(len: usize, gains: Gains) -> Result<TrackingSprings, ParamError> {
        Ok(TrackingSprings {
            x: state_column(Self::NAME, len)?,
            v: state_column(Self::NAME, len)?,
            x_goal: state_column(Self::NAME, len)?,
            v_goal: state_column(Self::NAME, len)?,
            a_goal: state_column(Self::NAME, len)?,
            mode: state_column(Self::NAME, len)?,
            gains,
        })
    }

    /// Sets the mode of spring `index` for the next updates.
    ///
    /// ```
    /// use hooke::lanes::TrackingMode;
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let mut s = hooke::batch::TrackingSprings::new(2, gains)?;
    /// s.set_mode(1, TrackingMode::NoAcceleration)?;
    /// assert_eq!(s.mode(1), TrackingMode::NoAcceleration);
    /// assert!(s.set_mode(2, TrackingMode::Full).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_mode(&mut self, index: usize, mode: TrackingMode) -> Result<(), ParamError> {
        check_index("spring", index, self.len())?;
        self.mode.as_mut_slice()[index] = mode.as_lane_value();
        Ok(())
    }

    /// The mode of spring `index` (panics if out of range, like slice indexing).
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let s = hooke::batch::TrackingSprings::new(1, gains)?;
    /// assert_eq!(s.mode(0), hooke::lanes::TrackingMode::Full);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    #[track_caller]
    pub fn mode(&self, index: usize) -> TrackingMode {
        match self.mode.as_slice()[index] {
            1.0 => TrackingMode::NoAcceleration,
            2.0 => TrackingMode::PositionOnly,
            _ => TrackingMode::Full,
        }
    }

    /// One update over a checked `dt`, split by `grain`.
    fn advance(&mut self, dt: f32, grain: usize) {
        let (x, v) = (self.x.lanes_mut(), self.v.lanes_mut());
        let goals = TrackingGoalLanes {
            x_goal: self.x_goal.lanes(),
            v_goal: self.v_goal.lanes(),
            a_goal: self.a_goal.lanes(),
            mode: self.mode.lanes(),
        };
        match &mut self.gains {
            Gains::Shared { gains, coeffs } => {
                let g = *gains;
                // The coefficients of the three modes, once per dt.
                let coeffs = *coeffs.get(dt, |_, dt| {
                    [
                        g,
                        g.without_acceleration(),
                        g.without_velocity_acceleration(),
                    ]
                    .map(|g| TrackingLaneCoeffs::splat(&g.coeffs(dt)))
                });
                let parts = (x, v, goals, par::Shared(coeffs));
                par::run(parts, grain, &|(x, v, goals, c)| {
                    tracking_shared(x, v, goals, &c.0)
                });
            }
            Gains::PerSpring(columns) => {
                let parts = (x, v, goals, columns.lanes());
                par::run(parts, grain, &|(x, v, goals, params)| {
                    tracking_rates(x, v, goals, params, dt)
                });
            }
        }
    }
}

batch_methods! {
    TrackingSprings: "springs" of x, made by "new(n, hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?)?";
    /// Sets every spring's position and velocity and this frame's targets.
    fn set_state(x, v, x_goal, v_goal, a_goal);
    positions and velocities;
    /// Position targets (the input signal this frame), mutably.
    fn x_goal_mut(&mut self) = x_goal;
    /// Velocity targets, mutably.
    fn v_goal_mut(&mut self) = v_goal;
    /// Acceleration targets, mutably.
    fn a_goal_mut(&mut self) = a_goal;
}
