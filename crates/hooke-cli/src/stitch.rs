//! `hooke stitch`: concatenates frame ranges of clips on one skeleton and hides every seam with
//! inertialization or dead blending (hooke-inertia's `Inertializer`, one character), or leaves
//! it as a hard cut. Prints one line per seam with the largest joint acceleration there, with a
//! cut and with the chosen mode.

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use glam::{Quat, Vec3};
use hooke_bvh::Clip;
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, PoseBatch, PoseRef, RootPolicy};

use crate::args::{ClipRange, RootArg, StitchMode};
use crate::{CliError, MAX_FRAMES, clipio, output};

/// A stitched pose stream on the first clip's skeleton.
pub(crate) struct Stitched {
    /// Local positions, frame-major.
    pub positions: Vec<Vec3>,
    /// Local rotations, frame-major.
    pub rotations: Vec<Quat>,
    /// Output frames where a new range starts (the first range's start excluded).
    pub seams: Vec<usize>,
}

/// How the seams are blended.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Blend {
    pub mode: StitchMode,
    pub halflife: f32,
    pub blend_time: f32,
    pub root: RootArg,
}

/// Plays `ranges` of `clips` one after the other, blending at each seam as `blend` says.
/// The clips must share skeleton and frame time (checked by the caller).
pub(crate) fn stitch(clips: &[(&Clip, Range<usize>)], blend: Blend) -> Result<Stitched, CliError> {
    let failed = |e: hooke_inertia::InertiaError| CliError::Failure(e.to_string());
    let input_error = |e: hooke_inertia::InertiaError| CliError::Input(e.to_string());
    let Some((first, _)) = clips.first() else {
        return Err(CliError::Input("nothing to stitch".into()));
    };
    let bones = first.joint_count();
    let dt = first.frame_time();
    // A cut is inertialization with a halflife of 0: offsets vanish at once, and an anchored root
    // is still re-anchored, so the cut and the blends differ only in the blend.
    let halflife = match blend.mode {
        StitchMode::Cut => 0.0,
        _ => blend.halflife,
    };
    let profile = BlendProfile::uniform(bones, halflife).map_err(input_error)?;
    let policy = match blend.root {
        RootArg::Anchored => RootPolicy::Anchored { up: Vec3::Y },
        RootArg::Local => RootPolicy::Local,
    };
    let mut inertializer = Inertializer::new(1, profile, policy).map_err(failed)?;
    if let StitchMode::DeadBlend = blend.mode {
        inertializer
            .set_mode(
                0,
                BlendMode::DeadBlend {
                    blend_time: blend.blend_time,
                    halflife: blend.halflife,
                },
            )
            .map_err(input_error)?;
    }
    let mut input = PoseBatch::new(1, bones, 0).map_err(failed)?;
    let mut output = PoseBatch::new(1, bones, 0).map_err(failed)?;
    let total: usize = clips.iter().map(|(_, r)| r.len()).sum();
    let lanes = total
        .checked_mul(bones)
        .ok_or_else(|| CliError::Input("too many frames".into()))?;
    let mut stitched = Stitched {
        positions: Vec::new(),
        rotations: Vec::new(),
        seams: Vec::new(),
    };
    let alloc = |e: std::collections::TryReserveError| {
        CliError::Failure(format!("{total} frames of {bones} joints: {e}"))
    };
    stitched.positions.try_reserve_exact(lanes).map_err(alloc)?;
    stitched.rotations.try_reserve_exact(lanes).map_err(alloc)?;
    let mut previous: Option<(&Clip, usize)> = None;
    let mut progress = crate::progress::Progress::new(total, "frames");
    for (clip, range) in clips {
        for frame in range.clone() {
            progress.set(stitched.positions.len() / bones.max(1));
            if frame == range.start
                && let Some((before, end)) = previous
            {
                // The pose the character would show now had the previous range gone on.
                let source = PoseRef::from_clip(before, end.min(before.frame_count() - 1));
                let destination = PoseRef::from_clip(clip, frame);
                inertializer
                    .transition(0, source, destination)
                    .map_err(failed)?;
                stitched.seams.push(stitched.positions.len() / bones.max(1));
            }
            input
                .set_character(0, PoseRef::from_clip(clip, frame))
                .map_err(failed)?;
            inertializer
                .update(dt, &input, &mut output)
                .map_err(failed)?;
            let pose = output.character(0).map_err(failed)?;
            stitched.positions.extend_from_slice(&pose.positions);
            stitched.rotations.extend_from_slice(&pose.rotations);
        }
        previous = Some((clip, range.end));
    }
    Ok(stitched)
}

/// Resolves `spec`'s range against a clip of `frames` frames: in bounds and not empty.
fn resolve(spec: &ClipRange, frames: usize) -> Result<Range<usize>, CliError> {
    let end = spec.end.unwrap_or(frames);
    if spec.start >= end || end > frames {
        return Err(CliError::Input(format!(
            "{spec}: the range {}..{end} is {} for a clip of {frames} frames (ranges are \
             half-open: start..end with start < end <= {frames})",
            spec.start,
            if spec.start >= end {
                "empty"
            } else {
                "out of bounds"
            }
        )));
    }
    Ok(spec.start..end)
}

/// Loads the clips of `specs`, checks they can be stitched (same skeleton, same frame time:
/// clips at another rate are refused, not resampled) and resolves their ranges.
pub(crate) fn load(specs: &[ClipRange]) -> Result<Vec<(Clip, Range<usize>)>, CliError> {
    load_with(specs, &crate::GltfArgs::default())
}

/// [`load`] with glTF inputs read as `gltf` says.
pub(crate) fn load_with(
    specs: &[ClipRange],
    gltf: &crate::GltfArgs,
) -> Result<Vec<(Clip, Range<usize>)>, CliError> {
    let mut clips: Vec<(Clip, Range<usize>)> = Vec::new();
    let mut total = 0_usize;
    for spec in specs {
        let clip = clipio::read_clip_with(&spec.path, 1, gltf)?;
        let range = resolve(spec, clip.frame_count())?;
        if let Some((first, _)) = clips.first() {
            let mismatch = |e: hooke_bvh::ClipMismatch| {
                CliError::Input(format!(
                    "{} cannot be stitched to {}: {e}",
                    spec.path.display(),
                    specs[0].path.display()
                ))
            };
            first.check_same_skeleton(&clip).map_err(mismatch)?;
            first.check_same_frame_time(&clip).map_err(|e| {
                CliError::Input(format!(
                    "{} cannot be stitched to {}: {e} (clips at another frame rate are refused, \
                     not resampled: convert them first)",
                    spec.path.display(),
                    specs[0].path.display()
                ))
            })?;
        }
        total = total.saturating_add(range.len());
        if total > MAX_FRAMES {
            return Err(CliError::Input(format!(
                "the ranges add up to more than {MAX_FRAMES} frames"
            )));
        }
        clips.push((clip, range));
    }
    Ok(clips)
}

/// One line per seam: the largest joint acceleration around it with a hard cut and with
/// `blend`, and the joint.
pub(crate) fn seam_report(
    clips: &[(&Clip, Range<usize>)],
    stitched: &Stitched,
    blend: Blend,
    labels: &[String],
) -> Result<Vec<SeamReport>, CliError> {
    let clip = clips[0].0;
    let dt = clip.frame_time();
    let joints = clip.joint_count();
    let cut = stitch(
        clips,
        Blend {
            mode: StitchMode::Cut,
            ..blend
        },
    )?;
    let cut_global = clipio::global_positions(clip, &cut.positions, &cut.rotations);
    let global = clipio::global_positions(clip, &stitched.positions, &stitched.rotations);
    Ok(stitched
        .seams
        .iter()
        .enumerate()
        .map(|(k, &seam)| {
            let frames = seam.saturating_sub(1)..seam + 2;
            let (before, joint) =
                clipio::largest_acceleration(&cut_global, joints, frames.clone(), dt);
            let (after, _) = clipio::largest_acceleration(&global, joints, frames, dt);
            SeamReport {
                frame: seam,
                from: labels[k].clone(),
                to: labels[k + 1].clone(),
                cut: before,
                blended: after,
                joint: clip.joint_names()[joint].clone(),
            }
        })
        .collect())
}

/// What happened at one seam.
pub(crate) struct SeamReport {
    pub frame: usize,
    pub from: String,
    pub to: String,
    pub cut: f32,
    pub blended: f32,
    pub joint: String,
}

/// Settings of `hooke stitch`.
pub struct Settings {
    pub ranges: Vec<ClipRange>,
    pub out: PathBuf,
    pub blend: Blend,
    pub force: bool,
    pub gltf: crate::GltfArgs,
}

/// Runs `hooke stitch`.
pub fn run(settings: &Settings, out: &mut dyn Write) -> Result<(), CliError> {
    let inputs: Vec<&Path> = settings.ranges.iter().map(|r| r.path.as_path()).collect();
    let files: Vec<_> = inputs
        .iter()
        .map(|p| crate::gltfio::input_file(p))
        .collect();
    let files: Vec<&Path> = files.iter().map(|p| p.as_path()).collect();
    output::check_target(&settings.out, &files, settings.force)?;
    let loaded = load_with(&settings.ranges, &settings.gltf)?;
    let clips: Vec<(&Clip, Range<usize>)> = loaded.iter().map(|(c, r)| (c, r.clone())).collect();
    let stitched = stitch(&clips, settings.blend)?;
    let labels: Vec<String> = settings.ranges.iter().map(|r| r.to_string()).collect();
    let report = seam_report(&clips, &stitched, settings.blend, &labels)?;
    let first = clips[0].0;
    let bvh = first.bvh_with_poses(&stitched.positions, &stitched.rotations);
    clipio::write_clip(&settings.out, &bvh, &inputs, settings.force, &settings.gltf)?;
    let io = CliError::Stdout;
    for seam in &report {
        writeln!(
            out,
            "seam at frame {} ({} -> {}): largest joint acceleration {:.0} with a cut, {:.0} \
             {} ({})",
            seam.frame,
            seam.from,
            seam.to,
            seam.cut,
            seam.blended,
            settings.blend.mode.done(),
            seam.joint
        )
        .map_err(io)?;
    }
    writeln!(
        out,
        "wrote {} ({} frames, {} seam(s), {})",
        settings.out.display(),
        bvh.frame_count(),
        stitched.seams.len(),
        settings.blend.mode.done()
    )
    .map_err(io)
}
