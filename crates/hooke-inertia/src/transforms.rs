//! [`BoneTransform`] and the bulk path of engines that keep their bones as transforms (a
//! position and a rotation, no velocities): [`PoseBatch::set_transforms`] and
//! [`PoseBatch::write_transforms`]. A transform is eight floats, so eight of them and the batch's
//! columns are one `f32x8::transpose` apart: no per-value shuffling through memory, which is
//! most of the cost of [`PoseBatch::set_characters`] for a crowd gathered every frame.

use core::ops::Range;

use bytemuck::{Pod, Zeroable};
use glam::{Quat, Vec3};
use wide::f32x8;

use crate::batch::PoseBatch;
use crate::bulk::normalised8;
use crate::error::InertiaError;
use crate::validate::{self, INPUT};

/// One bone's position and rotation, as a game engine's transform holds them: eight floats
/// (`x y z`, a padding float, `x y z w`), the unit of [`PoseBatch::set_transforms`] and
/// [`PoseBatch::write_transforms`].
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke_inertia::BoneTransform;
/// let t = BoneTransform::new(Vec3::Y, Quat::from_rotation_z(0.5));
/// assert_eq!((t.position, t.rotation), (Vec3::Y, Quat::from_rotation_z(0.5)));
/// assert_eq!(std::mem::size_of::<BoneTransform>(), 32);
/// assert_eq!(BoneTransform::IDENTITY, BoneTransform::new(Vec3::ZERO, Quat::IDENTITY));
/// ```
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct BoneTransform {
    /// The bone's position (its translation relative to its parent, for a local rig).
    pub position: Vec3,
    /// Always zero: keeps the transform eight floats long, `rotation` 16-byte aligned.
    padding: f32,
    /// The bone's rotation.
    pub rotation: Quat,
}

impl BoneTransform {
    /// The rest transform: zero position, identity rotation.
    ///
    /// ```
    /// use hooke_inertia::BoneTransform;
    /// assert_eq!(BoneTransform::IDENTITY.rotation, glam::Quat::IDENTITY);
    /// ```
    pub const IDENTITY: BoneTransform = BoneTransform::new(Vec3::ZERO, Quat::IDENTITY);

    /// A transform of `position` and `rotation` (checked where it enters a batch, not here).
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// let t = hooke_inertia::BoneTransform::new(Vec3::X, Quat::IDENTITY);
    /// assert_eq!(t.position, Vec3::X);
    /// ```
    pub const fn new(position: Vec3, rotation: Quat) -> BoneTransform {
        BoneTransform {
            position,
            padding: 0.0,
            rotation,
        }
    }
}

impl Default for BoneTransform {
    /// [`BoneTransform::IDENTITY`].
    fn default() -> BoneTransform {
        BoneTransform::IDENTITY
    }
}

/// Eight transforms transposed to columns: `x y z`, padding, `x y z w`.
#[inline(always)]
fn transposed(group: &[BoneTransform; 8]) -> [f32x8; 8] {
    f32x8::transpose(group.map(|t| f32x8::from(bytemuck::cast::<_, [f32; 8]>(t))))
}

/// The lanes after the last whole group of eight (`tail`, fewer than eight) as a group padded
/// with rest transforms.
fn padded(tail: &[BoneTransform]) -> [BoneTransform; 8] {
    let mut group = [BoneTransform::IDENTITY; 8];
    let n = tail.len().min(8);
    group[..n].copy_from_slice(&tail[..n]);
    group
}

/// The lanes of `group` that fail the fast check ([`validate::doubtful_lanes`]).
#[inline(always)]
fn doubtful(group: &[BoneTransform; 8]) -> f32x8 {
    let [x, y, z, _, qx, qy, qz, qw] = transposed(group);
    validate::doubtful_lanes([x, y, z], [qx, qy, qz, qw])
}

/// Whether every transform passes the fast check ([`doubtful`]), eight at a time.
fn clearly_valid(transforms: &[BoneTransform]) -> bool {
    let mut groups = transforms.chunks_exact(8);
    let mut bad = f32x8::ZERO;
    for group in &mut groups {
        if let Ok(group) = group.try_into() {
            bad |= doubtful(group);
        }
    }
    bad |= doubtful(&padded(groups.remainder()));
    bad.to_bitmask() == 0
}

/// The seven columns the batch stores for `group`: `x y z` and the rotation normalised in
/// `f64` as [`validate::check_rotation`] does.
#[inline(always)]
fn stored_columns(group: &[BoneTransform; 8]) -> [[f32; 8]; 7] {
    let [x, y, z, _, qx, qy, qz, qw] = transposed(group);
    let [qx, qy, qz, qw] = normalised8([qx, qy, qz, qw]);
    [x.to_array(), y.to_array(), z.to_array(), qx, qy, qz, qw]
}

/// The input rule applied to one character's transforms, in [`PoseBatch::set_character`]'s
/// order (every position, then every rotation): the first invalid value, named.
fn check_character(character: usize, transforms: &[BoneTransform]) -> Result<(), InertiaError> {
    let not_finite = transforms.iter().position(|t| !t.position.is_finite());
    if let Some(bone) = not_finite {
        return Err(InertiaError::NotFinite {
            field: INPUT.positions,
            character,
            bone,
            value: transforms[bone].position.extend(0.0).to_array(),
        });
    }
    for (bone, t) in transforms.iter().enumerate() {
        validate::check_rotation(INPUT.rotations, character, bone, t.rotation)?;
    }
    Ok(())
}

impl PoseBatch {
    /// Checks the transforms of `characters` (consecutive; `characters.len() * bones` of them,
    /// character after character) and stores them with zero velocities, rotations normalised,
    /// exactly as [`set_character`](Self::set_character) of each with zero velocities would.
    /// Curves and scales keep their values. The bulk input of an engine whose bones are
    /// transforms: eight lanes at a time, one transpose each.
    ///
    /// On an invalid value the error names the first invalid character and bone (as
    /// `set_character` would) and nothing is written.
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use hooke_inertia::{BoneTransform, InertiaError, PoseBatch};
    ///
    /// let (characters, bones) = (3, 2);
    /// let mut batch = PoseBatch::new(characters, bones, 0)?;
    /// let mut pose = vec![BoneTransform::new(Vec3::Y, Quat::from_rotation_x(0.5)); 2 * bones];
    /// batch.set_transforms(1..3, &pose)?;
    /// assert_eq!(batch.positions().get(bones), Vec3::Y);
    /// assert_eq!(batch.positions().get(0), Vec3::ZERO);
    ///
    /// // Bone 1 of character 2 is not a rotation: an error naming it, nothing written.
    /// pose[bones + 1].rotation = Quat::from_xyzw(0.0, 0.0, 0.0, 0.5);
    /// let before = batch.clone();
    /// let err = batch.set_transforms(1..3, &pose).unwrap_err();
    /// assert!(matches!(err, InertiaError::NotUnit { character: 2, bone: 1, .. }));
    /// assert_eq!(batch, before);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn set_transforms(
        &mut self,
        characters: Range<usize>,
        transforms: &[BoneTransform],
    ) -> Result<(), InertiaError> {
        let bones = self.shape().1;
        self.check_characters(&characters)?;
        // Within the batch, so this product fits.
        let lanes = characters.len() * bones;
        validate::check_len("transforms", lanes, transforms.len())?;
        // Checked in a pass of its own before anything is written (an error writes nothing);
        // the store pass below transposes each group again.
        if !clearly_valid(transforms) {
            for (i, character) in characters.clone().enumerate() {
                check_character(character, &transforms[i * bones..(i + 1) * bones])?;
            }
        }
        let first = characters.start * bones;
        let columns = &mut self.bone_columns;
        let (p, q) = (&mut columns.positions, &mut columns.rotations);
        let mut outs = [
            &mut p.x, &mut p.y, &mut p.z, &mut q.x, &mut q.y, &mut q.z, &mut q.w,
        ]
        .map(|c| &mut c.as_mut_slice()[first..first + lanes]);
        let mut groups = transforms.chunks_exact(8);
        for (k, group) in (&mut groups).enumerate() {
            if let Ok(group) = group.try_into() {
                let values = stored_columns(group);
                for (out, values) in outs.iter_mut().zip(&values) {
                    // (Eight lanes of a constant length: one store, no call.)
                    let whole = out.get_mut(8 * k..8 * k + 8).map(<&mut [f32; 8]>::try_from);
                    if let Some(Ok(whole)) = whole {
                        *whole = *values;
                    }
                }
            }
        }
        let tail = groups.remainder();
        if !tail.is_empty() {
            let values = stored_columns(&padded(tail));
            for (out, values) in outs.iter_mut().zip(&values) {
                let n = tail.len();
                out[lanes - n..].copy_from_slice(&values[..n]);
            }
        }
        let rest = first..first + lanes;
        let (v, w) = (&mut columns.velocities, &mut columns.angular_velocities);
        for column in [&mut v.x, &mut v.y, &mut v.z, &mut w.x, &mut w.y, &mut w.z] {
            column.as_mut_slice()[rest.clone()].fill(0.0);
        }
        Ok(())
    }

    /// Every lane's position and rotation into `out` (`characters * bones` transforms,
    /// character after character), eight lanes at a time: what an engine writes back to its
    /// bones after [`Inertializer::update`](crate::Inertializer::update).
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use hooke_inertia::{BoneTransform, InertiaError, PoseBatch};
    ///
    /// let mut batch = PoseBatch::new(2, 5, 0)?;
    /// let pose = vec![BoneTransform::new(Vec3::X, Quat::from_rotation_y(1.0)); 5];
    /// batch.set_transforms(1..2, &pose)?;
    /// let mut out = vec![BoneTransform::IDENTITY; 10];
    /// batch.write_transforms(&mut out)?;
    /// assert_eq!(out[4], BoneTransform::IDENTITY);
    /// assert!(out[5].rotation.abs_diff_eq(Quat::from_rotation_y(1.0), 1e-7));
    /// assert!(batch.write_transforms(&mut out[..9]).is_err());
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn write_transforms(&self, out: &mut [BoneTransform]) -> Result<(), InertiaError> {
        let (count, bones, _) = self.shape();
        validate::check_len("out", count * bones, out.len())?;
        let columns = &self.bone_columns;
        let (p, q) = (&columns.positions, &columns.rotations);
        let [x, y, z] = [&p.x, &p.y, &p.z].map(|c| c.lanes());
        let [qx, qy, qz, qw] = [&q.x, &q.y, &q.z, &q.w].map(|c| c.lanes());
        let groups = x.iter().zip(y).zip(z).zip(qx).zip(qy).zip(qz).zip(qw);
        for (chunk, ((((((x, y), z), qx), qy), qz), qw)) in out.chunks_mut(8).zip(groups) {
            let rows = f32x8::transpose([*x, *y, *z, f32x8::ZERO, *qx, *qy, *qz, *qw]);
            for (t, row) in chunk.iter_mut().zip(rows) {
                *t = bytemuck::cast(row.to_array());
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "transforms_tests.rs"]
mod tests;
