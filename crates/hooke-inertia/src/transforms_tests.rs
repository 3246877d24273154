//! Tests of [`PoseBatch::set_transforms`] and [`PoseBatch::write_transforms`]: the same batch as
//! `set_character` of each character with zero velocities, every invalid input rejected with
//! the error `set_character` gives (nothing written), and the columns read back exactly.

use super::*;
use crate::bulk::{self, tests::Draws};
use crate::pose::Pose;
use crate::validate::check_rotation;
use hooke::error::UNIT_QUAT_TOLERANCE;

fn transforms(draws: &mut Draws, lanes: usize) -> Vec<BoneTransform> {
    (0..lanes)
        .map(|_| BoneTransform::new(draws.vec3(), draws.rotation()))
        .collect()
}

/// `set_character` of each character of `transforms` from `first` on, velocities zero, curves
/// as the batch holds them ([`bulk::tests::one_by_one`] of the characters as one pose).
fn one_by_one(batch: &PoseBatch, first: usize, transforms: &[BoneTransform]) -> PoseBatch {
    let (_, bones, curves) = batch.shape();
    let n = transforms.len() / bones;
    let lanes = first * curves..(first + n) * curves;
    let poses = Pose {
        positions: transforms.iter().map(|t| t.position).collect(),
        velocities: vec![Vec3::ZERO; transforms.len()],
        rotations: transforms.iter().map(|t| t.rotation).collect(),
        angular_velocities: vec![Vec3::ZERO; transforms.len()],
        curves: batch.curve_values.as_slice()[lanes.clone()].to_vec(),
        curve_velocities: batch.curve_velocities.as_slice()[lanes].to_vec(),
        scales: Vec::new(),
        scale_velocities: Vec::new(),
    };
    bulk::tests::one_by_one(batch, first, &poses)
}

#[test]
fn transforms_equal_set_character_with_zero_velocities_bit_for_bit() {
    let mut draws = Draws(0x2545_f491_4f6c_dd1d);
    // 31 bones: lane groups straddle characters; odd starts: stores not aligned to a group;
    // 3 bones: fewer lanes than a group.
    for (characters, bones, curves, range) in [
        (7, 31, 0, 0..7),
        (7, 31, 2, 2..5),
        (9, 3, 1, 1..2),
        (4, 8, 0, 3..4),
    ] {
        let mut batch = PoseBatch::new(characters, bones, curves).unwrap();
        // Velocities and curves in flight, which the transforms zero and keep.
        let mut rest = Draws(7);
        for c in 0..characters {
            let mut pose = Pose::rest(bones);
            pose.velocities.iter_mut().for_each(|v| *v = rest.vec3());
            pose.curves = (0..curves).map(|_| rest.next()).collect();
            pose.curve_velocities = (0..curves).map(|_| rest.next()).collect();
            batch.set_character(c, pose.as_ref()).unwrap();
        }
        let values = transforms(&mut draws, range.len() * bones);
        let expected = one_by_one(&batch, range.start, &values);
        batch.set_transforms(range.clone(), &values).unwrap();
        assert_eq!(batch, expected, "{characters} x {bones}, {range:?}");
    }
}

#[test]
fn written_transforms_are_the_columns() {
    let (characters, bones) = (5, 13);
    let mut batch = PoseBatch::new(characters, bones, 0).unwrap();
    let values = transforms(&mut Draws(11), characters * bones);
    batch.set_transforms(0..characters, &values).unwrap();
    let mut out = vec![BoneTransform::new(Vec3::NAN, Quat::NAN); characters * bones];
    batch.write_transforms(&mut out).unwrap();
    for (lane, t) in out.iter().enumerate() {
        let expected = (batch.positions().get(lane), batch.rotations().get(lane));
        assert_eq!((t.position, t.rotation), expected, "lane {lane}");
        assert_eq!(
            *t,
            BoneTransform::new(expected.0, expected.1),
            "padding zero"
        );
    }
}

#[test]
fn every_invalid_value_is_named_and_nothing_is_written() {
    let (characters, bones) = (6, 7);
    type Spoil = fn(&mut BoneTransform);
    let spoils: [(Spoil, &str, &str); 5] = [
        (|t| t.position.y = f32::NAN, "input.positions", "NotFinite"),
        (
            |t| t.position.z = f32::INFINITY,
            "input.positions",
            "NotFinite",
        ),
        (
            |t| t.rotation = Quat::from_xyzw(0.0, f32::NAN, 0.0, 1.0),
            "input.rotations",
            "NotFinite",
        ),
        (
            |t| t.rotation = Quat::from_xyzw(0.0, 0.0, 0.0, 0.5),
            "input.rotations",
            "NotUnit",
        ),
        (
            |t| t.rotation = Quat::from_xyzw(0.0, 0.0, 0.0, 0.0),
            "input.rotations",
            "NotUnit",
        ),
    ];
    // Lanes at both ends, inside a group, and in the last partial group.
    for lane in [0, 5, 8, 13, 27] {
        for (spoil, field, kind) in spoils {
            let mut values = transforms(&mut Draws(3), 4 * bones);
            spoil(&mut values[lane]);
            let mut batch = PoseBatch::new(characters, bones, 0).unwrap();
            let before = batch.clone();
            let err = batch.set_transforms(2..6, &values).unwrap_err();
            assert_eq!(batch, before, "nothing written");
            let (character, bone) = (2 + lane / bones, lane % bones);
            let (found, named) = match err {
                InertiaError::NotFinite {
                    field,
                    character: c,
                    bone: b,
                    ..
                } => ((field, "NotFinite"), (c, b)),
                InertiaError::NotUnit {
                    field,
                    character: c,
                    bone: b,
                    ..
                } => ((field, "NotUnit"), (c, b)),
                other => panic!("lane {lane}: {other:?}"),
            };
            assert_eq!(
                (found, named),
                ((field, kind), (character, bone)),
                "lane {lane}"
            );
        }
    }
}

#[test]
fn rotations_at_the_unit_boundary_follow_the_rule() {
    for length in [
        1.0 - UNIT_QUAT_TOLERANCE * 1.001,
        1.0 - UNIT_QUAT_TOLERANCE * 0.999,
        1.0 + UNIT_QUAT_TOLERANCE * 0.999,
        1.0 + UNIT_QUAT_TOLERANCE * 1.001,
    ] {
        let mut values = transforms(&mut Draws(5), 18);
        values[12].rotation = Quat::from_rotation_y(0.3) * length;
        let mut batch = PoseBatch::new(2, 9, 0).unwrap();
        let single = batch.clone();
        let expected = check_rotation(INPUT.rotations, 1, 3, values[12].rotation);
        let result = batch.set_transforms(0..2, &values);
        assert_eq!(result.is_ok(), expected.is_ok(), "length {length}");
        match result {
            Ok(()) => assert_eq!(batch, one_by_one(&single, 0, &values)),
            Err(err) => assert_eq!(Err(err), expected.map(|_| ())),
        }
    }
}

#[test]
fn wrong_lengths_and_ranges_are_errors() {
    let mut batch = PoseBatch::new(4, 3, 0).unwrap();
    let before = batch.clone();
    let values = transforms(&mut Draws(9), 6);
    let length = |err: InertiaError, field: &str| matches!(err, InertiaError::Param(hooke::ParamError::LengthMismatch { name, .. }) if name == field);
    assert!(length(
        batch.set_transforms(0..2, &values[..5]).unwrap_err(),
        "transforms"
    ));
    assert!(length(
        batch.set_transforms(0..1, &values).unwrap_err(),
        "transforms"
    ));
    let out_of_range = batch.set_transforms(3..5, &values).unwrap_err();
    assert!(matches!(
        out_of_range,
        InertiaError::Param(hooke::ParamError::IndexOutOfRange {
            name: "character",
            index: 4,
            ..
        })
    ));
    #[allow(clippy::reversed_empty_ranges)]
    let reversed = batch.set_transforms(2..1, &[]).unwrap_err();
    assert!(matches!(
        reversed,
        InertiaError::Param(hooke::ParamError::IndexOutOfRange {
            name: "characters.start",
            ..
        })
    ));
    assert_eq!(batch, before);
    let mut out = vec![BoneTransform::IDENTITY; 11];
    assert!(length(batch.write_transforms(&mut out).unwrap_err(), "out"));
    assert!(batch.set_transforms(4..4, &[]).is_ok());
}

#[test]
fn valid_transforms_take_the_vectorised_check_alone() {
    let values = transforms(&mut Draws(13), 37);
    assert!(clearly_valid(&values));
    let mut spoiled = values.clone();
    spoiled[36].position.x = f32::NAN;
    assert!(!clearly_valid(&spoiled));
}
