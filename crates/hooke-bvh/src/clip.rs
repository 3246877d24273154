//! A BVH file converted to per-frame joint transforms, ready for animation code.

use glam::{DQuat, Quat, Vec3};

use crate::bvh::{Bvh, Joint};
use crate::euler::{Axis, EulerOrder};
use crate::{fk, velocity};

/// An animation clip: per frame and per joint, local and global positions and rotations, plus
/// finite-difference velocities.
///
/// All per-frame data is stored frame-major and contiguous, so `local_rotations(f)` is one
/// slice of `joint_count()` quaternions. Everything is computed once in [`Clip::from_bvh`].
///
/// - Local position: the values of the joint's position channels; components without a channel
///   (all three for ordinary joints) come from the joint's `OFFSET`.
/// - Local rotation: the rotation channels composed in listed order, so
///   `Zrotation Xrotation Yrotation` gives `Rz * Rx * Ry` (angles in degrees).
/// - Global transforms: [`forward_kinematics`](crate::forward_kinematics) of the local ones.
/// - Velocities: backward differences `(x[f] - x[f-1]) / dt`, frame 0 reusing frame 1;
///   angular velocities are `log(q[f] * q[f-1]⁻¹) / dt` on the shortest path (see
///   [`angular_velocity`](crate::angular_velocity)), expressed in the parent frame for local
///   rotations and the world frame for global ones.
///
/// ```
/// use hooke_bvh::{Bvh, Clip};
/// use glam::Vec3;
///
/// let src = "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n\
///            JOINT Arm\n {\n  OFFSET 1 0 0\n  CHANNELS 3 Zrotation Xrotation Yrotation\n }\n}\n\
///            MOTION\nFrames: 2\nFrame Time: 0.5\n0 1 0 0 0 0 0 0 0\n0 1 0 90 0 0 0 0 0\n";
/// let clip = Clip::from_bvh(&Bvh::parse(src)?);
/// assert_eq!((clip.joint_count(), clip.frame_count()), (2, 2));
/// assert_eq!(clip.parents(), &[None, Some(0)]);
/// assert_eq!(clip.local_positions(1)[1], Vec3::X); // the OFFSET
/// // Hips turned 90° about z, so the arm now points along +y.
/// assert!((clip.global_positions(1)[1] - Vec3::new(0.0, 2.0, 0.0)).length() < 1e-6);
/// // 90° in 0.5 s is π rad/s about z, in the root's parent (world) frame.
/// assert!((clip.local_angular_velocities(1)[0].z - std::f32::consts::PI).abs() < 1e-5);
/// # Ok::<(), hooke_bvh::BvhError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Clip {
    joints: Vec<Joint>,
    names: Vec<String>,
    parents: Vec<Option<usize>>,
    frame_count: usize,
    frame_time: f64,
    local_positions: Vec<Vec3>,
    local_rotations: Vec<Quat>,
    global_positions: Vec<Vec3>,
    global_rotations: Vec<Quat>,
    local_velocities: Vec<Vec3>,
    local_angular_velocities: Vec<Vec3>,
    global_velocities: Vec<Vec3>,
    global_angular_velocities: Vec<Vec3>,
}

/// Defines `Clip`'s per-frame accessors, each by its documentation, its name (that of the field
/// holding every frame) and its element type: the field's values at one frame.
macro_rules! frame_accessors {
    ($($(#[$doc:meta])* $name:ident: $element:ty;)+) => {$(
        $(#[$doc])*
        pub fn $name(&self, frame: usize) -> &[$element] {
            self.frame_slice(&self.$name, frame)
        }
    )+};
}

impl Clip {
    /// Converts a parsed file: Euler angles to quaternions, forward kinematics, velocities.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Yrotation } MOTION Frames: 1 Frame Time: 1\n90\n")?;
    /// let clip = hooke_bvh::Clip::from_bvh(&bvh);
    /// let expected = glam::Quat::from_rotation_y(std::f32::consts::FRAC_PI_2);
    /// assert!(clip.local_rotations(0)[0].abs_diff_eq(expected, 1e-6));
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn from_bvh(bvh: &Bvh) -> Clip {
        let joints = bvh.joints().to_vec();
        let n = joints.len();
        let frames = bvh.frame_count();
        let mut local_positions = Vec::with_capacity(frames * n);
        let mut local_rotations = Vec::with_capacity(frames * n);
        for f in 0..frames {
            let values = bvh.frame(f);
            for joint in &joints {
                let (pos, rot) = joint_transform(joint, values);
                local_positions.push(pos);
                local_rotations.push(rot);
            }
        }
        let parents: Vec<Option<usize>> = joints.iter().map(Joint::parent).collect();
        let mut global_positions = vec![Vec3::ZERO; frames * n];
        let mut global_rotations = vec![Quat::IDENTITY; frames * n];
        if n > 0 {
            for (((lp, lr), gp), gr) in local_positions
                .chunks_exact(n)
                .zip(local_rotations.chunks_exact(n))
                .zip(global_positions.chunks_exact_mut(n))
                .zip(global_rotations.chunks_exact_mut(n))
            {
                fk::forward_kinematics(&parents, lp, lr, gp, gr);
            }
        }
        let dt = bvh.frame_time() as f32;
        Clip {
            names: joints.iter().map(|j| j.name().to_owned()).collect(),
            parents,
            frame_count: frames,
            frame_time: bvh.frame_time(),
            local_velocities: velocity::linear(&local_positions, n, dt),
            local_angular_velocities: velocity::angular(&local_rotations, n, dt),
            global_velocities: velocity::linear(&global_positions, n, dt),
            global_angular_velocities: velocity::angular(&global_rotations, n, dt),
            joints,
            local_positions,
            local_rotations,
            global_positions,
            global_rotations,
        }
    }

    /// A clip of frames `frames` of `bvh` only (clamped to the file's frames), with the same
    /// poses and velocities as those frames of [`from_bvh`](Self::from_bvh)'s clip: velocities
    /// are finite differences with the neighbouring frames, so the window reads one frame more on
    /// each side where the file has it. Tools that play a long file in pieces use it to keep
    /// memory proportional to the piece, not to the file.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xposition } MOTION Frames: 4 Frame Time: 0.5\n0\n1\n3\n6\n")?;
    /// let whole = hooke_bvh::Clip::from_bvh(&bvh);
    /// let part = hooke_bvh::Clip::from_bvh_frames(&bvh, 2..4);
    /// assert_eq!(part.frame_count(), 2);
    /// assert_eq!(part.local_velocities(0), whole.local_velocities(2)); // (3 - 1) / 0.5
    /// assert_eq!(hooke_bvh::Clip::from_bvh_frames(&bvh, 0..1).local_velocities(0)[0].x, 2.0);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn from_bvh_frames(bvh: &Bvh, frames: std::ops::Range<usize>) -> Clip {
        let total = bvh.frame_count();
        let end = frames.end.min(total);
        let start = frames.start.min(end);
        // One frame before (its backward difference) and, for a window starting at frame 0, one
        // after (frame 0 reuses frame 1's difference).
        let from = start.saturating_sub(1);
        let to = end.max(start + 2).min(total);
        let c = bvh.channel_count;
        let window = Bvh {
            joints: bvh.joints.clone(),
            channel_count: c,
            frame_count: to - from,
            frame_time: bvh.frame_time,
            values: bvh.values[from * c..to * c].to_vec(),
            warnings: Vec::new(),
        };
        let mut clip = Clip::from_bvh(&window);
        clip.keep_frames(start - from, end - start);
        clip
    }

    /// Keeps `count` frames from frame `first` (a window built with extra frames around it).
    fn keep_frames(&mut self, first: usize, count: usize) {
        let n = self.joints.len();
        let range = first * n..(first + count) * n;
        fn keep<T: Copy>(v: &mut Vec<T>, range: std::ops::Range<usize>) {
            v.truncate(range.end);
            v.drain(..range.start);
        }
        keep(&mut self.local_positions, range.clone());
        keep(&mut self.local_rotations, range.clone());
        keep(&mut self.global_positions, range.clone());
        keep(&mut self.global_rotations, range.clone());
        keep(&mut self.local_velocities, range.clone());
        keep(&mut self.local_angular_velocities, range.clone());
        keep(&mut self.global_velocities, range.clone());
        keep(&mut self.global_angular_velocities, range);
        self.frame_count = count;
    }

    /// Converts back to a [`Bvh`] with the same hierarchy and channels.
    ///
    /// Rotations are decomposed into Euler angles in each joint's channel order (robust near
    /// gimbal lock; see [`EulerOrder::from_dquat`]); writing and re-reading reproduces the
    /// rotations to about 1e-5 degrees. A joint with one rotation channel keeps only the
    /// rotation's twist about that axis and one with two gets the first two angles of the
    /// three-axis decomposition (exact when the rotation is representable). Local positions of
    /// joints without position channels are not stored in BVH and are dropped.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 3 Xrotation Yrotation Zrotation } MOTION Frames: 1 Frame Time: 1\n10 20 30\n")?;
    /// let back = hooke_bvh::Clip::from_bvh(&bvh).to_bvh();
    /// for (a, b) in back.frame(0).iter().zip(bvh.frame(0)) {
    ///     assert!((a - b).abs() < 1e-4);
    /// }
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn to_bvh(&self) -> Bvh {
        let n = self.joints.len();
        let channel_count: usize = self.joints.iter().map(|j| j.channels().len()).sum();
        let mut values = Vec::with_capacity(self.frame_count * channel_count);
        for f in 0..self.frame_count {
            for (j, joint) in self.joints.iter().enumerate() {
                let pos = self.local_positions[f * n + j];
                let rot = self.local_rotations[f * n + j];
                push_channels(joint, pos, rot, &mut values);
            }
        }
        Bvh {
            joints: self.joints.clone(),
            channel_count,
            frame_count: self.frame_count,
            frame_time: self.frame_time,
            values,
            warnings: Vec::new(),
        }
    }

    /// A [`Bvh`] of this clip's skeleton and channels playing other poses: `local_positions` and
    /// `local_rotations` hold one pose per frame (frame-major, [`joint_count`](Self::joint_count)
    /// joints each, as [`local_positions`](Self::local_positions) returns them), written as
    /// [`to_bvh`](Self::to_bvh) writes this clip's own poses, at this clip's frame time. Tools
    /// that compute new motion on a clip's skeleton (stitching, filtering) write it through this.
    /// Only whole poses present in both slices become frames.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 4 Xposition Xrotation Yrotation Zrotation } MOTION Frames: 1 Frame Time: 0.5\n1 10 20 30\n")?;
    /// let clip = hooke_bvh::Clip::from_bvh(&bvh);
    /// let turned = glam::Quat::from_rotation_y(std::f32::consts::FRAC_PI_2);
    /// let out = clip.bvh_with_poses(&[glam::Vec3::X * 2.0; 2], &[turned; 2]);
    /// assert_eq!((out.frame_count(), out.frame_time()), (2, 0.5));
    /// assert!((out.frame(1)[0] - 2.0).abs() < 1e-6 && (out.frame(1)[2] - 90.0).abs() < 1e-4);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn bvh_with_poses(&self, local_positions: &[Vec3], local_rotations: &[Quat]) -> Bvh {
        let n = self.joints.len().max(1);
        let frames = (local_positions.len() / n).min(local_rotations.len() / n);
        let channel_count: usize = self.joints.iter().map(|j| j.channels().len()).sum();
        let mut values = Vec::with_capacity(frames.saturating_mul(channel_count));
        for (positions, rotations) in local_positions
            .chunks_exact(n)
            .zip(local_rotations.chunks_exact(n))
            .take(frames)
        {
            for (joint, (&pos, &rot)) in self.joints.iter().zip(positions.iter().zip(rotations)) {
                push_channels(joint, pos, rot, &mut values);
            }
        }
        Bvh {
            joints: self.joints.clone(),
            channel_count,
            frame_count: if self.joints.is_empty() { 0 } else { frames },
            frame_time: self.frame_time,
            values,
            warnings: Vec::new(),
        }
    }

    /// Number of joints (`End Site`s are not joints).
    ///
    /// ```
    /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 } MOTION Frames: 0 Frame Time: 1")?);
    /// assert_eq!(clip.joint_count(), 1);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn joint_count(&self) -> usize {
        self.joints.len()
    }

    /// Number of frames.
    ///
    /// ```
    /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 2 Frame Time: 1\n0\n0\n")?);
    /// assert_eq!(clip.frame_count(), 2);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn frame_count(&self) -> usize {
        self.frame_count
    }

    /// Seconds per frame.
    ///
    /// ```
    /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 } MOTION Frames: 0 Frame Time: 0.25")?);
    /// assert_eq!(clip.frame_time(), 0.25);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn frame_time(&self) -> f32 {
        self.frame_time as f32
    }

    /// Seconds per frame as written in the file (full precision).
    pub(crate) fn frame_time_f64(&self) -> f64 {
        self.frame_time
    }

    /// The joints (name, parent, offset, channels, end site) the clip was built from.
    ///
    /// ```
    /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 } MOTION Frames: 0 Frame Time: 1")?);
    /// assert_eq!(clip.joints()[0].name(), "R");
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn joints(&self) -> &[Joint] {
        &self.joints
    }

    /// Joint names, by joint index.
    ///
    /// ```
    /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 JOINT C { OFFSET 1 0 0 CHANNELS 0 } } MOTION Frames: 0 Frame Time: 1")?);
    /// assert_eq!(clip.joint_names(), &["R", "C"]);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn joint_names(&self) -> &[String] {
        &self.names
    }

    /// Parent index of every joint (`None` for roots); parents precede their children.
    ///
    /// ```
    /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 JOINT C { OFFSET 1 0 0 CHANNELS 0 } } MOTION Frames: 0 Frame Time: 1")?);
    /// assert_eq!(clip.parents(), &[None, Some(0)]);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn parents(&self) -> &[Option<usize>] {
        &self.parents
    }

    /// Index of the first joint called `name`.
    ///
    /// ```
    /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 JOINT C { OFFSET 1 0 0 CHANNELS 0 } } MOTION Frames: 0 Frame Time: 1")?);
    /// assert_eq!(clip.joint_index("C"), Some(1));
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn joint_index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    fn frame_slice<'a, T>(&self, data: &'a [T], frame: usize) -> &'a [T] {
        let n = self.joints.len();
        &data[frame * n..(frame + 1) * n]
    }

    frame_accessors! {
        /// Local positions of every joint at `frame` (parent frame).
        ///
        /// # Panics
        ///
        /// If `frame >= self.frame_count()` (as for every per-frame accessor).
        ///
        /// ```
        /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Yposition } MOTION Frames: 1 Frame Time: 1\n3\n")?);
        /// assert_eq!(clip.local_positions(0)[0], glam::Vec3::new(0.0, 3.0, 0.0));
        /// # Ok::<(), hooke_bvh::BvhError>(())
        /// ```
        local_positions: Vec3;

        /// Local rotations of every joint at `frame` (relative to the parent).
        ///
        /// ```
        /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 1 Frame Time: 1\n0\n")?);
        /// assert_eq!(clip.local_rotations(0)[0], glam::Quat::IDENTITY);
        /// # Ok::<(), hooke_bvh::BvhError>(())
        /// ```
        local_rotations: Quat;

        /// Global (model-space) positions of every joint at `frame`.
        ///
        /// ```
        /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 1 0 CHANNELS 0 JOINT C { OFFSET 0 1 0 CHANNELS 0 } } MOTION Frames: 1 Frame Time: 1\n\n")?);
        /// assert_eq!(clip.global_positions(0)[1], glam::Vec3::new(0.0, 2.0, 0.0));
        /// # Ok::<(), hooke_bvh::BvhError>(())
        /// ```
        global_positions: Vec3;

        /// Global (model-space) rotations of every joint at `frame`.
        ///
        /// ```
        /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Zrotation JOINT C { OFFSET 1 0 0 CHANNELS 1 Zrotation } } MOTION Frames: 1 Frame Time: 1\n30 60\n")?);
        /// let expected = glam::Quat::from_rotation_z(90f32.to_radians());
        /// assert!(clip.global_rotations(0)[1].abs_diff_eq(expected, 1e-6));
        /// # Ok::<(), hooke_bvh::BvhError>(())
        /// ```
        global_rotations: Quat;

        /// Local linear velocities at `frame` (units per second, parent frame).
        ///
        /// ```
        /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xposition } MOTION Frames: 2 Frame Time: 0.5\n0\n1\n")?);
        /// assert_eq!(clip.local_velocities(1)[0], glam::Vec3::new(2.0, 0.0, 0.0));
        /// assert_eq!(clip.local_velocities(0)[0], glam::Vec3::new(2.0, 0.0, 0.0));
        /// # Ok::<(), hooke_bvh::BvhError>(())
        /// ```
        local_velocities: Vec3;

        /// Local angular velocities at `frame` (radians per second, rotation vector in the parent
        /// frame).
        ///
        /// ```
        /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Yrotation } MOTION Frames: 2 Frame Time: 0.5\n0\n-10\n")?);
        /// let w = clip.local_angular_velocities(1)[0];
        /// assert!((w.y + 20f32.to_radians()).abs() < 1e-5);
        /// # Ok::<(), hooke_bvh::BvhError>(())
        /// ```
        local_angular_velocities: Vec3;

        /// Global linear velocities at `frame` (units per second, world frame).
        ///
        /// ```
        /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Zrotation JOINT C { OFFSET 1 0 0 CHANNELS 0 } } MOTION Frames: 2 Frame Time: 1\n0\n90\n")?);
        /// assert!((clip.global_velocities(1)[1] - glam::Vec3::new(-1.0, 1.0, 0.0)).length() < 1e-6);
        /// # Ok::<(), hooke_bvh::BvhError>(())
        /// ```
        global_velocities: Vec3;

        /// Global angular velocities at `frame` (radians per second, world frame).
        ///
        /// ```
        /// # let clip = hooke_bvh::Clip::from_bvh(&hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Zrotation JOINT C { OFFSET 1 0 0 CHANNELS 1 Zrotation } } MOTION Frames: 2 Frame Time: 1\n0 0\n10 10\n")?);
        /// assert!((clip.global_angular_velocities(1)[1].z - 20f32.to_radians()).abs() < 1e-5);
        /// # Ok::<(), hooke_bvh::BvhError>(())
        /// ```
        global_angular_velocities: Vec3;
    }
}

/// Local position and rotation of `joint` from one frame's values.
fn joint_transform(joint: &Joint, frame: &[f32]) -> (Vec3, Quat) {
    let values = &frame[joint.first_channel()..][..joint.channels().len()];
    let mut pos = joint.offset();
    // Composed in double precision so that long channel lists do not accumulate f32 error.
    let mut rot = DQuat::IDENTITY;
    for (channel, &value) in joint.channels().iter().zip(values) {
        if channel.is_rotation() {
            rot *= channel.axis().rotation(f64::from(value));
        } else {
            pos[channel.axis().index()] = value;
        }
    }
    (pos, rot.normalize().as_quat())
}

/// Appends the channel values of `joint` for one local transform.
fn push_channels(joint: &Joint, pos: Vec3, rot: Quat, out: &mut Vec<f32>) {
    let rotation_axes: Vec<Axis> = joint
        .channels()
        .iter()
        .filter(|c| c.is_rotation())
        .map(|c| c.axis())
        .collect();
    let q = rot.as_dquat();
    let angles: [f64; 3] = match rotation_axes.as_slice() {
        [] => [0.0; 3],
        &[a] => {
            let q = if q.w < 0.0 { -q } else { q };
            let s = [q.x, q.y, q.z][a.index()];
            [2.0 * f64::atan2(s, q.w).to_degrees(), 0.0, 0.0]
        }
        &[a, b] => {
            let c = [Axis::X, Axis::Y, Axis::Z]
                .into_iter()
                .find(|&c| c != a && c != b)
                .unwrap_or(Axis::Z);
            euler(q, [a, b, c])
        }
        &[a, b, c, ..] => euler(q, [a, b, c]),
    };
    let mut rotations = angles.into_iter();
    for channel in joint.channels() {
        let value = if channel.is_rotation() {
            rotations.next().unwrap_or(0.0) as f32
        } else {
            pos[channel.axis().index()]
        };
        out.push(value);
    }
}

fn euler(q: DQuat, axes: [Axis; 3]) -> [f64; 3] {
    // Channels never repeat, so the axes are always distinct and `from_axes` succeeds.
    EulerOrder::from_axes(axes).map_or([0.0; 3], |o| o.from_dquat(q).to_array())
}
