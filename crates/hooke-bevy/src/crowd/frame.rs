//! The per-frame system [`inertialize`], after Bevy's animation: gather, step, scatter. Each
//! pass iterates the bones once, in archetype order.

use bevy_ecs::change_detection::DetectChangesMut;
use bevy_ecs::entity::Entity;
use bevy_ecs::system::{Query, Res, ResMut};
use bevy_time::Time;
use bevy_transform::components::Transform;
use glam::{Quat, Vec3};

use super::{BoneLane, HISTORY, InertiaCrowd, RigGroup};
use crate::transitions::InertialTransitions;

/// Hands the transitions requested by [`InertialTransitions::play`] to the crowd, gathers every
/// bone's pose, runs every group's step for this frame's `dt` and writes the output.
pub(crate) fn inertialize(
    time: Res<Time>,
    mut crowd: ResMut<InertiaCrowd>,
    mut players: Query<&mut InertialTransitions>,
    mut bones: Query<(Entity, &BoneLane, &mut Transform)>,
) {
    let crowd = &mut *crowd;
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
    crowd.slot = (crowd.slot + 1) % HISTORY;
    crowd.dts[crowd.slot] = dt;
    gather(crowd, &bones);
    for group in &mut crowd.groups {
        group.step(dt, crowd.slot, crowd.dts);
    }
    let groups = &crowd.groups;
    bones.par_iter_mut().for_each(|(entity, at, mut t)| {
        if let Some((g, c, lane)) = at.resolve(groups, entity)
            && groups[g].characters[c].write
        {
            t.translation = groups[g].shown_positions[lane];
            t.rotation = groups[g].shown_rotations[lane];
        }
    });
}

/// Reads every bone's pose into its group's history slot of this frame. A bone that still
/// shows last frame's output was not written by the animation this frame (a clip that does not
/// animate it): its input is last frame's input, so that offsets never accumulate on it (a bone
/// the user moved since keeps the user's value as its input). A lane whose bone was not seen (its
/// `Transform` removed) keeps the previous frame's pose, or the rest pose for a character
/// without one.
fn gather(crowd: &mut InertiaCrowd, bones: &Query<(Entity, &BoneLane, &mut Transform)>) {
    let slot = crowd.slot;
    let previous = (slot + HISTORY - 1) % HISTORY;
    for group in &mut crowd.groups {
        group.gathered = 0;
    }
    for (entity, at, t) in bones.iter() {
        if let Some((g, c, lane)) = at.resolve(&crowd.groups, entity) {
            let group = &mut crowd.groups[g];
            let character = &group.characters[c];
            let untouched = character.has_input
                && character.write
                && t.translation == group.shown_positions[lane]
                && t.rotation == group.shown_rotations[lane];
            let (x, q) = if untouched {
                let last = &group.history[previous];
                (last.positions[lane], last.rotations[lane])
            } else {
                (t.translation, t.rotation)
            };
            group.history[slot].positions[lane] = x;
            group.history[slot].rotations[lane] = q;
            group.gathered += 1;
        }
    }
    for (g, group) in crowd.groups.iter_mut().enumerate() {
        if group.gathered != group.bones.len() {
            fill_missing(group, g, slot, bones);
        }
    }
}

/// The slow path of [`gather`] when some bones were not seen.
fn fill_missing(
    group: &mut RigGroup,
    g: usize,
    slot: usize,
    bones: &Query<(Entity, &BoneLane, &mut Transform)>,
) {
    let previous = (slot + HISTORY - 1) % HISTORY;
    let count = group.targets.len().max(1);
    for (lane, &entity) in group.bones.iter().enumerate() {
        let seen = bones
            .get(entity)
            .is_ok_and(|(_, at, _)| at.group as usize == g && at.lane as usize == lane);
        if seen {
            continue;
        }
        let (x, q) = if group.characters[lane / count].has_input {
            let last = &group.history[previous];
            (last.positions[lane], last.rotations[lane])
        } else {
            (Vec3::ZERO, Quat::IDENTITY)
        };
        group.history[slot].positions[lane] = x;
        group.history[slot].rotations[lane] = q;
    }
}
