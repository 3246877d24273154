//! Whether two clips can be played together: the same skeleton (joint names and parents) and the
//! same frame time.

use crate::Clip;
use crate::bvh::Joint;

/// The largest relative difference between two frame times that still counts as the same rate.
/// It absorbs the rounding of the written value, e.g. `.0083333` against `0.008333333` (4e-6).
///
/// ```
/// assert_eq!(hooke_bvh::FRAME_TIME_TOLERANCE, 1e-4);
/// ```
pub const FRAME_TIME_TOLERANCE: f64 = 1e-4;

/// Why two clips cannot be played on one character: returned by
/// [`Clip::check_same_skeleton`] and [`Clip::check_same_frame_time`]. The messages say "first"
/// for the clip the method is called on and "second" for its argument.
///
/// ```
/// use hooke_bvh::{Bvh, Clip, ClipMismatch};
///
/// let clip = |child: &str| {
///     let src = format!("HIERARCHY ROOT Hips {{ OFFSET 0 0 0 CHANNELS 0 JOINT {child} {{ OFFSET 0 1 0 CHANNELS 0 }} }} MOTION Frames: 0 Frame Time: 0.01\n");
///     Clip::from_bvh(&Bvh::parse(&src).unwrap())
/// };
/// let err = clip("Spine").check_same_skeleton(&clip("LeftUpLeg")).unwrap_err();
/// assert!(matches!(err, ClipMismatch::JointName { index: 1, .. }));
/// assert_eq!(err.to_string(), "joint 1 is `Spine` in the first clip and `LeftUpLeg` in the second");
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ClipMismatch {
    /// The joint at `index` has different names in the two clips (the first such joint).
    #[error("joint {index} is `{first}` in the first clip and `{second}` in the second")]
    JointName {
        /// Index of the joint.
        index: usize,
        /// Its name in the first clip.
        first: String,
        /// Its name in the second clip.
        second: String,
    },
    /// The joint at `index`, named alike in both clips, hangs from different parents.
    #[error(
        "joint {index} `{name}` hangs from {} in the first clip and from {} in the second",
        describe_parent(.first),
        describe_parent(.second)
    )]
    Parent {
        /// Index of the joint.
        index: usize,
        /// Its name (the same in both clips).
        name: String,
        /// Its parent's index and name in the first clip (`None` for a root).
        first: Option<(usize, String)>,
        /// Its parent's index and name in the second clip (`None` for a root).
        second: Option<(usize, String)>,
    },
    /// Every joint of the shorter skeleton matches, but the other one has more joints.
    #[error(
        "the first clip has {first_count} joints and the second {second_count}: joint {index} `{name}` is in only one of them"
    )]
    JointCount {
        /// Joints in the first clip.
        first_count: usize,
        /// Joints in the second clip.
        second_count: usize,
        /// Index of the first joint the shorter skeleton lacks.
        index: usize,
        /// Its name.
        name: String,
    },
    /// The frame times differ by more than [`FRAME_TIME_TOLERANCE`] (relative).
    #[error(
        "the first clip has a frame time of {first} s ({:.6} Hz) and the second {second} s ({:.6} Hz)",
        1.0 / .first,
        1.0 / .second
    )]
    FrameTime {
        /// Seconds per frame in the first clip.
        first: f64,
        /// Seconds per frame in the second clip.
        second: f64,
    },
}

fn describe_parent(parent: &Option<(usize, String)>) -> String {
    match parent {
        Some((index, name)) => format!("joint {index} `{name}`"),
        None => "nothing (it is a root)".to_owned(),
    }
}

impl Clip {
    /// Checks that `other` has the same skeleton: the same joints in the same order, with the
    /// same names and parents (offsets and channels may differ: clips of two performers, or from
    /// two exporters, still share a rig). Reports the first joint that differs.
    ///
    /// ```
    /// use hooke_bvh::{Bvh, Clip, ClipMismatch};
    ///
    /// let a = Clip::from_bvh(&Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 JOINT A { OFFSET 0 1 0 CHANNELS 0 JOINT B { OFFSET 0 1 0 CHANNELS 0 } } } MOTION Frames: 0 Frame Time: 1")?);
    /// let b = Clip::from_bvh(&Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 JOINT A { OFFSET 0 1 0 CHANNELS 0 } JOINT B { OFFSET 0 1 0 CHANNELS 0 } } MOTION Frames: 0 Frame Time: 1")?);
    /// assert!(a.check_same_skeleton(&a).is_ok());
    /// let err = a.check_same_skeleton(&b).unwrap_err();
    /// assert!(matches!(err, ClipMismatch::Parent { index: 2, .. }));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "joint 2 `B` hangs from joint 1 `A` in the first clip and from joint 0 `R` in the second"
    /// );
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn check_same_skeleton(&self, other: &Clip) -> Result<(), ClipMismatch> {
        compare_joints(self.joints(), other.joints())
    }

    /// Checks that `other` has the same frame time, within a relative [`FRAME_TIME_TOLERANCE`].
    ///
    /// ```
    /// use hooke_bvh::{Bvh, Clip, ClipMismatch};
    ///
    /// let clip = |t: &str| Clip::from_bvh(&Bvh::parse(&format!("HIERARCHY ROOT R {{ OFFSET 0 0 0 CHANNELS 0 }} MOTION Frames: 0 Frame Time: {t}")).unwrap());
    /// assert!(clip(".0083333").check_same_frame_time(&clip("0.008333333")).is_ok());
    /// let err = clip(".0083333").check_same_frame_time(&clip("1e30")).unwrap_err();
    /// assert!(matches!(err, ClipMismatch::FrameTime { .. }));
    /// ```
    pub fn check_same_frame_time(&self, other: &Clip) -> Result<(), ClipMismatch> {
        let (first, second) = (self.frame_time_f64(), other.frame_time_f64());
        if (first - second).abs() <= FRAME_TIME_TOLERANCE * first.max(second) {
            Ok(())
        } else {
            Err(ClipMismatch::FrameTime { first, second })
        }
    }
}

fn compare_joints(first: &[Joint], second: &[Joint]) -> Result<(), ClipMismatch> {
    let parent = |joints: &[Joint], j: &Joint| {
        j.parent().map(|p| {
            (
                p,
                joints
                    .get(p)
                    .map_or_else(String::new, |p| p.name().to_owned()),
            )
        })
    };
    for (index, (a, b)) in first.iter().zip(second).enumerate() {
        if a.name() != b.name() {
            return Err(ClipMismatch::JointName {
                index,
                first: a.name().to_owned(),
                second: b.name().to_owned(),
            });
        }
        if a.parent() != b.parent() {
            return Err(ClipMismatch::Parent {
                index,
                name: a.name().to_owned(),
                first: parent(first, a),
                second: parent(second, b),
            });
        }
    }
    let index = first.len().min(second.len());
    match first.get(index).or_else(|| second.get(index)) {
        Some(extra) => Err(ClipMismatch::JointCount {
            first_count: first.len(),
            second_count: second.len(),
            index,
            name: extra.name().to_owned(),
        }),
        None => Ok(()),
    }
}
