//! What a BVH file may ask of the reader: limits that keep a small hostile file from demanding
//! gigabytes, and frame times the `f32` clip maths can use.

/// The most joint-frames (frames times joints) [`Bvh::parse`](crate::Bvh::parse) accepts:
/// 2²⁴ = 16,777,216, e.g. 31 joints for 541,200 frames (75 minutes at 120 Hz).
///
/// A [`Clip`](crate::Clip) stores 104 bytes per joint-frame (eight arrays of positions,
/// rotations and velocities), so this caps a clip at about 1.7 GB. Without the cap a 569 KB file
/// (10,000 joints with `CHANNELS 0` and 100,000 one-character frame lines) would ask for 12 GB
/// per array. Bigger files are refused with [`BvhError::TooManyFrames`](crate::BvhError), which
/// names the line of the first frame over the limit.
///
/// ```
/// use hooke_bvh::{Bvh, BvhError, MAX_JOINT_FRAMES};
///
/// // 1,000 joints without channels, so every line of the motion section is a frame.
/// let mut src = String::from("HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\nCHANNELS 0\n");
/// for j in 1..1000 {
///     src += &format!("JOINT J{j}\n{{\nOFFSET 0 0 0\nCHANNELS 0\n}}\n");
/// }
/// src += "}\nMOTION\nFrames: 0\nFrame Time: 0.01\n";
/// src += &"\n".repeat(MAX_JOINT_FRAMES / 1000 + 1);
/// let err = Bvh::parse(&src).unwrap_err();
/// assert!(matches!(err, BvhError::TooManyFrames { joints: 1000, .. }), "{err}");
/// ```
pub const MAX_JOINT_FRAMES: usize = 1 << 24;

/// The smallest frame time (seconds) a file may declare: the smallest positive normal `f32`,
/// about 1.18e-38. Clip velocities are differences divided by the frame time in `f32`; a time
/// that is 0 as `f32` (`1e-50`) would make them NaN and a subnormal one (`1e-40`) infinite, so
/// [`Bvh::parse`](crate::Bvh::parse) refuses both with
/// [`BvhError::BadFrameTime`](crate::BvhError). The largest accepted frame time is `f32::MAX`.
///
/// ```
/// use hooke_bvh::{Bvh, BvhError, MIN_FRAME_TIME};
///
/// let src = |t: &str| format!("HIERARCHY ROOT R {{ OFFSET 0 0 0 CHANNELS 0 }} MOTION Frames: 0 Frame Time: {t}\n");
/// assert!(Bvh::parse(&src(&MIN_FRAME_TIME.to_string())).is_ok());
/// let err = Bvh::parse(&src("1e-40")).unwrap_err();
/// assert!(matches!(err, BvhError::BadFrameTime { line: 1, .. }), "{err}");
/// ```
pub const MIN_FRAME_TIME: f32 = f32::MIN_POSITIVE;
