//! Settings: the per-bone blend profile, the root policy and the per-character blend mode.

use glam::Vec3;

use crate::error::InertiaError;

/// Per-bone settings of the rig, shared by all characters: a halflife per bone (a blend profile,
/// e.g. slower hips, faster hands), bones excluded from blending (they switch instantly), and a
/// halflife per scalar curve.
///
/// Halflives are those of the critical decay spring (`damping = 4 ln2 / halflife`); 0 removes the
/// offset at once. Negative or non-finite halflives are rejected.
///
/// ```
/// use hooke_inertia::BlendProfile;
/// let profile = BlendProfile::uniform(31, 0.1)?
///     .with_bone_halflife(0, 0.2)?
///     .exclude(30)?
///     .with_curves(&[0.05, 0.05])?;
/// assert_eq!(profile.halflife(0), 0.2);
/// assert!(profile.is_excluded(30));
/// assert_eq!(profile.curve_count(), 2);
/// # Ok::<(), hooke_inertia::InertiaError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct BlendProfile {
    halflife: Vec<f32>,
    excluded: Vec<bool>,
    /// The excluded bones, in bone order (what a transition clears, without a scan of the rig).
    excluded_bones: Vec<usize>,
    curve_halflife: Vec<f32>,
    scales: bool,
    /// The skeleton's parent of each bone (empty until [`BlendProfile::with_parents`]).
    parents: Vec<Option<usize>>,
    /// The bones whose rotation offsets are taken and decayed in model space, in bone order.
    world_rotation: Vec<usize>,
}

fn check_halflife(bone: usize, value: f32) -> Result<f32, InertiaError> {
    Ok(hooke::error::check_non_negative("halflife", value).map_err(|e| e.at(bone))?)
}

impl BlendProfile {
    /// The same halflife for every one of `bones` bones; no curves.
    ///
    /// ```
    /// assert!(hooke_inertia::BlendProfile::uniform(3, f32::NAN).is_err());
    /// ```
    pub fn uniform(bones: usize, halflife: f32) -> Result<BlendProfile, InertiaError> {
        BlendProfile::from_halflives(&crate::alloc::vec("bone halflives", bones, halflife)?)
    }

    /// One halflife per bone.
    ///
    /// ```
    /// let p = hooke_inertia::BlendProfile::from_halflives(&[0.1, 0.2])?;
    /// assert_eq!(p.bone_count(), 2);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn from_halflives(halflives: &[f32]) -> Result<BlendProfile, InertiaError> {
        for (bone, &h) in halflives.iter().enumerate() {
            check_halflife(bone, h)?;
        }
        // Fallible copies: the length is a caller's size.
        let mut halflife = crate::alloc::vec("bone halflives", halflives.len(), 0.0)?;
        halflife.copy_from_slice(halflives);
        Ok(BlendProfile {
            halflife,
            excluded: crate::alloc::vec("excluded bones", halflives.len(), false)?,
            excluded_bones: Vec::new(),
            curve_halflife: Vec::new(),
            scales: false,
            parents: Vec::new(),
            world_rotation: Vec::new(),
        })
    }

    /// Sets the halflife of one bone.
    ///
    /// ```
    /// assert!(hooke_inertia::BlendProfile::uniform(2, 0.1)?.with_bone_halflife(2, 0.1).is_err());
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn with_bone_halflife(
        mut self,
        bone: usize,
        halflife: f32,
    ) -> Result<BlendProfile, InertiaError> {
        self.check_bone(bone)?;
        self.halflife[bone] = check_halflife(bone, halflife)?;
        Ok(self)
    }

    /// Excludes a bone from blending: it follows its input at once (its offsets are zeroed).
    ///
    /// ```
    /// let p = hooke_inertia::BlendProfile::uniform(2, 0.1)?.exclude(1)?;
    /// assert!(p.is_excluded(1) && !p.is_excluded(0));
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn exclude(mut self, bone: usize) -> Result<BlendProfile, InertiaError> {
        self.check_bone(bone)?;
        if !self.excluded[bone] {
            self.excluded[bone] = true;
            let at = self.excluded_bones.partition_point(|&b| b < bone);
            self.excluded_bones.insert(at, bone);
        }
        Ok(self)
    }

    /// Scalar curves inertialized alongside the bones, one halflife each.
    ///
    /// ```
    /// let p = hooke_inertia::BlendProfile::uniform(1, 0.1)?;
    /// assert!(p.with_curves(&[-1.0]).is_err());
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn with_curves(mut self, halflives: &[f32]) -> Result<BlendProfile, InertiaError> {
        for (curve, &h) in halflives.iter().enumerate() {
            check_halflife(curve, h)?;
        }
        self.curve_halflife = halflives.to_vec();
        Ok(self)
    }

    /// Adds a scale channel: each bone's scale is inertialized too, with the bone's halflife, as
    /// a per-component offset of the log scale (so it stays positive and a doubling decays like a
    /// halving); poses then may carry [`crate::Pose::scales`] and the batches need
    /// [`crate::PoseBatch::with_scales`].
    ///
    /// ```
    /// let profile = hooke_inertia::BlendProfile::uniform(2, 0.1)?.with_scales();
    /// assert!(profile.has_scales());
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn with_scales(mut self) -> BlendProfile {
        self.scales = true;
        self
    }

    /// Whether the rig has a scale channel ([`BlendProfile::with_scales`]).
    ///
    /// ```
    /// assert!(!hooke_inertia::BlendProfile::uniform(2, 0.1)?.has_scales());
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn has_scales(&self) -> bool {
        self.scales
    }

    /// The skeleton: each bone's parent (`None` for a root), every parent before its child (as
    /// in a BVH file or `hooke_bvh::Clip::parents`). Needed by
    /// [`BlendProfile::with_world_rotation`].
    ///
    /// ```
    /// use hooke_inertia::{BlendProfile, InertiaError};
    /// let profile = BlendProfile::uniform(3, 0.1)?.with_parents(&[None, Some(0), Some(1)])?;
    /// assert_eq!(profile.parents(), &[None, Some(0), Some(1)]);
    /// let err = BlendProfile::uniform(2, 0.1)?.with_parents(&[Some(1), None]).unwrap_err();
    /// assert_eq!(err, InertiaError::InvalidParent { bone: 0, parent: 1 });
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn with_parents(mut self, parents: &[Option<usize>]) -> Result<BlendProfile, InertiaError> {
        crate::validate::check_len("parents", self.bone_count(), parents.len())?;
        for (bone, parent) in parents.iter().enumerate() {
            if let Some(parent) = *parent
                && parent >= bone
            {
                return Err(InertiaError::InvalidParent { bone, parent });
            }
        }
        self.parents = parents.to_vec();
        Ok(self)
    }

    /// Blends the rotation of `bone` in model space (Unreal's `WorldRotation` inertialization
    /// space), e.g. for a head or a held prop: at a transition its rotation offset is taken
    /// between the model-space rotations of the current output and of the destination, it decays
    /// there, and the bone's output rotation is `offset * input` in model space, so its model-space
    /// orientation is continuous and does not inherit the offsets of its parents. Its position
    /// stays a local offset. Needs [`BlendProfile::with_parents`] first. Dead blends are not
    /// affected (they blend local rotations).
    ///
    /// ```
    /// use hooke_inertia::{BlendProfile, InertiaError};
    /// let profile = BlendProfile::uniform(3, 0.1)?
    ///     .with_parents(&[None, Some(0), Some(1)])?
    ///     .with_world_rotation(2)?;
    /// assert!(profile.has_world_rotation(2) && !profile.has_world_rotation(1));
    /// let err = BlendProfile::uniform(3, 0.1)?.with_world_rotation(2).unwrap_err();
    /// assert_eq!(err, InertiaError::MissingParents);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn with_world_rotation(mut self, bone: usize) -> Result<BlendProfile, InertiaError> {
        self.check_bone(bone)?;
        if self.parents.is_empty() {
            return Err(InertiaError::MissingParents);
        }
        if let Err(at) = self.world_rotation.binary_search(&bone) {
            self.world_rotation.insert(at, bone);
        }
        Ok(self)
    }

    /// The parents given by [`BlendProfile::with_parents`] (empty if none).
    ///
    /// ```
    /// assert!(hooke_inertia::BlendProfile::uniform(2, 0.1)?.parents().is_empty());
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn parents(&self) -> &[Option<usize>] {
        &self.parents
    }

    /// Whether `bone` is blended in model space ([`BlendProfile::with_world_rotation`]).
    ///
    /// ```
    /// assert!(!hooke_inertia::BlendProfile::uniform(2, 0.1)?.has_world_rotation(1));
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn has_world_rotation(&self, bone: usize) -> bool {
        self.world_rotation.binary_search(&bone).is_ok()
    }

    /// The excluded bones, in bone order.
    pub(crate) fn excluded_bones(&self) -> &[usize] {
        &self.excluded_bones
    }

    /// The model-space bones that are blended (not excluded), in bone order (parents before
    /// children).
    pub(crate) fn world_rotation_bones(&self) -> impl Iterator<Item = usize> + Clone + '_ {
        self.world_rotation
            .iter()
            .copied()
            .filter(|&b| !self.excluded[b])
    }

    /// The counts a pose must match.
    pub(crate) fn shape(&self) -> crate::validate::Shape {
        crate::validate::Shape {
            bones: self.bone_count(),
            curves: self.curve_count(),
            scales: self.scales,
        }
    }

    /// The number of bones.
    ///
    /// ```
    /// assert_eq!(hooke_inertia::BlendProfile::uniform(31, 0.1)?.bone_count(), 31);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn bone_count(&self) -> usize {
        self.halflife.len()
    }

    /// The number of curves.
    ///
    /// ```
    /// assert_eq!(hooke_inertia::BlendProfile::uniform(31, 0.1)?.curve_count(), 0);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn curve_count(&self) -> usize {
        self.curve_halflife.len()
    }

    /// The halflife of `bone` (0 for excluded bones, which snap). Panics if out of range.
    ///
    /// ```
    /// let p = hooke_inertia::BlendProfile::uniform(2, 0.1)?.exclude(0)?;
    /// assert_eq!((p.halflife(0), p.halflife(1)), (0.0, 0.1));
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    #[track_caller]
    pub fn halflife(&self, bone: usize) -> f32 {
        if self.excluded[bone] {
            0.0
        } else {
            self.halflife[bone]
        }
    }

    /// Whether `bone` is excluded from blending. Panics if out of range.
    ///
    /// ```
    /// assert!(!hooke_inertia::BlendProfile::uniform(1, 0.1)?.is_excluded(0));
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    #[track_caller]
    pub fn is_excluded(&self, bone: usize) -> bool {
        self.excluded[bone]
    }

    /// The halflife of curve `curve`. Panics if out of range.
    ///
    /// ```
    /// let p = hooke_inertia::BlendProfile::uniform(1, 0.1)?.with_curves(&[0.3])?;
    /// assert_eq!(p.curve_halflife(0), 0.3);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    #[track_caller]
    pub fn curve_halflife(&self, curve: usize) -> f32 {
        self.curve_halflife[curve]
    }

    fn check_bone(&self, bone: usize) -> Result<(), InertiaError> {
        hooke::error::check_index("bone", bone, self.bone_count())?;
        Ok(())
    }
}

/// How bone 0 (the root) is treated. Other bones are in their parent's space and are always
/// inertialized as given.
///
/// Offsets are always computed between the *input* streams (what the character was showing before
/// offsets, and the new animation), never from the output, so no offset is ever counted twice.
///
/// ```
/// use hooke_inertia::RootPolicy;
/// let policy = RootPolicy::Anchored { up: glam::Vec3::Y };
/// assert_ne!(policy, RootPolicy::Local);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum RootPolicy {
    /// The root is inertialized like any other bone. Right when the root is given in a space that
    /// is continuous across animations: the character's own (heading) space with root motion
    /// extracted, or clips the caller has already aligned.
    #[default]
    Local,
    /// The root is in world space (clips recorded anywhere in the room). At each transition the
    /// destination clip is re-anchored: a rigid transform (a rotation about `up` plus a
    /// translation) is chosen so that the destination root lands on the current output root,
    /// with the same heading. The anchor is kept (the character does not slide back to where the
    /// clip was recorded); only what the anchor cannot absorb (velocity, tilt, angular velocity)
    /// is carried as a decaying offset, in the clip's space.
    Anchored {
        /// The world's up axis (unit length; `Vec3::Y` for BVH files).
        up: Vec3,
    },
    /// [`RootPolicy::Anchored`] on bone `bone` instead of bone 0: for rigs whose root joint stays
    /// at the origin and a child (the hips) carries the travel. The anchored bone's local
    /// transform is taken as its world transform (its parents at rest). Checked by
    /// [`crate::Inertializer::new`] (`bone` within the rig).
    ///
    /// ```
    /// use hooke_inertia::*;
    /// let policy = RootPolicy::AnchoredBone { up: glam::Vec3::Y, bone: 1 };
    /// assert_eq!(policy.anchored_bone(), Some(1));
    /// assert_eq!(RootPolicy::Anchored { up: glam::Vec3::Y }.anchored_bone(), Some(0));
    /// assert_eq!(RootPolicy::Local.anchored_bone(), None);
    /// let bad = Inertializer::new(1, BlendProfile::uniform(2, 0.1)?, RootPolicy::AnchoredBone { up: glam::Vec3::Y, bone: 2 });
    /// assert!(bad.is_err());
    /// # Ok::<(), InertiaError>(())
    /// ```
    AnchoredBone {
        /// The world's up axis (unit length; `Vec3::Y` for BVH files).
        up: Vec3,
        /// The bone that is re-anchored (the one carrying the travel).
        bone: usize,
    },
}

impl RootPolicy {
    /// The bone re-anchored at each transition: 0 for [`RootPolicy::Anchored`], `bone` for
    /// [`RootPolicy::AnchoredBone`], none for [`RootPolicy::Local`].
    ///
    /// ```
    /// assert_eq!(hooke_inertia::RootPolicy::Local.anchored_bone(), None);
    /// ```
    pub fn anchored_bone(&self) -> Option<usize> {
        match *self {
            RootPolicy::Local => None,
            RootPolicy::Anchored { .. } => Some(0),
            RootPolicy::AnchoredBone { bone, .. } => Some(bone),
        }
    }
}

/// How a character's transitions blend: set per character with
/// [`crate::Inertializer::set_mode`]; it applies from the next transition on.
///
/// ```
/// use hooke_inertia::BlendMode;
/// let mode = BlendMode::DeadBlend { blend_time: 0.25, halflife: 0.1 };
/// assert!(mode.check().is_ok());
/// assert!(BlendMode::DeadBlend { blend_time: -1.0, halflife: 0.1 }.check().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum BlendMode {
    /// Offsets from the source to the destination decay with the profile's critical springs.
    #[default]
    Inertialize,
    /// Dead blending: the source pose is extrapolated with velocities decaying with `halflife`
    /// (seconds) and cross-faded to the live input with a smoothstep over `blend_time` seconds.
    DeadBlend {
        /// Duration of the cross-fade (s, `>= 0`; 0 switches at once).
        blend_time: f32,
        /// Halflife of the extrapolated velocities (s, `>= 0`).
        halflife: f32,
    },
}

impl BlendMode {
    /// Checks the times of a dead-blend mode (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke_inertia::BlendMode::Inertialize.check().is_ok());
    /// ```
    pub fn check(&self) -> Result<(), InertiaError> {
        if let BlendMode::DeadBlend {
            blend_time,
            halflife,
        } = *self
        {
            crate::profile::check_time("blend_time", blend_time)?;
            crate::profile::check_time("halflife", halflife)?;
        }
        Ok(())
    }
}

pub(crate) fn check_time(name: &'static str, value: f32) -> Result<f32, InertiaError> {
    Ok(hooke::error::check_non_negative(name, value)?)
}
