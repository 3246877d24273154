//! [`PoseBatch`]: the poses of all characters as SoA columns (index = character * bones + bone).

use hooke::column::{Column, QuatColumns, Vec3Columns};

use crate::alloc;
use crate::error::InertiaError;
use crate::lanes::BoneColumns;
use crate::pose::{Pose, PoseRef};
use crate::scale;
use crate::validate::{self, Fields};

/// The poses (with velocities and curves) of many characters with the same rig, stored as
/// `hooke` SoA columns: lane `character * bone_count + bone`. Used as the input and the output of
/// [`crate::Inertializer::update`].
///
/// Poses enter through [`set_character`](Self::set_character), which checks them (lengths, finite
/// values, unit quaternions, see [`hooke::error::UNIT_QUAT_TOLERANCE`]) and stores normalised rotations, so the
/// update kernels never see invalid data.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke_inertia::{Pose, PoseBatch};
///
/// let mut batch = PoseBatch::new(2, 3, 0)?;
/// let mut pose = Pose::rest(3);
/// pose.positions[1] = Vec3::Y;
/// batch.set_character(1, pose.as_ref())?;
/// assert_eq!(batch.positions().get(1 * 3 + 1), Vec3::Y);
/// assert_eq!(batch.character(1)?, pose);
/// # Ok::<(), hooke_inertia::InertiaError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct PoseBatch {
    characters: usize,
    bones: usize,
    curves: usize,
    pub(crate) bone_columns: BoneColumns,
    pub(crate) curve_values: Column,
    pub(crate) curve_velocities: Column,
    scales: bool,
    /// Scale channel (empty without one): `ln s` per component, lane `3 * bone lane + axis`.
    pub(crate) log_scales: Column,
    /// `(d s / dt) / s` per component, same lanes.
    pub(crate) log_scale_velocities: Column,
}

impl PoseBatch {
    /// `characters` characters of `bones` bones and `curves` curves, all at rest (zero positions and
    /// velocities, identity rotations, zero curves).
    ///
    /// A size that does not fit in `usize` is [`InertiaError::SizeOverflow`]; one that cannot be
    /// allocated is an out-of-memory error ([`hooke::ParamError::OutOfMemory`]).
    ///
    /// ```
    /// use hooke_inertia::{InertiaError, PoseBatch};
    /// let batch = PoseBatch::new(1000, 31, 0)?;
    /// assert_eq!(batch.shape(), (1000, 31, 0));
    /// let too_many = PoseBatch::new(usize::MAX / 31 + 1, 31, 0);
    /// assert!(matches!(too_many, Err(InertiaError::SizeOverflow { .. })));
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn new(characters: usize, bones: usize, curves: usize) -> Result<PoseBatch, InertiaError> {
        PoseBatch::with_shape(characters, bones, curves, false)
    }

    /// Like [`PoseBatch::new`], with a scale channel (every scale 1, at rest): for a rig with
    /// [`crate::BlendProfile::with_scales`].
    ///
    /// ```
    /// use glam::Vec3;
    /// use hooke_inertia::{Pose, PoseBatch};
    /// let mut batch = PoseBatch::with_scales(2, 3, 0)?;
    /// assert!(batch.has_scales());
    /// let pose = Pose::rest(3).with_scales(vec![Vec3::splat(2.0); 3], vec![Vec3::ZERO; 3]);
    /// batch.set_character(1, pose.as_ref())?;
    /// assert_eq!(batch.character(1)?.scales[2], Vec3::splat(2.0));
    /// assert_eq!(batch.character(0)?.scales[2], Vec3::ONE);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn with_scales(
        characters: usize,
        bones: usize,
        curves: usize,
    ) -> Result<PoseBatch, InertiaError> {
        PoseBatch::with_shape(characters, bones, curves, true)
    }

    fn with_shape(
        characters: usize,
        bones: usize,
        curves: usize,
        scales: bool,
    ) -> Result<PoseBatch, InertiaError> {
        let bone_lanes = alloc::lanes("pose bones", characters, bones)?;
        let curve_lanes = alloc::lanes("pose curves", characters, curves)?;
        let scale_lanes = if scales {
            alloc::lanes("pose scales", bone_lanes, 3)?
        } else {
            0
        };
        Ok(PoseBatch {
            characters,
            bones,
            curves,
            bone_columns: BoneColumns::rest("pose bones", bone_lanes)?,
            curve_values: alloc::column("pose curves", curve_lanes, 0.0, 0.0)?,
            curve_velocities: alloc::column("pose curves", curve_lanes, 0.0, 0.0)?,
            scales,
            log_scales: alloc::column("pose scales", scale_lanes, 0.0, 0.0)?,
            log_scale_velocities: alloc::column("pose scales", scale_lanes, 0.0, 0.0)?,
        })
    }

    /// `characters` copies of one pose (checked like [`set_character`](Self::set_character)).
    ///
    /// ```
    /// let batch = hooke_inertia::PoseBatch::from_pose(10, hooke_inertia::Pose::rest(4).as_ref())?;
    /// assert_eq!(batch.shape(), (10, 4, 0));
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn from_pose(characters: usize, pose: PoseRef<'_>) -> Result<PoseBatch, InertiaError> {
        let scales = !pose.scales.is_empty();
        let (bones, curves) = (pose.bone_count(), pose.curve_count());
        let mut batch = PoseBatch::with_shape(characters, bones, curves, scales)?;
        for character in 0..characters {
            batch.set_character(character, pose)?;
        }
        Ok(batch)
    }

    /// (characters, bones per character, curves per character).
    ///
    /// ```
    /// assert_eq!(hooke_inertia::PoseBatch::new(2, 3, 4)?.shape(), (2, 3, 4));
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn shape(&self) -> (usize, usize, usize) {
        (self.characters, self.bones, self.curves)
    }

    /// Checks `pose` and stores it as the pose of `character`; rotations are stored normalised.
    ///
    /// ```
    /// use hooke_inertia::{InertiaError, Pose, PoseBatch};
    /// let mut batch = PoseBatch::new(1, 2, 0)?;
    /// let err = batch.set_character(0, Pose::rest(3).as_ref()).unwrap_err();
    /// assert!(matches!(
    ///     err,
    ///     InertiaError::Param(hooke::ParamError::LengthMismatch { name: "input.positions", .. })
    /// ));
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn set_character(
        &mut self,
        character: usize,
        pose: PoseRef<'_>,
    ) -> Result<(), InertiaError> {
        self.check_character(character)?;
        self.set_characters(character..character + 1, pose)
    }

    /// A copy of the pose of `character`.
    ///
    /// ```
    /// let batch = hooke_inertia::PoseBatch::new(1, 2, 0)?;
    /// assert!(batch.character(1).is_err());
    /// assert_eq!(batch.character(0)?, hooke_inertia::Pose::rest(2));
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn character(&self, character: usize) -> Result<Pose, InertiaError> {
        self.check_character(character)?;
        let mut pose = Pose::rest(self.bones);
        let base = character * self.bones;
        for bone in 0..self.bones {
            let (x, v, q, w) = self.bone_columns.get(base + bone);
            pose.positions[bone] = x;
            pose.velocities[bone] = v;
            pose.rotations[bone] = q;
            pose.angular_velocities[bone] = w;
        }
        let range = character * self.curves..(character + 1) * self.curves;
        pose.curves = self.curve_values.as_slice()[range.clone()].to_vec();
        pose.curve_velocities = self.curve_velocities.as_slice()[range].to_vec();
        if self.scales {
            let lanes = 3 * base..3 * (base + self.bones);
            let logs = &self.log_scales.as_slice()[lanes.clone()];
            let rates = &self.log_scale_velocities.as_slice()[lanes];
            (pose.scales, pose.scale_velocities) = logs
                .chunks_exact(3)
                .zip(rates.chunks_exact(3))
                .map(|(l, r)| scale::from_log([l[0], l[1], l[2]], [r[0], r[1], r[2]]))
                .unzip();
        }
        Ok(pose)
    }

    /// Whether the batch has a scale channel ([`PoseBatch::with_scales`]).
    ///
    /// ```
    /// assert!(!hooke_inertia::PoseBatch::new(1, 1, 0)?.has_scales());
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn has_scales(&self) -> bool {
        self.scales
    }

    /// The scale channel as log scales, `ln s`, lane `3 * (character * bones + bone) + axis`
    /// (empty without a scale channel): the form the kernels blend in. [`PoseBatch::character`]
    /// converts back.
    ///
    /// ```
    /// use glam::Vec3;
    /// let pose = hooke_inertia::Pose::rest(1).with_scales(vec![Vec3::new(1.0, 2.0, 1.0)], vec![Vec3::ZERO]);
    /// let batch = hooke_inertia::PoseBatch::from_pose(1, pose.as_ref())?;
    /// assert!((batch.log_scales().as_slice()[1] - 2f32.ln()).abs() < 1e-7);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn log_scales(&self) -> &Column {
        &self.log_scales
    }

    /// The rates of the log scales, `(d s / dt) / s`, same lanes as [`PoseBatch::log_scales`].
    ///
    /// ```
    /// assert!(hooke_inertia::PoseBatch::new(1, 1, 0)?.log_scale_velocities().is_empty());
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn log_scale_velocities(&self) -> &Column {
        &self.log_scale_velocities
    }

    /// Position columns of all bones of all characters.
    ///
    /// ```
    /// assert_eq!(hooke_inertia::PoseBatch::new(2, 3, 0)?.positions().len(), 6);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn positions(&self) -> &Vec3Columns {
        &self.bone_columns.positions
    }

    /// Velocity columns.
    ///
    /// ```
    /// assert_eq!(hooke_inertia::PoseBatch::new(2, 3, 0)?.velocities().len(), 6);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn velocities(&self) -> &Vec3Columns {
        &self.bone_columns.velocities
    }

    /// Rotation columns (unit quaternions, identity padding).
    ///
    /// ```
    /// assert_eq!(hooke_inertia::PoseBatch::new(2, 3, 0)?.rotations().len(), 6);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn rotations(&self) -> &QuatColumns {
        &self.bone_columns.rotations
    }

    /// Angular-velocity columns.
    ///
    /// ```
    /// assert_eq!(hooke_inertia::PoseBatch::new(2, 3, 0)?.angular_velocities().len(), 6);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn angular_velocities(&self) -> &Vec3Columns {
        &self.bone_columns.angular_velocities
    }

    /// Curve-value column (index = character * curves + curve).
    ///
    /// ```
    /// assert_eq!(hooke_inertia::PoseBatch::new(2, 3, 4)?.curves().len(), 8);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn curves(&self) -> &Column {
        &self.curve_values
    }

    /// Curve-velocity column.
    ///
    /// ```
    /// assert_eq!(hooke_inertia::PoseBatch::new(2, 3, 4)?.curve_velocities().len(), 8);
    /// # Ok::<(), hooke_inertia::InertiaError>(())
    /// ```
    pub fn curve_velocities(&self) -> &Column {
        &self.curve_velocities
    }

    pub(crate) fn check_character(&self, character: usize) -> Result<(), InertiaError> {
        hooke::error::check_index("character", character, self.characters)?;
        Ok(())
    }

    pub(crate) fn check_pose(
        &self,
        fields: &Fields,
        character: usize,
        pose: &PoseRef<'_>,
    ) -> Result<(), InertiaError> {
        validate::check_pose(fields, character, self.rig_shape(), pose)
    }

    /// The counts a pose of this batch must match.
    pub(crate) fn rig_shape(&self) -> validate::Shape {
        validate::Shape {
            bones: self.bones,
            curves: self.curves,
            scales: self.scales,
        }
    }
}
