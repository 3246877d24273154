//! Small handwritten files exercising the less common corners of the format.

use glam::{Quat, Vec3};
use hooke_bvh::{Bvh, BvhWarning, Channel, Clip, EulerOrder};

fn deg(d: f32) -> f32 {
    d.to_radians()
}

/// Angle between two rotations in radians, accurate for tiny angles (unlike `acos` of a dot).
fn angle(a: Quat, b: Quat) -> f32 {
    let d = a * b.inverse();
    2.0 * Vec3::new(d.x, d.y, d.z).length().atan2(d.w.abs())
}

fn close(a: Quat, b: Quat) -> bool {
    angle(a, b) < 1e-5
}

/// 3-channel root (no position channels), a 6-channel non-root joint with XYZ order, a joint
/// with mixed rotation/position channels, End Sites, tabs and spaces mixed, `.5`-style numbers.
const SMALL: &str = "HIERARCHY
ROOT Root
{
\t OFFSET 1 2 3
  \tCHANNELS 3 Xrotation Yrotation Zrotation
\tJOINT Free
\t{
\t\tOFFSET 0 .5 0
\t\tCHANNELS 6 Xposition Yposition Zposition Xrotation Yrotation Zrotation
\t\tJOINT Tip
\t\t{
\t\t\tOFFSET 0 0 -1.
\t\t\tCHANNELS 4 Yrotation Zposition Zrotation Xrotation
\t\t\tEnd Site
\t\t\t{
\t\t\t\tOFFSET 0 0 -1e0
\t\t\t}
\t\t}
\t}
\tJOINT Fixed
\t{
\t\tOFFSET 2 0 0
\t\tCHANNELS 0
\t}
}
MOTION
Frames:\t2
Frame Time: 0.04
0 0 0  0 0 0 0 0 0  0 5 0 0
10 20 30 \t 1 2 3 40 -50 60  70 -5 80 -90
";

#[test]
fn hierarchy_is_read() {
    let bvh = Bvh::parse(SMALL).unwrap();
    assert!(bvh.warnings().is_empty());
    let names: Vec<_> = bvh.joints().iter().map(|j| j.name()).collect();
    assert_eq!(names, ["Root", "Free", "Tip", "Fixed"]);
    let parents: Vec<_> = bvh.joints().iter().map(|j| j.parent()).collect();
    assert_eq!(parents, [None, Some(0), Some(1), Some(0)]);
    assert_eq!(bvh.channel_count(), 3 + 6 + 4);
    assert_eq!(bvh.joints()[2].first_channel(), 9);
    assert_eq!(bvh.joints()[2].offset(), Vec3::new(0.0, 0.0, -1.0));
    assert_eq!(bvh.joints()[2].end_site(), Some(Vec3::new(0.0, 0.0, -1.0)));
    assert_eq!(bvh.joints()[0].rotation_order(), Some(EulerOrder::XYZ));
    assert_eq!(bvh.joints()[2].rotation_order(), Some(EulerOrder::YZX));
    assert_eq!(bvh.joints()[3].channels(), &[] as &[Channel]);
    assert_eq!(bvh.frame_time(), 0.04);
    assert_eq!(bvh.frame(1)[3..6], [1.0, 2.0, 3.0]);
}

#[test]
fn clip_values_match_hand_computation() {
    let clip = Clip::from_bvh(&Bvh::parse(SMALL).unwrap());
    let f = 1;
    let lp = clip.local_positions(f);
    let lr = clip.local_rotations(f);
    // Root: no position channels, so the OFFSET; rotation Rx * Ry * Rz.
    assert_eq!(lp[0], Vec3::new(1.0, 2.0, 3.0));
    let root = Quat::from_rotation_x(deg(10.0))
        * Quat::from_rotation_y(deg(20.0))
        * Quat::from_rotation_z(deg(30.0));
    assert!(close(lr[0], root));
    // Free: position channels replace the offset.
    assert_eq!(lp[1], Vec3::new(1.0, 2.0, 3.0));
    let free = Quat::from_rotation_x(deg(40.0))
        * Quat::from_rotation_y(deg(-50.0))
        * Quat::from_rotation_z(deg(60.0));
    assert!(close(lr[1], free));
    // Tip: only Z is a channel, x and y come from the offset; rotation Ry * Rz * Rx.
    assert_eq!(lp[2], Vec3::new(0.0, 0.0, -5.0));
    let tip = Quat::from_rotation_y(deg(70.0))
        * Quat::from_rotation_z(deg(80.0))
        * Quat::from_rotation_x(deg(-90.0));
    assert!(close(lr[2], tip));
    // Fixed: no channels at all.
    assert_eq!(lp[3], Vec3::new(2.0, 0.0, 0.0));
    assert_eq!(lr[3], Quat::IDENTITY);

    let gp = clip.global_positions(f);
    let gr = clip.global_rotations(f);
    assert_eq!(gp[0], Vec3::new(1.0, 2.0, 3.0));
    assert!((gp[1] - (gp[0] + root * Vec3::new(1.0, 2.0, 3.0))).length() < 1e-5);
    assert!(close(gr[2], root * free * tip));
    assert!((gp[2] - (gp[1] + root * free * Vec3::new(0.0, 0.0, -5.0))).length() < 1e-5);
    assert!((gp[3] - (gp[0] + root * Vec3::X * 2.0)).length() < 1e-5);

    // Velocities: backward difference, frame 0 = frame 1.
    let v = clip.local_velocities(1)[1];
    assert!((v - Vec3::new(1.0, 2.0, 3.0) / 0.04).length() < 1e-3);
    assert_eq!(clip.local_velocities(0), clip.local_velocities(1));
    let w = clip.local_angular_velocities(1)[0];
    let expected = (root).to_scaled_axis() / 0.04;
    assert!((w - expected).length() < 1e-3);
}

#[test]
fn written_small_file_round_trips() {
    let bvh = Bvh::parse(SMALL).unwrap();
    let text = bvh.to_string();
    assert!(text.contains("CHANNELS 4 Yrotation Zposition Zrotation Xrotation"));
    assert!(text.contains("End Site"));
    assert_eq!(Bvh::parse(&text).unwrap(), bvh);

    let clip = Clip::from_bvh(&bvh);
    let again = Clip::from_bvh(&Bvh::parse(&clip.to_bvh().to_string()).unwrap());
    for f in 0..2 {
        for (a, b) in clip.local_rotations(f).iter().zip(again.local_rotations(f)) {
            assert!(close(*a, *b));
        }
        assert_eq!(clip.local_positions(f), again.local_positions(f));
    }
}

#[test]
fn crlf_and_bom_and_glued_tokens() {
    let crlf = SMALL.replace('\n', "\r\n");
    assert_eq!(Bvh::parse(&crlf).unwrap(), Bvh::parse(SMALL).unwrap());
    let bom = format!("\u{feff}{SMALL}");
    assert_eq!(Bvh::parse(&bom).unwrap(), Bvh::parse(SMALL).unwrap());
    let glued = "HIERARCHY\nROOT A{OFFSET 0 0 0 CHANNELS 1 Zrotation}\nMOTION\nFrames:1\nFrame Time : 0.1\n5\n";
    let bvh = Bvh::parse(glued).unwrap();
    assert_eq!(bvh.frame(0), &[5.0]);
}

#[test]
fn several_roots() {
    let src = "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 1 Xposition\n}\nROOT B\n{\nOFFSET 1 0 0\nCHANNELS 1 Yrotation\nJOINT C\n{\nOFFSET 0 1 0\nCHANNELS 0\n}\n}\nMOTION\nFrames: 1\nFrame Time: 1\n3 90\n";
    let bvh = Bvh::parse(src).unwrap();
    let parents: Vec<_> = bvh.joints().iter().map(|j| j.parent()).collect();
    assert_eq!(parents, [None, None, Some(1)]);
    assert_eq!(Bvh::parse(&bvh.to_string()).unwrap(), bvh);
    let clip = Clip::from_bvh(&bvh);
    assert_eq!(clip.global_positions(0)[0], Vec3::new(3.0, 0.0, 0.0));
}

#[test]
fn frame_count_mismatch_is_a_warning() {
    let too_many = SMALL.replace("Frames:\t2", "Frames:\t7");
    let bvh = Bvh::parse(&too_many).unwrap();
    assert_eq!(bvh.frame_count(), 2);
    assert_eq!(
        bvh.warnings(),
        &[BvhWarning::FrameCountMismatch {
            line: 27,
            declared: 7,
            found: 2
        }]
    );
    let too_few = SMALL.replace("Frames:\t2", "Frames: 1");
    let bvh = Bvh::parse(&too_few).unwrap();
    assert_eq!(bvh.frame_count(), 2);
    assert_eq!(bvh.warnings().len(), 1);
    assert!(bvh.warnings()[0].to_string().contains("declares 1 frames"));
    // No motion lines at all is an empty clip, not an error.
    let none =
        "HIERARCHY ROOT A { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 0 Frame Time: 0.1";
    let bvh = Bvh::parse(none).unwrap();
    assert_eq!(bvh.frame_count(), 0);
    assert!(bvh.warnings().is_empty());
    assert_eq!(Clip::from_bvh(&bvh).frame_count(), 0);
}

#[test]
fn zero_channel_files_count_lines_as_frames() {
    let src =
        "HIERARCHY ROOT A { OFFSET 0 0 0 CHANNELS 0 }\nMOTION\nFrames: 3\nFrame Time: 0.1\n\n\n\n";
    let bvh = Bvh::parse(src).unwrap();
    assert_eq!(bvh.frame_count(), 3);
    assert!(bvh.warnings().is_empty());
    assert_eq!(Bvh::parse(&bvh.to_string()).unwrap(), bvh);
}

#[test]
fn one_and_two_rotation_channels_write_back() {
    let src = "HIERARCHY ROOT A { OFFSET 0 0 0 CHANNELS 1 Zrotation JOINT B { OFFSET 1 0 0 CHANNELS 2 Yrotation Xrotation } }\nMOTION\nFrames: 2\nFrame Time: 0.1\n-170 10 20\n179 -80 45\n";
    let bvh = Bvh::parse(src).unwrap();
    let clip = Clip::from_bvh(&bvh);
    let back = Clip::from_bvh(&clip.to_bvh());
    for f in 0..2 {
        for (a, b) in clip.local_rotations(f).iter().zip(back.local_rotations(f)) {
            assert!(close(*a, *b));
        }
    }
}
