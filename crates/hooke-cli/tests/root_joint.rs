//! `hooke info` and `hooke stitch` on a rig whose ROOT joint stays at the origin and the hips
//! carry the travel (issue 19 part 2): the CMU walk rewritten with a static ROOT above its hips.
//! Both name the travelling joint; the anchored stitch follows it, so the hips' step across each
//! seam stays within 2x their median step, for cut and inertialize, here and on the bundled clip.

use std::path::{Path, PathBuf};
use std::process::Command;

use hooke_bvh::{Bvh, Clip};

fn hooke(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hooke"))
        .args(args)
        .output()
        .expect("hooke runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const WALK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_01.bvh");

/// The walk with a static `Origin` joint (no channels) above its hips.
fn static_root_rig(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(WALK).unwrap();
    let body = text.split_once("HIERARCHY").unwrap().1;
    let (hierarchy, motion) = body.split_once("MOTION").unwrap();
    let hierarchy = hierarchy.trim().replacen("ROOT", "JOINT", 1);
    let rig = format!(
        "HIERARCHY\nROOT Origin\n{{\nOFFSET 0 0 0\nCHANNELS 0\n{hierarchy}\n}}\nMOTION{motion}"
    );
    let path = dir.join("static_root.bvh");
    std::fs::write(&path, rig).unwrap();
    path
}

/// The largest ratio of the `joint`'s horizontal-and-vertical step across a seam to its median
/// step over the stitched clip.
fn seam_steps(out: &Path, joint: &str, seams: &[usize]) -> f32 {
    let clip = Clip::from_bvh(&Bvh::from_path(out).unwrap());
    let j = clip.joint_index(joint).unwrap();
    let p = |f: usize| clip.global_positions(f)[j];
    let mut steps: Vec<f32> = (1..clip.frame_count())
        .map(|f| (p(f) - p(f - 1)).length())
        .collect();
    let across: Vec<f32> = seams.iter().map(|&s| steps[s - 1]).collect();
    steps.sort_by(f32::total_cmp);
    let median = steps[steps.len() / 2];
    across.iter().map(|a| a / median).fold(0.0, f32::max)
}

#[test]
fn the_travelling_joint_is_detected_reported_and_anchored() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("root_joint");
    std::fs::create_dir_all(&dir).unwrap();
    let rig = static_root_rig(&dir);
    let info = hooke(&["info", rig.to_str().unwrap()]);
    assert!(info.contains("travel joint: Hips"), "{info}");
    let info = hooke(&["info", WALK]);
    assert!(info.contains("travel joint: Hips"), "{info}");

    for source in [rig.to_str().unwrap(), WALK] {
        for mode in ["cut", "inertialize"] {
            let out = dir.join(format!("stitched_{mode}.bvh"));
            let ranges = [
                format!("{source}:100..400"),
                format!("{source}:900..1200"),
                format!("{source}:300..600"),
            ];
            let report = hooke(&[
                "stitch",
                &ranges[0],
                &ranges[1],
                &ranges[2],
                "--mode",
                mode,
                "-o",
                out.to_str().unwrap(),
                "--force",
            ]);
            assert!(report.contains("root joint: Hips (detected"), "{report}");
            let worst = seam_steps(&out, "Hips", &[300, 600]);
            eprintln!("{source} {mode}: hips step across a seam {worst:.2}x its median");
            assert!(worst <= 2.0, "{source} {mode}: {worst}");
        }
    }
    // Anchoring the static ROOT instead makes the hips jump at a cut.
    let out = dir.join("stitched_origin.bvh");
    let report = hooke(&[
        "stitch",
        &format!("{}:100..400", rig.display()),
        &format!("{}:900..1200", rig.display()),
        "--mode",
        "cut",
        "--root-joint",
        "Origin",
        "-o",
        out.to_str().unwrap(),
        "--force",
    ]);
    assert!(
        report.contains("root joint: Origin (--root-joint)"),
        "{report}"
    );
    assert!(seam_steps(&out, "Hips", &[300]) > 10.0);
}
