//! The root policy: a world-space root re-anchored at each transition, tested with back-to-back
//! transitions; and the reference's double counting, shown on the same data.

mod common;

use common::driver::{BONES, Driver, dt};
use common::*;
use glam::Vec3;
use hooke_inertia::{BlendProfile, Pose, RootPolicy};

fn anchored() -> Driver {
    let start = vec![Cursor {
        clip: 0,
        frame: 600,
    }];
    let profile = BlendProfile::uniform(BONES, 0.1).unwrap();
    let mut d = Driver::new(start, profile, RootPolicy::Anchored { up: Vec3::Y });
    for _ in 0..5 {
        d.step();
    }
    d
}

fn assert_c0_c1(before: &Pose, after: &Pose) {
    assert!(position_error(&after.positions, &before.positions) <= 1e-5);
    assert!(rotation_error(&after.rotations, &before.rotations) <= 1e-5);
    assert!(velocity_error_units(&after.velocities, &before.velocities) <= 1.0);
    assert!(velocity_error_units(&after.angular_velocities, &before.angular_velocities) <= 1.0);
}

#[test]
fn anchored_root_is_continuous_over_back_to_back_transitions_and_never_slides_back() {
    let mut d = anchored();
    let plan = [
        (
            Cursor {
                clip: 1,
                frame: 3000,
            },
            2,
        ),
        (
            Cursor {
                clip: 0,
                frame: 2000,
            },
            1,
        ),
        (
            Cursor {
                clip: 1,
                frame: 500,
            },
            0,
        ),
        (
            Cursor {
                clip: 0,
                frame: 100,
            },
            3,
        ),
    ];
    for (to, wait) in plan {
        let (before, after) = d.switch(0, to).unwrap();
        assert_c0_c1(&before, &after);
        // No root position offset is carried: the anchor absorbs the whole jump.
        for _ in 0..wait {
            d.step();
        }
    }
    for _ in 0..(1.5 / dt()) as usize {
        d.step();
    }
    // Settled: every bone equals its input, the root equals the anchored input root exactly
    // (nothing left over from any transition, counted once or twice).
    let (q, t) = d.inertializer.root_anchor(0).unwrap();
    let input = character(&d.input, 0);
    let out = character(&d.output, 0);
    let want_root = q * input.positions[0] + t;
    assert!(
        (out.positions[0] - want_root).length() < 1e-3,
        "{:?} vs {want_root:?}",
        out.positions[0]
    );
    assert!((out.velocities[0] - q * input.velocities[0]).length() < 1e-3);
    assert!(rotation_error(&out.rotations[..1], &[q * input.rotations[0]]) < 1e-5);
    assert!(position_error(&out.positions[1..], &input.positions[1..]) < 1e-5);
    assert!(rotation_error(&out.rotations[1..], &input.rotations[1..]) < 1e-5);
    // The anchor is a pure heading rotation about +y.
    assert!(q.x.abs() < 1e-6 && q.z.abs() < 1e-6);
}

/// The reference's root handling: re-anchor the destination root onto the current *output* root
/// and pass that output as both source and destination, so the root offset is kept as it is and
/// then added again on top of a destination that already includes it.
fn reference_root_transition(off_x: Vec3, output_root: Vec3) -> (Vec3, Vec3) {
    let (src, dst) = (output_root, output_root);
    let new_off = (src + off_x) - dst; // = off_x, unchanged
    (new_off, dst + new_off) // the new output: output_root + off_x
}

#[test]
fn reference_root_reanchoring_double_counts_the_offset() {
    // Mid-blend with a world-space root inertialized as an ordinary bone (Local policy).
    let start = vec![Cursor {
        clip: 0,
        frame: 600,
    }];
    let mut d = Driver::new(
        start,
        BlendProfile::uniform(BONES, 0.1).unwrap(),
        RootPolicy::Local,
    );
    d.switch(
        0,
        Cursor {
            clip: 1,
            frame: 3000,
        },
    )
    .unwrap();
    for _ in 0..4 {
        d.step();
    }
    let output_root = character(&d.output, 0).positions[0];
    let off_x = output_root - character(&d.input, 0).positions[0];
    assert!(
        off_x.length() > 1.0,
        "a large root offset is in flight: {off_x:?}"
    );
    let (_, reference_output) = reference_root_transition(off_x, output_root);
    // The reference pops by the whole offset in flight...
    assert!((reference_output - output_root).length() > 1.0);
    // ...while re-anchoring with the Anchored policy keeps the root where it is.
    let mut a = anchored();
    let (before, after) = a
        .switch(
            0,
            Cursor {
                clip: 1,
                frame: 3000,
            },
        )
        .unwrap();
    for _ in 0..4 {
        a.step();
    }
    let (before2, after2) = a
        .switch(
            0,
            Cursor {
                clip: 0,
                frame: 1500,
            },
        )
        .unwrap();
    assert!((after.positions[0] - before.positions[0]).length() < 1e-4);
    assert!((after2.positions[0] - before2.positions[0]).length() < 1e-4);
}
