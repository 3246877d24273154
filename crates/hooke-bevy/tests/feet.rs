//! Foot locking through the plugin (`InertialTransitions::with_foot_locking`): a one-legged
//! character (root, hip, knee, ankle, toe; a `ChildOf` chain) switches to a clip that stands
//! 6 cm further; with locking its toe stays planted while the root moves with the blend.

use bevy_animation::animation_curves::{AnimatableCurve, AnimatableKeyframeCurve};
use bevy_animation::graph::{AnimationGraph, AnimationGraphHandle};
use bevy_animation::{
    AnimatedBy, AnimationClip, AnimationPlayer, AnimationTargetId, animated_field,
};
use bevy_asset::Assets;
use bevy_ecs::hierarchy::ChildOf;
use bevy_transform::components::{GlobalTransform, Transform};
use glam::Vec3;
use hooke_bevy::{FootLocking, InertialTransitions, RigProfile, TransitionMode};
use hooke_inertia::FootLockSettings;

mod common;

const NAMES: [&str; 5] = ["root", "hip", "knee", "ankle", "toe"];
const OFFSETS: [Vec3; 5] = [
    Vec3::new(0.0, 1.05, 0.0),
    Vec3::ZERO,
    Vec3::new(0.0, -0.5, 0.05),
    Vec3::new(0.0, -0.5, -0.05),
    Vec3::new(0.0, -0.05, 0.15),
];

fn target(bone: usize) -> AnimationTargetId {
    AnimationTargetId::from_iter(NAMES[..=bone].iter().copied())
}

/// Standing still with the root at `x`.
fn stand(x: f32) -> AnimationClip {
    let mut clip = AnimationClip::default();
    for (bone, &offset) in OFFSETS.iter().enumerate() {
        let mut p = offset;
        if bone == 0 {
            p.x = x;
        }
        let keys = [(0.0, p), (4.0, p)];
        clip.add_curve_to_target(
            target(bone),
            AnimatableCurve::new(
                animated_field!(Transform::translation),
                AnimatableKeyframeCurve::new(keys).expect("sorted keys"),
            ),
        );
    }
    clip
}

/// The toe's world x over frames after the switch, and the root's, with or without locking.
fn run(lock: bool) -> Vec<(f32, f32)> {
    let dt = 1.0 / 60.0;
    let mut app = common::app(dt);
    let world = app.world_mut();
    let a = world
        .resource_mut::<Assets<AnimationClip>>()
        .add(stand(0.0));
    let b = world
        .resource_mut::<Assets<AnimationClip>>()
        .add(stand(0.06));
    let (graph, nodes) = AnimationGraph::from_clips([a, b]);
    let graph = world.resource_mut::<Assets<AnimationGraph>>().add(graph);
    let mut transitions = InertialTransitions::new(RigProfile::new(0.15).expect("valid"));
    if lock {
        let leg = [target(1), target(2), target(3), target(4)];
        let settings = FootLockSettings::scaled(100.0).expect("metres");
        transitions = transitions.with_foot_locking(FootLocking::new([leg], settings).expect("ok"));
    }
    let player = world
        .spawn((
            AnimationPlayer::default(),
            AnimationGraphHandle(graph),
            transitions,
            Transform::IDENTITY,
        ))
        .id();
    let mut bones = Vec::new();
    for bone in 0..5 {
        let mut e = world.spawn((Transform::IDENTITY, target(bone), AnimatedBy(player)));
        if let Some(&parent) = bones.last() {
            e.insert(ChildOf(parent));
        }
        bones.push(e.id());
    }
    let play = |app: &mut bevy_app::App, node, mode| {
        let world = app.world_mut();
        let mut entity = world.entity_mut(player);
        let (mut t, mut p) = entity
            .get_components_mut::<(&mut InertialTransitions, &mut AnimationPlayer)>()
            .expect("player");
        t.play(&mut p, node, mode).expect("valid").repeat();
    };
    play(&mut app, nodes[0], TransitionMode::Cut);
    for _ in 0..5 {
        app.update();
    }
    play(&mut app, nodes[1], TransitionMode::Inertialize);
    (0..20)
        .map(|_| {
            app.update();
            let x = |e| {
                app.world()
                    .get::<GlobalTransform>(e)
                    .expect("bone")
                    .translation()
            };
            (x(bones[4]).x, x(bones[0]).x)
        })
        .collect()
}

#[test]
fn locked_feet_stay_planted_while_the_root_blends() {
    let plain = run(false);
    let locked = run(true);
    // Without locking the toe follows the root; with it, it stays where it was planted.
    let (toe0, _) = locked[0];
    let (toe_last, root_last) = locked[19];
    assert!(root_last > 0.02, "{locked:?}");
    assert!((toe_last - toe0).abs() < 1e-4, "{locked:?}");
    assert!(plain[19].0 > 0.02, "{plain:?}");
}
