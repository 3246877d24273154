//! Where the fused bone kernel reads its input pose and writes its output pose: two separate
//! poses ([`Separate`], `Inertializer::update`) or one pose updated in place ([`InPlace`],
//! `Inertializer::update_in_place`). One kernel serves both; what differs is where the input is
//! read and what a lane group without offsets costs: a copy of its input, or nothing.

use std::ops::Range;

use hooke::column::Column;
use hooke::par::Split;
use hooke::simd::{Quat8, Vec3x8};
use wide::f32x8;

use crate::lanes::{BoneLanes, BoneLanesMut, ReadLanes};

/// The input and output lane groups of the fused bone kernel (13 columns each: position,
/// velocity, rotation, angular velocity).
pub(crate) trait PoseIo: Split {
    /// Number of lane groups.
    fn len(&self) -> usize;
    /// The first `n` lane groups (`n <= len`), so that the kernel loops need no bounds check.
    fn truncate(self, n: usize) -> Self;
    /// Lane group `i` of input columns `k..k + 3`.
    fn input_vec3(&self, i: usize, k: usize) -> Vec3x8;
    /// Lane group `i` of input columns `k..k + 4`.
    fn input_quat(&self, i: usize, k: usize) -> Quat8;
    /// Stores lane group `i` of output columns `k..k + 3`.
    fn set_vec3(&mut self, i: usize, k: usize, v: Vec3x8);
    /// Stores lane group `i` of output columns `k..k + 4`.
    fn set_quat(&mut self, i: usize, k: usize, q: Quat8);
    /// The output of lane groups `groups` in columns `k..k + count` is their input (lane
    /// groups without offsets): a copy, column by column, or nothing when input and output are
    /// the same columns.
    fn pass_through(&mut self, groups: Range<usize>, k: usize, count: usize);
}

/// An input pose read and a separate output pose written.
#[derive(Debug)]
pub(crate) struct Separate<'a> {
    pub input: BoneLanes<'a>,
    pub output: BoneLanesMut<'a>,
}

/// One pose: the input, overwritten by the output.
#[derive(Debug)]
pub(crate) struct InPlace<'a>(pub BoneLanesMut<'a>);

impl PoseIo for Separate<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.input.len().min(self.output.len())
    }
    #[inline(always)]
    fn truncate(self, n: usize) -> Self {
        Separate {
            input: self.input.truncate(n),
            output: self.output.truncate(n),
        }
    }
    #[inline(always)]
    fn input_vec3(&self, i: usize, k: usize) -> Vec3x8 {
        self.input.vec3(i, k)
    }
    #[inline(always)]
    fn input_quat(&self, i: usize, k: usize) -> Quat8 {
        self.input.quat(i, k)
    }
    #[inline(always)]
    fn set_vec3(&mut self, i: usize, k: usize, v: Vec3x8) {
        self.output.set_vec3(i, k, v);
    }
    #[inline(always)]
    fn set_quat(&mut self, i: usize, k: usize, q: Quat8) {
        self.output.set_quat(i, k, q);
    }
    #[inline(always)]
    fn pass_through(&mut self, groups: Range<usize>, k: usize, count: usize) {
        for k in k..k + count {
            let from = self.input.column(k).get(groups.clone());
            let to = self.output.column_mut(k).get_mut(groups.clone());
            if let (Some(from), Some(to)) = (from, to) {
                to.copy_from_slice(from);
            }
        }
    }
}

impl PoseIo for InPlace<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len()
    }
    #[inline(always)]
    fn truncate(self, n: usize) -> Self {
        InPlace(self.0.truncate(n))
    }
    #[inline(always)]
    fn input_vec3(&self, i: usize, k: usize) -> Vec3x8 {
        self.0.vec3(i, k)
    }
    #[inline(always)]
    fn input_quat(&self, i: usize, k: usize) -> Quat8 {
        self.0.quat(i, k)
    }
    #[inline(always)]
    fn set_vec3(&mut self, i: usize, k: usize, v: Vec3x8) {
        self.0.set_vec3(i, k, v);
    }
    #[inline(always)]
    fn set_quat(&mut self, i: usize, k: usize, q: Quat8) {
        self.0.set_quat(i, k, q);
    }
    #[inline(always)]
    fn pass_through(&mut self, _: Range<usize>, _: usize, _: usize) {}
}

impl Split for Separate<'_> {
    fn lanes(&self) -> usize {
        PoseIo::len(self)
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let (a, b) = self.input.split_at(mid);
        let (c, d) = self.output.split_at(mid);
        (
            Separate {
                input: a,
                output: c,
            },
            Separate {
                input: b,
                output: d,
            },
        )
    }
}

impl Split for InPlace<'_> {
    fn lanes(&self) -> usize {
        self.0.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let (a, b) = self.0.split_at(mid);
        (InPlace(a), InPlace(b))
    }
}

/// The input and output lane groups of a scalar channel's kernel (value and velocity: the
/// curves, or the log scales).
pub(crate) trait ChannelIo: Split {
    /// Number of lane groups.
    fn len(&self) -> usize;
    /// Lane group `i` of the input's value and velocity.
    fn input(&self, i: usize) -> (f32x8, f32x8);
    /// Stores lane group `i` of the output's value and velocity.
    fn set(&mut self, i: usize, value: (f32x8, f32x8));
}

/// A channel's input read and a separate output written.
#[derive(Debug)]
pub(crate) struct SeparateChannel<'a> {
    pub input: (&'a [f32x8], &'a [f32x8]),
    pub output: (&'a mut [f32x8], &'a mut [f32x8]),
}

/// A channel's values and velocities, the input overwritten by the output.
#[derive(Debug)]
pub(crate) struct ChannelInPlace<'a>(pub &'a mut [f32x8], pub &'a mut [f32x8]);

impl<'a> SeparateChannel<'a> {
    /// The lanes of an input and an output channel (value and velocity columns).
    pub(crate) fn new(
        input: (&'a Column, &'a Column),
        output: (&'a mut Column, &'a mut Column),
    ) -> Self {
        SeparateChannel {
            input: (input.0.lanes(), input.1.lanes()),
            output: (output.0.lanes_mut(), output.1.lanes_mut()),
        }
    }
}

impl<'a> ChannelInPlace<'a> {
    /// The lanes of a channel updated in place (value and velocity columns).
    pub(crate) fn new(channel: (&'a mut Column, &'a mut Column)) -> Self {
        ChannelInPlace(channel.0.lanes_mut(), channel.1.lanes_mut())
    }
}

impl ChannelIo for SeparateChannel<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        let (a, b) = (&self.input, &self.output);
        a.0.len().min(a.1.len()).min(b.0.len()).min(b.1.len())
    }
    #[inline(always)]
    fn input(&self, i: usize) -> (f32x8, f32x8) {
        (self.input.0[i], self.input.1[i])
    }
    #[inline(always)]
    fn set(&mut self, i: usize, (x, v): (f32x8, f32x8)) {
        self.output.0[i] = x;
        self.output.1[i] = v;
    }
}

impl ChannelIo for ChannelInPlace<'_> {
    #[inline(always)]
    fn len(&self) -> usize {
        self.0.len().min(self.1.len())
    }
    #[inline(always)]
    fn input(&self, i: usize) -> (f32x8, f32x8) {
        (self.0[i], self.1[i])
    }
    #[inline(always)]
    fn set(&mut self, i: usize, (x, v): (f32x8, f32x8)) {
        self.0[i] = x;
        self.1[i] = v;
    }
}

impl Split for SeparateChannel<'_> {
    fn lanes(&self) -> usize {
        ChannelIo::len(self)
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let mid = mid.min(ChannelIo::len(&self));
        let (ix0, ix1) = self.input.0.split_at(mid);
        let (iv0, iv1) = self.input.1.split_at(mid);
        let (ox0, ox1) = self.output.0.split_at_mut(mid);
        let (ov0, ov1) = self.output.1.split_at_mut(mid);
        (
            SeparateChannel {
                input: (ix0, iv0),
                output: (ox0, ov0),
            },
            SeparateChannel {
                input: (ix1, iv1),
                output: (ox1, ov1),
            },
        )
    }
}

impl Split for ChannelInPlace<'_> {
    fn lanes(&self) -> usize {
        ChannelIo::len(self)
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let mid = mid.min(ChannelIo::len(&self));
        let (x0, x1) = self.0.split_at_mut(mid);
        let (v0, v1) = self.1.split_at_mut(mid);
        (ChannelInPlace(x0, v0), ChannelInPlace(x1, v1))
    }
}
