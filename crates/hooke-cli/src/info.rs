//! `hooke info FILE.bvh`: what is in a BVH file — the joint tree with channels, the frame counts
//! (header and data, with a warning when they differ), frame time, duration and root travel.
//! For a glTF file (`FILE.glb#ANIMATION`) the same, of the clip as read, after its animation,
//! skin, keyframe rate and interpolations.

use std::io::Write;
use std::path::Path;

use hooke_bvh::{BvhWarning, Clip};

use crate::{CliError, clipio};

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
    for joint in bvh.joints() {
        let mut depth = 0;
        let mut parent = joint.parent();
        while let Some(p) = parent {
            depth += 1;
            parent = bvh.joints().get(p).and_then(|j| j.parent());
        }
        let channels: Vec<&str> = joint.channels().iter().map(|c| c.name()).collect();
        writeln!(
            out,
            "  {:indent$}{} [{}]",
            "",
            joint.name(),
            channels.join(" "),
            indent = 2 * depth
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
        let clip = Clip::from_bvh(&bvh);
        let root = |f: usize| clip.local_positions(f)[0];
        let path_length: f32 = (1..frames).map(|f| (root(f) - root(f - 1)).length()).sum();
        let start = root(0);
        let end = root(frames - 1);
        writeln!(
            out,
            "root travel: {path_length:.2} units along the path, {:.2} start to end \
             ({:.2}, {:.2}, {:.2}) -> ({:.2}, {:.2}, {:.2})",
            (end - start).length(),
            start.x,
            start.y,
            start.z,
            end.x,
            end.y,
            end.z
        )
        .map_err(io)?;
    }
    Ok(())
}
