//! [`PoseBatch::copy_character`]: one character's pose copied bit for bit from another batch of
//! the same rig (hooke-bevy moves characters between rig groups without a pop).

use crate::batch::PoseBatch;
use crate::error::InertiaError;
use crate::lanes::bone_column_lanes;

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
        let to_columns = bone_column_lanes!(self.bone_columns, as_mut_slice);
        for (to, src) in to_columns
            .into_iter()
            .zip(bone_column_lanes!(from.bone_columns, as_slice))
        {
            copy_lanes(to, src, (to_bones, from_bones), bones);
        }
        let curve_lanes = (character * curves, source * curves, curves);
        let scale_lanes = (3 * to_bones, 3 * from_bones, 3 * bones);
        for (to, src, (to_start, from_start, count)) in [
            (&mut self.curve_values, &from.curve_values, curve_lanes),
            (
                &mut self.curve_velocities,
                &from.curve_velocities,
                curve_lanes,
            ),
            // Empty without a scale channel (both batches lack it, checked above).
            (&mut self.log_scales, &from.log_scales, scale_lanes),
            (
                &mut self.log_scale_velocities,
                &from.log_scale_velocities,
                scale_lanes,
            ),
        ] {
            if !to.as_slice().is_empty() {
                copy_lanes(
                    to.as_mut_slice(),
                    src.as_slice(),
                    (to_start, from_start),
                    count,
                );
            }
        }
        Ok(())
    }
}

/// Lanes `from_start..from_start + count` of `from` into `to` from lane `to_start` on.
fn copy_lanes(to: &mut [f32], from: &[f32], (to_start, from_start): (usize, usize), count: usize) {
    to[to_start..to_start + count].copy_from_slice(&from[from_start..from_start + count]);
}
