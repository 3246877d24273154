//! Forward kinematics of one leg's path (root down to the toe) in `f64`: world positions,
//! rotations and velocities of the bones the locking needs, from local bone columns.

use glam::{DQuat, DVec3};

use crate::lanes::BoneColumns;

/// A bone in world (model) space.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct World {
    pub p: DVec3,
    pub q: DQuat,
    /// Linear velocity.
    pub v: DVec3,
    /// Angular velocity (rotation vector per second, left-multiplied).
    pub w: DVec3,
}

impl World {
    const ROOT: World = World {
        p: DVec3::ZERO,
        q: DQuat::IDENTITY,
        v: DVec3::ZERO,
        w: DVec3::ZERO,
    };

    /// The child whose local position, rotation and velocities are given, below `self`:
    /// `p = P + Q x`, `q = Q q_l`, `w = W + Q w_l`, `v = V + W x (Q x) + Q v_l`.
    fn then(&self, x: DVec3, q: DQuat, v: DVec3, w: DVec3) -> World {
        let offset = self.q * x;
        World {
            p: self.p + offset,
            q: (self.q * q).normalize(),
            v: self.v + self.w.cross(offset) + self.q * v,
            w: self.w + self.q * w,
        }
    }
}

/// One leg in world space: the hip's parent, hip, knee, ankle, toe.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LegPose {
    pub parent: World,
    pub hip: World,
    pub knee: World,
    pub ankle: World,
    pub toe: World,
}

/// Forward kinematics down `path` (root first; its last four bones are the hip, knee, ankle
/// and toe, as [`super::FootRig`] checks) of the character whose lanes start at `base`.
pub(crate) fn leg_pose(columns: &BoneColumns, base: usize, path: &[usize]) -> LegPose {
    // The last five bones of the walk, newest last; the world above the root is the identity.
    let mut last = [World::ROOT; 5];
    for &bone in path {
        let (x, v, q, w) = columns.get(base + bone);
        let next = last[4].then(x.as_dvec3(), q.as_dquat(), v.as_dvec3(), w.as_dvec3());
        last.rotate_left(1);
        last[4] = next;
    }
    let [parent, hip, knee, ankle, toe] = last;
    LegPose {
        parent,
        hip,
        knee,
        ankle,
        toe,
    }
}
