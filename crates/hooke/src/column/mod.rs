//! Structure-of-arrays storage: columns of `f32x8` lanes with a logical length.
//!
//! A [`Column`] stores one field of many springs as `Vec<f32x8>`. Its logical length is usually
//! not a multiple of 8; the lanes past it ("padding") hold an inert value chosen by the column's
//! owner (0 for offsets and velocities, 1 for halflives, the identity for rotations) so a kernel
//! can process whole lanes without ever producing NaN or touching real data. Padding never shows
//! in the `&[f32]` views.

use bytemuck::{cast_slice, cast_slice_mut};
use wide::f32x8;

use crate::error::{ParamError, check_len};

mod quat;
mod soa;
mod vec;

pub use quat::QuatColumns;
pub use vec::{Vec2Columns, Vec3Columns};

/// Number of `f32` values in one SIMD lane group.
pub const LANES: usize = 8;

/// Number of `f32x8` groups needed for `len` values.
///
/// ```
/// assert_eq!(hooke::column::lanes_for(17), 3);
/// ```
pub const fn lanes_for(len: usize) -> usize {
    len.div_ceil(LANES)
}

/// One field of many springs, stored as `f32x8` lanes.
///
/// ```
/// use hooke::column::Column;
///
/// let mut x = Column::from_slice(&[1.0, 2.0, 3.0]);
/// x.as_mut_slice()[1] = 5.0;
/// assert_eq!(x.as_slice(), &[1.0, 5.0, 3.0]);
/// assert_eq!(x.lanes().len(), 1); // one f32x8 holds the three values and five padding lanes
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    lanes: Vec<f32x8>,
    len: usize,
    pad: f32,
}

impl Column {
    /// A column of `len` copies of `value`; padding is 0.
    ///
    /// ```
    /// let c = hooke::column::Column::new(10, 2.5);
    /// assert_eq!(c.len(), 10);
    /// assert!(c.as_slice().iter().all(|&x| x == 2.5));
    /// ```
    pub fn new(len: usize, value: f32) -> Column {
        Column::with_padding(len, value, 0.0)
    }

    /// A column of `len` copies of `value` whose padding lanes hold `pad`.
    ///
    /// ```
    /// let c = hooke::column::Column::with_padding(3, 0.2, 1.0);
    /// assert_eq!(c.lanes()[0].to_array()[3], 1.0);
    /// ```
    pub fn with_padding(len: usize, value: f32, pad: f32) -> Column {
        let mut column = Column {
            lanes: vec![f32x8::splat(pad); lanes_for(len)],
            len,
            pad,
        };
        column.as_mut_slice().fill(value);
        column
    }

    /// [`with_padding`](Self::with_padding) for a `len` that comes from a caller or a file: a
    /// size that cannot be allocated is an error instead of an abort.
    ///
    /// ```
    /// use hooke::column::Column;
    /// assert_eq!(Column::try_with_padding(3, 0.5, 1.0)?, Column::with_padding(3, 0.5, 1.0));
    /// assert!(Column::try_with_padding(usize::MAX, 0.0, 0.0).is_err());
    /// # Ok::<(), std::collections::TryReserveError>(())
    /// ```
    pub fn try_with_padding(
        len: usize,
        value: f32,
        pad: f32,
    ) -> Result<Column, std::collections::TryReserveError> {
        let mut lanes = Vec::new();
        lanes.try_reserve_exact(lanes_for(len))?;
        lanes.resize(lanes_for(len), f32x8::splat(pad));
        let mut column = Column { lanes, len, pad };
        column.as_mut_slice().fill(value);
        Ok(column)
    }

    /// A column holding `values`; padding is 0.
    ///
    /// ```
    /// let c = hooke::column::Column::from_slice(&[0.5; 9]);
    /// assert_eq!(c.lanes().len(), 2);
    /// ```
    pub fn from_slice(values: &[f32]) -> Column {
        Column::from_slice_padded(values, 0.0)
    }

    /// A column holding `values` whose padding lanes hold `pad`.
    ///
    /// ```
    /// let c = hooke::column::Column::from_slice_padded(&[0.1, 0.2], 1.0);
    /// assert_eq!(c.lanes()[0].to_array()[2..], [1.0; 6]);
    /// ```
    pub fn from_slice_padded(values: &[f32], pad: f32) -> Column {
        let mut column = Column::with_padding(values.len(), 0.0, pad);
        column.as_mut_slice().copy_from_slice(values);
        column
    }

    /// The logical length (number of springs).
    ///
    /// ```
    /// assert_eq!(hooke::column::Column::new(5, 0.0).len(), 5);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the column holds no values.
    ///
    /// ```
    /// assert!(hooke::column::Column::new(0, 0.0).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The inert value held by the padding lanes.
    ///
    /// ```
    /// assert_eq!(hooke::column::Column::with_padding(1, 0.0, 1.0).padding(), 1.0);
    /// ```
    pub fn padding(&self) -> f32 {
        self.pad
    }

    /// The values, without padding. (`#[inline]`: the accessors of this type are called per
    /// column by other crates' kernels and bookkeeping, where a call each cost more than the
    /// slice itself.)
    ///
    /// ```
    /// let c = hooke::column::Column::from_slice(&[1.0, 2.0]);
    /// assert_eq!(c.as_slice(), &[1.0, 2.0]);
    /// ```
    #[inline]
    pub fn as_slice(&self) -> &[f32] {
        &cast_slice::<f32x8, f32>(&self.lanes)[..self.len]
    }

    /// The values, without padding, mutably (zero-copy).
    ///
    /// ```
    /// let mut c = hooke::column::Column::new(2, 0.0);
    /// c.as_mut_slice()[0] = 3.0;
    /// assert_eq!(c.as_slice()[0], 3.0);
    /// ```
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [f32] {
        &mut cast_slice_mut::<f32x8, f32>(&mut self.lanes)[..self.len]
    }

    /// The SIMD lanes, padding included (what kernels read).
    ///
    /// ```
    /// let c = hooke::column::Column::new(9, 1.0);
    /// assert_eq!(c.lanes().len(), 2);
    /// ```
    #[inline]
    pub fn lanes(&self) -> &[f32x8] {
        &self.lanes
    }

    /// The SIMD lanes, padding included, mutably. A kernel that writes padding lanes must leave
    /// them inert (finite, and harmless as input to the next step).
    ///
    /// ```
    /// use wide::f32x8;
    /// let mut c = hooke::column::Column::new(3, 1.0);
    /// for lane in c.lanes_mut() {
    ///     *lane *= f32x8::splat(2.0);
    /// }
    /// assert_eq!(c.as_slice(), &[2.0, 2.0, 2.0]);
    /// ```
    #[inline]
    pub fn lanes_mut(&mut self) -> &mut [f32x8] {
        &mut self.lanes
    }

    /// Copies `values` into the column; their length must equal the column's.
    ///
    /// ```
    /// let mut c = hooke::column::Column::new(2, 0.0);
    /// assert!(c.copy_from_slice("x", &[1.0, 2.0]).is_ok());
    /// assert!(c.copy_from_slice("x", &[1.0]).is_err());
    /// ```
    pub fn copy_from_slice(
        &mut self,
        name: &'static str,
        values: &[f32],
    ) -> Result<(), ParamError> {
        check_len(name, self.len, values.len())?;
        self.as_mut_slice().copy_from_slice(values);
        Ok(())
    }

    /// Appends one value (the padding of the last lane group absorbs it, or a new group is added).
    ///
    /// ```
    /// let mut c = hooke::column::Column::new(8, 1.0);
    /// c.push(2.0);
    /// assert_eq!(c.len(), 9);
    /// assert_eq!(c.as_slice()[8], 2.0);
    /// ```
    pub fn push(&mut self, value: f32) {
        if self.len == self.lanes.len() * LANES {
            self.lanes.push(f32x8::splat(self.pad));
        }
        self.len += 1;
        let last = self.len - 1;
        self.as_mut_slice()[last] = value;
    }

    /// Writes the padding value into every padding lane (after a kernel that does not keep it).
    ///
    /// ```
    /// let mut c = hooke::column::Column::with_padding(1, 5.0, 0.0);
    /// c.lanes_mut()[0] = wide::f32x8::splat(5.0);
    /// c.reset_padding();
    /// assert_eq!(c.lanes()[0].to_array(), [5.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    /// ```
    pub fn reset_padding(&mut self) {
        let (len, pad) = (self.len, self.pad);
        cast_slice_mut::<f32x8, f32>(&mut self.lanes)[len..].fill(pad);
    }
}
