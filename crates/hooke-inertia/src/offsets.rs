//! The inertialization state: per-lane offsets stored as 12 columns.
//!
//! The rotation offset is stored as a rotation vector (angle times axis), not as a quaternion: the
//! decay spring acts on the rotation vector anyway, so this keeps the per-frame update free of a
//! quaternion logarithm (one `atan2` per lane less) and free of the log/exp round-trip error that
//! would otherwise accumulate every frame. The offset rotation is `exp(e / 2)`; it is formed once per
//! frame to apply it. An offset whose angle grows past half a turn while decaying (a large outward
//! angular velocity) is re-expressed on the shortest path before the next decay step, as the
//! quaternion form does implicitly.

use glam::Vec3;
use hooke::column::{Column, Vec3Columns};

use crate::alloc;
use crate::bone::Bone;
use crate::error::InertiaError;
use crate::lanes::LanesMut;
use crate::saturate::saturate_vec3;

/// Offsets of position, velocity, rotation (as a rotation vector) and angular velocity.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct OffsetColumns {
    pub positions: Vec3Columns,
    pub velocities: Vec3Columns,
    pub rotations: Vec3Columns,
    pub angular_velocities: Vec3Columns,
}

/// The 12 lane slices of the offsets.
pub(crate) type OffsetLanesMut<'a> = LanesMut<'a, 12>;

impl OffsetColumns {
    /// `len` zero offsets, or an out-of-memory error ([`hooke::ParamError::OutOfMemory`]) naming `what`.
    pub fn zero(what: &'static str, len: usize) -> Result<OffsetColumns, InertiaError> {
        Ok(OffsetColumns {
            positions: alloc::zero_vec3s(what, len)?,
            velocities: alloc::zero_vec3s(what, len)?,
            rotations: alloc::zero_vec3s(what, len)?,
            angular_velocities: alloc::zero_vec3s(what, len)?,
        })
    }

    /// The offset at `lane` in `f64`, its rotation as a quaternion.
    pub fn get(&self, lane: usize) -> Bone {
        Bone {
            x: self.positions.get(lane).as_dvec3(),
            v: self.velocities.get(lane).as_dvec3(),
            q: hooke::scalar::quat_from_scaled_angle_axis_f64(self.rotations.get(lane).as_dvec3())
                .normalize(),
            w: self.angular_velocities.get(lane).as_dvec3(),
        }
    }

    /// Whether the offset at `lane` is exactly zero.
    pub fn is_zero(&self, lane: usize) -> bool {
        [
            &self.positions,
            &self.velocities,
            &self.rotations,
            &self.angular_velocities,
        ]
        .iter()
        .all(|c| c.get(lane) == Vec3::ZERO)
    }

    /// Stores an offset (its rotation on the shortest path), saturated at `±f32::MAX` (the
    /// difference of two poses near the `f32` limits is beyond it).
    pub fn set(&mut self, lane: usize, b: &Bone) {
        self.positions.set(lane, saturate_vec3(b.x));
        self.velocities.set(lane, saturate_vec3(b.v));
        self.rotations.set(
            lane,
            hooke::scalar::quat_to_scaled_angle_axis_f64(b.q).as_vec3(),
        );
        self.angular_velocities.set(lane, saturate_vec3(b.w));
    }

    /// Sets the offset at `lane` to zero.
    pub fn clear(&mut self, lane: usize) {
        for c in [
            &mut self.positions,
            &mut self.velocities,
            &mut self.rotations,
            &mut self.angular_velocities,
        ] {
            c.set(lane, Vec3::ZERO);
        }
    }

    pub fn lanes_mut(&mut self) -> OffsetLanesMut<'_> {
        LanesMut::from_slices(self.columns_mut().map(|c| c.lanes_mut()))
    }

    /// The 12 columns in the order of the offsets' lanes and slices: position, velocity, rotation
    /// vector, angular velocity (x, y, z each).
    pub fn columns_mut(&mut self) -> [&mut Column; 12] {
        let (x, v, e, w) = (
            &mut self.positions,
            &mut self.velocities,
            &mut self.rotations,
            &mut self.angular_velocities,
        );
        [
            &mut x.x, &mut x.y, &mut x.z, &mut v.x, &mut v.y, &mut v.z, &mut e.x, &mut e.y,
            &mut e.z, &mut w.x, &mut w.y, &mut w.z,
        ]
    }
}
