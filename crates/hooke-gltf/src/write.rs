//! Writing a clip as a binary glTF (`.glb`): one node per joint (rest translation = the BVH
//! offset), an `_end` leaf per `End Site`, a skin over the joints with inverse bind matrices of
//! the rest pose, and one animation with a LINEAR translation, rotation and scale channel per
//! joint. The BVH channel list of each joint and the exact frame time go into `extras`, so a
//! file hooke wrote reads back into the same BVH.

use glam::{Mat4, Quat, Vec3};
use gltf::json::accessor::{ComponentType, GenericComponentType, Type};
use gltf::json::animation::{Interpolation, Property};
use gltf::json::{self, Index, validation::Checked, validation::USize64};
use hooke_bvh::{Bvh, Clip};

use crate::GltfError;

/// How to write a clip.
///
/// ```
/// let options = hooke_gltf::WriteOptions { scale: 0.056444, ..Default::default() };
/// assert_eq!(options.animation, "clip");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct WriteOptions {
    /// Metres per BVH unit: positions are multiplied by it (glTF is in metres).
    pub scale: f32,
    /// The animation's name.
    pub animation: String,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            scale: 1.0,
            animation: "clip".to_owned(),
        }
    }
}

/// The GLB bytes of `bvh`'s skeleton and motion.
///
/// ```
/// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT Hips { OFFSET 0 0 0 CHANNELS 3 Zrotation Xrotation Yrotation } MOTION Frames: 1 Frame Time: 0.5\n10 20 30\n")?;
/// let glb = hooke_gltf::write_glb(&bvh, &Default::default())?;
/// assert_eq!(&glb[..4], b"glTF");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_glb(bvh: &Bvh, options: &WriteOptions) -> Result<Vec<u8>, GltfError> {
    let fail = |message: String| GltfError::Write { message };
    if !(options.scale.is_normal() && options.scale > 0.0) {
        return Err(fail(format!(
            "scale {} is not a positive number",
            options.scale
        )));
    }
    let n = bvh.joints().len();
    if n == 0 {
        return Err(fail("the clip has no joints".to_owned()));
    }
    let clip = Clip::from_bvh(bvh);
    let frames = clip.frame_count();
    let dt = bvh.frame_time();
    let s = options.scale;
    let mut w = Writer::default();

    // Nodes: joints first (node j is joint j), then end sites.
    let mut nodes: Vec<json::Node> = Vec::with_capacity(n);
    let mut rest_global = vec![Vec3::ZERO; n];
    for (j, joint) in bvh.joints().iter().enumerate() {
        let offset = joint.offset() * s;
        rest_global[j] = offset + joint.parent().map_or(Vec3::ZERO, |p| rest_global[p]);
        let end = joint.end_site().map_or(Vec3::ZERO, |e| e * s);
        if !(offset.is_finite() && rest_global[j].is_finite() && end.is_finite()) {
            return Err(fail(format!(
                "joint `{}`: its offset or end site times {s} (or its rest position in the \
                 skeleton) is not finite in f32",
                joint.name()
            )));
        }
        let channels: Vec<&str> = joint.channels().iter().map(|c| c.name()).collect();
        let extras = serde_json::json!({ "hooke": { "bvhChannels": channels } });
        nodes.push(node(joint.name().to_owned(), offset, Some(extras)));
    }
    for (j, joint) in bvh.joints().iter().enumerate() {
        if let Some(end) = joint.end_site() {
            let extras = serde_json::json!({ "hooke": { "endSite": true } });
            nodes.push(node(format!("{}_end", joint.name()), end * s, Some(extras)));
            let index = Index::new(nodes.len() as u32 - 1);
            nodes[j].children.get_or_insert_with(Vec::new).push(index);
        }
    }
    for (j, joint) in bvh.joints().iter().enumerate() {
        if let Some(p) = joint.parent() {
            nodes[p]
                .children
                .get_or_insert_with(Vec::new)
                .push(Index::new(j as u32));
        }
    }
    for node in &mut nodes {
        // End sites were pushed first; list joints first as BVH does.
        if let Some(children) = node.children.as_mut() {
            children.sort_by_key(|c| c.value());
        }
    }
    let roots: Vec<Index<json::Node>> = (0..n)
        .filter(|&j| bvh.joints()[j].parent().is_none())
        .map(|j| Index::new(j as u32))
        .collect();
    // Joints need a common root: several BVH roots go under a plain node.
    let scene_root = match roots.as_slice() {
        [root] => *root,
        _ => {
            let mut group = node("Skeleton".to_owned(), Vec3::ZERO, None);
            group.children = Some(roots.clone());
            nodes.push(group);
            Index::new(nodes.len() as u32 - 1)
        }
    };

    // Skin: inverse bind matrices of the rest pose (translations only).
    let ibm: Vec<f32> = rest_global
        .iter()
        .flat_map(|g| Mat4::from_translation(-*g).to_cols_array())
        .collect();
    let ibm = w.accessor(IBM, &ibm, Type::Mat4, n, false);

    // Animation.
    let mut animation = json::Animation {
        extensions: None,
        extras: raw(serde_json::json!({ "hooke": { "frameTime": dt } })),
        channels: Vec::new(),
        name: Some(options.animation.clone()),
        samplers: Vec::new(),
    };
    if frames > 0 {
        let times: Vec<f32> = (0..frames).map(|f| (f as f64 * dt) as f32).collect();
        if times.windows(2).any(|t| t[1] <= t[0]) || !times.iter().all(|t| t.is_finite()) {
            return Err(fail(format!(
                "{frames} frames of {dt} s do not give increasing f32 times"
            )));
        }
        let input = w.accessor(ANIMATION, &times, Type::Scalar, frames, true);
        // Constant channels use two keys (first and last time), or the one key there is.
        let ends: Vec<f32> = if frames > 1 {
            vec![times[0], times[frames - 1]]
        } else {
            vec![times[0]]
        };
        let keys = ends.len();
        let input_const = if frames > 1 {
            w.accessor(ANIMATION, &ends, Type::Scalar, keys, true)
        } else {
            input
        };
        let ones: Vec<f32> = vec![1.0; 3 * keys];
        let scale_const = w.accessor(ANIMATION, &ones, Type::Vec3, keys, false);
        let add = |animation: &mut json::Animation,
                   j: usize,
                   input: Index<json::Accessor>,
                   output,
                   path| {
            animation.samplers.push(json::animation::Sampler {
                extensions: None,
                extras: Default::default(),
                input,
                interpolation: Checked::Valid(Interpolation::Linear),
                output,
            });
            animation.channels.push(json::animation::Channel {
                sampler: Index::new(animation.samplers.len() as u32 - 1),
                target: json::animation::Target {
                    extensions: None,
                    extras: Default::default(),
                    node: Index::new(j as u32),
                    path: Checked::Valid(path),
                },
                extensions: None,
                extras: Default::default(),
            });
        };
        for (j, joint) in bvh.joints().iter().enumerate() {
            if joint.has_position_channels() {
                let mut values = Vec::with_capacity(3 * frames);
                for f in 0..frames {
                    values.extend_from_slice(&(clip.local_positions(f)[j] * s).to_array());
                }
                check(&values, joint.name())?;
                let output = w.accessor(ANIMATION, &values, Type::Vec3, frames, false);
                add(&mut animation, j, input, output, Property::Translation);
            } else {
                let values: Vec<f32> = (0..keys)
                    .flat_map(|_| (joint.offset() * s).to_array())
                    .collect();
                let output = w.accessor(ANIMATION, &values, Type::Vec3, keys, false);
                add(
                    &mut animation,
                    j,
                    input_const,
                    output,
                    Property::Translation,
                );
            }
            let mut values = Vec::with_capacity(4 * frames);
            let mut previous = Quat::IDENTITY;
            for f in 0..frames {
                let mut q = clip.local_rotations(f)[j].normalize();
                // One hemisphere from key to key, so any slerp takes the short way.
                if f > 0 && q.dot(previous) < 0.0 {
                    q = -q;
                }
                previous = q;
                values.extend_from_slice(&q.to_array());
            }
            check(&values, joint.name())?;
            let output = w.accessor(ANIMATION, &values, Type::Vec4, frames, false);
            add(&mut animation, j, input, output, Property::Rotation);
            add(&mut animation, j, input_const, scale_const, Property::Scale);
        }
    }
    // The matrices first (never empty); the animation's view only when there is one, as the
    // validator refuses empty views.
    let [mut bin, animation_bytes] = w.bins;
    let mut views = vec![(0, bin.len())];
    if !animation_bytes.is_empty() {
        views.push((bin.len(), animation_bytes.len()));
        bin.extend_from_slice(&animation_bytes);
    }
    if bin.len() > u32::MAX as usize / 2 {
        return Err(fail(format!(
            "{} bytes of animation data is too much for one GLB",
            bin.len()
        )));
    }
    let root = json::Root {
        accessors: w.accessors,
        animations: if frames > 0 {
            vec![animation]
        } else {
            Vec::new()
        },
        asset: json::Asset {
            copyright: None,
            extensions: None,
            extras: Default::default(),
            generator: Some(concat!("hooke-gltf ", env!("CARGO_PKG_VERSION")).to_owned()),
            min_version: None,
            version: "2.0".to_owned(),
        },
        buffers: vec![json::Buffer {
            byte_length: USize64(bin.len() as u64),
            name: None,
            uri: None,
            extensions: None,
            extras: Default::default(),
        }],
        buffer_views: views
            .iter()
            .map(|&(start, len)| json::buffer::View {
                buffer: Index::new(0),
                byte_length: USize64(len as u64),
                byte_offset: Some(USize64(start as u64)),
                byte_stride: None,
                name: None,
                target: None,
                extensions: None,
                extras: Default::default(),
            })
            .collect(),
        nodes,
        scene: Some(Index::new(0)),
        scenes: vec![json::Scene {
            extensions: None,
            extras: Default::default(),
            name: None,
            nodes: vec![scene_root],
        }],
        skins: vec![json::Skin {
            extensions: None,
            extras: Default::default(),
            inverse_bind_matrices: Some(ibm),
            joints: (0..n).map(|j| Index::new(j as u32)).collect(),
            name: Some("skeleton".to_owned()),
            skeleton: Some(scene_root),
        }],
        ..Default::default()
    };
    let text = json::serialize::to_vec(&root).map_err(|e| fail(e.to_string()))?;
    let glb = gltf::binary::Glb {
        header: gltf::binary::Header {
            magic: *b"glTF",
            version: 2,
            length: 0,
        },
        json: text.into(),
        bin: Some(bin.into()),
    };
    glb.to_vec().map_err(|e| fail(e.to_string()))
}

fn check(values: &[f32], joint: &str) -> Result<(), GltfError> {
    if values.iter().all(|v| v.is_finite()) {
        Ok(())
    } else {
        Err(GltfError::Write {
            message: format!("joint `{joint}` has non-finite values"),
        })
    }
}

fn raw(value: serde_json::Value) -> json::Extras {
    serde_json::value::to_raw_value(&value).ok()
}

fn node(name: String, translation: Vec3, extras: Option<serde_json::Value>) -> json::Node {
    json::Node {
        camera: None,
        children: None,
        extensions: None,
        extras: extras.and_then(raw),
        matrix: None,
        mesh: None,
        name: Some(name),
        rotation: None,
        scale: None,
        translation: (translation != Vec3::ZERO).then(|| translation.to_array()),
        skin: None,
        weights: None,
    }
}

/// Buffer view of the animation data.
const ANIMATION: usize = 1;
/// Buffer view of the inverse bind matrices (the validator wants them in a view of their own).
const IBM: usize = 0;

/// The bytes of each buffer view and the accessors into them.
#[derive(Default)]
struct Writer {
    /// Indexed by [`IBM`] and [`ANIMATION`].
    bins: [Vec<u8>; 2],
    accessors: Vec<json::Accessor>,
}

impl Writer {
    fn accessor(
        &mut self,
        view: usize,
        values: &[f32],
        ty: Type,
        count: usize,
        bounds: bool,
    ) -> Index<json::Accessor> {
        let bin = &mut self.bins[view];
        let offset = bin.len();
        for v in values {
            bin.extend_from_slice(&v.to_le_bytes());
        }
        let width = ty.multiplicity();
        let (min, max) = if bounds {
            let mut min = vec![f32::INFINITY; width];
            let mut max = vec![f32::NEG_INFINITY; width];
            for element in values.chunks_exact(width) {
                for (c, &v) in element.iter().enumerate() {
                    min[c] = min[c].min(v);
                    max[c] = max[c].max(v);
                }
            }
            (Some(serde_json::json!(min)), Some(serde_json::json!(max)))
        } else {
            (None, None)
        };
        self.accessors.push(json::Accessor {
            buffer_view: Some(Index::new(view as u32)),
            byte_offset: Some(USize64(offset as u64)),
            count: USize64(count as u64),
            component_type: Checked::Valid(GenericComponentType(ComponentType::F32)),
            extensions: None,
            extras: Default::default(),
            type_: Checked::Valid(ty),
            min,
            max,
            name: None,
            normalized: false,
            sparse: None,
        });
        Index::new(self.accessors.len() as u32 - 1)
    }
}
