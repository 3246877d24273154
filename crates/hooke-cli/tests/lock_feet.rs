//! `hooke stitch --lock-feet` through the binary (issue 20): the bundled clips stitched with
//! planted feet held, and a skeleton without legs refused with a clear message.

use assert_cmd::cargo::cargo_bin_cmd;
use hooke_bvh::Bvh;

mod common;
use common::bundled;

fn stitch(args: &[String]) -> (Option<i32>, String) {
    let out = cargo_bin_cmd!("hooke")
        .arg("stitch")
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status.code(), stderr)
}

#[test]
fn lock_feet_changes_only_the_legs_and_keeps_every_frame() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (bundled("01_01.bvh"), bundled("01_03.bvh"));
    let ranges = vec![format!("{a}:100..500"), format!("{b}:1200..1600")];
    let mut outputs = Vec::new();
    for lock in [false, true] {
        let out = dir.path().join(format!("lock_{lock}.bvh"));
        let mut args = ranges.clone();
        args.extend(["-o".into(), out.display().to_string()]);
        if lock {
            args.push("--lock-feet".into());
        }
        let (code, stderr) = stitch(&args);
        assert_eq!(code, Some(0), "{stderr}");
        outputs.push(Bvh::from_path(&out).unwrap());
    }
    let (plain, locked) = (&outputs[0], &outputs[1]);
    assert_eq!(plain.frame_count(), 800);
    assert_eq!(locked.frame_count(), 800);
    // Channels that differ belong to the legs' joints only (hip, knee, ankle of each leg).
    let names: Vec<&str> = locked.joints().iter().map(|j| j.name()).collect();
    let mut changed = std::collections::BTreeSet::new();
    let mut channel = 0;
    for (joint, j) in locked.joints().iter().enumerate() {
        for _ in 0..j.channels().len() {
            for f in 0..800 {
                if (plain.frame(f)[channel] - locked.frame(f)[channel]).abs() > 1e-3 {
                    changed.insert(names[joint]);
                }
            }
            channel += 1;
        }
    }
    assert!(!changed.is_empty());
    for name in &changed {
        assert!(
            ["UpLeg", "Leg", "Foot"].iter().any(|s| name.ends_with(s)),
            "{name} changed"
        );
    }
}

#[test]
fn a_skeleton_without_legs_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("stick.bvh");
    std::fs::write(
        &clip,
        "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 3 Xposition Yposition Zposition\n \
         End Site\n {\n  OFFSET 0 1 0\n }\n}\nMOTION\nFrames: 3\nFrame Time: 0.1\n0 0 0\n1 0 0\n2 0 0\n",
    )
    .unwrap();
    let c = clip.display().to_string();
    let out = dir.path().join("out.bvh").display().to_string();
    let args = vec![
        format!("{c}:0..2"),
        format!("{c}:1..3"),
        "-o".into(),
        out,
        "--lock-feet".into(),
    ];
    let (code, stderr) = stitch(&args);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("--lock-feet") && stderr.contains("no left leg"),
        "{stderr}"
    );
}
