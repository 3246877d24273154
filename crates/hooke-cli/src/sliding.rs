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

/// The sliding of `blended` against `cut` (toe tracks of [`toe_tracks`], same frames) after
/// `seams`, for a rig of `unit` centimetres per unit and frames `dt` seconds apart.
pub(crate) fn planted_sliding(
    cut: &[Vec<Vec3>],
    blended: &[Vec<Vec3>],
    seams: &[usize],
    dt: f32,
    unit: f32,
) -> Sliding {
    let after = (AFTER_SEAM / dt).round() as usize;
    let (mut sum, mut largest, mut samples) = (0.0_f64, 0.0_f32, 0_usize);
    for (cut, out) in cut.iter().zip(blended) {
        let lowest = cut.iter().map(|p| p.y).fold(f32::INFINITY, f32::min);
        for &seam in seams {
            // Forward differences from the seam on: the cut's own jump (seam - 1 -> seam) is
            // not a motion of the planted foot.
            for f in seam..(seam + after).min(cut.len().saturating_sub(1)) {
                let speed_cm = (cut[f + 1] - cut[f]).length() / dt * unit;
                let height_cm = (cut[f].y - lowest) * unit;
                if speed_cm < PLANTED_SPEED_CM && height_cm < PLANTED_HEIGHT_CM {
                    let d = out[f + 1] - out[f];
                    let slide = Vec3::new(d.x, 0.0, d.z).length() / dt * unit;
                    sum += f64::from(slide);
                    largest = largest.max(slide);
                    samples += 1;
                }
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

#[cfg(test)]
mod tests {
    use std::ops::Range;

    use super::*;
    use crate::args::{RootArg, StitchMode};
    use crate::stitch::seam_quality::angular_acceleration;
    use crate::stitch::{self, Blend};

    /// The demo's ranges of the bundled clips (three phases of two walks), stitched with a cut,
    /// inertialized, and inertialized with --lock-feet: the sliding figure of issue 20.
    #[test]
    fn locked_feet_stay_planted_after_the_seams_of_the_bundled_clips() {
        let loaded = stitch::load(&crate::demo::segments()).unwrap();
        let clips: Vec<(&Clip, Range<usize>)> =
            loaded.iter().map(|(c, r)| (c, r.clone())).collect();
        let skeleton = clips[0].0;
        let rig = crate::stitch::feet::rig(skeleton).unwrap();
        let unit = crate::stitch::feet::centimetres_per_unit(skeleton, &rig);
        assert!((unit - 5.6).abs() < 0.1, "{unit}");
        let run = |mode, lock_feet| {
            let blend = Blend {
                mode,
                halflife: 0.1,
                blend_time: 0.2,
                root: RootArg::Anchored,
                root_joint: None,
                lock_feet,
            };
            let s = stitch::stitch(&clips, blend).unwrap();
            let joints = skeleton.joint_count();
            let dt = f64::from(skeleton.frame_time());
            // The largest angular acceleration around the seams (relative to a cut below).
            let worst = s
                .seams
                .iter()
                .map(|&seam| angular_acceleration(&s.rotations, joints, seam, dt))
                .fold(0.0, f64::max);
            let toes = toe_tracks(skeleton, &rig, (&s.positions, &s.rotations));
            (toes, s.seams, worst)
        };
        let (cut, seams, cut_worst) = run(StitchMode::Cut, false);
        let (plain, _, plain_worst) = run(StitchMode::Inertialize, false);
        let (locked, _, locked_worst) = run(StitchMode::Inertialize, true);
        eprintln!(
            "largest angular acceleration at the seams relative to a cut: inertialized {:.3}, \
             with --lock-feet {:.3}",
            plain_worst / cut_worst,
            locked_worst / cut_worst
        );
        assert!(locked_worst <= plain_worst * 1.0001);
        let dt = skeleton.frame_time();
        // Releases do not pop: the toes' largest acceleration after the seams (a pop of a few
        // centimetres in a frame would be thousands of cm/s^2) stays that of the blend's.
        let after = (AFTER_SEAM / dt).round() as usize;
        let toe_acceleration = |toes: &[Vec<Vec3>]| {
            let mut worst = 0.0_f32;
            for toe in toes {
                for &seam in &seams {
                    for f in seam + 1..(seam + after).min(toe.len() - 1) {
                        let a = (toe[f + 1] - 2.0 * toe[f] + toe[f - 1]).length() / (dt * dt);
                        worst = worst.max(a * unit);
                    }
                }
            }
            worst
        };
        let (plain_a, locked_a) = (toe_acceleration(&plain), toe_acceleration(&locked));
        eprintln!(
            "largest toe acceleration in the 0.6 s after the seams (cm/s^2): cut {:.0}, \
             inertialized {plain_a:.0}, with --lock-feet {locked_a:.0}",
            toe_acceleration(&cut)
        );
        assert!(locked_a <= 1.1 * plain_a);
        let before = planted_sliding(&cut, &plain, &seams, dt, unit);
        let after = planted_sliding(&cut, &locked, &seams, dt, unit);
        let cut_itself = planted_sliding(&cut, &cut, &seams, dt, unit);
        eprintln!(
            "planted-foot sliding after seams (cm/s, mean / largest over {} samples): cut {:.1} / \
             {:.1}, inertialized {:.1} / {:.1}, with --lock-feet {:.1} / {:.1}",
            after.samples,
            cut_itself.mean,
            cut_itself.largest,
            before.mean,
            before.largest,
            after.mean,
            after.largest
        );
        assert!(after.samples > 20);
        assert!(after.mean <= 15.0, "{after:?}");
        assert!(after.mean < before.mean, "{after:?} vs {before:?}");
    }
}
