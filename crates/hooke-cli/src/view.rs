//! `hooke view A.bvh [B.bvh ...] -o page.html`: the animation viewer page (see
//! [`crate::viewer`]) for any clips, one panel each; clips of the same length and frame time
//! play on one timeline, others each on their own.

use std::io::Write;
use std::path::{Path, PathBuf};

use hooke_bvh::Clip;

use crate::viewer::{self, Clip3d, Page};
use crate::{CliError, clipio, output};

/// The joint whose trail is drawn when none is named and the rig has it (the hand of the
/// demo's plots).
const DEFAULT_TRAIL: &str = crate::demo::HAND;

/// What `hooke view` was asked for.
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    /// The BVH files, one panel each, in order.
    pub files: Vec<PathBuf>,
    /// The page to write.
    pub out: PathBuf,
    /// The joint whose trail is drawn (by name).
    pub trail: Option<String>,
    /// Replace an existing page.
    pub force: bool,
    /// How glTF inputs are read.
    pub gltf: crate::GltfArgs,
}

/// Writes the page and prints its path and size.
pub(crate) fn run(settings: &Settings, out: &mut dyn Write) -> Result<(), CliError> {
    let files: Vec<PathBuf> = settings
        .files
        .iter()
        .flat_map(|p| crate::gltfio::input_files(p))
        .collect();
    let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    output::check_target(&settings.out, &inputs, settings.force)?;
    let mut clips = Vec::with_capacity(settings.files.len());
    for path in &settings.files {
        let clip = clipio::read_clip_with(path, 1, &settings.gltf)?;
        if clip.frame_count() > crate::MAX_FRAMES {
            return Err(CliError::Input(format!(
                "{}: {} frames; the viewer takes at most {}",
                path.display(),
                clip.frame_count(),
                crate::MAX_FRAMES
            )));
        }
        clips.push(clip3d(path, &clip, settings.trail.as_deref())?);
    }
    let page = viewer::html(&Page {
        title: "hooke view".into(),
        intro: format!(
            "{} clip{} as skeletons in 3D.",
            clips.len(),
            if clips.len() == 1 { "" } else { "s" }
        ),
        clips: &clips,
        tables: Vec::new(),
        figures: Vec::new(),
        command: "view",
    });
    output::write_atomically(&settings.out, page.as_bytes(), &inputs, settings.force)?;
    writeln!(
        out,
        "wrote {} ({:.1} MB)",
        settings.out.display(),
        page.len() as f64 / 1e6
    )
    .map_err(CliError::Stdout)
}

/// One panel: the clip's world-space joint positions, its trail joint by name (an error naming
/// the file when the rig has no such joint).
pub(crate) fn clip3d(path: &Path, clip: &Clip, trail: Option<&str>) -> Result<Clip3d, CliError> {
    let joints = clip.joint_count();
    let trail = match trail {
        Some(name) => clip.joint_index(name).ok_or_else(|| {
            CliError::Input(format!(
                "{}: no joint named `{name}` for --trail (joints: {})",
                path.display(),
                clip.joint_names().join(", ")
            ))
        })?,
        None => clip
            .joint_index(DEFAULT_TRAIL)
            .unwrap_or(joints.saturating_sub(1)),
    };
    let mut positions = Vec::with_capacity(clip.frame_count() * joints);
    for frame in 0..clip.frame_count() {
        positions.extend_from_slice(clip.global_positions(frame));
    }
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    Ok(Clip3d {
        name,
        detail: format!(
            "{} frame{} at {:.0} Hz",
            clip.frame_count(),
            if clip.frame_count() == 1 { "" } else { "s" },
            1.0 / clip.frame_time().max(f32::MIN_POSITIVE)
        ),
        joints: clip.joint_names().to_vec(),
        parents: clip.parents().to_vec(),
        frame_time: f64::from(clip.frame_time()),
        positions,
        seams: Vec::new(),
        trail,
    })
}
