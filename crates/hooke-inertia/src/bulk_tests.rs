//! Tests of [`PoseBatch::set_characters`]: the same batch as `set_character` of each character,
//! and every invalid input rejected with the error `set_character` gives, nothing written.

use super::*;
use crate::pose::Pose;
use hooke::error::UNIT_QUAT_TOLERANCE;

/// A small deterministic generator (xorshift), values in `[-1, 1)`.
pub(crate) struct Draws(pub(crate) u64);

impl Draws {
    pub(crate) fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }

    pub(crate) fn vec3(&mut self) -> Vec3 {
        Vec3::new(self.next(), self.next(), self.next()) * 3.0
    }

    /// A rotation whose length is off unit by up to 0.9 of the tolerance.
    pub(crate) fn rotation(&mut self) -> Quat {
        let q = Quat::from_xyzw(self.next(), self.next(), self.next(), self.next() + 1.5);
        q.normalize() * (1.0 + 0.9 * UNIT_QUAT_TOLERANCE * self.next())
    }
}

/// `n` concatenated random poses of `bones` bones and `curves` curves.
fn poses(draws: &mut Draws, n: usize, bones: usize, curves: usize) -> Pose {
    let lanes = n * bones;
    Pose {
        positions: (0..lanes).map(|_| draws.vec3()).collect(),
        velocities: (0..lanes).map(|_| draws.vec3()).collect(),
        rotations: (0..lanes).map(|_| draws.rotation()).collect(),
        angular_velocities: (0..lanes).map(|_| draws.vec3()).collect(),
        curves: (0..n * curves).map(|_| draws.next()).collect(),
        curve_velocities: (0..n * curves).map(|_| draws.next()).collect(),
        scales: Vec::new(),
        scale_velocities: Vec::new(),
    }
}

/// The batch `set_character` of each character of `poses` from `first` on gives.
pub(crate) fn one_by_one(batch: &PoseBatch, first: usize, poses: &Pose) -> PoseBatch {
    let (_, bones, curves) = batch.shape();
    let mut expected = batch.clone();
    let n = poses.rotations.len() / bones;
    for i in 0..n {
        let pose = poses.as_ref().character(i, bones, curves);
        expected.set_character(first + i, pose).unwrap();
    }
    expected
}

#[test]
fn many_characters_at_once_equal_one_by_one() {
    let mut draws = Draws(0x9e37_79b9_7f4a_7c15);
    // 31 bones: lane groups straddle characters; 5 characters: a remainder of lanes.
    for (characters, bones, curves, range) in [
        (7, 31, 2, 1..6),
        (3, 1, 0, 0..3),
        (20, 30, 0, 0..20),
        (4, 5, 1, 2..2),
    ] {
        let mut batch = PoseBatch::new(characters, bones, curves).unwrap();
        let poses = poses(&mut draws, range.len(), bones, curves);
        let expected = one_by_one(&batch, range.start, &poses);
        batch.set_characters(range, poses.as_ref()).unwrap();
        assert_eq!(batch, expected);
    }
}

#[test]
fn vectorised_normalisation_equals_the_rule_bit_for_bit() {
    let mut draws = Draws(7);
    let bits = |q: [f32; 4]| q.map(f32::to_bits);
    for _ in 0..20_000 {
        let q: [Quat; 8] = core::array::from_fn(|_| draws.rotation());
        let lanes = normalised8(transpose(&q));
        for (lane, q) in q.into_iter().enumerate() {
            let expected = validate::normalised(q).as_quat().to_array();
            assert_eq!(bits(normalised_f32(q)), bits(expected));
            let simd = [
                lanes[0][lane],
                lanes[1][lane],
                lanes[2][lane],
                lanes[3][lane],
            ];
            assert_eq!(bits(simd), bits(expected));
        }
    }
}

#[test]
fn scales_are_stored_as_set_character_stores_them() {
    let mut draws = Draws(11);
    let (n, bones) = (3, 4);
    let mut batch = PoseBatch::with_scales(n, bones, 0).unwrap();
    let mut poses = poses(&mut draws, n, bones, 0);
    poses.scales = (0..n * bones)
        .map(|i| Vec3::splat(1.0 + i as f32))
        .collect();
    poses.scale_velocities = vec![Vec3::X; n * bones];
    let expected = one_by_one(&batch, 0, &poses);
    batch.set_characters(0..n, poses.as_ref()).unwrap();
    assert_eq!(batch, expected);
    // Without scales: every scale 1, at rest.
    poses.scales.clear();
    poses.scale_velocities.clear();
    let expected = one_by_one(&batch, 0, &poses);
    batch.set_characters(0..n, poses.as_ref()).unwrap();
    assert_eq!(batch, expected);
}

/// Sets lane `lane` of `poses` invalid through `spoil`, then checks that `set_characters`
/// fails with `set_character`'s error for that character and writes nothing.
fn rejected(spoil: impl Fn(&mut Pose, usize), lane: usize) -> InertiaError {
    let (characters, bones, curves) = (6, 7, 2);
    let mut poses = poses(&mut Draws(3), 4, bones, curves);
    spoil(&mut poses, lane);
    let mut batch = PoseBatch::new(characters, bones, curves).unwrap();
    let before = batch.clone();
    let err = batch.set_characters(2..6, poses.as_ref()).unwrap_err();
    assert_eq!(batch, before, "nothing written");
    let (i, bone) = (lane / bones, lane % bones);
    let single = poses.as_ref().character(i, bones, curves);
    let expected = batch.set_character(2 + i, single).unwrap_err();
    // Compared as text: the reported value may hold a NaN.
    let (err_text, expected_text) = (format!("{err:?}"), format!("{expected:?}"));
    assert_eq!(
        err_text,
        expected_text,
        "lane {lane} (character {}, bone {bone})",
        2 + i
    );
    err
}

/// The field an error names, and its kind.
fn field_of(err: &InertiaError) -> (&'static str, &'static str) {
    match *err {
        InertiaError::NotFinite { field, .. } => (field, "NotFinite"),
        InertiaError::NotUnit { field, .. } => (field, "NotUnit"),
        _ => ("", "other"),
    }
}

#[test]
fn every_invalid_value_is_named_and_nothing_is_written() {
    // Lane 3 sits in the first group of eight, lane 26 in the remainder (28 lanes).
    for lane in [3, 26] {
        let character = 2 + lane / 7;
        let bone = lane % 7;
        let err = rejected(|p, l| p.positions[l].y = f32::NAN, lane);
        assert!(
            matches!(err, InertiaError::NotFinite { field: "input.positions", character: c, bone: b, .. } if (c, b) == (character, bone))
        );
        let err = rejected(|p, l| p.velocities[l].z = f32::INFINITY, lane);
        assert_eq!(field_of(&err), ("input.velocities", "NotFinite"));
        let err = rejected(|p, l| p.angular_velocities[l].x = f32::NEG_INFINITY, lane);
        assert_eq!(field_of(&err), ("input.angular_velocities", "NotFinite"));
        let err = rejected(
            |p, l| p.rotations[l] = Quat::from_xyzw(0.0, 0.0, 0.0, 0.5),
            lane,
        );
        assert!(
            matches!(err, InertiaError::NotUnit { field: "input.rotations", character: c, bone: b, .. } if (c, b) == (character, bone))
        );
        let err = rejected(
            |p, l| p.rotations[l] = Quat::from_xyzw(0.0, 0.0, 0.0, 0.0),
            lane,
        );
        assert!(matches!(err, InertiaError::NotUnit { .. }));
        let err = rejected(|p, l| p.rotations[l].x = f32::NAN, lane);
        assert_eq!(field_of(&err), ("input.rotations", "NotFinite"));
        let err = rejected(
            |p, l| p.rotations[l] = Quat::from_xyzw(f32::MAX, 0.0, 0.0, 0.0),
            lane,
        );
        assert!(matches!(err, InertiaError::NotUnit { .. }));
    }
    let err = rejected(|p, _| p.curves[5] = f32::NAN, 2 * 7);
    assert!(matches!(
        err,
        InertiaError::NotFinite {
            field: "input.curves",
            character: 4,
            bone: 1,
            ..
        }
    ));
    let err = rejected(|p, _| p.curve_velocities[0] = f32::INFINITY, 0);
    assert!(matches!(
        err,
        InertiaError::NotFinite {
            field: "input.curve_velocities",
            character: 2,
            ..
        }
    ));
}

#[test]
fn rotations_at_the_unit_boundary_follow_the_rule() {
    // Lengths on both sides of the tolerance: the fast check leaves them to the rule.
    for length in [
        1.0 - UNIT_QUAT_TOLERANCE * 1.001,
        1.0 - UNIT_QUAT_TOLERANCE * 0.999,
        1.0 + UNIT_QUAT_TOLERANCE * 0.999,
        1.0 + UNIT_QUAT_TOLERANCE * 1.001,
    ] {
        let mut poses = poses(&mut Draws(5), 2, 9, 0);
        poses.rotations[12] = Quat::from_rotation_y(0.3) * length;
        let mut bulk = PoseBatch::new(2, 9, 0).unwrap();
        let mut single = bulk.clone();
        let bulk_result = bulk.set_characters(0..2, poses.as_ref());
        let single_result = (0..2).try_for_each(|c| {
            let pose = poses.as_ref().character(c, 9, 0);
            single.set_character(c, pose)
        });
        assert_eq!(bulk_result, single_result, "length {length}");
        if bulk_result.is_ok() {
            assert_eq!(bulk, single);
        }
    }
}

#[test]
fn wrong_lengths_and_ranges_are_errors() {
    let mut batch = PoseBatch::new(4, 3, 1).unwrap();
    let before = batch.clone();
    let good = poses(&mut Draws(9), 2, 3, 1);
    let length = |err: InertiaError, field: &str| matches!(err, InertiaError::Param(hooke::ParamError::LengthMismatch { name, .. }) if name == field);
    /// A pose field's name and how to cut it short.
    type Shorten = (&'static str, fn(&mut Pose));
    let shorten: [Shorten; 6] = [
        ("input.positions", |p| p.positions.truncate(1)),
        ("input.velocities", |p| p.velocities.truncate(1)),
        ("input.rotations", |p| p.rotations.truncate(1)),
        ("input.angular_velocities", |p| {
            p.angular_velocities.truncate(1)
        }),
        ("input.curves", |p| p.curves.truncate(1)),
        ("input.curve_velocities", |p| p.curve_velocities.truncate(1)),
    ];
    for (field, shorten) in shorten {
        let mut short = good.clone();
        shorten(&mut short);
        let err = batch.set_characters(0..2, short.as_ref()).unwrap_err();
        assert!(length(err, field), "{field}");
    }
    // Scales on a batch without a scale channel.
    let scaled = good
        .clone()
        .with_scales(vec![Vec3::ONE; 6], vec![Vec3::ZERO; 6]);
    let err = batch.set_characters(0..2, scaled.as_ref()).unwrap_err();
    assert!(matches!(
        err,
        InertiaError::NoScaleChannel {
            field: "input.scales"
        }
    ));
    // Poses of two characters for a range of three, past the end, reversed.
    let err = batch.set_characters(0..3, good.as_ref()).unwrap_err();
    assert!(length(err, "input.positions"));
    let err = batch.set_characters(3..5, good.as_ref()).unwrap_err();
    let past = hooke::ParamError::IndexOutOfRange {
        name: "character",
        index: 4,
        len: 4,
    };
    assert_eq!(err, InertiaError::Param(past));
    #[allow(clippy::reversed_empty_ranges)]
    let err = batch.set_characters(3..1, good.as_ref()).unwrap_err();
    assert!(matches!(
        err,
        InertiaError::Param(hooke::ParamError::IndexOutOfRange {
            name: "characters.start",
            ..
        })
    ));
    assert_eq!(batch, before, "nothing written");
}
