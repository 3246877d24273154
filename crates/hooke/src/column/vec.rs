//! `Vec3Columns` and `Vec2Columns`: vectors of many springs as one column per component.

use glam::{Vec2, Vec3};

use super::Column;
use super::soa::component_columns;
use crate::error::{ParamError, check_len};

component_columns! {
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
    pub struct Vec3Columns of Vec3, "vectors", padding "0" {
        /// The x components.
        x: padding 0.0,
        /// The y components.
        y: padding 0.0,
        /// The z components.
        z: padding 0.0,
    }
    made by Vec3::new, default Vec3::ZERO, example Vec3::new(1.0, 2.0, 3.0);
    fn from_vec3s, copy_from_vec3s, write_vec3s, to_vec3s;
    views mut Vec3LanesMut;
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
