//! Shared test helpers: the CMU clips, comparisons, and a driver that plays clip streams.
#![allow(dead_code)]

pub mod driver;
pub mod hostile;
pub mod one_leg;

use std::sync::OnceLock;

use glam::{Quat, Vec3};
use hooke_bvh::{Bvh, Clip};
use hooke_inertia::{Pose, PoseBatch, PoseRef};

pub const WALK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_01.bvh");
pub const CLIMB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_03.bvh");

fn load(path: &str) -> Clip {
    Clip::from_bvh(&Bvh::from_path(path).expect("CMU clip in data/cmu"))
}

/// Both CMU clips (same 31-joint rig, 120 fps), loaded once per test binary.
pub fn clips() -> &'static [Clip; 2] {
    static CLIPS: OnceLock<[Clip; 2]> = OnceLock::new();
    CLIPS.get_or_init(|| [load(WALK), load(CLIMB)])
}

/// A position in an animation: clip index and frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cursor {
    pub clip: usize,
    pub frame: usize,
}

impl Cursor {
    pub fn pose(&self) -> PoseRef<'static> {
        PoseRef::from_clip(&clips()[self.clip], self.frame)
    }

    /// The next frame, wrapping past the end (skipping the T-pose frame 0).
    pub fn next(self) -> Cursor {
        let count = clips()[self.clip].frame_count();
        let frame = if self.frame + 1 >= count {
            1
        } else {
            self.frame + 1
        };
        Cursor { frame, ..self }
    }
}

/// Largest position error relative to max(1, |expected|).
pub fn position_error(a: &[Vec3], b: &[Vec3]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(a, b)| (*a - *b).length() / b.length().max(1.0))
        .fold(0.0, f32::max)
}

/// Largest rotation difference in radians (shortest path), computed in f64.
pub fn rotation_error(a: &[Quat], b: &[Quat]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(a, b)| {
            let d = a
                .as_dquat()
                .normalize()
                .dot(b.as_dquat().normalize())
                .abs()
                .min(1.0);
            (2.0 * d.acos()) as f32
        })
        .fold(0.0, f32::max)
}

/// Largest velocity error in units of `1e-4 * |expected| + 1e-5` (so <= 1 passes the C1 bound).
pub fn velocity_error_units(a: &[Vec3], b: &[Vec3]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(a, b)| (*a - *b).length() / (1e-4 * b.length() + 1e-5))
        .fold(0.0, f32::max)
}

/// Largest plain velocity error relative to max(1e-1, |expected|) (for reporting).
pub fn velocity_rel_error(a: &[Vec3], b: &[Vec3]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(a, b)| (*a - *b).length() / b.length().max(0.1))
        .fold(0.0, f32::max)
}

pub fn character(batch: &PoseBatch, c: usize) -> Pose {
    batch.character(c).expect("character in range")
}

/// A small deterministic random generator (SplitMix64) for the long-running tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
}
