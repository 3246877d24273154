//! [`PoseBatch::set_characters`]: the poses of many consecutive characters stored at once, for
//! engines that hold their crowd's pose, with velocities, in arrays (engines whose bones are
//! transforms use [`PoseBatch::set_transforms`], `transforms.rs`, as hooke-bevy does). The
//! checks run eight lanes at a time and fall back to the per-character rule of
//! [`validate`] only to name the first invalid value, so a valid crowd costs one pass over
//! its data instead of a check, an `f64` normalisation and thirteen scattered stores per bone.

use core::ops::Range;

use glam::{Quat, Vec3};
use hooke::column::{QuatColumns, Vec3Columns};
use wide::{f32x8, f64x4};

use crate::batch::PoseBatch;
use crate::error::InertiaError;
use crate::pose::PoseRef;
use crate::scale;
use crate::validate::{self, INPUT};

impl PoseBatch {
    /// Checks the poses of `characters` (consecutive, concatenated in `poses`: `n * bones`
    /// entries per bone field, `n * curves` per curve field, scales empty or `n * bones`, for
    /// `n = characters.len()`) and stores them, rotations normalised, exactly as
    /// [`set_character`](Self::set_character) of each would.
    ///
    /// The lengths are checked first, then the values eight lanes at a time; on an invalid value
    /// the error names the first invalid character and bone (as `set_character` would) and
    /// nothing is written.
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// use hooke_inertia::{InertiaError, PoseBatch, PoseRef};
    ///
    /// let (characters, bones) = (4, 3);
    /// let mut batch = PoseBatch::new(characters, bones, 0)?;
    /// // Characters 1 and 2, bone after bone.
    /// let positions = vec![Vec3::Y; 2 * bones];
    /// let mut rotations = vec![Quat::from_rotation_x(0.5); 2 * bones];
    /// let zeros = vec![Vec3::ZERO; 2 * bones];
    /// fn poses<'a>(x: &'a [Vec3], q: &'a [Quat], zeros: &'a [Vec3]) -> PoseRef<'a> {
    ///     PoseRef {
    ///         positions: x,
    ///         velocities: zeros,
    ///         rotations: q,
    ///         angular_velocities: zeros,
    ///         curves: &[],
    ///         curve_velocities: &[],
    ///         scales: &[],
    ///         scale_velocities: &[],
    ///     }
    /// }
    /// batch.set_characters(1..3, poses(&positions, &rotations, &zeros))?;
    /// assert_eq!(batch.positions().get(2 * bones + 1), Vec3::Y);
    /// assert_eq!(batch.positions().get(3 * bones), Vec3::ZERO);
    ///
    /// // Bone 1 of character 2 is not a rotation: an error naming it, nothing written.
    /// rotations[bones + 1] = Quat::from_xyzw(0.0, 0.0, 0.0, 0.5);
    /// let before = batch.clone();
    /// let err = batch.set_characters(1..3, poses(&positions, &rotations, &zeros));
    /// let err = err.unwrap_err();
    /// assert!(matches!(err, InertiaError::NotUnit { character: 2, bone: 1, .. }));
    /// assert_eq!(batch, before);
    /// # Ok::<(), InertiaError>(())
    /// ```
    pub fn set_characters(
        &mut self,
        characters: Range<usize>,
        poses: PoseRef<'_>,
    ) -> Result<(), InertiaError> {
        let (_, bones, curves) = self.shape();
        self.check_characters(&characters)?;
        // Within the batch, so these products fit.
        let n = characters.len();
        let lanes = n * bones;
        let fast = check_lengths(n, bones, curves, &poses).is_ok() && clearly_valid(&poses);
        if !fast && n == 1 {
            // One character: the checks of `set_character`, in its order.
            self.check_pose(&INPUT, characters.start, &poses)?;
        } else if !fast {
            check_lengths(n, bones, curves, &poses)?;
            for (i, character) in characters.clone().enumerate() {
                let pose = poses.character(i, bones, curves);
                self.check_pose(&INPUT, character, &pose)?;
            }
        }
        let first = characters.start * bones;
        let columns = &mut self.bone_columns;
        store_vec3s(&mut columns.positions, first, poses.positions);
        store_vec3s(&mut columns.velocities, first, poses.velocities);
        store_quats(&mut columns.rotations, first, poses.rotations);
        store_vec3s(
            &mut columns.angular_velocities,
            first,
            poses.angular_velocities,
        );
        let curve_lanes = characters.start * curves..characters.end * curves;
        self.curve_values.as_mut_slice()[curve_lanes.clone()].copy_from_slice(poses.curves);
        self.curve_velocities.as_mut_slice()[curve_lanes].copy_from_slice(poses.curve_velocities);
        if self.has_scales() {
            self.store_scales(first..first + lanes, &poses);
        }
        Ok(())
    }

    /// `characters` is a range of this batch's characters (the bulk setters' first check).
    pub(crate) fn check_characters(&self, characters: &Range<usize>) -> Result<(), InertiaError> {
        if characters.start > characters.end {
            return Err(hooke::ParamError::IndexOutOfRange {
                name: "characters.start",
                index: characters.start,
                len: characters.end,
            }
            .into());
        }
        let count = self.shape().0;
        if characters.end > count {
            hooke::error::check_index("character", characters.end - 1, count)?;
        }
        Ok(())
    }

    /// The scale channel of lanes `lanes` from `poses` (every scale 1, at rest, without scales).
    fn store_scales(&mut self, lanes: Range<usize>, poses: &PoseRef<'_>) {
        for (i, lane) in lanes.enumerate() {
            let (s, v) = match poses.scales.get(i) {
                Some(&s) => (s, poses.scale_velocities[i]),
                None => (Vec3::ONE, Vec3::ZERO),
            };
            let (log, rate) = scale::to_log(s, v);
            let at = 3 * lane..3 * lane + 3;
            self.log_scales.as_mut_slice()[at.clone()].copy_from_slice(&log);
            self.log_scale_velocities.as_mut_slice()[at].copy_from_slice(&rate);
        }
    }
}

/// The lengths of `n` concatenated poses, field by field.
fn check_lengths(
    n: usize,
    bones: usize,
    curves: usize,
    poses: &PoseRef<'_>,
) -> Result<(), InertiaError> {
    let lanes = n * bones;
    validate::check_len(INPUT.positions, lanes, poses.positions.len())?;
    validate::check_len(INPUT.velocities, lanes, poses.velocities.len())?;
    validate::check_len(INPUT.rotations, lanes, poses.rotations.len())?;
    let w = poses.angular_velocities.len();
    validate::check_len(INPUT.angular_velocities, lanes, w)?;
    validate::check_len(INPUT.curves, n * curves, poses.curves.len())?;
    let curve_velocities = poses.curve_velocities.len();
    validate::check_len(INPUT.curve_velocities, n * curves, curve_velocities)?;
    let scales = if poses.scales.is_empty() { 0 } else { lanes };
    validate::check_len(INPUT.scales, scales, poses.scales.len())?;
    validate::check_len(INPUT.scale_velocities, scales, poses.scale_velocities.len())
}

/// Whether every value of `poses` passes the input rule, decided eight lanes at a time; `false`
/// when one might not (the caller then applies the rule to find it). Poses with scales always
/// take the rule.
fn clearly_valid(poses: &PoseRef<'_>) -> bool {
    poses.scales.is_empty()
        && validate::all_finite(poses.positions)
        && validate::all_finite(poses.velocities)
        && validate::all_finite(poses.angular_velocities)
        && poses
            .curves
            .iter()
            .chain(poses.curve_velocities)
            .all(|c| c.is_finite())
        && validate::all_clearly_unit(poses.rotations)
}

/// Eight quaternions as lanes of x, y, z and w.
#[inline(always)]
fn transpose(c: &[Quat]) -> [f32x8; 4] {
    let mut out = [[0.0; 8]; 4];
    for (lane, q) in c[..8].iter().enumerate() {
        for (row, value) in out.iter_mut().zip(q.to_array()) {
            row[lane] = value;
        }
    }
    out.map(f32x8::from)
}

/// `values` into the columns from lane `first` on.
fn store_vec3s(columns: &mut Vec3Columns, first: usize, values: &[Vec3]) {
    let lanes = first..first + values.len();
    let x = &mut columns.x.as_mut_slice()[lanes.clone()];
    let y = &mut columns.y.as_mut_slice()[lanes.clone()];
    let z = &mut columns.z.as_mut_slice()[lanes];
    for (((v, x), y), z) in values.iter().zip(x).zip(y).zip(z) {
        (*x, *y, *z) = (v.x, v.y, v.z);
    }
}

/// `values`, normalised, into the columns from lane `first` on, eight at a time.
fn store_quats(columns: &mut QuatColumns, first: usize, values: &[Quat]) {
    let lanes = first..first + values.len();
    let x = &mut columns.x.as_mut_slice()[lanes.clone()];
    let y = &mut columns.y.as_mut_slice()[lanes.clone()];
    let z = &mut columns.z.as_mut_slice()[lanes.clone()];
    let w = &mut columns.w.as_mut_slice()[lanes];
    let mut groups = values.chunks_exact(8);
    let mut outs = [x, y, z, w].map(|c| c.chunks_exact_mut(8));
    for q in &mut groups {
        let normalised = normalised8(transpose(q));
        for (out, lanes) in outs.iter_mut().zip(normalised) {
            if let Some(out) = out.next() {
                out.copy_from_slice(&lanes);
            }
        }
    }
    let [x, y, z, w] = outs.map(|c| c.into_remainder());
    for ((((q, x), y), z), w) in groups.remainder().iter().zip(x).zip(y).zip(z).zip(w) {
        [*x, *y, *z, *w] = normalised_f32(*q);
    }
}

/// `validate::normalised(q).as_quat()`: plain `f64` arithmetic in glam's order (dot product
/// left to right, `1 / length`, products), equal to it bit for bit (tested).
#[inline(always)]
fn normalised_f32(q: Quat) -> [f32; 4] {
    let [x, y, z, w] = q.to_array().map(f64::from);
    let recip = 1.0 / (x * x + y * y + z * z + w * w).sqrt();
    [x * recip, y * recip, z * recip, w * recip].map(|c| c as f32)
}

/// [`normalised_f32`] of eight quaternions given as lanes of x, y, z, w: the same operations
/// in `f64x4` (IEEE, so the same bits), four lanes at a time.
#[inline(always)]
pub(crate) fn normalised8(q: [f32x8; 4]) -> [[f32; 8]; 4] {
    let q = q.map(f32x8::to_array);
    let mut out = [[0.0; 8]; 4];
    for half in [0, 4] {
        let widen = |c: &[f32; 8]| {
            let h = &c[half..half + 4];
            f64x4::from([h[0], h[1], h[2], h[3]].map(f64::from))
        };
        let [x, y, z, w] = [widen(&q[0]), widen(&q[1]), widen(&q[2]), widen(&q[3])];
        let recip = f64x4::ONE / (x * x + y * y + z * z + w * w).sqrt();
        for (row, c) in out.iter_mut().zip([x, y, z, w]) {
            let c = (c * recip).to_array();
            row[half..half + 4].copy_from_slice(&[c[0], c[1], c[2], c[3]].map(|v| v as f32));
        }
    }
    out
}

#[cfg(test)]
#[path = "bulk_tests.rs"]
pub(crate) mod tests;
