//! Per-frame cost of hooke-bevy for a crowd (500 characters x 30 bones): the plugin's systems in
//! total (bone mapping check, gather, transitions, SIMD pass, scatter) beside
//! hooke-inertia's kernel alone (`Inertializer::transition` of the switching characters and
//! `Inertializer::par_update` on the same shape, switching between the two stand-in clips' poses
//! so that translations and rotations carry offsets as in the plugin; and, as this example timed
//! it before 2026-11-28, switching between poses that differ in position only), per bone, and
//! the input floor through hooke-inertia's API (`PoseBatch::set_character` of every character,
//! `PoseBatch::set_characters` of all at once, and `PoseBatch::set_transforms` of all at once,
//! the path the plugin takes).
//!
//! The animation is a stand-in system that writes every bone's `Transform` in
//! `AnimationSystems` (so Bevy's own clip sampling is not counted); every character switches
//! clips once a second, staggered.
//!
//! ```text
//! cargo run --release -p hooke-bevy --example crowd_cost [characters] [bones]
//! ```

// Bevy system parameters are written without their lifetimes, as in Bevy's own examples.
#![allow(elided_lifetimes_in_paths)]

use std::time::{Duration, Instant};

use bevy_animation::graph::AnimationNodeIndex;
use bevy_animation::{AnimatedBy, AnimationPlayer, AnimationTargetId};
use bevy_app::{AnimationSystems, App, PostUpdate, TaskPoolPlugin, Update};
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::SingleThreadedExecutor;
use bevy_time::{Time, TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use bevy_transform::{TransformPlugin, TransformSystems};
use glam::{Quat, Vec3};
use hooke_bevy::{HookePlugin, HookeSystems, InertialTransitions, RigProfile, TransitionMode};
use hooke_inertia::{
    BlendProfile, BoneTransform, Inertializer, Pose, PoseBatch, PoseRef, RootPolicy,
};

const DT: f32 = 1.0 / 60.0;
const FRAMES: usize = 300;

#[derive(Component)]
struct Bone(u32);

#[derive(Component)]
struct Character(u32);

/// Start and end instants of the plugin's two system sets this frame.
#[derive(Resource, Default)]
struct Timer {
    marks: [Option<Instant>; 4],
    total: Vec<Duration>,
    /// The `Prepare` set alone (rig check, crossfades).
    prepare: Vec<Duration>,
}

fn mark<const I: usize>(mut timer: ResMut<Timer>) {
    timer.marks[I] = Some(Instant::now());
    if I == 3
        && let [Some(a), Some(b), Some(c), Some(d)] = timer.marks
    {
        let spent = (b - a) + (d - c);
        timer.total.push(spent);
        timer.prepare.push(b - a);
    }
}

fn pose(clip: usize, bone: u32, t: f32) -> (Vec3, Quat) {
    let b = bone as f32;
    if clip == 0 {
        (
            Vec3::new((2.0 * t + b).sin(), b, 0.0),
            Quat::from_rotation_z((3.0 * t + b).sin()),
        )
    } else {
        (
            Vec3::new(0.5, b + 0.3 * (2.0 * t).cos(), 0.2),
            Quat::from_rotation_x((2.0 * t - b).cos()),
        )
    }
}

/// Stand-in for Bevy's clip sampling: writes every bone from its character's clip.
fn animate(
    time: Res<Time>,
    players: Query<&InertialTransitions>,
    mut bones: Query<(&Bone, &AnimatedBy, &mut Transform)>,
) {
    let t = time.elapsed_secs();
    for (bone, by, mut transform) in &mut bones {
        let clip = players
            .get(by.0)
            .ok()
            .and_then(|p| p.main_animation())
            .map_or(0, |n| n.index() % 2);
        let (x, q) = pose(clip, bone.0, t);
        transform.translation = x;
        transform.rotation = q;
    }
}

/// Every character switches once a second, staggered over the frames.
fn switch(
    mut frame: Local<u64>,
    mut players: Query<(&Character, &mut AnimationPlayer, &mut InertialTransitions)>,
) {
    *frame += 1;
    for (c, mut player, mut transitions) in &mut players {
        if (u64::from(c.0) + *frame).is_multiple_of(60) {
            let next = match transitions.main_animation() {
                Some(n) if n.index() == 1 => 2,
                _ => 1,
            };
            transitions
                .play(
                    &mut player,
                    AnimationNodeIndex::new(next),
                    TransitionMode::Inertialize,
                )
                .expect("valid mode");
        }
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The median time of `run(frame)` over [`FRAMES`] frames.
fn timed(mut run: impl FnMut(usize)) -> Duration {
    let times = (0..FRAMES).map(|frame| {
        let start = Instant::now();
        run(frame);
        start.elapsed()
    });
    median(times.collect())
}

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<usize>().expect("a number"));
    let characters = args.next().unwrap_or(500);
    let bones = args.next().unwrap_or(30);
    let lanes = (characters * bones) as f64;

    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        TransformPlugin,
        HookePlugin,
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
        DT,
    )))
    .init_resource::<Timer>()
    .add_systems(Update, switch)
    .add_systems(PostUpdate, animate.in_set(AnimationSystems))
    .add_systems(
        PostUpdate,
        (
            mark::<0>.before(HookeSystems::Prepare),
            mark::<1>
                .after(HookeSystems::Prepare)
                .before(AnimationSystems),
            mark::<2>
                .after(AnimationSystems)
                .before(HookeSystems::Inertialize),
            mark::<3>
                .after(HookeSystems::Inertialize)
                .before(TransformSystems::Propagate),
        ),
    );
    // One system at a time, so that the marks time hooke-bevy's systems and nothing else.
    app.edit_schedule(PostUpdate, |schedule| {
        schedule.set_executor(SingleThreadedExecutor::new());
    });
    let profile = RigProfile::new(0.1).expect("valid halflife");
    for c in 0..characters {
        let world = app.world_mut();
        let player = world
            .spawn((
                Character(c as u32),
                AnimationPlayer::default(),
                InertialTransitions::new(profile.clone()),
            ))
            .id();
        for b in 0..bones {
            world.spawn((
                Bone(b as u32),
                Transform::IDENTITY,
                AnimationTargetId::from_iter([format!("bone{b}")]),
                AnimatedBy(player),
            ));
        }
    }
    for _ in 0..10 {
        app.update();
    }
    app.world_mut().resource_mut::<Timer>().total.clear();
    app.world_mut().resource_mut::<Timer>().prepare.clear();
    for _ in 0..FRAMES {
        app.update();
    }
    let plugin = median(app.world_mut().resource_mut::<Timer>().total.clone());
    let prepare = median(app.world_mut().resource_mut::<Timer>().prepare.clone());

    // hooke-inertia's kernel alone, same shape, same switching rate: a fresh inertializer
    // switching characters from `from` to `to`, one second of frames to reach the steady state,
    // then timed.
    let input = PoseBatch::new(characters, bones, 0).unwrap();
    let mut output = PoseBatch::new(characters, bones, 0).unwrap();
    let mut kernel_alone = |from: &Pose, to: &Pose| {
        let mut inertializer = Inertializer::new(
            characters,
            BlendProfile::uniform(bones, 0.1).expect("valid"),
            RootPolicy::Local,
        )
        .expect("valid");
        let mut frame = |frame: usize| {
            for c in (frame % 60..characters).step_by(60) {
                inertializer
                    .transition(c, from.as_ref(), to.as_ref())
                    .expect("valid poses");
            }
            inertializer
                .par_update(DT, &input, &mut output)
                .expect("valid shapes");
        };
        (0..60).for_each(&mut frame);
        timed(frame)
    };
    // The switch of the stand-in animation: from clip 0's pose to clip 1's, which differ in
    // position and rotation, so that both halves of the kernel (translations and rotations)
    // carry offsets, as in the plugin's frames.
    let clip_pose = |clip: usize| {
        let mut p = Pose::rest(bones);
        for b in 0..bones {
            (p.positions[b], p.rotations[b]) = pose(clip, b as u32, 0.0);
        }
        p
    };
    let (clip_a, clip_b) = (clip_pose(0), clip_pose(1));
    let kernel = kernel_alone(&clip_a, &clip_b);
    // The switch this example timed before 2026-11-28: a position offset only (rotations
    // identity on both sides), so that the kernel's rotation half stays at rest.
    let mut moved = Pose::rest(bones);
    moved.positions.iter_mut().for_each(|x| *x = Vec3::X);
    let kernel_translations = kernel_alone(&moved, &Pose::rest(bones));

    // The input floor through hooke-inertia's API: `PoseBatch::set_character` (which checks
    // and normalises every bone) of every character, which the plugin does every frame.
    let mut input = input;
    let filled = timed(|frame| {
        let pose = if frame % 2 == 0 { &clip_a } else { &clip_b };
        for c in 0..characters {
            input.set_character(c, pose.as_ref()).expect("valid pose");
        }
    });

    // The same through the bulk path the plugin uses: every character in one
    // `PoseBatch::set_characters` (checked eight lanes at a time).
    let concatenated = |pose: &Pose| -> (Vec<Vec3>, Vec<Quat>) {
        let positions = (0..characters).flat_map(|_| pose.positions.iter().copied());
        let rotations = (0..characters).flat_map(|_| pose.rotations.iter().copied());
        (positions.collect(), rotations.collect())
    };
    let (clip_a_all, clip_b_all) = (concatenated(&clip_a), concatenated(&clip_b));
    let zeros = vec![Vec3::ZERO; characters * bones];
    let bulk = timed(|frame| {
        let (positions, rotations) = if frame % 2 == 0 {
            &clip_a_all
        } else {
            &clip_b_all
        };
        let poses = PoseRef {
            positions,
            velocities: &zeros,
            rotations,
            angular_velocities: &zeros,
            curves: &[],
            curve_velocities: &[],
            scales: &[],
            scale_velocities: &[],
        };
        input
            .set_characters(0..characters, poses)
            .expect("valid poses");
    });

    // The plugin's path: every character's transforms in one `PoseBatch::set_transforms`.
    let transforms = |pose: &Pose| -> Vec<BoneTransform> {
        let one = pose.positions.iter().zip(&pose.rotations);
        let one: Vec<BoneTransform> = one.map(|(x, q)| BoneTransform::new(*x, *q)).collect();
        (0..characters).flat_map(|_| one.iter().copied()).collect()
    };
    let (clip_a_transforms, clip_b_transforms) = (transforms(&clip_a), transforms(&clip_b));
    let bulk_transforms = timed(|frame| {
        let all = if frame % 2 == 0 {
            &clip_a_transforms
        } else {
            &clip_b_transforms
        };
        input
            .set_transforms(0..characters, all)
            .expect("valid transforms");
    });

    let per_bone = |d: Duration| d.as_secs_f64() * 1e9 / lanes;
    println!(
        "{characters} characters x {bones} bones, {} lanes, median of {FRAMES} frames, SIMD: {}",
        characters * bones,
        hooke::simd_backend().name()
    );
    println!(
        "  hooke-bevy plugin, total per frame   {:>8.1} us  {:>6.1} ns/bone",
        plugin.as_secs_f64() * 1e6,
        per_bone(plugin)
    );
    println!(
        "    of which Prepare (rig check)        {:>8.1} us  {:>6.1} ns/bone",
        prepare.as_secs_f64() * 1e6,
        per_bone(prepare)
    );
    println!(
        "  hooke-inertia kernel alone            {:>8.1} us  {:>6.1} ns/bone",
        kernel.as_secs_f64() * 1e6,
        per_bone(kernel)
    );
    println!(
        "    translation offsets only (before)   {:>8.1} us  {:>6.1} ns/bone",
        kernel_translations.as_secs_f64() * 1e6,
        per_bone(kernel_translations)
    );
    println!(
        "  PoseBatch::set_character, all         {:>8.1} us  {:>6.1} ns/bone",
        filled.as_secs_f64() * 1e6,
        per_bone(filled)
    );
    println!(
        "  PoseBatch::set_characters, all        {:>8.1} us  {:>6.1} ns/bone",
        bulk.as_secs_f64() * 1e6,
        per_bone(bulk)
    );
    println!(
        "  PoseBatch::set_transforms, all        {:>8.1} us  {:>6.1} ns/bone",
        bulk_transforms.as_secs_f64() * 1e6,
        per_bone(bulk_transforms)
    );
    let ratio = |d: Duration| d.as_secs_f64() / kernel.as_secs_f64();
    println!(
        "  plugin / kernel = {:.2}   set_character / kernel = {:.2}   set_characters / kernel = {:.2}   set_transforms / kernel = {:.2}",
        ratio(plugin),
        ratio(filled),
        ratio(bulk),
        ratio(bulk_transforms)
    );
}
