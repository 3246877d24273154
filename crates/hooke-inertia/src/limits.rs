//! [`DeadBlendLimits`]: caps on the velocities a dead blend extrapolates.

use crate::error::InertiaError;

/// Caps on what a dead blend extrapolates, like Unreal's dead-blending node
/// (`MaximumTranslationVelocity`, `MaximumRotationVelocity`): at a transition into a dead blend,
/// each bone's stored velocity is shortened to at most `max_speed`, its angular velocity to at most
/// `max_angular_speed` (rad/s), each curve's velocity to at most `max_curve_speed` and each
/// log-scale rate to at most `max_scale_speed`, so a source
/// moving fast at the switch does not fling limbs during a long blend. The extrapolated travel is
/// then at most `cap * halflife / ln 2`. Every cap is `>= 0`; `+inf` (the default) is no cap.
///
/// A capped velocity is a velocity step at the start of the blend: the output stays continuous in
/// position, not in velocity, for the bones whose velocity was shortened.
///
/// ```
/// use hooke_inertia::DeadBlendLimits;
/// let limits = DeadBlendLimits { max_speed: 3.0, max_angular_speed: 10.0, ..Default::default() };
/// assert!(limits.check().is_ok());
/// assert_eq!(limits.max_curve_speed, f32::INFINITY);
/// assert!(DeadBlendLimits { max_speed: -1.0, ..limits }.check().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeadBlendLimits {
    /// Largest extrapolated translation speed (units per second).
    pub max_speed: f32,
    /// Largest extrapolated angular speed (radians per second).
    pub max_angular_speed: f32,
    /// Largest extrapolated curve speed (curve units per second).
    pub max_curve_speed: f32,
    /// Largest extrapolated scale rate, per axis, in log scale per second (`(d s / dt) / s`;
    /// `ln 2` = doubling per second).
    pub max_scale_speed: f32,
}

impl Default for DeadBlendLimits {
    fn default() -> DeadBlendLimits {
        DeadBlendLimits {
            max_speed: f32::INFINITY,
            max_angular_speed: f32::INFINITY,
            max_curve_speed: f32::INFINITY,
            max_scale_speed: f32::INFINITY,
        }
    }
}

impl DeadBlendLimits {
    /// Checks every cap: `>= 0`, `+inf` allowed; an error names the cap.
    ///
    /// ```
    /// let nan = hooke_inertia::DeadBlendLimits { max_angular_speed: f32::NAN, ..Default::default() };
    /// assert!(nan.check().unwrap_err().to_string().contains("max_angular_speed"));
    /// ```
    pub fn check(&self) -> Result<(), InertiaError> {
        for (name, value) in [
            ("max_speed", self.max_speed),
            ("max_angular_speed", self.max_angular_speed),
            ("max_curve_speed", self.max_curve_speed),
            ("max_scale_speed", self.max_scale_speed),
        ] {
            if value.is_nan() || value < 0.0 {
                return Err(hooke::ParamError::Invalid {
                    name,
                    value,
                    expected: "a value >= 0 (+inf for no cap)",
                }
                .into());
            }
        }
        Ok(())
    }
}
