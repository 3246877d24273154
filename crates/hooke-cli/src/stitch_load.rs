//! Reading the ranges of `hooke stitch`: each file parsed once, checked stitchable, ranges
//! resolved.

use std::ops::Range;
use std::path::PathBuf;

use hooke_bvh::{Bvh, Clip};

use super::Frames;
use crate::args::ClipRange;
use crate::{CliError, MAX_FRAMES, clipio};

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

/// The parsed files of a list of ranges, each file read once however many ranges use it.
pub(crate) struct Loaded {
    /// The distinct files, parsed (motion as `f32` channel values, the text dropped).
    pub files: Vec<Bvh>,
    /// Each range: the index of its file in `files`, and its frames.
    pub ranges: Vec<(usize, Range<usize>)>,
}

impl Loaded {
    /// The ranges as [`stitch_with`] plays them (converted a window at a time).
    pub(crate) fn sources(&self) -> Vec<(Frames<'_>, Range<usize>)> {
        self.ranges
            .iter()
            .map(|(f, r)| (Frames::Bvh(&self.files[*f]), r.clone()))
            .collect()
    }
}

/// Reads the files of `specs` (each once: ranges of one file share it), checks they can be
/// stitched (same skeleton, same frame time: clips at another rate are refused, not
/// resampled) and resolves their ranges.
pub(crate) fn load_shared(specs: &[ClipRange], gltf: &crate::GltfArgs) -> Result<Loaded, CliError> {
    let mut loaded = Loaded {
        files: Vec::new(),
        ranges: Vec::new(),
    };
    // A file is known by what it resolves to, so `a.bvh` and `./a.bvh` are read once (and
    // `a.glb#walk` and `./a.glb#walk`: an animation of a glTF file is its own clip).
    let mut known: Vec<(PathBuf, Option<String>)> = Vec::new();
    let mut first: Option<Clip> = None;
    let mut total = 0_usize;
    for spec in specs {
        let (file, animation) = crate::gltfio::split(&spec.path);
        let key = (std::fs::canonicalize(&file).unwrap_or(file), animation);
        let index = match known.iter().position(|k| *k == key) {
            Some(index) => index,
            None => {
                let bvh = clipio::read_bvh_with(&spec.path, gltf)?;
                if bvh.frame_count() < 1 {
                    return Err(CliError::Input(format!(
                        "{}: 0 frame(s); at least 1 needed",
                        spec.path.display()
                    )));
                }
                // The checks need the skeleton and frame time only: a one-frame clip.
                let clip = Clip::from_bvh_frames(&bvh, 0..1);
                if let Some(first) = &first {
                    check_stitchable(first, &clip, spec, &specs[0])?;
                } else {
                    first = Some(clip);
                }
                known.push(key);
                loaded.files.push(bvh);
                loaded.files.len() - 1
            }
        };
        let range = resolve(spec, loaded.files[index].frame_count())?;
        total = total.saturating_add(range.len());
        if total > MAX_FRAMES {
            return Err(CliError::Input(format!(
                "the ranges add up to more than {MAX_FRAMES} frames"
            )));
        }
        loaded.ranges.push((index, range));
    }
    Ok(loaded)
}

/// Whether `clip` (of `spec`) can be stitched to `first` (of `first_spec`).
fn check_stitchable(
    first: &Clip,
    clip: &Clip,
    spec: &ClipRange,
    first_spec: &ClipRange,
) -> Result<(), CliError> {
    let mismatch = |e: hooke_bvh::ClipMismatch| {
        CliError::Input(format!(
            "{} cannot be stitched to {}: {e}",
            spec.path.display(),
            first_spec.path.display()
        ))
    };
    first.check_same_skeleton(clip).map_err(mismatch)?;
    first.check_same_frame_time(clip).map_err(|e| {
        CliError::Input(format!(
            "{} cannot be stitched to {}: {e} (clips at another frame rate are refused, \
             not resampled: convert them first)",
            spec.path.display(),
            first_spec.path.display()
        ))
    })
}

/// [`load_shared`], with each range's clip in memory (for the demo's short clips).
pub(crate) fn load(specs: &[ClipRange]) -> Result<Vec<(Clip, Range<usize>)>, CliError> {
    let loaded = load_shared(specs, &crate::GltfArgs::default())?;
    let clips: Vec<Clip> = loaded.files.iter().map(Clip::from_bvh).collect();
    Ok(loaded
        .ranges
        .into_iter()
        .map(|(f, r)| (clips[f].clone(), r))
        .collect())
}
