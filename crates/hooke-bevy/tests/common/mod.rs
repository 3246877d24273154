//! A headless Bevy app with a small skeleton and two clips built in code.
// Frames are indexed by bone across several frames at once, which reads clearer with indices.
#![allow(dead_code, clippy::needless_range_loop)]

use core::time::Duration;

use bevy_animation::animation_curves::{AnimatableCurve, AnimatableKeyframeCurve};
use bevy_animation::graph::{AnimationGraph, AnimationGraphHandle, AnimationNodeIndex};
use bevy_animation::{
    AnimatedBy, AnimationClip, AnimationPlayer, AnimationPlugin, AnimationTargetId, animated_field,
};
use bevy_app::{App, TaskPoolPlugin};
use bevy_asset::{AssetPlugin, Assets};
use bevy_ecs::entity::Entity;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::TransformPlugin;
use bevy_transform::components::Transform;
use glam::{Quat, Vec3};
use hooke_bevy::{HookePlugin, InertialTransitions, RigProfile, TransitionMode};

pub const BONES: usize = 4;
/// Bone 2 has curves in clip A only.
pub const UNANIMATED_IN_B: usize = 2;
pub const HALFLIFE: f32 = 0.1;

pub fn target(bone: usize) -> AnimationTargetId {
    AnimationTargetId::from_iter(["root".to_string(), format!("bone{bone}")])
}

/// Clip `which` (0 = A, 1 = B) at time `t`: smooth, distinct per bone.
pub fn clip_pose(which: usize, bone: usize, t: f32) -> (Vec3, Quat) {
    let b = bone as f32;
    if which == 0 {
        (
            Vec3::new(
                (2.0 * t + b).sin(),
                0.5 * (1.5 * t).cos() + b,
                0.2 * t.sin(),
            ),
            Quat::from_rotation_z((3.0 * t + b).sin()) * Quat::from_rotation_x(0.3 * b),
        )
    } else {
        (
            Vec3::new(
                1.0 + 0.3 * (3.0 * t - b).cos(),
                -0.5 + b,
                0.7 * (2.5 * t).sin(),
            ),
            Quat::from_rotation_y(1.2 * (2.0 * t + b).cos()) * Quat::from_rotation_z(-0.8),
        )
    }
}

/// Keyframes every 1/240 s over 4 s: linear interpolation between them is smooth at 60 fps.
fn clip(which: usize) -> AnimationClip {
    let mut clip = AnimationClip::default();
    let keys: Vec<f32> = (0..=960).map(|k| k as f32 / 240.0).collect();
    for bone in 0..BONES {
        if which == 1 && bone == UNANIMATED_IN_B {
            continue;
        }
        let positions = keys.iter().map(|&t| (t, clip_pose(which, bone, t).0));
        let rotations = keys.iter().map(|&t| (t, clip_pose(which, bone, t).1));
        clip.add_curve_to_target(
            target(bone),
            AnimatableCurve::new(
                animated_field!(Transform::translation),
                AnimatableKeyframeCurve::new(positions).expect("sorted keys"),
            ),
        );
        clip.add_curve_to_target(
            target(bone),
            AnimatableCurve::new(
                animated_field!(Transform::rotation),
                AnimatableKeyframeCurve::new(rotations).expect("sorted keys"),
            ),
        );
    }
    clip
}

pub struct Rig {
    pub app: App,
    pub player: Entity,
    pub bones: Vec<Entity>,
    pub nodes: [AnimationNodeIndex; 2],
}

/// MinimalPlugins' time and task pools + assets, transforms, animation and hooke's plugin.
pub fn app(dt: f32) -> App {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        AssetPlugin::default(),
        TransformPlugin,
        AnimationPlugin,
        HookePlugin,
    ));
    set_dt(&mut app, dt);
    app
}

/// The plugins hooke's spring and crowd systems need, without assets or animation: time and
/// task pools, transforms and hooke's plugin (the tests drive the poses themselves).
pub fn plugin_app() -> App {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        TransformPlugin,
        HookePlugin,
    ));
    app
}

pub fn set_dt(app: &mut App, dt: f32) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
        dt,
    )));
}

impl Rig {
    /// One character playing clip A, after a few warm-up frames.
    pub fn new(dt: f32) -> Rig {
        Rig::with_characters(dt, 1).remove(0)
    }

    /// `n` characters in one app (the returned rigs share nothing but are built the same way).
    pub fn with_characters(dt: f32, n: usize) -> Vec<Rig> {
        (0..n).map(|_| Rig::build(dt)).collect()
    }

    fn build(dt: f32) -> Rig {
        let mut app = app(dt);
        let world = app.world_mut();
        let a = world.resource_mut::<Assets<AnimationClip>>().add(clip(0));
        let b = world.resource_mut::<Assets<AnimationClip>>().add(clip(1));
        let (graph, nodes) = AnimationGraph::from_clips([a, b]);
        let graph = world.resource_mut::<Assets<AnimationGraph>>().add(graph);
        let player = world
            .spawn((
                AnimationPlayer::default(),
                AnimationGraphHandle(graph),
                InertialTransitions::new(RigProfile::new(HALFLIFE).expect("valid")),
                Transform::IDENTITY,
            ))
            .id();
        let bones = (0..BONES)
            .map(|bone| {
                world
                    .spawn((Transform::IDENTITY, target(bone), AnimatedBy(player)))
                    .id()
            })
            .collect();
        let mut rig = Rig {
            app,
            player,
            bones,
            nodes: [nodes[0], nodes[1]],
        };
        rig.play(0, TransitionMode::Cut);
        for _ in 0..5 {
            rig.app.update();
        }
        rig
    }

    /// Switches to clip `which` (repeating) with `mode`.
    pub fn play(&mut self, which: usize, mode: TransitionMode) {
        let node = self.nodes[which];
        let world = self.app.world_mut();
        let mut entity = world.entity_mut(self.player);
        let (mut transitions, mut player) = entity
            .get_components_mut::<(&mut InertialTransitions, &mut AnimationPlayer)>()
            .expect("player components");
        transitions
            .play(&mut player, node, mode)
            .expect("valid mode")
            .repeat();
    }

    /// Every bone's local transform.
    pub fn pose(&self) -> Vec<(Vec3, Quat)> {
        self.bones
            .iter()
            .map(|&b| {
                let t = self.app.world().get::<Transform>(b).expect("bone");
                (t.translation, t.rotation)
            })
            .collect()
    }

    /// Runs one frame of `dt` and returns the pose.
    pub fn step(&mut self, dt: f32) -> Vec<(Vec3, Quat)> {
        set_dt(&mut self.app, dt);
        self.app.update();
        self.pose()
    }
}

/// The largest of `second(previous, this, next)` over bones and frames `range` (each window
/// `i-1, i, i+1` for `i` in the range).
fn max_second_difference(
    frames: &[Vec<(Vec3, Quat)>],
    range: core::ops::Range<usize>,
    second: impl Fn((Vec3, Quat), (Vec3, Quat), (Vec3, Quat)) -> f32,
) -> f32 {
    let mut worst = 0.0_f32;
    for i in range {
        for bone in 0..frames[i].len() {
            worst = worst.max(second(
                frames[i - 1][bone],
                frames[i][bone],
                frames[i + 1][bone],
            ));
        }
    }
    worst
}

/// Largest second difference of the bone positions (units / s²) over frames `range` (each
/// window `i-1, i, i+1` for `i` in the range), fixed `dt`.
pub fn max_acceleration(
    frames: &[Vec<(Vec3, Quat)>],
    dt: f32,
    range: core::ops::Range<usize>,
) -> f32 {
    max_second_difference(frames, range, |a, b, c| {
        ((c.0 - 2.0 * b.0 + a.0) / (dt * dt)).length()
    })
}

/// Largest second difference of the bone rotations (rad / s²), as angles between consecutive
/// frame-to-frame rotations.
pub fn max_angular_acceleration(
    frames: &[Vec<(Vec3, Quat)>],
    dt: f32,
    range: core::ops::Range<usize>,
) -> f32 {
    max_second_difference(frames, range, |a, b, c| {
        let w0 = hooke::scalar::angular_velocity(a.1, b.1, dt);
        let w1 = hooke::scalar::angular_velocity(b.1, c.1, dt);
        (w1 - w0).length() / dt
    })
}

pub fn qdist(a: Quat, b: Quat) -> f32 {
    (a - b).length().min((a + b).length())
}

/// Largest second difference of the bone positions around frame `i` for frame times `dts`
/// (`dts[f]` is the time from frame `f - 1` to frame `f`): |v(f+1) - v(f)| / mean dt.
pub fn acceleration_at(frames: &[Vec<(Vec3, Quat)>], dts: &[f32], i: usize) -> f32 {
    let mut worst = 0.0_f32;
    for bone in 0..frames[i].len() {
        let v0 = (frames[i][bone].0 - frames[i - 1][bone].0) / dts[i];
        let v1 = (frames[i + 1][bone].0 - frames[i][bone].0) / dts[i + 1];
        worst = worst.max((v1 - v0).length() / (0.5 * (dts[i] + dts[i + 1])));
    }
    worst
}
