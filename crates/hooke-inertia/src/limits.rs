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
    /// Shortest extrapolation halflife (seconds, default 0), Unreal's `ExtrapolationHalfLifeMin`;
    /// bounds the mode's halflife too.
    pub min_halflife: f32,
    /// Longest extrapolation halflife (seconds, default `+inf`), `ExtrapolationHalfLifeMax`.
    pub max_halflife: f32,
    /// Choose each bone's, curve's and scale axis's extrapolation halflife from its motion at the
    /// switch instead of using the mode's `halflife` (default `false`): the halflife with which
    /// its (capped) velocity `v` carries it exactly as far as the destination along `v`,
    /// `ln 2 (gap . v) / |v|²`, clamped to `[min_halflife, max_halflife]`; a velocity pointing
    /// away from the destination gets `min_halflife`, so it is stopped quickly; a bone takes the
    /// shorter of its translation and rotation halflives; without velocity, the mode's halflife.
    pub adaptive_halflife: bool,
}

impl Default for DeadBlendLimits {
    fn default() -> DeadBlendLimits {
        DeadBlendLimits {
            max_speed: f32::INFINITY,
            max_angular_speed: f32::INFINITY,
            max_curve_speed: f32::INFINITY,
            max_scale_speed: f32::INFINITY,
            min_halflife: 0.0,
            max_halflife: f32::INFINITY,
            adaptive_halflife: false,
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
            ("min_halflife", self.min_halflife),
            ("max_halflife", self.max_halflife),
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
        if !(self.min_halflife.is_finite() && self.min_halflife <= self.max_halflife) {
            return Err(hooke::ParamError::Invalid {
                name: "min_halflife",
                value: self.min_halflife,
                expected: "a finite value <= max_halflife",
            }
            .into());
        }
        Ok(())
    }

    /// The extrapolation halflife of a bone, curve or scale axis: `halflife` (the mode's), or with
    /// [`adaptive_halflife`](Self::adaptive_halflife) the shortest of the reach times
    /// ([`reach_time`]) of its channels, times `ln 2`; clamped to `[min_halflife, max_halflife]`.
    pub(crate) fn extrapolation_halflife(
        &self,
        halflife: f32,
        reach_times: impl IntoIterator<Item = Option<f64>>,
    ) -> f32 {
        let chosen = match self.adaptive_halflife {
            false => None,
            true => reach_times
                .into_iter()
                .flatten()
                .filter(|t| t.is_finite())
                .map(|t| std::f64::consts::LN_2 * t)
                .reduce(f64::min),
        };
        let max = f64::from(f32::MAX);
        let h = chosen.map_or(halflife, |h| h.clamp(-max, max) as f32);
        h.clamp(self.min_halflife, self.max_halflife)
    }
}

/// The time in which velocity `v` covers the projection of `gap` on its direction,
/// `(gap . v) / |v|²` (negative when `v` points away), or `None` without velocity.
pub(crate) fn reach_time(gap: glam::DVec3, v: glam::DVec3) -> Option<f64> {
    let speed2 = v.length_squared();
    (speed2 > 0.0 && speed2.is_finite()).then(|| gap.dot(v) / speed2)
}
