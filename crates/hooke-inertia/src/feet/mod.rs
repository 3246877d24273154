//! Foot-contact locking (docs/math.md §7): planted feet stay planted while a blend is in flight.
//!
//! Inertialization carries the difference between two animations as offsets that decay; a
//! foot the new animation plants on the ground moves with those offsets and slides.
//! [`FootLocker`] runs after [`crate::Inertializer::update`]: per character and leg it holds
//! the toe where it was planted (across the ground; along the vertical it comes down with the
//! blend) while a contact lasts and the character blends, turns hip and knee with a two-bone
//! IK to reach it (softened near full stretch), and lets the lock in and out on hooke's exact
//! critical spring: a moving toe glides to a stop within 2 % of the leg, a released one rejoins
//! the animation, so nothing pops.
//!
//! - [`rig`]: [`Leg`] and [`FootRig`] (explicit bones, checked; `names`: found by name).
//! - `settings`: [`FootLockSettings`], [`Contacts`] (given or detected), [`ContactThresholds`].
//! - `chain`: forward kinematics of a leg's path in `f64`; `ik`: the two-bone IK.
//! - `kernel`: the lock state of eight legs per `f32x8` lane group; `update`: the wiring.

mod chain;
mod error;
mod ik;
mod kernel;
mod names;
pub(crate) mod rig;
mod settings;
mod update;

pub use error::FootRigError;
pub use rig::{FootRig, Leg};
pub use settings::{ContactThresholds, Contacts, FootLockSettings};

use glam::{DQuat, Vec3};
use hooke::column::{Column, Vec3Columns};

use crate::alloc;
use crate::error::InertiaError;

/// Foot-contact locking for many characters sharing one rig (docs/math.md §7).
///
/// Per leg of every character (lane `character * legs + leg`) it keeps the contact, whether the
/// toe is locked, and the lock point with its velocity, in SoA columns updated eight legs at a
/// time. Each frame, after [`crate::Inertializer::update`], call [`update`](Self::update)
/// with the same input (the destination animation) and output: it changes only the hip, knee
/// and ankle rotations of the legs it locks. A character with no blend on its legs (no offset or
/// dead blend on a bone from the root to a toe) and no lock being released is skipped; once
/// found so, until its next transition its blend check is one compare of the inertializer's
/// transition count (pass the same inertializer every frame).
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke_inertia::*;
///
/// // root, hip, knee, ankle, toe: a leg one unit long, the toe on the ground.
/// let parents = [None, Some(0), Some(1), Some(2), Some(3)];
/// let mut pose = Pose::rest(5);
/// pose.positions = vec![Vec3::new(0.0, 1.05, 0.0), Vec3::ZERO, Vec3::new(0.0, -0.5, 0.05),
///                       Vec3::new(0.0, -0.5, -0.05), Vec3::new(0.0, -0.05, 0.15)];
/// let rig = FootRig::new(&parents, &[Leg { hip: 1, knee: 2, ankle: 3, toe: 4 }])?;
/// let mut settings = FootLockSettings::scaled(100.0)?; // metres
/// let mut feet = FootLocker::new(1, rig, settings)?;
///
/// let mut inertializer = Inertializer::new(1, BlendProfile::uniform(5, 0.2)?, RootPolicy::Local)?;
/// let mut moved = pose.clone();
/// moved.positions[0].x += 0.05; // the destination stands 5 cm further
/// inertializer.transition(0, pose.as_ref(), moved.as_ref())?;
/// let input = PoseBatch::from_pose(1, moved.as_ref())?;
/// let mut output = PoseBatch::new(1, 5, 0)?;
/// for _ in 0..10 {
///     inertializer.update(1.0 / 60.0, &input, &mut output)?;
///     feet.update(1.0 / 60.0, &inertializer, &input, &mut output)?;
/// }
/// // The root has moved with the blend, the toe has stayed where it was planted.
/// assert!(feet.is_locked(0, 0)?);
/// assert!((feet.lock_point(0, 0)?.unwrap() - Vec3::new(0.0, 0.0, 0.15)).length() < 1e-3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct FootLocker {
    characters: usize,
    rig: FootRig,
    settings: FootLockSettings,
    /// Lock state, one lane per leg of each character.
    contact: Column,
    /// In contact while blending, at the last update (locks start when this rises).
    planted: Column,
    locked: Column,
    engaged: Column,
    point: Vec3Columns,
    velocity: Vec3Columns,
    /// Where a locked toe is held, and the target's offset from it (or, releasing, from the
    /// animated toe) with its velocity (see `kernel::LockState8`).
    anchor: Vec3Columns,
    offset: Vec3Columns,
    offset_velocity: Vec3Columns,
    /// The rate of the spring a locked toe glides to a stop on (see `kernel::LockState8`).
    glide_rate: Column,
    /// Per character: 1 + the inertializer's transition count at which its legs were last
    /// found without a blend (0: not known). Until its next transition such a character, if
    /// it holds no leg, is skipped with one compare.
    at_rest: Vec<u64>,
    /// Per leg: the turns the IK put before the hip's, knee's and ankle's animated rotations at
    /// the last update (identity where it did not turn the leg), for their angular velocities.
    turns: Vec<[DQuat; 3]>,
    /// What the gather pass measured this frame (same lanes).
    frame: FrameColumns,
}

/// The per-frame measurements of every leg (see `kernel::LegFrame8`).
#[derive(Debug, Clone)]
struct FrameColumns {
    active: Column,
    blending: Column,
    given: Column,
    speed: Column,
    height: Column,
    toe_height: Column,
    blend_offset: Column,
    toe: Vec3Columns,
    toe_velocity: Vec3Columns,
    centre: Vec3Columns,
    reach: Column,
}

impl FootLocker {
    /// `characters` characters with the legs of `rig`, nothing locked. Settings are checked
    /// ([`FootLockSettings::check`]); sizes are checked and allocated fallibly.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let rig = FootRig::new(&[None, Some(0), Some(1), Some(2)], &[Leg { hip: 0, knee: 1, ankle: 2, toe: 3 }])?;
    /// let mut settings = FootLockSettings::centimetres();
    /// assert!(FootLocker::new(100, rig.clone(), settings).is_ok());
    /// settings.max_extension = 1.5;
    /// assert!(FootLocker::new(100, rig, settings).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        characters: usize,
        rig: FootRig,
        settings: FootLockSettings,
    ) -> Result<FootLocker, InertiaError> {
        settings.check()?;
        let lanes = alloc::lanes("leg lanes", characters, rig.legs().len())?;
        let column = || alloc::column("leg lanes", lanes, 0.0, 0.0);
        let vec3 = || alloc::zero_vec3s("leg lanes", lanes);
        Ok(FootLocker {
            characters,
            settings,
            contact: column()?,
            planted: column()?,
            locked: column()?,
            engaged: column()?,
            point: vec3()?,
            velocity: vec3()?,
            anchor: vec3()?,
            offset: vec3()?,
            offset_velocity: vec3()?,
            glide_rate: column()?,
            at_rest: alloc::vec("characters", characters, 0)?,
            turns: alloc::vec("leg lanes", lanes, [DQuat::IDENTITY; 3])?,
            frame: FrameColumns {
                active: column()?,
                blending: column()?,
                given: column()?,
                speed: column()?,
                height: column()?,
                toe_height: column()?,
                blend_offset: column()?,
                toe: vec3()?,
                toe_velocity: vec3()?,
                centre: vec3()?,
                reach: column()?,
            },
            rig,
        })
    }

    /// The rig.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let rig = FootRig::new(&[None], &[])?;
    /// let feet = FootLocker::new(1, rig.clone(), FootLockSettings::centimetres())?;
    /// assert_eq!(feet.rig(), &rig);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rig(&self) -> &FootRig {
        &self.rig
    }

    /// The settings.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let feet = FootLocker::new(1, FootRig::new(&[None], &[])?, FootLockSettings::centimetres())?;
    /// assert_eq!(feet.settings(), FootLockSettings::centimetres());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn settings(&self) -> FootLockSettings {
        self.settings
    }

    /// The number of characters.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let feet = FootLocker::new(3, FootRig::new(&[None], &[])?, FootLockSettings::centimetres())?;
    /// assert_eq!(feet.character_count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn character_count(&self) -> usize {
        self.characters
    }

    /// Sets the contacts of `character`, one per leg (used with [`Contacts::Given`]; kept
    /// until set again).
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let rig = FootRig::new(&[None, Some(0), Some(1), Some(2)], &[Leg { hip: 0, knee: 1, ankle: 2, toe: 3 }])?;
    /// let mut feet = FootLocker::new(2, rig, FootLockSettings::centimetres())?;
    /// feet.set_contacts(1, &[true])?;
    /// assert!(feet.set_contacts(1, &[true, false]).is_err()); // one leg
    /// assert!(feet.set_contacts(2, &[true]).is_err()); // two characters
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_contacts(
        &mut self,
        character: usize,
        contacts: &[bool],
    ) -> Result<(), InertiaError> {
        self.check_character(character)?;
        let legs = self.rig.legs().len();
        hooke::error::check_len("contacts", legs, contacts.len())?;
        let given = self.frame.given.as_mut_slice();
        for (leg, &c) in contacts.iter().enumerate() {
            given[character * legs + leg] = if c { 1.0 } else { 0.0 };
        }
        Ok(())
    }

    /// Whether leg `leg` of `character` was in contact at the last update.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let rig = FootRig::new(&[None, Some(0), Some(1), Some(2)], &[Leg { hip: 0, knee: 1, ankle: 2, toe: 3 }])?;
    /// let feet = FootLocker::new(1, rig, FootLockSettings::centimetres())?;
    /// assert!(!feet.is_in_contact(0, 0)?);
    /// assert!(feet.is_in_contact(0, 1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_in_contact(&self, character: usize, leg: usize) -> Result<bool, InertiaError> {
        let lane = self.lane(character, leg)?;
        Ok(self.contact.as_slice()[lane] != 0.0)
    }

    /// Whether leg `leg` of `character` is held where it was planted.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let rig = FootRig::new(&[None, Some(0), Some(1), Some(2)], &[Leg { hip: 0, knee: 1, ankle: 2, toe: 3 }])?;
    /// let feet = FootLocker::new(1, rig, FootLockSettings::centimetres())?;
    /// assert!(!feet.is_locked(0, 0)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_locked(&self, character: usize, leg: usize) -> Result<bool, InertiaError> {
        let lane = self.lane(character, leg)?;
        Ok(self.locked.as_slice()[lane] != 0.0)
    }

    /// Where the IK puts the toe of leg `leg` of `character` (the lock point, or the released
    /// point on its way back to the animated toe); `None` when the leg is left as animated.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let rig = FootRig::new(&[None, Some(0), Some(1), Some(2)], &[Leg { hip: 0, knee: 1, ankle: 2, toe: 3 }])?;
    /// let feet = FootLocker::new(1, rig, FootLockSettings::centimetres())?;
    /// assert_eq!(feet.lock_point(0, 0)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lock_point(&self, character: usize, leg: usize) -> Result<Option<Vec3>, InertiaError> {
        let lane = self.lane(character, leg)?;
        Ok((self.engaged.as_slice()[lane] != 0.0).then(|| self.point.get(lane)))
    }

    /// Lets every leg of `character` go at once (no release spring): e.g. after a teleport.
    ///
    /// ```
    /// # use hooke_inertia::*;
    /// let rig = FootRig::new(&[None, Some(0), Some(1), Some(2)], &[Leg { hip: 0, knee: 1, ankle: 2, toe: 3 }])?;
    /// let mut feet = FootLocker::new(1, rig, FootLockSettings::centimetres())?;
    /// feet.reset(0)?;
    /// assert!(feet.reset(1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reset(&mut self, character: usize) -> Result<(), InertiaError> {
        self.check_character(character)?;
        let legs = self.rig.legs().len();
        for lane in character * legs..(character + 1) * legs {
            for column in [
                &mut self.contact,
                &mut self.planted,
                &mut self.locked,
                &mut self.engaged,
                &mut self.glide_rate,
            ] {
                column.as_mut_slice()[lane] = 0.0;
            }
            self.velocity.set(lane, Vec3::ZERO);
            self.anchor.set(lane, Vec3::ZERO);
            self.offset.set(lane, Vec3::ZERO);
            self.offset_velocity.set(lane, Vec3::ZERO);
            self.turns[lane] = [DQuat::IDENTITY; 3];
        }
        Ok(())
    }

    fn lane(&self, character: usize, leg: usize) -> Result<usize, InertiaError> {
        self.check_character(character)?;
        hooke::error::check_index("leg", leg, self.rig.legs().len())?;
        Ok(character * self.rig.legs().len() + leg)
    }

    fn check_character(&self, character: usize) -> Result<(), InertiaError> {
        hooke::error::check_index("character", character, self.characters)?;
        Ok(())
    }
}
