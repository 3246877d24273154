//! glTF beside BVH for the file commands: `FILE.glb#NAME` picks an animation, `--fps`,
//! `--skin` and `--scale` say how to read it, and outputs ending in `.glb` are written as
//! binary glTF (through hooke-gltf, atomically as every output).

use std::io::Write as _;
use std::path::{Path, PathBuf};

use hooke_bvh::Bvh;

use crate::{CliError, output};

/// How glTF inputs are read and `.glb` outputs written (`hooke info`, `stitch`, `track`,
/// `view`, `convert`).
///
/// ```
/// let cli = hooke_cli::parse_from(["hooke", "info", "a.glb#walk", "--fps", "60", "--scale", "0.01"])?;
/// let hooke_cli::Command::Info { gltf, .. } = cli.command else { unreachable!() };
/// assert_eq!((gltf.fps, gltf.scale), (Some(60.0), 0.01));
/// # Ok::<(), clap::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, clap::Args)]
pub struct GltfArgs {
    /// glTF inputs: frames per second to sample at (default: the animation's keyframe rate when
    /// its keys are evenly spaced, else 30).
    #[arg(long, value_parser = fps)]
    pub fps: Option<f64>,
    /// glTF inputs: the skin (name or index) whose joints form the skeleton (default: the
    /// first).
    #[arg(long)]
    pub skin: Option<String>,
    /// Metres per BVH unit when converting between BVH and glTF (glTF is in metres, +Y up,
    /// right-handed; BVH axes are kept as they are). The default 1 keeps the numbers; the
    /// bundled CMU clips are about 0.056444 m per unit.
    #[arg(long, default_value_t = 1.0, value_parser = scale)]
    pub scale: f32,
}

impl Default for GltfArgs {
    fn default() -> Self {
        GltfArgs {
            fps: None,
            skin: None,
            scale: 1.0,
        }
    }
}

fn fps(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 100_000.0 => Ok(v),
        _ => Err(format!(
            "expected frames per second from more than 0 to 100000, found `{text}`"
        )),
    }
}

fn scale(text: &str) -> Result<f32, String> {
    match text.trim().parse::<f32>() {
        Ok(v) if v.is_normal() && v > 0.0 => Ok(v),
        _ => Err(format!(
            "expected a positive number of metres per unit, found `{text}`"
        )),
    }
}

/// Whether `path` names a glTF file (`.gltf` or `.glb`, any case).
pub(crate) fn is_gltf(path: &Path) -> bool {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    matches!(ext.as_deref(), Some("gltf" | "glb"))
}

/// Splits `FILE.glb#ANIMATION` into the file and the animation (a file whose name really holds
/// `#` is taken whole when it exists).
pub(crate) fn split(path: &Path) -> (PathBuf, Option<String>) {
    let text = path.to_string_lossy();
    if let Some((file, animation)) = text.rsplit_once('#') {
        let file = PathBuf::from(file);
        if is_gltf(&file) && !path.exists() {
            return (file, Some(animation.to_owned()));
        }
    }
    (path.to_owned(), None)
}

/// The file a clip argument reads (without `#ANIMATION`), for the never-over-an-input check.
pub(crate) fn input_file(path: &Path) -> PathBuf {
    split(path).0
}

/// Every file a clip argument reads, for the never-over-an-input check: [`input_file`] and, for
/// glTF, the external buffer files it names (a `.gltf`'s `data.bin` was overwritten with
/// `--force`). A file that cannot be read lists itself only: reading it reports why.
pub(crate) fn input_files(path: &Path) -> Vec<PathBuf> {
    let file = input_file(path);
    let buffers = match is_gltf(&file) {
        true => hooke_gltf::external_files(&file).unwrap_or_default(),
        false => Vec::new(),
    };
    std::iter::once(file).chain(buffers).collect()
}

/// Reads a glTF clip; warnings go to standard error.
pub(crate) fn read(path: &Path, args: &GltfArgs) -> Result<hooke_gltf::GltfClip, CliError> {
    let (file, animation) = split(path);
    let bytes = std::fs::read(&file).map_err(|e| {
        CliError::Input(format!("cannot access glTF file `{}`: {e}", file.display()))
    })?;
    let options = hooke_gltf::ReadOptions {
        animation,
        skin: args.skin.clone(),
        fps: args.fps,
        scale: args.scale,
        base_dir: Some(file.parent().unwrap_or(Path::new(".")).to_owned()),
    };
    let clip = hooke_gltf::read(&bytes, &options)
        .map_err(|e| CliError::Input(format!("{}: {e}", file.display())))?;
    for warning in &clip.warnings {
        let _ = writeln!(
            std::io::stderr(),
            "hooke: warning: {}: {warning}",
            file.display()
        );
    }
    Ok(clip)
}

/// Writes `bvh` as binary glTF at `path` (never over one of `inputs`, never over a file without
/// `force`); the animation is named after the file.
pub(crate) fn write(
    path: &Path,
    bvh: &Bvh,
    inputs: &[&Path],
    force: bool,
    args: &GltfArgs,
) -> Result<(), CliError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if ext.as_deref() == Some("gltf") {
        return Err(CliError::Input(format!(
            "{}: hooke writes binary glTF; name the output .glb",
            path.display()
        )));
    }
    let inputs: Vec<PathBuf> = inputs.iter().flat_map(|p| input_files(p)).collect();
    let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
    output::check_target(path, &inputs, force)?;
    let options = hooke_gltf::WriteOptions {
        scale: args.scale,
        animation: path
            .file_stem()
            .map_or("clip".to_owned(), |s| s.to_string_lossy().into_owned()),
    };
    // What `write_glb` refuses is the clip (values beyond f32, too many frames for a GLB): an
    // input error (exit 2), as the same clip written as BVH is.
    let bytes = hooke_gltf::write_glb(bvh, &options)
        .map_err(|e| CliError::Input(format!("{}: {e}", path.display())))?;
    output::write_atomically(path, &bytes, &inputs, force)
}

/// The glTF lines of `hooke info`: animation, skin, keyframe rate, interpolations.
pub(crate) fn describe(
    clip: &hooke_gltf::GltfClip,
    out: &mut dyn std::io::Write,
) -> Result<(), CliError> {
    let modes: Vec<String> = clip
        .interpolations
        .iter()
        .map(|(mode, n)| format!("{} x{n}", mode.gltf_name()))
        .collect();
    let rate = clip
        .keyframe_rate
        .map_or("uneven keys".to_owned(), |r| format!("keys at {r:.3} Hz"));
    writeln!(
        out,
        "glTF animation: {}, skin: {}, {rate}, interpolation: {}",
        clip.animation,
        clip.skin.as_deref().unwrap_or("none (every node)"),
        if modes.is_empty() {
            "none".to_owned()
        } else {
            modes.join(", ")
        }
    )
    .map_err(CliError::Stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn animation_after_hash_for_gltf_files_only() {
        let split = |p: &str| {
            let (file, animation) = split(Path::new(p));
            (file.display().to_string(), animation)
        };
        assert_eq!(split("a.glb#walk"), ("a.glb".into(), Some("walk".into())));
        assert_eq!(split("d/a.GLTF#2"), ("d/a.GLTF".into(), Some("2".into())));
        assert_eq!(split("a.glb"), ("a.glb".into(), None));
        assert_eq!(split("take#2.bvh"), ("take#2.bvh".into(), None));
        assert_eq!(split("a#b.glb"), ("a#b.glb".into(), None));
        assert!(is_gltf(Path::new("x.Glb")) && !is_gltf(Path::new("x.bvh")));
        assert!(fps("0").is_err() && fps("nan").is_err() && fps("30").is_ok());
        assert!(scale("-1").is_err() && scale("1e-40").is_err() && scale("0.01").is_ok());
    }
}
