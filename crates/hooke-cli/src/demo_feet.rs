//! The foot-locking part of `hooke demo` (docs/math.md §7): the demo's ranges stitched with
//! and without `--lock-feet`, the planted-foot sliding after the seams, and plots of a toe's
//! height and horizontal speed at the first seam.

use std::ops::Range;

use glam::Vec3;
use hooke_bvh::Clip;

use crate::args::{RootArg, StitchMode};
use crate::sliding::{Sliding, planted_sliding, toe_tracks};
use crate::stitch::{self, Blend};
use crate::{CliError, plot};

/// What the demo shows of foot locking.
pub(crate) struct FeetDemo {
    /// Sliding of the inertialized output, without and with locking, and of the cut itself.
    pub plain: Sliding,
    pub locked: Sliding,
    pub cut: Sliding,
    /// Toe height (cm above its lowest) and horizontal speed (cm/s) around the first seam.
    pub height_svg: String,
    pub speed_svg: String,
}

/// Stitches `clips` (the demo's ranges) cut, inertialized, and inertialized with locked feet,
/// and measures them.
pub(crate) fn run(clips: &[(&Clip, Range<usize>)]) -> Result<FeetDemo, CliError> {
    let skeleton = clips[0].0;
    let rig = stitch::feet::rig(skeleton)?;
    let unit = stitch::feet::centimetres_per_unit(skeleton, &rig);
    let dt = skeleton.frame_time();
    let toes = |mode, lock_feet| -> Result<(Vec<Vec<Vec3>>, Vec<usize>), CliError> {
        let blend = Blend {
            mode,
            halflife: 0.1,
            blend_time: 0.2,
            root: RootArg::Anchored,
            root_joint: None,
            lock_feet,
        };
        let s = stitch::stitch(clips, blend)?;
        Ok((
            toe_tracks(skeleton, &rig, (&s.positions, &s.rotations)),
            s.seams,
        ))
    };
    let (cut, seams) = toes(StitchMode::Cut, false)?;
    let (plain, _) = toes(StitchMode::Inertialize, false)?;
    let (locked, _) = toes(StitchMode::Inertialize, true)?;
    let seam = seams.first().copied().unwrap_or(0);
    // The toe planted at the seam: the lower one in the cut.
    let toe = (0..cut.len())
        .min_by(|&a, &b| cut[a][seam].y.total_cmp(&cut[b][seam].y))
        .unwrap_or(0);
    let lowest = cut[toe].iter().map(|p| p.y).fold(f32::INFINITY, f32::min);
    let frames = seam.saturating_sub(30)..(seam + 90).min(cut[toe].len().saturating_sub(1));
    let named = [
        ("cut (the destination)", &cut),
        ("inertialized", &plain),
        ("inertialized, --lock-feet", &locked),
    ];
    let series = |f: &dyn Fn(&[Vec3], usize) -> f32| -> Vec<plot::Series> {
        named
            .iter()
            .map(|(name, tracks)| {
                let points = frames
                    .clone()
                    .map(|i| (i as f32 * dt, f(&tracks[toe], i)))
                    .collect();
                ((*name).to_owned(), points)
            })
            .collect()
    };
    let height = |p: &[Vec3], i: usize| (p[i].y - lowest) * unit;
    let speed = |p: &[Vec3], i: usize| {
        let d = p[i + 1] - p[i];
        Vec3::new(d.x, 0.0, d.z).length() / dt * unit
    };
    let name = &skeleton.joint_names()[rig.legs()[toe].toe];
    let failed = |e: String| CliError::Failure(format!("plotting the feet: {e}"));
    let height_svg = plot::lines(
        &format!("{name} height at the first seam (frame {seam})"),
        &series(&height),
        "time (s)",
        "height above its lowest (cm)",
    )
    .map_err(failed)?;
    let speed_svg = plot::lines(
        &format!("{name} horizontal speed at the first seam (frame {seam})"),
        &series(&speed),
        "time (s)",
        "horizontal speed (cm/s)",
    )
    .map_err(failed)?;
    Ok(FeetDemo {
        plain: planted_sliding(&cut, &plain, &seams, dt, unit),
        locked: planted_sliding(&cut, &locked, &seams, dt, unit),
        cut: planted_sliding(&cut, &cut, &seams, dt, unit),
        height_svg,
        speed_svg,
    })
}

impl FeetDemo {
    /// The summary's section.
    pub(crate) fn markdown(&self) -> String {
        format!(
            "## Foot locking\n\nPlanted-foot sliding in the {after} s after each seam (wherever \
             the cut's toe moves slower than 20 cm/s within 4 cm of its lowest height; the \
             output's horizontal toe speed; the CMU unit taken as 5.6 cm): inertialized \
             {:.1} cm/s on average (largest {:.1}), with `--lock-feet` {:.1} cm/s (largest \
             {:.1}); the destination itself moves {:.1} cm/s there. {} samples. Plots: \
             `feet_height.svg`, `feet_speed.svg`.\n\n",
            self.plain.mean,
            self.plain.largest,
            self.locked.mean,
            self.locked.largest,
            self.cut.mean,
            self.locked.samples,
            after = crate::sliding::AFTER_SEAM,
        )
    }

    /// The line printed on standard output.
    pub(crate) fn line(&self) -> String {
        format!(
            "feet: planted-foot sliding after the seams {:.1} cm/s inertialized, {:.1} cm/s with \
             --lock-feet (largest {:.1} -> {:.1})",
            self.plain.mean, self.locked.mean, self.plain.largest, self.locked.largest
        )
    }
}
