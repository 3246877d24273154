//! Checks of poses where they enter, and the quaternion normalisation rule.
//!
//! Rule: a quaternion is accepted when all four components are finite and its length is within
//! [`hooke::error::UNIT_QUAT_TOLERANCE`] of 1; it is then normalised (in `f64`) wherever it is used. Anything else is
//! an error: silently normalising a quaternion of length 0.5 would hide a bug upstream (a missing
//! normalisation after a blend, a scale baked into a rotation), and a zero quaternion has no
//! direction at all.

use glam::{DQuat, Quat, Vec3};
use wide::f32x8;

use crate::error::InertiaError;
use crate::pose::PoseRef;

// The tolerance is hooke's one unit-quaternion tolerance, shared with its batches and the C ABI.
use hooke::error::UNIT_QUAT_TOLERANCE;

/// Checks one rotation with the rule above and returns it normalised.
///
/// ```
/// use glam::Quat;
/// use hooke_inertia::{check_rotation, InertiaError};
/// let q = check_rotation("rotations", 2, 5, Quat::from_xyzw(0.0, 0.0, 0.0, 1.0005)).unwrap();
/// assert!((q.length() - 1.0).abs() < 1e-7);
/// let err = check_rotation("rotations", 2, 5, Quat::from_xyzw(0.0, 0.0, 0.0, 0.5)).unwrap_err();
/// assert!(matches!(err, InertiaError::NotUnit { character: 2, bone: 5, .. }));
/// ```
pub fn check_rotation(
    field: &'static str,
    character: usize,
    bone: usize,
    q: Quat,
) -> Result<Quat, InertiaError> {
    if !q.is_finite() {
        return Err(InertiaError::NotFinite {
            field,
            character,
            bone,
            value: q.to_array(),
        });
    }
    let length = q.length();
    if (length - 1.0).abs() > UNIT_QUAT_TOLERANCE {
        return Err(InertiaError::NotUnit {
            field,
            character,
            bone,
            length,
        });
    }
    Ok(normalised(q).as_quat())
}

/// `q` normalised in `f64` (for quaternions that passed [`check_rotation`]).
pub(crate) fn normalised(q: Quat) -> DQuat {
    q.as_dquat().normalize()
}

/// A per-bone value that must be finite; reported in [`InertiaError::NotFinite`] as four floats.
trait Checked: Copy {
    fn finite(self) -> bool;
    fn reported(self) -> [f32; 4];
}

impl Checked for Vec3 {
    fn finite(self) -> bool {
        self.is_finite()
    }
    fn reported(self) -> [f32; 4] {
        self.extend(0.0).to_array()
    }
}

impl Checked for f32 {
    fn finite(self) -> bool {
        self.is_finite()
    }
    fn reported(self) -> [f32; 4] {
        [self, 0.0, 0.0, 0.0]
    }
}

/// `values` has `expected` elements, all finite.
fn check_values<T: Checked>(
    field: &'static str,
    character: usize,
    expected: usize,
    values: &[T],
) -> Result<(), InertiaError> {
    check_len(field, expected, values.len())?;
    match values.iter().position(|v| !v.finite()) {
        None => Ok(()),
        Some(bone) => Err(InertiaError::NotFinite {
            field,
            character,
            bone,
            value: values[bone].reported(),
        }),
    }
}

pub(crate) fn check_len(
    field: &'static str,
    expected: usize,
    found: usize,
) -> Result<(), InertiaError> {
    Ok(hooke::error::check_len(field, expected, found)?)
}

/// Field names of one pose role ("source", "destination", "input").
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fields {
    pub positions: &'static str,
    pub velocities: &'static str,
    pub rotations: &'static str,
    pub angular_velocities: &'static str,
    pub curves: &'static str,
    pub curve_velocities: &'static str,
    pub scales: &'static str,
    pub scale_velocities: &'static str,
}

macro_rules! fields {
    ($role:literal) => {
        Fields {
            positions: concat!($role, ".positions"),
            velocities: concat!($role, ".velocities"),
            rotations: concat!($role, ".rotations"),
            angular_velocities: concat!($role, ".angular_velocities"),
            curves: concat!($role, ".curves"),
            curve_velocities: concat!($role, ".curve_velocities"),
            scales: concat!($role, ".scales"),
            scale_velocities: concat!($role, ".scale_velocities"),
        }
    };
}

pub(crate) const SOURCE: Fields = fields!("source");
pub(crate) const DESTINATION: Fields = fields!("destination");
pub(crate) const INPUT: Fields = fields!("input");

/// The counts a pose must match: bones, curves, and whether the rig has a scale channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shape {
    pub bones: usize,
    pub curves: usize,
    pub scales: bool,
}

/// Checks a whole pose of `character` against the rig's shape.
pub(crate) fn check_pose(
    fields: &Fields,
    character: usize,
    shape: Shape,
    pose: &PoseRef<'_>,
) -> Result<(), InertiaError> {
    check_pose_after(
        fields,
        character,
        shape,
        pose,
        bones_pass(shape.bones, pose),
    )
}

/// Checks two poses of `character` (a transition's source and destination), in order: the
/// same errors as [`check_pose`] on each, once a pre-check has said whether each pose's bones
/// certainly pass (`passed`: [`bones_pass`], or the lanes of a gathered pose,
/// [`doubtful_lanes`]).
pub(crate) fn check_poses(
    character: usize,
    shape: Shape,
    [(fields_a, a), (fields_b, b)]: [(&Fields, &PoseRef<'_>); 2],
    [pass_a, pass_b]: [bool; 2],
) -> Result<(), InertiaError> {
    check_pose_after(fields_a, character, shape, a, pass_a)?;
    check_pose_after(fields_b, character, shape, b, pass_b)
}

/// [`check_pose`] once [`bones_pass`] has said whether the bones certainly pass (`bones_ok`).
fn check_pose_after(
    fields: &Fields,
    character: usize,
    shape: Shape,
    pose: &PoseRef<'_>,
    bones_ok: bool,
) -> Result<(), InertiaError> {
    let Shape { bones, curves, .. } = shape;
    if !bones_ok {
        check_values(fields.positions, character, bones, pose.positions)?;
        check_values(fields.velocities, character, bones, pose.velocities)?;
        check_len(fields.rotations, bones, pose.rotations.len())?;
        for (bone, q) in pose.rotations.iter().enumerate() {
            check_rotation(fields.rotations, character, bone, *q)?;
        }
        check_values(
            fields.angular_velocities,
            character,
            bones,
            pose.angular_velocities,
        )?;
    }
    check_values(fields.curves, character, curves, pose.curves)?;
    check_values(
        fields.curve_velocities,
        character,
        curves,
        pose.curve_velocities,
    )?;
    check_scales(fields, character, shape, pose)
}

/// Whether the bones of `pose` certainly pass the checks of [`check_pose`]: `bones` of each, every
/// vector finite, every rotation's squared length well within the unit tolerance. One pass over
/// the values without an early exit (what makes it several times cheaper than the checks that
/// name the first failure, which run when this says no: it may say no to a pose they accept,
/// never the other way round).
pub(crate) fn bones_pass(bones: usize, pose: &PoseRef<'_>) -> bool {
    // `&`, not `&&`: no branch between the reads, which overlap in memory.
    bone_lengths_fit(bones, pose)
        & all_finite(pose.positions)
        & all_finite(pose.velocities)
        & all_finite(pose.angular_velocities)
        & all_clearly_unit(pose.rotations)
}

/// Whether the four bone arrays of `pose` (positions, velocities, rotations, angular velocities)
/// have the rig's `bones` elements each.
pub(crate) fn bone_lengths_fit(bones: usize, pose: &PoseRef<'_>) -> bool {
    let lengths = [
        pose.positions.len(),
        pose.velocities.len(),
        pose.rotations.len(),
        pose.angular_velocities.len(),
    ];
    lengths.iter().all(|&n| n == bones)
}

/// `|q| - 1` within the unit tolerance is `|q|^2` within `(1 -+ tol)^2`; a margin far above the
/// rounding of either computation keeps [`all_clearly_unit`] inside the exact check
/// ([`check_rotation`]).
const CLEARLY_UNIT_LENGTH_SQUARED: (f32, f32) = {
    let margin = 1e-5;
    let (low, high) = (1.0 - UNIT_QUAT_TOLERANCE, 1.0 + UNIT_QUAT_TOLERANCE);
    (low * low + margin, high * high - margin)
};

/// Whether every component of `values` is finite: integer tests and an `|` reduction, which
/// vectorise (a `bool` fold with an early exit does not). The pre-check of [`bones_pass`] and of
/// `PoseBatch::set_characters`.
pub(crate) fn all_finite(values: &[Vec3]) -> bool {
    let flat: &[f32] = bytemuck::cast_slice(values);
    let exponent = |x: &f32| u32::from(x.to_bits() & 0x7f80_0000 == 0x7f80_0000);
    flat.iter().map(exponent).fold(0, |a, b| a | b) == 0
}

/// Whether every rotation's squared length is within [`CLEARLY_UNIT_LENGTH_SQUARED`] (a
/// non-finite one is not), as [`all_finite`]: what it accepts, [`check_rotation`] accepts.
pub(crate) fn all_clearly_unit(rotations: &[Quat]) -> bool {
    let (low, high) = CLEARLY_UNIT_LENGTH_SQUARED;
    let quats: &[[f32; 4]] = bytemuck::cast_slice(rotations);
    let outside = |q: &[f32; 4]| {
        let n = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
        u32::from(!(n >= low && n <= high))
    };
    quats.iter().map(outside).fold(0, |a, b| a | b) == 0
}

/// The lanes of eight bones (or transforms) that fail the fast check of [`bones_pass`], from
/// their `values` (positions, velocities: any components) and rotation components `x y z w`:
/// a value not finite, or a rotation whose squared length is outside the window
/// [`check_rotation`] certainly accepts ([`CLEARLY_UNIT_LENGTH_SQUARED`]; a non-finite rotation
/// is outside it). The values are tested through their sum, which is not finite when one of
/// them is not (`inf` stays `inf` or becomes NaN): one addition per value. Finite values whose
/// sum overflows fail too, which only sends them to the exact checks.
#[inline(always)]
pub(crate) fn doubtful_lanes<const N: usize>(
    values: [f32x8; N],
    [x, y, z, w]: [f32x8; 4],
) -> f32x8 {
    let (low, high) = CLEARLY_UNIT_LENGTH_SQUARED;
    let n = x * x + y * y + z * z + w * w;
    let sum = values.into_iter().fold(f32x8::ZERO, |a, b| a + b);
    !(sum.abs().simd_le(f32x8::splat(f32::MAX))
        & n.simd_ge(f32x8::splat(low))
        & n.simd_le(f32x8::splat(high)))
}

/// Scales: none (every scale 1, at rest), or one per bone, each component finite and `> 0`
/// (inertialized in log space), with finite velocities; only for a rig with a scale channel, so
/// that no scale is silently dropped.
fn check_scales(
    fields: &Fields,
    character: usize,
    shape: Shape,
    pose: &PoseRef<'_>,
) -> Result<(), InertiaError> {
    if pose.scales.is_empty() {
        return check_len(fields.scale_velocities, 0, pose.scale_velocities.len());
    }
    if !shape.scales {
        return Err(InertiaError::NoScaleChannel {
            field: fields.scales,
        });
    }
    check_values(fields.scales, character, shape.bones, pose.scales)?;
    if let Some(bone) = pose.scales.iter().position(|s| s.min_element() <= 0.0) {
        return Err(InertiaError::NotPositive {
            field: fields.scales,
            character,
            bone,
            value: pose.scales[bone].to_array(),
        });
    }
    check_values(
        fields.scale_velocities,
        character,
        shape.bones,
        pose.scale_velocities,
    )
}

#[cfg(test)]
mod tests {
    use glam::{Quat, Vec3};

    use super::*;
    use crate::pose::Pose;

    /// The pre-check never accepts what the checks reject, and where it says no (rotations near
    /// the tolerance, non-finite values) the checks decide: rotation lengths around both ends
    /// of the unit tolerance, NaN and infinities in each field.
    #[test]
    fn pre_check_agrees_with_the_checks() {
        let shape = Shape {
            bones: 9,
            curves: 0,
            scales: false,
        };
        let check = |pose: &Pose| check_pose(&SOURCE, 0, shape, &pose.as_ref());
        for k in -40..=40 {
            let length = 1.0 + UNIT_QUAT_TOLERANCE * (1.0 + k as f32 * 1e-3);
            for length in [length, 2.0 - length] {
                let mut pose = Pose::rest(9);
                pose.rotations[8] = Quat::from_xyzw(0.0, 0.6 * length, 0.0, 0.8 * length);
                let exact = check_rotation("r", 0, 8, pose.rotations[8]).is_ok();
                assert_eq!(check(&pose).is_ok(), exact, "{length}");
                assert!(!bones_pass(9, &pose.as_ref()) || exact);
            }
        }
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            for field in 0..4 {
                let mut pose = Pose::rest(9);
                match field {
                    0 => pose.positions[7].y = bad,
                    1 => pose.velocities[8].z = bad,
                    2 => pose.rotations[0].x = bad,
                    _ => pose.angular_velocities[3] = Vec3::splat(bad),
                }
                assert!(!bones_pass(9, &pose.as_ref()));
                assert!(check(&pose).is_err());
            }
        }
        assert!(bones_pass(9, &Pose::rest(9).as_ref()));
        assert!(!bones_pass(8, &Pose::rest(9).as_ref()));
    }
}
