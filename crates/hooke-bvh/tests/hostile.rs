//! Regression tests for issue 7 (hostile input): files that ask for huge memory, deep nesting,
//! frame times `f32` cannot use, extreme values, and clips that do not belong together. The big
//! and deep files are generated here, never committed.

use hooke_bvh::{
    Bvh, BvhError, Clip, ClipMismatch, FRAME_TIME_TOLERANCE, MAX_JOINT_FRAMES, MIN_FRAME_TIME,
};

/// A hierarchy of `joints` joints: a root with `root_channels` rotation channels (at most 3)
/// and `joints - 1` children without channels, either siblings or a chain `depth` deep.
fn hierarchy(joints: usize, root_channels: usize, chain: bool) -> String {
    let channels = ["Zrotation", "Xrotation", "Yrotation"][..root_channels].join(" ");
    let mut src =
        format!("HIERARCHY\nROOT J0\n{{\nOFFSET 0 0 0\nCHANNELS {root_channels} {channels}\n");
    for j in 1..joints {
        src += &format!("JOINT J{j}\n{{\nOFFSET 0 1 0\nCHANNELS 0\n");
        if !chain {
            src += "}\n";
        }
    }
    if chain {
        src += &"}\n".repeat(joints - 1);
    }
    src += "}\nMOTION\n";
    src
}

fn motion(frames: usize, frame_time: &str, line: &str) -> String {
    let mut src = format!("Frames: {frames}\nFrame Time: {frame_time}\n");
    src.reserve(frames * (line.len() + 1));
    for _ in 0..frames {
        src += line;
        src += "\n";
    }
    src
}

/// Line of the `Frame Time:` header in a file built by `hierarchy` + `motion`.
fn frame_time_line(src: &str) -> usize {
    1 + src[..src.find("Frame Time:").unwrap()]
        .matches('\n')
        .count()
}

#[test]
fn channelless_joints_times_many_frames_are_refused_at_the_first_frame_over_the_limit() {
    // The 569 KB file of the issue: 10,000 joints, 100,000 frames of one value. `Clip::from_bvh`
    // asked for 12 GB per array.
    let mut src = hierarchy(10_000, 1, false);
    src += &motion(100_000, "0.01", "0");
    let header = frame_time_line(&src);
    let err = Bvh::parse(&src).unwrap_err();
    let first_over = MAX_JOINT_FRAMES / 10_000;
    assert!(
        matches!(
            err,
            BvhError::TooManyFrames { line, column: 1, frame, joints: 10_000, limit }
                if line == header + 1 + first_over && frame == first_over && limit == MAX_JOINT_FRAMES
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("MAX_JOINT_FRAMES"), "{err}");
}

#[test]
fn blank_frame_lines_under_a_channelless_root_are_refused_past_the_limit() {
    // 100 MB of blank lines asked for 8 GB; MAX_JOINT_FRAMES + 1 lines (17 MB) are enough to pin it.
    let mut src = hierarchy(1, 0, false);
    src += &motion(MAX_JOINT_FRAMES + 1, "0.01", "");
    let header = frame_time_line(&src);
    let err = Bvh::parse(&src).unwrap_err();
    assert!(
        matches!(err, BvhError::TooManyFrames { line, frame, joints: 1, .. }
            if line == header + 1 + MAX_JOINT_FRAMES && frame == MAX_JOINT_FRAMES),
        "{err:?}"
    );
}

#[test]
fn a_file_exactly_at_the_joint_frame_limit_is_read() {
    let joints = 10_000;
    let frames = MAX_JOINT_FRAMES / joints;
    let src = hierarchy(joints, 0, false) + &motion(frames, "0.01", "");
    let bvh = Bvh::parse(&src).unwrap();
    assert_eq!(bvh.frame_count(), frames);
    let over = hierarchy(joints, 0, false) + &motion(frames + 1, "0.01", "");
    assert!(matches!(
        Bvh::parse(&over),
        Err(BvhError::TooManyFrames { .. })
    ));
}

#[test]
fn a_frame_time_that_is_zero_as_f32_is_refused_with_its_line() {
    let src = hierarchy(1, 1, false) + &motion(2, "1e-50", "0");
    let err = Bvh::parse(&src).unwrap_err();
    assert!(
        matches!(err, BvhError::BadFrameTime { line, column: 13, value } if line == frame_time_line(&src) && value == 1e-50),
        "{err:?}"
    );
    assert!(err.to_string().contains("1.1754944e-38"), "{err}");
}

#[test]
fn a_subnormal_or_too_large_frame_time_is_refused_with_its_line() {
    for bad in ["1e-40", "1e-38", "1e39"] {
        let src = hierarchy(1, 1, false) + &motion(2, bad, "0");
        let err = Bvh::parse(&src).unwrap_err();
        assert!(
            matches!(err, BvhError::BadFrameTime { line, .. } if line == frame_time_line(&src)),
            "{bad}: {err:?}"
        );
    }
}

#[test]
fn the_extreme_accepted_frame_times_give_finite_velocities() {
    // Positions jump from -3e38 to 3e38 (the difference overflows f32) and a joint turns half a
    // turn, at the smallest and the largest accepted frame times.
    for frame_time in [MIN_FRAME_TIME.to_string(), f32::MAX.to_string()] {
        let src = format!(
            "HIERARCHY ROOT R {{ OFFSET 0 0 0 CHANNELS 2 Xposition Zrotation JOINT C {{ OFFSET 3e38 0 0 CHANNELS 1 Zrotation }} }}\n\
             MOTION\nFrames: 3\nFrame Time: {frame_time}\n-3e38 0 0\n3e38 179 -179\n3e38 179 -179\n"
        );
        let clip = Clip::from_bvh(&Bvh::parse(&src).unwrap());
        for f in 0..clip.frame_count() {
            for v in [
                clip.local_velocities(f),
                clip.global_velocities(f),
                clip.local_angular_velocities(f),
                clip.global_angular_velocities(f),
            ] {
                assert!(
                    v.iter().all(|v| v.is_finite()),
                    "{frame_time} frame {f}: {v:?}"
                );
            }
        }
        if frame_time == MIN_FRAME_TIME.to_string() {
            assert_eq!(clip.local_velocities(1)[0].x, f32::MAX);
        }
    }
}

/// A chain `depth` joints deep with one rotation channel on the root, two frames.
fn deep_chain(depth: usize) -> String {
    hierarchy(depth, 1, true) + &motion(2, "0.01", "0")
}

/// A linear bound on the written size: the unindented input plus at most 200 bytes of
/// indentation per joint (five lines of at most 32 tabs, plus an End Site's). Indenting every
/// level would average 2.5 * depth bytes per line.
fn linear_bound(src: &str, joints: usize) -> usize {
    src.len() + 200 * joints
}

#[test]
fn writing_a_ten_thousand_deep_chain_is_linear_in_its_size() {
    // The 10,000-deep file of the issue was 399 KB and wrote 250 MB of indentation.
    let src = deep_chain(10_000);
    let bvh = Bvh::parse(&src).unwrap();
    let written = bvh.to_string();
    assert!(
        written.len() < linear_bound(&src, 10_000),
        "{} bytes written for {} read",
        written.len(),
        src.len()
    );
    assert_eq!(Bvh::parse(&written).unwrap(), bvh);
    let mut streamed = Vec::new();
    bvh.write(&mut streamed).unwrap();
    assert_eq!(streamed, written.as_bytes());
}

#[test]
fn a_hundred_thousand_deep_chain_parses_converts_and_writes_on_a_small_stack() {
    // 100,000 levels aborted the writer. A recursive reader, converter or writer would need
    // megabytes of stack here; 256 KB is plenty for iterative code.
    let src = deep_chain(100_000);
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let bvh = Bvh::parse(&src).unwrap();
            assert_eq!(bvh.joints()[99_999].parent(), Some(99_998));
            let clip = Clip::from_bvh(&bvh);
            assert_eq!(clip.global_positions(1)[99_999].y, 99_999.0);
            let written = clip.to_bvh().to_string();
            assert!(written.len() < linear_bound(&src, 100_000));
            assert_eq!(Bvh::parse(&written).unwrap(), bvh);
        })
        .unwrap()
        .join()
        .unwrap();
}

fn clip(src: &str) -> Clip {
    Clip::from_bvh(&Bvh::parse(src).unwrap())
}

const TWO_LEGS: &str = "HIERARCHY ROOT Hips { OFFSET 0 0 0 CHANNELS 0 \
    JOINT LeftLeg { OFFSET 1 0 0 CHANNELS 0 JOINT LeftFoot { OFFSET 0 -1 0 CHANNELS 0 } } \
    JOINT RightLeg { OFFSET -1 0 0 CHANNELS 0 } } MOTION Frames: 0 Frame Time: 0.01";

/// The clip of [`TWO_LEGS`] with every `from` replaced by `to`.
fn two_legs_with(from: &str, to: &str) -> Clip {
    clip(&TWO_LEGS.replace(from, to))
}

#[test]
fn same_joint_count_but_a_different_hierarchy_is_a_mismatch_naming_the_first_joint() {
    let a = clip(TWO_LEGS);
    // Same names, but LeftFoot hangs from the hips.
    let b = two_legs_with(
        "CHANNELS 0 } } ",
        "CHANNELS 0 } JOINT X { OFFSET 0 0 0 CHANNELS 0 } } ",
    );
    let err = a.check_same_skeleton(&b).unwrap_err();
    assert!(
        matches!(err, ClipMismatch::JointName { index: 3, .. }),
        "{err:?}"
    );
    let moved = two_legs_with(
        " JOINT LeftFoot { OFFSET 0 -1 0 CHANNELS 0 } }",
        " } JOINT LeftFoot { OFFSET 0 -1 0 CHANNELS 0 }",
    );
    let err = a.check_same_skeleton(&moved).unwrap_err();
    assert_eq!(
        err,
        ClipMismatch::Parent {
            index: 2,
            name: "LeftFoot".into(),
            first: Some((1, "LeftLeg".into())),
            second: Some((0, "Hips".into())),
        }
    );
    assert!(err.to_string().contains("joint 2 `LeftFoot`"), "{err}");
    assert!(a.check_same_skeleton(&a).is_ok());
}

#[test]
fn an_extra_joint_is_a_mismatch_naming_it() {
    let a = clip(TWO_LEGS);
    let b = two_legs_with(
        "CHANNELS 0 } } MOTION",
        "CHANNELS 0 JOINT RightFoot { OFFSET 0 -1 0 CHANNELS 0 } } } MOTION",
    );
    for err in [
        a.check_same_skeleton(&b).unwrap_err(),
        b.check_same_skeleton(&a).unwrap_err(),
    ] {
        assert!(
            matches!(err, ClipMismatch::JointCount { index: 4, ref name, .. } if name == "RightFoot"),
            "{err:?}"
        );
    }
}

#[test]
fn a_clip_at_another_frame_time_is_a_mismatch() {
    let a = clip(TWO_LEGS);
    let slow = two_legs_with("Frame Time: 0.01", "Frame Time: 1e30");
    let err = a.check_same_frame_time(&slow).unwrap_err();
    assert_eq!(
        err,
        ClipMismatch::FrameTime {
            first: 0.01,
            second: 1e30
        }
    );
    let close = 0.01 * (1.0 + 0.5 * FRAME_TIME_TOLERANCE);
    let near = two_legs_with("Frame Time: 0.01", &format!("Frame Time: {close}"));
    assert!(a.check_same_frame_time(&near).is_ok());
    assert!(near.check_same_frame_time(&a).is_ok());
}

#[test]
fn the_bundled_cmu_clips_share_skeleton_and_frame_time() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/");
    let a = Clip::from_bvh(&Bvh::from_path(format!("{dir}01_01.bvh")).unwrap());
    let b = Clip::from_bvh(&Bvh::from_path(format!("{dir}01_03.bvh")).unwrap());
    assert_eq!(a.check_same_skeleton(&b), Ok(()));
    assert_eq!(a.check_same_frame_time(&b), Ok(()));
}
