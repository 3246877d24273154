//! Reading clips and writing BVH outputs for the file commands (`info`, `stitch`, `track`,
//! `demo`): read errors name the file (and the line and column of malformed BVH), and every BVH
//! is written through hooke-bvh's writer into bytes and then [`output::write_atomically`].

use std::io::Write;
use std::path::Path;

use hooke_bvh::{Bvh, Clip};

use crate::gltfio::{self, GltfArgs};
use crate::{CliError, output};

/// Reads a clip as BVH: a BVH file, or a glTF one (`.gltf`, `.glb`, `FILE.glb#ANIMATION`) read
/// as `gltf` says.
pub(crate) fn read_bvh_with(path: &Path, gltf: &GltfArgs) -> Result<Bvh, CliError> {
    if gltfio::is_gltf(&gltfio::input_file(path)) {
        return gltfio::read(path, gltf).map(|clip| clip.bvh);
    }
    read_bvh(path)
}

/// Reads and parses a BVH file; warnings (a `Frames:` header off by one) go to standard error.
pub(crate) fn read_bvh(path: &Path) -> Result<Bvh, CliError> {
    let bvh = Bvh::from_path(path).map_err(|e| match e {
        hooke_bvh::BvhError::Io { .. } => CliError::Input(e.to_string()),
        // Not the file's fault: the machine's (exit 1).
        hooke_bvh::BvhError::OutOfMemory { .. } => {
            CliError::Failure(format!("{}: {e}", path.display()))
        }
        // Syntax errors carry the line and column; say which file.
        _ => CliError::Input(format!("{}: {e}", path.display())),
    })?;
    for warning in bvh.warnings() {
        let _ = writeln!(
            std::io::stderr(),
            "hooke: warning: {}: {warning}",
            path.display()
        );
    }
    Ok(bvh)
}

/// Reads a clip with at least `min_frames` frames.
pub(crate) fn read_clip(path: &Path, min_frames: usize) -> Result<Clip, CliError> {
    read_clip_with(path, min_frames, &GltfArgs::default())
}

/// Reads a clip (BVH or glTF) with at least `min_frames` frames.
pub(crate) fn read_clip_with(
    path: &Path,
    min_frames: usize,
    gltf: &GltfArgs,
) -> Result<Clip, CliError> {
    let bvh = read_bvh_with(path, gltf)?;
    if bvh.frame_count() < min_frames {
        return Err(CliError::Input(format!(
            "{}: {} frame(s); at least {min_frames} needed",
            path.display(),
            bvh.frame_count()
        )));
    }
    Ok(Clip::from_bvh(&bvh))
}

/// Writes `bvh` to `path` atomically (never over one of `inputs`, never over a file without
/// `force`; `-` is `stdout`).
pub(crate) fn write_bvh(
    path: &Path,
    bvh: &Bvh,
    inputs: &[&Path],
    force: bool,
    stdout: &mut dyn Write,
) -> Result<(), CliError> {
    check_finite(bvh, 0)?;
    let mut bytes = Vec::new();
    bvh.write(&mut bytes)
        .map_err(|e| CliError::Failure(format!("formatting {}: {e}", path.display())))?;
    output::write_output(path, &bytes, inputs, force, Some(stdout))
}

/// Writes the poses (frame-major local positions and rotations) on `skeleton`'s joints and
/// frame time to `path`: as binary glTF when it names one ([`write_clip`]), else as a BVH like
/// [`write_bvh`], streamed a piece at a time (the text of a long take is never held whole).
pub(crate) fn write_poses(
    path: &Path,
    skeleton: &Clip,
    (positions, rotations): (&[glam::Vec3], &[glam::Quat]),
    (inputs, force, gltf): (&[&Path], bool, &GltfArgs),
    stdout: &mut dyn Write,
) -> Result<(), CliError> {
    if gltfio::is_gltf(path) {
        let bvh = skeleton.bvh_with_poses(positions, rotations);
        return write_clip(path, &bvh, inputs, force, gltf, stdout);
    }
    const PIECE: usize = 1024;
    let joints = skeleton.joint_count().max(1);
    let frames = (positions.len() / joints).min(rotations.len() / joints);
    let header = skeleton.bvh_with_poses(&[], &[]);
    output::write_output_with(path, inputs, force, Some(stdout), &mut |w| {
        header
            .write_header(&mut *w, frames)
            .map_err(output::written)?;
        for first in (0..frames).step_by(PIECE) {
            let lanes = first * joints..frames.min(first + PIECE) * joints;
            let piece = skeleton.bvh_with_poses(&positions[lanes.clone()], &rotations[lanes]);
            check_finite(&piece, first)?;
            piece.write_frames(&mut *w).map_err(output::written)?;
        }
        Ok(())
    })
}

/// Refuses a BVH (or a piece of one starting at frame `first_frame`) holding a value that is
/// not finite: the tool never writes NaN or infinity, which no reader (its own `info` first)
/// accepts. The computations saturate, so this is the last line of defence (issue 21 row 5).
pub(crate) fn check_finite(bvh: &Bvh, first_frame: usize) -> Result<(), CliError> {
    let channels = bvh.channel_count().max(1);
    let Some(at) = bvh.values().iter().position(|v| !v.is_finite()) else {
        return Ok(());
    };
    let channel = at % channels;
    let joint = bvh
        .joints()
        .iter()
        .rev()
        .find(|j| j.first_channel() <= channel)
        .map_or("?", |j| j.name());
    Err(CliError::Input(format!(
        "the result is not finite at frame {}, joint {joint} ({}): the input's values or its \
         frame time ({} s) are beyond what f32 arithmetic can follow; nothing was written",
        first_frame + at / channels,
        bvh.values()[at],
        bvh.frame_time()
    )))
}

/// Where a command's report lines go: standard output, or standard error when the output file
/// itself goes to standard output (`-o -`), so the BVH stays clean.
pub(crate) fn report<'a>(
    out: &'a mut dyn Write,
    stderr: &'a mut std::io::Stderr,
    output_path: &Path,
) -> &'a mut dyn Write {
    if output::is_stdout(output_path) {
        stderr
    } else {
        out
    }
}

/// Writes `bvh` to `path` as binary glTF when it ends in `.glb` (or `.gltf`, refused), else as
/// BVH (`-`: standard output); atomically, never over an input, never over a file without
/// `force`.
pub(crate) fn write_clip(
    path: &Path,
    bvh: &Bvh,
    inputs: &[&Path],
    force: bool,
    gltf: &GltfArgs,
    stdout: &mut dyn Write,
) -> Result<(), CliError> {
    if gltfio::is_gltf(path) {
        return gltfio::write(path, bvh, inputs, force, gltf);
    }
    let files: Vec<std::path::PathBuf> =
        inputs.iter().flat_map(|p| gltfio::input_files(p)).collect();
    let files: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    write_bvh(path, bvh, &files, force, stdout)
}

/// Global joint positions of every frame of local poses (`joints` per frame) on `clip`'s
/// skeleton, for measuring accelerations.
pub(crate) fn global_positions(
    clip: &Clip,
    positions: &[glam::Vec3],
    rotations: &[glam::Quat],
) -> Vec<glam::Vec3> {
    let n = clip.joint_count().max(1);
    let mut out = vec![glam::Vec3::ZERO; positions.len()];
    let mut gr = vec![glam::Quat::IDENTITY; n];
    for ((lp, lr), gp) in positions
        .chunks_exact(n)
        .zip(rotations.chunks_exact(n))
        .zip(out.chunks_exact_mut(n))
    {
        hooke_bvh::forward_kinematics(clip.parents(), lp, lr, gp, &mut gr);
    }
    out
}

/// The largest joint acceleration (second difference of global positions over `dt`², any
/// joint) at frames `frames` of a pose stream of `joints` joints, with the joint's index.
pub(crate) fn largest_acceleration(
    global: &[glam::Vec3],
    joints: usize,
    frames: std::ops::Range<usize>,
    dt: f32,
) -> (f32, usize) {
    let count = global.len() / joints.max(1);
    let mut best = (0.0_f32, 0);
    for f in frames.start.max(1)..frames.end.min(count.saturating_sub(1)) {
        for j in 0..joints {
            let p = |k: usize| global[k * joints + j];
            let a = ((p(f + 1) - 2.0 * p(f) + p(f - 1)) / (dt * dt)).length();
            if a > best.0 {
                best = (a, j);
            }
        }
    }
    best
}
