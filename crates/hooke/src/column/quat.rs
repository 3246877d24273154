//! `QuatColumns`: rotations of many springs as x, y, z, w columns (identity padding).

use glam::Quat;

use super::Column;
use super::soa::component_columns;
use crate::error::{ParamError, check_len};
use crate::views::QuatLanes;

component_columns! {
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
    pub struct QuatColumns of Quat, "quaternions", padding "the identity" {
        /// The x components.
        x: padding 0.0,
        /// The y components.
        y: padding 0.0,
        /// The z components.
        z: padding 0.0,
        /// The w (scalar) components.
        w: padding 1.0,
    }
    made by Quat::from_xyzw, default Quat::IDENTITY, example Quat::from_rotation_x(1.0);
    fn from_quats, copy_from_quats, write_quats, to_quats;
    views mut QuatLanesMut;
}

impl QuatColumns {
    /// The columns as lane slices, what the kernels read.
    ///
    /// ```
    /// let c = hooke::column::QuatColumns::new(9, glam::Quat::IDENTITY);
    /// assert_eq!(c.lanes().len(), 2); // lane groups of 8
    /// ```
    pub fn lanes(&self) -> QuatLanes<'_> {
        QuatLanes {
            x: self.x.lanes(),
            y: self.y.lanes(),
            z: self.z.lanes(),
            w: self.w.lanes(),
        }
    }
}
