//! Per-bone maths in `f64` for the cold path (transitions): composing an offset with an input,
//! re-basing it onto a new input, root anchors, and the dead-blend output. The hot path (the lane
//! kernels) does the same in `f32x8`.

use glam::{DQuat, DVec3, Quat, Vec3};
use hooke::scalar::{
    cross_fade, cross_fade_velocity, quat_from_scaled_angle_axis_f64, quat_to_scaled_angle_axis_f64,
};

use crate::saturate::saturate_vec3;
use crate::validate::normalised;
use crate::world::Spin;

/// One bone's position, velocity, rotation and angular velocity (an input, an output or an
/// offset).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Bone {
    pub x: DVec3,
    pub v: DVec3,
    pub q: DQuat,
    pub w: DVec3,
}

impl Bone {
    pub fn new(x: Vec3, v: Vec3, q: Quat, w: Vec3) -> Bone {
        Bone {
            x: x.as_dvec3(),
            v: v.as_dvec3(),
            q: normalised(q),
            w: w.as_dvec3(),
        }
    }

    /// A bone from its `f32` parts (the rotation as given).
    pub fn from_f32((x, v, q, w): (Vec3, Vec3, Quat, Vec3)) -> Bone {
        Bone {
            x: x.as_dvec3(),
            v: v.as_dvec3(),
            q: q.as_dquat(),
            w: w.as_dvec3(),
        }
    }

    /// The bone in `f32`, vectors saturated at `±f32::MAX` (an `f64` sum of two large `f32`
    /// values may be beyond the `f32` range).
    pub fn to_f32(self) -> (Vec3, Vec3, Quat, Vec3) {
        (
            saturate_vec3(self.x),
            saturate_vec3(self.v),
            self.q.normalize().as_quat(),
            saturate_vec3(self.w),
        )
    }

    /// The output of `input` with this offset: `x + off_x`, `v + off_v`, `off_q * q`,
    /// `off_w + off_q * w` (the angular velocity of `off_q(t) * q(t)`).
    pub fn apply_to(&self, input: &Bone) -> Bone {
        let spin = Spin::of(self).then(Spin::of(input));
        Bone {
            x: input.x + self.x,
            v: input.v + self.v,
            q: spin.q.normalize(),
            w: spin.w,
        }
    }

    /// The offset that makes `input` show as `output` (the inverse of [`Bone::apply_to`]):
    /// `off_q = abs(out_q * inv(in_q))` and `off_w = out_w - off_q * in_w`. With
    /// `output = old_offset.apply_to(src)` this is `docs/math.md` §6.1 with the angular-velocity fix.
    pub fn offset_between(output: &Bone, input: &Bone) -> Bone {
        let spin = Spin::of(output).offset_from(Spin::of(input));
        Bone {
            x: output.x - input.x,
            v: output.v - input.v,
            q: spin.q,
            w: spin.w,
        }
    }
}

/// A rigid transform taking a world-space root from clip space to the character's world space:
/// rotation `q` (about the up axis) then translation `t`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Anchor {
    pub q: DQuat,
    pub t: DVec3,
}

impl Anchor {
    pub const IDENTITY: Anchor = Anchor {
        q: DQuat::IDENTITY,
        t: DVec3::ZERO,
    };

    /// The anchor that puts `clip_root` at `world_root`'s position with `world_root`'s heading
    /// about `up`.
    pub fn aligning(world_root: &Bone, clip_root: &Bone, up: DVec3) -> Anchor {
        let q = (heading(world_root.q, up) * heading(clip_root.q, up).conjugate()).normalize();
        Anchor {
            q,
            t: world_root.x - q * clip_root.x,
        }
    }

    /// A clip-space root moved into world space.
    pub fn world_from_clip(&self, b: &Bone) -> Bone {
        Bone {
            x: self.q * b.x + self.t,
            v: self.q * b.v,
            q: (self.q * b.q).normalize(),
            w: self.q * b.w,
        }
    }

    /// A world-space root moved into clip space.
    pub fn clip_from_world(&self, b: &Bone) -> Bone {
        let inv = self.q.conjugate();
        Bone {
            x: inv * (b.x - self.t),
            v: inv * b.v,
            q: (inv * b.q).normalize(),
            w: inv * b.w,
        }
    }
}

/// The twist of `q` about the unit axis `up` (its heading). A rotation by half a turn about a
/// horizontal axis has no defined heading; the identity is returned.
pub(crate) fn heading(q: DQuat, up: DVec3) -> DQuat {
    let along = DVec3::new(q.x, q.y, q.z).dot(up) * up;
    let twist = DQuat::from_xyzw(along.x, along.y, along.z, q.w);
    let len = twist.length();
    if len < 1e-9 {
        DQuat::IDENTITY
    } else {
        twist / len
    }
}

/// The dead-blend output: the extrapolated source `e` cross-faded to the live input `live`
/// (slerp on the shortest path for rotations), with the exact derivative of the blend.
pub(crate) fn dead_blend(
    e: &Bone,
    live: &Bone,
    elapsed: f64,
    blend_time: f64,
    curve: &hooke::scalar::BlendCurve,
) -> Bone {
    let (weight, dweight) = curve.blend_weight(elapsed, blend_time);
    let gap = quat_to_scaled_angle_axis_f64(live.q * e.q.conjugate());
    let (x, v) = cross_fade((e.x, e.v), (live.x, live.v), (weight, dweight));
    Bone {
        x,
        v,
        q: (quat_from_scaled_angle_axis_f64(gap * weight) * e.q).normalize(),
        w: cross_fade_velocity(e.w, live.w, gap, (weight, dweight)),
    }
}
