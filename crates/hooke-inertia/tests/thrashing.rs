//! Thrashing: a character switched to a distant pose every frame or two for hundreds of frames
//! (a state machine flickering between two states, the case of bevy issue #13910). The output must
//! stay continuous and bounded, with no "pose melting": every transition starts from the current
//! output (offsets are recomputed from it, never added onto the previous ones), so the output can
//! only move as fast as the offsets' critical springs let it, whatever the switch rate.
//!
//! Unreal's inertialization node instead tracks a "deficit" (the blend time still owed) and
//! stretches or drops requests that come faster than the blend; hooke needs no such bookkeeping:
//! a new transition folds the blend in flight into its offsets (docs/math.md §6.1).

mod common;

use common::driver::{BONES, Driver};
use common::*;
use hooke_inertia::{BlendMode, BlendProfile, RootPolicy};

/// Largest per-frame change of any joint's local position and rotation of character 0.
fn largest_steps(frames: &[hooke_inertia::Pose]) -> (f32, f32) {
    let mut worst = (0.0_f32, 0.0_f32);
    for pair in frames.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        worst.0 = worst.0.max(position_error(&b.positions, &a.positions));
        worst.1 = worst.1.max(rotation_error(&b.rotations, &a.rotations));
    }
    worst
}

/// The two poses the character is switched between: a climb frame and a walk frame.
const TARGETS: [Cursor; 2] = [
    Cursor {
        clip: 1,
        frame: 900,
    },
    Cursor {
        clip: 0,
        frame: 1500,
    },
];

/// Plays 400 frames, switching character 0 between a walk and a climb frame every `every`
/// frames; returns its output per frame.
fn play(mode: Option<BlendMode>, every: usize) -> Vec<hooke_inertia::Pose> {
    let start = Cursor {
        clip: 0,
        frame: 200,
    };
    let profile = BlendProfile::uniform(BONES, 0.1).unwrap();
    let mut driver = Driver::new(vec![start], profile, RootPolicy::Local);
    if let Some(mode) = mode {
        driver.inertializer.set_mode(0, mode).unwrap();
    }
    let targets = TARGETS;
    let mut frames = Vec::new();
    for frame in 0..400 {
        if frame % every == 0 {
            let to = targets[(frame / every) % 2];
            match mode {
                // A hard cut: the input jumps, nothing hides it.
                None => {
                    driver.cursors[0] = to;
                    driver.input.set_character(0, to.pose()).unwrap();
                }
                Some(_) => {
                    driver.switch(0, to).unwrap();
                }
            }
        }
        driver.step();
        frames.push(driver.output.character(0).unwrap());
    }
    frames
}

#[test]
fn switching_every_frame_or_two_stays_continuous_and_bounded() {
    let (cut_pos, cut_rot) = largest_steps(&play(None, 2));
    let modes = [
        BlendMode::Inertialize,
        BlendMode::DeadBlend {
            blend_time: 0.2,
            halflife: 0.1,
        },
    ];
    for mode in modes {
        for every in [1, 2] {
            let frames = play(Some(mode), every);
            for (f, pose) in frames.iter().enumerate() {
                for (b, q) in pose.rotations.iter().enumerate() {
                    assert!(
                        q.is_finite() && (q.length() - 1.0).abs() <= 1e-5,
                        "{mode:?} every {every}: frame {f} bone {b}: {q:?}"
                    );
                }
                assert!(pose.positions.iter().all(|p| p.is_finite()));
            }
            let (pos, rot) = largest_steps(&frames);
            eprintln!(
                "{mode:?}, switch every {every} frame(s): largest step {pos:.4} (cut {cut_pos:.4}), \
                 {rot:.4} rad (cut {cut_rot:.4})"
            );
            // Continuous: far below the cut's jumps, whatever the switch rate.
            assert!(
                pos <= 0.2 * cut_pos,
                "{mode:?} every {every}: {pos} vs cut {cut_pos}"
            );
            assert!(
                rot <= 0.2 * cut_rot,
                "{mode:?} every {every}: {rot} vs cut {cut_rot}"
            );
            // Bounded (no melting): the output never leaves the neighbourhood of the two poses it
            // is switched between.
            let last = frames.last().unwrap();
            let near = TARGETS.map(|c| position_error(&last.positions, c.pose().positions));
            let spread = position_error(
                Cursor {
                    clip: 1,
                    frame: 900,
                }
                .pose()
                .positions,
                Cursor {
                    clip: 0,
                    frame: 1500,
                }
                .pose()
                .positions,
            );
            assert!(
                near[0].min(near[1]) <= 2.0 * spread.max(1e-3),
                "{mode:?} every {every}: output {near:?} away, the poses {spread} apart"
            );
        }
    }
}
