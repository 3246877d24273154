//! Gains of the tracking spring: the checked parameters of every form.

use super::exact::{TrackingCoeffs, TrackingSpring};
use super::target::TrackingTarget;
use crate::error::ParamError;

pub(super) const UNIT_INTERVAL: &str = "a value in [0, 1]";
pub(super) const POSITIVE: &str = "a finite value > 0";

/// Validated tracking-spring gains, tuned for frames of `gain_dt` seconds.
///
/// ```
/// use hooke::scalar::TrackingGains;
///
/// let gains = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
/// // Precompute once per dt, then apply to any number of springs.
/// let coeffs = gains.coeffs(1.0 / 144.0);
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// coeffs.apply(&mut x, &mut v, 1.0, 0.0, 0.0);
/// assert!(x > 0.0);
///
/// let err = TrackingGains::new(1.5, 0.2, 1.0, 1.0 / 60.0).unwrap_err();
/// assert_eq!(err.to_string(), "parameter `x_gain` is 1.5, expected a value in [0, 1]");
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackingGains {
    x_gain: f32,
    v_gain: f32,
    a_gain: f32,
    gain_dt: f32,
}

pub(super) fn check_gain(name: &'static str, value: f32) -> Result<f32, ParamError> {
    if (0.0..=1.0).contains(&value) {
        Ok(value)
    } else {
        Err(ParamError::Invalid {
            name,
            value,
            expected: UNIT_INTERVAL,
        })
    }
}

impl TrackingGains {
    /// Checked constructor: every gain in `[0, 1]`, `gain_dt` finite and `> 0`. The error names
    /// the offending parameter and value.
    ///
    /// ```
    /// use hooke::{ParamError, scalar::TrackingGains};
    /// assert!(TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0).is_ok());
    /// let err = TrackingGains::new(0.01, 0.2, 1.0, 0.0).unwrap_err();
    /// assert!(matches!(err, ParamError::Invalid { name: "gain_dt", .. }));
    /// assert!(TrackingGains::new(0.01, f32::NAN, 1.0, 0.1).is_err());
    /// ```
    pub fn new(
        x_gain: f32,
        v_gain: f32,
        a_gain: f32,
        gain_dt: f32,
    ) -> Result<TrackingGains, ParamError> {
        let x_gain = check_gain("x_gain", x_gain)?;
        let v_gain = check_gain("v_gain", v_gain)?;
        let a_gain = check_gain("a_gain", a_gain)?;
        if !(gain_dt.is_finite() && gain_dt > 0.0) {
            return Err(ParamError::Invalid {
                name: "gain_dt",
                value: gain_dt,
                expected: POSITIVE,
            });
        }
        Ok(TrackingGains {
            x_gain,
            v_gain,
            a_gain,
            gain_dt,
        })
    }

    /// The unchecked path's reading of raw parameters: gains clamped to `[0, 1]`; `None` for a
    /// NaN gain or a `gain_dt` that is not finite and positive.
    pub(super) fn sanitize(
        x_gain: f32,
        v_gain: f32,
        a_gain: f32,
        gain_dt: f32,
    ) -> Option<TrackingGains> {
        if x_gain.is_nan() || v_gain.is_nan() || a_gain.is_nan() {
            return None;
        }
        if !(gain_dt.is_finite() && gain_dt > 0.0) {
            return None;
        }
        Some(TrackingGains {
            x_gain: x_gain.clamp(0.0, 1.0),
            v_gain: v_gain.clamp(0.0, 1.0),
            a_gain: a_gain.clamp(0.0, 1.0),
            gain_dt,
        })
    }

    /// The position gain.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.x_gain(), 0.01);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn x_gain(&self) -> f32 {
        self.x_gain
    }

    /// The velocity gain.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.v_gain(), 0.2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn v_gain(&self) -> f32 {
        self.v_gain
    }

    /// The acceleration gain.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.a_gain(), 1.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn a_gain(&self) -> f32 {
        self.a_gain
    }

    /// The frame time the gains are defined for.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.gain_dt(), 0.02);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn gain_dt(&self) -> f32 {
        self.gain_dt
    }

    /// The same gains without the acceleration term (`a_gain = 0`): the step to take when the
    /// acceleration target is unknown.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.without_acceleration().a_gain(), 0.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn without_acceleration(&self) -> TrackingGains {
        TrackingGains {
            a_gain: 0.0,
            ..*self
        }
    }

    /// The same gains without velocity and acceleration terms (`v_gain = a_gain = 0`): the step
    /// to take when neither target is known. Note that dropping the velocity term also lowers the
    /// damping, exactly as skipping the velocity blend does in the per-frame form.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// let p = g.without_velocity_acceleration();
    /// assert_eq!((p.v_gain(), p.a_gain()), (0.0, 0.0));
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn without_velocity_acceleration(&self) -> TrackingGains {
        TrackingGains {
            v_gain: 0.0,
            a_gain: 0.0,
            ..*self
        }
    }

    /// The equivalent spring-damper: stiffness, damping and the map from the targets to the goal
    /// velocity, all in `f64`.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let eq = g.equivalent_spring();
    /// assert!((eq.stiffness - 36.0).abs() < 1e-3);           // 0.01 * 60²
    /// assert!((eq.damping - 12.48).abs() < 1e-3);            // (1 - 0.8 * 0.99) * 60
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn equivalent_spring(&self) -> TrackingSpring {
        let ax = f64::from(self.x_gain);
        let av = f64::from(self.v_gain);
        let aa = f64::from(self.a_gain);
        let gdt = f64::from(self.gain_dt);
        let keep = (1.0 - av) * (1.0 - ax); // t0
        // 1 - t0 = ax + av (1 - ax), written without the cancellation of 1 - t0 for small gains.
        let one_minus_t0 = ax + av * (1.0 - ax);
        TrackingSpring {
            stiffness: ax / (gdt * gdt),
            damping: one_minus_t0 / gdt,
            v_goal_force: av * (1.0 - ax) / gdt,
            a_goal_force: aa * keep,
        }
    }

    /// Step coefficients of the exact tracking spring over `dt` (`dt` NaN, infinite or `<= 0`
    /// gives the identity).
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// assert_eq!(g.coeffs(0.0), hooke::scalar::TrackingCoeffs::IDENTITY);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn coeffs(&self, dt: f32) -> TrackingCoeffs {
        self.equivalent_spring().coeffs(dt)
    }

    /// One exact step toward a [`TrackingTarget`], dropping the terms whose targets are unknown.
    ///
    /// ```
    /// use hooke::scalar::{TrackingGains, TrackingTarget};
    /// let g = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let (mut x, mut v) = (0.0_f32, 0.0_f32);
    /// let target = TrackingTarget { x: 1.0, v: None, a: None };
    /// g.update(&mut x, &mut v, target, 1.0 / 60.0);
    /// assert!(x > 0.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update(&self, x: &mut f32, v: &mut f32, target: TrackingTarget, dt: f32) {
        if dt == 0.0 {
            return;
        }
        match (target.v, target.a) {
            (Some(v_goal), Some(a_goal)) => self.coeffs(dt).apply(x, v, target.x, v_goal, a_goal),
            (Some(v_goal), None) => self
                .without_acceleration()
                .coeffs(dt)
                .apply(x, v, target.x, v_goal, 0.0),
            (None, _) => self
                .without_velocity_acceleration()
                .coeffs(dt)
                .apply(x, v, target.x, 0.0, 0.0),
        }
    }
}
