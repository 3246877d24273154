//! Model-space rotations for the bones blended in world space
//! ([`crate::BlendProfile::with_world_rotation`]): forward kinematics of rotations and angular
//! velocities up a bone's chain, in `f64`, and back to a local rotation under a parent.

use glam::{DQuat, DVec3};

use crate::bone::Bone;

/// An orientation with its angular velocity (rotation vector per second, left-multiplied, in
/// the frame the orientation is expressed in).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Spin {
    pub q: DQuat,
    pub w: DVec3,
}

impl Spin {
    pub const IDENTITY: Spin = Spin {
        q: DQuat::IDENTITY,
        w: DVec3::ZERO,
    };

    /// The rotation part of a bone.
    pub fn of(b: &Bone) -> Spin {
        Spin { q: b.q, w: b.w }
    }

    /// `self` followed by `local` below it: `q = q_self q_local`, `w = w_self + q_self w_local`
    /// (a child's model-space rotation from its parent's; also an offset applied to a rotation).
    /// Not renormalised: a chain of a few unit `f64` products stays unit far below `f32`
    /// precision, and [`Spin::under`] normalises the result.
    pub fn then(self, local: Spin) -> Spin {
        Spin {
            q: self.q * local.q,
            w: self.w + self.q * local.w,
        }
    }

    /// The local rotation under `parent` whose model-space rotation is `self` (the inverse of
    /// [`Spin::then`]).
    pub fn under(self, parent: Spin) -> Spin {
        let inv = parent.q.normalize().conjugate();
        Spin {
            q: (inv * self.q).normalize(),
            w: inv * (self.w - parent.w),
        }
    }

    /// The shortest-path offset that takes `input` to `self`: `self = offset.then(input)`.
    pub fn offset_from(self, input: Spin) -> Spin {
        let q = (self.q * input.q.conjugate()).normalize();
        let q = if q.w < 0.0 { -q } else { q };
        Spin {
            q,
            w: self.w - q * input.w,
        }
    }
}

/// The model-space rotation of `bone`: the product of the local rotations `local(k)` of its
/// chain, from the root down. `parents` must have every parent before its child (checked by
/// `BlendProfile::with_parents`), so the walk ends; a parent out of range ends it too.
pub(crate) fn model_space(
    parents: &[Option<usize>],
    bone: usize,
    local: impl Fn(usize) -> Spin,
) -> Spin {
    let mut spin = local(bone);
    let mut at = bone;
    while let Some(Some(parent)) = parents.get(at).copied() {
        if parent >= at {
            break;
        }
        spin = local(parent).then(spin);
        at = parent;
    }
    spin
}

/// The model-space rotation of the parent of `bone` (the identity for a root).
pub(crate) fn parent_space(
    parents: &[Option<usize>],
    bone: usize,
    local: impl Fn(usize) -> Spin,
) -> Spin {
    match parents.get(bone).copied().flatten() {
        Some(parent) if parent < bone => model_space(parents, parent, local),
        _ => Spin::IDENTITY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn then_and_under_are_inverse() {
        let parent = Spin {
            q: DQuat::from_rotation_y(0.7),
            w: DVec3::new(0.1, 2.0, -1.0),
        };
        let local = Spin {
            q: DQuat::from_rotation_x(-1.2),
            w: DVec3::new(3.0, 0.0, 0.5),
        };
        let back = parent.then(local).under(parent);
        assert!(back.q.angle_between(local.q) < 1e-12);
        assert!((back.w - local.w).length() < 1e-12);
        let offset = parent.then(local).offset_from(local);
        let again = offset.then(local);
        assert!(again.q.angle_between(parent.then(local).q) < 1e-12);
        assert!((again.w - parent.then(local).w).length() < 1e-12);
    }

    #[test]
    fn chains_compose_from_the_root() {
        let parents = [None, Some(0), Some(1)];
        let local = |k: usize| Spin {
            q: DQuat::from_rotation_z(0.5 * (k + 1) as f64),
            w: DVec3::Z * k as f64,
        };
        let m = model_space(&parents, 2, local);
        assert!((m.q.to_axis_angle().1 - 3.0).abs() < 1e-12);
        assert!((m.w - DVec3::Z * 3.0).length() < 1e-12);
        assert_eq!(parent_space(&parents, 0, local), Spin::IDENTITY);
    }
}
