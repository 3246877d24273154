//! Structure-of-arrays storage: columns of `f32x8` lanes with a logical length.
//!
//! A [`Column`] stores one field of many springs as `Vec<f32x8>`. Its logical length is usually
//! not a multiple of 8; the lanes past it ("padding") hold an inert value chosen by the column's
//! owner (0 for offsets and velocities, 1 for halflives, the identity for rotations) so a kernel
//! can process whole lanes without ever producing NaN or touching real data. Padding never shows
//! in the `&[f32]` views.

use bytemuck::{cast_slice, cast_slice_mut};
use glam::{Quat, Vec2, Vec3};
use wide::f32x8;

use crate::error::{ParamError, check_len};

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

    /// The values, without padding.
    ///
    /// ```
    /// let c = hooke::column::Column::from_slice(&[1.0, 2.0]);
    /// assert_eq!(c.as_slice(), &[1.0, 2.0]);
    /// ```
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
    pub fn as_mut_slice(&mut self) -> &mut [f32] {
        &mut cast_slice_mut::<f32x8, f32>(&mut self.lanes)[..self.len]
    }

    /// The SIMD lanes, padding included (what kernels read).
    ///
    /// ```
    /// let c = hooke::column::Column::new(9, 1.0);
    /// assert_eq!(c.lanes().len(), 2);
    /// ```
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

/// Three columns holding `Vec3`s (x, y and z of many springs), with conversions from/to AoS.
///
/// ```
/// use glam::Vec3;
/// use hooke::column::Vec3Columns;
///
/// let mut cols = Vec3Columns::from_vec3s(&[Vec3::X, Vec3::new(1.0, 2.0, 3.0)]);
/// cols.set(0, Vec3::Y);
/// assert_eq!(cols.get(1), Vec3::new(1.0, 2.0, 3.0));
/// assert_eq!(cols.to_vec3s(), vec![Vec3::Y, Vec3::new(1.0, 2.0, 3.0)]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Vec3Columns {
    /// The x components.
    pub x: Column,
    /// The y components.
    pub y: Column,
    /// The z components.
    pub z: Column,
}

impl Vec3Columns {
    /// `len` copies of `value`, padding 0.
    ///
    /// ```
    /// let c = hooke::column::Vec3Columns::new(4, glam::Vec3::ZERO);
    /// assert_eq!(c.len(), 4);
    /// ```
    pub fn new(len: usize, value: Vec3) -> Vec3Columns {
        Vec3Columns {
            x: Column::new(len, value.x),
            y: Column::new(len, value.y),
            z: Column::new(len, value.z),
        }
    }

    /// [`new`](Self::new) for a `len` that comes from a caller: a size that cannot be allocated
    /// is an error instead of an abort.
    ///
    /// ```
    /// use hooke::column::Vec3Columns;
    /// assert_eq!(Vec3Columns::try_new(2, glam::Vec3::X)?.len(), 2);
    /// assert!(Vec3Columns::try_new(usize::MAX, glam::Vec3::X).is_err());
    /// # Ok::<(), std::collections::TryReserveError>(())
    /// ```
    pub fn try_new(
        len: usize,
        value: Vec3,
    ) -> Result<Vec3Columns, std::collections::TryReserveError> {
        Ok(Vec3Columns {
            x: Column::try_with_padding(len, value.x, 0.0)?,
            y: Column::try_with_padding(len, value.y, 0.0)?,
            z: Column::try_with_padding(len, value.z, 0.0)?,
        })
    }

    /// From an array of structures.
    ///
    /// ```
    /// let c = hooke::column::Vec3Columns::from_vec3s(&[glam::Vec3::ONE; 3]);
    /// assert_eq!(c.y.as_slice(), &[1.0; 3]);
    /// ```
    pub fn from_vec3s(values: &[Vec3]) -> Vec3Columns {
        let mut columns = Vec3Columns::new(values.len(), Vec3::ZERO);
        columns
            .copy_from_vec3s("vec3", values)
            .expect("lengths match by construction");
        columns
    }

    /// The number of vectors.
    ///
    /// ```
    /// assert!(hooke::column::Vec3Columns::new(0, glam::Vec3::ZERO).is_empty());
    /// ```
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// Whether there are no vectors.
    ///
    /// ```
    /// assert!(!hooke::column::Vec3Columns::new(1, glam::Vec3::ZERO).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The vector at `index` (panics if out of bounds, like slice indexing).
    ///
    /// ```
    /// let c = hooke::column::Vec3Columns::new(2, glam::Vec3::Z);
    /// assert_eq!(c.get(1), glam::Vec3::Z);
    /// ```
    #[track_caller]
    pub fn get(&self, index: usize) -> Vec3 {
        Vec3::new(
            self.x.as_slice()[index],
            self.y.as_slice()[index],
            self.z.as_slice()[index],
        )
    }

    /// Sets the vector at `index` (panics if out of bounds, like slice indexing).
    ///
    /// ```
    /// let mut c = hooke::column::Vec3Columns::new(2, glam::Vec3::Z);
    /// c.set(0, glam::Vec3::X);
    /// assert_eq!(c.get(0), glam::Vec3::X);
    /// ```
    #[track_caller]
    pub fn set(&mut self, index: usize, value: Vec3) {
        self.x.as_mut_slice()[index] = value.x;
        self.y.as_mut_slice()[index] = value.y;
        self.z.as_mut_slice()[index] = value.z;
    }

    /// Copies from an array of structures of the same length.
    ///
    /// ```
    /// let mut c = hooke::column::Vec3Columns::new(1, glam::Vec3::ZERO);
    /// assert!(c.copy_from_vec3s("goal", &[glam::Vec3::ONE, glam::Vec3::ONE]).is_err());
    /// ```
    pub fn copy_from_vec3s(
        &mut self,
        name: &'static str,
        values: &[Vec3],
    ) -> Result<(), ParamError> {
        check_len(name, self.len(), values.len())?;
        let (x, y, z) = (
            self.x.as_mut_slice(),
            self.y.as_mut_slice(),
            self.z.as_mut_slice(),
        );
        for (i, value) in values.iter().enumerate() {
            x[i] = value.x;
            y[i] = value.y;
            z[i] = value.z;
        }
        Ok(())
    }

    /// Writes into an array of structures of the same length.
    ///
    /// ```
    /// let c = hooke::column::Vec3Columns::new(2, glam::Vec3::X);
    /// let mut out = [glam::Vec3::ZERO; 2];
    /// c.write_vec3s("out", &mut out).unwrap();
    /// assert_eq!(out, [glam::Vec3::X; 2]);
    /// ```
    pub fn write_vec3s(&self, name: &'static str, out: &mut [Vec3]) -> Result<(), ParamError> {
        check_len(name, self.len(), out.len())?;
        let (x, y, z) = (self.x.as_slice(), self.y.as_slice(), self.z.as_slice());
        for (i, value) in out.iter_mut().enumerate() {
            *value = Vec3::new(x[i], y[i], z[i]);
        }
        Ok(())
    }

    /// The vectors as an array of structures.
    ///
    /// ```
    /// let c = hooke::column::Vec3Columns::new(1, glam::Vec3::Y);
    /// assert_eq!(c.to_vec3s(), vec![glam::Vec3::Y]);
    /// ```
    pub fn to_vec3s(&self) -> Vec<Vec3> {
        let mut out = vec![Vec3::ZERO; self.len()];
        self.write_vec3s("out", &mut out)
            .expect("lengths match by construction");
        out
    }
}

/// Two columns holding `Vec2`s, with conversions from/to AoS.
///
/// ```
/// use glam::Vec2;
/// let c = hooke::column::Vec2Columns::from_vec2s(&[Vec2::new(1.0, 2.0)]);
/// assert_eq!(c.to_vec2s(), vec![Vec2::new(1.0, 2.0)]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Vec2Columns {
    /// The x components.
    pub x: Column,
    /// The y components.
    pub y: Column,
}

impl Vec2Columns {
    /// From an array of structures; padding 0.
    ///
    /// ```
    /// let c = hooke::column::Vec2Columns::from_vec2s(&[glam::Vec2::ONE; 3]);
    /// assert_eq!(c.x.len(), 3);
    /// ```
    pub fn from_vec2s(values: &[Vec2]) -> Vec2Columns {
        let x: Vec<f32> = values.iter().map(|v| v.x).collect();
        let y: Vec<f32> = values.iter().map(|v| v.y).collect();
        Vec2Columns {
            x: Column::from_slice(&x),
            y: Column::from_slice(&y),
        }
    }

    /// The vectors as an array of structures.
    ///
    /// ```
    /// let c = hooke::column::Vec2Columns::from_vec2s(&[glam::Vec2::X]);
    /// assert_eq!(c.to_vec2s()[0], glam::Vec2::X);
    /// ```
    pub fn to_vec2s(&self) -> Vec<Vec2> {
        self.x
            .as_slice()
            .iter()
            .zip(self.y.as_slice())
            .map(|(&x, &y)| Vec2::new(x, y))
            .collect()
    }
}

/// Four columns holding quaternions (x, y, z, w); padding lanes hold the identity.
///
/// ```
/// use glam::Quat;
/// use hooke::column::QuatColumns;
///
/// let q = Quat::from_rotation_y(0.3);
/// let cols = QuatColumns::from_quats(&[q, Quat::IDENTITY]);
/// assert_eq!(cols.get(0), q);
/// assert_eq!(cols.w.lanes()[0].to_array()[7], 1.0); // identity padding
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct QuatColumns {
    /// The x components.
    pub x: Column,
    /// The y components.
    pub y: Column,
    /// The z components.
    pub z: Column,
    /// The w (scalar) components.
    pub w: Column,
}

impl QuatColumns {
    /// `len` copies of `value`; padding is the identity.
    ///
    /// ```
    /// let c = hooke::column::QuatColumns::new(3, glam::Quat::IDENTITY);
    /// assert_eq!(c.len(), 3);
    /// ```
    pub fn new(len: usize, value: Quat) -> QuatColumns {
        QuatColumns {
            x: Column::with_padding(len, value.x, 0.0),
            y: Column::with_padding(len, value.y, 0.0),
            z: Column::with_padding(len, value.z, 0.0),
            w: Column::with_padding(len, value.w, 1.0),
        }
    }

    /// [`new`](Self::new) for a `len` that comes from a caller: a size that cannot be allocated
    /// is an error instead of an abort.
    ///
    /// ```
    /// use hooke::column::QuatColumns;
    /// assert_eq!(QuatColumns::try_new(2, glam::Quat::IDENTITY)?.len(), 2);
    /// assert!(QuatColumns::try_new(usize::MAX, glam::Quat::IDENTITY).is_err());
    /// # Ok::<(), std::collections::TryReserveError>(())
    /// ```
    pub fn try_new(
        len: usize,
        value: Quat,
    ) -> Result<QuatColumns, std::collections::TryReserveError> {
        Ok(QuatColumns {
            x: Column::try_with_padding(len, value.x, 0.0)?,
            y: Column::try_with_padding(len, value.y, 0.0)?,
            z: Column::try_with_padding(len, value.z, 0.0)?,
            w: Column::try_with_padding(len, value.w, 1.0)?,
        })
    }

    /// From an array of structures.
    ///
    /// ```
    /// let c = hooke::column::QuatColumns::from_quats(&[glam::Quat::IDENTITY; 2]);
    /// assert_eq!(c.w.as_slice(), &[1.0, 1.0]);
    /// ```
    pub fn from_quats(values: &[Quat]) -> QuatColumns {
        let mut columns = QuatColumns::new(values.len(), Quat::IDENTITY);
        columns
            .copy_from_quats("quat", values)
            .expect("lengths match by construction");
        columns
    }

    /// The number of quaternions.
    ///
    /// ```
    /// assert_eq!(hooke::column::QuatColumns::new(7, glam::Quat::IDENTITY).len(), 7);
    /// ```
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// Whether there are no quaternions.
    ///
    /// ```
    /// assert!(hooke::column::QuatColumns::new(0, glam::Quat::IDENTITY).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The quaternion at `index` (panics if out of bounds, like slice indexing).
    ///
    /// ```
    /// let c = hooke::column::QuatColumns::new(1, glam::Quat::IDENTITY);
    /// assert_eq!(c.get(0), glam::Quat::IDENTITY);
    /// ```
    #[track_caller]
    pub fn get(&self, index: usize) -> Quat {
        Quat::from_xyzw(
            self.x.as_slice()[index],
            self.y.as_slice()[index],
            self.z.as_slice()[index],
            self.w.as_slice()[index],
        )
    }

    /// Sets the quaternion at `index` (panics if out of bounds, like slice indexing).
    ///
    /// ```
    /// let mut c = hooke::column::QuatColumns::new(1, glam::Quat::IDENTITY);
    /// c.set(0, glam::Quat::from_rotation_x(1.0));
    /// assert_eq!(c.get(0), glam::Quat::from_rotation_x(1.0));
    /// ```
    #[track_caller]
    pub fn set(&mut self, index: usize, value: Quat) {
        self.x.as_mut_slice()[index] = value.x;
        self.y.as_mut_slice()[index] = value.y;
        self.z.as_mut_slice()[index] = value.z;
        self.w.as_mut_slice()[index] = value.w;
    }

    /// Copies from an array of structures of the same length.
    ///
    /// ```
    /// let mut c = hooke::column::QuatColumns::new(2, glam::Quat::IDENTITY);
    /// assert!(c.copy_from_quats("rotation", &[glam::Quat::IDENTITY]).is_err());
    /// ```
    pub fn copy_from_quats(
        &mut self,
        name: &'static str,
        values: &[Quat],
    ) -> Result<(), ParamError> {
        check_len(name, self.len(), values.len())?;
        let x = self.x.as_mut_slice();
        for (i, q) in values.iter().enumerate() {
            x[i] = q.x;
        }
        let y = self.y.as_mut_slice();
        for (i, q) in values.iter().enumerate() {
            y[i] = q.y;
        }
        let z = self.z.as_mut_slice();
        for (i, q) in values.iter().enumerate() {
            z[i] = q.z;
        }
        let w = self.w.as_mut_slice();
        for (i, q) in values.iter().enumerate() {
            w[i] = q.w;
        }
        Ok(())
    }

    /// Writes into an array of structures of the same length.
    ///
    /// ```
    /// let c = hooke::column::QuatColumns::new(1, glam::Quat::IDENTITY);
    /// let mut out = [glam::Quat::from_rotation_z(1.0)];
    /// c.write_quats("out", &mut out).unwrap();
    /// assert_eq!(out[0], glam::Quat::IDENTITY);
    /// ```
    pub fn write_quats(&self, name: &'static str, out: &mut [Quat]) -> Result<(), ParamError> {
        check_len(name, self.len(), out.len())?;
        let (x, y, z, w) = (
            self.x.as_slice(),
            self.y.as_slice(),
            self.z.as_slice(),
            self.w.as_slice(),
        );
        for (i, q) in out.iter_mut().enumerate() {
            *q = Quat::from_xyzw(x[i], y[i], z[i], w[i]);
        }
        Ok(())
    }

    /// The quaternions as an array of structures.
    ///
    /// ```
    /// let c = hooke::column::QuatColumns::new(2, glam::Quat::IDENTITY);
    /// assert_eq!(c.to_quats().len(), 2);
    /// ```
    pub fn to_quats(&self) -> Vec<Quat> {
        let mut out = vec![Quat::IDENTITY; self.len()];
        self.write_quats("out", &mut out)
            .expect("lengths match by construction");
        out
    }
}
