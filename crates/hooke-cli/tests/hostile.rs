//! Regression tests for issue 7 (hostile input), end to end through the `hooke` binary: every
//! case gives exit status 2 and a message saying what is wrong (or runs correctly), never a
//! panic, a hang or a clobbered file.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;
use common::{bundled_path, hooke};

/// Runs `hooke` and checks it failed with status 2 and a message containing every one of `needles`.
fn usage_error<S: AsRef<std::ffi::OsStr>>(args: &[S], needles: &[&str]) {
    let run = hooke(args);
    assert_eq!(
        run.code,
        Some(2),
        "stdout: {}\nstderr: {}",
        run.stdout,
        run.stderr
    );
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "{needle:?} not in: {}",
            run.stderr
        );
    }
}

/// A small BVH: a root with position and rotation channels and `joints - 1` children (a chain,
/// or with `fork` the last one hanging from the root), `frames` frames of a slow swing.
fn small_bvh(joints: usize, frames: usize, frame_time: &str, fork: bool) -> String {
    let mut src = String::from(
        "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n",
    );
    let mut open = 1;
    for j in 1..joints {
        if fork && j == joints - 1 {
            src += &"}\n".repeat(open - 1);
            open = 1;
        }
        src += &format!(
            "JOINT Bone{j}\n{{\n OFFSET 0 1 0\n CHANNELS 3 Zrotation Xrotation Yrotation\n"
        );
        open += 1;
    }
    src += &"}\n".repeat(open);
    src += &format!("MOTION\nFrames: {frames}\nFrame Time: {frame_time}\n");
    for f in 0..frames {
        let a = (f as f32 * 0.1).sin() * 30.0;
        src += &format!("0 {} 0 0 0 0", f as f32 * 0.01);
        src += &format!(" {a} 0 0").repeat(joints - 1);
        src += "\n";
    }
    src
}

fn write(dir: &Path, name: &str, contents: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// `inertialize` on two files, with a short run by default.
fn inertialize(a: &Path, b: &Path, more: &[&str]) -> Vec<String> {
    let mut args = vec![
        "inertialize".to_owned(),
        "--clip-a".into(),
        a.display().to_string(),
        "--clip-b".into(),
        b.display().to_string(),
        "--characters".into(),
        "4".into(),
        "--seconds".into(),
        "0.5".into(),
    ];
    args.extend(more.iter().map(|s| s.to_string()));
    args
}

#[test]
fn a_plot_path_equal_to_a_clip_is_refused_and_the_clip_kept() {
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("a.bvh");
    std::fs::copy(bundled_path("01_01.bvh"), &clip).unwrap();
    let before = std::fs::read(&clip).unwrap();
    let other = bundled_path("01_03.bvh");
    let plot = clip.display().to_string();
    for force in [&[][..], &["--force"][..]] {
        let mut more = vec!["--plot", plot.as_str()];
        more.extend(force);
        usage_error(
            &inertialize(&clip, &other, &more),
            &["refusing to write", "a.bvh"],
        );
        assert_eq!(std::fs::read(&clip).unwrap(), before);
    }
}

#[test]
fn an_existing_plot_is_kept_without_force_and_replaced_atomically_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let plot = write(dir.path(), "plot.svg", "keep me");
    let a = bundled_path("01_01.bvh");
    let b = bundled_path("01_03.bvh");
    let plot_arg = plot.display().to_string();
    usage_error(
        &inertialize(&a, &b, &["--plot", &plot_arg]),
        &["plot.svg", "--force"],
    );
    assert_eq!(std::fs::read_to_string(&plot).unwrap(), "keep me");
    let run = hooke(&inertialize(&a, &b, &["--plot", &plot_arg, "--force"]));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(std::fs::read_to_string(&plot).unwrap().starts_with("<svg"));
    // Nothing but the plot is left in the folder: no temporary file.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn hooke_plot_refuses_to_replace_files_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("img");
    let out_arg = out.display().to_string();
    assert_eq!(hooke(&["plot", "--out", &out_arg]).code, Some(0));
    std::fs::write(out.join("dt_invariance.svg"), "keep me").unwrap();
    usage_error(&["plot", "--out", &out_arg], &["exists", "--force"]);
    assert_eq!(
        std::fs::read_to_string(out.join("dt_invariance.svg")).unwrap(),
        "keep me"
    );
    assert_eq!(hooke(&["plot", "--out", &out_arg, "--force"]).code, Some(0));
    assert!(
        std::fs::read_to_string(out.join("dt_invariance.svg"))
            .unwrap()
            .starts_with("<svg")
    );
}

#[test]
fn infinite_huge_negative_or_nan_seconds_are_usage_errors() {
    for bad in ["inf", "1e30", "-1", "NaN", "0", "3601"] {
        usage_error(&["inertialize", "--seconds", bad], &["--seconds", bad]);
    }
}

#[test]
fn zero_negative_nan_or_sub_frame_switch_intervals_are_usage_errors() {
    for bad in ["0", "-1", "NaN", "inf"] {
        usage_error(
            &["inertialize", "--switch-every", bad],
            &["--switch-every", bad],
        );
    }
    // Less than two frames of the clips: refused instead of silently clamped.
    usage_error(
        &[
            "inertialize",
            "--switch-every",
            "0.001",
            "--characters",
            "2",
        ],
        &["--switch-every 0.001", "two frames"],
    );
}

#[test]
fn a_negative_or_nan_halflife_is_a_usage_error() {
    for bad in ["-0.5", "NaN", "inf"] {
        usage_error(&["inertialize", "--halflife", bad], &["--halflife"]);
        usage_error(&["table", "--halflife", bad], &["--halflife"]);
    }
}

#[test]
fn a_billion_or_usize_max_characters_are_usage_errors() {
    for bad in [
        "1000000000",
        "18446744073709551615",
        "99999999999999999999999",
        "0",
        "-3",
    ] {
        usage_error(
            &["inertialize", "--characters", bad],
            &["--characters", "65536"],
        );
    }
}

#[test]
fn a_clip_frame_time_of_1e_minus_30_is_refused_before_the_run() {
    // 10 s at 1e-30 s per frame was usize::MAX frames: a run that never ended.
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.bvh", &small_bvh(3, 10, "1e-30", false));
    usage_error(&inertialize(&a, &a, &[]), &["--seconds 0.5", "frames"]);
}

#[test]
fn a_clip_frame_time_that_f32_cannot_use_is_refused_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    for bad in ["1e-50", "1e-40"] {
        let a = write(dir.path(), "a.bvh", &small_bvh(3, 10, bad, false));
        usage_error(
            &inertialize(&a, &a, &[]),
            &["a.bvh", "line 19", "frame time"],
        );
    }
}

#[test]
fn clips_with_zero_or_one_frame_are_input_errors() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), "good.bvh", &small_bvh(3, 10, "0.01", false));
    for frames in [0, 1] {
        let short = write(
            dir.path(),
            "short.bvh",
            &small_bvh(3, frames, "0.01", false),
        );
        usage_error(
            &inertialize(&short, &good, &[]),
            &["short.bvh", "at least 2"],
        );
        usage_error(
            &inertialize(&good, &short, &[]),
            &["short.bvh", "at least 2"],
        );
    }
}

#[test]
fn a_skeleton_with_fewer_than_21_joints_runs_reports_and_plots() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.bvh", &small_bvh(3, 200, "0.01", false));
    let plot = dir.path().join("plot.svg");
    let plot_arg = plot.display().to_string();
    let mut args = inertialize(&a, &a, &["--plot", &plot_arg]);
    args[8] = "3".into(); // --seconds: long enough for measured switches.
    let run = hooke(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("output finite: true"), "{}", run.stdout);
    // The last joint stands in for the CMU rig's joint 20.
    assert!(
        run.stdout.contains("of the Bone2 joint across"),
        "{}",
        run.stdout
    );
    assert!(
        std::fs::read_to_string(&plot)
            .unwrap()
            .contains("Bone2 height")
    );
}

#[test]
fn same_joint_count_but_a_different_hierarchy_is_refused_naming_the_joint() {
    let dir = tempfile::tempdir().unwrap();
    let chain = write(dir.path(), "chain.bvh", &small_bvh(4, 10, "0.01", false));
    let fork = write(dir.path(), "fork.bvh", &small_bvh(4, 10, "0.01", true));
    usage_error(
        &inertialize(&chain, &fork, &[]),
        &[
            "chain.bvh",
            "fork.bvh",
            "joint 3 `Bone3`",
            "joint 2 `Bone2`",
            "joint 0 `Hips`",
        ],
    );
    let fewer = write(dir.path(), "fewer.bvh", &small_bvh(3, 10, "0.01", false));
    usage_error(&inertialize(&chain, &fewer, &[]), &["joint 3 `Bone3`"]);
}

#[test]
fn a_second_clip_at_another_frame_time_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.bvh", &small_bvh(3, 10, "0.01", false));
    let b = write(dir.path(), "b.bvh", &small_bvh(3, 10, "1e30", false));
    usage_error(
        &inertialize(&a, &b, &[]),
        &[
            "frame time",
            "1000000000000000000000000000000 s",
            "resampling is not supported",
        ],
    );
}

#[test]
fn a_malformed_clip_is_an_input_error_naming_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let bad = write(
        dir.path(),
        "bad.bvh",
        &small_bvh(3, 10, "0.01", false).replace("OFFSET 0 1 0", "OFFSET 0 x 0"),
    );
    usage_error(
        &inertialize(&bad, &bad, &[]),
        &["bad.bvh", "line 8, column 11"],
    );
}

#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    // `hooke inertialize | head -1` panicked with "failed printing to stdout".
    let mut child = Command::new(env!("CARGO_BIN_EXE_hooke"))
        .args(["inertialize", "--characters", "4", "--seconds", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_an_error_message_not_a_panic() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hooke"))
        .args(["table"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("cannot write to standard output"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn info_on_a_40000_deep_hierarchy_lists_it_without_a_panic_or_gigabytes_of_indentation() {
    // A chain deeper than 32,768 joints: the indentation `{:width$}` went past 65,535 and
    // panicked, and the depths were found by a walk up from every joint (quadratic).
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        dir.path(),
        "deep.bvh",
        &small_bvh(40_000, 2, "0.0333333", false),
    );
    let run = hooke(&[std::ffi::OsStr::new("info"), path.as_os_str()]);
    assert_eq!(run.code, Some(0), "stderr: {}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(
        run.stdout.contains("joints: 40000"),
        "{}",
        &run.stdout[..200]
    );
    let deepest = run
        .stdout
        .lines()
        .find(|l| l.contains("Bone39999 "))
        .unwrap();
    assert!(deepest.contains("(depth 39999) Bone39999"), "{deepest}");
    // Indented at most 32 levels: about 120 bytes per joint (fully indented, 1.6 GB).
    assert!(
        run.stdout.len() < 40_000 * 160,
        "{} bytes",
        run.stdout.len()
    );
}
