//! The inertializer under arbitrary programs of transitions, mode changes, resets and updates on
//! poses from the bundled CMU clip 01_03, perturbed with non-unit (within tolerance), antipodal and
//! near-identity rotations, angular velocities up to 1e6 rad/s and values at the `f32` limits, with
//! random `dt` and both root policies: every call either succeeds or returns a typed error, and
//! every output is finite with unit rotations.
//!
//! Seeds: `fuzz/seeds/inertia/` (programs over the clip's frames, among them the issue-7 repro
//! 3436 -> 3430 with `dt = 0.08`); `.ci/run` copies them into the corpus.
#![no_main]

use std::sync::OnceLock;

use glam::{Quat, Vec3};
use hooke_bvh::{Bvh, Clip};
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, PoseRef, RootPolicy};
use libfuzzer_sys::fuzz_target;

const CHARACTERS: usize = 3;
const MAX_OPS: usize = 64;

fn clip() -> &'static Clip {
    static CLIP: OnceLock<Clip> = OnceLock::new();
    CLIP.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/cmu/01_03.bvh");
        Clip::from_bvh(&Bvh::from_path(path).expect("data/cmu/01_03.bvh"))
    })
}

/// Reads the fuzzer's bytes; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
    /// Uniform in `[0, 1]`.
    fn unit(&mut self) -> f32 {
        f32::from(self.u16()) / 65535.0
    }
    /// Any finite `f32` (non-finite bit patterns become 0).
    fn finite(&mut self) -> f32 {
        let x = f32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()]);
        if x.is_finite() { x } else { 0.0 }
    }
    fn direction(&mut self) -> Vec3 {
        let v = Vec3::new(self.unit() - 0.5, self.unit() - 0.5, self.unit() - 0.5);
        v.try_normalize().unwrap_or(Vec3::Z)
    }
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// A frame of the clip with up to three perturbed bones.
fn pose(b: &mut Bytes<'_>) -> Pose {
    let clip = clip();
    let frame = 1 + usize::from(b.u16()) % (clip.frame_count() - 1);
    let mut pose = PoseRef::from_clip(clip, frame).to_owned();
    let bones = pose.positions.len();
    for _ in 0..b.u8() % 4 {
        let bone = usize::from(b.u8()) % bones;
        match b.u8() % 7 {
            0 => pose.rotations[bone] = -pose.rotations[bone],
            1 => {
                let tiny = b.direction() * 1e-7 * b.unit();
                pose.rotations[bone] = Quat::from_xyzw(tiny.x, tiny.y, tiny.z, 1.0).normalize();
            }
            // Off unit length by up to 2e-3: accepted within 1e-3, an error beyond.
            2 => pose.rotations[bone] *= 1.0 + 2e-3 * (b.unit() - 0.5) * 2.0,
            3 => pose.angular_velocities[bone] = b.direction() * 1e6 * b.unit(),
            4 => pose.positions[bone] = Vec3::new(b.finite(), b.finite(), b.finite()),
            5 => pose.velocities[bone] = b.direction() * b.finite(),
            _ => pose.angular_velocities[bone] = b.direction() * b.finite(),
        }
    }
    pose
}

fn dt(b: &mut Bytes<'_>) -> f32 {
    match b.u8() % 5 {
        0 => 0.0,
        1 => 1.0 / 60.0,
        2 => 0.1 * b.unit(),
        3 => 10f32.powf(40.0 * b.unit() - 10.0).min(f32::MAX),
        _ => b.finite().abs(),
    }
}

/// Every output value finite, every rotation unit within 1e-5.
fn check(output: &PoseBatch) {
    for columns in [
        output.positions(),
        output.velocities(),
        output.angular_velocities(),
    ] {
        for (i, v) in columns.to_vec3s().iter().enumerate() {
            assert!(v.is_finite(), "vector {i} = {v:?}");
        }
    }
    for (i, q) in output.rotations().to_quats().iter().enumerate() {
        assert!(
            q.is_finite() && (q.length() - 1.0).abs() <= 1e-5,
            "rotation {i} = {q:?}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let flags = b.u8();
    let root = if flags & 1 == 0 {
        RootPolicy::Local
    } else {
        RootPolicy::Anchored { up: b.direction() }
    };
    let bones = clip().joint_count();
    let halflife = if flags & 2 == 0 {
        0.2 * b.unit()
    } else {
        b.finite().abs()
    };
    let profile = BlendProfile::uniform(bones, halflife).expect("finite halflife");
    let mut inertializer = Inertializer::new(CHARACTERS, profile, root).expect("small crowd");
    let mut input = PoseBatch::new(CHARACTERS, bones, 0).expect("small crowd");
    for c in 0..CHARACTERS {
        input
            .set_character(c, PoseRef::from_clip(clip(), 1 + c))
            .expect("clip pose");
    }
    let mut output = input.clone();
    for op in 0..MAX_OPS {
        if b.is_empty() {
            break;
        }
        let c = usize::from(b.u8()) % CHARACTERS;
        match b.u8() % 8 {
            0..=2 => {
                let (source, destination) = (pose(&mut b), pose(&mut b));
                // Invalid poses (rotations off unit length) are errors, and change nothing.
                if inertializer
                    .transition(c, source.as_ref(), destination.as_ref())
                    .is_ok()
                {
                    input
                        .set_character(c, destination.as_ref())
                        .expect("checked by the transition");
                }
            }
            3 => {
                let mode = if b.u8() % 2 == 0 {
                    BlendMode::Inertialize
                } else {
                    BlendMode::DeadBlend {
                        blend_time: b.finite().abs(),
                        halflife: b.finite().abs(),
                    }
                };
                let _ = inertializer.set_mode(c, mode);
            }
            4 => inertializer.reset(c).expect("character in range"),
            5 => {
                let _ = input.set_character(c, pose(&mut b).as_ref());
            }
            _ => {
                let dt = dt(&mut b);
                if op % 2 == 0 {
                    inertializer.update(dt, &input, &mut output)
                } else {
                    inertializer.par_update(dt, &input, &mut output)
                }
                .expect("finite dt >= 0");
                check(&output);
            }
        }
    }
});
