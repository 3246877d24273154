//! The per-frame system [`inertialize`], after Bevy's animation: gather, step, scatter. Each
//! pass iterates the bones once, in archetype order.

use bevy_ecs::change_detection::DetectChangesMut;
use bevy_ecs::entity::Entity;
use bevy_ecs::system::{Query, Res, ResMut};
use bevy_time::Time;
use bevy_transform::components::Transform;
use hooke_inertia::BoneTransform;

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
    scatter(crowd, &mut bones);
}

/// Writes every lane's output to its bone, on Bevy's task pool (the characters whose output is
/// not to be written are left to the animation).
fn scatter(crowd: &mut InertiaCrowd, bones: &mut Query<(Entity, &BoneLane, &mut Transform)>) {
    for group in &mut crowd.groups {
        group.refresh_shows_output();
    }
    let groups = &crowd.groups;
    bones.par_iter_mut().for_each(|(entity, at, mut t)| {
        let Some(group) = groups.get(at.group as usize) else {
            return;
        };
        let lane = at.lane as usize;
        if let (Some(&bone), Some(true), Some(shown)) = (
            group.bones.get(lane),
            group.shows_output.get(at.character as usize),
            group.shown.get(lane),
        ) && bone == entity
        {
            (t.translation, t.rotation) = (shown.position, shown.rotation);
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
    // Lanes seen, all groups together: a bone is seen at most once (its lane names it), so
    // every lane was seen when the count is the total (a local count: no store per bone).
    let mut seen_lanes = 0;
    let mut views: Vec<GatherView<'_>> = (crowd.groups.iter_mut())
        .map(|group| GatherView::of(group, slot))
        .collect();
    // (`for_each`: Bevy's dense iteration over each table; a `for` loop goes entity by entity.)
    bones.iter().for_each(|(entity, at, t)| {
        let Some(view) = views.get_mut(at.group as usize) else {
            return;
        };
        let lane = at.lane as usize;
        if let (Some(&bone), Some(&compare), Some(shown), Some(now)) = (
            view.bones.get(lane),
            view.compare.get(at.character as usize),
            view.shown.get(lane),
            view.now.get_mut(lane),
        ) && bone == entity
        {
            let seen = BoneTransform::new(t.translation, t.rotation);
            // Bit for bit: what this plugin wrote, whatever the float comparison says.
            let untouched = compare && same_bits(t, shown);
            // (Last frame's input is read only for a bone the animation left alone.)
            *now = match untouched {
                true => view.last.get(lane).copied().unwrap_or(seen),
                false => seen,
            };
            seen_lanes += 1;
        }
    });
    drop(views);
    if seen_lanes != crowd.bone_count() {
        for (g, group) in crowd.groups.iter_mut().enumerate() {
            fill_missing(group, g, slot, bones);
        }
    }
}

/// What [`gather`] reads and writes of one group, borrowed once per frame rather than per bone.
struct GatherView<'a> {
    bones: &'a [Entity],
    /// Per character: whether its bones showed this plugin's output last frame (it had an
    /// input and was written), so that a bone still showing it was left alone by the animation.
    compare: &'a [bool],
    /// What the bones were given last frame.
    shown: &'a [BoneTransform],
    /// Last frame's input, and this frame's (being gathered).
    last: &'a [BoneTransform],
    now: &'a mut [BoneTransform],
}

impl GatherView<'_> {
    fn of(group: &mut RigGroup, slot: usize) -> GatherView<'_> {
        group.refresh_shows_output();
        // The slot before `slot`, of the three (the history is `HISTORY` = 3 slots).
        let [a, b, c] = &mut group.history;
        let (now, last) = match slot {
            0 => (a, &*c),
            1 => (b, &*a),
            _ => (c, &*b),
        };
        GatherView {
            bones: &group.bones,
            compare: &group.shows_output,
            shown: &group.shown,
            last,
            now,
        }
    }
}

/// Whether `t` holds the same bits as `shown` (compared field by field, in registers: the
/// transform is not assembled in memory first).
#[inline(always)]
fn same_bits(t: &Transform, shown: &BoneTransform) -> bool {
    let bits = |v: [f32; 4]| v.map(f32::to_bits);
    bits(t.translation.extend(0.0).to_array()) == bits(shown.position.extend(0.0).to_array())
        && bits(t.rotation.to_array()) == bits(shown.rotation.to_array())
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
        group.history[slot][lane] = if group.characters[lane / count].has_input {
            group.history[previous][lane]
        } else {
            BoneTransform::IDENTITY
        };
    }
}
