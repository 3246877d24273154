//! Spring coefficients in SIMD lanes: shared by a group (`LaneCoeffs`) or one per spring
//! (`CoeffColumns`, borrowed by kernels as `CoeffSlices`). Their computation for per-lane
//! parameters is in `closed_form.rs`.

use std::collections::TryReserveError;

use wide::{f32x8, f64x4};

use super::closed_form::{critical_coeffs_f64, stiffness_damping_coeffs_f64};
use crate::coeffs::{Coeffs, SpringCoeffs};
use crate::column::Column;

/// One [`SpringCoeffs`] splatted across 8 lanes (springs that share parameters).
///
/// ```
/// use hooke::{lanes::LaneCoeffs, SpringCoeffs};
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 1.0 / 60.0));
/// assert_eq!(c.vv.to_array()[7], SpringCoeffs::critical(0.1, 1.0 / 60.0).vv);
/// ```
pub type LaneCoeffs = Coeffs<f32x8>;

impl LaneCoeffs {
    /// The same coefficients in every lane.
    ///
    /// ```
    /// use hooke::{lanes::LaneCoeffs, SpringCoeffs};
    /// assert_eq!(LaneCoeffs::splat(&SpringCoeffs::IDENTITY).vv, wide::f32x8::ONE);
    /// ```
    #[inline(always)]
    pub fn splat(c: &SpringCoeffs) -> LaneCoeffs {
        c.map(f32x8::splat)
    }

    /// The coefficients of lane `lane` (0..8).
    ///
    /// ```
    /// use hooke::{lanes::LaneCoeffs, SpringCoeffs};
    /// let c = SpringCoeffs::critical(0.2, 0.01);
    /// assert_eq!(LaneCoeffs::splat(&c).lane(3), c);
    /// ```
    #[track_caller]
    pub fn lane(&self, lane: usize) -> SpringCoeffs {
        self.map(|c| c.to_array()[lane])
    }

    /// Per lane, `if_true`'s coefficients where `mask` is set, else `if_false`'s.
    ///
    /// ```
    /// use hooke::{lanes::LaneCoeffs, SpringCoeffs};
    /// use wide::f32x8;
    /// let mask = f32x8::new([0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]).simd_gt(f32x8::ZERO);
    /// let (snap, id) = (LaneCoeffs::splat(&SpringCoeffs::SNAP), LaneCoeffs::splat(&SpringCoeffs::IDENTITY));
    /// let c = LaneCoeffs::select(mask, &snap, &id);
    /// assert_eq!((c.lane(0), c.lane(1)), (SpringCoeffs::IDENTITY, SpringCoeffs::SNAP));
    /// ```
    #[inline(always)]
    pub fn select(mask: f32x8, if_true: &LaneCoeffs, if_false: &LaneCoeffs) -> LaneCoeffs {
        if_true.zip(*if_false).map(|(t, f)| mask.select(t, f))
    }
}

/// One set of coefficients per spring, as six columns (padding: the identity step).
///
/// ```
/// use hooke::{column::Column, lanes::CoeffColumns};
/// let halflives = Column::from_slice_padded(&[0.1, 0.2, 0.3], 1.0);
/// let coeffs = CoeffColumns::critical(&halflives, 1.0 / 60.0);
/// assert_eq!(coeffs.len(), 3);
/// ```
pub type CoeffColumns = Coeffs<Column>;

impl CoeffColumns {
    /// Identity coefficients for `len` springs.
    ///
    /// ```
    /// let c = hooke::lanes::CoeffColumns::identity(5);
    /// assert_eq!(c.vv.as_slice(), &[1.0; 5]);
    /// ```
    pub fn identity(len: usize) -> CoeffColumns {
        // Padding lanes hold the identity too, so that kernels leave padding state untouched.
        SpringCoeffs::IDENTITY.map(|c| Column::with_padding(len, c, c))
    }

    /// [`identity`](Self::identity), with an error instead of an abort when the columns cannot
    /// be allocated (for sizes that come from a caller or a file).
    ///
    /// ```
    /// use hooke::lanes::CoeffColumns;
    /// assert_eq!(CoeffColumns::try_identity(3)?, CoeffColumns::identity(3));
    /// assert!(CoeffColumns::try_identity(usize::MAX).is_err());
    /// # Ok::<(), std::collections::TryReserveError>(())
    /// ```
    pub fn try_identity(len: usize) -> Result<CoeffColumns, TryReserveError> {
        SpringCoeffs::IDENTITY
            .map(|c| Column::try_with_padding(len, c, c))
            .transpose()
    }

    /// The number of springs.
    ///
    /// ```
    /// assert_eq!(hooke::lanes::CoeffColumns::identity(2).len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.xx.len()
    }

    /// Whether there are no springs.
    ///
    /// ```
    /// assert!(hooke::lanes::CoeffColumns::identity(0).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Coefficients of critical springs with per-spring `halflife` over `dt` (SIMD, branch-free).
    ///
    /// Equal, lane by lane, to [`SpringCoeffs::critical`] up to the last bit of the `f64` exponential.
    ///
    /// ```
    /// use hooke::{column::Column, lanes::CoeffColumns, SpringCoeffs};
    /// let h = Column::from_slice_padded(&[0.05, 0.5], 1.0);
    /// let c = CoeffColumns::critical(&h, 0.02);
    /// let want = SpringCoeffs::critical(0.5, 0.02);
    /// assert!((c.get(1).xx - want.xx).abs() <= 1e-7 && (c.get(1).vx - want.vx).abs() <= 1e-6);
    /// ```
    pub fn critical(halflife: &Column, dt: f32) -> CoeffColumns {
        let mut out = CoeffColumns::identity(halflife.len());
        out.fill_critical(halflife, dt);
        out
    }

    /// Coefficients of general springs with per-spring stiffness and damping (SIMD, branch-free).
    ///
    /// Equal, lane by lane, to [`SpringCoeffs::stiffness_damping`] up to the last bit of the
    /// `f64` transcendental functions.
    ///
    /// ```
    /// use hooke::{column::Column, lanes::CoeffColumns, SpringCoeffs};
    /// let s = Column::from_slice(&[100.0, 0.0, 4.0]);
    /// let d = Column::from_slice(&[1.0, 3.0, 4.0]);
    /// let c = CoeffColumns::stiffness_damping(&s, &d, 0.1);
    /// let want = SpringCoeffs::stiffness_damping(4.0, 4.0, 0.1);
    /// assert!((c.get(2).xx - want.xx).abs() <= 1e-7);
    /// ```
    pub fn stiffness_damping(stiffness: &Column, damping: &Column, dt: f32) -> CoeffColumns {
        let mut out = CoeffColumns::identity(stiffness.len().min(damping.len()));
        out.fill_stiffness_damping(stiffness, damping, dt);
        out
    }

    /// Recomputes these coefficients in place for per-spring halflives (no allocation).
    ///
    /// ```
    /// use hooke::{column::Column, lanes::CoeffColumns, SpringCoeffs};
    /// let h = Column::from_slice_padded(&[0.1], 1.0);
    /// let mut c = CoeffColumns::identity(1);
    /// c.fill_critical(&h, 0.5);
    /// assert!((c.get(0).vv - SpringCoeffs::critical(0.1, 0.5).vv).abs() <= 1e-7);
    /// ```
    pub fn fill_critical(&mut self, halflife: &Column, dt: f32) {
        let t = f64x4::splat(f64::from(dt));
        // Up to the shorter of the two: an input longer than these columns is not an index panic.
        let groups = self.xx.lanes().len();
        for (i, h) in halflife.lanes().iter().take(groups).enumerate() {
            let c = critical_coeffs_f64(*h, t);
            self.store(i, &c);
        }
    }

    /// Recomputes these coefficients in place for per-spring stiffness and damping.
    ///
    /// ```
    /// use hooke::{column::Column, lanes::CoeffColumns, SpringCoeffs};
    /// let (s, d) = (Column::from_slice(&[9.0]), Column::from_slice(&[6.0]));
    /// let mut c = CoeffColumns::identity(1);
    /// c.fill_stiffness_damping(&s, &d, 0.1);
    /// assert!((c.get(0).vv - SpringCoeffs::stiffness_damping(9.0, 6.0, 0.1).vv).abs() < 1e-7);
    /// ```
    pub fn fill_stiffness_damping(&mut self, stiffness: &Column, damping: &Column, dt: f32) {
        let t = f64x4::splat(f64::from(dt));
        let groups = self.xx.lanes().len();
        let inputs = stiffness.lanes().iter().zip(damping.lanes()).take(groups);
        for (i, (s, d)) in inputs.enumerate() {
            let c = stiffness_damping_coeffs_f64(*s, *d, t);
            self.store(i, &c);
        }
    }

    /// The coefficients of spring `index` (panics if out of bounds, like slice indexing).
    ///
    /// ```
    /// let c = hooke::lanes::CoeffColumns::identity(1);
    /// assert_eq!(c.get(0), hooke::SpringCoeffs::IDENTITY);
    /// ```
    #[track_caller]
    pub fn get(&self, index: usize) -> SpringCoeffs {
        self.as_ref().map(|c| c.as_slice()[index])
    }

    /// The coefficient lanes of lane group `i` (panics if out of bounds, like slice indexing;
    /// kernels read [`slices`](Self::slices) instead).
    ///
    /// ```
    /// let c = hooke::lanes::CoeffColumns::identity(3);
    /// assert_eq!(c.group(0).vv, wide::f32x8::ONE);
    /// ```
    #[track_caller]
    pub fn group(&self, i: usize) -> LaneCoeffs {
        self.as_ref().map(|c| c.lanes()[i])
    }

    /// The six coefficient lane slices, for kernels.
    ///
    /// ```
    /// let c = hooke::lanes::CoeffColumns::identity(9);
    /// assert_eq!(c.slices().vv.len(), 2);
    /// ```
    pub fn slices(&self) -> CoeffSlices<'_> {
        self.as_ref().map(Column::lanes)
    }

    fn store(&mut self, i: usize, c: &LaneCoeffs) {
        self.as_mut()
            .zip(*c)
            .map(|(column, c)| column.lanes_mut()[i] = c);
    }
}

/// Borrowed per-spring coefficient lanes (what the per-spring kernels read).
///
/// ```
/// let c = hooke::lanes::CoeffColumns::identity(4);
/// let s: hooke::lanes::CoeffSlices<'_> = c.slices();
/// assert_eq!(s.len(), 1);
/// ```
pub type CoeffSlices<'a> = Coeffs<&'a [f32x8]>;

impl<'a> CoeffSlices<'a> {
    /// Number of lane groups (the shortest of the six slices).
    ///
    /// ```
    /// assert_eq!(hooke::lanes::CoeffColumns::identity(17).slices().len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.map(<[f32x8]>::len)
            .into_array()
            .into_iter()
            .min()
            .unwrap_or(0)
    }

    /// Whether there are no lane groups.
    ///
    /// ```
    /// assert!(hooke::lanes::CoeffColumns::identity(0).slices().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Splits at lane group `mid` (for the threading layer); `mid` is clamped to the length.
    ///
    /// ```
    /// let c = hooke::lanes::CoeffColumns::identity(24);
    /// let (a, b) = c.slices().split_at(1);
    /// assert_eq!((a.len(), b.len()), (1, 2));
    /// ```
    pub fn split_at(self, mid: usize) -> (CoeffSlices<'a>, CoeffSlices<'a>) {
        let mid = mid.min(self.len());
        self.map(|c| c.split_at(mid)).unzip()
    }

    /// The coefficients of lane group `i`.
    ///
    /// ```
    /// let c = hooke::lanes::CoeffColumns::identity(8);
    /// assert_eq!(c.slices().get(0).vv, wide::f32x8::ONE);
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn get(&self, i: usize) -> LaneCoeffs {
        self.map(|c| c[i])
    }
}
