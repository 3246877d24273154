//! `hooke inertialize`: the main job. A crowd of characters plays the bundled CMU clips and
//! switches between distant frames of both clips every second or so; inertialization hides every
//! switch. Reports the update throughput and how much the largest joint acceleration across the
//! switches shrinks compared with hard cuts, and optionally plots one joint of one character.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use glam::{Quat, Vec3};
use hooke_bvh::{Bvh, Clip};
use hooke_inertia::{BlendProfile, Inertializer, PoseBatch, PoseRef, RootPolicy};

use crate::plot;

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

pub fn run(settings: &Settings) -> Result<(), String> {
    let clips = [load(&settings.clips[0])?, load(&settings.clips[1])?];
    let bones = clips[0].joint_count();
    if clips[1].joint_count() != bones {
        return Err(format!(
            "the clips have different skeletons ({} and {} joints)",
            bones,
            clips[1].joint_count()
        ));
    }
    let dt = clips[0].frame_time();
    let n = settings.characters;
    let frames = (settings.seconds / dt).round() as usize;
    let switch_frames = ((settings.switch_every / dt).round() as usize).max(2);
    // Frame 0 of the CMU clips is an added T-pose: never play it.
    let playable = |clip: &Clip| 1..clip.frame_count();

    let profile = BlendProfile::uniform(bones, settings.halflife).map_err(|e| e.to_string())?;
    let mut inertializer =
        Inertializer::new(n, profile, RootPolicy::Local).map_err(|e| e.to_string())?;
    let mut input = PoseBatch::new(n, bones, 0).map_err(|e| e.to_string())?;
    let mut output = PoseBatch::new(n, bones, 0).map_err(|e| e.to_string())?;

    let mut rng = Rng(0x5eed);
    let mut cursors: Vec<Cursor> = (0..n)
        .map(|c| {
            let clip = c % 2;
            let range = playable(&clips[clip]);
            Cursor {
                clip,
                frame: range.start + rng.below(range.len()),
            }
        })
        .collect();

    let mut pops = PopStats::default();
    let mut history: Vec<[Vec<Vec3>; 2]> = vec![[Vec::new(), Vec::new()]; TRACKED.min(n)];
    let mut plotted: Vec<(f32, f32, f32)> = Vec::new();
    let mut update_time = Duration::ZERO;
    let mut switches = 0_usize;

    println!(
        "hooke {} — SIMD path: {}",
        env!("CARGO_PKG_VERSION"),
        hooke::simd_backend().name()
    );
    println!(
        "{n} characters x {bones} bones, {} s at {:.0} Hz, halflife {} s, a switch every {} s",
        settings.seconds,
        1.0 / dt,
        settings.halflife,
        settings.switch_every
    );

    for frame in 0..frames {
        for (c, cursor) in cursors.iter_mut().enumerate() {
            let clip = &clips[cursor.clip];
            cursor.frame += 1;
            if cursor.frame >= clip.frame_count() {
                cursor.frame = 1;
            }
            // Characters switch at staggered frames, so every frame has some transitions.
            if (frame + c * 7) % switch_frames == switch_frames - 1 {
                let source = PoseRef::from_clip(clip, cursor.frame);
                let clip_index = 1 - cursor.clip;
                let range = playable(&clips[clip_index]);
                let next = Cursor {
                    clip: clip_index,
                    frame: range.start + rng.below(range.len()),
                };
                let destination = PoseRef::from_clip(&clips[next.clip], next.frame);
                inertializer
                    .transition(c, source, destination)
                    .map_err(|e| e.to_string())?;
                *cursor = next;
                switches += 1;
                if c < history.len() {
                    pops.mark_switch(c, history[c][0].len());
                }
            }
            let pose = PoseRef::from_clip(&clips[cursor.clip], cursor.frame);
            input.set_character(c, pose).map_err(|e| e.to_string())?;
        }

        let start = Instant::now();
        let result = if settings.single_thread {
            inertializer.update(dt, &input, &mut output)
        } else {
            inertializer.par_update(dt, &input, &mut output)
        };
        update_time += start.elapsed();
        result.map_err(|e| e.to_string())?;

        for (c, h) in history.iter_mut().enumerate() {
            let shown = output.character(c).map_err(|e| e.to_string())?;
            let cut = input.character(c).map_err(|e| e.to_string())?;
            h[0].push(joint_position(
                &clips[0],
                &shown.positions,
                &shown.rotations,
                PLOT_JOINT,
            ));
            h[1].push(joint_position(
                &clips[0],
                &cut.positions,
                &cut.rotations,
                PLOT_JOINT,
            ));
        }
        if let Some(h) = history.first() {
            let t = frame as f32 * dt;
            plotted.push((t, h[0][frame].y, h[1][frame].y));
        }
    }

    let all_finite = (0..n).all(|c| {
        output.character(c).is_ok_and(|p| {
            p.positions.iter().all(|x| x.is_finite()) && p.rotations.iter().all(|q| q.is_finite())
        })
    });
    let ratios = pops.ratios(&history, dt);
    let bone_updates = (frames * n * bones) as f64;
    println!("{switches} switches, {frames} frames; output finite: {all_finite}");
    println!(
        "update: {:.2} ms per frame, {:.1} M bones/s ({})",
        update_time.as_secs_f64() * 1e3 / frames.max(1) as f64,
        bone_updates / update_time.as_secs_f64().max(1e-12) / 1e6,
        if settings.single_thread {
            "one thread"
        } else {
            "rayon threads"
        }
    );
    if let Some(summary) = summarize(&ratios) {
        println!(
            "largest acceleration of the {} joint across {} switches, hard cut / inertialized: \
             median {:.1}x, min {:.1}x, max {:.1}x",
            clips[0].joint_names()[PLOT_JOINT],
            ratios.len(),
            summary.0,
            summary.1,
            summary.2
        );
    }
    if !all_finite {
        return Err("the output contains non-finite values".into());
    }
    if let Some(path) = &settings.plot {
        let smooth: Vec<(f32, f32)> = plotted.iter().map(|&(t, s, _)| (t, s)).collect();
        let cut: Vec<(f32, f32)> = plotted.iter().map(|&(t, _, c)| (t, c)).collect();
        let window = plot_window(&smooth);
        plot::lines(
            path,
            &format!("{} height, character 0", clips[0].joint_names()[PLOT_JOINT]),
            // The hard cut first, so the inertialized line is drawn on top of it.
            &[
                ("hard cut".into(), window.clip(&cut)),
                ("inertialized".into(), window.clip(&smooth)),
            ],
            "time (s)",
            "height",
        )?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The joint shown in the plot and measured for pops: the left hand in the CMU rig.
const PLOT_JOINT: usize = 20;

fn load(path: &Path) -> Result<Clip, String> {
    let bvh = Bvh::from_path(path).map_err(|e| e.to_string())?;
    for warning in bvh.warnings() {
        eprintln!("hooke: {}: {warning}", path.display());
    }
    Ok(Clip::from_bvh(&bvh))
}

/// Global position of `joint` for a local pose, without the root translation (the pops of the
/// pose itself, not the character teleporting between recording spots).
fn joint_position(clip: &Clip, positions: &[Vec3], rotations: &[Quat], joint: usize) -> Vec3 {
    let mut local = positions.to_vec();
    local[0] = Vec3::ZERO;
    let n = local.len();
    let (mut gp, mut gr) = (vec![Vec3::ZERO; n], vec![Quat::IDENTITY; n]);
    hooke_bvh::forward_kinematics(clip.parents(), &local, rotations, &mut gp, &mut gr);
    gp[joint.min(n - 1)]
}

/// Frames at which tracked characters switched.
#[derive(Default)]
struct PopStats {
    switches: Vec<(usize, usize)>,
}

impl PopStats {
    fn mark_switch(&mut self, character: usize, frame: usize) {
        self.switches.push((character, frame));
    }

    /// For each switch with two frames of history on both sides: the largest second difference of
    /// the hard cut divided by that of the inertialized output.
    fn ratios(&self, history: &[[Vec<Vec3>; 2]], dt: f32) -> Vec<f32> {
        let accel =
            |p: &[Vec3], f: usize| ((p[f + 1] - 2.0 * p[f] + p[f - 1]) / (dt * dt)).length();
        let mut out = Vec::new();
        for &(c, f) in &self.switches {
            let [smooth, cut] = &history[c];
            if f < 2 || f + 2 >= smooth.len() {
                continue;
            }
            let worst = |p: &[Vec3]| (f - 1..=f + 1).map(|k| accel(p, k)).fold(0.0_f32, f32::max);
            let (s, h) = (worst(smooth), worst(cut));
            if s > 0.0 {
                out.push(h / s);
            }
        }
        out
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

/// The first three seconds, or the whole run if shorter.
struct Window(f32);

fn plot_window(series: &[(f32, f32)]) -> Window {
    // Stop just before the third switch of character 0, so the plot ends on a settled pose.
    Window(series.last().map_or(0.0, |p| p.0).min(2.95))
}

impl Window {
    fn clip(&self, series: &[(f32, f32)]) -> Vec<(f32, f32)> {
        series.iter().copied().filter(|p| p.0 <= self.0).collect()
    }
}
