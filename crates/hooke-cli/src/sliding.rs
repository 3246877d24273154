//! Planted-foot sliding after seams (issue 20's metric): wherever the cut version's toe is
//! planted (moving slower than 20 cm/s within 4 cm of its lowest height), the blended output's
//! horizontal toe speed, over the 0.6 s after each seam.

use glam::Vec3;
use hooke_bvh::Clip;
use hooke_inertia::FootRig;

use crate::clipio;

/// Planted if the cut's toe moves slower than this (cm/s)...
const PLANTED_SPEED_CM: f32 = 20.0;
/// ... within this height (cm) of its lowest.
const PLANTED_HEIGHT_CM: f32 = 4.0;
/// Seconds measured after each seam.
pub(crate) const AFTER_SEAM: f32 = 0.6;

/// The sliding of one output: mean and largest horizontal toe speed (cm/s) over the planted
/// frames after the seams, and how many (toe, frame) samples were planted.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Sliding {
    pub mean: f32,
    pub largest: f32,
    pub samples: usize,
}

/// A pose stream's toes: positions per frame (global, frame-major) of each toe of `rig`.
pub(crate) fn toe_tracks(
    skeleton: &Clip,
    rig: &FootRig,
    (positions, rotations): (&[Vec3], &[glam::Quat]),
) -> Vec<Vec<Vec3>> {
    let joints = skeleton.joint_count().max(1);
    let global = clipio::global_positions(skeleton, positions, rotations);
    rig.legs()
        .iter()
        .map(|leg| global.chunks_exact(joints).map(|g| g[leg.toe]).collect())
        .collect()
}

/// The frames `f` after `seam` (forward differences `f -> f + 1`, over `AFTER_SEAM` seconds)
/// where the cut's toe track `cut` is planted: slower than 20 cm/s within 4 cm of its lowest
/// height, for a rig of `unit` centimetres per unit and frames `dt` seconds apart.
pub(crate) fn planted_speeds(
    cut: &[Vec3],
    seam: usize,
    dt: f32,
    unit: f32,
) -> impl Iterator<Item = usize> + '_ {
    let after = (AFTER_SEAM / dt).round() as usize;
    let lowest = cut.iter().map(|p| p.y).fold(f32::INFINITY, f32::min);
    // Forward differences from the seam on: the cut's own jump (seam - 1 -> seam) is not a
    // motion of the planted foot.
    (seam..(seam + after).min(cut.len().saturating_sub(1))).filter(move |&f| {
        let speed_cm = (cut[f + 1] - cut[f]).length() / dt * unit;
        let height_cm = (cut[f].y - lowest) * unit;
        speed_cm < PLANTED_SPEED_CM && height_cm < PLANTED_HEIGHT_CM
    })
}

/// The sliding of `blended` against `cut` (toe tracks of [`toe_tracks`], same frames) after
/// `seams`, for a rig of `unit` centimetres per unit and frames `dt` seconds apart.
pub(crate) fn planted_sliding(
    cut: &[Vec<Vec3>],
    blended: &[Vec<Vec3>],
    seams: &[usize],
    dt: f32,
    unit: f32,
) -> Sliding {
    let (mut sum, mut largest, mut samples) = (0.0_f64, 0.0_f32, 0_usize);
    for (cut, out) in cut.iter().zip(blended) {
        for &seam in seams {
            for f in planted_speeds(cut, seam, dt, unit) {
                let d = out[f + 1] - out[f];
                let slide = Vec3::new(d.x, 0.0, d.z).length() / dt * unit;
                sum += f64::from(slide);
                largest = largest.max(slide);
                samples += 1;
            }
        }
    }
    Sliding {
        mean: if samples > 0 {
            (sum / samples as f64) as f32
        } else {
            0.0
        },
        largest,
        samples,
    }
}
