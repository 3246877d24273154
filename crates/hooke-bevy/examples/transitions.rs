//! Cut, crossfade and inertialization on two CMU motion-capture clips (walk and climb, 31
//! joints, `data/cmu`, loaded with hooke-bvh), played by Bevy's animation system headless at
//! 60 fps with a switch every 0.75 s. Prints the largest joint acceleration at the switches
//! for each mode (character space: the root's horizontal motion is removed).
//!
//! ```text
//! cargo run --release -p hooke-bevy --example transitions
//! ```

use core::time::Duration;

use bevy_animation::animation_curves::{AnimatableCurve, AnimatableKeyframeCurve};
use bevy_animation::graph::{AnimationGraph, AnimationGraphHandle, AnimationNodeIndex};
use bevy_animation::{
    AnimatedBy, AnimationClip, AnimationPlayer, AnimationPlugin, AnimationTargetId, animated_field,
};
use bevy_app::{App, TaskPoolPlugin};
use bevy_asset::{AssetPlugin, Assets};
use bevy_ecs::entity::Entity;
use bevy_ecs::hierarchy::ChildOf;
use bevy_time::{TimePlugin, TimeUpdateStrategy};
use bevy_transform::TransformPlugin;
use bevy_transform::components::{GlobalTransform, Transform};
use glam::Vec3;
use hooke_bevy::{HookePlugin, InertialTransitions, RigProfile, TransitionMode};
use hooke_bvh::{Bvh, Clip};

const WALK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_01.bvh");
const CLIMB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_03.bvh");
const FPS: f32 = 60.0;
/// Frames between switches (0.75 s), and the number of switches.
const EVERY: usize = 45;
const SWITCHES: usize = 8;
const HALFLIFE: f32 = 0.1;
const FADE: Duration = Duration::from_millis(250);

/// `seconds` of `clip` from `start` as a Bevy clip, one translation and one rotation curve per
/// joint (root: vertical motion only).
fn bevy_clip(clip: &Clip, start: usize, seconds: f32) -> AnimationClip {
    let frames = (seconds / clip.frame_time()) as usize;
    let mut out = AnimationClip::default();
    for (j, name) in clip.joint_names().iter().enumerate() {
        let time = |f: usize| (f - start) as f32 * clip.frame_time();
        let positions = (start..start + frames).map(|f| {
            let mut x = clip.local_positions(f)[j];
            if clip.parents()[j].is_none() {
                x = Vec3::new(0.0, x.y, 0.0);
            }
            (time(f), x)
        });
        let rotations = (start..start + frames).map(|f| (time(f), clip.local_rotations(f)[j]));
        let target = AnimationTargetId::from_iter([name]);
        out.add_curve_to_target(
            target,
            AnimatableCurve::new(
                animated_field!(Transform::translation),
                AnimatableKeyframeCurve::new(positions).expect("increasing times"),
            ),
        );
        out.add_curve_to_target(
            target,
            AnimatableCurve::new(
                animated_field!(Transform::rotation),
                AnimatableKeyframeCurve::new(rotations).expect("increasing times"),
            ),
        );
    }
    out
}

struct Scene {
    app: App,
    player: Entity,
    joints: Vec<Entity>,
    nodes: Vec<AnimationNodeIndex>,
}

fn scene(clips: &[Clip; 2]) -> Scene {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        AssetPlugin::default(),
        TransformPlugin,
        AnimationPlugin,
        HookePlugin,
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
        1.0 / FPS,
    )));
    let world = app.world_mut();
    let handles = [
        world
            .resource_mut::<Assets<AnimationClip>>()
            .add(bevy_clip(&clips[0], 100, 5.0)),
        world
            .resource_mut::<Assets<AnimationClip>>()
            .add(bevy_clip(&clips[1], 1000, 5.0)),
    ];
    let (graph, nodes) = AnimationGraph::from_clips(handles);
    let graph = world.resource_mut::<Assets<AnimationGraph>>().add(graph);
    let player = world
        .spawn((
            AnimationPlayer::default(),
            AnimationGraphHandle(graph),
            InertialTransitions::new(RigProfile::new(HALFLIFE).expect("valid halflife")),
            Transform::IDENTITY,
        ))
        .id();
    let rig = &clips[0];
    let mut joints: Vec<Entity> = Vec::new();
    for (j, name) in rig.joint_names().iter().enumerate() {
        let parent = rig.parents()[j].map_or(player, |p| joints[p]);
        let rest = Transform::from_translation(rig.local_positions(0)[j]);
        let id = world
            .spawn((
                rest,
                AnimationTargetId::from_iter([name]),
                AnimatedBy(player),
                ChildOf(parent),
            ))
            .id();
        joints.push(id);
    }
    Scene {
        app,
        player,
        joints,
        nodes,
    }
}

impl Scene {
    fn play(&mut self, clip: usize, mode: TransitionMode) {
        let mut entity = self.app.world_mut().entity_mut(self.player);
        let (mut transitions, mut player) = entity
            .get_components_mut::<(&mut InertialTransitions, &mut AnimationPlayer)>()
            .expect("player");
        transitions
            .play(&mut player, self.nodes[clip], mode)
            .expect("valid mode");
    }

    fn step(&mut self) -> Vec<Vec3> {
        self.app.update();
        let world = self.app.world();
        self.joints
            .iter()
            .map(|&j| {
                world
                    .get::<GlobalTransform>(j)
                    .expect("joint")
                    .translation()
            })
            .collect()
    }
}

/// Largest second difference of any joint's position over windows centred on `centres`.
fn max_acceleration(frames: &[Vec<Vec3>], centres: impl Iterator<Item = usize>) -> f32 {
    let dt = 1.0 / FPS;
    let mut worst = 0.0_f32;
    for i in centres {
        for (j, now) in frames[i].iter().enumerate() {
            let a = (frames[i + 1][j] - 2.0 * *now + frames[i - 1][j]) / (dt * dt);
            worst = worst.max(a.length());
        }
    }
    worst
}

/// Plays the switch sequence with `mode`: (acceleration at the switches, elsewhere).
fn run(clips: &[Clip; 2], mode: TransitionMode) -> (f32, f32) {
    let mut scene = scene(clips);
    scene.play(0, TransitionMode::Cut);
    let warm_up = 10;
    let mut frames = Vec::new();
    let mut switches = Vec::new();
    for f in 0..warm_up + (SWITCHES + 1) * EVERY {
        if f >= warm_up + EVERY && (f - warm_up) % EVERY == 0 {
            scene.play(((f - warm_up) / EVERY) % 2, mode);
            switches.push(frames.len());
        }
        frames.push(scene.step());
    }
    let at = max_acceleration(&frames, switches.iter().flat_map(|&s| s - 1..s + 2));
    let away = max_acceleration(
        &frames,
        (warm_up + 1..frames.len() - 1)
            .filter(|&i| switches.iter().all(|&s| i + 2 < s || i > s + 30)),
    );
    (at, away)
}

fn main() {
    let load = |path: &str| Clip::from_bvh(&Bvh::from_path(path).expect("data/cmu clip"));
    let clips = [load(WALK), load(CLIMB)];
    println!(
        "Largest joint acceleration at {SWITCHES} switches between CMU 01_01 (walk) and 01_03 \
         (climb), {} joints, {FPS} fps, Bevy 0.20 animation + hooke-bevy:",
        clips[0].joint_count()
    );
    let (cut, clips_alone) = run(&clips, TransitionMode::Cut);
    let (fade, _) = run(&clips, TransitionMode::CrossFade(FADE));
    let (inertial, _) = run(&clips, TransitionMode::Inertialize);
    println!("  clips alone (away from switches) {clips_alone:>10.0} units/s²");
    println!("  cut                              {cut:>10.0} units/s²");
    println!(
        "  crossfade {:.2} s                 {fade:>10.0} units/s²",
        FADE.as_secs_f32()
    );
    println!("  inertialize (halflife {HALFLIFE} s)     {inertial:>10.0} units/s²");
    println!(
        "  inertialize / cut = {:.3}, inertialize / crossfade = {:.3}",
        inertial / cut,
        inertial / fade
    );
}
