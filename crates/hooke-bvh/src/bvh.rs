//! The in-memory form of a BVH file: the joint hierarchy and the raw channel values.

use std::path::Path;

use glam::Vec3;

use crate::euler::{Axis, EulerOrder};
use crate::{BvhError, BvhWarning};

/// One BVH channel: a translation or a rotation (in degrees) about one axis.
///
/// ```
/// use hooke_bvh::{Axis, Channel};
/// let c: Channel = "Zrotation".parse().unwrap();
/// assert_eq!(c, Channel::Zrotation);
/// assert_eq!(c.axis(), Axis::Z);
/// assert!(c.is_rotation());
/// assert_eq!(c.to_string(), "Zrotation");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    /// Translation along x.
    Xposition,
    /// Translation along y.
    Yposition,
    /// Translation along z.
    Zposition,
    /// Rotation about x, in degrees.
    Xrotation,
    /// Rotation about y, in degrees.
    Yrotation,
    /// Rotation about z, in degrees.
    Zrotation,
}

impl Channel {
    /// The channel's name as written in a BVH file.
    ///
    /// ```
    /// assert_eq!(hooke_bvh::Channel::Xposition.name(), "Xposition");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Channel::Xposition => "Xposition",
            Channel::Yposition => "Yposition",
            Channel::Zposition => "Zposition",
            Channel::Xrotation => "Xrotation",
            Channel::Yrotation => "Yrotation",
            Channel::Zrotation => "Zrotation",
        }
    }

    /// The axis the channel translates along or rotates about.
    ///
    /// ```
    /// assert_eq!(hooke_bvh::Channel::Yposition.axis(), hooke_bvh::Axis::Y);
    /// ```
    pub fn axis(self) -> Axis {
        match self {
            Channel::Xposition | Channel::Xrotation => Axis::X,
            Channel::Yposition | Channel::Yrotation => Axis::Y,
            Channel::Zposition | Channel::Zrotation => Axis::Z,
        }
    }

    /// Whether this is a rotation channel.
    ///
    /// ```
    /// assert!(!hooke_bvh::Channel::Zposition.is_rotation());
    /// ```
    pub fn is_rotation(self) -> bool {
        matches!(
            self,
            Channel::Xrotation | Channel::Yrotation | Channel::Zrotation
        )
    }
}

impl std::fmt::Display for Channel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The error returned when parsing an unknown channel name with [`str::parse`].
///
/// ```
/// assert!("Wrotation".parse::<hooke_bvh::Channel>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown BVH channel name")]
pub struct UnknownChannelName;

impl std::str::FromStr for Channel {
    type Err = UnknownChannelName;

    // Case-sensitive, as in every BVH writer we know of; anything else is more likely a typo.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "Xposition" => Channel::Xposition,
            "Yposition" => Channel::Yposition,
            "Zposition" => Channel::Zposition,
            "Xrotation" => Channel::Xrotation,
            "Yrotation" => Channel::Yrotation,
            "Zrotation" => Channel::Zrotation,
            _ => return Err(UnknownChannelName),
        })
    }
}

/// One `ROOT` or `JOINT` of the hierarchy (`End Site`s are stored on their parent joint).
///
/// ```
/// # let src = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n\
/// #            End Site\n{\nOFFSET 0 2 0\n}\n}\nMOTION\nFrames: 0\nFrame Time: 0.1\n";
/// let bvh = hooke_bvh::Bvh::parse(src)?;
/// let hips = &bvh.joints()[0];
/// assert_eq!(hips.name(), "Hips");
/// assert_eq!(hips.parent(), None);
/// assert_eq!(hips.offset(), glam::Vec3::new(0.0, 1.0, 0.0));
/// assert_eq!(hips.rotation_order(), Some(hooke_bvh::EulerOrder::ZXY));
/// assert_eq!(hips.end_site(), Some(glam::Vec3::new(0.0, 2.0, 0.0)));
/// # Ok::<(), hooke_bvh::BvhError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Joint {
    pub(crate) name: String,
    pub(crate) parent: Option<usize>,
    pub(crate) offset: Vec3,
    pub(crate) channels: Vec<Channel>,
    /// Index of this joint's first value within a frame.
    pub(crate) first_channel: usize,
    pub(crate) end_site: Option<Vec3>,
}

impl Joint {
    /// The joint's name.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 } MOTION Frames: 0 Frame Time: 1")?;
    /// assert_eq!(bvh.joints()[0].name(), "R");
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Index of the parent joint (always smaller than this joint's index), `None` for a root.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 JOINT C { OFFSET 1 0 0 CHANNELS 0 } } MOTION Frames: 0 Frame Time: 1")?;
    /// assert_eq!(bvh.joints()[1].parent(), Some(0));
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn parent(&self) -> Option<usize> {
        self.parent
    }

    /// The `OFFSET`: the joint's position in its parent's frame when it has no position channels.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 1 2 .5 CHANNELS 0 } MOTION Frames: 0 Frame Time: 1")?;
    /// assert_eq!(bvh.joints()[0].offset(), glam::Vec3::new(1.0, 2.0, 0.5));
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn offset(&self) -> Vec3 {
        self.offset
    }

    /// The joint's channels in file order (0 to 6, no repeats).
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 2 Yrotation Xposition } MOTION Frames: 0 Frame Time: 1")?;
    /// use hooke_bvh::Channel;
    /// assert_eq!(bvh.joints()[0].channels(), &[Channel::Yrotation, Channel::Xposition]);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn channels(&self) -> &[Channel] {
        &self.channels
    }

    /// Index of this joint's first channel value within a frame of [`Bvh::frame`].
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 2 Yrotation Xposition JOINT C { OFFSET 0 0 0 CHANNELS 1 Zrotation } } MOTION Frames: 0 Frame Time: 1")?;
    /// assert_eq!(bvh.joints()[1].first_channel(), 2);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn first_channel(&self) -> usize {
        self.first_channel
    }

    /// The Euler order of the rotation channels if there are exactly three.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 6 Xposition Yposition Zposition Yrotation Xrotation Zrotation } MOTION Frames: 0 Frame Time: 1")?;
    /// assert_eq!(bvh.joints()[0].rotation_order(), Some(hooke_bvh::EulerOrder::YXZ));
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn rotation_order(&self) -> Option<EulerOrder> {
        let mut axes = self
            .channels
            .iter()
            .filter(|c| c.is_rotation())
            .map(|c| c.axis());
        let order = [axes.next()?, axes.next()?, axes.next()?];
        if axes.next().is_some() {
            return None;
        }
        EulerOrder::from_axes(order)
    }

    /// Whether any position channel is present.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 3 Zrotation Yrotation Xrotation } MOTION Frames: 0 Frame Time: 1")?;
    /// assert!(!bvh.joints()[0].has_position_channels());
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn has_position_channels(&self) -> bool {
        self.channels.iter().any(|c| !c.is_rotation())
    }

    /// The `End Site` offset, if the joint has one.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 End Site { OFFSET 0 3 0 } } MOTION Frames: 0 Frame Time: 1")?;
    /// assert_eq!(bvh.joints()[0].end_site(), Some(glam::Vec3::new(0.0, 3.0, 0.0)));
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn end_site(&self) -> Option<Vec3> {
        self.end_site
    }
}

/// A parsed BVH file: the joint hierarchy plus the raw channel values of every frame.
///
/// Values are kept exactly as read (`f32`, degrees for rotations); convert to positions and
/// quaternions with [`Clip::from_bvh`](crate::Clip::from_bvh). Writing with
/// [`Display`](std::fmt::Display) / [`Bvh::write`] and reading back gives identical values,
/// because numbers are printed in their shortest round-tripping form.
///
/// ```
/// use hooke_bvh::Bvh;
///
/// let src = "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation\n\
///            \tJOINT Spine\n\t{\n\t\tOFFSET 0 2 0\n\t\tCHANNELS 3 Zrotation Yrotation Xrotation\n\
///            \t\tEnd Site\n\t\t{\n\t\t\tOFFSET 0 1 0\n\t\t}\n\t}\n}\n\
///            MOTION\nFrames: 2\nFrame Time: .0083333\n\
///            0 1 0 0 0 0 0 0 0\n0 1.5 0 10 0 0 0 0 -20\n";
/// let bvh = Bvh::parse(src)?;
/// assert_eq!(bvh.joints().len(), 2);
/// assert_eq!(bvh.frame_count(), 2);
/// assert_eq!(bvh.channel_count(), 9);
/// assert_eq!(bvh.frame(1)[3], 10.0);
/// assert!(bvh.warnings().is_empty());
///
/// let again = Bvh::parse(&bvh.to_string())?;
/// assert_eq!(again, bvh);
/// # Ok::<(), hooke_bvh::BvhError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Bvh {
    pub(crate) joints: Vec<Joint>,
    pub(crate) channel_count: usize,
    pub(crate) frame_count: usize,
    pub(crate) frame_time: f64,
    /// Frame-major: `frame_count * channel_count` values.
    pub(crate) values: Vec<f32>,
    pub(crate) warnings: Vec<BvhWarning>,
}

impl Bvh {
    /// Parses a whole BVH document.
    ///
    /// Accepts any channel count (0–6) and order per joint, roots without position channels,
    /// `End Site`s, several roots, LF or CRLF line endings, tabs and spaces, a UTF-8 byte order
    /// mark, and numbers like `.0083333` or `1e-3`. A `Frames:` count that disagrees with the
    /// motion lines produces a [`BvhWarning`] instead of an error. Never panics.
    ///
    /// ```
    /// let bvh = hooke_bvh::Bvh::parse(
    ///     "HIERARCHY\r\nROOT A\r\n{\r\n OFFSET 0 0 0\r\n CHANNELS 3 Xrotation Yrotation Zrotation\r\n}\r\n\
    ///      MOTION\r\nFrames: 1\r\nFrame Time: 0.04\r\n1 2 3\r\n",
    /// )?;
    /// assert_eq!(bvh.frame(0), &[1.0, 2.0, 3.0]);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn parse(src: &str) -> Result<Bvh, BvhError> {
        crate::parser::parse(src)
    }

    /// Reads and parses a BVH file. The whole file is read first; I/O errors name the path.
    ///
    /// ```
    /// let err = hooke_bvh::Bvh::from_path("/no/such/file.bvh").unwrap_err();
    /// assert!(err.to_string().contains("/no/such/file.bvh"));
    /// ```
    pub fn from_path(path: impl AsRef<Path>) -> Result<Bvh, BvhError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| BvhError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let src = match std::str::from_utf8(&bytes) {
            Ok(s) => s,
            Err(e) => {
                let valid = &bytes[..e.valid_up_to()];
                let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
                let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
                // Everything before `valid_up_to` is valid UTF-8, so this cannot fail.
                let column =
                    std::str::from_utf8(&valid[line_start..]).map_or(1, |s| s.chars().count() + 1);
                return Err(BvhError::InvalidUtf8 { line, column });
            }
        };
        Bvh::parse(src)
    }

    /// The joints in file (depth-first) order; a parent always precedes its children.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 } MOTION Frames: 0 Frame Time: 1")?;
    /// assert_eq!(bvh.joints().len(), 1);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn joints(&self) -> &[Joint] {
        &self.joints
    }

    /// The index of the first joint called `name`.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 JOINT C { OFFSET 1 0 0 CHANNELS 0 } } MOTION Frames: 0 Frame Time: 1")?;
    /// assert_eq!(bvh.joint_index("C"), Some(1));
    /// assert_eq!(bvh.joint_index("D"), None);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn joint_index(&self, name: &str) -> Option<usize> {
        self.joints.iter().position(|j| j.name == name)
    }

    /// Total number of channels over all joints, i.e. values per frame.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 2 Xrotation Yrotation } MOTION Frames: 0 Frame Time: 1")?;
    /// assert_eq!(bvh.channel_count(), 2);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn channel_count(&self) -> usize {
        self.channel_count
    }

    /// Number of frames (the number of motion lines actually present).
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 2 Frame Time: 1\n1\n2\n")?;
    /// assert_eq!(bvh.frame_count(), 2);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn frame_count(&self) -> usize {
        self.frame_count
    }

    /// Seconds per frame, as written in `Frame Time:` (always finite and positive).
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 0 } MOTION Frames: 0 Frame Time: .0083333")?;
    /// assert_eq!(bvh.frame_time(), 0.0083333);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn frame_time(&self) -> f64 {
        self.frame_time
    }

    /// The channel values of one frame, in joint order then channel order.
    ///
    /// # Panics
    ///
    /// If `frame >= self.frame_count()`.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 2 Frame Time: 1\n1\n2\n")?;
    /// assert_eq!(bvh.frame(1), &[2.0]);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn frame(&self, frame: usize) -> &[f32] {
        let n = self.channel_count;
        &self.values[frame * n..(frame + 1) * n]
    }

    /// All channel values, frame-major (`frame_count() * channel_count()` values).
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 2 Frame Time: 1\n1\n2\n")?;
    /// assert_eq!(bvh.values(), &[1.0, 2.0]);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// Non-fatal problems found while parsing (empty for a clean file or a written one).
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 5 Frame Time: 1\n1\n")?;
    /// assert_eq!(bvh.warnings().len(), 1);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn warnings(&self) -> &[BvhWarning] {
        &self.warnings
    }
}
