//! Foot-contact locking of a crowd (docs/math.md §7): 1,000 characters x 31 bones (the CMU rig,
//! two legs each), `FootLocker::update` after the inertializer's update, per frame.
//!
//! - `feet/1000x31/no-blend`: no character blends: the pass only checks each character.
//! - `feet/1000x31/blending-no-contacts`: every character blends, no contact: forward
//!   kinematics of both legs (output and, for detection, input) and the lock-state kernel.
//! - `feet/1000x31/blending-contacts`: every character blends with both feet locked: the same
//!   plus the two-bone IK of both legs.
//!
//! Divide by 1,000 for the cost per character. Each iteration starts from the same state
//! (`iter_batched_ref` clones the locker and the output).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, Throughput};
use hooke_bvh::Clip;
use hooke_inertia::{
    BlendProfile, Contacts, FootLockSettings, FootLocker, FootRig, Inertializer, PoseBatch,
    PoseRef, RootPolicy,
};

mod common;

use common::{CHARACTERS, clip, frames};

const DT: f32 = 1.0 / 120.0;

struct Scene {
    inertializer: Inertializer,
    input: PoseBatch,
    output: PoseBatch,
    feet: FootLocker,
}

/// The crowd, every character switched between two far frames when `blend`, the locker after
/// one frame (so contacts given as `contact` are locked).
fn scene(clip: &Clip, blend: bool, contact: bool) -> Scene {
    let bones = clip.joint_count();
    let profile = BlendProfile::uniform(bones, 0.1).unwrap();
    let mut inertializer = Inertializer::new(CHARACTERS, profile, RootPolicy::Local).unwrap();
    let mut input = PoseBatch::new(CHARACTERS, bones, 0).unwrap();
    for c in 0..CHARACTERS {
        let (from, to) = frames(clip, c);
        let destination = PoseRef::from_clip(clip, to);
        if blend {
            inertializer
                .transition(c, PoseRef::from_clip(clip, from), destination)
                .unwrap();
        }
        input.set_character(c, destination).unwrap();
    }
    let rig = FootRig::find(clip.joint_names(), clip.parents()).unwrap();
    let settings = FootLockSettings {
        contacts: Contacts::Given,
        ..FootLockSettings::scaled(5.6).unwrap()
    };
    let mut feet = FootLocker::new(CHARACTERS, rig, settings).unwrap();
    for c in 0..CHARACTERS {
        feet.set_contacts(c, &[contact, contact]).unwrap();
    }
    let mut output = PoseBatch::new(CHARACTERS, bones, 0).unwrap();
    inertializer.update(DT, &input, &mut output).unwrap();
    feet.update(DT, &inertializer, &input, &mut output).unwrap();
    Scene {
        inertializer,
        input,
        output,
        feet,
    }
}

fn bench(c: &mut Criterion) {
    let clip = clip();
    let bones = clip.joint_count();
    let mut group = c.benchmark_group(format!("feet/{CHARACTERS}x{bones}"));
    group.throughput(Throughput::Elements(CHARACTERS as u64));
    group.measurement_time(Duration::from_secs(3));
    for (name, blend, contact) in [
        ("no-blend", false, false),
        ("blending-no-contacts", true, false),
        ("blending-contacts", true, true),
    ] {
        let s = scene(&clip, blend, contact);
        if contact {
            assert!(s.feet.is_locked(0, 0).unwrap());
        }
        group.bench_function(name, |b| {
            b.iter_batched_ref(
                || (s.feet.clone(), s.output.clone()),
                |(feet, output)| {
                    feet.update(black_box(DT), &s.inertializer, &s.input, output)
                        .unwrap();
                },
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
