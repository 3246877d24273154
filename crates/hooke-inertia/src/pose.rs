//! One character's pose as arrays of structures: owned [`Pose`] and borrowed [`PoseRef`].

use glam::{Quat, Vec3};
#[cfg(feature = "bvh")]
use hooke_bvh::Clip;

/// One character's pose with velocities, in local (parent) space, one entry per bone, plus
/// optional scalar curves (blend-shape weights, IK blend factors...) with their velocities.
///
/// Angular velocities are rotation vectors per second applied on the left in the parent frame
/// (`q(t + dt) = exp(w dt / 2) * q(t)`), the convention of `hooke` and `hooke-bvh`.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke_inertia::Pose;
/// let pose = Pose::rest(3);
/// assert_eq!(pose.rotations, vec![Quat::IDENTITY; 3]);
/// assert_eq!(pose.as_ref().bone_count(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pose {
    /// Local positions.
    pub positions: Vec<Vec3>,
    /// Local linear velocities (units per second).
    pub velocities: Vec<Vec3>,
    /// Local rotations (unit quaternions).
    pub rotations: Vec<Quat>,
    /// Local angular velocities (rotation vector per second, parent frame, left-multiplied).
    pub angular_velocities: Vec<Vec3>,
    /// Scalar curve values (may be empty).
    pub curves: Vec<f32>,
    /// Scalar curve velocities (same length as `curves`).
    pub curve_velocities: Vec<f32>,
    /// Local scales, one per bone, each component finite and `> 0`; empty for a pose without
    /// scale (every scale 1, at rest).
    pub scales: Vec<Vec3>,
    /// Scale velocities (`d scale / dt` per component; same length as `scales`).
    pub scale_velocities: Vec<Vec3>,
}

impl Pose {
    /// `bones` bones at the origin with identity rotations, at rest, no curves.
    ///
    /// ```
    /// assert_eq!(hooke_inertia::Pose::rest(31).positions.len(), 31);
    /// ```
    pub fn rest(bones: usize) -> Pose {
        Pose {
            positions: vec![Vec3::ZERO; bones],
            velocities: vec![Vec3::ZERO; bones],
            rotations: vec![Quat::IDENTITY; bones],
            angular_velocities: vec![Vec3::ZERO; bones],
            curves: Vec::new(),
            curve_velocities: Vec::new(),
            scales: Vec::new(),
            scale_velocities: Vec::new(),
        }
    }

    /// [`rest`](Self::rest) for a caller's bone count: an impossible size is an error
    /// ([`InertiaError::Param`](crate::InertiaError::Param) out of memory), never an abort.
    ///
    /// ```
    /// assert_eq!(hooke_inertia::Pose::try_rest(31)?.rotations.len(), 31);
    /// assert!(hooke_inertia::Pose::try_rest(1 << 60).is_err());
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn try_rest(bones: usize) -> Result<Pose, crate::InertiaError> {
        Ok(Pose {
            positions: crate::alloc::vec("pose positions", bones, Vec3::ZERO)?,
            velocities: crate::alloc::vec("pose velocities", bones, Vec3::ZERO)?,
            rotations: crate::alloc::vec("pose rotations", bones, Quat::IDENTITY)?,
            angular_velocities: crate::alloc::vec("pose angular velocities", bones, Vec3::ZERO)?,
            curves: Vec::new(),
            curve_velocities: Vec::new(),
            scales: Vec::new(),
            scale_velocities: Vec::new(),
        })
    }

    /// A copy of frame `frame` of a clip: local positions, rotations and their finite-difference
    /// velocities; no curves. Panics if `frame` is out of range, like slice indexing. With the
    /// `bvh` feature.
    ///
    /// ```
    /// use hooke_bvh::{Bvh, Clip};
    /// let clip = Clip::from_bvh(&Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xposition } MOTION Frames: 2 Frame Time: 0.5\n0\n1\n")?);
    /// let pose = hooke_inertia::Pose::from_clip(&clip, 1);
    /// assert_eq!(pose.velocities[0].x, 2.0);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    #[cfg(feature = "bvh")]
    #[track_caller]
    pub fn from_clip(clip: &Clip, frame: usize) -> Pose {
        PoseRef::from_clip(clip, frame).to_owned()
    }

    /// Adds scalar curves (values and velocities) to the pose.
    ///
    /// ```
    /// let pose = hooke_inertia::Pose::rest(1).with_curves(vec![0.5], vec![0.0]);
    /// assert_eq!(pose.as_ref().curve_count(), 1);
    /// ```
    pub fn with_curves(mut self, curves: Vec<f32>, curve_velocities: Vec<f32>) -> Pose {
        self.curves = curves;
        self.curve_velocities = curve_velocities;
        self
    }

    /// Adds per-bone scales and their velocities (`d scale / dt`) to the pose.
    ///
    /// ```
    /// use glam::Vec3;
    /// let pose = hooke_inertia::Pose::rest(1).with_scales(vec![Vec3::splat(2.0)], vec![Vec3::ZERO]);
    /// assert_eq!(pose.as_ref().scales[0], Vec3::splat(2.0));
    /// ```
    pub fn with_scales(mut self, scales: Vec<Vec3>, scale_velocities: Vec<Vec3>) -> Pose {
        self.scales = scales;
        self.scale_velocities = scale_velocities;
        self
    }

    /// A borrowed view.
    ///
    /// ```
    /// let pose = hooke_inertia::Pose::rest(2);
    /// assert_eq!(pose.as_ref().rotations.len(), 2);
    /// ```
    pub fn as_ref(&self) -> PoseRef<'_> {
        PoseRef {
            positions: &self.positions,
            velocities: &self.velocities,
            rotations: &self.rotations,
            angular_velocities: &self.angular_velocities,
            curves: &self.curves,
            curve_velocities: &self.curve_velocities,
            scales: &self.scales,
            scale_velocities: &self.scale_velocities,
        }
    }
}

/// A borrowed pose of one character (see [`Pose`]); no copies are made when it comes from a clip.
///
/// ```
/// use hooke_inertia::{Pose, PoseRef};
/// let owned = Pose::rest(4);
/// let view: PoseRef<'_> = owned.as_ref();
/// assert_eq!(view.to_owned(), owned);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoseRef<'a> {
    /// Local positions.
    pub positions: &'a [Vec3],
    /// Local linear velocities.
    pub velocities: &'a [Vec3],
    /// Local rotations.
    pub rotations: &'a [Quat],
    /// Local angular velocities.
    pub angular_velocities: &'a [Vec3],
    /// Scalar curve values.
    pub curves: &'a [f32],
    /// Scalar curve velocities.
    pub curve_velocities: &'a [f32],
    /// Local scales (empty: every scale 1, at rest).
    pub scales: &'a [Vec3],
    /// Scale velocities (`d scale / dt`).
    pub scale_velocities: &'a [Vec3],
}

impl<'a> PoseRef<'a> {
    /// Frame `frame` of a clip, borrowed: local positions, rotations, velocities; no curves.
    /// Panics if `frame` is out of range, like slice indexing. With the `bvh` feature.
    ///
    /// ```
    /// use hooke_bvh::{Bvh, Clip};
    /// let clip = Clip::from_bvh(&Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Yrotation } MOTION Frames: 2 Frame Time: 1\n0\n90\n")?);
    /// let pose = hooke_inertia::PoseRef::from_clip(&clip, 1);
    /// assert!((pose.angular_velocities[0].y - std::f32::consts::FRAC_PI_2).abs() < 1e-5);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    #[cfg(feature = "bvh")]
    #[track_caller]
    pub fn from_clip(clip: &'a Clip, frame: usize) -> PoseRef<'a> {
        PoseRef {
            positions: clip.local_positions(frame),
            velocities: clip.local_velocities(frame),
            rotations: clip.local_rotations(frame),
            angular_velocities: clip.local_angular_velocities(frame),
            curves: &[],
            curve_velocities: &[],
            scales: &[],
            scale_velocities: &[],
        }
    }

    /// The number of bones (the length of `rotations`).
    ///
    /// ```
    /// assert_eq!(hooke_inertia::Pose::rest(5).as_ref().bone_count(), 5);
    /// ```
    pub fn bone_count(&self) -> usize {
        self.rotations.len()
    }

    /// The number of curves (the length of `curves`).
    ///
    /// ```
    /// assert_eq!(hooke_inertia::Pose::rest(5).as_ref().curve_count(), 0);
    /// ```
    pub fn curve_count(&self) -> usize {
        self.curves.len()
    }

    /// Pose `index` of concatenated poses of `bones` bones and `curves` curves each (scales
    /// stay empty when there are none); the lengths must have been checked.
    pub(crate) fn character(&self, index: usize, bones: usize, curves: usize) -> PoseRef<'a> {
        let lanes = index * bones..(index + 1) * bones;
        let curve_lanes = index * curves..(index + 1) * curves;
        let scale_lanes = if self.scales.is_empty() {
            0..0
        } else {
            lanes.clone()
        };
        PoseRef {
            positions: &self.positions[lanes.clone()],
            velocities: &self.velocities[lanes.clone()],
            rotations: &self.rotations[lanes.clone()],
            angular_velocities: &self.angular_velocities[lanes],
            curves: &self.curves[curve_lanes.clone()],
            curve_velocities: &self.curve_velocities[curve_lanes],
            scales: &self.scales[scale_lanes.clone()],
            scale_velocities: &self.scale_velocities[scale_lanes],
        }
    }

    /// An owned copy.
    ///
    /// ```
    /// let pose = hooke_inertia::Pose::rest(1);
    /// assert_eq!(pose.as_ref().to_owned(), pose);
    /// ```
    pub fn to_owned(&self) -> Pose {
        Pose {
            positions: self.positions.to_vec(),
            velocities: self.velocities.to_vec(),
            rotations: self.rotations.to_vec(),
            angular_velocities: self.angular_velocities.to_vec(),
            curves: self.curves.to_vec(),
            curve_velocities: self.curve_velocities.to_vec(),
            scales: self.scales.to_vec(),
            scale_velocities: self.scale_velocities.to_vec(),
        }
    }
}
