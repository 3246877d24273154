//! `hooke bench` (alias `inertialize`): the crowd benchmark. A crowd of characters plays the bundled CMU clips and
//! switches between distant frames of both clips every second or so; inertialization hides every
//! switch. Reports the update throughput and how much the largest joint acceleration across the
//! switches shrinks compared with hard cuts, and optionally plots one joint of one character.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use glam::{Quat, Vec3};
use hooke_bvh::Clip;
use hooke_inertia::{BlendProfile, Inertializer, PoseBatch, PoseRef, RootPolicy};

use crate::{CliError, Plan, clipio, kernels, output, plot};

/// Settings of the main job.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The two clips the characters switch between.
    pub clips: [PathBuf; 2],
    /// Number of characters.
    pub characters: usize,
    /// Simulated seconds.
    pub seconds: f32,
    /// Inertialization halflife (s).
    pub halflife: f32,
    /// Seconds between switches of one character (each character is offset in time).
    pub switch_every: f32,
    /// Where to write an SVG plot of one joint of character 0, if anywhere.
    pub plot: Option<PathBuf>,
    /// Replace an existing plot file.
    pub force: bool,
    /// Use one thread instead of rayon's pool.
    pub single_thread: bool,
}

/// Where one character is in which clip.
#[derive(Debug, Clone, Copy)]
struct Cursor {
    clip: usize,
    frame: usize,
}

/// Deterministic pseudo-random numbers (xorshift64*), so runs are reproducible.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// Characters whose joint accelerations are tracked for the pop statistics.
const TRACKED: usize = 16;

/// The joint shown in the plot and measured for pops: the left hand in the CMU rig (the last
/// joint in a rig with fewer joints).
const PLOT_JOINT: usize = 20;

/// The plot shows the first seconds only, ending just before the third switch of character 0
/// so that it ends on a settled pose.
const PLOT_SECONDS: f32 = 2.95;

pub fn run(settings: &Settings, out: &mut dyn Write) -> Result<(), CliError> {
    let inputs = [settings.clips[0].as_path(), settings.clips[1].as_path()];
    if let Some(path) = &settings.plot {
        // Before the run, so a clobbering plot path costs nothing.
        output::check_target(path, &inputs, settings.force)?;
    }
    // Frame 0 of the CMU clips is a T-pose that is never played: at least 2 frames. The same
    // file given twice is read once.
    let same = std::fs::canonicalize(inputs[0])
        .ok()
        .is_some_and(|a| std::fs::canonicalize(inputs[1]).is_ok_and(|b| a == b));
    let mut files = vec![Frames::load(inputs[0], 2)?];
    if !same {
        files.push(Frames::load(inputs[1], 2)?);
    }
    let clips = [&files[0], &files[files.len() - 1]];
    // Each check says its own cause: "resampling is not supported" only explains a frame-time
    // mismatch, not a skeleton mismatch.
    let mismatch = |why: &str| {
        let why = why.to_owned();
        move |e: hooke_bvh::ClipMismatch| {
            CliError::Input(format!(
                "{} and {} cannot be played together{why}: {e}",
                inputs[0].display(),
                inputs[1].display()
            ))
        }
    };
    clips[0]
        .skeleton
        .check_same_skeleton(&clips[1].skeleton)
        .map_err(mismatch(" (they need the same skeleton)"))?;
    clips[0]
        .skeleton
        .check_same_frame_time(&clips[1].skeleton)
        .map_err(mismatch(" (resampling is not supported)"))?;
    let bones = clips[0].skeleton.joint_count();
    let dt = clips[0].skeleton.frame_time();
    let n = settings.characters;
    let plan = Plan::new(n, settings.seconds, settings.switch_every, dt, bones)?;
    let (frames, switch_frames) = (plan.frames, plan.switch_frames);
    let plot_joint = PLOT_JOINT.min(bones - 1);
    // Frame 0 of the CMU clips is an added T-pose: never play it (`load` makes sure there is
    // more than frame 0).
    let playable = |clip: &Frames| 1..clip.frame_count();

    let failed = |e: hooke_inertia::InertiaError| CliError::Failure(e.to_string());
    let profile = BlendProfile::uniform(bones, settings.halflife)
        .map_err(|e| CliError::Input(e.to_string()))?;
    let mut inertializer = Inertializer::new(n, profile, RootPolicy::Local).map_err(failed)?;
    let mut input = PoseBatch::new(n, bones, 0).map_err(failed)?;
    let mut output = PoseBatch::new(n, bones, 0).map_err(failed)?;

    let mut rng = Rng(0x5eed);
    let mut cursors: Vec<Cursor> = Vec::new();
    cursors
        .try_reserve_exact(n)
        .map_err(|e| CliError::Failure(format!("{n} characters: {e}")))?;
    cursors.extend((0..n).map(|c| {
        let clip = c % 2;
        let range = playable(clips[clip]);
        Cursor {
            clip,
            frame: range.start + rng.below(range.len()),
        }
    }));

    let mut pops = PopStats::new(TRACKED.min(n), dt);
    let mut plotted: Vec<(f32, f32, f32)> = Vec::new();
    let mut update_time = Duration::ZERO;
    let mut switches = 0_usize;

    let stdout = CliError::Stdout;
    crate::write_banner(out, "")?;
    writeln!(
        out,
        "{n} characters x {bones} bones, {} s at {:.0} Hz, halflife {} s, a switch every {} s",
        settings.seconds,
        1.0 / dt,
        settings.halflife,
        settings.switch_every
    )
    .map_err(stdout)?;

    let mut progress = crate::progress::Progress::new(frames, "frames");
    for frame in 0..frames {
        progress.set(frame);
        for (c, cursor) in cursors.iter_mut().enumerate() {
            let clip = &clips[cursor.clip];
            cursor.frame += 1;
            if cursor.frame >= clip.frame_count() {
                cursor.frame = 1;
            }
            // Characters switch at staggered frames, so every frame has some transitions.
            if (frame + c * 7) % switch_frames == switch_frames - 1 {
                let source = clip.pose(cursor.frame);
                let clip_index = 1 - cursor.clip;
                let range = playable(clips[clip_index]);
                let next = Cursor {
                    clip: clip_index,
                    frame: range.start + rng.below(range.len()),
                };
                let destination = clips[next.clip].pose(next.frame);
                inertializer
                    .transition(c, source, destination)
                    .map_err(failed)?;
                *cursor = next;
                switches += 1;
                pops.mark_switch(c, frame);
            }
            let pose = clips[cursor.clip].pose(cursor.frame);
            input.set_character(c, pose).map_err(failed)?;
        }

        let start = Instant::now();
        let result = if settings.single_thread {
            inertializer.update(dt, &input, &mut output)
        } else {
            inertializer.par_update(dt, &input, &mut output)
        };
        update_time += start.elapsed();
        result.map_err(failed)?;

        for c in 0..pops.tracked() {
            let shown = output.character(c).map_err(failed)?;
            let cut = input.character(c).map_err(failed)?;
            let smooth = joint_position(
                &clips[0].skeleton,
                &shown.positions,
                &shown.rotations,
                plot_joint,
            );
            let hard = joint_position(
                &clips[0].skeleton,
                &cut.positions,
                &cut.rotations,
                plot_joint,
            );
            pops.push(c, smooth, hard);
            let t = frame as f32 * dt;
            if c == 0 && t <= PLOT_SECONDS {
                plotted.push((t, smooth.y, hard.y));
            }
        }
        pops.finish_frame(frame);
    }

    let all_finite = (0..n).all(|c| {
        output.character(c).is_ok_and(|p| {
            p.positions.iter().all(|x| x.is_finite()) && p.rotations.iter().all(|q| q.is_finite())
        })
    });
    let ratios = pops.ratios;
    let bone_updates = (frames * n * bones) as f64;
    writeln!(
        out,
        "{switches} switches, {frames} frames; output finite: {all_finite}"
    )
    .map_err(stdout)?;
    writeln!(
        out,
        "update: {:.2} ms per frame, {:.1} M bones/s ({})",
        update_time.as_secs_f64() * 1e3 / frames.max(1) as f64,
        bone_updates / update_time.as_secs_f64().max(1e-12) / 1e6,
        if settings.single_thread {
            "one thread"
        } else {
            "rayon threads"
        }
    )
    .map_err(stdout)?;
    if let Some(summary) = summarize(&ratios) {
        writeln!(
            out,
            "largest acceleration of the {} joint across {} switches, hard cut / inertialized: \
             median {:.1}x, min {:.1}x, max {:.1}x",
            clips[0].skeleton.joint_names()[plot_joint],
            ratios.len(),
            summary.0,
            summary.1,
            summary.2
        )
        .map_err(stdout)?;
    }
    if !all_finite {
        return Err(CliError::Failure(
            "the output contains non-finite values".into(),
        ));
    }
    if let Some(path) = &settings.plot {
        let smooth: Vec<(f32, f32)> = plotted.iter().map(|&(t, s, _)| (t, s)).collect();
        let cut: Vec<(f32, f32)> = plotted.iter().map(|&(t, _, c)| (t, c)).collect();
        let svg = plot::lines(
            &format!(
                "{} height, character 0",
                clips[0].skeleton.joint_names()[plot_joint]
            ),
            // The hard cut first, so the inertialized line is drawn on top of it.
            &[("hard cut".into(), cut), ("inertialized".into(), smooth)],
            "time (s)",
            "height",
        )
        .map_err(|e| CliError::Failure(format!("plotting {}: {e}", path.display())))?;
        output::write_atomically(path, svg.as_bytes(), &inputs, settings.force)?;
        writeln!(out, "wrote {}", path.display()).map_err(stdout)?;
    }
    // The clips are done with: free them before the kernel table allocates its own columns,
    // so the peak is the larger of the two, not their sum.
    drop(files);
    kernels::run(out)
}

/// Global position of `joint` for a local pose, without the root translation (the pops of the
/// pose itself, not the character teleporting between recording spots).
fn joint_position(clip: &Clip, positions: &[Vec3], rotations: &[Quat], joint: usize) -> Vec3 {
    let mut local = positions.to_vec();
    let n = local.len();
    if let Some(root) = local.first_mut() {
        *root = Vec3::ZERO;
    }
    let (mut gp, mut gr) = (vec![Vec3::ZERO; n], vec![Quat::IDENTITY; n]);
    hooke_bvh::forward_kinematics(clip.parents(), &local, rotations, &mut gp, &mut gr);
    gp.get(joint).copied().unwrap_or(Vec3::ZERO)
}

/// The pop statistics, gathered as the run goes so that memory does not grow with its length:
/// for each tracked character the last five positions of the measured joint, inertialized and
/// hard cut, and the switches whose two following frames are not known yet.
struct PopStats {
    dt: f32,
    /// Per tracked character, `[inertialized, hard cut]` positions of the last five frames,
    /// oldest first.
    windows: Vec<[Vec<Vec3>; 2]>,
    /// `(character, frame)` of switches waiting for their frame + 2.
    pending: Vec<(usize, usize)>,
    /// For each switch with two frames on both sides: the largest second difference of the hard
    /// cut divided by that of the inertialized output.
    ratios: Vec<f32>,
}

/// Frames around a switch that the acceleration measure needs: two before, two after.
const WINDOW: usize = 5;

impl PopStats {
    fn new(tracked: usize, dt: f32) -> PopStats {
        PopStats {
            dt,
            windows: vec![[Vec::new(), Vec::new()]; tracked],
            pending: Vec::new(),
            ratios: Vec::new(),
        }
    }

    fn tracked(&self) -> usize {
        self.windows.len()
    }

    /// A switch of `character` at `frame`: the first frame of the new clip is `frame`.
    fn mark_switch(&mut self, character: usize, frame: usize) {
        // Switches with fewer than two frames before them are not measured.
        if character < self.tracked() && frame >= 2 {
            self.pending.push((character, frame));
        }
    }

    fn push(&mut self, character: usize, inertialized: Vec3, hard_cut: Vec3) {
        for (window, p) in self.windows[character]
            .iter_mut()
            .zip([inertialized, hard_cut])
        {
            if window.len() == WINDOW {
                window.remove(0);
            }
            window.push(p);
        }
    }

    /// Measures the switches of frame `frame - 2`, whose window is now complete.
    fn finish_frame(&mut self, frame: usize) {
        let dt = self.dt;
        // p[1..=3] are the frames switch - 1 ..= switch + 1.
        let accel =
            |p: &[Vec3], k: usize| ((p[k + 1] - 2.0 * p[k] + p[k - 1]) / (dt * dt)).length();
        let worst = |p: &[Vec3]| (1..=3).map(|k| accel(p, k)).fold(0.0_f32, f32::max);
        let windows = &self.windows;
        let ratios = &mut self.ratios;
        self.pending.retain(|&(c, f)| {
            if f + 2 != frame {
                return true;
            }
            let [smooth, cut] = &windows[c];
            let (s, h) = (worst(smooth), worst(cut));
            if s > 0.0 {
                ratios.push(h / s);
            }
            false
        });
    }
}

fn summarize(ratios: &[f32]) -> Option<(f32, f32, f32)> {
    if ratios.is_empty() {
        return None;
    }
    let mut sorted = ratios.to_vec();
    sorted.sort_by(f32::total_cmp);
    Some((
        sorted[sorted.len() / 2],
        sorted[0],
        sorted[sorted.len() - 1],
    ))
}

/// What the benchmark plays of a clip: the local pose and velocities of every frame (all that
/// [`PoseRef`] holds), converted a window of frames at a time, and a one-frame [`Clip`] for the
/// skeleton. A whole-file `Clip` also keeps global poses and velocities: twice the memory
/// (issue 21 row 3: peak memory within 3x the input files' size).
struct Frames {
    skeleton: Clip,
    joints: usize,
    count: usize,
    positions: Vec<Vec3>,
    rotations: Vec<Quat>,
    velocities: Vec<Vec3>,
    angular_velocities: Vec<Vec3>,
}

impl Frames {
    /// Reads the file at `path`, which must have at least `min_frames` frames.
    fn load(path: &std::path::Path, min_frames: usize) -> Result<Frames, CliError> {
        const WINDOW: usize = 4096;
        let bvh = clipio::read_bvh(path)?;
        let count = bvh.frame_count();
        if count < min_frames {
            return Err(CliError::Input(format!(
                "{}: {count} frame(s); at least {min_frames} needed",
                path.display()
            )));
        }
        let skeleton = Clip::from_bvh_frames(&bvh, 0..1);
        let joints = skeleton.joint_count();
        let lanes = count.saturating_mul(joints);
        let alloc = |e: std::collections::TryReserveError| {
            CliError::Failure(format!(
                "{}: {count} frames of {joints} joints: {e}",
                path.display()
            ))
        };
        let mut frames = Frames {
            skeleton,
            joints,
            count,
            positions: Vec::new(),
            rotations: Vec::new(),
            velocities: Vec::new(),
            angular_velocities: Vec::new(),
        };
        frames.positions.try_reserve_exact(lanes).map_err(alloc)?;
        frames.rotations.try_reserve_exact(lanes).map_err(alloc)?;
        frames.velocities.try_reserve_exact(lanes).map_err(alloc)?;
        frames
            .angular_velocities
            .try_reserve_exact(lanes)
            .map_err(alloc)?;
        for first in (0..count).step_by(WINDOW) {
            let clip = Clip::from_bvh_frames(&bvh, first..count.min(first + WINDOW));
            for f in 0..clip.frame_count() {
                frames.positions.extend_from_slice(clip.local_positions(f));
                frames.rotations.extend_from_slice(clip.local_rotations(f));
                frames
                    .velocities
                    .extend_from_slice(clip.local_velocities(f));
                frames
                    .angular_velocities
                    .extend_from_slice(clip.local_angular_velocities(f));
            }
        }
        Ok(frames)
    }

    fn frame_count(&self) -> usize {
        self.count
    }

    /// Frame `frame`, as [`PoseRef::from_clip`] gives it for the whole clip.
    fn pose(&self, frame: usize) -> PoseRef<'_> {
        let lanes = frame * self.joints..(frame + 1) * self.joints;
        PoseRef {
            positions: &self.positions[lanes.clone()],
            velocities: &self.velocities[lanes.clone()],
            rotations: &self.rotations[lanes.clone()],
            angular_velocities: &self.angular_velocities[lanes],
            curves: &[],
            curve_velocities: &[],
            scales: &[],
            scale_velocities: &[],
        }
    }
}
