//! BVH -> glb -> BVH of the bundled CMU clips gives back the file: the same joints, channels,
//! offsets, end sites and frame time, and channel values within 1e-4.

use std::path::PathBuf;

use hooke_bvh::{Bvh, Clip};
use hooke_gltf::{ReadOptions, WriteOptions, read, write_glb};

fn bundled() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/cmu");
    vec![dir.join("01_01.bvh"), dir.join("01_03.bvh")]
}

#[test]
fn bundled_clips_round_trip_within_1e_4() {
    for path in bundled() {
        let bvh = Bvh::from_path(&path).unwrap();
        for scale in [1.0, 0.056444] {
            let (mut write_options, mut read_options) =
                (WriteOptions::default(), ReadOptions::default());
            (write_options.scale, read_options.scale) = (scale, scale);
            let glb = write_glb(&bvh, &write_options).unwrap();
            let back = read(&glb, &read_options).unwrap();
            assert!(back.warnings.is_empty(), "{:?}", back.warnings);
            let back = back.bvh;
            assert_eq!(back.frame_time(), bvh.frame_time(), "{path:?}");
            assert_eq!(back.frame_count(), bvh.frame_count());
            assert_eq!(back.joints().len(), bvh.joints().len());
            for (a, b) in back.joints().iter().zip(bvh.joints()) {
                assert_eq!(
                    (a.name(), a.parent(), a.channels()),
                    (b.name(), b.parent(), b.channels())
                );
                assert!((a.offset() - b.offset()).length() < 1e-4, "{}", a.name());
                match (a.end_site(), b.end_site()) {
                    (Some(x), Some(y)) => assert!((x - y).length() < 1e-4),
                    (x, y) => assert_eq!(x.is_some(), y.is_some()),
                }
            }
            // Compared as transforms: Euler angles have two equivalent forms (a, b, c) and
            // (a + 180, 180 - b, c + 180), and the file does not always use hooke's.
            let (x, y) = (Clip::from_bvh(&back), Clip::from_bvh(&bvh));
            let mut worst = 0.0_f32;
            for f in 0..x.frame_count() {
                for j in 0..x.joint_count() {
                    let (p, q) = (x.local_positions(f)[j], y.local_positions(f)[j]);
                    worst = worst.max((p - q).abs().max_element());
                    let (r, t) = (x.local_rotations(f)[j], y.local_rotations(f)[j]);
                    let t = if r.dot(t) < 0.0 { -t } else { t };
                    worst = worst.max((r - t).to_array().iter().fold(0.0, |m, v| v.abs().max(m)));
                }
            }
            assert!(
                worst < 1e-4,
                "{path:?} at scale {scale}: worst difference {worst}"
            );
            // Position channels (the root's) come back as numbers too.
            let positions = |b: &Bvh, f: usize| b.frame(f)[..3].to_vec();
            for f in [0, bvh.frame_count() / 2, bvh.frame_count() - 1] {
                for (a, b) in positions(&back, f).iter().zip(positions(&bvh, f)) {
                    assert!((a - b).abs() < 1e-4, "{a} vs {b}");
                }
            }
            // And the text of the BVH written back parses to the same numbers.
            assert_eq!(Bvh::parse(&back.to_string()).unwrap(), back);
        }
    }
}

#[test]
fn a_clip_of_one_frame_and_one_of_none_write_and_read() {
    let src = "HIERARCHY ROOT A { OFFSET 0 0 0 CHANNELS 3 Zrotation Xrotation Yrotation } MOTION Frames: 1 Frame Time: 0.1\n10 20 30\n";
    let bvh = Bvh::parse(src).unwrap();
    let back = read(
        &write_glb(&bvh, &WriteOptions::default()).unwrap(),
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(back.bvh.frame_count(), 1);
    let empty =
        Bvh::parse("HIERARCHY ROOT A { OFFSET 0 0 0 CHANNELS 0 } MOTION Frames: 0 Frame Time: 0.1")
            .unwrap();
    let back = read(
        &write_glb(&empty, &WriteOptions::default()).unwrap(),
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(back.bvh.frame_count(), 1, "the rest pose");
    assert!(back.warnings.iter().any(|w| w.contains("no animation")));
}

/// Found by the fuzzer: at a huge frame time, f32 key times round by more than 0.1% of a frame;
/// they are still evenly spaced, so the clip reads back at its own rate.
#[test]
fn huge_frame_times_read_back_at_their_rate() {
    use glam::{Quat, Vec3};
    use hooke_bvh::{Channel, Joint};
    let joints = vec![Joint::new(
        "A",
        None,
        Vec3::ZERO,
        vec![Channel::Zrotation],
        None,
    )];
    let skeleton = Clip::from_bvh(&Bvh::skeleton(joints, 1.1e24).unwrap());
    let frames = 70_000;
    let bvh = skeleton.bvh_with_poses(&vec![Vec3::ZERO; frames], &vec![Quat::IDENTITY; frames]);
    let back = read(
        &write_glb(&bvh, &WriteOptions::default()).unwrap(),
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(
        (back.bvh.frame_count(), back.bvh.frame_time()),
        (frames, 1.1e24)
    );
}
