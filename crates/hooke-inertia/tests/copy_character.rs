//! `PoseBatch::copy_character`: a bit-for-bit copy between batches of one rig, and a typed error
//! with nothing written for every invalid argument.

use glam::{Quat, Vec3};
use hooke_inertia::{InertiaError, Pose, PoseBatch};

/// A pose whose every value differs, with curves (and scales when `scales`).
fn pose(bones: usize, curves: usize, scales: bool, seed: f32) -> Pose {
    let mut p = Pose::rest(bones);
    for b in 0..bones {
        let f = seed + b as f32;
        p.positions[b] = Vec3::new(f, -f, 0.5 * f);
        p.velocities[b] = Vec3::new(0.1 * f, 2.0, -f);
        p.rotations[b] = Quat::from_rotation_x(0.1 * f) * Quat::from_rotation_y(0.37);
        p.angular_velocities[b] = Vec3::new(-0.2, f, 0.3);
    }
    p.curves = (0..curves).map(|c| seed + c as f32).collect();
    p.curve_velocities = (0..curves).map(|c| -(c as f32)).collect();
    if scales {
        p = p.with_scales(vec![Vec3::new(1.5, 2.0, 0.5); bones], vec![Vec3::X; bones]);
    }
    p
}

fn batch(characters: usize, bones: usize, curves: usize, scales: bool) -> PoseBatch {
    let mut b = if scales {
        PoseBatch::with_scales(characters, bones, curves).unwrap()
    } else {
        PoseBatch::new(characters, bones, curves).unwrap()
    };
    for c in 0..characters {
        b.set_character(c, pose(bones, curves, scales, c as f32).as_ref())
            .unwrap();
    }
    b
}

#[test]
fn copies_every_channel_bit_for_bit_between_batches_of_different_sizes() {
    for scales in [false, true] {
        let from = batch(5, 3, 2, scales);
        let mut to = batch(2, 3, 2, scales);
        let untouched = to.character(0).unwrap();
        // Character 0 onto character 0 as well (every lane range starts at 0).
        let mut first = batch(1, 3, 2, scales);
        first.copy_character(0, &from, 0).unwrap();
        assert_eq!(first.character(0).unwrap(), from.character(0).unwrap());
        to.copy_character(1, &from, 4).unwrap();
        assert_eq!(to.character(1).unwrap(), from.character(4).unwrap());
        assert_eq!(to.character(0).unwrap(), untouched);
        // Column by column, bit for bit (`character` converts scales back from logs).
        for bone in 0..3 {
            let (a, b) = (
                to.rotations().get(3 + bone),
                from.rotations().get(12 + bone),
            );
            assert_eq!(
                a.to_array().map(f32::to_bits),
                b.to_array().map(f32::to_bits)
            );
        }
        if scales {
            assert_eq!(
                to.log_scales().as_slice()[9..18],
                from.log_scales().as_slice()[36..45]
            );
        }
    }
}

#[test]
fn invalid_arguments_are_typed_errors_and_write_nothing() {
    let from = batch(3, 2, 1, false);
    let mut to = batch(2, 2, 1, false);
    let before = to.clone();
    let index = |name: &str, r: Result<(), InertiaError>| {
        assert!(
            matches!(
                r,
                Err(InertiaError::Param(hooke::ParamError::IndexOutOfRange { name: n, .. })) if n == name
            ),
            "{name}: {r:?}"
        );
    };
    index("character", to.copy_character(2, &from, 0));
    index("source", to.copy_character(0, &from, 3));
    let other_bones = batch(3, 3, 1, false);
    assert!(matches!(
        to.copy_character(0, &other_bones, 0),
        Err(InertiaError::ShapeMismatch {
            field: "from",
            expected: (3, 2, 1),
            found: (3, 3, 1)
        })
    ));
    let other_curves = batch(3, 2, 0, false);
    assert!(matches!(
        to.copy_character(0, &other_curves, 0),
        Err(InertiaError::ShapeMismatch { field: "from", .. })
    ));
    let with_scales = batch(3, 2, 1, true);
    assert!(matches!(
        to.copy_character(0, &with_scales, 0),
        Err(InertiaError::NoScaleChannel { field: "from" })
    ));
    assert_eq!(to, before);
}
