//! [`RigProfile`]: per-skeleton blend settings, keyed by Bevy's [`AnimationTargetId`]s.

use bevy_animation::AnimationTargetId;
use hooke_inertia::{BlendProfile, InertiaError};

use crate::error::{HookeBevyError, check_time};

/// How the bones of one skeleton blend at an inertialized transition: a default halflife,
/// per-bone halflives and bones excluded from blending (they cut to the new clip).
///
/// Bones are named by their [`AnimationTargetId`], so one profile fits every character spawned
/// from the same asset. Characters with the same set of bones and equal profiles share one
/// [`hooke_inertia::Inertializer`] (one SIMD pass per frame for all of them).
///
/// ```
/// use bevy_animation::AnimationTargetId;
/// use hooke_bevy::RigProfile;
///
/// let head = AnimationTargetId::from_iter(["root", "spine", "head"]);
/// let hips = AnimationTargetId::from_iter(["root"]);
/// let profile = RigProfile::new(0.1)?
///     .with_bone_halflife(head, 0.05)?
///     .exclude(hips);
/// assert_eq!(profile.halflife_of(head), 0.05);
/// assert!(profile.is_excluded(hips));
/// # Ok::<(), hooke_bevy::HookeBevyError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct RigProfile {
    halflife: f32,
    bone_halflives: Vec<(AnimationTargetId, f32)>,
    excluded: Vec<AnimationTargetId>,
    /// Foot locking ([`crate::InertialTransitions::with_foot_locking`]).
    pub(crate) feet: Option<crate::FootLocking>,
}

impl Default for RigProfile {
    /// A halflife of 0.1 s for every bone, nothing excluded.
    fn default() -> Self {
        RigProfile {
            halflife: 0.1,
            bone_halflives: Vec::new(),
            excluded: Vec::new(),
            feet: None,
        }
    }
}

impl RigProfile {
    /// Every bone blends with `halflife` seconds (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke_bevy::RigProfile::new(-1.0).is_err());
    /// assert_eq!(hooke_bevy::RigProfile::new(0.2)?.halflife(), 0.2);
    /// # Ok::<(), hooke_bevy::HookeBevyError>(())
    /// ```
    pub fn new(halflife: f32) -> Result<RigProfile, HookeBevyError> {
        Ok(RigProfile {
            halflife: check_time("halflife", halflife)?,
            ..RigProfile::default()
        })
    }

    /// The default halflife of the bones.
    ///
    /// ```
    /// assert_eq!(hooke_bevy::RigProfile::default().halflife(), 0.1);
    /// ```
    pub fn halflife(&self) -> f32 {
        self.halflife
    }

    /// Gives bone `target` its own halflife (finite, `>= 0`).
    ///
    /// ```
    /// let t = bevy_animation::AnimationTargetId::from_iter(["arm"]);
    /// let err = hooke_bevy::RigProfile::default().with_bone_halflife(t, f32::INFINITY);
    /// assert!(err.is_err());
    /// ```
    pub fn with_bone_halflife(
        mut self,
        target: AnimationTargetId,
        halflife: f32,
    ) -> Result<RigProfile, HookeBevyError> {
        if !(halflife.is_finite() && halflife >= 0.0) {
            return Err(HookeBevyError::InvalidBoneHalflife {
                target,
                value: halflife,
            });
        }
        self.bone_halflives.retain(|(t, _)| *t != target);
        self.bone_halflives.push((target, halflife));
        Ok(self)
    }

    /// Excludes bone `target` from blending: it shows the new clip at once.
    ///
    /// ```
    /// let t = bevy_animation::AnimationTargetId::from_iter(["root"]);
    /// assert!(hooke_bevy::RigProfile::default().exclude(t).is_excluded(t));
    /// ```
    pub fn exclude(mut self, target: AnimationTargetId) -> RigProfile {
        if !self.excluded.contains(&target) {
            self.excluded.push(target);
        }
        self
    }

    /// The halflife bone `target` blends with.
    ///
    /// ```
    /// let t = bevy_animation::AnimationTargetId::from_iter(["leg"]);
    /// assert_eq!(hooke_bevy::RigProfile::default().halflife_of(t), 0.1);
    /// ```
    pub fn halflife_of(&self, target: AnimationTargetId) -> f32 {
        self.bone_halflives
            .iter()
            .find(|(t, _)| *t == target)
            .map_or(self.halflife, |&(_, h)| h)
    }

    /// Whether bone `target` is excluded from blending.
    ///
    /// ```
    /// let t = bevy_animation::AnimationTargetId::from_iter(["leg"]);
    /// assert!(!hooke_bevy::RigProfile::default().is_excluded(t));
    /// ```
    pub fn is_excluded(&self, target: AnimationTargetId) -> bool {
        self.excluded.contains(&target)
    }

    /// hooke-inertia's profile for a rig whose lanes are `targets`, in that order.
    pub(crate) fn blend_profile(
        &self,
        targets: &[AnimationTargetId],
    ) -> Result<BlendProfile, InertiaError> {
        let halflives: Vec<f32> = targets.iter().map(|&t| self.halflife_of(t)).collect();
        let mut profile = BlendProfile::from_halflives(&halflives)?;
        for (bone, &target) in targets.iter().enumerate() {
            if self.is_excluded(target) {
                profile = profile.exclude(bone)?;
            }
        }
        Ok(profile)
    }
}
