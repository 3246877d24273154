//! # hooke-inertia — skeletal inertialization for many characters at once
//!
//! Switch a character from one animation to another instantly, carry the difference as per-bone
//! offsets (position and velocity, rotation and angular velocity) and let them decay with `hooke`'s
//! exact critical decay spring: the output is continuous in pose and velocity and converges to the
//! new animation. The offsets of all characters live in `hooke` SoA columns (lane
//! `character * bone_count + bone`) and one fused SIMD kernel decays them and applies them to the
//! input poses per frame; [`Inertializer::par_update`] splits it across threads.
//!
//! - [`Pose`] / [`PoseRef`]: one character's pose with velocities (array of structures), e.g. a
//!   frame of a `hooke_bvh::Clip` (`Pose::from_clip`, with the `bvh` feature: the runtime itself
//!   does not depend on a file parser); [`PoseBatch`]: all characters' poses as SoA columns.
//! - [`BlendProfile`]: per-bone halflives, bones excluded from blending, scalar curves.
//! - [`RootPolicy`]: how the root is treated (character-space root, or world-space root re-anchored
//!   at each transition).
//! - [`BlendMode`]: inertialization or dead blending, per character.
//!
//! Maths (`docs/math.md` §6.1): at a transition the current output `off ⊕ src` is re-based on the
//! destination, `off' = (off ⊕ src) ⊖ dst`, i.e. `off_x' = (src_x + off_x) - dst_x`,
//! `off_q' = abs((off_q * src_q) * inv(dst_q))` and — unlike the widely copied reference —
//! `off_w' = (off_w + off_q * src_w) - off_q' * dst_w`, which keeps the angular velocity continuous
//! when a transition starts while another is in flight. Output: `out_x = in_x + off_x`,
//! `out_v = in_v + off_v`, `out_q = off_q * in_q`, `out_w = off_w + off_q * in_w`.
//!
//! **Root policy.** Offsets are always computed between *input* streams (the source the character
//! was showing before offsets, and the destination), never from the output, so nothing is counted
//! twice. A root given in the character's own space is inertialized like any bone
//! ([`RootPolicy::Local`]). A world-space root ([`RootPolicy::Anchored`]) is re-anchored at each
//! transition: a heading rotation plus translation puts the destination root exactly on the current
//! output root, the anchor stays (the character never slides back to where a clip was recorded),
//! and only velocity, tilt and angular-velocity differences decay as offsets.
//!
//! **Dead blending** ([`BlendMode::DeadBlend`], per character): the current output is stored at
//! the transition, extrapolated with velocities decaying with a halflife, and cross-faded to the
//! live input with a smoothstep (zero slope at both ends, so C1) over a blend time; afterwards the
//! output is exactly the input.
//!
//! **Input rule.** Poses are checked where they enter: lengths, finite values, and unit
//! quaternions within [`hooke::error::UNIT_QUAT_TOLERANCE`] (normalised; anything further off is an error).
//!
//! ```
//! use hooke_inertia::{BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};
//!
//! let (characters, bones) = (100, 31);
//! let profile = BlendProfile::uniform(bones, 0.1)?;
//! let mut inertializer = Inertializer::new(characters, profile, RootPolicy::Local)?;
//! let mut input = PoseBatch::new(characters, bones, 0)?;
//! let mut output = PoseBatch::new(characters, bones, 0)?;
//!
//! let walk = Pose::rest(bones);
//! let mut run = Pose::rest(bones);
//! run.rotations[5] = glam::Quat::from_rotation_x(0.8);
//! inertializer.transition(42, walk.as_ref(), run.as_ref())?;
//! input.set_character(42, run.as_ref())?;
//! for _ in 0..60 {
//!     inertializer.update(1.0 / 60.0, &input, &mut output)?;
//! }
//! let shown = output.rotations().get(42 * bones + 5);
//! assert!(shown.angle_between(run.rotations[5]) < 1e-3);
//! # Ok::<(), hooke_inertia::InertiaError>(())
//! ```

mod alloc;
mod batch;
mod bone;
mod bulk;
mod copy;
mod dead;
mod error;
mod feet;
mod inertializer;
mod kernel;
mod lanes;
mod limits;
mod offsets;
mod pattern;
mod pose;
mod pose_io;
mod profile;
mod rebase;
mod saturate;
mod scale;
mod transforms;
mod validate;
mod world;

pub use batch::PoseBatch;
pub use error::InertiaError;
pub use feet::{
    ContactThresholds, Contacts, FootLockSettings, FootLocker, FootRig, FootRigError, Leg,
};
pub use inertializer::Inertializer;
pub use limits::DeadBlendLimits;
pub use pose::{Pose, PoseRef};
pub use profile::{BlendMode, BlendProfile, RootPolicy};
pub use transforms::BoneTransform;
pub use validate::check_rotation;
