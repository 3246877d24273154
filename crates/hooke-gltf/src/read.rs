//! Reading a skinned animation into a [`Bvh`]: pick the animation and the skin, check and
//! sample every channel at the clip's frame rate, and convert to the BVH joints' channels.

use std::path::{Path, PathBuf};

use glam::{Quat, Vec3};
use gltf::json;
use hooke_bvh::{Bvh, Channel, Clip, Joint, MAX_JOINT_FRAMES};

use crate::channels::{Channels, channels};
use crate::sampler::{Interpolation, Sampler};
use crate::skeleton::{Skeleton, skeleton};
use crate::{GltfError, container};

/// The frame rate used when `fps` is not given and the keyframes are not evenly spaced.
///
/// ```
/// assert_eq!(hooke_gltf::DEFAULT_FPS, 30.0);
/// ```
pub const DEFAULT_FPS: f64 = 30.0;

/// How to read a glTF file.
///
/// ```
/// let options = hooke_gltf::ReadOptions { fps: Some(60.0), ..Default::default() };
/// assert_eq!(options.scale, 1.0);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ReadOptions {
    /// The animation, by name or index; `None` for the first.
    pub animation: Option<String>,
    /// The skin, by name or index; `None` for the first.
    pub skin: Option<String>,
    /// Frames per second to sample at; `None` for the keyframe rate when keys are evenly spaced
    /// (or the rate hooke stored when it wrote the file), else [`DEFAULT_FPS`].
    pub fps: Option<f64>,
    /// Metres per BVH unit: glTF positions are divided by it (1: the clip is in metres).
    pub scale: f32,
    /// Folder of external buffer files (`"uri": "clip.bin"`); `None` refuses them.
    pub base_dir: Option<std::path::PathBuf>,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            animation: None,
            skin: None,
            fps: None,
            scale: 1.0,
            base_dir: None,
        }
    }
}

/// A clip read from glTF: the motion as a [`Bvh`] plus what was chosen and noticed.
///
/// ```
/// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT Hips { OFFSET 0 0 0 CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation } MOTION Frames: 2 Frame Time: 0.5\n0 1 0 0 0 0\n0 1 0 90 0 0\n")?;
/// let glb = hooke_gltf::write_glb(&bvh, &Default::default())?;
/// let clip = hooke_gltf::read(&glb, &Default::default())?;
/// assert_eq!((clip.bvh.frame_count(), clip.animation.as_str()), (2, "clip"));
/// assert_eq!(clip.keyframe_rate, Some(2.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct GltfClip {
    /// The skeleton and its frames.
    pub bvh: Bvh,
    /// The animation's name, or `#index` when it has none.
    pub animation: String,
    /// The skin's name (or `skins[i]`), `None` for a file without skins.
    pub skin: Option<String>,
    /// The keyframe rate when keys are evenly spaced.
    pub keyframe_rate: Option<f64>,
    /// The interpolations found, with how many channels use each.
    pub interpolations: Vec<(Interpolation, usize)>,
    /// Things that did not stop the file from being read (ignored morph weights, dropped
    /// scales, several skins).
    pub warnings: Vec<String>,
}

/// Reads the file at `path` (`.gltf` with external buffers beside it, or `.glb`).
///
/// ```
/// let err = hooke_gltf::read_path("/no/such.glb", &Default::default()).unwrap_err();
/// assert!(err.to_string().contains("/no/such.glb"));
/// ```
pub fn read_path(path: impl AsRef<Path>, options: &ReadOptions) -> Result<GltfClip, GltfError> {
    let (bytes, folder) = file_and_folder(path.as_ref())?;
    let mut options = options.clone();
    if options.base_dir.is_none() {
        options.base_dir = Some(folder.to_owned());
    }
    read(&bytes, &options)
}

/// The bytes of the file at `path`, and the folder its external buffers are read from.
fn file_and_folder(path: &Path) -> Result<(Vec<u8>, &Path), GltfError> {
    let bytes = std::fs::read(path).map_err(|source| GltfError::Io {
        path: path.to_owned(),
        source,
    })?;
    Ok((bytes, path.parent().unwrap_or(Path::new("."))))
}

/// The files [`read_path`] reads besides `path` itself: the external buffers its `uri`s name
/// (neither `data:` nor remote), beside it. For a tool that must never write over one of its
/// inputs; the file is not validated beyond its container and JSON.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("a.gltf");
/// let json = r#"{"asset":{"version":"2.0"},"buffers":[{"uri":"a.bin","byteLength":4},
///     {"uri":"data:application/octet-stream;base64,AAAA","byteLength":3}]}"#;
/// std::fs::write(&path, json)?;
/// assert_eq!(hooke_gltf::external_files(&path)?, vec![dir.path().join("a.bin")]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn external_files(path: impl AsRef<Path>) -> Result<Vec<PathBuf>, GltfError> {
    let (bytes, folder) = file_and_folder(path.as_ref())?;
    let (root, _) = container::document(&bytes)?;
    let uris = root.buffers.iter().filter_map(|b| b.uri.as_deref());
    Ok(uris
        .filter(|uri| container::is_file_uri(uri))
        .map(|uri| container::buffer_path(folder, uri))
        .collect())
}

/// Reads a `.gltf` (JSON) or `.glb` file held in `bytes`.
///
/// ```
/// let err = hooke_gltf::read(br#"{"asset":{"version":"2.0"},"skins":[]}"#, &Default::default());
/// assert!(err.unwrap_err().to_string().contains("no joints"));
/// ```
#[allow(clippy::needless_range_loop)] // joints index several parallel arrays
pub fn read(bytes: &[u8], options: &ReadOptions) -> Result<GltfClip, GltfError> {
    if !(options.scale.is_normal() && options.scale > 0.0) {
        return Err(GltfError::BadOption {
            message: format!("scale {} is not a positive number", options.scale),
        });
    }
    let (mut root, bin) = container::document(bytes)?;
    let mut warnings = Vec::new();
    required_extensions(&mut root, &mut warnings)?;
    let root = gltf::Document::from_json(root)
        .map_err(|e| match e {
            gltf::Error::Validation(list) => {
                let (path, error) = &list[0];
                let what = match error {
                    json::validation::Error::IndexOutOfBounds => "index out of range",
                    json::validation::Error::Invalid => "invalid value",
                    json::validation::Error::Missing => "missing",
                    json::validation::Error::Oversize => "too large",
                    json::validation::Error::Unsupported => "unsupported required extension",
                };
                GltfError::invalid(path.to_string(), what)
            }
            other => GltfError::container(other.to_string()),
        })?
        .into_json();
    let buffers = container::buffers(&root, bin, options.base_dir.as_deref())?;
    let skeleton = skeleton(&root, options.skin.as_deref(), &mut warnings)?;
    let joints = skeleton.nodes.len();

    let Channels {
        name,
        tracks,
        samplers,
        modes,
        stored_frame_time: hooke_frame_time,
    } = channels(
        &root,
        &buffers,
        &skeleton,
        options.animation.as_deref(),
        &mut warnings,
    )?;

    // Time range and frame rate.
    let used: Vec<&Sampler> = tracks
        .iter()
        .flatten()
        .flatten()
        .filter_map(|&s| samplers[s].as_ref())
        .collect();
    let start = used
        .iter()
        .map(|s| f64::from(s.times[0]))
        .fold(f64::INFINITY, f64::min);
    let end = used
        .iter()
        .map(|s| f64::from(*s.times.last().unwrap_or(&0.0)))
        .fold(f64::NEG_INFINITY, f64::max);
    let (start, end) = if used.is_empty() {
        (0.0, 0.0)
    } else {
        (start, end)
    };
    let keyframe_rate = used
        .iter()
        .max_by_key(|s| s.times.len())
        .and_then(|s| regular_rate(&s.times));
    let frame_time = match options.fps {
        Some(fps) if fps.is_finite() && fps > 0.0 => 1.0 / fps,
        Some(fps) => {
            return Err(GltfError::BadOption {
                message: format!("fps {fps} is not a positive number"),
            });
        }
        None => match (keyframe_rate, hooke_frame_time) {
            (Some(rate), Some(stored)) if (stored * rate - 1.0).abs() < 1e-4 => stored,
            (Some(rate), _) => 1.0 / rate,
            (None, _) => 1.0 / DEFAULT_FPS,
        },
    };
    let frames_f = ((end - start) / frame_time).round() + 1.0;
    let limit = MAX_JOINT_FRAMES / joints.max(1);
    if !(frames_f.is_finite() && frames_f <= limit as f64) {
        return Err(GltfError::TooLarge {
            message: format!(
                "{:.3} s at {:.3} frames per second is {frames_f:e} frames of {joints} joints, more than the {MAX_JOINT_FRAMES} joint-frames hooke reads",
                end - start,
                1.0 / frame_time
            ),
        });
    }
    let frames = frames_f as usize;

    // Sample.
    let scale = options.scale;
    let mut positions = Vec::new();
    let mut rotations = Vec::new();
    let total = frames * joints;
    let reserve = positions
        .try_reserve_exact(total)
        .and(rotations.try_reserve_exact(total));
    reserve.map_err(|_| GltfError::TooLarge {
        message: format!("cannot allocate {total} joint-frames"),
    })?;
    let mut scaled = false;
    for f in 0..frames {
        // Rounded to f32 as key times are: a frame on a key samples exactly that key.
        let t = f64::from((start + f as f64 * frame_time) as f32);
        for j in 0..joints {
            let (rest_t, rest_r, rest_s) = skeleton.rest[j];
            let sample = |path: usize| tracks[j][path].and_then(|s| samplers[s].as_ref());
            let mut p = sample(0).map_or(rest_t, |s| s.vec3(t));
            let mut r = sample(1).map_or(rest_r, |s| s.quat(t));
            let s = sample(2).map_or(rest_s, |s| s.vec3(t));
            scaled |= (s - Vec3::ONE).abs().max_element() > 1e-4;
            let (base_r, base_t) = skeleton.base[j];
            let k = skeleton.subtree_scale[j];
            p = base_t + base_r * (p * k);
            r = (base_r * r).normalize();
            positions.push(p / scale);
            rotations.push(r);
        }
    }
    if scaled {
        warnings.push("joint scales other than 1 are dropped (BVH has no scale)".to_owned());
    }
    let translated: Vec<bool> = tracks.iter().map(|t| t[0].is_some()).collect();
    let bvh = to_bvh(
        &skeleton,
        &translated,
        frame_time,
        scale,
        &positions,
        &rotations,
    )?;
    Ok(GltfClip {
        bvh,
        animation: name,
        skin: skeleton.skin.clone(),
        keyframe_rate,
        interpolations: modes,
        warnings,
    })
}

/// Required extensions that change only meshes, materials or textures (Draco, Basis, ...):
/// the skeleton and the animation read the same without them.
const MESH_ONLY_EXTENSIONS: [&str; 5] = [
    "KHR_draco_mesh_compression",
    "KHR_texture_basisu",
    "KHR_texture_transform",
    "EXT_texture_webp",
    "KHR_materials_",
];

/// Drops required extensions that do not concern animation (with a warning); any other is an
/// error naming it, as its data cannot be read without it.
fn required_extensions(root: &mut json::Root, warnings: &mut Vec<String>) -> Result<(), GltfError> {
    let required = std::mem::take(&mut root.extensions_required);
    let (ignored, other): (Vec<String>, Vec<String>) = required
        .into_iter()
        .partition(|e| MESH_ONLY_EXTENSIONS.iter().any(|m| e.starts_with(m)));
    if let Some(first) = other.first() {
        return Err(GltfError::invalid(
            "extensionsRequired",
            format!("`{first}` is required and not supported"),
        ));
    }
    if !ignored.is_empty() {
        warnings.push(format!(
            "required extension(s) {} concern only meshes or materials; ignored",
            ignored.join(", ")
        ));
    }
    Ok(())
}

/// The keyframe rate of `times` when they are evenly spaced (within f32 rounding).
fn regular_rate(times: &[f32]) -> Option<f64> {
    if times.len() < 2 {
        return None;
    }
    let span = f64::from(times[times.len() - 1]) - f64::from(times[0]);
    let dt = span / (times.len() - 1) as f64;
    // Within 0.1% of the mean step, or a few f32 rounding steps of the times themselves.
    let even = times.windows(2).all(|w| {
        let rounding = 4.0 * f64::from(f32::EPSILON) * f64::from(w[1].abs().max(w[0].abs()));
        (f64::from(w[1]) - f64::from(w[0]) - dt).abs() <= 1e-3 * dt + rounding + 1e-6
    });
    even.then_some(1.0 / dt)
}

/// The BVH joints (hooke's stored channels, or position channels on roots and on joints with a
/// translation channel, and rotation channels everywhere) playing the sampled poses.
#[allow(clippy::needless_range_loop)] // joints index several parallel arrays
fn to_bvh(
    skeleton: &Skeleton,
    translated: &[bool],
    frame_time: f64,
    scale: f32,
    positions: &[Vec3],
    rotations: &[Quat],
) -> Result<Bvh, GltfError> {
    use Channel::*;
    let mut joints = Vec::with_capacity(skeleton.nodes.len());
    for j in 0..skeleton.nodes.len() {
        let parent = skeleton.parents[j];
        let channels = skeleton.channels[j]
            .clone()
            .unwrap_or_else(|| match parent {
                Some(_) if !translated[j] => vec![Zrotation, Xrotation, Yrotation],
                _ => vec![
                    Xposition, Yposition, Zposition, Zrotation, Xrotation, Yrotation,
                ],
            });
        let (rest_t, ..) = skeleton.rest[j];
        let (base_r, base_t) = skeleton.base[j];
        let k = skeleton.subtree_scale[j];
        let offset = (base_t + base_r * (rest_t * k)) / scale;
        let end = skeleton.end_sites[j].map(|e| e * k / scale);
        joints.push(Joint::new(
            skeleton.names[j].clone(),
            parent,
            offset,
            channels,
            end,
        ));
    }
    let bvh =
        Bvh::skeleton(joints, frame_time).map_err(|e| GltfError::invalid("skin", e.to_string()))?;
    Ok(Clip::from_bvh(&bvh).bvh_with_poses(positions, rotations))
}
