//! Spring coefficients in SIMD lanes: shared by a group (`LaneCoeffs`) or one per spring
//! (`CoeffColumns`, borrowed by kernels as `CoeffSlices`). Their computation for per-lane
//! parameters is in `closed_form.rs`.

use wide::{f32x8, f64x4};

use super::closed_form::{critical_lanes, stiffness_damping_lanes};
use crate::coeffs::SpringCoeffs;
use crate::column::Column;

/// One [`SpringCoeffs`] splatted across 8 lanes (springs that share parameters).
///
/// ```
/// use hooke::{lanes::LaneCoeffs, SpringCoeffs};
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 1.0 / 60.0));
/// assert_eq!(c.vv.to_array()[7], SpringCoeffs::critical(0.1, 1.0 / 60.0).vv);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LaneCoeffs {
    /// See [`SpringCoeffs::xx`].
    pub xx: f32x8,
    /// See [`SpringCoeffs::xv`].
    pub xv: f32x8,
    /// See [`SpringCoeffs::xq`].
    pub xq: f32x8,
    /// See [`SpringCoeffs::vx`].
    pub vx: f32x8,
    /// See [`SpringCoeffs::vv`].
    pub vv: f32x8,
    /// See [`SpringCoeffs::vq`].
    pub vq: f32x8,
}

impl LaneCoeffs {
    /// The same coefficients in every lane.
    ///
    /// ```
    /// use hooke::{lanes::LaneCoeffs, SpringCoeffs};
    /// assert_eq!(LaneCoeffs::splat(&SpringCoeffs::IDENTITY).vv, wide::f32x8::ONE);
    /// ```
    pub fn splat(c: &SpringCoeffs) -> LaneCoeffs {
        LaneCoeffs {
            xx: f32x8::splat(c.xx),
            xv: f32x8::splat(c.xv),
            xq: f32x8::splat(c.xq),
            vx: f32x8::splat(c.vx),
            vv: f32x8::splat(c.vv),
            vq: f32x8::splat(c.vq),
        }
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
        SpringCoeffs {
            xx: self.xx.to_array()[lane],
            xv: self.xv.to_array()[lane],
            xq: self.xq.to_array()[lane],
            vx: self.vx.to_array()[lane],
            vv: self.vv.to_array()[lane],
            vq: self.vq.to_array()[lane],
        }
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
#[derive(Debug, Clone, PartialEq)]
pub struct CoeffColumns {
    /// See [`SpringCoeffs::xx`].
    pub xx: Column,
    /// See [`SpringCoeffs::xv`].
    pub xv: Column,
    /// See [`SpringCoeffs::xq`].
    pub xq: Column,
    /// See [`SpringCoeffs::vx`].
    pub vx: Column,
    /// See [`SpringCoeffs::vv`].
    pub vv: Column,
    /// See [`SpringCoeffs::vq`].
    pub vq: Column,
}

impl CoeffColumns {
    /// Identity coefficients for `len` springs.
    ///
    /// ```
    /// let c = hooke::lanes::CoeffColumns::identity(5);
    /// assert_eq!(c.vv.as_slice(), &[1.0; 5]);
    /// ```
    pub fn identity(len: usize) -> CoeffColumns {
        CoeffColumns {
            xx: Column::new(len, 0.0),
            xv: Column::new(len, 0.0),
            xq: Column::new(len, 0.0),
            vx: Column::new(len, 0.0),
            vv: Column::with_padding(len, 1.0, 1.0),
            vq: Column::new(len, 0.0),
        }
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
            let c = critical_lanes(*h, t);
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
            let c = stiffness_damping_lanes(*s, *d, t);
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
        SpringCoeffs {
            xx: self.xx.as_slice()[index],
            xv: self.xv.as_slice()[index],
            xq: self.xq.as_slice()[index],
            vx: self.vx.as_slice()[index],
            vv: self.vv.as_slice()[index],
            vq: self.vq.as_slice()[index],
        }
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
        LaneCoeffs {
            xx: self.xx.lanes()[i],
            xv: self.xv.lanes()[i],
            xq: self.xq.lanes()[i],
            vx: self.vx.lanes()[i],
            vv: self.vv.lanes()[i],
            vq: self.vq.lanes()[i],
        }
    }

    /// The six coefficient lane slices, for kernels.
    ///
    /// ```
    /// let c = hooke::lanes::CoeffColumns::identity(9);
    /// assert_eq!(c.slices().vv.len(), 2);
    /// ```
    pub fn slices(&self) -> CoeffSlices<'_> {
        CoeffSlices {
            xx: self.xx.lanes(),
            xv: self.xv.lanes(),
            xq: self.xq.lanes(),
            vx: self.vx.lanes(),
            vv: self.vv.lanes(),
            vq: self.vq.lanes(),
        }
    }

    fn store(&mut self, i: usize, c: &LaneCoeffs) {
        self.xx.lanes_mut()[i] = c.xx;
        self.xv.lanes_mut()[i] = c.xv;
        self.xq.lanes_mut()[i] = c.xq;
        self.vx.lanes_mut()[i] = c.vx;
        self.vv.lanes_mut()[i] = c.vv;
        self.vq.lanes_mut()[i] = c.vq;
    }
}

/// Borrowed per-spring coefficient lanes (what the per-spring kernels read).
///
/// ```
/// let c = hooke::lanes::CoeffColumns::identity(4);
/// let s: hooke::lanes::CoeffSlices<'_> = c.slices();
/// assert_eq!(s.len(), 1);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct CoeffSlices<'a> {
    /// See [`SpringCoeffs::xx`].
    pub xx: &'a [f32x8],
    /// See [`SpringCoeffs::xv`].
    pub xv: &'a [f32x8],
    /// See [`SpringCoeffs::xq`].
    pub xq: &'a [f32x8],
    /// See [`SpringCoeffs::vx`].
    pub vx: &'a [f32x8],
    /// See [`SpringCoeffs::vv`].
    pub vv: &'a [f32x8],
    /// See [`SpringCoeffs::vq`].
    pub vq: &'a [f32x8],
}

impl<'a> CoeffSlices<'a> {
    /// Number of lane groups (the shortest of the six slices).
    ///
    /// ```
    /// assert_eq!(hooke::lanes::CoeffColumns::identity(17).slices().len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        [self.xx, self.xv, self.xq, self.vx, self.vv, self.vq]
            .iter()
            .map(|s| s.len())
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
        let (xx0, xx1) = self.xx.split_at(mid);
        let (xv0, xv1) = self.xv.split_at(mid);
        let (xq0, xq1) = self.xq.split_at(mid);
        let (vx0, vx1) = self.vx.split_at(mid);
        let (vv0, vv1) = self.vv.split_at(mid);
        let (vq0, vq1) = self.vq.split_at(mid);
        (
            CoeffSlices {
                xx: xx0,
                xv: xv0,
                xq: xq0,
                vx: vx0,
                vv: vv0,
                vq: vq0,
            },
            CoeffSlices {
                xx: xx1,
                xv: xv1,
                xq: xq1,
                vx: vx1,
                vv: vv1,
                vq: vq1,
            },
        )
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
        LaneCoeffs {
            xx: self.xx[i],
            xv: self.xv[i],
            xq: self.xq[i],
            vx: self.vx[i],
            vv: self.vv[i],
            vq: self.vq[i],
        }
    }
}
