//! Issue 21 rows 13b and 13c through the `hooke` binary: the tool reads whatever it writes,
//! numbers beyond `f32` are named as such, summaries stay finite, the help has no code blocks.

use std::path::Path;

use assert_cmd::cargo::cargo_bin_cmd;

/// A clip whose root is a `joints - 1`-joint star (every joint a child of the root), `frames`
/// frames, root x of frame `f` from `root_x(f)`.
fn star(joints: usize, frames: usize, root_x: impl Fn(usize) -> String) -> String {
    let mut src = String::from(
        "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition \
         Zrotation Xrotation Yrotation\n",
    );
    for j in 1..joints {
        src += &format!(" JOINT J{j}\n {{\n  OFFSET 0 1 0\n  CHANNELS 1 Zrotation\n }}\n");
    }
    src += &format!("}}\nMOTION\nFrames: {frames}\nFrame Time: 0.0333333\n");
    for f in 0..frames {
        src += &format!("{} 0 0 0 0 0", root_x(f));
        src += &" 5".repeat(joints - 1);
        src += "\n";
    }
    src
}

fn run_in(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let out = cargo_bin_cmd!("hooke")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr,
    )
}

#[test]
fn a_stitch_hooke_could_not_read_back_is_refused_before_the_work() {
    // Row 13b: 3 x 200,000 frames made a file over MAX_JOINT_FRAMES that `hooke info` refused.
    // Here 8,000 joints x 2,100 frames (700 ranges of a 3-frame clip) is over it.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("star.bvh"), star(8000, 3, |_| "0".into())).unwrap();
    let mut args = vec!["stitch"];
    args.extend(std::iter::repeat_n("star.bvh", 700));
    args.extend(["-o", "out.bvh"]);
    let (code, _, stderr) = run_in(dir.path(), &args);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("could not read it back"), "{stderr}");
    assert!(!dir.path().join("out.bvh").exists());
}

#[test]
fn a_value_beyond_f32_is_out_of_range_not_infinite() {
    // Row 13c: "expected a finite number, found `1e308`" (it is finite, but not in f32).
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("big.bvh"), star(2, 2, |_| "1e308".into())).unwrap();
    let (code, _, stderr) = run_in(dir.path(), &["info", "big.bvh"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("out of range for f32"), "{stderr}");
}

#[test]
fn root_travel_of_a_root_at_1e30_and_3e38_is_finite() {
    // Row 13c: "root travel: inf units".
    let dir = tempfile::tempdir().unwrap();
    let far = star(2, 4, |f| if f % 2 == 0 { "3e38" } else { "-3e38" }.into());
    std::fs::write(dir.path().join("far.bvh"), far).unwrap();
    std::fs::write(
        dir.path().join("e30.bvh"),
        star(2, 3, |f| format!("{}e30", f + 1)),
    )
    .unwrap();
    for file in ["far.bvh", "e30.bvh"] {
        let (code, stdout, stderr) = run_in(dir.path(), &["info", file]);
        assert_eq!(code, Some(0), "{stderr}");
        let travel = stdout
            .lines()
            .find(|l| l.starts_with("root travel"))
            .unwrap();
        assert!(
            !travel.contains("inf") && !travel.contains("NaN"),
            "{travel}"
        );
    }
    let (_, stdout, _) = run_in(dir.path(), &["info", "far.bvh"]);
    assert!(
        stdout.contains("root travel: 1.800e39 units along the path"),
        "{stdout}"
    );
}

#[test]
fn the_long_help_has_no_code_blocks() {
    // Row 13c: the long help showed the rustdoc example as raw text.
    let (code, stdout, _) = run_in(Path::new("."), &["--help"]);
    assert_eq!(code, Some(0));
    assert!(
        !stdout.contains("```") && !stdout.contains("hooke_cli::"),
        "{stdout}"
    );
    assert!(stdout.contains("--force"), "{stdout}");
}

#[cfg(unix)]
#[test]
fn a_file_too_big_for_the_memory_limit_is_an_error_not_an_abort() {
    // Row 13b: under `ulimit -v` an allocation failure aborted (SIGABRT). A 48 MB clip of
    // zeros under a 90 MB address-space limit: the motion values (96 MB) cannot be allocated.
    let dir = tempfile::tempdir().unwrap();
    let mut src = String::from(
        "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition \
         Zrotation Xrotation Yrotation\n}\nMOTION\nFrames: 4000000\nFrame Time: 0.01\n",
    );
    src += &"0 0 0 0 0 0\n".repeat(4_000_000);
    std::fs::write(dir.path().join("zeros.bvh"), src).unwrap();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 90000; exec \"$1\" info zeros.bvh")
        .arg("sh")
        .arg(assert_cmd::cargo::cargo_bin!("hooke"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Killed by a signal (an abort) has no exit code.
    assert!(
        matches!(out.status.code(), Some(1 | 2)),
        "{:?}: {stderr}",
        out.status
    );
    assert!(stderr.contains("memory"), "{stderr}");
}

/// A 60-frame clip (root and one joint) with frame time `frame_time`, root x and y from `root`
/// and rotations of amplitude `degrees`.
fn extreme(frame_time: &str, root: impl Fn(usize) -> String, degrees: f32) -> String {
    let mut src = String::from(
        "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition \
         Zrotation Xrotation Yrotation\n JOINT A\n {\n  OFFSET 0 1 0\n  CHANNELS 3 Zrotation \
         Xrotation Yrotation\n  End Site\n  {\n   OFFSET 0 1 0\n  }\n }\n}\n",
    );
    src += &format!("MOTION\nFrames: 60\nFrame Time: {frame_time}\n");
    for f in 0..60 {
        let a = (f as f32 * 0.7).sin() * degrees;
        src += &format!("{} {} 0 {a} {} 0 {a} 0 0\n", root(f), root(f + 3), -a);
    }
    src
}

#[test]
fn tiny_frame_times_and_roots_at_3e38_give_finite_output_or_exit_2() {
    // Row 5: `hooke track` wrote NaN (frame time 1e-20) and inf (root x alternating +-3e38),
    // exit 0, and `hooke info` then refused the output.
    let dir = tempfile::tempdir().unwrap();
    let clips = [
        extreme("1e-20", |f| format!("{}", (f as f32 * 3.1) % 7.0), 30.0),
        extreme("1.18e-38", |f| format!("{}", f as f32 * 0.01), 30.0),
        extreme("1e-30", |f| format!("{}e10", (f * 37) % 11), 170.0),
        extreme(
            "0.0333",
            |f| if f % 2 == 0 { "3e38" } else { "-3e38" }.into(),
            170.0,
        ),
        extreme(
            "1e-10",
            |f| if f % 3 == 0 { "3e38" } else { "-3e38" }.into(),
            170.0,
        ),
    ];
    for (k, clip) in clips.iter().enumerate() {
        let name = format!("c{k}.bvh");
        std::fs::write(dir.path().join(&name), clip).unwrap();
        let (a, b) = (format!("{name}:0..30"), format!("{name}:20..60"));
        let runs: [Vec<&str>; 8] = [
            vec!["track", &name],
            vec!["track", &name, "--detect"],
            vec!["track", &name, "--cuts", "30"],
            vec!["track", &name, "--cuts", "1,2,3,59"],
            vec!["stitch", &a, &b],
            vec!["stitch", &a, &b, "--mode", "dead-blend"],
            vec!["stitch", &a, &b, "--mode", "cut", "--root", "local"],
            vec!["stitch", &a, &b, "--halflife", "0"],
        ];
        for run in runs {
            let mut args = run.clone();
            args.extend(["-o", "out.bvh", "--force"]);
            let (code, _, stderr) = run_in(dir.path(), &args);
            match code {
                Some(0) => {
                    let (code, _, stderr) = run_in(dir.path(), &["info", "out.bvh"]);
                    assert_eq!(code, Some(0), "{name} {run:?}: its output: {stderr}");
                }
                Some(2) => assert!(stderr.contains("not finite"), "{name} {run:?}: {stderr}"),
                other => panic!("{name} {run:?}: {other:?} {stderr}"),
            }
        }
    }
}
