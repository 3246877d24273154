//! `hooke track`: the tracking spring (`hooke::scalar::TrackingSpring`, exact form) over every
//! channel of a clip — the position of every joint that has position channels and every joint
//! rotation as a quaternion (four components, kept in the hemisphere of the previous frame,
//! normalised on output) — to remove discontinuities. They are given (`--cuts`), detected
//! (`--detect`), or, with neither, handled by clamping the velocity and acceleration targets.

use std::io::Write;
use std::path::{Path, PathBuf};

use glam::{Quat, Vec3};
use hooke::scalar::{
    TrackingSpring, TrackingTarget, tracking_target_acceleration, tracking_target_velocity,
};
use hooke_bvh::Clip;

use crate::{CliError, clipio, output};

/// How discontinuities are found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Cuts {
    /// These frames start after a discontinuity.
    Given(Vec<usize>),
    /// Velocity and acceleration targets clamped to this multiple of each channel's 99th
    /// percentile.
    Clamp(f32),
}

/// Settings of `hooke track`.
pub struct Settings {
    pub input: PathBuf,
    pub out: PathBuf,
    pub cuts: Vec<usize>,
    pub detect: bool,
    pub threshold: f32,
    pub halflife: f32,
    pub force: bool,
    pub gltf: crate::GltfArgs,
}

/// Local poses of a clip, frame-major.
pub(crate) struct Poses {
    pub positions: Vec<Vec3>,
    pub rotations: Vec<Quat>,
}

/// The poses of every frame of `clip`.
pub(crate) fn poses(clip: &Clip) -> Poses {
    let mut p = Poses {
        positions: Vec::new(),
        rotations: Vec::new(),
    };
    for f in 0..clip.frame_count() {
        p.positions.extend_from_slice(clip.local_positions(f));
        p.rotations.extend_from_slice(clip.local_rotations(f));
    }
    p
}

/// The poses of every frame of a parsed file, converted a window of frames at a time (no
/// whole-file [`Clip`] with its velocities and global poses: memory for a long take stays
/// within a few times the file's size, issue 21). Fallible: the size is the file's.
pub(crate) fn poses_of(bvh: &hooke_bvh::Bvh) -> Result<Poses, CliError> {
    const WINDOW: usize = 4096;
    let frames = bvh.frame_count();
    let lanes = frames.saturating_mul(bvh.joints().len());
    let mut p = Poses {
        positions: Vec::new(),
        rotations: Vec::new(),
    };
    let alloc = |e: std::collections::TryReserveError| {
        CliError::Failure(format!(
            "{frames} frames of {} joints: {e}",
            bvh.joints().len()
        ))
    };
    p.positions.try_reserve_exact(lanes).map_err(alloc)?;
    p.rotations.try_reserve_exact(lanes).map_err(alloc)?;
    for first in (0..frames).step_by(WINDOW) {
        let clip = Clip::from_bvh_frames(bvh, first..frames.min(first + WINDOW));
        for f in 0..clip.frame_count() {
            p.positions.extend_from_slice(clip.local_positions(f));
            p.rotations.extend_from_slice(clip.local_rotations(f));
        }
    }
    Ok(p)
}

/// Frames whose largest joint step (global positions, any joint) is more than `threshold` times
/// the median largest step: the frames that start after a discontinuity.
pub(crate) fn detect(clip: &Clip, poses: &Poses, threshold: f32) -> Vec<usize> {
    let joints = clip.joint_count().max(1);
    let global = clipio::global_positions(clip, &poses.positions, &poses.rotations);
    let frames = global.len() / joints;
    let steps: Vec<f32> = (1..frames)
        .map(|f| {
            (0..joints)
                .map(|j| (global[f * joints + j] - global[(f - 1) * joints + j]).length())
                .fold(0.0, f32::max)
        })
        .collect();
    let mut sorted = steps.clone();
    sorted.sort_by(f32::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    steps
        .iter()
        .enumerate()
        .filter(|&(_, &s)| s > threshold * median.max(1e-6))
        .map(|(i, _)| i + 1)
        .collect()
}

/// The tracking spring that follows the input's velocity and acceleration fully and returns onto
/// its position critically damped with `halflife`: `a = a_goal + s (x_goal - x) + d (v_goal - v)`
/// with `d = 4 ln 2 / halflife`, `s = d² / 4`. On a smooth input the error obeys the critical
/// spring `e'' = -s e - d e'` and stays near 0; after a discontinuity it decays with `halflife`.
/// (The gains of the per-frame form cannot express this: their acceleration and velocity
/// feed-forward is below 1, so in the exact form the output lags a moving input.)
pub(crate) fn tracking_spring(halflife: f32) -> TrackingSpring {
    let damping = 2.0 * hooke::scalar::critical_rate_f64(f64::from(halflife));
    TrackingSpring {
        stiffness: damping * damping / 4.0,
        damping,
        v_goal_force: damping,
        a_goal_force: 1.0,
    }
}

/// One exact step toward `target`, dropping the feed-forward whose target is unknown.
fn step(spring: &TrackingSpring, x: &mut f32, v: &mut f32, target: TrackingTarget, dt: f32) {
    let spring = TrackingSpring {
        v_goal_force: if target.v.is_some() {
            spring.v_goal_force
        } else {
            0.0
        },
        a_goal_force: if target.a.is_some() {
            spring.a_goal_force
        } else {
            0.0
        },
        ..*spring
    };
    spring.coeffs(dt).apply(
        x,
        v,
        target.x,
        target.v.unwrap_or(0.0),
        target.a.unwrap_or(0.0),
    );
}

/// Runs the tracking spring over one scalar channel `samples`, in place.
///
/// At known discontinuities (`cut[f]`: between frames `f - 1` and `f`) the spring is solved
/// exactly with the input's own velocity and acceleration as its targets: its error against the
/// input then obeys the critical spring `e'' = -s e - d e'` (see [`tracking_spring`]), so the
/// output is the input plus an error that starts where the output was going (position and
/// velocity continuous across the cut) and decays with `halflife`
/// (`hooke::scalar::critical_spring_damper_exact`). Between cuts the error decays; far from
/// them the output is the input. With [`Cuts::Clamp`] the discontinuities are unknown: the
/// spring steps toward each sample with targets clamped to the channel's limits.
pub(crate) fn track_channel(
    samples: &mut [f32],
    halflife: f32,
    dt: f32,
    cuts: &Cuts,
    cut: &[bool],
) {
    let Some(&first) = samples.first() else {
        return;
    };
    if let Cuts::Clamp(factor) = cuts {
        let (v_max, a_max) = clamp_limits(samples, dt, *factor);
        let spring = tracking_spring(halflife);
        let mut x = first;
        let mut v = samples.get(1).map_or(0.0, |&next| (next - first) / dt);
        let (mut prev, mut curr) = (first, first);
        for sample in samples.iter_mut().skip(1) {
            let target =
                TrackingTarget::from_samples_clamped(prev, curr, *sample, dt, v_max, a_max);
            step(&spring, &mut x, &mut v, target, dt);
            (prev, curr) = (curr, *sample);
            *sample = x;
        }
        return;
    }
    let input = samples.to_vec();
    // The input's velocity at frame f, from the side that does not cross a cut (saturated:
    // a tiny frame time or values near ±f32::MAX never make it infinite).
    let velocity = |f: usize| {
        let forward = (f + 1 < input.len() && !cut[f + 1])
            .then(|| tracking_target_velocity(input[f + 1], input[f], dt));
        let backward =
            (f >= 1 && !cut[f]).then(|| tracking_target_velocity(input[f], input[f - 1], dt));
        forward.or(backward).unwrap_or(0.0)
    };
    let (mut e, mut ev) = (0.0_f32, 0.0_f32);
    let mut output_velocity = velocity(0);
    for f in 1..input.len() {
        if cut[f] {
            // Where the output was heading, so position and velocity carry on across the cut.
            let predicted = finite_or(samples[f - 1] + output_velocity * dt, || {
                f64::from(samples[f - 1]) + f64::from(output_velocity) * f64::from(dt)
            });
            e = finite_or(predicted - input[f], || {
                f64::from(predicted) - f64::from(input[f])
            });
            let v = velocity(f);
            ev = finite_or(output_velocity - v, || {
                f64::from(output_velocity) - f64::from(v)
            });
        } else {
            hooke::scalar::critical_spring_damper_exact(&mut e, &mut ev, 0.0, 0.0, halflife, dt);
        }
        samples[f] = finite_or(input[f] + e, || f64::from(input[f]) + f64::from(e));
        let v = velocity(f);
        output_velocity = finite_or(v + ev, || f64::from(v) + f64::from(ev));
    }
}

/// `fast`, or where it overflowed `f32`, `slow` (the same sum in `f64`) saturated: finite input
/// never gives an infinite or NaN output (issue 21 row 5).
fn finite_or(fast: f32, slow: impl FnOnce() -> f64) -> f32 {
    if fast.is_finite() {
        fast
    } else {
        hooke::scalar::saturate(slow())
    }
}

/// Velocity and acceleration limits of one channel: `factor` times their 99th percentiles.
fn clamp_limits(samples: &[f32], dt: f32, factor: f32) -> (f32, f32) {
    let quantile = |mut values: Vec<f32>| {
        values.sort_by(f32::total_cmp);
        values
            .get(values.len() * 99 / 100)
            .copied()
            .unwrap_or(0.0)
            .max(1e-6)
    };
    // The targets' own finite differences (saturated, never infinite).
    let v: Vec<f32> = samples
        .windows(2)
        .map(|w| tracking_target_velocity(w[1], w[0], dt).abs())
        .collect();
    let a: Vec<f32> = samples
        .windows(3)
        .map(|w| tracking_target_acceleration(w[2], w[1], w[0], dt).abs())
        .collect();
    (factor * quantile(v), factor * quantile(a))
}

/// Tracks every channel of `clip`'s `poses`, in place.
pub(crate) fn track(clip: &Clip, poses: &mut Poses, halflife: f32, cuts: &Cuts) {
    let joints = clip.joint_count().max(1);
    let frames = poses.positions.len() / joints;
    let dt = clip.frame_time();
    let mut cut = vec![false; frames];
    let given = match cuts {
        Cuts::Given(frames) => frames.clone(),
        Cuts::Clamp(_) => Vec::new(),
    };
    for f in given {
        if let Some(c) = cut.get_mut(f) {
            *c = true;
        }
    }
    let mut channel = vec![0.0_f32; frames];
    for (j, joint) in clip.joints().iter().enumerate() {
        if joint.has_position_channels() {
            for axis in 0..3 {
                for (f, c) in channel.iter_mut().enumerate() {
                    *c = poses.positions[f * joints + j][axis];
                }
                track_channel(&mut channel, halflife, dt, cuts, &cut);
                for (f, c) in channel.iter().enumerate() {
                    poses.positions[f * joints + j][axis] = *c;
                }
            }
        }
        // Quaternions in the hemisphere of the previous frame, so q and -q do not look like a
        // discontinuity.
        for f in 1..frames {
            let (before, now) = (
                poses.rotations[(f - 1) * joints + j],
                &mut poses.rotations[f * joints + j],
            );
            if before.dot(*now) < 0.0 {
                *now = -*now;
            }
        }
        let mut components = [
            vec![0.0_f32; frames],
            vec![0.0; frames],
            vec![0.0; frames],
            vec![0.0; frames],
        ];
        for f in 0..frames {
            let q = poses.rotations[f * joints + j].to_array();
            for (c, value) in components.iter_mut().zip(q) {
                c[f] = value;
            }
        }
        for c in &mut components {
            track_channel(c, halflife, dt, cuts, &cut);
        }
        for (f, rotation) in poses
            .rotations
            .iter_mut()
            .skip(j)
            .step_by(joints)
            .enumerate()
        {
            let q = Quat::from_array(components.each_ref().map(|c| c[f]));
            let length = q.length();
            if length.is_finite() && length > 1e-6 {
                *rotation = q / length;
            }
        }
    }
}

/// Runs `hooke track`.
pub fn run(settings: &Settings, out: &mut dyn Write) -> Result<(), CliError> {
    // A glTF input names its animation after `#`: the file is what must not be written over.
    let files = crate::gltfio::input_files(&settings.input);
    let inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    output::check_target(&settings.out, &inputs, settings.force)?;
    let bvh = clipio::read_bvh_with(&settings.input, &settings.gltf)?;
    if bvh.frame_count() < 1 {
        return Err(CliError::Input(format!(
            "{}: 0 frame(s); at least 1 needed",
            settings.input.display()
        )));
    }
    // The skeleton and frame time only; the poses are converted a window at a time.
    let clip = Clip::from_bvh_frames(&bvh, 0..1);
    let frames = bvh.frame_count();
    if let Some(&bad) = settings.cuts.iter().find(|&&c| c == 0 || c >= frames) {
        return Err(CliError::Input(format!(
            "--cuts: frame {bad} is not inside {} (frames 1 to {})",
            settings.input.display(),
            frames.saturating_sub(1)
        )));
    }
    let mut poses = poses_of(&bvh)?;
    drop(bvh);
    let io = CliError::Stdout;
    let mut stderr = std::io::stderr();
    let cuts = if settings.detect {
        let found = detect(&clip, &poses, settings.threshold);
        let report = clipio::report(out, &mut stderr, &settings.out);
        writeln!(report, "discontinuities detected before frames {found:?}").map_err(io)?;
        Cuts::Given(found)
    } else if settings.cuts.is_empty() {
        writeln!(
            clipio::report(out, &mut stderr, &settings.out),
            "no cuts given: clamping velocity and acceleration targets"
        )
        .map_err(io)?;
        Cuts::Clamp(settings.threshold)
    } else {
        Cuts::Given(settings.cuts.clone())
    };
    track(&clip, &mut poses, settings.halflife, &cuts);
    clipio::write_poses(
        &settings.out,
        &clip,
        (&poses.positions, &poses.rotations),
        (&inputs, settings.force, &settings.gltf),
        out,
    )?;
    let report = clipio::report(out, &mut stderr, &settings.out);
    writeln!(report, "wrote {} ({frames} frames)", settings.out.display()).map_err(io)
}

#[cfg(test)]
mod window_tests {
    use super::*;

    #[test]
    fn poses_converted_a_window_at_a_time_equal_the_whole_clips() {
        // Issue 21 row 3: `track` no longer builds a whole-file Clip (velocities, global poses).
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/cmu/01_03.bvh");
        let bvh = hooke_bvh::Bvh::from_path(path).unwrap(); // 4,511 frames: two windows
        let windowed = poses_of(&bvh).unwrap();
        let whole = poses(&Clip::from_bvh(&bvh));
        assert!(windowed.positions == whole.positions);
        assert!(windowed.rotations == whole.rotations);
    }
}
