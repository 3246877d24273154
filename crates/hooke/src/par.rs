//! The thin threading layer: runs a kernel over lane slices split into chunks on rayon's pool.
//!
//! Kernels know nothing of threads. [`run`] splits the slices a kernel reads and writes in halves,
//! recursively, while a half still holds at least `grain` lane groups (the grain), and runs the kernel on
//! each piece with `rayon::join`. Every lane is computed by the same code whatever the split, so
//! results are bit-identical for any thread count. Batches smaller than twice the grain run on the
//! calling thread.

use crate::lanes::{
    CoeffSlices, LaneCoeffs, SmoothDampLanes, StiffnessDampingLanes, TimedRateLanes,
    TrackingGoalLanes, TrackingParamLanes,
};
use crate::views::{QuatLanes, QuatLanesMut, Vec3LanesMut};

/// Default minimum number of lane groups per task: 2048 groups = 16,384 springs. Below this, the
/// cost of waking a thread exceeds the work (measured break-even on 2-core machines: ~16k springs).
pub const DEFAULT_GRAIN: usize = 2048;

/// The grain that never splits: everything runs on the calling thread (`update` of every batch
/// type; the one "do not split" value of the crates built on hooke).
pub const NO_SPLIT: usize = usize::MAX;

/// Something that can be split at a lane-group index into two independent parts.
///
/// Implemented for lane slices, tuples of them (up to 8), the lane views ([`crate::views`] and
/// the kernels' parameter views such as [`SmoothDampLanes`]), [`CoeffSlices`], and [`Shared`]
/// values that every part receives whole.
///
/// ```
/// use hooke::par::Split;
/// let mut a = [1, 2, 3, 4];
/// let b = [5, 6, 7, 8];
/// let (left, right) = (&mut a[..], &b[..]).split_at(1);
/// assert_eq!((left.lanes(), right.lanes()), (1, 3));
/// ```
pub trait Split: Sized + Send {
    /// Number of lane groups (`usize::MAX` for values not tied to lanes).
    fn lanes(&self) -> usize;
    /// Splits into `[0, mid)` and `[mid, ..)`.
    fn split_at(self, mid: usize) -> (Self, Self);
}

impl<T: Send> Split for &mut [T] {
    fn lanes(&self) -> usize {
        self.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        self.split_at_mut(mid.min(self.len()))
    }
}

impl<T: Sync> Split for &[T] {
    fn lanes(&self) -> usize {
        self.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        <[T]>::split_at(self, mid.min(self.len()))
    }
}

/// `Split` of the lane views, through their own `len` and `split_at` (every slice split at the
/// same lane group: `crate::views::lane_view!`).
macro_rules! split_views {
    ($($view:ident),+) => {
        $(
            impl Split for $view<'_> {
                fn lanes(&self) -> usize {
                    self.len()
                }
                fn split_at(self, mid: usize) -> (Self, Self) {
                    $view::split_at(self, mid)
                }
            }
        )+
    };
}

split_views!(
    CoeffSlices,
    SmoothDampLanes,
    StiffnessDampingLanes,
    TimedRateLanes,
    TrackingGoalLanes,
    TrackingParamLanes,
    QuatLanesMut,
    QuatLanes,
    Vec3LanesMut
);

/// A value given whole to every part of a split (shared coefficients, a time step).
///
/// ```
/// use hooke::par::{Shared, Split};
/// let (a, b) = Shared(0.5_f32).split_at(3);
/// assert_eq!((a.0, b.0), (0.5, 0.5));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shared<T>(pub T);

impl<T: Copy + Send> Split for Shared<T> {
    fn lanes(&self) -> usize {
        usize::MAX
    }
    fn split_at(self, _mid: usize) -> (Self, Self) {
        (self, self)
    }
}

impl Split for LaneCoeffs {
    fn lanes(&self) -> usize {
        usize::MAX
    }
    fn split_at(self, _mid: usize) -> (Self, Self) {
        (self, self)
    }
}

macro_rules! impl_split_tuple {
    ($($name:ident $idx:tt),+) => {
        impl<$($name: Split),+> Split for ($($name,)+) {
            fn lanes(&self) -> usize {
                let mut n = usize::MAX;
                $( n = n.min(self.$idx.lanes()); )+
                n
            }
            #[allow(non_snake_case)]
            fn split_at(self, mid: usize) -> (Self, Self) {
                $( let $name = self.$idx.split_at(mid); )+
                (($($name.0,)+), ($($name.1,)+))
            }
        }
    };
}

impl_split_tuple!(A 0);
impl_split_tuple!(A 0, B 1);
impl_split_tuple!(A 0, B 1, C 2);
impl_split_tuple!(A 0, B 1, C 2, D 3);
impl_split_tuple!(A 0, B 1, C 2, D 3, E 4);
impl_split_tuple!(A 0, B 1, C 2, D 3, E 4, F 5);
impl_split_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
impl_split_tuple!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);

/// Runs `kernel` over `parts`, split across rayon's threads in pieces of at least `grain` lane
/// groups. A `grain` of 0 is treated as 1 (the finest split); [`NO_SPLIT`] runs everything on the
/// calling thread.
///
/// ```
/// use hooke::{column::Column, lanes::{decay_shared, LaneCoeffs}, par, SpringCoeffs};
/// let (mut x, mut v) = (Column::new(100_000, 1.0), Column::new(100_000, 0.0));
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 0.05));
/// par::run((x.lanes_mut(), v.lanes_mut()), 1024, &|(x, v): (&mut [_], &mut [_])| {
///     decay_shared(x, v, &c)
/// });
/// assert!(x.as_slice()[99_999] < 1.0);
/// ```
pub fn run<P, K>(parts: P, grain: usize, kernel: &K)
where
    P: Split,
    K: Fn(P) + Sync,
{
    run_reduce(parts, grain, kernel, &|(), ()| ());
}

/// [`run`] for kernels that return a value: the pieces' results are combined with `reduce`,
/// always in lane order (`reduce(left, right)`), so the result is the same for any thread count
/// whenever `reduce` is associative.
///
/// ```
/// use hooke::{column::Column, par};
/// let mut x = Column::new(100_000, 1.0);
/// x.as_mut_slice()[77_777] = 5.0;
/// // Does any lane exceed 2? (e.g. "is anything still moving" after a kernel)
/// let any = par::run_reduce(x.lanes_mut(), 1024, &|x: &mut [wide::f32x8]| {
///     x.iter().any(|l| l.to_array().iter().any(|&v| v > 2.0))
/// }, &|a, b| a || b);
/// assert!(any);
/// ```
pub fn run_reduce<P, K, R, F>(parts: P, grain: usize, kernel: &K, reduce: &F) -> R
where
    P: Split,
    K: Fn(P) -> R + Sync,
    R: Send,
    F: Fn(R, R) -> R + Sync,
{
    let grain = grain.max(1);
    let n = parts.lanes();
    if n == usize::MAX || n < grain.saturating_mul(2) {
        return kernel(parts);
    }
    let (left, right) = parts.split_at(n / 2);
    let (l, r) = rayon::join(
        || run_reduce(left, grain, kernel, reduce),
        || run_reduce(right, grain, kernel, reduce),
    );
    reduce(l, r)
}
