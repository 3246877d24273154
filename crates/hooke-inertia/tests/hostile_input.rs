//! Regression tests for the defects of issue 7 in `hooke-inertia`: non-unit rotations under large
//! angular velocities, a panic with an anchored rig without bones, aborts and silent overflow on
//! impossible sizes, and NaN or infinity from poses at the `f32` limits.

mod common;

use common::hostile::check_finite_unit;
use common::{CLIMB, clips};
use glam::{Quat, Vec3};
use hooke::scalar::{inertialize_transition_quat, inertialize_update_quat};
use hooke_inertia::{
    BlendMode, BlendProfile, InertiaError, Inertializer, Pose, PoseBatch, PoseRef, RootPolicy,
};

/// Angle between two rotations in radians (shortest path), in `f64`.
fn angle_between(a: Quat, b: Quat) -> f64 {
    let d = a.as_dquat().normalize().dot(b.as_dquat().normalize());
    2.0 * d.abs().min(1.0).acos()
}

/// One character of `bones` bones, switched from `source` to `destination`, updated by `dt`.
fn one_update(
    profile: BlendProfile,
    root: RootPolicy,
    mode: BlendMode,
    (source, destination): (&Pose, &Pose),
    dt: f32,
) -> PoseBatch {
    let bones = profile.bone_count();
    let mut inertializer = Inertializer::new(1, profile, root).unwrap();
    inertializer.set_mode(0, mode).unwrap();
    inertializer
        .transition(0, source.as_ref(), destination.as_ref())
        .unwrap();
    let mut input = PoseBatch::new(1, bones, 0).unwrap();
    input.set_character(0, destination.as_ref()).unwrap();
    let mut output = input.clone();
    inertializer.update(0.0, &input, &mut output).unwrap();
    inertializer.update(dt, &input, &mut output).unwrap();
    output
}

/// The scalar twin of one bone's rotation: transition from `src` to `dst`, then one update.
fn scalar_rotation(src: (Quat, Vec3), dst: (Quat, Vec3), halflife: f32, dt: f32) -> Quat {
    let (mut off_q, mut off_w) = (Quat::IDENTITY, Vec3::ZERO);
    inertialize_transition_quat(&mut off_q, &mut off_w, src.0, src.1, dst.0, dst.1);
    let (mut out_q, mut out_w) = (Quat::IDENTITY, Vec3::ZERO);
    inertialize_update_quat(
        &mut out_q, &mut out_w, &mut off_q, &mut off_w, dst.0, dst.1, halflife, dt,
    );
    out_q
}

#[test]
fn clip_01_03_transition_3436_to_3430_stays_unit_and_matches_the_scalar_twin() {
    let clip = &clips()[1];
    assert!(CLIMB.ends_with("01_03.bvh"));
    let (src, dst) = (Pose::from_clip(clip, 3436), Pose::from_clip(clip, 3430));
    let bones = src.positions.len();
    let halflife = 0.1;
    let profile = BlendProfile::uniform(bones, halflife).unwrap();
    let output = one_update(
        profile,
        RootPolicy::Local,
        BlendMode::Inertialize,
        (&src, &dst),
        0.08,
    );
    check_finite_unit(&output, 1e-6).unwrap();
    let mut worst = 0.0_f64;
    for b in 0..bones {
        let want = scalar_rotation(
            (src.rotations[b], src.angular_velocities[b]),
            (dst.rotations[b], dst.angular_velocities[b]),
            halflife,
            0.08,
        );
        worst = worst.max(angle_between(output.rotations().get(b), want));
    }
    assert!(worst < 2e-5, "worst rotation difference {worst:e} rad");
}

#[test]
fn spinning_offsets_stay_unit_for_any_angular_velocity_and_dt() {
    let halflife = 0.1;
    let dst_q = Quat::from_rotation_y(0.3);
    for w in [
        10.0, 411.0, 800.0, 1e4, 3e5, 1e6, 1e12, 1e20, 1e30, 3e38, -3e38,
    ] {
        for dt in [1.0 / 60.0, 0.1, 1.0, 1e3, 1e30] {
            let mut src = Pose::rest(1);
            src.angular_velocities[0] = Vec3::new(w, 0.3 * w, -0.2 * w).clamp_length_max(3e38);
            src.rotations[0] = Quat::from_rotation_x(2.5);
            let mut dst = Pose::rest(1);
            dst.rotations[0] = dst_q;
            let profile = BlendProfile::uniform(1, halflife).unwrap();
            let output = one_update(
                profile,
                RootPolicy::Local,
                BlendMode::Inertialize,
                (&src, &dst),
                dt,
            );
            check_finite_unit(&output, 1e-6).unwrap_or_else(|e| panic!("w {w}, dt {dt}: {e}"));
            // Where the decayed angle is well conditioned in f32, the scalar twin agrees.
            let turn = f64::from(src.angular_velocities[0].length()) * f64::from(dt);
            if turn <= 1e4 {
                let want = scalar_rotation(
                    (src.rotations[0], src.angular_velocities[0]),
                    (dst_q, Vec3::ZERO),
                    halflife,
                    dt,
                );
                let got = output.rotations().get(0);
                let bound = 1e-5 + 4.0 * f64::from(f32::EPSILON) * turn;
                let diff = angle_between(got, want);
                assert!(diff <= bound, "w {w}, dt {dt}: {diff:e} > {bound:e}");
            }
        }
    }
}

#[test]
fn anchored_root_with_zero_bones_updates_without_panic() {
    let profile = BlendProfile::uniform(0, 0.1).unwrap();
    let root = RootPolicy::Anchored { up: Vec3::Y };
    let mut inertializer = Inertializer::new(3, profile, root).unwrap();
    let input = PoseBatch::new(3, 0, 0).unwrap();
    let mut output = input.clone();
    inertializer
        .transition(1, Pose::rest(0).as_ref(), Pose::rest(0).as_ref())
        .unwrap();
    inertializer.update(0.1, &input, &mut output).unwrap();
    inertializer.par_update(0.1, &input, &mut output).unwrap();
    assert_eq!(output, input);
}

#[test]
fn too_many_characters_is_a_size_overflow_error() {
    let characters = usize::MAX / 31 + 1;
    let profile = BlendProfile::uniform(31, 0.1).unwrap();
    let err = Inertializer::new(characters, profile, RootPolicy::Local).unwrap_err();
    assert!(
        matches!(err, InertiaError::SizeOverflow { count, per_item: 31, .. } if count == characters),
        "{err:?}"
    );
    let err = PoseBatch::new(characters, 31, 0).unwrap_err();
    assert!(matches!(err, InertiaError::SizeOverflow { .. }), "{err:?}");
    let err = PoseBatch::new(characters, 1, 31).unwrap_err();
    assert!(
        matches!(
            err,
            InertiaError::SizeOverflow {
                what: "pose curves",
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("do not fit"), "{err}");
}

#[test]
fn unallocatable_crowd_is_an_out_of_memory_error() {
    // 2^40 characters of 31 bones: 3.4e13 lanes, far beyond any machine's memory.
    let characters = 1 << 40;
    let profile = BlendProfile::uniform(31, 0.1).unwrap();
    let err = Inertializer::new(characters, profile, RootPolicy::Local).unwrap_err();
    assert!(
        matches!(
            err,
            InertiaError::Param(hooke::ParamError::OutOfMemory { .. })
        ),
        "{err:?}"
    );
    let err = PoseBatch::new(characters, 31, 0).unwrap_err();
    assert!(
        matches!(
            err,
            InertiaError::Param(hooke::ParamError::OutOfMemory { .. })
        ),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("out of memory"), "{err}");
}

/// A pose of `bones` bones with every vector at `sign * 3e38`.
fn extreme_pose(bones: usize, sign: f32, rotation: Quat) -> Pose {
    let mut pose = Pose::rest(bones);
    let v = Vec3::new(3e38, -3e38, 3e38) * sign;
    pose.positions.fill(v);
    pose.velocities.fill(v);
    pose.angular_velocities.fill(v);
    pose.rotations.fill(rotation);
    pose
}

/// A source and a destination pose at the f32 limits, three bones each.
fn extreme_poses() -> (Pose, Pose) {
    (
        extreme_pose(3, 1.0, Quat::from_rotation_z(3.0)),
        extreme_pose(3, -1.0, Quat::from_rotation_x(-2.0)),
    )
}

#[test]
fn poses_at_f32_limits_inertialize_to_finite_output() {
    let (src, dst) = extreme_poses();
    for root in [RootPolicy::Local, RootPolicy::Anchored { up: Vec3::Y }] {
        for halflife in [0.0, 0.1, 1e6, 3e38] {
            for dt in [0.0, 1.0 / 60.0, 0.1, 1e6, 3e38] {
                let profile = BlendProfile::uniform(3, halflife).unwrap();
                let output = one_update(profile, root, BlendMode::Inertialize, (&src, &dst), dt);
                check_finite_unit(&output, 1e-6)
                    .unwrap_or_else(|e| panic!("{root:?}, halflife {halflife}, dt {dt}: {e}"));
            }
        }
    }
}

#[test]
fn poses_at_f32_limits_dead_blend_to_finite_output_at_dt_zero() {
    let (src, dst) = extreme_poses();
    for root in [RootPolicy::Local, RootPolicy::Anchored { up: Vec3::Y }] {
        for dt in [0.0, 1.0 / 60.0, 0.1, 1e6] {
            let mode = BlendMode::DeadBlend {
                blend_time: 0.3,
                halflife: 0.1,
            };
            let profile = BlendProfile::uniform(3, 0.1).unwrap();
            let output = one_update(profile, root, mode, (&src, &dst), dt);
            check_finite_unit(&output, 1e-6).unwrap_or_else(|e| panic!("{root:?}, dt {dt}: {e}"));
        }
    }
}

#[test]
fn curves_at_f32_limits_give_finite_output() {
    let profile = BlendProfile::uniform(1, 0.1)
        .unwrap()
        .with_curves(&[0.1, 1e6])
        .unwrap();
    let src = Pose::rest(1).with_curves(vec![3e38, -3e38], vec![3e38, 3e38]);
    let dst = Pose::rest(1).with_curves(vec![-3e38, 3e38], vec![-3e38, -3e38]);
    for mode in [
        BlendMode::Inertialize,
        BlendMode::DeadBlend {
            blend_time: 0.3,
            halflife: 1e6,
        },
    ] {
        for dt in [0.0, 0.1, 1e6] {
            let mut inertializer =
                Inertializer::new(1, profile.clone(), RootPolicy::Local).unwrap();
            inertializer.set_mode(0, mode).unwrap();
            inertializer
                .transition(0, src.as_ref(), dst.as_ref())
                .unwrap();
            let mut input = PoseBatch::new(1, 1, 2).unwrap();
            input.set_character(0, dst.as_ref()).unwrap();
            let mut output = input.clone();
            inertializer.update(dt, &input, &mut output).unwrap();
            check_finite_unit(&output, 1e-6).unwrap_or_else(|e| panic!("{mode:?}, dt {dt}: {e}"));
        }
    }
}

/// The repro of issue 7 through `PoseRef` (no copy), as the issue wrote it.
#[test]
fn clip_01_03_repro_through_pose_refs_stays_unit() {
    let clip = &clips()[1];
    let bones = clip.joint_count();
    let profile = BlendProfile::uniform(bones, 0.1).unwrap();
    let mut inertializer = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
    inertializer
        .transition(
            0,
            PoseRef::from_clip(clip, 3436),
            PoseRef::from_clip(clip, 3430),
        )
        .unwrap();
    let mut input = PoseBatch::new(1, bones, 0).unwrap();
    input
        .set_character(0, PoseRef::from_clip(clip, 3430))
        .unwrap();
    let mut output = input.clone();
    inertializer.update(0.08, &input, &mut output).unwrap();
    check_finite_unit(&output, 1e-6).unwrap();
}
