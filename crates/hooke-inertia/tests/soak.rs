//! Soak test (issue 7), ignored by default; `.ci/run` runs it in release, bounded to about a
//! minute: `cargo test --release -p hooke-inertia --test soak -- --ignored --nocapture`.
//!
//! Two crowds on the bundled CMU clips (one per root policy) with random transitions in both
//! modes, random `dt` in `[0, 0.1]`, and bones spinning at hundreds of rad/s in the sources and
//! inputs. After every frame every rotation is unit within 1e-5 and no value is NaN or infinite;
//! at the end, resident memory has not grown.

mod common;

use std::time::{Duration, Instant};

use common::driver::BONES;
use common::hostile::check_finite_unit;
use common::{Cursor, Rng, clips};
use glam::Vec3;
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};

const CHARACTERS: usize = 64;
/// Wall-clock budget of the frame loop (the bound on the test's length, not a check).
const BUDGET: Duration = Duration::from_secs(45);
const MAX_FRAMES: usize = 1_000_000;

/// Resident set size in bytes (Linux, `/proc/self/statm`, 4 KiB pages).
fn resident_bytes() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4096
}

/// A random direction times a random speed of 100..1000 rad/s.
fn spin(rng: &mut Rng) -> Vec3 {
    let dir = Vec3::new(rng.unit() - 0.5, rng.unit() - 0.5, rng.unit() - 0.5);
    dir.try_normalize().unwrap_or(Vec3::X) * (100.0 + 900.0 * rng.unit())
}

/// The pose at `cursor`, with one random bone spinning fast one time in `one_in`.
fn maybe_spinning(rng: &mut Rng, cursor: &Cursor, one_in: usize) -> Pose {
    let mut pose = cursor.pose().to_owned();
    if rng.below(one_in) == 0 {
        pose.angular_velocities[rng.below(BONES)] = spin(rng);
    }
    pose
}

fn random_cursor(rng: &mut Rng) -> Cursor {
    let clip = rng.below(2);
    Cursor {
        clip,
        frame: 1 + rng.below(clips()[clip].frame_count() - 1),
    }
}

struct Crowd {
    inertializer: Inertializer,
    input: PoseBatch,
    output: PoseBatch,
    cursors: Vec<Cursor>,
}

impl Crowd {
    fn new(rng: &mut Rng, root: RootPolicy) -> Crowd {
        let profile = BlendProfile::uniform(BONES, 0.1)
            .unwrap()
            .with_bone_halflife(3, 0.0)
            .unwrap()
            .exclude(30)
            .unwrap();
        let cursors: Vec<Cursor> = (0..CHARACTERS).map(|_| random_cursor(rng)).collect();
        let mut input = PoseBatch::new(CHARACTERS, BONES, 0).unwrap();
        for (c, cursor) in cursors.iter().enumerate() {
            input.set_character(c, cursor.pose()).unwrap();
        }
        Crowd {
            inertializer: Inertializer::new(CHARACTERS, profile, root).unwrap(),
            output: input.clone(),
            input,
            cursors,
        }
    }

    fn frame(&mut self, rng: &mut Rng, frame: usize) {
        for c in 0..CHARACTERS {
            let cursor = self.cursors[c];
            if rng.below(100) < 3 {
                let mode = match rng.below(3) {
                    0 => BlendMode::DeadBlend {
                        blend_time: 0.3 * rng.unit(),
                        halflife: 0.2 * rng.unit(),
                    },
                    _ => BlendMode::Inertialize,
                };
                self.inertializer.set_mode(c, mode).unwrap();
                let source = maybe_spinning(rng, &cursor, 3);
                let to = random_cursor(rng);
                self.inertializer
                    .transition(c, source.as_ref(), to.pose())
                    .unwrap();
                self.cursors[c] = to;
            } else {
                self.cursors[c] = cursor.next();
            }
            let input = maybe_spinning(rng, &self.cursors[c], 50);
            self.input.set_character(c, input.as_ref()).unwrap();
        }
        let dt = 0.1 * rng.unit();
        let dt = if rng.below(20) == 0 { 0.0 } else { dt };
        if frame.is_multiple_of(2) {
            self.inertializer
                .update(dt, &self.input, &mut self.output)
                .unwrap();
        } else {
            self.inertializer
                .par_update(dt, &self.input, &mut self.output)
                .unwrap();
        }
        check_finite_unit(&self.output, 1e-5)
            .unwrap_or_else(|e| panic!("frame {frame}, dt {dt}: {e}"));
    }
}

#[test]
#[ignore = "about a minute in release; run by .ci/run"]
fn crowd_with_spinning_bones_stays_unit_finite_and_flat_in_memory() {
    let mut rng = Rng(0x50a7);
    let mut crowds = [
        Crowd::new(&mut rng, RootPolicy::Local),
        Crowd::new(&mut rng, RootPolicy::Anchored { up: Vec3::Y }),
    ];
    let start = Instant::now();
    let mut resident_after_warm_up = 0;
    let mut frames = 0;
    while frames < MAX_FRAMES && start.elapsed() < BUDGET {
        for crowd in &mut crowds {
            crowd.frame(&mut rng, frames);
        }
        frames += 1;
        if frames == 1000 {
            resident_after_warm_up = resident_bytes();
        }
    }
    assert!(frames > 1000, "only {frames} frames in {BUDGET:?}");
    let grown = resident_bytes().saturating_sub(resident_after_warm_up);
    eprintln!(
        "soak: {frames} frames x {} characters x {BONES} bones; resident memory grew by {grown} bytes",
        2 * CHARACTERS
    );
    assert!(grown < 8 << 20, "resident memory grew by {grown} bytes");
}
