//! The animation's channels that move the skeleton's joints: the animation chosen by name or
//! index, each channel's target checked, and each sampler read and checked once.

use std::borrow::Cow;

use gltf::json::{self, accessor::Type, animation::Property, validation::Checked};

use crate::GltfError;
use crate::accessor::read_floats;
use crate::sampler::{Interpolation, Sampler};
use crate::skeleton::{Skeleton, list};

/// What moves the joints.
pub(crate) struct Channels {
    /// The animation's name, or `#index`.
    pub(crate) name: String,
    /// Per joint, the sampler of its translation, rotation and scale (indices into `samplers`).
    pub(crate) tracks: Vec<[Option<usize>; 3]>,
    /// The animation's samplers; those no joint uses stay unread (`None`).
    pub(crate) samplers: Vec<Option<Sampler>>,
    /// The interpolations read, with how many samplers use each.
    pub(crate) modes: Vec<(Interpolation, usize)>,
    /// The exact frame time hooke stored when it wrote the file.
    pub(crate) stored_frame_time: Option<f64>,
}

/// Reads the channels of animation `selector` (name or index; the first without one) that
/// target `skeleton`'s joints. Morph-target weights and nodes outside the skeleton are warnings.
pub(crate) fn channels(
    root: &json::Root,
    buffers: &[Cow<'_, [u8]>],
    skeleton: &Skeleton,
    selector: Option<&str>,
    warnings: &mut Vec<String>,
) -> Result<Channels, GltfError> {
    let joints = skeleton.nodes.len();
    let (animation_index, animation) = match selector {
        None => (0, root.animations.first()),
        Some(s) => {
            let found = root
                .animations
                .iter()
                .position(|a| a.name.as_deref() == Some(s))
                .or_else(|| {
                    s.parse::<usize>()
                        .ok()
                        .filter(|&i| i < root.animations.len())
                });
            match found {
                Some(i) => (i, root.animations.get(i)),
                None => {
                    return Err(GltfError::NotFound {
                        message: format!(
                            "no animation `{s}`; the file has {}",
                            list(root.animations.iter().map(|a| a.name.as_deref()))
                        ),
                    });
                }
            }
        }
    };
    let name = animation
        .and_then(|a| a.name.clone())
        .unwrap_or_else(|| format!("#{animation_index}"));
    if animation.is_none() {
        warnings.push("no animation: one frame of the rest pose".to_owned());
    }

    // Channels of the skeleton's joints, each sampler checked once.
    let mut joint_of = vec![None; root.nodes.len()];
    for (j, &node) in skeleton.nodes.iter().enumerate() {
        joint_of[node] = Some(j);
    }
    let mut tracks: Vec<[Option<usize>; 3]> = vec![[None; 3]; joints];
    let mut samplers: Vec<Option<Sampler>> = Vec::new();
    let mut modes: Vec<(Interpolation, usize)> = Vec::new();
    let (mut weights, mut outside) = (0, 0);
    let mut hooke_frame_time = None;
    if let Some(animation) = animation {
        let a_at = format!("animations[{animation_index}]");
        samplers.resize_with(animation.samplers.len(), || None);
        hooke_frame_time = animation.extras.as_ref().and_then(|raw| {
            let v: serde_json::Value = serde_json::from_str(raw.get()).ok()?;
            v["hooke"]["frameTime"].as_f64()
        });
        for (c, channel) in animation.channels.iter().enumerate() {
            let at = format!("{a_at}.channels[{c}]");
            let path = match channel.target.path {
                Checked::Valid(Property::Translation) => 0,
                Checked::Valid(Property::Rotation) => 1,
                Checked::Valid(Property::Scale) => 2,
                Checked::Valid(Property::MorphTargetWeights) => {
                    weights += 1;
                    continue;
                }
                Checked::Invalid => return Err(GltfError::invalid(at, "invalid target path")),
            };
            let Some(joint) = joint_of.get(channel.target.node.value()).copied().flatten() else {
                outside += 1;
                continue;
            };
            if tracks[joint][path].is_some() {
                return Err(GltfError::invalid(
                    at,
                    "a second channel for the same node and path",
                ));
            }
            let s = channel.sampler.value();
            let Some(sampler) = animation.samplers.get(s) else {
                return Err(GltfError::invalid(at, format!("no sampler {s}")));
            };
            if samplers[s].is_none() {
                let s_at = format!("{a_at}.samplers[{s}]");
                let Checked::Valid(mode) = sampler.interpolation else {
                    return Err(GltfError::invalid(s_at, "unknown interpolation"));
                };
                let mode = match mode {
                    json::animation::Interpolation::Linear => Interpolation::Linear,
                    json::animation::Interpolation::Step => Interpolation::Step,
                    json::animation::Interpolation::CubicSpline => Interpolation::CubicSpline,
                };
                let (times, _) = read_floats(
                    root,
                    buffers,
                    sampler.input.value(),
                    &[Type::Scalar],
                    &format!("{s_at}.input"),
                )?;
                let ty = if path == 1 { Type::Vec4 } else { Type::Vec3 };
                let (values, width) = read_floats(
                    root,
                    buffers,
                    sampler.output.value(),
                    &[ty],
                    &format!("{s_at}.output"),
                )?;
                samplers[s] = Some(Sampler::new(times, values, width, mode, &s_at)?);
                match modes.iter_mut().find(|(m, _)| *m == mode) {
                    Some((_, n)) => *n += 1,
                    None => modes.push((mode, 1)),
                }
            }
            tracks[joint][path] = Some(s);
        }
    }
    if weights > 0 {
        warnings.push(format!("{weights} morph-target weights channel(s) ignored"));
    }
    if outside > 0 {
        warnings.push(format!(
            "{outside} channel(s) animate nodes outside the skeleton; ignored"
        ));
    }

    Ok(Channels {
        name,
        tracks,
        samplers,
        modes,
        stored_frame_time: hooke_frame_time,
    })
}
