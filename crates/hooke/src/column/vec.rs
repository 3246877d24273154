//! `Vec3Columns` and `Vec2Columns`: vectors of many springs as one column per component.

use glam::{Vec2, Vec3};

use super::Column;
use crate::error::{ParamError, check_len};

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
