//! The 13 bone columns of a pose ([`BoneColumns`]), lane views of sets of columns (13 per pose,
//! 12 per offset set) and one-group loads/stores, shared by the kernels.

use hooke::par::Split;
use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use glam::{Quat, Vec3};
use hooke::column::{QuatColumns, Vec3Columns};

use crate::alloc;
use crate::error::InertiaError;

/// Eight bones: position, velocity, rotation, angular velocity.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bone8 {
    pub x: Vec3x8,
    pub v: Vec3x8,
    pub q: Quat8,
    pub w: Vec3x8,
}

/// `N` lane slices of a set of columns, read-only (13 for a pose, 12 for offsets).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lanes<'a, const N: usize> {
    s: [&'a [f32x8]; N],
}

/// `N` lane slices of a set of columns, mutable.
#[derive(Debug)]
pub(crate) struct LanesMut<'a, const N: usize> {
    s: [&'a mut [f32x8]; N],
}

/// The 13 columns of a pose: position, velocity, rotation (x, y, z, w), angular velocity.
pub(crate) type BoneLanes<'a> = Lanes<'a, 13>;
/// The 13 columns of a pose, mutable.
pub(crate) type BoneLanesMut<'a> = LanesMut<'a, 13>;

/// The 13 per-bone columns of a pose with velocities (or of the offsets): position (3), velocity
/// (3), rotation (4, identity padding) and angular velocity (3).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BoneColumns {
    pub positions: Vec3Columns,
    pub velocities: Vec3Columns,
    pub rotations: QuatColumns,
    pub angular_velocities: Vec3Columns,
}

impl BoneColumns {
    /// `len` bones at rest: zero vectors and identity rotations (the inert values for padding),
    /// or an out-of-memory error ([`hooke::ParamError::OutOfMemory`]) naming `what`.
    pub fn rest(what: &'static str, len: usize) -> Result<BoneColumns, InertiaError> {
        Ok(BoneColumns {
            positions: alloc::zero_vec3s(what, len)?,
            velocities: alloc::zero_vec3s(what, len)?,
            rotations: alloc::identity_quats(what, len)?,
            angular_velocities: alloc::zero_vec3s(what, len)?,
        })
    }

    /// The bone at `index`: (position, velocity, rotation, angular velocity).
    pub fn get(&self, index: usize) -> (Vec3, Vec3, Quat, Vec3) {
        (
            self.positions.get(index),
            self.velocities.get(index),
            self.rotations.get(index),
            self.angular_velocities.get(index),
        )
    }

    /// Sets the bone at `index`.
    pub fn set(&mut self, index: usize, x: Vec3, v: Vec3, q: Quat, w: Vec3) {
        self.positions.set(index, x);
        self.velocities.set(index, v);
        self.rotations.set(index, q);
        self.angular_velocities.set(index, w);
    }
}

/// The 13 columns of a [`BoneColumns`] in the order of its lane views (position, velocity,
/// rotation x, y, z, w, angular velocity), each borrowed through `$lanes` (`lanes` or
/// `lanes_mut`, or `as_slice` / `as_mut_slice` for the `f32` values): the one list behind
/// [`BoneColumns::lanes`], [`BoneColumns::lanes_mut`] and `PoseBatch::copy_character`.
macro_rules! bone_column_lanes {
    ($bones:expr, $lanes:ident) => {
        bone_column_lanes!(@each $bones, $lanes;
            positions[x y z] velocities[x y z] rotations[x y z w] angular_velocities[x y z])
    };
    (@each $bones:expr, $lanes:ident; $($field:ident[$($component:ident)+])+) => {
        [$($($bones.$field.$component.$lanes(),)+)+]
    };
}

pub(crate) use bone_column_lanes;

impl BoneColumns {
    pub(crate) fn lanes(&self) -> BoneLanes<'_> {
        Lanes {
            s: bone_column_lanes!(self, lanes),
        }
    }

    pub(crate) fn lanes_mut(&mut self) -> BoneLanesMut<'_> {
        LanesMut {
            s: bone_column_lanes!(self, lanes_mut),
        }
    }
}

// The accessors below are plain loops over `0..N`, not `std::array::from_fn` or `<[_; N]>::map`:
// those closures were not inlined into the kernels (a call per lane group that went through the
// stack and cost about half of the fused kernel's instructions). Fully unrolled loops over
// constant indices let the slices live in registers; slices cut to exactly `n` groups by
// `truncate` let the compiler drop the bounds checks of the kernel loops `for i in 0..n`.

/// The length of the shortest of `N` slices (0 when `N == 0`): the lane groups a kernel may
/// index in every one of them.
#[inline(always)]
fn shortest<const N: usize, S: std::ops::Deref<Target = [f32x8]>>(slices: &[S; N]) -> usize {
    let mut len = usize::MAX;
    for s in slices {
        len = len.min(s.len());
    }
    if N == 0 { 0 } else { len }
}

impl<'a, const N: usize> Lanes<'a, N> {
    /// The first `n` lane groups of every slice, so that indexing below `n` needs no bounds check
    /// in the kernels. `n` must not exceed [`len`](Self::len) (the kernels take the minimum of
    /// every operand's length).
    #[inline(always)]
    pub(crate) fn truncate(self, n: usize) -> Self {
        let mut s = self.s;
        for slot in &mut s {
            *slot = &slot[..n];
        }
        Lanes { s }
    }

    /// Number of lane groups (the shortest slice).
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        shortest(&self.s)
    }
}

impl<'a, const N: usize> LanesMut<'a, N> {
    /// The first `n` lane groups of every slice, see [`Lanes::truncate`].
    #[inline(always)]
    pub(crate) fn truncate(self, n: usize) -> Self {
        let mut s = self.s;
        for slot in &mut s {
            let whole = std::mem::take(slot);
            *slot = &mut whole[..n];
        }
        LanesMut { s }
    }

    pub(crate) fn from_slices(s: [&'a mut [f32x8]; N]) -> Self {
        LanesMut { s }
    }

    /// Number of lane groups (the shortest slice).
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        shortest(&self.s)
    }

    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> [f32x8; N] {
        let mut out = [f32x8::ZERO; N];
        for (out, s) in out.iter_mut().zip(&self.s) {
            *out = s[i];
        }
        out
    }

    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, values: [f32x8; N]) {
        for (s, value) in self.s.iter_mut().zip(values) {
            s[i] = value;
        }
    }
}

/// Reading lane groups of a set of columns, shared by [`Lanes`] and [`LanesMut`].
pub(crate) trait ReadLanes {
    /// Lane group `i` of column `k`.
    fn at(&self, i: usize, k: usize) -> f32x8;

    /// Lane group `i` of columns `k..k + 3` as a vector.
    #[inline(always)]
    fn vec3(&self, i: usize, k: usize) -> Vec3x8 {
        Vec3x8 {
            x: self.at(i, k),
            y: self.at(i, k + 1),
            z: self.at(i, k + 2),
        }
    }

    /// Lane group `i` of columns `k..k + 4` as a quaternion.
    #[inline(always)]
    fn quat(&self, i: usize, k: usize) -> Quat8 {
        Quat8 {
            x: self.at(i, k),
            y: self.at(i, k + 1),
            z: self.at(i, k + 2),
            w: self.at(i, k + 3),
        }
    }
}

impl<const N: usize> ReadLanes for Lanes<'_, N> {
    #[inline(always)]
    fn at(&self, i: usize, k: usize) -> f32x8 {
        self.s[k][i]
    }
}

impl<const N: usize> ReadLanes for LanesMut<'_, N> {
    #[inline(always)]
    fn at(&self, i: usize, k: usize) -> f32x8 {
        self.s[k][i]
    }
}

impl<const N: usize> Lanes<'_, N> {
    /// Column `k`.
    #[inline(always)]
    pub(crate) fn column(&self, k: usize) -> &[f32x8] {
        self.s[k]
    }
}

impl<const N: usize> LanesMut<'_, N> {
    /// Column `k`.
    #[inline(always)]
    pub(crate) fn column_mut(&mut self, k: usize) -> &mut [f32x8] {
        self.s[k]
    }

    /// Stores `v` into lane group `i` of columns `k..k + 3`.
    #[inline(always)]
    pub(crate) fn set_vec3(&mut self, i: usize, k: usize, v: Vec3x8) {
        self.s[k][i] = v.x;
        self.s[k + 1][i] = v.y;
        self.s[k + 2][i] = v.z;
    }

    /// Stores `q` into lane group `i` of columns `k..k + 4`.
    #[inline(always)]
    pub(crate) fn set_quat(&mut self, i: usize, k: usize, q: Quat8) {
        self.s[k][i] = q.x;
        self.s[k + 1][i] = q.y;
        self.s[k + 2][i] = q.z;
        self.s[k + 3][i] = q.w;
    }
}

#[inline(always)]
fn bone_from(s: [f32x8; 13]) -> Bone8 {
    Bone8 {
        x: Vec3x8 {
            x: s[0],
            y: s[1],
            z: s[2],
        },
        v: Vec3x8 {
            x: s[3],
            y: s[4],
            z: s[5],
        },
        q: Quat8 {
            x: s[6],
            y: s[7],
            z: s[8],
            w: s[9],
        },
        w: Vec3x8 {
            x: s[10],
            y: s[11],
            z: s[12],
        },
    }
}

impl Bone8 {
    /// `if_true` in the lanes of `mask`, `if_false` elsewhere.
    #[inline(always)]
    pub(crate) fn select(mask: f32x8, if_true: &Bone8, if_false: &Bone8) -> Bone8 {
        Bone8 {
            x: Vec3x8::select(mask, if_true.x, if_false.x),
            v: Vec3x8::select(mask, if_true.v, if_false.v),
            q: Quat8::select(mask, if_true.q, if_false.q),
            w: Vec3x8::select(mask, if_true.w, if_false.w),
        }
    }
}

impl BoneLanes<'_> {
    #[inline(always)]
    pub(crate) fn load(&self, i: usize) -> Bone8 {
        Bone8 {
            x: self.vec3(i, 0),
            v: self.vec3(i, 3),
            q: self.quat(i, 6),
            w: self.vec3(i, 10),
        }
    }
}

impl BoneLanesMut<'_> {
    #[inline(always)]
    pub(crate) fn load(&self, i: usize) -> Bone8 {
        bone_from(self.get(i))
    }

    #[inline(always)]
    pub(crate) fn store(&mut self, i: usize, b: &Bone8) {
        self.set(
            i,
            [
                b.x.x, b.x.y, b.x.z, b.v.x, b.v.y, b.v.z, b.q.x, b.q.y, b.q.z, b.q.w, b.w.x, b.w.y,
                b.w.z,
            ],
        );
    }
}

impl<const N: usize> Split for Lanes<'_, N> {
    fn lanes(&self) -> usize {
        self.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let mid = mid.min(self.len());
        (
            Lanes {
                s: self.s.map(|s| &s[..mid]),
            },
            Lanes {
                s: self.s.map(|s| &s[mid..]),
            },
        )
    }
}

impl<const N: usize> Split for LanesMut<'_, N> {
    fn lanes(&self) -> usize {
        self.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let mid = mid.min(self.len());
        let mut left: [&mut [f32x8]; N] = std::array::from_fn(|_| Default::default());
        let mut right: [&mut [f32x8]; N] = std::array::from_fn(|_| Default::default());
        for (k, s) in self.s.into_iter().enumerate() {
            let (a, b) = s.split_at_mut(mid);
            left[k] = a;
            right[k] = b;
        }
        (LanesMut { s: left }, LanesMut { s: right })
    }
}
