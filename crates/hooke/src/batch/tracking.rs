//! Batches of exact tracking springs (one set of gains, per-spring goals and modes).

use super::state_column;
use crate::column::Column;
use crate::error::{ParamError, check_dt, check_index};
use crate::lanes::{TrackingLaneCoeffs, TrackingMode, tracking_shared};
use crate::par::{self, DEFAULT_GRAIN};
use crate::scalar::TrackingGains;

/// Many exact (dt-invariant) tracking springs sharing one set of [`TrackingGains`]: each follows
/// its own input signal's position, velocity and acceleration targets, set every frame, with a
/// per-spring [`TrackingMode`] that drops the velocity / acceleration targets around a known
/// discontinuity. The SIMD batch of [`crate::scalar::TrackingCoeffs::apply`]; the coefficients
/// of the three modes are computed once per `dt` (not per spring).
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
    gains: TrackingGains,
    cached_dt: Option<f32>,
    coeffs: [TrackingLaneCoeffs; 3],
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
        const NAME: &str = "TrackingSprings";
        Ok(TrackingSprings {
            x: state_column(NAME, len)?,
            v: state_column(NAME, len)?,
            x_goal: state_column(NAME, len)?,
            v_goal: state_column(NAME, len)?,
            a_goal: state_column(NAME, len)?,
            mode: state_column(NAME, len)?,
            gains,
            cached_dt: None,
            coeffs: [TrackingLaneCoeffs::splat(&crate::scalar::TrackingCoeffs::IDENTITY); 3],
        })
    }

    /// Number of springs.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// assert!(hooke::batch::TrackingSprings::new(0, gains)?.is_empty());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// Whether there are no springs.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// assert!(!hooke::batch::TrackingSprings::new(1, gains)?.is_empty());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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

    /// Positions.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// assert_eq!(hooke::batch::TrackingSprings::new(1, gains)?.x(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn x(&self) -> &[f32] {
        self.x.as_slice()
    }

    /// Positions, mutably.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// hooke::batch::TrackingSprings::new(1, gains)?.x_mut()[0] = 1.0;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn x_mut(&mut self) -> &mut [f32] {
        self.x.as_mut_slice()
    }

    /// Velocities.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// assert_eq!(hooke::batch::TrackingSprings::new(1, gains)?.v(), &[0.0]);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn v(&self) -> &[f32] {
        self.v.as_slice()
    }

    /// Velocities, mutably.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// hooke::batch::TrackingSprings::new(1, gains)?.v_mut()[0] = 1.0;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn v_mut(&mut self) -> &mut [f32] {
        self.v.as_mut_slice()
    }

    /// Position targets (the input signal this frame), mutably.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// hooke::batch::TrackingSprings::new(1, gains)?.x_goal_mut()[0] = 1.0;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn x_goal_mut(&mut self) -> &mut [f32] {
        self.x_goal.as_mut_slice()
    }

    /// Velocity targets, mutably.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// hooke::batch::TrackingSprings::new(1, gains)?.v_goal_mut()[0] = 1.0;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn v_goal_mut(&mut self) -> &mut [f32] {
        self.v_goal.as_mut_slice()
    }

    /// Acceleration targets, mutably.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// hooke::batch::TrackingSprings::new(1, gains)?.a_goal_mut()[0] = 1.0;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn a_goal_mut(&mut self) -> &mut [f32] {
        self.a_goal.as_mut_slice()
    }

    /// Advances every spring by `dt` (finite, `>= 0`) on the calling thread.
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let mut s = hooke::batch::TrackingSprings::new(1, gains)?;
    /// assert!(s.update(f32::NAN).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update(&mut self, dt: f32) -> Result<(), ParamError> {
        self.update_with_grain(dt, par::NO_SPLIT)
    }

    /// Advances every spring by `dt` on rayon's threads (bit-identical to
    /// [`update`](Self::update)).
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// hooke::batch::TrackingSprings::new(100, gains)?.par_update(0.1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn par_update(&mut self, dt: f32) -> Result<(), ParamError> {
        self.update_with_grain(dt, DEFAULT_GRAIN)
    }

    /// Like [`par_update`](Self::par_update) with a chosen grain (lane groups per task).
    ///
    /// ```
    /// let gains = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// hooke::batch::TrackingSprings::new(64, gains)?.update_with_grain(0.1, 1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        if self.cached_dt != Some(dt) {
            let g = self.gains;
            self.coeffs = [
                g,
                g.without_acceleration(),
                g.without_velocity_acceleration(),
            ]
            .map(|g| TrackingLaneCoeffs::splat(&g.coeffs(dt)));
            self.cached_dt = Some(dt);
        }
        let coeffs = par::Shared(self.coeffs);
        let parts = (
            self.x.lanes_mut(),
            self.v.lanes_mut(),
            self.x_goal.lanes(),
            self.v_goal.lanes(),
            self.a_goal.lanes(),
            self.mode.lanes(),
            coeffs,
        );
        par::run(parts, grain, &|(x, v, xg, vg, ag, m, c)| {
            tracking_shared(x, v, xg, vg, ag, m, &c.0)
        });
        Ok(())
    }
}
