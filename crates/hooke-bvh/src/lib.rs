//! # hooke-bvh — read and write BVH motion capture
//!
//! A small, dependency-light BVH reader and writer for feeding mocap into animation code:
//!
//! - [`Bvh`]: the file as written — hierarchy ([`Joint`]s with [`Channel`]s) and raw channel
//!   values. [`Bvh::parse`] / [`Bvh::from_path`] read it (any channel count and order per joint,
//!   roots without position channels, `End Site`, CRLF, tabs, `.0083333`-style numbers), and
//!   never panic: malformed input is a [`BvhError`] with line, column and what was expected; a
//!   wrong `Frames:` count is only a [`BvhWarning`]. [`Display`](std::fmt::Display) writes it
//!   back losslessly.
//! - [`Clip`]: the file as animation — per frame and joint, local and global positions and
//!   rotations (glam [`Quat`](glam::Quat)), and finite-difference linear and angular
//!   velocities, all stored frame-major. [`Clip::to_bvh`] converts back, decomposing rotations
//!   into each joint's Euler order with [`EulerOrder::from_quat`].
//! - Building blocks: [`forward_kinematics`], [`angular_velocity`], [`EulerOrder`].
//! - Hostile files: a file may not ask for more than [`MAX_JOINT_FRAMES`] joint-frames nor
//!   declare a frame time `f32` cannot use (below [`MIN_FRAME_TIME`]); both are located errors.
//!   Reading and writing use explicit stacks, so any nesting depth is safe, and the writer's
//!   output is linear in the hierarchy's size.
//! - Playing clips together: [`Clip::check_same_skeleton`] and [`Clip::check_same_frame_time`]
//!   name the first joint, or the frame times, that differ ([`ClipMismatch`]).
//!
//! Conventions: BVH angles are degrees; the channel list `Zrotation Xrotation Yrotation` means the
//! local rotation `Rz * Rx * Ry`; a joint's local position is its `OFFSET` unless position
//! channels override it.
//!
//! ```
//! use hooke_bvh::{Bvh, Clip};
//!
//! let src = "HIERARCHY
//! ROOT Hips
//! {
//!     OFFSET 0 0 0
//!     CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation
//!     JOINT Head
//!     {
//!         OFFSET 0 10 0
//!         CHANNELS 3 Zrotation Yrotation Xrotation
//!         End Site
//!         {
//!             OFFSET 0 2 0
//!         }
//!     }
//! }
//! MOTION
//! Frames: 2
//! Frame Time: .0083333
//! 0 90 0 0 0 0 0 0 0
//! 0 90 0 0 0 90 0 0 0
//! ";
//! let bvh = Bvh::parse(src)?;
//! let clip = Clip::from_bvh(&bvh);
//! assert_eq!(clip.joint_names(), &["Hips", "Head"]);
//! // In frame 1 the hips are rolled 90° about x, so the head (10 up) now points along +z.
//! let head = clip.global_positions(1)[1];
//! assert!((head - glam::Vec3::new(0.0, 90.0, 10.0)).length() < 1e-4);
//!
//! // Write it back and read it again.
//! let again = Bvh::parse(&clip.to_bvh().to_string())?;
//! assert_eq!(again.frame_count(), 2);
//! # Ok::<(), hooke_bvh::BvhError>(())
//! ```

mod build;
mod bvh;
mod clip;
mod error;
mod euler;
mod fk;
mod lexer;
mod limits;
mod mismatch;
mod parser;
mod velocity;
mod writer;

pub use bvh::{Bvh, Channel, Joint, UnknownChannelName};
pub use clip::Clip;
pub use error::{BvhError, BvhWarning};
pub use euler::{Axis, EulerOrder};
pub use fk::forward_kinematics;
/// The angular velocity between two rotations (hooke's, on the shortest path): what the clips'
/// angular velocities are made of.
pub use hooke::scalar::angular_velocity;
pub use limits::{MAX_JOINT_FRAMES, MIN_FRAME_TIME};
pub use mismatch::{ClipMismatch, FRAME_TIME_TOLERANCE};
