//! The seam report of `hooke stitch`: joint accelerations around each seam, probed as the frames
//! stream past, with a cut and with the blend; the printed lines.

use std::io::Write;
use std::ops::Range;

use glam::{Quat, Vec3};
use hooke::scalar::angular_velocity_f64;
use hooke_bvh::Clip;

use super::{Blend, Frames, Settings, Stitched, seams_of, stitch_with};
use crate::args::StitchMode;
use crate::{CliError, clipio};

/// The global joint positions of the output frames around each seam (two frames either side),
/// collected as the frames stream past: all that the seam report needs of a long output.
pub(crate) struct SeamProbe {
    pub(super) seams: Vec<usize>,
    total: usize,
    frame: usize,
    near: Vec<(usize, Vec<Vec3>)>,
}

impl SeamProbe {
    /// A probe for an output of `total` frames with `seams` (ascending).
    pub(crate) fn new(seams: Vec<usize>, total: usize) -> SeamProbe {
        SeamProbe {
            seams,
            total,
            frame: 0,
            near: Vec::new(),
        }
    }

    /// Takes the next output frame (local pose on `skeleton`).
    pub(crate) fn feed(&mut self, skeleton: &Clip, positions: &[Vec3], rotations: &[Quat]) {
        let f = self.frame;
        self.frame += 1;
        // The first seam at or after f - 2: the frame is wanted if it is within 2 of it.
        let i = self.seams.partition_point(|&s| s + 2 < f);
        if self.seams.get(i).is_some_and(|&s| f + 2 >= s) {
            let global = clipio::global_positions(skeleton, positions, rotations);
            self.near.push((f, global));
        }
    }

    /// The largest joint acceleration around `seam` and its joint ([`clipio::largest_acceleration`]
    /// over frames `seam - 1 .. seam + 2`, as on the whole output).
    fn largest(&self, seam: usize, joints: usize, dt: f32) -> (f32, usize) {
        let lo = seam.saturating_sub(2);
        let hi = (seam + 2).min(self.total.saturating_sub(1));
        let mut window = Vec::new();
        for f in lo..=hi {
            if let Some((_, g)) = self.near.iter().find(|(at, _)| *at == f) {
                window.extend_from_slice(g);
            }
        }
        clipio::largest_acceleration(
            &window,
            joints,
            seam.saturating_sub(1) - lo..seam + 2 - lo,
            dt,
        )
    }
}

/// One line per seam: the largest joint acceleration around it with a hard cut and with
/// `blend`, and the joint (for a stitched output in memory; see [`seam_report_with`]).
pub(crate) fn seam_report(
    clips: &[(&Clip, Range<usize>)],
    stitched: &Stitched,
    blend: Blend,
    labels: &[String],
) -> Result<Vec<SeamReport>, CliError> {
    let skeleton = clips[0].0;
    let joints = skeleton.joint_count().max(1);
    let total = stitched.positions.len() / joints;
    let mut probe = SeamProbe::new(stitched.seams.clone(), total);
    for (p, r) in stitched
        .positions
        .chunks_exact(joints)
        .zip(stitched.rotations.chunks_exact(joints))
    {
        probe.feed(skeleton, p, r);
    }
    let sources: Vec<(Frames<'_>, Range<usize>)> = clips
        .iter()
        .map(|(c, r)| (Frames::Clip(c), r.clone()))
        .collect();
    let cut = cut_probe(&sources, skeleton, blend)?;
    Ok(seam_report_with(skeleton, &cut, &probe, labels))
}

/// The seams of a hard cut of `sources`, probed.
pub(crate) fn cut_probe(
    sources: &[(Frames<'_>, Range<usize>)],
    skeleton: &Clip,
    blend: Blend,
) -> Result<SeamProbe, CliError> {
    let seams = seams_of(sources.iter().map(|(_, r)| r.len()));
    let total = sources.iter().map(|(_, r)| r.len()).sum();
    let mut probe = SeamProbe::new(seams, total);
    let cut = Blend {
        mode: StitchMode::Cut,
        ..blend
    };
    stitch_with(sources, cut, &mut |p, r| {
        probe.feed(skeleton, p, r);
        Ok(())
    })?;
    Ok(probe)
}

/// One line per seam from the probes of the cut and of the blended output.
pub(crate) fn seam_report_with(
    skeleton: &Clip,
    cut: &SeamProbe,
    blended: &SeamProbe,
    labels: &[String],
) -> Vec<SeamReport> {
    let dt = skeleton.frame_time();
    let joints = skeleton.joint_count();
    blended
        .seams
        .iter()
        .enumerate()
        .map(|(k, &seam)| {
            let (before, joint) = cut.largest(seam, joints, dt);
            let (after, _) = blended.largest(seam, joints, dt);
            SeamReport {
                frame: seam,
                from: labels[k].clone(),
                to: labels[k + 1].clone(),
                cut: before,
                blended: after,
                joint: skeleton.joint_names()[joint].clone(),
            }
        })
        .collect()
}

/// What happened at one seam.
pub(crate) struct SeamReport {
    pub frame: usize,
    pub from: String,
    pub to: String,
    pub cut: f32,
    pub blended: f32,
    pub joint: String,
}

/// The seam lines and the closing line of `hooke stitch` (on standard error when the output
/// itself goes to standard output).
pub(super) fn print_report(
    (report, skeleton, chosen): (&[SeamReport], &Clip, Option<usize>),
    settings: &Settings,
    total: usize,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let io = CliError::Stdout;
    let mut stderr = std::io::stderr();
    let out = clipio::report(out, &mut stderr, &settings.out);
    if let Some(joint) = chosen {
        writeln!(
            out,
            "root joint: {} ({})",
            skeleton.joint_names()[joint],
            if settings.root_joint.is_some() {
                "--root-joint"
            } else {
                "detected: the highest joint carrying the first range's travel"
            }
        )
        .map_err(io)?;
    }
    for seam in report {
        writeln!(
            out,
            "seam at frame {} ({} -> {}): largest joint acceleration {:.0} with a cut, {:.0} \
             {} ({})",
            seam.frame,
            seam.from,
            seam.to,
            seam.cut,
            seam.blended,
            settings.blend.mode.done(),
            seam.joint
        )
        .map_err(io)?;
    }
    writeln!(
        out,
        "wrote {} ({total} frames, {} seam(s), {})",
        settings.out.display(),
        report.len(),
        settings.blend.mode.done()
    )
    .map_err(io)
}

/// The largest local angular acceleration (rad/s²) over joints and frames `seam - 1 ..= seam + 1`
/// of a pose stream (`rotations` frame-major, `joints` per frame, `dt` seconds apart): second
/// differences of the local rotations, in `f64`.
pub(crate) fn angular_acceleration(rotations: &[Quat], joints: usize, seam: usize, dt: f64) -> f64 {
    let q = |f: usize, j: usize| rotations[f * joints + j].as_dquat().normalize();
    let omega = |f: usize, j: usize| angular_velocity_f64(q(f, j), q(f + 1, j), dt);
    let mut worst = 0.0_f64;
    for f in seam.saturating_sub(1)..=seam + 1 {
        if f == 0 || (f + 2) * joints > rotations.len() {
            continue;
        }
        for j in 0..joints {
            worst = worst.max((omega(f, j) - omega(f - 1, j)).length() / dt);
        }
    }
    worst
}
