//! [`PoseBatch::copy_character`]: one character's pose copied bit for bit from another batch of
//! the same rig (hooke-bevy moves characters between rig groups without a pop).

use hooke::column::Column;

use crate::batch::PoseBatch;
use crate::error::InertiaError;

impl PoseBatch {
    /// Copies the pose of character `source` of `from` (bones, curves and scales, with their
    /// velocities) into character `character` of this batch, bit for bit: `from`'s values were
    /// checked when they entered it, so nothing is checked or normalised again (unlike
    /// [`set_character`](Self::set_character), whose normalisation may move an already
    /// normalised rotation by an ulp). The batches may hold different numbers of characters.
    ///
    /// Errors, with nothing written: an index out of range (`character`, `source`), a rig of
    /// another shape ([`InertiaError::ShapeMismatch`] naming `from`: the bones and curves must
    /// match), or one batch with a scale channel and the other without
    /// ([`InertiaError::NoScaleChannel`]).
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use hooke_inertia::{InertiaError, Pose, PoseBatch};
    ///
    /// let mut from = PoseBatch::new(3, 2, 0)?;
    /// let mut pose = Pose::rest(2);
    /// pose.positions[1] = Vec3::Y;
    /// pose.rotations[0] = Quat::from_rotation_z(0.3);
    /// from.set_character(2, pose.as_ref())?;
    ///
    /// let mut to = PoseBatch::new(1, 2, 0)?;
    /// to.copy_character(0, &from, 2)?;
    /// assert_eq!(to.character(0)?, from.character(2)?);
    ///
    /// let other_rig = PoseBatch::new(3, 4, 0)?;
    /// assert!(matches!(
    ///     to.copy_character(0, &other_rig, 2),
    ///     Err(InertiaError::ShapeMismatch { field: "from", .. })
    /// ));
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn copy_character(
        &mut self,
        character: usize,
        from: &PoseBatch,
        source: usize,
    ) -> Result<(), InertiaError> {
        let ((characters, bones, curves), (sources, from_bones, from_curves)) =
            (self.shape(), from.shape());
        hooke::error::check_index("character", character, characters)?;
        hooke::error::check_index("source", source, sources)?;
        if (from_bones, from_curves) != (bones, curves) {
            return Err(InertiaError::ShapeMismatch {
                field: "from",
                expected: (sources, bones, curves),
                found: from.shape(),
            });
        }
        if from.has_scales() != self.has_scales() {
            return Err(InertiaError::NoScaleChannel { field: "from" });
        }
        // Within both batches, so these products fit.
        let (to_bones, from_bones) = (character * bones, source * bones);
        let (to, src) = (&mut self.bone_columns, &from.bone_columns);
        let bone_columns = [
            (&mut to.positions.x, &src.positions.x),
            (&mut to.positions.y, &src.positions.y),
            (&mut to.positions.z, &src.positions.z),
            (&mut to.velocities.x, &src.velocities.x),
            (&mut to.velocities.y, &src.velocities.y),
            (&mut to.velocities.z, &src.velocities.z),
            (&mut to.rotations.x, &src.rotations.x),
            (&mut to.rotations.y, &src.rotations.y),
            (&mut to.rotations.z, &src.rotations.z),
            (&mut to.rotations.w, &src.rotations.w),
            (&mut to.angular_velocities.x, &src.angular_velocities.x),
            (&mut to.angular_velocities.y, &src.angular_velocities.y),
            (&mut to.angular_velocities.z, &src.angular_velocities.z),
        ];
        for (to, src) in bone_columns {
            copy_lanes(to, src, (to_bones, from_bones), bones);
        }
        let curve_lanes = (character * curves, source * curves);
        copy_lanes(
            &mut self.curve_values,
            &from.curve_values,
            curve_lanes,
            curves,
        );
        let velocities = (&mut self.curve_velocities, &from.curve_velocities);
        copy_lanes(velocities.0, velocities.1, curve_lanes, curves);
        if self.has_scales() {
            let scale_lanes = (3 * to_bones, 3 * from_bones);
            copy_lanes(
                &mut self.log_scales,
                &from.log_scales,
                scale_lanes,
                3 * bones,
            );
            let rates = (&mut self.log_scale_velocities, &from.log_scale_velocities);
            copy_lanes(rates.0, rates.1, scale_lanes, 3 * bones);
        }
        Ok(())
    }
}

/// Lanes `from_start..from_start + count` of `from` into `to` from lane `to_start` on.
fn copy_lanes(
    to: &mut Column,
    from: &Column,
    (to_start, from_start): (usize, usize),
    count: usize,
) {
    to.as_mut_slice()[to_start..to_start + count]
        .copy_from_slice(&from.as_slice()[from_start..from_start + count]);
}
