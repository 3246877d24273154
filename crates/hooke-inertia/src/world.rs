//! Model-space rotations for the bones blended in world space
//! ([`crate::BlendProfile::with_world_rotation`]): forward kinematics of rotations and angular
//! velocities up a bone's chain, in `f64`, and back to a local rotation under a parent.

use glam::{DQuat, DVec3};
use hooke::column::{Column, Vec3Columns};
use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use crate::bone::Bone;
use crate::lanes::BoneColumns;
use crate::offsets::OffsetColumns;
use crate::saturate::saturate_vec3;

/// An orientation with its angular velocity (rotation vector per second, left-multiplied, in
/// the frame the orientation is expressed in).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Spin {
    pub q: DQuat,
    pub w: DVec3,
}

impl Spin {
    const IDENTITY: Spin = Spin {
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

/// Rotations with angular velocities that compose down a chain: [`Spin`] (one bone, `f64`) and
/// [`Spin8`] (eight characters, `f32x8`).
pub(crate) trait Chain: Copy {
    const IDENTITY: Self;
    /// `self` followed by `local` below it.
    fn then(self, local: Self) -> Self;
}

impl Chain for Spin {
    const IDENTITY: Spin = Spin::IDENTITY;
    fn then(self, local: Spin) -> Spin {
        Spin::then(self, local)
    }
}

/// The model-space rotation of `bone`: the product of the local rotations `local(k)` of its
/// chain, from the root down. `parents` must have every parent before its child (checked by
/// `BlendProfile::with_parents`), so the walk ends; a parent out of range ends it too.
pub(crate) fn model_space<S: Chain>(
    parents: &[Option<usize>],
    bone: usize,
    local: impl Fn(usize) -> S,
) -> S {
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
pub(crate) fn parent_space<S: Chain>(
    parents: &[Option<usize>],
    bone: usize,
    local: impl Fn(usize) -> S,
) -> S {
    match parents.get(bone).copied().flatten() {
        Some(parent) if parent < bone => model_space(parents, parent, local),
        _ => S::IDENTITY,
    }
}

/// Eight rotations with angular velocities: one bone of eight characters.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spin8 {
    pub q: Quat8,
    pub w: Vec3x8,
}

impl Chain for Spin8 {
    const IDENTITY: Spin8 = Spin8 {
        q: Quat8::IDENTITY,
        w: Vec3x8 {
            x: f32x8::ZERO,
            y: f32x8::ZERO,
            z: f32x8::ZERO,
        },
    };
    /// [`Spin::then`] on lanes (not renormalised either).
    #[inline(always)]
    fn then(self, local: Spin8) -> Spin8 {
        Spin8 {
            q: self.q * local.q,
            w: self.w + self.q.rotate(local.w),
        }
    }
}

impl Spin8 {
    /// [`Spin::under`] on lanes.
    #[inline(always)]
    fn under(self, parent: Spin8) -> Spin8 {
        let inv = parent.q.normalize().conjugate();
        Spin8 {
            q: (inv * self.q).normalize(),
            w: inv.rotate(self.w - parent.w),
        }
    }
}

/// The lanes of bone `bone` of the eight characters from `first` on (the last character
/// repeated past `characters`, so every lane holds a valid bone).
fn lanes_of(first: usize, characters: usize, bones: usize, bone: usize) -> [usize; 8] {
    std::array::from_fn(|j| (first + j).min(characters - 1) * bones + bone)
}

fn gather(column: &Column, lanes: &[usize; 8]) -> f32x8 {
    let values = column.as_slice();
    f32x8::new(lanes.map(|l| values.get(l).copied().unwrap_or(0.0)))
}

fn gather_vec3(columns: &Vec3Columns, lanes: &[usize; 8]) -> Vec3x8 {
    Vec3x8 {
        x: gather(&columns.x, lanes),
        y: gather(&columns.y, lanes),
        z: gather(&columns.z, lanes),
    }
}

fn gather_spin(columns: &BoneColumns, lanes: &[usize; 8]) -> Spin8 {
    let q = &columns.rotations;
    Spin8 {
        q: Quat8 {
            x: gather(&q.x, lanes),
            y: gather(&q.y, lanes),
            z: gather(&q.z, lanes),
            w: gather(&q.w, lanes),
        },
        w: gather_vec3(&columns.angular_velocities, lanes),
    }
}

/// The model-space pass of the update: rewrites the rotation and angular velocity of each
/// model-space bone in `output` (which holds the fused kernel's result) as
/// `inv(M_out(parent)) ∘ (offset ∘ M_in(bone))` (`docs/math.md` §6.4), eight characters at a
/// time in `f32x8`, bones in order so that a model-space bone below another sees its parent's
/// final rotation. A lane whose result is not finite (angular velocities near `f32::MAX`) is
/// redone in `f64` ([`Spin`]) and saturated. No allocation, no panics.
pub(crate) fn apply_model_space(
    parents: &[Option<usize>],
    world_bones: impl Iterator<Item = usize> + Clone,
    characters: usize,
    offsets: &OffsetColumns,
    input: &BoneColumns,
    output: &mut BoneColumns,
) {
    let bones = parents.len();
    for first in (0..characters).step_by(8) {
        let count = (characters - first).min(8);
        for b in world_bones.clone() {
            let lanes = |k: usize| lanes_of(first, characters, bones, k);
            let model = model_space(parents, b, |k| gather_spin(input, &lanes(k)));
            let parent = parent_space(parents, b, |k| gather_spin(output, &lanes(k)));
            let here = lanes(b);
            let offset = Spin8 {
                q: Quat8::from_scaled_angle_axis_within_pi(gather_vec3(&offsets.rotations, &here)),
                w: gather_vec3(&offsets.angular_velocities, &here),
            };
            let local = offset.then(model).under(parent);
            let (q, w) = (local.q, local.w);
            let finite = (q.x + q.y + q.z + q.w + w.x + w.y + w.z)
                .is_finite()
                .to_array();
            let columns = [
                (&mut output.rotations.x, q.x),
                (&mut output.rotations.y, q.y),
                (&mut output.rotations.z, q.z),
                (&mut output.rotations.w, q.w),
                (&mut output.angular_velocities.x, w.x),
                (&mut output.angular_velocities.y, w.y),
                (&mut output.angular_velocities.z, w.z),
            ];
            for (column, values) in columns {
                let values = values.to_array();
                let column = column.as_mut_slice();
                for j in 0..count {
                    if let Some(slot) = column.get_mut(here[j]) {
                        *slot = values[j];
                    }
                }
            }
            for j in (0..count).filter(|&j| finite[j] == 0.0) {
                redo_in_f64(parents, b, (first + j) * bones, offsets, input, output);
            }
        }
    }
}

/// One model-space bone of one character (`base` = its first lane) in `f64`, saturated.
#[cold]
#[inline(never)]
fn redo_in_f64(
    parents: &[Option<usize>],
    b: usize,
    base: usize,
    offsets: &OffsetColumns,
    input: &BoneColumns,
    output: &mut BoneColumns,
) {
    let spin_at = |columns: &BoneColumns, lane: usize| Spin {
        q: columns.rotations.get(lane).as_dquat(),
        w: columns.angular_velocities.get(lane).as_dvec3(),
    };
    let model = model_space(parents, b, |k| spin_at(input, base + k));
    let parent = parent_space(parents, b, |k| spin_at(output, base + k));
    let offset = Spin::of(&offsets.get(base + b));
    let local = offset.then(model).under(parent);
    output
        .rotations
        .set(base + b, local.q.normalize().as_quat());
    output
        .angular_velocities
        .set(base + b, saturate_vec3(local.w));
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
