//! [`InertiaCrowd`]: every character with [`InertialTransitions`], grouped by rig, each group in
//! one hooke-inertia [`Inertializer`]; and the systems that feed it from Bevy's bones.
//!
//! Per frame (all in `PostUpdate`):
//! 1. [`sync_rigs`] maps bones to lanes when players or bones were added or removed;
//! 2. [`restore_inputs`] puts back the pose the animation produced last frame (before offsets)
//!    on every bone that still shows last frame's output, so that offsets never accumulate on
//!    bones that the playing clips do not animate;
//! 3. Bevy's `animate_targets` writes the clips' pose;
//! 4. [`inertialize`] gathers the pose, runs each group's SIMD pass and writes the output.

use bevy_animation::{AnimatedBy, AnimationTargetId};
use bevy_ecs::change_detection::{DetectChanges, DetectChangesMut};
use bevy_ecs::entity::Entity;
use bevy_ecs::hierarchy::ChildOf;
use bevy_ecs::lifecycle::RemovedComponents;
use bevy_ecs::query::{Changed, Or};
use bevy_ecs::resource::Resource;
use bevy_ecs::system::{Query, Res, ResMut};
use bevy_time::Time;
use bevy_transform::components::Transform;
use glam::{Quat, Vec3};
use hooke_inertia::{Inertializer, Pose, PoseBatch, PoseRef, RootPolicy};

use crate::profile::RigProfile;
use crate::transitions::{InertialTransitions, Slot, TransitionMode};

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

/// One character of a group.
#[derive(Debug, Clone)]
struct Character {
    player: Entity,
    /// Whether `last` holds a pose of this character (false until its first gathered frame).
    has_input: bool,
    /// The switch of the previous frame took the new clip's velocity as zero; the next frame
    /// with `dt > 0` measures it and re-bases the offsets on it (see [`RigGroup::step`]).
    correct: bool,
    /// A transition requested by [`InertialTransitions::play`] this frame.
    pending: Option<TransitionMode>,
    /// Whether this frame's output may be written to the bones.
    write: bool,
}

/// Characters sharing one rig: lane `character * bones + bone`.
struct RigGroup {
    targets: Vec<AnimationTargetId>,
    profile: RigProfile,
    inertializer: Inertializer,
    input: PoseBatch,
    output: PoseBatch,
    characters: Vec<Character>,
    /// The bone entity of every lane.
    bones: Vec<Entity>,
    /// The input given to the inertializer last frame, per lane (rotations as read from the
    /// `Transform`, so that restoring them is exact).
    last: Pose,
    /// What was written to the bones last frame, per lane.
    shown_positions: Vec<Vec3>,
    shown_rotations: Vec<Quat>,
    /// This frame's gathered pose of one character.
    new_positions: Vec<Vec3>,
    new_rotations: Vec<Quat>,
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
            characters: members
                .iter()
                .map(|(player, _)| Character {
                    player: *player,
                    has_input: false,
                    correct: false,
                    pending: None,
                    write: false,
                })
                .collect(),
            bones: members
                .iter()
                .flat_map(|(_, b)| b.iter().copied())
                .collect(),
            last: Pose::rest(lanes),
            shown_positions: vec![Vec3::ZERO; lanes],
            shown_rotations: vec![Quat::IDENTITY; lanes],
            new_positions: vec![Vec3::ZERO; bones],
            new_rotations: vec![Quat::IDENTITY; bones],
            feet,
            targets,
            profile,
        })
    }

    fn lanes(&self, character: usize) -> core::ops::Range<usize> {
        let bones = self.targets.len();
        character * bones..(character + 1) * bones
    }

    /// Moves character `from` of `old` (same rig) into character `to` of `self` without a pop:
    /// a fresh inertializer given `transition(output, input)` holds exactly the offsets
    /// `output ⊖ input` the old one had (a dead blend in flight continues as an
    /// inertialization from the same pose and velocity).
    fn adopt(&mut self, to: usize, old: &RigGroup, from: usize) {
        let (src, dst) = (old.lanes(from), self.lanes(to));
        let character = &old.characters[from];
        if character.has_input
            && let (Ok(output), Ok(input)) = (old.output.character(from), old.input.character(from))
            && self
                .inertializer
                .transition(to, output.as_ref(), input.as_ref())
                .is_ok()
            && self.input.set_character(to, input.as_ref()).is_ok()
        {
            self.characters[to].has_input = true;
            self.characters[to].correct = character.correct;
            self.characters[to].pending = character.pending;
            for (a, b) in [
                (&mut self.last.positions, &old.last.positions),
                (&mut self.last.velocities, &old.last.velocities),
                (
                    &mut self.last.angular_velocities,
                    &old.last.angular_velocities,
                ),
                (&mut self.shown_positions, &old.shown_positions),
            ] {
                a[dst.clone()].copy_from_slice(&b[src.clone()]);
            }
            self.last.rotations[dst.clone()].copy_from_slice(&old.last.rotations[src.clone()]);
            self.shown_rotations[dst].copy_from_slice(&old.shown_rotations[src]);
        }
    }

    /// Gathers, transitions, runs the SIMD pass and writes the output of every character.
    fn step(&mut self, dt: f32, transforms: &mut Query<'_, '_, &mut Transform>) {
        let bones = self.targets.len();
        for c in 0..self.characters.len() {
            let range = self.lanes(c);
            let has_input = self.characters[c].has_input;
            // Gather the pose the animation wrote (a missing bone keeps its last input).
            let mut finite = true;
            for (b, lane) in range.clone().enumerate() {
                let (x, q) = match transforms.get(self.bones[lane]) {
                    Ok(t) => (t.translation, t.rotation),
                    Err(_) if has_input => (self.last.positions[lane], self.last.rotations[lane]),
                    Err(_) => (Vec3::ZERO, Quat::IDENTITY),
                };
                finite &= x.is_finite() && q.is_finite();
                self.new_positions[b] = x;
                self.new_rotations[b] = q;
            }
            let pending = self.characters[c].pending.take();
            if !finite {
                // Not ours to repair: leave this character's bones alone, start afresh later.
                let _ = self.inertializer.reset(c);
                let character = &mut self.characters[c];
                (character.has_input, character.correct, character.write) = (false, false, false);
                continue;
            }
            let switching = has_input && pending.and_then(|m| m.blend_mode()).is_some();
            if switching && let Some(mode) = pending.and_then(|m| m.blend_mode()) {
                // The switch: the new clip's velocity is not known from one sample, so it is
                // taken as zero now and measured next frame (`correct`). The source is exactly
                // what the inertializer was given last frame, so the output does not move.
                let zeros = vec![Vec3::ZERO; bones];
                let destination = PoseRef {
                    positions: &self.new_positions,
                    velocities: &zeros,
                    rotations: &self.new_rotations,
                    angular_velocities: &zeros,
                    curves: &[],
                    curve_velocities: &[],
                    scales: &[],
                    scale_velocities: &[],
                };
                let ok = self.inertializer.set_mode(c, mode).is_ok()
                    && self
                        .inertializer
                        .transition(c, lane_pose(&self.last, range.clone()), destination)
                        .is_ok();
                self.characters[c].correct =
                    ok && matches!(mode, hooke_inertia::BlendMode::Inertialize);
            } else if pending.is_some() {
                // Cut (a crossfade never reaches here): the output becomes the input.
                let _ = self.inertializer.reset(c);
                self.characters[c].correct = false;
            }
            // Velocities by backward differences of the last two inputs, as in hooke-inertia's
            // clip path (`hooke::scalar::angular_velocity`); zero at a switch (see above); kept
            // through frames with dt = 0.
            let measure = has_input && !switching && dt > 0.0;
            if !has_input || switching {
                self.last.velocities[range.clone()].fill(Vec3::ZERO);
                self.last.angular_velocities[range.clone()].fill(Vec3::ZERO);
            }
            if measure && self.characters[c].correct {
                // The frame after a switch: re-base the offsets on the measured velocity of the
                // new clip. Positions and rotations are unchanged, so only the velocity offsets
                // change, and the output keeps its velocity.
                let source = lane_pose(&self.last, range.clone());
                let velocities: Vec<Vec3> = range
                    .clone()
                    .enumerate()
                    .map(|(b, lane)| (self.new_positions[b] - self.last.positions[lane]) / dt)
                    .collect();
                let angular: Vec<Vec3> = range
                    .clone()
                    .enumerate()
                    .map(|(b, lane)| {
                        hooke::scalar::angular_velocity(
                            self.last.rotations[lane],
                            self.new_rotations[b],
                            dt,
                        )
                    })
                    .collect();
                let destination = PoseRef {
                    velocities: &velocities,
                    angular_velocities: &angular,
                    ..source
                };
                let _ = self.inertializer.transition(c, source, destination);
                self.characters[c].correct = false;
            }
            for (b, lane) in range.clone().enumerate() {
                let (x, q) = (self.new_positions[b], self.new_rotations[b]);
                if measure {
                    self.last.velocities[lane] = (x - self.last.positions[lane]) / dt;
                    self.last.angular_velocities[lane] =
                        hooke::scalar::angular_velocity(self.last.rotations[lane], q, dt);
                }
                self.last.positions[lane] = x;
                self.last.rotations[lane] = q;
            }
            let accepted = self
                .input
                .set_character(c, lane_pose(&self.last, range))
                .is_ok();
            if !accepted {
                // A rotation too far from unit length to be a rotation: leave the bones alone.
                let _ = self.inertializer.reset(c);
            }
            let character = &mut self.characters[c];
            character.has_input = accepted;
            character.write = accepted;
            if !accepted {
                character.correct = false;
            }
        }
        if self
            .inertializer
            .par_update(dt, &self.input, &mut self.output)
            .is_err()
        {
            return;
        }
        if let Some(feet) = &mut self.feet
            && feet
                .update(dt, &self.inertializer, &self.input, &mut self.output)
                .is_err()
        {
            return;
        }
        let written = self
            .output
            .positions()
            .write_vec3s("positions", &mut self.shown_positions)
            .and(
                self.output
                    .rotations()
                    .write_quats("rotations", &mut self.shown_rotations),
            );
        if written.is_err() {
            return;
        }
        for c in 0..self.characters.len() {
            if !self.characters[c].write {
                continue;
            }
            for lane in self.lanes(c) {
                if let Ok(mut t) = transforms.get_mut(self.bones[lane]) {
                    t.translation = self.shown_positions[lane];
                    t.rotation = self.shown_rotations[lane];
                }
            }
        }
    }
}

/// The lanes `range` of an all-lanes pose, as one character's pose.
fn lane_pose(pose: &Pose, range: core::ops::Range<usize>) -> PoseRef<'_> {
    PoseRef {
        positions: &pose.positions[range.clone()],
        velocities: &pose.velocities[range.clone()],
        rotations: &pose.rotations[range.clone()],
        angular_velocities: &pose.angular_velocities[range],
        curves: &[],
        curve_velocities: &[],
        scales: &[],
        scale_velocities: &[],
    }
}

/// Rebuilds the rig groups when players or bones were added, changed or removed, keeping every
/// character that stays in a group of the same rig exactly where it was (no pop).
#[allow(clippy::type_complexity)]
pub(crate) fn sync_rigs(
    mut crowd: ResMut<InertiaCrowd>,
    mut players: Query<(Entity, &mut InertialTransitions)>,
    bones: Query<(Entity, &AnimationTargetId, &AnimatedBy, Option<&ChildOf>)>,
    changed_bones: Query<(), Or<(Changed<AnimatedBy>, Changed<AnimationTargetId>)>>,
    mut removed_players: RemovedComponents<InertialTransitions>,
    mut removed_bones: RemovedComponents<AnimatedBy>,
    mut removed_targets: RemovedComponents<AnimationTargetId>,
) {
    let removed = removed_players.read().count()
        + removed_bones.read().count()
        + removed_targets.read().count();
    let added = players.iter_mut().any(|(_, t)| t.is_added());
    if removed == 0 && !added && changed_bones.is_empty() {
        return;
    }
    // Each player's bones, sorted by target so that equal rigs have equal lane orders.
    let mut rigs: Vec<(Entity, Vec<(AnimationTargetId, Entity)>)> =
        players.iter().map(|(e, _)| (e, Vec::new())).collect();
    rigs.sort_by_key(|(e, _)| *e);
    let mut parent_of: Vec<(Entity, Entity)> = Vec::new();
    for (bone, &target, &AnimatedBy(player), child_of) in &bones {
        if let Ok(i) = rigs.binary_search_by_key(&player, |(e, _)| *e) {
            rigs[i].1.push((target, bone));
        }
        if let Some(c) = child_of {
            parent_of.push((bone, c.parent()));
        }
    }
    parent_of.sort_unstable();
    // Group by (targets, profile).
    type Members = Vec<(Entity, Vec<Entity>)>;
    // Per rig: its targets, profile, members and the first member's parents per lane (bones
    // whose parent is not a bone of the rig are roots), for foot locking.
    type Parents = Vec<Option<usize>>;
    let mut keys: Vec<(Vec<AnimationTargetId>, RigProfile, Members, Parents)> = Vec::new();
    for (player, mut rig) in rigs {
        rig.sort_by_key(|&(target, _)| target);
        // Two bones with one target in one player: Bevy animates both alike; keep the first.
        rig.dedup_by_key(|&mut (target, _)| target);
        let Ok((_, mut transitions)) = players.get_mut(player) else {
            continue;
        };
        transitions.slot = None;
        if rig.is_empty() {
            continue;
        }
        let targets: Vec<AnimationTargetId> = rig.iter().map(|&(t, _)| t).collect();
        let entities: Vec<Entity> = rig.iter().map(|&(_, e)| e).collect();
        let profile = transitions.profile().clone();
        match keys
            .iter_mut()
            .find(|(t, p, _, _)| *t == targets && *p == profile)
        {
            Some((_, _, members, _)) => members.push((player, entities)),
            None => {
                let parents = entities
                    .iter()
                    .map(|bone| {
                        let i = parent_of.binary_search_by_key(bone, |(b, _)| *b).ok()?;
                        entities.iter().position(|e| *e == parent_of[i].1)
                    })
                    .collect();
                keys.push((targets, profile, vec![(player, entities)], parents));
            }
        }
    }
    let old_groups = core::mem::take(&mut crowd.groups);
    for (targets, profile, members, parents) in keys {
        let Ok(mut group) = RigGroup::new(targets, profile, &members, &parents) else {
            continue;
        };
        if let Some(old) = old_groups
            .iter()
            .find(|g| g.targets == group.targets && g.profile == group.profile)
        {
            for (from, character) in old.characters.iter().enumerate() {
                if let Some(to) = members.iter().position(|(p, _)| *p == character.player) {
                    group.adopt(to, old, from);
                }
            }
        }
        let index = crowd.groups.len();
        for (character, (player, _)) in members.iter().enumerate() {
            if let Ok((_, mut transitions)) = players.get_mut(*player) {
                transitions.slot = Some(Slot {
                    group: index,
                    character,
                });
            }
        }
        crowd.groups.push(group);
    }
}

/// Puts back last frame's input pose on every bone that still shows last frame's output (a
/// bone the user moved since keeps the user's value as its input).
pub(crate) fn restore_inputs(crowd: Res<InertiaCrowd>, mut transforms: Query<&mut Transform>) {
    for group in &crowd.groups {
        for (c, character) in group.characters.iter().enumerate() {
            if !character.has_input || !character.write {
                continue;
            }
            for lane in group.lanes(c) {
                if let Ok(mut t) = transforms.get_mut(group.bones[lane])
                    && t.translation == group.shown_positions[lane]
                    && t.rotation == group.shown_rotations[lane]
                {
                    t.translation = group.last.positions[lane];
                    t.rotation = group.last.rotations[lane];
                }
            }
        }
    }
}

/// Hands the transitions requested by [`InertialTransitions::play`] to the crowd and runs every
/// group's update for this frame's `dt`.
pub(crate) fn inertialize(
    time: Res<Time>,
    mut crowd: ResMut<InertiaCrowd>,
    mut players: Query<&mut InertialTransitions>,
    mut transforms: Query<&mut Transform>,
) {
    for mut transitions in &mut players {
        if transitions.pending.is_none() {
            continue;
        }
        let transitions = transitions.bypass_change_detection();
        let pending = transitions.pending.take();
        if let Some(slot) = transitions.slot
            && let Some(group) = crowd.groups.get_mut(slot.group)
            && let Some(character) = group.characters.get_mut(slot.character)
        {
            character.pending = pending;
        }
    }
    let dt = time.delta_secs();
    for group in &mut crowd.groups {
        group.step(dt, &mut transforms);
    }
}
