//! [`HookeBevyError`]: the typed errors of the settings that enter the plugin from user code.

use bevy_animation::AnimationTargetId;

/// What was wrong with a setting given to hooke-bevy (a halflife, a transition time, ...).
///
/// Every constructor and setter that takes a number from the caller checks it and returns this
/// error naming the field; nothing is stored on error.
///
/// ```
/// use hooke_bevy::{HookeBevyError, RigProfile};
/// let err = RigProfile::new(f32::NAN).unwrap_err();
/// assert!(matches!(err, HookeBevyError::InvalidTime { name: "halflife", .. }));
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HookeBevyError {
    /// A halflife, blend time or smooth time is negative, NaN or infinite.
    #[error("`{name}` is {value}, expected a finite value >= 0")]
    InvalidTime {
        /// The parameter's name.
        name: &'static str,
        /// The rejected value.
        value: f32,
    },
    /// A per-bone halflife for one animation target is negative, NaN or infinite.
    #[error("halflife of bone {target:?} is {value}, expected a finite value >= 0")]
    InvalidBoneHalflife {
        /// The bone's animation target.
        target: AnimationTargetId,
        /// The rejected value.
        value: f32,
    },
    /// A foot-locking setting out of its domain ([`crate::FootLocking::new`]).
    #[error(transparent)]
    FootLocking(#[from] hooke_inertia::FootRigError),
    /// A spring goal is not finite (or a goal rotation is not a unit quaternion).
    #[error("`{name}` is not finite (or not a unit rotation): {value:?}")]
    InvalidGoal {
        /// The goal's name.
        name: &'static str,
        /// The rejected value, as up to four components.
        value: [f32; 4],
    },
}

/// Checks a time-like parameter: finite and `>= 0`.
pub(crate) fn check_time(name: &'static str, value: f32) -> Result<f32, HookeBevyError> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(HookeBevyError::InvalidTime { name, value })
    }
}
