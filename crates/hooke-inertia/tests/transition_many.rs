//! `Inertializer::transition_many` against `transition` per listed character (issue 19 part 1):
//! same outputs within 1e-4 on the CMU clips, with blends in flight, every root policy, curves,
//! scales, dead blends and model-space bones; checked inputs that change nothing on error.

mod common;

use common::driver::BONES;
use common::*;
use glam::Vec3;
use hooke_inertia::{BlendMode, BlendProfile, InertiaError, Inertializer, PoseBatch, RootPolicy};

const CHARACTERS: usize = 40;
const CURVES: usize = 2;

/// A batch of every character at a frame of a clip chosen by `rng`, with curves and scales.
fn batch(rng: &mut Rng) -> PoseBatch {
    let mut batch = PoseBatch::with_scales(CHARACTERS, BONES, CURVES).unwrap();
    for c in 0..CHARACTERS {
        let clip = rng.below(2);
        let frame = 1 + rng.below(clips()[clip].frame_count() - 1);
        let scales = (0..BONES).map(|_| Vec3::splat(0.5 + rng.unit())).collect();
        let scale_velocities = (0..BONES).map(|_| Vec3::splat(rng.unit() - 0.5)).collect();
        let pose = Cursor { clip, frame }
            .pose()
            .to_owned()
            .with_curves(vec![rng.unit(), -rng.unit()], vec![rng.unit(), 0.0])
            .with_scales(scales, scale_velocities);
        batch.set_character(c, pose.as_ref()).unwrap();
    }
    batch
}

fn max_difference(a: &PoseBatch, b: &PoseBatch) -> f32 {
    let lanes = CHARACTERS * BONES;
    let mut worst = 0.0_f32;
    for lane in 0..lanes {
        let d = [
            (a.positions().get(lane) - b.positions().get(lane)).length(),
            (a.velocities().get(lane) - b.velocities().get(lane)).length() / 10.0,
            rotation_error(&[a.rotations().get(lane)], &[b.rotations().get(lane)]),
            (a.angular_velocities().get(lane) - b.angular_velocities().get(lane)).length() / 10.0,
        ];
        worst = d.into_iter().fold(worst, f32::max);
        if std::env::var("DEBUG_MANY").is_ok() && d.iter().any(|&d| d > 1e-4) {
            eprintln!("lane {lane}: {d:?}");
        }
    }
    for (x, y) in [(a.curves(), b.curves()), (a.log_scales(), b.log_scales())] {
        for (x, y) in x.as_slice().iter().zip(y.as_slice()) {
            worst = worst.max((x - y).abs());
        }
    }
    worst
}

fn check_against_transition(profile: BlendProfile, root: RootPolicy, dead: bool) {
    let mut rng = Rng(19);
    let mut many = Inertializer::new(CHARACTERS, profile, root).unwrap();
    if dead {
        for c in (0..CHARACTERS).step_by(3) {
            let mode = BlendMode::DeadBlend {
                blend_time: 0.3,
                halflife: 0.1,
            };
            many.set_mode(c, mode).unwrap();
        }
    }
    let mut one = many.clone();
    let mut input = batch(&mut rng);
    let (mut out_many, mut out_one) = (input.clone(), input.clone());
    for round in 0..4 {
        let destination = batch(&mut rng);
        // A different subset each round, in a shuffled order.
        let mut list: Vec<usize> = (0..CHARACTERS).filter(|_| rng.below(3) != 0).collect();
        for k in (1..list.len()).rev() {
            list.swap(k, rng.below(k + 1));
        }
        many.transition_many(&list, &input, &destination).unwrap();
        for &c in &list {
            let (src, dst) = (character(&input, c), character(&destination, c));
            one.transition(c, src.as_ref(), dst.as_ref()).unwrap();
        }
        for &c in &list {
            let pose = character(&destination, c);
            input.set_character(c, pose.as_ref()).unwrap();
        }
        for step in 0..5 {
            let dt = if step == 0 { 0.0 } else { 1.0 / 60.0 };
            many.update(dt, &input, &mut out_many).unwrap();
            one.update(dt, &input, &mut out_one).unwrap();
            let d = max_difference(&out_many, &out_one);
            assert!(d < 1e-4, "round {round} step {step}: {d}");
        }
    }
}

fn profile() -> BlendProfile {
    let parents = clips()[0].parents().to_vec();
    BlendProfile::uniform(BONES, 0.1)
        .unwrap()
        .with_bone_halflife(3, 0.2)
        .unwrap()
        .exclude(7)
        .unwrap()
        .with_curves(&[0.1, 0.05])
        .unwrap()
        .with_scales()
        .with_parents(&parents)
        .unwrap()
}

#[test]
fn same_as_transition_per_character_local() {
    check_against_transition(profile(), RootPolicy::Local, false);
}

#[test]
fn same_as_transition_per_character_anchored() {
    check_against_transition(profile(), RootPolicy::Anchored { up: Vec3::Y }, false);
}

#[test]
fn same_as_transition_per_character_dead_blends() {
    check_against_transition(profile(), RootPolicy::Anchored { up: Vec3::Y }, true);
}

#[test]
fn same_as_transition_per_character_model_space_bones() {
    let head = clips()[0].joint_index("Head").unwrap();
    let profile = profile().with_world_rotation(head).unwrap();
    check_against_transition(profile, RootPolicy::Local, false);
}

/// Each rejected call names what is wrong and leaves every character as it was.
#[test]
fn checked_inputs_change_nothing() {
    let mut rng = Rng(3);
    let profile = profile();
    let mut i = Inertializer::new(CHARACTERS, profile, RootPolicy::Local).unwrap();
    let (src, dst) = (batch(&mut rng), batch(&mut rng));
    i.transition_many(&[0, 5, 9], &src, &dst).unwrap();
    let before = i.clone();
    let expect_unchanged = |i: &Inertializer| {
        let mut a = src.clone();
        let mut b = src.clone();
        i.clone().update(0.01, &src, &mut a).unwrap();
        before.clone().update(0.01, &src, &mut b).unwrap();
        assert_eq!(a, b);
    };

    let err = i
        .transition_many(&[1, 2, CHARACTERS], &src, &dst)
        .unwrap_err();
    assert_eq!(
        err,
        InertiaError::Param(hooke::ParamError::IndexOutOfRange {
            name: "characters",
            index: CHARACTERS,
            len: CHARACTERS,
        })
    );
    expect_unchanged(&i);

    let err = i.transition_many(&[4, 8, 12, 8], &src, &dst).unwrap_err();
    assert_eq!(
        err,
        InertiaError::DuplicateCharacter {
            character: 8,
            first: 1,
            second: 3,
        }
    );
    expect_unchanged(&i);

    let small = PoseBatch::with_scales(CHARACTERS - 1, BONES, CURVES).unwrap();
    let err = i.transition_many(&[1], &src, &small).unwrap_err();
    assert!(matches!(
        err,
        InertiaError::ShapeMismatch {
            field: "destination",
            ..
        }
    ));
    let unscaled = PoseBatch::new(CHARACTERS, BONES, CURVES).unwrap();
    let err = i.transition_many(&[1], &unscaled, &dst).unwrap_err();
    assert_eq!(err, InertiaError::NoScaleChannel { field: "source" });
    expect_unchanged(&i);

    // An empty list is fine and changes nothing.
    i.transition_many(&[], &src, &dst).unwrap();
    expect_unchanged(&i);
}

/// Poses near the `f32` limits: the lanes that overflow go through the saturating path, the
/// output stays finite.
#[test]
fn extreme_poses_stay_finite() {
    let profile = BlendProfile::uniform(BONES, 0.1).unwrap();
    let mut i = Inertializer::new(2, profile, RootPolicy::Local).unwrap();
    let mut far = hooke_inertia::Pose::rest(BONES);
    let mut near = hooke_inertia::Pose::rest(BONES);
    for b in (0..BONES).step_by(3) {
        far.positions[b] = Vec3::splat(f32::MAX);
        far.velocities[b] = Vec3::splat(-f32::MAX);
        near.positions[b] = Vec3::splat(-f32::MAX);
        near.angular_velocities[b] = Vec3::splat(f32::MAX);
    }
    let src = PoseBatch::from_pose(2, far.as_ref()).unwrap();
    let dst = PoseBatch::from_pose(2, near.as_ref()).unwrap();
    for _ in 0..3 {
        i.transition_many(&[1, 0], &src, &dst).unwrap();
        i.transition_many(&[0], &dst, &src).unwrap();
    }
    let mut out = dst.clone();
    i.update(1.0 / 60.0, &dst, &mut out).unwrap();
    hostile::check_finite_unit(&out, 1e-5).unwrap();
}
