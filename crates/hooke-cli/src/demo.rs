//! `hooke demo`: the main job. On the bundled CMU clips it stitches distant segments of both
//! clips with inertialization, dead blending and hard cuts, cleans an injected discontinuity
//! with the tracking spring, and writes the BVH files, SVG plots and `summary.md` into a folder.

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;

use glam::{Quat, Vec3};
use hooke_bvh::Clip;

use crate::args::{ClipRange, RootArg, StitchMode, default_clip};
use crate::stitch::{self, Blend, SeamReport};
use crate::track::{self, Cuts};
use crate::{CliError, clipio, demo_page, output, plot};

/// The joint plotted and measured: the left hand of the CMU rig.
pub(crate) const HAND: &str = "LeftHand";

/// Frame of the clip where `track`'s demo injects a jump, and the jump: the root moves by
/// `JUMP_ROOT` and the left arm turns by `JUMP_DEGREES` about z from that frame on.
const JUMP_FRAME: usize = 600;
const JUMP_ROOT: Vec3 = Vec3::new(8.0, 0.0, 0.0);
const JUMP_DEGREES: f32 = 30.0;

/// The files the demo writes, in the order it writes them.
pub const FILES: [&str; 13] = [
    "stitch_inertialize.bvh",
    "stitch_dead_blend.bvh",
    "stitch_cut.bvh",
    "jump.bvh",
    "tracked.bvh",
    "seams_trajectory.svg",
    "seams_acceleration.svg",
    "tracking.svg",
    "springs.svg",
    "feet_height.svg",
    "feet_speed.svg",
    "summary.md",
    "index.html",
];

pub(crate) fn segments() -> Vec<ClipRange> {
    let range = |name: &str, start: usize, end: usize| ClipRange {
        path: default_clip(name),
        start,
        end: Some(end),
    };
    vec![
        range("01_01.bvh", 100, 500),
        range("01_03.bvh", 1200, 1600),
        range("01_01.bvh", 2000, 2400),
    ]
}

/// How the demo (and the gallery's stitch plot) blends its seams in `mode`: anchored root,
/// halflife 0.1 s, dead blends of 0.2 s; `lock_feet` as `--lock-feet`.
pub(crate) fn blend(mode: StitchMode, lock_feet: bool) -> Blend {
    Blend {
        mode,
        halflife: 0.1,
        blend_time: 0.2,
        root: RootArg::Anchored,
        root_joint: None,
        lock_feet,
    }
}

/// The default output folder: the first of `target/hooke-demo`, `target/hooke-demo-2`, ... that
/// does not exist yet, claimed by creating it: `create_dir` fails if another run (a second
/// `hooke demo` started at the same time) made it first, so two runs never share a folder.
fn default_folder() -> Result<PathBuf, CliError> {
    claim_folder(Path::new("target/hooke-demo"))
}

/// The first of `base`, `base-2`, ... `base-1000` that did not exist, created here (see
/// [`default_folder`]).
fn claim_folder(base: &Path) -> Result<PathBuf, CliError> {
    let parent = folder_of(base);
    std::fs::create_dir_all(parent).map_err(|e| {
        CliError::Input(format!(
            "cannot create the folder {}: {e}",
            parent.display()
        ))
    })?;
    for n in 1..=1000_u32 {
        let folder = if n == 1 {
            base.to_path_buf()
        } else {
            PathBuf::from(format!("{}-{n}", base.display()))
        };
        match std::fs::create_dir(&folder) {
            Ok(()) => return Ok(folder),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(CliError::Input(format!(
                    "cannot create the folder {}: {e}",
                    folder.display()
                )));
            }
        }
    }
    Err(CliError::Input(format!(
        "{} and 999 numbered folders beside it exist; pass --out DIR",
        base.display()
    )))
}

/// The folder `path` is in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Runs the demo, writing into `folder` (see [`default_folder`] when `None`).
pub fn run(folder: Option<&Path>, force: bool, out: &mut dyn Write) -> Result<(), CliError> {
    let started = Instant::now();
    let default;
    let folder = match folder {
        Some(folder) => {
            // An --out that is a file (or leads nowhere useful) is the user's mistake: exit 2
            // with the cause, not "File exists" from create_dir_all.
            if let Ok(m) = std::fs::metadata(folder)
                && !m.is_dir()
            {
                return Err(CliError::Input(format!(
                    "--out {}: exists and is not a folder",
                    folder.display()
                )));
            }
            std::fs::create_dir_all(folder).map_err(|e| {
                CliError::Input(format!(
                    "--out {}: cannot create the folder: {e}",
                    folder.display()
                ))
            })?;
            folder
        }
        None => {
            default = default_folder()?;
            &default
        }
    };
    let paths: Vec<PathBuf> = FILES.iter().map(|f| folder.join(f)).collect();
    let specs = segments();
    let inputs: Vec<&Path> = specs.iter().map(|s| s.path.as_path()).collect();
    // Every target checked before any work: nothing is half written.
    for path in &paths {
        output::check_target(path, &inputs, force)?;
    }
    let io = CliError::Stdout;
    crate::write_banner(out, " demo")?;

    // Stitching, three ways.
    let loaded = stitch::load(&specs)?;
    let clips: Vec<(&Clip, Range<usize>)> = loaded.iter().map(|(c, r)| (c, r.clone())).collect();
    let skeleton = clips[0].0;
    let dt = skeleton.frame_time();
    let joints = skeleton.joint_count();
    let hand = skeleton.joint_index(HAND).unwrap_or(joints - 1);
    let labels: Vec<String> = specs
        .iter()
        .map(|s| {
            let name = s.path.file_name().map(|n| n.to_string_lossy().into_owned());
            format!(
                "{}:{}..{}",
                name.unwrap_or_default(),
                s.start,
                s.end.unwrap_or(0)
            )
        })
        .collect();
    let modes = [
        (StitchMode::Inertialize, 0),
        (StitchMode::DeadBlend, 1),
        (StitchMode::Cut, 2),
    ];
    let mut frames_processed = 0_usize;
    let mut work = std::time::Duration::ZERO;
    let mut reports: Vec<(StitchMode, Vec<SeamReport>)> = Vec::new();
    let mut hand_paths: Vec<(StitchMode, Vec<Vec3>)> = Vec::new();
    let mut seams = Vec::new();
    let mut viewed = Vec::new();
    // The inertialized and the cut stitch, which the feet section compares with a locked one.
    let mut kept = Vec::new();
    for (mode, file) in modes {
        let blend = blend(mode, false);
        let start = Instant::now();
        let stitched = stitch::stitch(&clips, blend)?;
        work += start.elapsed();
        frames_processed += stitched.positions.len() / joints;
        let bvh = skeleton.bvh_with_poses(&stitched.positions, &stitched.rotations);
        clipio::write_bvh(&paths[file], &bvh, &inputs, force, out)?;
        let global = clipio::global_positions(skeleton, &stitched.positions, &stitched.rotations);
        hand_paths.push((
            mode,
            global.iter().skip(hand).step_by(joints).copied().collect(),
        ));
        reports.push((
            mode,
            stitch::seam_report(&clips, &stitched, blend, &labels)?,
        ));
        seams.clone_from(&stitched.seams);
        viewed.push(demo_page::Stitched {
            mode,
            global,
            seams: stitched.seams.clone(),
        });
        if !matches!(mode, StitchMode::DeadBlend) {
            kept.push(stitched);
        }
    }

    // Tracking: a jump injected into 01_01, removed with the tracking spring.
    let source = clipio::read_clip(&specs[0].path, JUMP_FRAME + 1)?;
    let mut jumped = track::poses(&source);
    let arm = source.joint_index("LeftArm").unwrap_or(0);
    let turn = Quat::from_rotation_z(JUMP_DEGREES.to_radians());
    for f in JUMP_FRAME..source.frame_count() {
        jumped.positions[f * joints] += JUMP_ROOT;
        let r = &mut jumped.rotations[f * joints + arm];
        *r = (turn * *r).normalize();
    }
    let jump_bvh = source.bvh_with_poses(&jumped.positions, &jumped.rotations);
    clipio::write_bvh(&paths[3], &jump_bvh, &inputs, force, out)?;
    let jump_clip = Clip::from_bvh(&jump_bvh);
    let before = track::poses(&jump_clip);
    let mut tracked = track::poses(&jump_clip);
    let start = Instant::now();
    let detected = track::detect(&jump_clip, &tracked, 8.0);
    track::track(
        &jump_clip,
        &mut tracked,
        0.1,
        &Cuts::Given(detected.clone()),
    );
    work += start.elapsed();
    frames_processed += jump_clip.frame_count();
    let tracked_bvh = jump_clip.bvh_with_poses(&tracked.positions, &tracked.rotations);
    clipio::write_bvh(&paths[4], &tracked_bvh, &inputs, force, out)?;
    let step = |p: &track::Poses| {
        clipio::largest_acceleration(
            &clipio::global_positions(&jump_clip, &p.positions, &p.rotations),
            joints,
            JUMP_FRAME - 1..JUMP_FRAME + 1,
            dt,
        )
        .0
    };
    let (jump_before, jump_after) = (step(&before), step(&tracked));

    // Plots.
    let seam = seams.first().copied().unwrap_or(0);
    let window = seam.saturating_sub(60)..seam + 60;
    let series = |f: &dyn Fn(&[Vec3], usize) -> f32, range: Range<usize>| -> Vec<plot::Series> {
        hand_paths
            .iter()
            .map(|(mode, path)| {
                let points = range
                    .clone()
                    .filter(|&i| i >= 1 && i + 1 < path.len())
                    .map(|i| (i as f32 * dt, f(path, i)))
                    .collect();
                (mode.done().to_owned(), points)
            })
            .collect()
    };
    let height = |p: &[Vec3], i: usize| p[i].y;
    let accel = |p: &[Vec3], i: usize| ((p[i + 1] - 2.0 * p[i] + p[i - 1]) / (dt * dt)).length();
    let total = hand_paths.first().map_or(0, |(_, p)| p.len());
    let jumped_root: Vec<(f32, f32)> = (JUMP_FRAME - 120..JUMP_FRAME + 240)
        .map(|f| (f as f32 * dt, before.positions[f * joints].x))
        .collect();
    let tracked_root: Vec<(f32, f32)> = (JUMP_FRAME - 120..JUMP_FRAME + 240)
        .map(|f| (f as f32 * dt, tracked.positions[f * joints].x))
        .collect();
    let svgs = [
        (
            5,
            plot::lines(
                &format!("{HAND} height at the first seam: inertialized, dead-blended, cut"),
                &series(&height, window),
                "time (s)",
                "height",
            ),
        ),
        (
            6,
            plot::lines(
                &format!("{HAND} acceleration over the stitched clip (seams at {seams:?})"),
                &series(&accel, 0..total),
                "time (s)",
                "acceleration (units/s²)",
            ),
        ),
        (
            7,
            plot::lines(
                "Root x with a jump injected at frame 600, and tracked",
                &[
                    ("with the jump".into(), jumped_root),
                    ("tracking spring".into(), tracked_root),
                ],
                "time (s)",
                "root x",
            ),
        ),
        (
            8,
            plot::lines(
                "The spring family: step responses, halflife 0.2 s",
                &plot::regimes(),
                "time (s)",
                "x",
            ),
        ),
    ];
    let feet = crate::demo_feet::run(&clips, &kept[1], &kept[0])?;
    let mut plots = Vec::new();
    let svgs = svgs.into_iter().chain([
        (9, Ok(feet.height_svg.clone())),
        (10, Ok(feet.speed_svg.clone())),
    ]);
    for (index, svg) in svgs {
        let svg = svg
            .map_err(|e| CliError::Failure(format!("plotting {}: {e}", paths[index].display())))?;
        output::write_atomically(&paths[index], svg.as_bytes(), &inputs, force)?;
        plots.push((FILES[index].to_owned(), svg));
    }

    // The summary.
    let mut md = String::new();
    let rate = frames_processed as f64 / work.as_secs_f64().max(1e-9);
    md.push_str("# hooke demo\n\n");
    md.push_str(&format!(
        "hooke {}, SIMD path `{}`. Clips: the bundled CMU clips `01_01.bvh` and `01_03.bvh` \
         ({} joints, {:.0} Hz).\n\n",
        env!("CARGO_PKG_VERSION"),
        hooke::simd_backend().name(),
        joints,
        1.0 / dt
    ));
    md.push_str(&format!(
        "## Stitching\n\n`{}` joined with anchored root, halflife 0.1 s (dead blending: \
         cross-fade 0.2 s). Largest joint acceleration at each seam (units/s²):\n\n",
        labels.join(" + ")
    ));
    md.push_str("| seam | frame | cut | inertialized | dead-blended |\n|---|---|---|---|---|\n");
    for (k, cut) in reports[2].1.iter().enumerate() {
        md.push_str(&format!(
            "| {} -> {} | {} | {:.0} | {:.0} | {:.0} |\n",
            cut.from, cut.to, cut.frame, cut.cut, reports[0].1[k].blended, reports[1].1[k].blended
        ));
    }
    md.push_str(&format!(
        "\n## Tracking\n\n`jump.bvh`: `01_01.bvh` with the root moved by {JUMP_ROOT} and LeftArm \
         turned {JUMP_DEGREES}° from frame {JUMP_FRAME} on. Detected discontinuities: \
         {detected:?} (frame 1 is real: CMU clips start with a T-pose at frame 0). Largest joint \
         acceleration at the jump: {jump_before:.0} units/s² in \
         `jump.bvh`, {jump_after:.0} in `tracked.bvh` (exact tracking spring, halflife 0.1 s).\n\n"
    ));
    md.push_str(&feet.markdown());
    md.push_str(&format!(
        "## Work\n\n{frames_processed} frames processed (stitching three ways, tracking) in \
         {:.1} ms: {:.0} frames/s, {:.2} M joints/s.\n\n",
        work.as_secs_f64() * 1e3,
        rate,
        rate * joints as f64 / 1e6
    ));
    md.push_str("## Files\n\n");
    for (file, what) in FILES.iter().zip([
        "stitched with inertialization",
        "stitched with dead blending",
        "stitched with hard cuts",
        "01_01 with an injected jump",
        "jump.bvh cleaned by the tracking spring",
        "a hand's trajectory at a seam, three modes",
        "a hand's acceleration over the stitched clip, three modes",
        "the injected jump and its tracking",
        "the spring family",
        "a planted toe's height at a seam, with and without --lock-feet",
        "a planted toe's horizontal speed at a seam, with and without --lock-feet",
        "this summary",
        "the clips in 3D in a browser, with the seam table and the plots",
    ]) {
        md.push_str(&format!("- `{file}`: {what}\n"));
    }
    output::write_atomically(&paths[11], md.as_bytes(), &inputs, force)?;
    let tracking = format!(
        "An injected jump in 01_01.bvh at frame {JUMP_FRAME}, detected at {detected:?}: largest \
         joint acceleration {jump_before:.0} units/s² with the jump, {jump_after:.0} after the \
         tracking spring (jump.bvh, tracked.bvh; plot tracking.svg)."
    );
    let extras = demo_page::Extras {
        labels: &labels,
        reports: &reports,
        tracking,
        plots,
    };
    let page = demo_page::html(skeleton, &viewed, hand, &extras);
    output::write_atomically(&paths[12], page.as_bytes(), &inputs, force)?;

    for (mode, report) in &reports {
        for seam in report {
            writeln!(
                out,
                "{:>13}: seam at frame {} ({} -> {}): largest joint acceleration {:.0} (cut {:.0})",
                mode.done(),
                seam.frame,
                seam.from,
                seam.to,
                seam.blended,
                seam.cut
            )
            .map_err(io)?;
        }
    }
    writeln!(out, "{}", feet.line()).map_err(io)?;
    writeln!(
        out,
        "tracking: jump at frame {JUMP_FRAME} detected at {detected:?}; largest acceleration \
         {jump_before:.0} -> {jump_after:.0}"
    )
    .map_err(io)?;
    writeln!(
        out,
        "wrote {} files into {} in {:.2} s:",
        FILES.len(),
        folder.display(),
        started.elapsed().as_secs_f64()
    )
    .map_err(io)?;
    for path in &paths {
        writeln!(out, "  {}", path.display()).map_err(io)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_demos_started_at_once_claim_different_folders() {
        // Issue 21 row 12: both runs used to pick the same free-looking folder.
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("target/hooke-demo");
        std::fs::create_dir_all(&base).unwrap(); // an earlier run's folder
        let claimed: Vec<PathBuf> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..8).map(|_| s.spawn(|| claim_folder(&base))).collect();
            runs.into_iter()
                .map(|r| r.join().unwrap().unwrap())
                .collect()
        });
        let mut unique = claimed.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), claimed.len(), "{claimed:?}");
        assert!(!claimed.contains(&base), "{claimed:?}");
        assert!(claimed.iter().all(|f| f.is_dir()));
    }
}
