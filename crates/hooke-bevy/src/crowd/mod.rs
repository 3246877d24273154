//! [`InertiaCrowd`]: every character with [`InertialTransitions`](crate::InertialTransitions),
//! grouped by rig, each group in one hooke-inertia [`Inertializer`]; and the systems that feed
//! it from Bevy's bones.
//!
//! Per frame (all in `PostUpdate`):
//! 1. [`sync_rigs`] maps bones to lanes when players or bones were added or removed, and marks
//!    each bone with its lane ([`BoneLane`]);
//! 2. Bevy's `animate_targets` writes the clips' pose;
//! 3. [`inertialize`] gathers the pose (a bone that still shows last frame's output was not
//!    animated this frame and takes last frame's input, so that offsets never accumulate on
//!    bones that the playing clips do not animate), runs each group's transitions and SIMD pass
//!    ([`RigGroup::step`], `step.rs`) and writes the output.
//!
//! Gather and scatter each iterate the bones once, in archetype order, through their
//! [`BoneLane`] component (no per-bone entity look-up); scatter runs on Bevy's
//! `ComputeTaskPool` (`Query::par_iter_mut`, on every thread with `bevy_ecs`'s
//! `multi_threaded` feature, which this workspace enables).

mod frame;
mod step;
mod sync;

use bevy_animation::AnimationTargetId;
use bevy_ecs::component::Component;
use bevy_ecs::entity::Entity;
use bevy_ecs::resource::Resource;
use glam::{Quat, Vec3};
use hooke_inertia::{BoneTransform, Inertializer, PoseBatch, RootPolicy};

use crate::profile::RigProfile;
use crate::transitions::TransitionMode;

pub(crate) use frame::inertialize;
pub(crate) use sync::sync_rigs;

/// The pose history kept per lane: this frame's gathered pose, the previous frame's and the one
/// before (velocities are differenced from them only where a transition needs them).
const HISTORY: usize = 3;

/// All inertialized characters of the world, grouped by rig (same bones, same
/// [`RigProfile`]): one [`Inertializer`] and one SIMD pass per group and frame.
///
/// ```
/// let crowd = hooke_bevy::InertiaCrowd::default();
/// assert_eq!((crowd.group_count(), crowd.character_count()), (0, 0));
/// ```
#[derive(Resource, Default)]
pub struct InertiaCrowd {
    groups: Vec<RigGroup>,
    /// The history slot of the latest gathered frame; the slots rotate every frame.
    slot: usize,
    /// The `dt` of the frame of each history slot.
    dts: [f32; HISTORY],
}

impl InertiaCrowd {
    /// The number of rig groups (one [`Inertializer`] each).
    ///
    /// ```
    /// assert_eq!(hooke_bevy::InertiaCrowd::default().group_count(), 0);
    /// ```
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// The number of characters in all groups.
    ///
    /// ```
    /// assert_eq!(hooke_bevy::InertiaCrowd::default().character_count(), 0);
    /// ```
    pub fn character_count(&self) -> usize {
        self.groups.iter().map(|g| g.characters.len()).sum()
    }

    /// The number of bones (lanes) in all groups.
    ///
    /// ```
    /// assert_eq!(hooke_bevy::InertiaCrowd::default().bone_count(), 0);
    /// ```
    pub fn bone_count(&self) -> usize {
        self.groups.iter().map(|g| g.bones.len()).sum()
    }
}

/// Where a bone lives in the crowd, put on the bone entity by [`sync_rigs`] so that the
/// per-frame passes iterate the bones in archetype order instead of looking each one up. Checked
/// against [`RigGroup::bones`] before use (a bone that left its rig keeps a stale one).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BoneLane {
    group: u32,
    character: u32,
    lane: u32,
}

/// One character of a group.
#[derive(Debug, Clone)]
struct Character {
    player: Entity,
    /// Whether the history holds a pose of this character (false until its first gathered
    /// frame).
    has_input: bool,
    /// Consecutive gathered frames of the clip now playing (0, 1, or 2 for "two or more"):
    /// a velocity needs two.
    samples: u8,
    /// The switch of the previous frame took the new clip's velocity as zero; the next frame
    /// with `dt > 0` measures it and re-bases the offsets on it (see [`RigGroup::step`]).
    correct: bool,
    /// A transition requested by [`InertialTransitions::play`](crate::InertialTransitions::play)
    /// this frame.
    pending: Option<TransitionMode>,
    /// Whether this frame's output may be written to the bones.
    write: bool,
}

/// One gathered frame of every lane of a group: lane `character * bones + bone`.
type LanePoses = Vec<BoneTransform>;

/// One character's pose being built, reused: a source at a switch (carried on), or a gathered
/// frame with its measured velocities; each is handed to hooke-inertia as soon as it is built.
#[derive(Debug, Clone)]
struct Scratch {
    positions: Vec<Vec3>,
    rotations: Vec<Quat>,
    velocities: Vec<Vec3>,
    angular_velocities: Vec<Vec3>,
}

/// Characters sharing one rig: lane `character * bones + bone`.
struct RigGroup {
    targets: Vec<AnimationTargetId>,
    profile: RigProfile,
    inertializer: Inertializer,
    /// What the inertializer is given this frame (at a switch: the source's continuation).
    input: PoseBatch,
    output: PoseBatch,
    /// The new clips' poses of the characters that switched (velocities zero until measured).
    destination: PoseBatch,
    /// Destinations with their measured velocities, the frame after a switch.
    rebased: PoseBatch,
    characters: Vec<Character>,
    /// The bone entity of every lane.
    bones: Vec<Entity>,
    /// The gathered poses (what the animation wrote, rotations as read from the `Transform` so
    /// that restoring them is exact) of the last [`HISTORY`] frames, by
    /// [`InertiaCrowd::slot`].
    history: [LanePoses; HISTORY],
    /// What was written to the bones last frame, per lane.
    shown: Vec<BoneTransform>,
    /// Per character: whether its bones are given `shown` (refreshed by
    /// [`refresh_shows_output`](Self::refresh_shows_output) before each pass that reads it).
    shows_output: Vec<bool>,
    scratch: Scratch,
    /// This frame's switching characters and their modes, and the characters re-based.
    switching: Vec<usize>,
    modes: Vec<hooke_inertia::BlendMode>,
    correcting: Vec<usize>,
    /// Foot locking of the profile, if the rig has its legs.
    feet: Option<hooke_inertia::FootLocker>,
}

impl RigGroup {
    fn new(
        targets: Vec<AnimationTargetId>,
        profile: RigProfile,
        members: &[(Entity, Vec<Entity>)],
        parents: &[Option<usize>],
    ) -> Result<RigGroup, hooke_inertia::InertiaError> {
        let bones = targets.len();
        let count = members.len();
        let blend = profile.blend_profile(&targets)?;
        let feet = (profile.feet.as_ref()).and_then(|f| f.locker(count, &targets, parents));
        let lanes = count * bones;
        Ok(RigGroup {
            inertializer: Inertializer::new(count, blend, RootPolicy::Local)?,
            input: PoseBatch::new(count, bones, 0)?,
            output: PoseBatch::new(count, bones, 0)?,
            destination: PoseBatch::new(count, bones, 0)?,
            rebased: PoseBatch::new(count, bones, 0)?,
            characters: members
                .iter()
                .map(|(player, _)| Character {
                    player: *player,
                    has_input: false,
                    samples: 0,
                    correct: false,
                    pending: None,
                    write: false,
                })
                .collect(),
            bones: members
                .iter()
                .flat_map(|(_, b)| b.iter().copied())
                .collect(),
            history: core::array::from_fn(|_| vec![BoneTransform::IDENTITY; lanes]),
            shown: vec![BoneTransform::IDENTITY; lanes],
            shows_output: Vec::with_capacity(count),
            scratch: Scratch {
                positions: vec![Vec3::ZERO; bones],
                rotations: vec![Quat::IDENTITY; bones],
                velocities: vec![Vec3::ZERO; bones],
                angular_velocities: vec![Vec3::ZERO; bones],
            },
            switching: Vec::with_capacity(count),
            modes: Vec::with_capacity(count),
            correcting: Vec::with_capacity(count),
            feet,
            targets,
            profile,
        })
    }

    /// Copies each character's `write` flag into `shows_output`, the per-character table of the
    /// per-bone passes. (`write` implies an input: see `settle` in `step.rs`.)
    fn refresh_shows_output(&mut self) {
        self.shows_output.clear();
        (self.shows_output).extend(self.characters.iter().map(|c| c.write));
    }

    fn lanes(&self, character: usize) -> core::ops::Range<usize> {
        let bones = self.targets.len();
        character * bones..(character + 1) * bones
    }

    /// Moves character `from` of `old` (same rig) into character `to` of `self` without a pop:
    /// a fresh inertializer given `transition_after_update(output, input)` (a switch at the
    /// time of the frame already shown, which the next update advances) holds exactly the offsets
    /// `output ⊖ input` the old one had (a dead blend in flight continues as an
    /// inertialization from the same pose and velocity). The input batch holds, after every
    /// step, what the inertializer takes as the input (at a switch: the destination).
    fn adopt(&mut self, to: usize, old: &RigGroup, from: usize) {
        let (src, dst) = (old.lanes(from), self.lanes(to));
        let character = &old.characters[from];
        // The input and destination are copied bit for bit (`set_character` would normalise
        // their rotations again, which may move them by an ulp).
        if character.has_input
            && let (Ok(output), Ok(input)) = (old.output.character(from), old.input.character(from))
            && self
                .inertializer
                .transition_after_update(to, output.as_ref(), input.as_ref())
                .is_ok()
            && self.input.copy_character(to, &old.input, from).is_ok()
            && (self.destination)
                .copy_character(to, &old.destination, from)
                .is_ok()
        {
            self.characters[to] = Character {
                player: self.characters[to].player,
                ..character.clone()
            };
            for (new, old) in self.history.iter_mut().zip(&old.history) {
                new[dst.clone()].copy_from_slice(&old[src.clone()]);
            }
            self.shown[dst].copy_from_slice(&old.shown[src]);
        }
    }
}
