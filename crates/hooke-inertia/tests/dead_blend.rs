//! Dead blending on the CMU clips: continuity at the transition, the live input exactly after the
//! blend time, agreement with `hooke::scalar`'s dead blends, and mixed modes in one batch.

mod common;

use common::driver::{BONES, Driver, dt};
use common::*;
use hooke::scalar::{DeadBlendQuat, DeadBlendVec3};
use hooke_inertia::{BlendMode, BlendProfile, RootPolicy};

const BLEND_TIME: f32 = 0.25;
const HALFLIFE: f32 = 0.1;

fn driver(characters: usize) -> Driver {
    let starts = (0..characters)
        .map(|c| Cursor {
            clip: c % 2,
            frame: 300 + 211 * c,
        })
        .collect();
    let mut d = Driver::new(
        starts,
        BlendProfile::uniform(BONES, 0.1).unwrap(),
        RootPolicy::Local,
    );
    // Odd characters dead-blend, even ones inertialize: both modes in one batch.
    for c in (1..characters).step_by(2) {
        let mode = BlendMode::DeadBlend {
            blend_time: BLEND_TIME,
            halflife: HALFLIFE,
        };
        d.inertializer.set_mode(c, mode).unwrap();
    }
    for _ in 0..10 {
        d.step();
    }
    d
}

#[test]
fn dead_blend_is_continuous_and_ends_on_the_input() {
    let mut d = driver(6);
    for round in 0..3 {
        for c in 0..6 {
            let to = Cursor {
                clip: (c + round) % 2,
                frame: 1 + (1000 + 333 * c + 97 * round) % 2700,
            };
            let (before, after) = d.switch(c, to).unwrap();
            assert!(position_error(&after.positions, &before.positions) <= 1e-5);
            assert!(rotation_error(&after.rotations, &before.rotations) <= 1e-5);
            assert!(velocity_error_units(&after.velocities, &before.velocities) <= 1.0);
            assert!(
                velocity_error_units(&after.angular_velocities, &before.angular_velocities) <= 1.0
            );
        }
        // Round 0 lets the blends finish; later rounds switch again mid-blend (after 5 frames).
        let frames = if round == 0 {
            (BLEND_TIME / dt()).ceil() as usize + 1
        } else {
            5
        };
        for _ in 0..frames {
            d.step();
        }
        if round == 0 {
            for c in (1..6).step_by(2) {
                assert!(!d.inertializer.is_blending(c).unwrap());
                // Exactly the live input once the blend time has passed.
                assert_eq!(character(&d.output, c), character(&d.input, c));
            }
        }
    }
}

#[test]
fn dead_blend_matches_scalar_dead_blends() {
    let mut d = driver(2);
    let c = 1;
    let to = Cursor {
        clip: 0,
        frame: 2100,
    };
    let before = character(&d.output, c);
    d.switch(c, to).unwrap();
    let mut pos: Vec<DeadBlendVec3> = vec![DeadBlendVec3::default(); BONES];
    let mut rot: Vec<DeadBlendQuat> = vec![DeadBlendQuat::default(); BONES];
    for b in 0..BONES {
        pos[b].transition(
            before.positions[b],
            before.velocities[b],
            BLEND_TIME,
            HALFLIFE,
        );
        rot[b].transition(
            before.rotations[b],
            before.angular_velocities[b],
            BLEND_TIME,
            HALFLIFE,
        );
    }
    let mut worst = [0.0_f32; 2];
    for _ in 0..40 {
        d.step();
        let input = character(&d.input, c);
        let out = character(&d.output, c);
        for b in 0..BONES {
            let (x, v) = pos[b].update(input.positions[b], input.velocities[b], dt());
            let (q, w) = rot[b].update(input.rotations[b], input.angular_velocities[b], dt());
            worst[0] = worst[0].max(position_error(&[out.positions[b]], &[x]));
            worst[0] = worst[0].max(position_error(&[out.velocities[b]], &[v]));
            worst[1] = worst[1].max(rotation_error(&[out.rotations[b]], &[q]));
            worst[1] = worst[1].max(position_error(&[out.angular_velocities[b]], &[w]));
        }
    }
    eprintln!(
        "dead blend vs hooke::scalar: positions/velocities {:.2e}, rotations/angular {:.2e}",
        worst[0], worst[1]
    );
    assert!(worst[0] <= 1e-5 && worst[1] <= 1e-4, "{worst:?}");
}

#[test]
fn curves_are_inertialized_and_dead_blended() {
    use hooke_inertia::{Inertializer, Pose, PoseBatch};
    let profile = BlendProfile::uniform(1, 0.1)
        .unwrap()
        .with_curves(&[0.05, 0.2])
        .unwrap();
    let mut i = Inertializer::new(2, profile, RootPolicy::Local).unwrap();
    i.set_mode(
        1,
        BlendMode::DeadBlend {
            blend_time: 0.2,
            halflife: 0.1,
        },
    )
    .unwrap();
    let src = Pose::rest(1).with_curves(vec![1.0, 0.0], vec![2.0, -1.0]);
    let dst = Pose::rest(1).with_curves(vec![0.0, 0.5], vec![0.0, 0.0]);
    let mut input = PoseBatch::from_pose(2, src.as_ref()).unwrap();
    let mut output = input.clone();
    i.update(1.0 / 60.0, &input, &mut output).unwrap();
    for c in 0..2 {
        i.transition(c, src.as_ref(), dst.as_ref()).unwrap();
        input.set_character(c, dst.as_ref()).unwrap();
    }
    i.update(0.0, &input, &mut output).unwrap();
    for c in 0..2 {
        let out = output.character(c).unwrap();
        assert!((out.curves[0] - 1.0).abs() < 1e-6 && (out.curves[1]).abs() < 1e-6);
        assert!((out.curve_velocities[0] - 2.0).abs() < 1e-5);
        assert!((out.curve_velocities[1] + 1.0).abs() < 1e-5);
    }
    for _ in 0..120 {
        i.update(1.0 / 60.0, &input, &mut output).unwrap();
    }
    for c in 0..2 {
        let out = output.character(c).unwrap();
        assert!((out.curves[0]).abs() < 1e-4 && (out.curves[1] - 0.5).abs() < 1e-3);
    }
}
