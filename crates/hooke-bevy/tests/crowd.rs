//! The crowd path with a stand-in animation system (exact, analytic clips): several characters
//! switching in one frame give what each gives switching alone, and the frame of a switch shows
//! the offsets undecayed (the old clip's continuation), decaying from the next frame on as an
//! independent `f64` critical spring; an invalid pose leaves only its character to the animation.

// Bevy system parameters are written without their lifetimes, as in Bevy's own examples.
#![allow(elided_lifetimes_in_paths)]
// Bones are indexed across several frames and characters at once.
#![allow(clippy::needless_range_loop)]

mod common;

use bevy_animation::graph::AnimationNodeIndex;
use bevy_animation::{AnimatedBy, AnimationPlayer, AnimationTargetId};
use bevy_app::{AnimationSystems, App, PostUpdate};
use bevy_ecs::prelude::*;
use bevy_time::Time;
use bevy_transform::components::Transform;
use glam::{DVec3, Quat, Vec3};
use hooke_bevy::{InertialTransitions, RigProfile, TransitionMode};

/// A power of two: frame times and elapsed times are exact.
const DT: f32 = 1.0 / 64.0;
const BONES: usize = 5;
const HALFLIFE: f32 = 0.1;

/// Clip 0 moves at constant linear and angular velocity, clip 1 holds still, clip 2 sways.
const LINEAR: usize = 0;
const STILL: usize = 1;
const SWAY: usize = 2;

#[derive(Component)]
struct Bone(usize);

#[derive(Component)]
struct Phase(f32);

fn velocity(bone: usize) -> Vec3 {
    Vec3::new(0.8, -0.3 * bone as f32, 0.5)
}

fn angular_velocity(bone: usize) -> Vec3 {
    Vec3::new(0.4, 1.1, -0.2 * bone as f32)
}

fn clip_pose(clip: usize, bone: usize, t: f32) -> (Vec3, Quat) {
    let b = bone as f32;
    match clip {
        LINEAR => (
            Vec3::new(b, 0.0, 0.0) + velocity(bone) * t,
            hooke::scalar::quat_from_scaled_angle_axis(angular_velocity(bone) * t),
        ),
        STILL => (
            Vec3::new(0.5, b, -0.3),
            Quat::from_rotation_x(0.7 + 0.1 * b),
        ),
        _ => (
            Vec3::new((2.0 * t + b).sin(), 0.5 * (1.5 * t).cos() + b, 0.2 * t),
            Quat::from_rotation_z((3.0 * t + b).sin()) * Quat::from_rotation_x(0.3 * b),
        ),
    }
}

/// Stand-in for Bevy's clip sampling: every bone from its player's main clip (0 before any).
fn animate(
    time: Res<Time>,
    players: Query<(&InertialTransitions, &Phase)>,
    mut bones: Query<(&Bone, &AnimatedBy, &mut Transform)>,
) {
    for (bone, by, mut transform) in &mut bones {
        let Ok((transitions, phase)) = players.get(by.0) else {
            continue;
        };
        let clip = transitions.main_animation().map_or(LINEAR, |n| n.index());
        let (x, q) = clip_pose(clip, bone.0, time.elapsed_secs() + phase.0);
        transform.translation = x;
        transform.rotation = q;
    }
}

struct Crowd {
    app: App,
    players: Vec<Entity>,
    bones: Vec<Vec<Entity>>,
}

impl Crowd {
    fn new(characters: usize) -> Crowd {
        let mut app = common::plugin_app();
        common::set_dt(&mut app, DT);
        app.add_systems(PostUpdate, animate.in_set(AnimationSystems));
        let profile = RigProfile::new(HALFLIFE).expect("valid halflife");
        let (mut players, mut bones) = (Vec::new(), Vec::new());
        for c in 0..characters {
            let world = app.world_mut();
            let player = world
                .spawn((
                    Phase(0.37 * c as f32),
                    AnimationPlayer::default(),
                    InertialTransitions::new(profile.clone()),
                ))
                .id();
            let rig = (0..BONES)
                .map(|b| {
                    world
                        .spawn((
                            Bone(b),
                            Transform::IDENTITY,
                            AnimationTargetId::from_iter([format!("bone{b}")]),
                            AnimatedBy(player),
                        ))
                        .id()
                })
                .collect();
            players.push(player);
            bones.push(rig);
        }
        let mut crowd = Crowd {
            app,
            players,
            bones,
        };
        for _ in 0..4 {
            crowd.app.update();
        }
        crowd
    }

    fn play(&mut self, character: usize, clip: usize, mode: TransitionMode) {
        let mut entity = self.app.world_mut().entity_mut(self.players[character]);
        let (mut transitions, mut player) = entity
            .get_components_mut::<(&mut InertialTransitions, &mut AnimationPlayer)>()
            .expect("player components");
        transitions
            .play(&mut player, AnimationNodeIndex::new(clip), mode)
            .expect("valid mode");
    }

    /// Runs one frame; every character's bones.
    fn step(&mut self) -> Vec<Vec<(Vec3, Quat)>> {
        self.app.update();
        let world = self.app.world();
        (self.bones.iter())
            .map(|rig| {
                rig.iter()
                    .map(|&b| {
                        let t = world.get::<Transform>(b).expect("bone");
                        (t.translation, t.rotation)
                    })
                    .collect()
            })
            .collect()
    }

    fn elapsed(&self) -> f32 {
        self.app.world().resource::<Time>().elapsed_secs()
    }
}

fn qdist(a: Quat, b: Quat) -> f32 {
    (a - b).length().min((a + b).length())
}

const CHARACTERS: usize = 4;

fn mode_of(character: usize) -> TransitionMode {
    if character == 3 {
        TransitionMode::DeadBlend {
            blend_time: 0.3,
            halflife: 0.1,
        }
    } else {
        TransitionMode::Inertialize
    }
}

/// Every character sways from frame 3 (blends in flight), then the characters of `switching`
/// switch to clip `STILL` at frame 8 and clip `LINEAR` at frame 9 (back to back), each with its
/// own mode; 60 frames of all characters.
fn run(switching: &[usize]) -> Vec<Vec<Vec<(Vec3, Quat)>>> {
    let mut crowd = Crowd::new(CHARACTERS);
    let mut frames = Vec::new();
    for f in 0..60 {
        if f == 3 {
            for c in 0..CHARACTERS {
                crowd.play(c, SWAY, TransitionMode::Inertialize);
            }
        }
        for &c in switching {
            match f {
                8 => crowd.play(c, STILL, mode_of(c)),
                9 => crowd.play(c, LINEAR, mode_of(c)),
                _ => {}
            }
        }
        frames.push(crowd.step());
    }
    frames
}

#[test]
fn several_characters_switching_in_one_frame_match_each_switching_alone() {
    let together = run(&[0, 1, 2, 3]);
    let idle = run(&[]);
    for c in 0..CHARACTERS {
        let alone = run(&[c]);
        let mut differs = 0.0_f32;
        for (f, (a, b)) in together.iter().zip(&alone).enumerate() {
            for bone in 0..BONES {
                let (x, y) = (a[c][bone], b[c][bone]);
                assert!(
                    (x.0 - y.0).length() < 1e-4 && qdist(x.1, y.1) < 1e-4,
                    "character {c}, frame {f}, bone {bone}: {x:?} together, {y:?} alone"
                );
                assert!(x.0.is_finite() && (x.1.length() - 1.0).abs() < 1e-5);
                differs = differs.max((x.0 - idle[f][c][bone].0).length());
            }
        }
        // The switches did something.
        assert!(differs > 0.1, "character {c}: {differs}");
    }
}

/// The critical spring's offset `tau` seconds after it started at `x0`, `v0` (halflife
/// `HALFLIFE`), in `f64`: `(x0 + (v0 + y x0) tau) e^(-y tau)`, `y = 2 ln2 / halflife`.
fn spring_offset(x0: DVec3, v0: DVec3, tau: f64) -> DVec3 {
    let y = 2.0 * core::f64::consts::LN_2 / f64::from(HALFLIFE);
    (x0 + (v0 + y * x0) * tau) * (-y * tau).exp()
}

#[test]
fn the_frame_of_a_switch_shows_the_offsets_undecayed() {
    let mut crowd = Crowd::new(1);
    for _ in 0..10 {
        crowd.step();
    }
    crowd.play(0, STILL, TransitionMode::Inertialize);
    let seam = crowd.step();
    let t = crowd.elapsed();
    // The old clip's continuation at the seam's time, exactly (it moves at constant
    // velocities, which the plugin measures and carries on), not one frame into the decay.
    for bone in 0..BONES {
        let (x, q) = clip_pose(LINEAR, bone, t);
        let (shown_x, shown_q) = seam[0][bone];
        assert!(
            (shown_x - x).length() < 1e-4 && qdist(shown_q, q) < 1e-4,
            "bone {bone}: {shown_x} {shown_q} vs the old clip's {x} {q}"
        );
    }
    // From the next frame the offsets decay from there: new clip + spring offset (the new
    // clip holds still, so the velocity measured the frame after changes nothing).
    for k in 1..40 {
        let frame = crowd.step();
        let tau = f64::from(k as f32 * DT);
        for bone in 0..BONES {
            let (src, dst) = (clip_pose(LINEAR, bone, t).0, clip_pose(STILL, bone, t).0);
            let x0 = (src - dst).as_dvec3();
            let expected = dst.as_dvec3() + spring_offset(x0, velocity(bone).as_dvec3(), tau);
            let err = (frame[0][bone].0.as_dvec3() - expected).length();
            assert!(err < 1e-4, "frame {k} after, bone {bone}: {err}");
        }
    }
}

/// Bone 2 of the character of `Poison` gets a rotation of length 0.5 after the animation
/// while `Poison` is on (an invalid pose, refused by hooke-inertia's checks).
#[derive(Resource)]
struct Poison {
    player: Entity,
    on: bool,
}

fn poison(poison: Res<Poison>, mut bones: Query<(&Bone, &AnimatedBy, &mut Transform)>) {
    for (bone, by, mut transform) in &mut bones {
        if poison.on && bone.0 == 2 && by.0 == poison.player {
            transform.rotation = Quat::from_xyzw(0.0, 0.0, 0.0, 0.5);
        }
    }
}

/// Every character sways from frame 3, character 1's pose is invalid in frames 10..20 if
/// `poisoned`; 40 frames of all characters.
fn run_poisoned(poisoned: bool) -> Vec<Vec<Vec<(Vec3, Quat)>>> {
    let mut crowd = Crowd::new(CHARACTERS);
    let player = crowd.players[1];
    crowd.app.insert_resource(Poison { player, on: false });
    crowd.app.add_systems(
        PostUpdate,
        poison
            .after(AnimationSystems)
            .before(hooke_bevy::HookeSystems::Inertialize),
    );
    let mut frames = Vec::new();
    for f in 0..40 {
        if f == 3 {
            for c in 0..CHARACTERS {
                crowd.play(c, SWAY, TransitionMode::Inertialize);
            }
        }
        crowd.app.world_mut().resource_mut::<Poison>().on = poisoned && (10..20).contains(&f);
        frames.push(crowd.step());
    }
    frames
}

#[test]
fn an_invalid_pose_leaves_its_character_to_the_animation_and_the_crowd_as_it_was() {
    let clean = run_poisoned(false);
    let poisoned = run_poisoned(true);
    let bits = |(x, q): (Vec3, Quat)| {
        (
            x.to_array().map(f32::to_bits),
            q.to_array().map(f32::to_bits),
        )
    };
    for (f, (a, b)) in clean.iter().zip(&poisoned).enumerate() {
        for c in [0, 2, 3] {
            for bone in 0..BONES {
                // The valid characters take the per-character path while one pose is invalid,
                // with the same result bit for bit.
                assert_eq!(
                    bits(a[c][bone]),
                    bits(b[c][bone]),
                    "character {c}, frame {f}"
                );
            }
        }
        if (10..20).contains(&f) {
            // Left to the animation: the invalid rotation stays, nothing is blended on it.
            assert_eq!(b[1][2].1, Quat::from_xyzw(0.0, 0.0, 0.0, 0.5), "frame {f}");
        } else {
            for bone in 0..BONES {
                let (x, q) = b[1][bone];
                assert!(
                    x.is_finite() && (q.length() - 1.0).abs() < 1e-5,
                    "frame {f}"
                );
            }
        }
    }
    // Character 1 was blending when its pose went bad (frame 10) and was left to the
    // animation: the poisoned run differs from the clean one there.
    let moved = (0..BONES).any(|bone| bits(clean[12][1][bone]) != bits(poisoned[12][1][bone]));
    assert!(moved);
}
