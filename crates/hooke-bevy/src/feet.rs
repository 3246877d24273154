//! [`FootLocking`]: the foot-contact locking option of a rig (hooke-inertia's
//! [`FootLocker`](hooke_inertia::FootLocker), docs/math.md §7), legs named by their bones'
//! [`AnimationTargetId`]s.

use bevy_animation::AnimationTargetId;
use hooke_inertia::{FootLockSettings, FootLocker, FootRig, Leg};

use crate::error::HookeBevyError;

/// Planted feet held while a character blends: the legs (hip, knee, ankle, toe; each bone the
/// `ChildOf` parent of the next) and the settings. Give it to
/// [`InertialTransitions::with_foot_locking`](crate::InertialTransitions::with_foot_locking).
///
/// The toes are held in the space of the rig's top bones (the character's own space): feet
/// stay planted when the clip moves the root bone, not when a system moves the character's
/// entity.
///
/// ```
/// use bevy_animation::AnimationTargetId;
/// use hooke_bevy::FootLocking;
/// use hooke_inertia::FootLockSettings;
/// let bone = |name: &str| AnimationTargetId::from_iter(["root", name]);
/// let left = [bone("thigh_l"), bone("calf_l"), bone("foot_l"), bone("ball_l")];
/// let locking = FootLocking::new([left], FootLockSettings::scaled(100.0)?)?;
/// assert_eq!(locking.legs().len(), 1);
/// let mut bad = FootLockSettings::centimetres();
/// bad.max_extension = 2.0;
/// assert!(FootLocking::new([left], bad).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct FootLocking {
    legs: Vec<[AnimationTargetId; 4]>,
    settings: FootLockSettings,
}

impl FootLocking {
    /// Locking of `legs` (each `[hip, knee, ankle, toe]`) with `settings` (checked).
    ///
    /// ```
    /// let ok = hooke_bevy::FootLocking::new([], hooke_inertia::FootLockSettings::centimetres());
    /// assert!(ok.is_ok());
    /// ```
    pub fn new(
        legs: impl IntoIterator<Item = [AnimationTargetId; 4]>,
        settings: FootLockSettings,
    ) -> Result<FootLocking, HookeBevyError> {
        settings.check()?;
        Ok(FootLocking {
            legs: legs.into_iter().collect(),
            settings,
        })
    }

    /// The legs, `[hip, knee, ankle, toe]` each.
    ///
    /// ```
    /// # use hooke_bevy::FootLocking;
    /// let l = FootLocking::new([], hooke_inertia::FootLockSettings::centimetres())?;
    /// assert!(l.legs().is_empty());
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn legs(&self) -> &[[AnimationTargetId; 4]] {
        &self.legs
    }

    /// The settings.
    ///
    /// ```
    /// # use hooke_bevy::FootLocking;
    /// let s = hooke_inertia::FootLockSettings::centimetres();
    /// assert_eq!(FootLocking::new([], s)?.settings(), s);
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn settings(&self) -> FootLockSettings {
        self.settings
    }

    /// The locker of a rig group: lanes `targets`, `parents` per lane. `None` when a leg's bone
    /// is not in the rig or the bones are not a chain (the group then blends without locking).
    pub(crate) fn locker(
        &self,
        characters: usize,
        targets: &[AnimationTargetId],
        parents: &[Option<usize>],
    ) -> Option<FootLocker> {
        let lane = |t: &AnimationTargetId| targets.iter().position(|x| x == t);
        let legs: Option<Vec<Leg>> = self
            .legs
            .iter()
            .map(|[hip, knee, ankle, toe]| {
                Some(Leg {
                    hip: lane(hip)?,
                    knee: lane(knee)?,
                    ankle: lane(ankle)?,
                    toe: lane(toe)?,
                })
            })
            .collect();
        let rig = FootRig::new(parents, &legs?).ok()?;
        FootLocker::new(characters, rig, self.settings).ok()
    }
}
