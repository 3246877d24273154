//! Lane-slice views of SoA quaternion and vector columns: what the quaternion kernels take and
//! what [`crate::par`] splits across threads.

use wide::f32x8;

/// Mutable lane slices of SoA quaternions.
#[derive(Debug)]
pub struct QuatLanesMut<'a> {
    /// x components.
    pub x: &'a mut [f32x8],
    /// y components.
    pub y: &'a mut [f32x8],
    /// z components.
    pub z: &'a mut [f32x8],
    /// w components.
    pub w: &'a mut [f32x8],
}

/// Lane slices of SoA quaternions.
#[derive(Debug, Clone, Copy)]
pub struct QuatLanes<'a> {
    /// x components.
    pub x: &'a [f32x8],
    /// y components.
    pub y: &'a [f32x8],
    /// z components.
    pub z: &'a [f32x8],
    /// w components.
    pub w: &'a [f32x8],
}

/// Mutable lane slices of SoA 3-vectors.
#[derive(Debug)]
pub struct Vec3LanesMut<'a> {
    /// x components.
    pub x: &'a mut [f32x8],
    /// y components.
    pub y: &'a mut [f32x8],
    /// z components.
    pub z: &'a mut [f32x8],
}

/// The shortest of a view's column lengths (kernels process up to it).
fn shortest<const N: usize>(lens: [usize; N]) -> usize {
    lens.into_iter().min().unwrap_or(0)
}

impl QuatLanesMut<'_> {
    pub(crate) fn len(&self) -> usize {
        shortest([self.x.len(), self.y.len(), self.z.len(), self.w.len()])
    }
}

impl QuatLanes<'_> {
    pub(crate) fn len(&self) -> usize {
        shortest([self.x.len(), self.y.len(), self.z.len(), self.w.len()])
    }
}

impl Vec3LanesMut<'_> {
    pub(crate) fn len(&self) -> usize {
        self.x.len().min(self.y.len()).min(self.z.len())
    }
}
