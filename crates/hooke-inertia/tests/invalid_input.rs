//! One test per invalid input: each is rejected with a typed error naming the field, character
//! and bone where it enters, and leaves the state untouched.

use glam::{Quat, Vec3};
use hooke::ParamError;
use hooke_inertia::{
    BlendMode, BlendProfile, InertiaError, Inertializer, Pose, PoseBatch, RootPolicy,
};

const BONES: usize = 4;

fn setup() -> (Inertializer, PoseBatch, PoseBatch) {
    let profile = BlendProfile::uniform(BONES, 0.1).unwrap();
    let i = Inertializer::new(3, profile, RootPolicy::Local).unwrap();
    (
        i,
        PoseBatch::new(3, BONES, 0).unwrap(),
        PoseBatch::new(3, BONES, 0).unwrap(),
    )
}

fn moving() -> Pose {
    let mut p = Pose::rest(BONES);
    for b in 0..BONES {
        p.positions[b] = Vec3::new(b as f32, 1.0, 0.0);
        p.velocities[b] = Vec3::X;
        p.rotations[b] = Quat::from_rotation_y(0.3 * b as f32);
        p.angular_velocities[b] = Vec3::Z;
    }
    p
}

/// A transition with `bad` as destination fails with `want` and changes nothing.
fn rejected(bad: Pose, want: impl Fn(&InertiaError) -> bool) {
    let (mut i, input, mut out) = setup();
    i.transition(1, moving().as_ref(), Pose::rest(BONES).as_ref())
        .unwrap();
    let before = format!("{i:?}");
    let err = i
        .transition(1, Pose::rest(BONES).as_ref(), bad.as_ref())
        .unwrap_err();
    assert!(want(&err), "unexpected error {err:?}");
    assert_eq!(
        format!("{i:?}"),
        before,
        "state changed by a rejected transition"
    );
    i.update(1.0 / 60.0, &input, &mut out).unwrap();
    let pose = out.character(1).unwrap();
    assert!(pose.positions.iter().all(|v| v.is_finite()));
    assert!(pose.rotations.iter().all(|q| q.is_finite()));
}

#[test]
fn wrong_bone_count() {
    rejected(Pose::rest(BONES + 1), |e| {
        matches!(
            e,
            InertiaError::Param(ParamError::LengthMismatch {
                name: "destination.positions",
                expected: 4,
                found: 5
            })
        )
    });
    let mut short = moving();
    short.angular_velocities.pop();
    rejected(short, |e| {
        matches!(
            e,
            InertiaError::Param(ParamError::LengthMismatch {
                name: "destination.angular_velocities",
                ..
            })
        )
    });
}

#[test]
fn wrong_bone_count_in_batch_input() {
    let (_, mut input, _) = setup();
    let err = input.set_character(0, Pose::rest(2).as_ref()).unwrap_err();
    assert!(matches!(
        err,
        InertiaError::Param(ParamError::LengthMismatch {
            name: "input.positions",
            ..
        })
    ));
}

#[test]
fn wrong_curve_count() {
    let bad = moving().with_curves(vec![1.0], vec![0.0]);
    rejected(bad, |e| {
        matches!(
            e,
            InertiaError::Param(ParamError::LengthMismatch {
                name: "destination.curves",
                ..
            })
        )
    });
}

#[test]
fn non_unit_quaternion() {
    let mut bad = moving();
    bad.rotations[2] = Quat::from_xyzw(0.0, 0.0, 0.0, 0.9);
    rejected(bad, |e| {
        matches!(
            e,
            InertiaError::NotUnit {
                field: "destination.rotations",
                character: 1,
                bone: 2,
                ..
            }
        )
    });
}

#[test]
fn zero_quaternion() {
    let mut bad = moving();
    bad.rotations[0] = Quat::from_xyzw(0.0, 0.0, 0.0, 0.0);
    rejected(bad, |e| matches!(e, InertiaError::NotUnit { bone: 0, .. }));
}

#[test]
fn nan_quaternion() {
    let mut bad = moving();
    bad.rotations[3] = Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0);
    rejected(bad, |e| {
        matches!(
            e,
            InertiaError::NotFinite {
                field: "destination.rotations",
                bone: 3,
                ..
            }
        )
    });
}

#[test]
fn nearly_unit_quaternion_is_normalised() {
    let (mut i, mut input, mut out) = setup();
    let mut pose = moving();
    pose.rotations[1] *= 1.0005;
    i.transition(0, pose.as_ref(), moving().as_ref()).unwrap();
    input.set_character(0, pose.as_ref()).unwrap();
    assert!((input.rotations().get(1).length() - 1.0).abs() < 1e-6);
    i.update(0.0, &input, &mut out).unwrap();
    assert!((out.rotations().get(1).length() - 1.0).abs() < 1e-6);
}

#[test]
fn nan_position() {
    let mut bad = moving();
    bad.positions[1].y = f32::NAN;
    rejected(bad, |e| {
        matches!(
            e,
            InertiaError::NotFinite {
                field: "destination.positions",
                character: 1,
                bone: 1,
                ..
            }
        )
    });
}

#[test]
fn infinite_velocity() {
    let mut bad = moving();
    bad.velocities[2].x = f32::INFINITY;
    rejected(bad, |e| {
        matches!(
            e,
            InertiaError::NotFinite {
                field: "destination.velocities",
                bone: 2,
                ..
            }
        )
    });
}

#[test]
fn infinite_angular_velocity_in_source() {
    let (mut i, ..) = setup();
    let mut bad = moving();
    bad.angular_velocities[0].z = f32::NEG_INFINITY;
    let err = i
        .transition(2, bad.as_ref(), moving().as_ref())
        .unwrap_err();
    assert!(matches!(
        err,
        InertiaError::NotFinite {
            field: "source.angular_velocities",
            character: 2,
            bone: 0,
            ..
        }
    ));
}

#[test]
fn nan_curve() {
    let profile = BlendProfile::uniform(1, 0.1)
        .unwrap()
        .with_curves(&[0.1])
        .unwrap();
    let mut i = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
    let good = Pose::rest(1).with_curves(vec![0.0], vec![0.0]);
    let bad = Pose::rest(1).with_curves(vec![f32::NAN], vec![0.0]);
    let err = i.transition(0, good.as_ref(), bad.as_ref()).unwrap_err();
    assert!(matches!(
        err,
        InertiaError::NotFinite {
            field: "destination.curves",
            ..
        }
    ));
}

#[test]
fn negative_halflife() {
    let err = BlendProfile::uniform(3, -0.1).unwrap_err();
    assert!(matches!(
        err,
        InertiaError::Param(ParamError::InvalidAt {
            name: "halflife",
            index: 0,
            ..
        })
    ));
    let err = BlendProfile::uniform(3, 0.1)
        .unwrap()
        .with_bone_halflife(2, -1.0)
        .unwrap_err();
    assert!(matches!(
        err,
        InertiaError::Param(ParamError::InvalidAt {
            name: "halflife",
            index: 2,
            ..
        })
    ));
}

#[test]
fn nan_and_infinite_halflife() {
    assert!(BlendProfile::from_halflives(&[0.1, f32::NAN]).is_err());
    assert!(BlendProfile::uniform(1, f32::INFINITY).is_err());
    assert!(matches!(
        BlendProfile::uniform(1, 0.1).unwrap().with_curves(&[-0.5]),
        Err(InertiaError::Param(ParamError::InvalidAt {
            name: "halflife",
            index: 0,
            ..
        }))
    ));
}

#[test]
fn bone_index_out_of_range_in_profile() {
    let err = BlendProfile::uniform(3, 0.1)
        .unwrap()
        .exclude(3)
        .unwrap_err();
    assert_eq!(
        err,
        InertiaError::Param(ParamError::IndexOutOfRange {
            name: "bone",
            index: 3,
            len: 3
        })
    );
}

#[test]
fn character_out_of_range() {
    let (mut i, mut input, _) = setup();
    let want = InertiaError::Param(ParamError::IndexOutOfRange {
        name: "character",
        index: 3,
        len: 3,
    });
    let p = moving();
    assert_eq!(i.transition(3, p.as_ref(), p.as_ref()).unwrap_err(), want);
    assert_eq!(i.set_mode(3, BlendMode::Inertialize).unwrap_err(), want);
    assert_eq!(i.reset(3).unwrap_err(), want);
    assert_eq!(i.is_blending(3).unwrap_err(), want);
    assert_eq!(input.set_character(3, p.as_ref()).unwrap_err(), want);
    assert_eq!(input.character(3).unwrap_err(), want);
}

#[test]
fn negative_or_nan_dt() {
    let (mut i, input, mut out) = setup();
    for dt in [-1.0 / 60.0, f32::NAN, f32::INFINITY] {
        let err = i.update(dt, &input, &mut out).unwrap_err();
        assert!(matches!(
            err,
            InertiaError::Param(ParamError::Invalid { name: "dt", .. })
        ));
        assert!(i.par_update(dt, &input, &mut out).is_err());
    }
}

#[test]
fn mismatched_batch_shape() {
    let (mut i, input, _) = setup();
    let mut wrong = PoseBatch::new(2, BONES, 0).unwrap();
    let err = i.update(0.1, &input, &mut wrong).unwrap_err();
    assert!(matches!(
        err,
        InertiaError::ShapeMismatch {
            field: "output",
            ..
        }
    ));
    let err = i
        .update(0.1, &PoseBatch::new(3, BONES + 1, 0).unwrap(), &mut wrong)
        .unwrap_err();
    assert!(matches!(
        err,
        InertiaError::ShapeMismatch { field: "input", .. }
    ));
}

#[test]
fn invalid_dead_blend_times() {
    let (mut i, ..) = setup();
    let bad = BlendMode::DeadBlend {
        blend_time: -0.1,
        halflife: 0.1,
    };
    assert!(matches!(
        i.set_mode(0, bad).unwrap_err(),
        InertiaError::Param(ParamError::Invalid {
            name: "blend_time",
            ..
        })
    ));
    let bad = BlendMode::DeadBlend {
        blend_time: 0.1,
        halflife: f32::NAN,
    };
    assert!(matches!(
        i.set_mode(0, bad).unwrap_err(),
        InertiaError::Param(ParamError::Invalid {
            name: "halflife",
            ..
        })
    ));
    assert_eq!(i.mode(0).unwrap(), BlendMode::Inertialize);
}

#[test]
fn invalid_up_axis() {
    let profile = BlendProfile::uniform(1, 0.1).unwrap();
    for up in [Vec3::ZERO, Vec3::new(f32::NAN, 1.0, 0.0)] {
        let err = Inertializer::new(1, profile.clone(), RootPolicy::Anchored { up }).unwrap_err();
        assert!(matches!(err, InertiaError::InvalidUpAxis { .. }));
    }
}
