//! Tests on real CMU motion capture (cgspeed BVH conversion): 31 joints, 120 fps, frame 0 is an
//! added T-pose.

use std::time::Instant;

use glam::{Quat, Vec3};
use hooke_bvh::{Bvh, Channel, Clip, EulerOrder};

const WALK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_01.bvh");
const CLIMB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_03.bvh");

fn load(path: &str) -> Bvh {
    Bvh::from_path(path).unwrap_or_else(|e| panic!("{e}"))
}

/// Angle between two rotations, in degrees, computed robustly from the quaternion difference.
fn angle_deg(a: Quat, b: Quat) -> f64 {
    let d = (a.as_dquat() * b.as_dquat().inverse()).normalize();
    let v = glam::DVec3::new(d.x, d.y, d.z).length();
    (2.0 * v.atan2(d.w.abs())).to_degrees()
}

#[test]
fn structure_of_both_files() {
    for (path, frames) in [(WALK, 2752), (CLIMB, 4511)] {
        let bvh = load(path);
        assert!(bvh.warnings().is_empty(), "{:?}", bvh.warnings());
        assert_eq!(bvh.joints().len(), 31);
        assert_eq!(bvh.frame_count(), frames);
        assert_eq!(bvh.channel_count(), 6 + 30 * 3);
        assert_eq!(bvh.frame_time(), 0.0083333);
        assert!((1.0 / bvh.frame_time() - 120.0).abs() < 1e-3);

        let root = &bvh.joints()[0];
        assert_eq!(root.name(), "Hips");
        assert_eq!(root.parent(), None);
        assert_eq!(
            &root.channels()[..3],
            &[Channel::Xposition, Channel::Yposition, Channel::Zposition]
        );
        // Every joint rotates Z then Y then X (R = Rz * Ry * Rx).
        for joint in bvh.joints() {
            assert_eq!(
                joint.rotation_order(),
                Some(EulerOrder::ZYX),
                "{}",
                joint.name()
            );
        }
        assert_eq!(
            bvh.joints()
                .iter()
                .filter(|j| j.end_site().is_some())
                .count(),
            7
        );
        let clip = Clip::from_bvh(&bvh);
        assert_eq!(clip.joint_count(), 31);
        assert_eq!(clip.frame_count(), frames);
        assert!((clip.frame_time() - 1.0 / 120.0).abs() < 1e-6);
        assert_eq!(
            clip.joint_names()[clip.joint_index("Head").unwrap()],
            "Head"
        );
        assert_eq!(clip.parents()[0], None);
        for (j, p) in clip.parents().iter().enumerate().skip(1) {
            assert!(p.unwrap() < j);
        }
    }
}

#[test]
fn parsing_is_fast() {
    let src = std::fs::read_to_string(CLIMB).unwrap();
    assert!(src.len() > 3_000_000);
    let start = Instant::now();
    let bvh = Bvh::parse(&src).unwrap();
    let parse = start.elapsed();
    let clip = Clip::from_bvh(&bvh);
    let total = start.elapsed();
    eprintln!("parse 01_03.bvh: {parse:?}, parse + clip: {total:?}");
    assert_eq!(clip.frame_count(), 4511);
    // Generous bound so a loaded CI machine does not flake; typically a few tens of ms.
    assert!(parse.as_secs_f64() < 1.0, "{parse:?}");
}

#[test]
fn t_pose_pop_shows_as_large_angular_velocity() {
    let clip = Clip::from_bvh(&load(WALK));
    let max_speed = |f: usize| {
        clip.local_angular_velocities(f)
            .iter()
            .map(|w| w.length())
            .fold(0.0, f32::max)
    };
    let pop = max_speed(1);
    let mut later: Vec<f32> = (2..clip.frame_count()).map(max_speed).collect();
    later.sort_by(f32::total_cmp);
    let p99 = later[later.len() * 99 / 100];
    let worst = *later.last().unwrap();
    eprintln!("T-pose pop: {pop} rad/s; later frames: p99 {p99}, max {worst}");
    assert!(pop > 100.0, "{pop}");
    assert!(pop > 5.0 * worst, "pop {pop} vs later max {worst}");
    // Frame 0 reuses the first difference, so the pop is visible there as well.
    assert_eq!(
        clip.local_angular_velocities(0),
        clip.local_angular_velocities(1)
    );
}

#[test]
fn fk_keeps_bone_lengths_constant() {
    let bvh = load(WALK);
    let clip = Clip::from_bvh(&bvh);
    for (j, joint) in bvh.joints().iter().enumerate() {
        let Some(p) = joint.parent() else { continue };
        assert!(!joint.has_position_channels());
        let length = joint.offset().length();
        for f in 0..clip.frame_count() {
            let gp = clip.global_positions(f);
            let d = (gp[j] - gp[p]).length();
            assert!(
                (d - length).abs() < 1e-3 * length.max(1.0),
                "{} frame {f}: {d} vs {length}",
                joint.name()
            );
        }
    }
}

#[test]
fn global_transforms_and_velocities_are_consistent() {
    let clip = Clip::from_bvh(&load(WALK));
    let dt = clip.frame_time();
    for f in [1, 2, 100, 1000, clip.frame_count() - 1] {
        let gp = clip.global_positions(f);
        let gr = clip.global_rotations(f);
        let lp = clip.local_positions(f);
        let lr = clip.local_rotations(f);
        // Root global = local; root position comes from its channels.
        assert_eq!(gp[0], lp[0]);
        assert_eq!(gr[0], lr[0]);
        for (j, parent) in clip.parents().iter().enumerate() {
            if let Some(p) = *parent {
                assert!((gp[p] + gr[p] * lp[j] - gp[j]).length() < 1e-4);
                assert!(angle_deg(gr[p] * lr[j], gr[j]) < 1e-3);
            }
            // Integrating the angular velocity over one frame reproduces the rotation.
            let w = clip.local_angular_velocities(f)[j];
            let prev = clip.local_rotations(f - 1)[j];
            let step = Quat::from_scaled_axis(w * dt);
            assert!(angle_deg(step * prev, lr[j]) < 1e-3, "joint {j} frame {f}");
            let v = clip.local_velocities(f)[j];
            assert!((clip.local_positions(f - 1)[j] + v * dt - lp[j]).length() < 1e-4);
            let v = clip.global_velocities(f)[j];
            assert!((clip.global_positions(f - 1)[j] + v * dt - gp[j]).length() < 1e-3);
            let w = clip.global_angular_velocities(f)[j];
            let prev = clip.global_rotations(f - 1)[j];
            assert!(angle_deg(Quat::from_scaled_axis(w * dt) * prev, gr[j]) < 1e-3);
        }
    }
}

#[test]
fn bvh_text_round_trip_is_exact() {
    let bvh = load(WALK);
    let again = Bvh::parse(&bvh.to_string()).unwrap();
    assert_eq!(again, bvh);
}

#[test]
fn clip_round_trip_keeps_rotations() {
    for path in [WALK, CLIMB] {
        let bvh = load(path);
        let clip = Clip::from_bvh(&bvh);
        let written = clip.to_bvh().to_string();
        let again = Clip::from_bvh(&Bvh::parse(&written).unwrap());
        assert_eq!(again.frame_count(), clip.frame_count());
        let mut worst = 0.0f64;
        for f in 0..clip.frame_count() {
            for (a, b) in clip.local_rotations(f).iter().zip(again.local_rotations(f)) {
                worst = worst.max(angle_deg(*a, *b));
            }
            assert_eq!(clip.local_positions(f), again.local_positions(f));
        }
        eprintln!("{path}: worst round-trip rotation error {worst:e} degrees");
        assert!(worst < 1e-4, "{worst}");
    }
}

#[test]
fn crlf_parses_identically() {
    let src = std::fs::read_to_string(WALK).unwrap();
    let crlf = src.replace('\n', "\r\n");
    assert_eq!(Bvh::parse(&crlf).unwrap(), Bvh::parse(&src).unwrap());
}

#[test]
fn first_frame_is_t_pose() {
    let bvh = load(WALK);
    // CMU's added frame 0: only the root position and a few clavicle/thumb angles are non-zero.
    let nonzero = bvh.frame(0)[3..].iter().filter(|v| **v != 0.0).count();
    assert!(nonzero <= 4, "{nonzero}");
    let clip = Clip::from_bvh(&bvh);
    let hips = clip.global_positions(0)[0];
    assert!(hips.y > 10.0);
    // T-pose: arms roughly horizontal, hands far apart along x.
    let l = clip.global_positions(0)[clip.joint_index("LeftHand").unwrap()];
    let r = clip.global_positions(0)[clip.joint_index("RightHand").unwrap()];
    assert!((l - r).x.abs() > 20.0, "{l} {r}");
    assert!(Vec3::new(0.0, (l - r).y, 0.0).length() < 2.0);
}
