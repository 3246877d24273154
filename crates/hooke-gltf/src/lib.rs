//! # hooke-gltf — skinned glTF 2.0 animations as BVH clips
//!
//! The seam between glTF and the rest of hooke: [`read`] / [`read_path`] turn a skin and one
//! animation of a `.gltf` or `.glb` file into a [`hooke_bvh::Bvh`] (so every tool that reads
//! BVH reads glTF), and [`write_glb`] writes a BVH clip as a `.glb` that the Khronos glTF
//! validator accepts.
//!
//! - Reading: the skin's joints (chosen with [`ReadOptions::skin`]) in depth-first order, their
//!   rest transforms, and one animation ([`ReadOptions::animation`]) sampled at the clip's frame
//!   rate ([`ReadOptions::fps`]; default the keyframe rate when keys are evenly spaced, else
//!   [`DEFAULT_FPS`]) with LINEAR (rotations by normalised slerp), STEP and CUBICSPLINE
//!   [`Interpolation`]. Joints without a channel keep their rest transform; morph-target
//!   weights are ignored with a warning; the static transform of nodes above the skeleton is
//!   baked into its roots. Malformed files are a [`GltfError`] naming the JSON path: the GLB
//!   container, every accessor and buffer view are checked against the bytes that are there
//!   before anything is allocated, key times must be finite and increasing, values finite.
//! - Writing: a node per joint, a skin, one animation with a LINEAR translation, rotation and
//!   scale channel per joint (constant ones with two keys). BVH channel lists and the exact
//!   frame time go into `extras`, so BVH -> glb -> BVH gives back the same channels.
//! - Units and axes: glTF is metres, +Y up, right-handed; BVH has no declared unit.
//!   [`WriteOptions::scale`] and [`ReadOptions::scale`] are metres per BVH unit (default 1: the
//!   numbers are kept; the bundled CMU clips are about 0.056444 m per unit). Axes are not
//!   changed: BVH files are read as +Y up, right-handed, as most (and the CMU ones) are.
//!
//! ```
//! let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT Hips { OFFSET 0 0 0 CHANNELS 6 Xposition \
//!     Yposition Zposition Zrotation Xrotation Yrotation JOINT Head { OFFSET 0 10 0 CHANNELS 3 \
//!     Zrotation Xrotation Yrotation } } MOTION Frames: 2 Frame Time: 0.5\n\
//!     0 1 0 0 0 0 0 0 0\n0 1 0 90 0 0 0 0 30\n")?;
//! let glb = hooke_gltf::write_glb(&bvh, &hooke_gltf::WriteOptions { scale: 0.01, ..Default::default() })?;
//! let back = hooke_gltf::read(&glb, &hooke_gltf::ReadOptions { scale: 0.01, ..Default::default() })?;
//! assert_eq!(back.bvh.joints()[1].channels(), bvh.joints()[1].channels());
//! for (a, b) in back.bvh.values().iter().zip(bvh.values()) {
//!     assert!((a - b).abs() < 1e-4);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod accessor;
mod channels;
mod container;
mod error;
mod read;
mod sampler;
mod skeleton;
mod write;

pub use error::GltfError;
pub use read::{DEFAULT_FPS, GltfClip, ReadOptions, external_files, read, read_path};
pub use sampler::Interpolation;
pub use write::{WriteOptions, write_glb};
