//! [`sync_rigs`]: the rig groups, rebuilt when players or bones come and go.

use bevy_animation::{AnimatedBy, AnimationTargetId};
use bevy_ecs::change_detection::{DetectChanges, Ref};
use bevy_ecs::entity::Entity;
use bevy_ecs::hierarchy::ChildOf;
use bevy_ecs::lifecycle::RemovedComponents;
use bevy_ecs::system::{Commands, Query, ResMut};

use super::{BoneLane, InertiaCrowd, RigGroup};
use crate::profile::RigProfile;
use crate::transitions::{InertialTransitions, Slot};

/// Rebuilds the rig groups when players or bones were added, changed or removed, keeping every
/// character that stays in a group of the same rig exactly where it was (no pop), and marks
/// every bone with its lane ([`BoneLane`], applied before [`super::inertialize`] runs).
#[allow(clippy::type_complexity)]
pub(crate) fn sync_rigs(
    mut commands: Commands,
    mut crowd: ResMut<InertiaCrowd>,
    mut players: Query<(Entity, &mut InertialTransitions)>,
    bones: Query<(Entity, &AnimationTargetId, &AnimatedBy, Option<&ChildOf>)>,
    ticks: Query<(Ref<AnimatedBy>, Ref<AnimationTargetId>)>,
    mut removed_players: RemovedComponents<InertialTransitions>,
    mut removed_bones: RemovedComponents<AnimatedBy>,
    mut removed_targets: RemovedComponents<AnimationTargetId>,
) {
    let removed = removed_players.read().count()
        + removed_bones.read().count()
        + removed_targets.read().count();
    let added = players.iter_mut().any(|(_, t)| t.is_added());
    // Both components' change ticks in one dense fold over the bones' tables (a bone is an
    // entity with both; `Ref::is_changed` includes an insertion). Two `Changed` filters counted
    // separately walked the tables twice (26-32 us against 20-26 us for 15,000 bones); `is_empty`
    // of an `Or` of them steps through the entities one `next` at a time, several times slower.
    let changed = ticks.iter().fold(false, |changed, (by, target)| {
        changed | by.is_changed() | target.is_changed()
    });
    if removed == 0 && !added && !changed {
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
        let bones = group.targets.len();
        for (character, (player, entities)) in members.iter().enumerate() {
            if let Ok((_, mut transitions)) = players.get_mut(*player) {
                transitions.slot = Some(Slot {
                    group: index,
                    character,
                });
            }
            for (bone, &entity) in entities.iter().enumerate() {
                // Lanes beyond u32 (4 billion) are left unmarked: never gathered nor written.
                let lane = character
                    .checked_mul(bones)
                    .and_then(|l| l.checked_add(bone))
                    .and_then(|l| u32::try_from(l).ok());
                if let (Ok(group), Ok(character), Some(lane)) =
                    (u32::try_from(index), u32::try_from(character), lane)
                {
                    commands.entity(entity).try_insert(BoneLane {
                        group,
                        character,
                        lane,
                    });
                }
            }
        }
        crowd.groups.push(group);
    }
}
