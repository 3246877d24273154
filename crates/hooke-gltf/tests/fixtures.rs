//! Reading files written by an independent tool (glTF-Transform; see node/make-fixtures.mjs):
//! every interpolation mode against hand-computed values, rest transforms, the nodes above the
//! skeleton, external buffers, skins and animations by name and index, warnings.

use std::path::PathBuf;

use glam::{Quat, Vec3};
use hooke_bvh::Clip;
use hooke_gltf::{GltfError, ReadOptions, read_path};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn options(animation: Option<&str>, fps: Option<f64>) -> ReadOptions {
    ReadOptions {
        animation: animation.map(str::to_owned),
        fps,
        ..Default::default()
    }
}

fn near(a: Quat, b: Quat) -> bool {
    a.dot(b).abs() > 1.0 - 1e-9 || a.abs_diff_eq(b, 2e-6) || a.abs_diff_eq(-b, 2e-6)
}

#[test]
fn every_interpolation_matches_hand_computed_values() {
    for file in ["transform.glb", "transform.gltf"] {
        let read = read_path(fixture(file), &options(None, Some(4.0))).unwrap();
        assert_eq!(read.animation, "modes");
        assert_eq!(read.skin.as_deref(), Some("body"));
        assert_eq!(read.keyframe_rate, Some(1.0));
        let clip = Clip::from_bvh(&read.bvh);
        assert_eq!(clip.joint_names(), &["Root", "Spine", "Head", "Tail"]);
        assert_eq!(clip.frame_count(), 9, "0 to 2 s at 4 frames per second");
        assert_eq!(clip.frame_time(), 0.25);
        let z90 = Quat::from_rotation_z(std::f32::consts::FRAC_PI_2);
        let x90 = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
        let tail_rest = Quat::from_rotation_y(std::f32::consts::FRAC_PI_6);
        for f in 0..9 {
            let t = f as f32 * 0.25;
            // LINEAR translation (0,0,0) -> (1,2,3) over 0..1 s, then held; the Armature node
            // above the skeleton puts it at x + 10.
            let lin = Vec3::new(1.0, 2.0, 3.0) * t.min(1.0) + Vec3::X * 10.0;
            let p = clip.local_positions(f)[0];
            assert!((p - lin).length() < 1e-5, "{file} frame {f}: {p} vs {lin}");
            // STEP: identity before 1 s, 90° about z from 1 s.
            let step = if t < 1.0 { Quat::IDENTITY } else { z90 };
            assert!(
                near(clip.local_rotations(f)[1], step),
                "{file} step frame {f}"
            );
            // CUBICSPLINE with zero tangents over 0..2 s: each component follows
            // 3s² - 2s³ from identity to x90, then the result is normalised.
            let s = t / 2.0;
            let h = 3.0 * s * s - 2.0 * s * s * s;
            let cubic = (Quat::IDENTITY * (1.0 - h) + x90 * h).normalize();
            let got = clip.local_rotations(f)[2];
            assert!(
                near(got, cubic),
                "{file} cubic frame {f}: {got:?} vs {cubic:?}"
            );
            // No channel: the rest rotation and rest translation.
            assert!(
                near(clip.local_rotations(f)[3], tail_rest),
                "{file} tail frame {f}"
            );
            assert_eq!(clip.local_positions(f)[3], Vec3::new(0.0, 0.0, -0.5));
            assert_eq!(clip.local_positions(f)[2], Vec3::new(0.0, 0.25, 0.0));
        }
        assert!(
            read.warnings.iter().any(|w| w.contains("2 skins")),
            "{:?}",
            read.warnings
        );
    }
}

#[test]
fn default_rate_is_the_keyframe_rate() {
    let read = read_path(fixture("transform.glb"), &options(Some("modes"), None)).unwrap();
    assert_eq!((read.bvh.frame_count(), read.bvh.frame_time()), (3, 1.0));
}

#[test]
fn animations_and_skins_by_name_or_index_and_weights_ignored() {
    let by_name = read_path(fixture("transform.gltf"), &options(Some("wave"), None)).unwrap();
    let by_index = read_path(fixture("transform.gltf"), &options(Some("1"), None)).unwrap();
    assert_eq!(by_name.animation, "wave");
    assert_eq!(by_name.bvh, by_index.bvh);
    assert!(
        by_name.warnings.iter().any(|w| w.contains("weights")),
        "{:?}",
        by_name.warnings
    );
    // LINEAR rotation: slerp from identity to 90° about y over 0.5 s, at 2 frames per second.
    let clip = Clip::from_bvh(&by_name.bvh);
    assert!(near(
        clip.local_rotations(1)[0],
        Quat::from_rotation_y(std::f32::consts::FRAC_PI_2)
    ));
    let slerp = read_path(fixture("transform.gltf"), &options(Some("wave"), Some(8.0))).unwrap();
    let clip = Clip::from_bvh(&slerp.bvh);
    let quarter = Quat::from_rotation_y(std::f32::consts::FRAC_PI_8);
    assert!(
        near(clip.local_rotations(1)[0], quarter),
        "slerp, not nlerp"
    );

    let head = ReadOptions {
        skin: Some("head-only".into()),
        ..Default::default()
    };
    let read = read_path(fixture("transform.glb"), &head).unwrap();
    assert_eq!(Clip::from_bvh(&read.bvh).joint_names(), &["Head"]);
    // The Head's parents (Armature, Root, Spine) are baked into its rest position.
    assert_eq!(read.bvh.joints()[0].offset(), Vec3::new(10.0, 1.75, 0.0));

    for (animation, skin, named) in [
        (Some("run"), None, "`modes` (#0), `wave` (#1)"),
        (None, Some("7"), "`head-only`"),
    ] {
        let options = ReadOptions {
            animation: animation.map(str::to_owned),
            skin: skin.map(str::to_owned),
            ..Default::default()
        };
        let err = read_path(fixture("transform.glb"), &options).unwrap_err();
        assert!(matches!(err, GltfError::NotFound { .. }));
        assert!(err.to_string().contains(named), "{err}");
    }
}

#[test]
fn scale_divides_positions() {
    let cm = ReadOptions {
        scale: 0.01,
        fps: Some(4.0),
        ..Default::default()
    };
    let read = read_path(fixture("transform.glb"), &cm).unwrap();
    let clip = Clip::from_bvh(&read.bvh);
    assert!((clip.local_positions(4)[0] - Vec3::new(1100.0, 200.0, 300.0)).length() < 1e-2);
    assert!((read.bvh.joints()[1].offset() - Vec3::new(0.0, 50.0, 0.0)).length() < 1e-4);
}

/// assimp's `simple_skin.gltf` (see fixtures/assimp/LICENSE.txt): a mesh node with a skin of two
/// joints, buffers in `data:` URIs, and a LINEAR rotation of the second joint, keys every 0.5 s.
#[test]
fn assimp_simple_skin() {
    let read = read_path(fixture("assimp/simple_skin.gltf"), &ReadOptions::default()).unwrap();
    assert_eq!(
        (read.animation.as_str(), read.keyframe_rate),
        ("#0", Some(2.0))
    );
    let clip = Clip::from_bvh(&read.bvh);
    assert_eq!(clip.joint_names(), &["node1", "node2"]);
    assert_eq!(clip.parents(), &[None, Some(0)]);
    assert_eq!((clip.frame_count(), clip.frame_time()), (12, 0.5));
    let z = [
        0.0, 0.383, 0.707, 0.707, 0.383, 0.0, 0.0, -0.383, -0.707, -0.707, -0.383, 0.0,
    ];
    let w = [
        1.0, 0.924, 0.707, 0.707, 0.924, 1.0, 1.0, 0.924, 0.707, 0.707, 0.924, 1.0,
    ];
    for f in 0..12 {
        let key = Quat::from_xyzw(0.0, 0.0, z[f], w[f]).normalize();
        assert!(near(clip.local_rotations(f)[1], key), "frame {f}");
        assert_eq!(clip.local_positions(f)[0], Vec3::Y);
        assert_eq!(clip.local_rotations(f)[0], Quat::IDENTITY);
    }
    // Between keys: slerp of the two neighbours.
    let half = read_path(
        fixture("assimp/simple_skin.gltf"),
        &ReadOptions {
            fps: Some(4.0),
            ..Default::default()
        },
    )
    .unwrap();
    let clip = Clip::from_bvh(&half.bvh);
    let (a, b) = (
        Quat::from_xyzw(0.0, 0.0, 0.0, 1.0),
        Quat::from_xyzw(0.0, 0.0, 0.383, 0.924).normalize(),
    );
    assert!(near(clip.local_rotations(1)[1], a.slerp(b, 0.5)));
}
