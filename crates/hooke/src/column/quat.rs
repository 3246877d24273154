//! `QuatColumns`: rotations of many springs as x, y, z, w columns (identity padding).

use glam::Quat;

use super::Column;
use crate::error::{ParamError, check_len};

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
