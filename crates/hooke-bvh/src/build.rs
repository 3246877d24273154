//! Building a [`Bvh`] skeleton in code (for converters from other formats): joints are checked
//! as the parser checks them, so a built skeleton always writes a file that reads back.

use glam::Vec3;

use crate::BvhError;
use crate::bvh::{Bvh, Channel, Joint};

impl Joint {
    /// A joint named `name` under `parent` (`None` for a root) at `offset` from it, with
    /// `channels` in file order and an optional `End Site` offset. [`Bvh::skeleton`] checks it.
    ///
    /// ```
    /// use hooke_bvh::{Channel, Joint};
    /// let hips = Joint::new("Hips", None, glam::Vec3::ZERO, vec![Channel::Yrotation], None);
    /// assert_eq!(hips.channels(), &[Channel::Yrotation]);
    /// ```
    pub fn new(
        name: impl Into<String>,
        parent: Option<usize>,
        offset: Vec3,
        channels: Vec<Channel>,
        end_site: Option<Vec3>,
    ) -> Joint {
        Joint {
            name: name.into(),
            parent,
            offset,
            channels,
            first_channel: 0,
            end_site,
        }
    }
}

impl Bvh {
    /// A file of `joints` and no frames, at `frame_time` seconds per frame; give it motion with
    /// [`Clip::bvh_with_poses`](crate::Clip::bvh_with_poses).
    ///
    /// Joints must be in depth-first order (every joint's parent is the previous joint or one of
    /// its ancestors), names must be non-empty words (no white space or braces), channels
    /// distinct, offsets finite, and the frame time a positive normal `f32`; anything else is a
    /// [`BvhError::Invalid`] naming the joint.
    ///
    /// ```
    /// use hooke_bvh::{Bvh, Channel, Clip, Joint};
    /// use glam::Vec3;
    /// let joints = vec![
    ///     Joint::new("Hips", None, Vec3::ZERO, vec![Channel::Xposition, Channel::Zrotation], None),
    ///     Joint::new("Head", Some(0), Vec3::Y, vec![Channel::Zrotation], Some(Vec3::Y)),
    /// ];
    /// let skeleton = Bvh::skeleton(joints, 0.5)?;
    /// assert_eq!((skeleton.frame_count(), skeleton.channel_count()), (0, 3));
    /// let clip = Clip::from_bvh(&skeleton);
    /// let bvh = clip.bvh_with_poses(&[Vec3::X, Vec3::Y], &[glam::Quat::IDENTITY; 2]);
    /// assert_eq!(Bvh::parse(&bvh.to_string())?.frame(0), &[1.0, 0.0, 0.0]);
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn skeleton(mut joints: Vec<Joint>, frame_time: f64) -> Result<Bvh, BvhError> {
        let invalid = |message: String| Err(BvhError::Invalid { message });
        if !(frame_time.is_finite()
            && frame_time >= f64::from(crate::MIN_FRAME_TIME)
            && frame_time <= f64::from(f32::MAX))
        {
            return invalid(format!(
                "frame time {frame_time:e} s is not a positive normal f32"
            ));
        }
        let mut open: Vec<usize> = Vec::new();
        let mut first_channel = 0;
        for (index, joint) in joints.iter_mut().enumerate() {
            let name = &joint.name;
            if name.is_empty()
                || name
                    .chars()
                    .any(|c| c.is_whitespace() || c == '{' || c == '}')
            {
                return invalid(format!("joint {index}: name `{name}` is not one BVH word"));
            }
            while open.last().is_some_and(|&top| Some(top) != joint.parent) {
                open.pop();
            }
            if joint.parent.is_some() && open.is_empty() {
                return invalid(format!(
                    "joint {index} `{name}`: parent {:?} is not an open ancestor (joints must \
                     be in depth-first order)",
                    joint.parent
                ));
            }
            open.push(index);
            for (k, channel) in joint.channels.iter().enumerate() {
                if joint.channels[..k].contains(channel) {
                    return invalid(format!("joint {index} `{name}`: channel {channel} twice"));
                }
            }
            let finite = |v: Vec3| v.is_finite();
            if !finite(joint.offset) || !joint.end_site.is_none_or(finite) {
                return invalid(format!("joint {index} `{name}`: offset is not finite"));
            }
            joint.first_channel = first_channel;
            first_channel += joint.channels.len();
        }
        Ok(Bvh {
            joints,
            channel_count: first_channel,
            frame_count: 0,
            frame_time,
            values: Vec::new(),
            warnings: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_skeletons_are_named_errors() {
        let j = |name: &str, parent, channels: Vec<Channel>| {
            Joint::new(name, parent, Vec3::ZERO, channels, None)
        };
        let cases = [
            (vec![j("a b", None, vec![])], "name"),
            (vec![j("a", Some(0), vec![])], "depth-first"),
            (
                vec![j("a", None, vec![Channel::Xrotation, Channel::Xrotation])],
                "twice",
            ),
            (
                vec![Joint::new("a", None, Vec3::NAN, vec![], None)],
                "finite",
            ),
        ];
        for (joints, named) in cases {
            let err = Bvh::skeleton(joints, 0.1).unwrap_err().to_string();
            assert!(err.contains(named), "{named}: {err}");
        }
        assert!(Bvh::skeleton(vec![j("a", None, vec![])], 0.0).is_err());
        assert!(
            Bvh::skeleton(
                vec![
                    j("a", None, vec![]),
                    j("b", Some(0), vec![]),
                    j("c", Some(0), vec![])
                ],
                0.1
            )
            .is_ok()
        );
        assert!(
            Bvh::skeleton(
                vec![
                    j("a", None, vec![]),
                    j("b", Some(0), vec![]),
                    j("c", Some(1), vec![]),
                    j("d", Some(1), vec![])
                ],
                0.1
            )
            .is_ok()
        );
    }
}
