//! `hooke info FILE.bvh`: what is in a BVH file — the joint tree with channels, the frame counts
//! (header and data, with a warning when they differ), frame time, duration and root travel.
//! For a glTF file (`FILE.glb#ANIMATION`) the same, of the clip as read, after its animation,
//! skin, keyframe rate and interpolations.

use std::io::Write;
use std::path::Path;

use hooke_bvh::{BvhWarning, Clip};

use crate::{CliError, clipio};

/// Hierarchy levels `info` draws as indentation; deeper joints print their depth.
const MAX_INDENT: usize = 32;

/// Frames converted per window for the root's path.
const WINDOW: usize = 4096;

/// A distance or coordinate for the summary: two decimals, or scientific notation when that
/// would print dozens of digits (a root at 1e30).
fn amount(x: f64) -> String {
    if x.abs() < 1e12 {
        format!("{x:.2}")
    } else {
        format!("{x:.3e}")
    }
}

/// Prints the description of the file at `path`.
pub fn run(path: &Path, gltf: &crate::GltfArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let io = CliError::Stdout;
    let bvh = if crate::gltfio::is_gltf(&crate::gltfio::input_file(path)) {
        let clip = crate::gltfio::read(path, gltf)?;
        writeln!(out, "{}", path.display()).map_err(io)?;
        crate::gltfio::describe(&clip, out)?;
        clip.bvh
    } else {
        let bvh = clipio::read_bvh(path)?;
        writeln!(out, "{}", path.display()).map_err(io)?;
        bvh
    };
    writeln!(
        out,
        "joints: {}, channels per frame: {}",
        bvh.joints().len(),
        bvh.channel_count()
    )
    .map_err(io)?;
    // Parents precede their children (depth-first order), so one pass gives every depth: a
    // walk up from each joint was quadratic in a deep chain.
    let mut depths: Vec<usize> = Vec::with_capacity(bvh.joints().len());
    for joint in bvh.joints() {
        let depth = joint
            .parent()
            .and_then(|p| depths.get(p))
            .map_or(0, |d| d + 1);
        depths.push(depth);
        let channels: Vec<&str> = joint.channels().iter().map(|c| c.name()).collect();
        // Indented up to MAX_INDENT levels; a deeper joint says its depth (a `{:width$}` of
        // more than 65,535 panicked, and a 100,000-deep chain drew gigabytes of spaces).
        let indent = " ".repeat(2 * depth.min(MAX_INDENT));
        let deeper = match depth > MAX_INDENT {
            true => format!("(depth {depth}) "),
            false => String::new(),
        };
        writeln!(
            out,
            "  {indent}{deeper}{} [{}]",
            joint.name(),
            channels.join(" ")
        )
        .map_err(io)?;
    }
    let declared = bvh.warnings().iter().find_map(|w| match w {
        BvhWarning::FrameCountMismatch { declared, .. } => Some(*declared),
        _ => None,
    });
    let frames = bvh.frame_count();
    match declared {
        Some(declared) => writeln!(
            out,
            "frames: {frames} in the data, {declared} in the header (warning: they differ; the \
             data is used)"
        ),
        None => writeln!(out, "frames: {frames} (header and data agree)"),
    }
    .map_err(io)?;
    let dt = bvh.frame_time();
    writeln!(
        out,
        "frame time: {dt} s ({:.2} Hz), duration: {:.3} s",
        1.0 / dt,
        dt * frames as f64
    )
    .map_err(io)?;
    if frames > 0 && !bvh.joints().is_empty() {
        // The root's path, a window of frames at a time (memory follows the window, not the
        // file), in f64: a root jumping between +-3e38 travels farther than f32 can say.
        let mut path_length = 0.0_f64;
        let mut previous: Option<glam::DVec3> = None;
        let (mut start, mut end) = (glam::DVec3::ZERO, glam::DVec3::ZERO);
        let mut travel = crate::travel::Travel::default();
        for first in (0..frames).step_by(WINDOW) {
            let last = frames.min(first + WINDOW);
            let clip = Clip::from_bvh_frames(&bvh, first..last);
            travel.feed(&clip);
            for f in 0..last - first {
                let root = clip.local_positions(f)[0].as_dvec3();
                match previous {
                    Some(p) => path_length += (root - p).length(),
                    None => start = root,
                }
                previous = Some(root);
                end = root;
            }
        }
        writeln!(
            out,
            "root travel: {} units along the path, {} start to end ({}, {}, {}) -> ({}, {}, {})",
            amount(path_length),
            amount((end - start).length()),
            amount(start.x),
            amount(start.y),
            amount(start.z),
            amount(end.x),
            amount(end.y),
            amount(end.z)
        )
        .map_err(io)?;
        let parents: Vec<Option<usize>> = bvh.joints().iter().map(|j| j.parent()).collect();
        let carrier = travel.carrier(&parents);
        let lengths = travel.lengths();
        writeln!(
            out,
            "travel joint: {} ({} units of horizontal travel, {} for {}): the joint `hooke \
             stitch` anchors (--root-joint to choose another)",
            bvh.joints()[carrier].name(),
            amount(lengths.get(carrier).copied().unwrap_or(0.0)),
            amount(lengths.first().copied().unwrap_or(0.0)),
            bvh.joints()[0].name()
        )
        .map_err(io)?;
    }
    Ok(())
}
