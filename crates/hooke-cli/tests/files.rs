//! End-to-end tests of the file commands (issue 13) through the `hooke` binary on the bundled
//! CMU clips: `demo` writes every promised file, `stitch` is continuous at its seams where a cut
//! is not, `track` removes an injected jump and leaves the rest of the clip alone, `info` reports
//! an off-by-one header, bad files and arguments exit with status 2, nothing is clobbered
//! without `--force`, and every SVG is XML with a title.

use std::path::{Path, PathBuf};

use assert_cmd::cargo::cargo_bin_cmd;
use glam::Vec3;
use hooke_bvh::{Bvh, Clip};

mod common;
use common::{Run, bundled, hooke};

fn ok<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    let run = hooke(args);
    assert_eq!(run.code, Some(0), "{}\n{}", run.stdout, run.stderr);
    run
}

fn input_error<S: AsRef<std::ffi::OsStr>>(args: &[S], needles: &[&str]) {
    let run = hooke(args);
    assert_eq!(run.code, Some(2), "{}\n{}", run.stdout, run.stderr);
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "{needle:?} not in {}",
            run.stderr
        );
    }
}

fn arg(path: &Path) -> String {
    path.display().to_string()
}

/// Checks that `svg` is well-formed XML whose root is `<svg>` with a non-empty `<title>`.
fn check_svg(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&text)
        .unwrap_or_else(|e| panic!("{} is not XML: {e}", path.display()));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    assert!(!title.trim().is_empty(), "{} has no title", path.display());
}

/// Global positions of every joint of every frame of `path`.
fn globals(path: &Path) -> (Clip, Vec<Vec<Vec3>>) {
    let clip = Clip::from_bvh(&Bvh::from_path(path).unwrap());
    let frames = (0..clip.frame_count())
        .map(|f| clip.global_positions(f).to_vec())
        .collect();
    (clip, frames)
}

/// The largest joint acceleration (second difference / dt²) centred on frame `f`.
fn acceleration(frames: &[Vec<Vec3>], f: usize, dt: f32) -> f32 {
    frames[f]
        .iter()
        .zip(&frames[f - 1])
        .zip(&frames[f + 1])
        .map(|((p, before), after)| ((*after - 2.0 * *p + *before) / (dt * dt)).length())
        .fold(0.0, f32::max)
}

#[test]
fn demo_writes_every_promised_file_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("demo");
    let run = ok(&["demo", "--out", &arg(&out)]);
    for file in [
        "stitch_inertialize.bvh",
        "stitch_dead_blend.bvh",
        "stitch_cut.bvh",
        "jump.bvh",
        "tracked.bvh",
        "seams_trajectory.svg",
        "seams_acceleration.svg",
        "tracking.svg",
        "springs.svg",
        "summary.md",
        "index.html",
        "feet_height.svg",
        "feet_speed.svg",
    ] {
        let path = out.join(file);
        assert!(run.stdout.contains(&arg(&path)), "{file} not reported");
        assert!(std::fs::metadata(&path).unwrap().len() > 0, "{file} empty");
        match path.extension().and_then(|e| e.to_str()) {
            Some("bvh") => assert!(Bvh::from_path(&path).unwrap().frame_count() > 1000),
            Some("svg") => check_svg(&path),
            _ => {}
        }
    }
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    for needle in [
        "SIMD path",
        "frames processed",
        "frames/s",
        "| seam |",
        "--lock-feet",
    ] {
        assert!(summary.contains(needle), "{needle:?} not in summary.md");
    }
    // Again without --force: refused before anything is written; with --force: replaced.
    let before = std::fs::read(out.join("summary.md")).unwrap();
    input_error(&["demo", "--out", &arg(&out)], &["exists", "--force"]);
    assert_eq!(std::fs::read(out.join("summary.md")).unwrap(), before);
    ok(&["demo", "--out", &arg(&out), "--force"]);
    // Only the promised files: no temporary files left behind.
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 13);
}

#[test]
fn stitch_is_continuous_at_its_seams_where_a_cut_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (bundled("01_01.bvh"), bundled("01_03.bvh"));
    let ranges = [
        format!("{a}:100..400"),
        format!("{b}:1200..1500"),
        format!("{a}:2000.."),
    ];
    let expected_frames = 300 + 300 + 752;
    let seams = [300, 600];
    let mut worst = Vec::new();
    for mode in ["inertialize", "dead-blend", "cut"] {
        let out = dir.path().join(format!("{mode}.bvh"));
        let mut args: Vec<String> = vec!["stitch".into()];
        args.extend(ranges.iter().cloned());
        args.extend(["-o".into(), arg(&out), "--mode".into(), mode.into()]);
        let run = ok(&args);
        assert_eq!(
            run.stdout.matches("seam at frame").count(),
            2,
            "{}",
            run.stdout
        );
        let (clip, frames) = globals(&out);
        assert_eq!(frames.len(), expected_frames);
        let dt = clip.frame_time();
        // The clips' own motion: the largest acceleration away from the seams.
        let natural = (2..expected_frames - 1)
            .filter(|f| seams.iter().all(|s| f.abs_diff(*s) > 30))
            .map(|f| acceleration(&frames, f, dt))
            .fold(0.0, f32::max);
        let at_seams = seams
            .iter()
            .flat_map(|&s| [s - 1, s, s + 1])
            .map(|f| acceleration(&frames, f, dt))
            .fold(0.0, f32::max);
        // C0: no joint jumps further at a seam than the clips move in a frame.
        let step = |f: usize| {
            frames[f]
                .iter()
                .zip(&frames[f - 1])
                .map(|(p, q)| (*p - *q).length())
                .fold(0.0, f32::max)
        };
        let natural_step = (2..expected_frames)
            .filter(|f| seams.iter().all(|s| f.abs_diff(*s) > 30))
            .map(step)
            .fold(0.0, f32::max);
        let seam_step = seams.iter().map(|&s| step(s)).fold(0.0, f32::max);
        worst.push((mode, at_seams / natural, seam_step / natural_step));
    }
    let [
        (_, inert_a, inert_x),
        (_, dead_a, dead_x),
        (_, cut_a, cut_x),
    ] = worst[..]
    else {
        unreachable!()
    };
    // Blended seams: C0 and C1 (the acceleration stays within the clips' own range).
    assert!(inert_a <= 1.0 && inert_x <= 1.0, "{worst:?}");
    assert!(dead_a <= 1.0 && dead_x <= 1.0, "{worst:?}");
    // The cut is not.
    assert!(cut_a > 3.0 && cut_x > 3.0, "{worst:?}");
}

#[test]
fn stitch_refuses_other_skeletons_frame_times_and_bad_ranges() {
    let dir = tempfile::tempdir().unwrap();
    let a = bundled("01_01.bvh");
    let out = arg(&dir.path().join("out.bvh"));
    let src = std::fs::read_to_string(&a).unwrap();
    let renamed = dir.path().join("renamed.bvh");
    std::fs::write(&renamed, src.replace("LeftForeArm", "LeftElbow")).unwrap();
    input_error(
        &["stitch", &a, &arg(&renamed), "-o", &out],
        &["renamed.bvh", "LeftForeArm"],
    );
    let slower = dir.path().join("slower.bvh");
    std::fs::write(
        &slower,
        src.replace("Frame Time: .0083333", "Frame Time: .0166667"),
    )
    .unwrap();
    input_error(
        &["stitch", &a, &arg(&slower), "-o", &out],
        &["slower.bvh", "resampled"],
    );
    for range in ["100..100", "400..100", "0..99999", "x..4", "3000.."] {
        input_error(&["stitch", &format!("{a}:{range}"), "-o", &out], &[]);
    }
    assert!(!Path::new(&out).exists());
}

/// `01_01.bvh` with the root moved by 8 units along x from frame 600 on.
fn jumped_clip(dir: &Path) -> PathBuf {
    let src = std::fs::read_to_string(bundled("01_01.bvh")).unwrap();
    let mut lines: Vec<String> = src.lines().map(str::to_owned).collect();
    let motion = lines
        .iter()
        .position(|l| l.starts_with("Frame Time"))
        .unwrap()
        + 1;
    for line in &mut lines[motion + 600..] {
        if line.trim().is_empty() {
            continue;
        }
        let mut values: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        values[0] = (values[0].parse::<f64>().unwrap() + 8.0).to_string();
        *line = values.join(" ");
    }
    let path = dir.join("jumped.bvh");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn track_removes_an_injected_jump_and_leaves_frames_far_from_it_alone() {
    let dir = tempfile::tempdir().unwrap();
    let jumped = jumped_clip(dir.path());
    for how in [&["--cuts", "1,600"][..], &["--detect"][..]] {
        let out = dir.path().join("tracked.bvh");
        let mut args = vec![
            "track".to_owned(),
            arg(&jumped),
            "-o".into(),
            arg(&out),
            "--force".into(),
        ];
        args.extend(how.iter().map(|s| s.to_string()));
        let run = ok(&args);
        if how[0] == "--detect" {
            assert!(run.stdout.contains("600"), "{}", run.stdout);
        }
        let input = Clip::from_bvh(&Bvh::from_path(&jumped).unwrap());
        let output = Clip::from_bvh(&Bvh::from_path(&out).unwrap());
        let dt = input.frame_time();
        // The jump is gone: the root's step across it is a normal one.
        let root = |c: &Clip, f: usize| c.local_positions(f)[0];
        let jump = (root(&input, 600) - root(&input, 599)).length();
        let smoothed = (root(&output, 600) - root(&output, 599)).length();
        assert!(jump > 7.0 && smoothed < 1.0, "{jump} -> {smoothed}");
        // Far from the cuts (frame 1, after the T-pose, and 600) the output is the input.
        let mut worst = (0.0_f32, 0.0_f32);
        for f in (2..input.frame_count()).filter(|&f| {
            let from_cut = |c: usize| (f as f32 - c as f32) * dt;
            !(0.0..2.0).contains(&from_cut(1)) && !(0.0..2.0).contains(&from_cut(600))
        }) {
            for j in 0..input.joint_count() {
                let dx = (input.local_positions(f)[j] - output.local_positions(f)[j]).length();
                let dq = input.local_rotations(f)[j].angle_between(output.local_rotations(f)[j]);
                worst = (worst.0.max(dx), worst.1.max(dq));
            }
        }
        assert!(worst.0 < 1e-3 && worst.1 < 1e-3, "{how:?}: {worst:?}");
    }
}

#[test]
fn info_reports_both_counts_of_an_off_by_one_header() {
    let dir = tempfile::tempdir().unwrap();
    let src = std::fs::read_to_string(bundled("01_03.bvh")).unwrap();
    let path = dir.path().join("off_by_one.bvh");
    std::fs::write(&path, src.replace("Frames: 4511", "Frames: 4512")).unwrap();
    let run = ok(&["info", &arg(&path)]);
    assert!(
        run.stdout.contains("4511 in the data, 4512 in the header"),
        "{}",
        run.stdout
    );
    assert!(run.stderr.contains("warning"), "{}", run.stderr);
    assert!(run.stdout.contains("LeftHand") && run.stdout.contains("120.00 Hz"));
}

#[test]
fn bad_files_give_status_2_and_a_message_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    let src = std::fs::read_to_string(bundled("01_01.bvh")).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        arg(&path)
    };
    let motion_line = src
        .lines()
        .position(|l| l.starts_with("Frame Time"))
        .unwrap()
        + 2;
    let mut short_line: Vec<String> = src.lines().map(str::to_owned).collect();
    short_line[motion_line] = short_line[motion_line]
        .split_whitespace()
        .skip(1)
        .collect::<Vec<_>>()
        .join(" ");
    let cases = [
        ("truncated.bvh", src[..src.len() / 3].to_owned()),
        ("garbage.bvh", "\u{1}\u{2} not a bvh at all".to_owned()),
        ("channels.bvh", short_line.join("\n")),
        (
            "frame_time.bvh",
            src.replace("Frame Time: .0083333", "Frame Time: 0"),
        ),
        ("empty.bvh", String::new()),
    ];
    for (name, text) in cases {
        let path = write(name, &text);
        let out = arg(&dir.path().join("out.bvh"));
        input_error(&["info", &path], &[name]);
        input_error(&["track", &path, "-o", &out], &[name]);
        input_error(&["stitch", &path, "-o", &out], &[name]);
    }
    let missing = arg(&dir.path().join("missing.bvh"));
    input_error(&["info", &missing], &["missing.bvh"]);
    // Malformed BVH: the message names the line.
    let run = hooke(&[
        "info",
        &write("g2.bvh", "HIERARCHY\nROOT A\n{\nOFFSET 0 0 x\n}\n"),
    ]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("line 4"), "{}", run.stderr);
}

#[test]
fn outputs_are_never_written_over_an_input_or_an_existing_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.bvh");
    std::fs::copy(bundled("01_01.bvh"), &a).unwrap();
    let original = std::fs::read(&a).unwrap();
    input_error(&["stitch", &arg(&a), "-o", &arg(&a), "--force"], &["input"]);
    input_error(&["track", &arg(&a), "-o", &arg(&a), "--force"], &["input"]);
    assert_eq!(std::fs::read(&a).unwrap(), original);
    let existing = dir.path().join("existing.bvh");
    std::fs::write(&existing, "keep me").unwrap();
    input_error(
        &[
            "stitch",
            &format!("{}:1..100", arg(&a)),
            "-o",
            &arg(&existing),
        ],
        &["--force"],
    );
    input_error(&["track", &arg(&a), "-o", &arg(&existing)], &["--force"]);
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "keep me");
    ok(&[
        "stitch",
        &format!("{}:1..100", arg(&a)),
        "-o",
        &arg(&existing),
        "--force",
    ]);
    assert_eq!(Bvh::from_path(&existing).unwrap().frame_count(), 99);
}

#[test]
fn every_plot_is_xml_with_a_title() {
    let dir = tempfile::tempdir().unwrap();
    ok(&["plot", "--out", &arg(dir.path())]);
    let mut count = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        check_svg(&entry.unwrap().path());
        count += 1;
    }
    assert!(count >= 3);
}

#[test]
fn track_refuses_cuts_outside_the_clip_and_bad_parameters() {
    let dir = tempfile::tempdir().unwrap();
    let a = bundled("01_01.bvh");
    let out = arg(&dir.path().join("out.bvh"));
    input_error(
        &["track", &a, "-o", &out, "--cuts", "0"],
        &["--cuts", "frame 0"],
    );
    input_error(
        &["track", &a, "-o", &out, "--cuts", "2752"],
        &["--cuts", "2752"],
    );
    input_error(
        &["track", &a, "-o", &out, "--halflife", "0"],
        &["--halflife"],
    );
    input_error(
        &["track", &a, "-o", &out, "--cuts", "5", "--detect"],
        &["--detect"],
    );
    input_error(
        &["stitch", &a, "-o", &out, "--halflife", "-1"],
        &["--halflife"],
    );
    assert!(!Path::new(&out).exists());
}

/// A clip as exported by other tools: CRLF, tabs, a rotation order other than ZYX, joints with
/// position channels, a joint with no channels, and a header frame count off by one.
fn foreign_clip(frames: usize, phase: f32) -> String {
    let mut src = String::from(
        "HIERARCHY\r\nROOT\tpelvis\r\n{\r\n\tOFFSET 0 0 0\r\n\tCHANNELS 6 Xposition Yposition \
         Zposition Yrotation Xrotation Zrotation\r\n\tJOINT\tspine\r\n\t{\r\n\t\tOFFSET 0 10 0\r\n\t\t\
         CHANNELS 6 Xposition Yposition Zposition Xrotation Zrotation Yrotation\r\n\t\tJOINT head\r\n\
         \t\t{\r\n\t\t\tOFFSET 0 5 0\r\n\t\t\tCHANNELS 0\r\n\t\t\tEnd Site\r\n\t\t\t{\r\n\t\t\t\
         OFFSET 0 2 0\r\n\t\t\t}\r\n\t\t}\r\n\t}\r\n}\r\nMOTION\r\n",
    );
    src.push_str(&format!(
        "Frames:\t{}\r\nFrame Time:\t0.0333333\r\n",
        frames + 1
    ));
    for f in 0..frames {
        let t = f as f32 / 30.0 + phase;
        src.push_str(&format!(
            "{}\t90\t0\t{}\t{}\t5\t0 10 0\t{}\t{}\t0\r\n",
            t,
            20.0 * t.sin(),
            10.0 * t.cos(),
            30.0 * (2.0 * t).sin(),
            15.0 * t.cos()
        ));
    }
    src
}

#[test]
fn foreign_clips_with_crlf_tabs_other_orders_and_channel_less_joints_are_stitched_and_tracked() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.bvh"), dir.path().join("b.bvh"));
    std::fs::write(&a, foreign_clip(90, 0.0)).unwrap();
    std::fs::write(&b, foreign_clip(90, 2.0)).unwrap();
    let run = ok(&["info", &arg(&a)]);
    assert!(
        run.stdout.contains("90 in the data, 91 in the header"),
        "{}",
        run.stdout
    );
    let out = dir.path().join("out.bvh");
    let run = ok(&[
        "stitch",
        &format!("{}:10..60", arg(&a)),
        &format!("{}:30..", arg(&b)),
        "-o",
        &arg(&out),
    ]);
    assert_eq!(
        run.stdout.matches("seam at frame 50").count(),
        1,
        "{}",
        run.stdout
    );
    let stitched = Bvh::from_path(&out).unwrap();
    assert_eq!(stitched.frame_count(), 110);
    assert!(stitched.values().iter().all(|v| v.is_finite()));
    let tracked = dir.path().join("tracked.bvh");
    ok(&["track", &arg(&out), "--detect", "-o", &arg(&tracked)]);
    assert_eq!(Bvh::from_path(&tracked).unwrap().frame_count(), 110);
}

#[test]
fn demo_without_out_never_replaces_an_earlier_run() {
    let dir = tempfile::tempdir().unwrap();
    for (run, folder) in [(1, "hooke-demo"), (2, "hooke-demo-2")] {
        let out = cargo_bin_cmd!("hooke")
            .arg("demo")
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "run {run}");
        let summary = dir.path().join("target").join(folder).join("summary.md");
        assert!(summary.exists(), "run {run}: {}", summary.display());
    }
}
