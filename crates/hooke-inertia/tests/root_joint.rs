//! `RootPolicy::AnchoredBone` (issue 19 part 2) on a rig whose ROOT joint stays at the origin and
//! a child carries the travel: the CMU walk rewritten with a static ROOT above its hips. Anchoring
//! the hips (bone 1) gives exactly what anchoring bone 0 gives on the original rig, and keeps the
//! hips' step across a seam near its median step; anchoring the static ROOT does not.

mod common;

use common::*;
use glam::Vec3;
use hooke_inertia::{BlendProfile, Inertializer, Pose, PoseBatch, PoseRef, RootPolicy};

/// Frame `frame` of the walk with a static ROOT joint inserted above its hips (bone k -> k + 1).
fn rewritten(frame: usize) -> Pose {
    let pose = PoseRef::from_clip(&clips()[0], frame);
    let mut out = Pose::rest(pose.bone_count() + 1);
    out.positions[1..].copy_from_slice(pose.positions);
    out.velocities[1..].copy_from_slice(pose.velocities);
    out.rotations[1..].copy_from_slice(pose.rotations);
    out.angular_velocities[1..].copy_from_slice(pose.angular_velocities);
    out
}

/// Plays frames `a` then, from the seam on, frames `b` of one character; returns the position of
/// `bone` in every output frame.
fn play(
    policy: RootPolicy,
    pose: &dyn Fn(usize) -> Pose,
    bone: usize,
    a: std::ops::Range<usize>,
    b: std::ops::Range<usize>,
) -> Vec<Vec3> {
    let bones = pose(1).rotations.len();
    let profile = BlendProfile::uniform(bones, 0.1).unwrap();
    let mut i = Inertializer::new(1, profile, policy).unwrap();
    let mut input = PoseBatch::new(1, bones, 0).unwrap();
    let mut output = input.clone();
    let mut shown = Vec::new();
    let dt = clips()[0].frame_time();
    for f in a.clone() {
        input.set_character(0, pose(f).as_ref()).unwrap();
        i.update(dt, &input, &mut output).unwrap();
        shown.push(output.positions().get(bone));
    }
    // The seam: from the source's next frame to the destination's first, shown undecayed.
    i.transition(0, pose(a.end).as_ref(), pose(b.start).as_ref())
        .unwrap();
    for (k, f) in b.enumerate() {
        input.set_character(0, pose(f).as_ref()).unwrap();
        let step = if k == 0 { 0.0 } else { dt };
        i.update(step, &input, &mut output).unwrap();
        shown.push(output.positions().get(bone));
    }
    shown
}

fn median_step(path: &[Vec3]) -> f32 {
    let mut steps: Vec<f32> = path.windows(2).map(|w| (w[1] - w[0]).length()).collect();
    steps.sort_by(f32::total_cmp);
    steps[steps.len() / 2]
}

#[test]
fn anchoring_the_travelling_child_is_anchoring_the_root_of_the_original_rig() {
    let up = Vec3::Y;
    let (a, b) = (100..300, 900..1100);
    let original = play(
        RootPolicy::Anchored { up },
        &|f| PoseRef::from_clip(&clips()[0], f).to_owned(),
        0,
        a.clone(),
        b.clone(),
    );
    let child = play(
        RootPolicy::AnchoredBone { up, bone: 1 },
        &rewritten,
        1,
        a.clone(),
        b.clone(),
    );
    for (f, (x, y)) in original.iter().zip(&child).enumerate() {
        assert!((*x - *y).length() < 1e-3, "frame {f}: {x} vs {y}");
    }
    // The hips' step across the seam stays near their median step with the child anchored...
    let seam = a.len();
    let median = median_step(&child);
    let across = (child[seam] - child[seam - 1]).length();
    let before = (child[seam - 1] - child[seam - 2]).length();
    let after = (child[seam + 1] - child[seam]).length();
    eprintln!("median {median} before {before} across {across} after {after}");
    // The source's own step into its next frame, then the destination's.
    assert!(
        across <= 2.0 * before.max(after),
        "{across} vs {before}, {after}"
    );
    // ... and with the static ROOT anchored, inertialization turns the hips' jump to where the
    // destination was recorded into a glide over the frames after the seam.
    let root = play(RootPolicy::Anchored { up }, &rewritten, 1, a.clone(), b);
    let largest = |path: &[Vec3]| {
        (seam..seam + 40)
            .map(|f| (path[f + 1] - path[f]).length())
            .fold(0.0_f32, f32::max)
    };
    let (glide, anchored) = (largest(&root), largest(&child));
    eprintln!("largest step after the seam: {glide} (ROOT anchored), {anchored} (hips anchored)");
    assert!(anchored <= 2.0 * before.max(after), "{anchored}");
    assert!(glide > 5.0 * anchored, "{glide} vs {anchored}");
}
