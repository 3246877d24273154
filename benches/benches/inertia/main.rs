//! Inertialization of a crowd: 1,000 characters x 31 bones (the CMU rig), one update (offset decay
//! + applying the offsets to the input pose: positions, rotations and both velocities).
//!
//! - `hooke/1-thread`: `Inertializer::update`, the fused SIMD kernel.
//! - `hooke/all-threads`: `Inertializer::par_update` (divide by the core count for per core).
//! - `peer/scalar`: a per-bone loop over glam types calling `spring_damper`'s
//!   `inertialize_update_vec` (position) and `inertialize_update_quat` (rotation).
//! - `traffic-only`: a plain loop over `f32x8` slices with the update's memory traffic (13 input
//!   and 12 offset columns read, 12 offset and 13 output columns written, coefficients from a
//!   table of one period of the rig's lane groups)
//!   and one multiply and one add per column: the floor the fused kernel is measured against
//!   (`time(traffic-only) / time(hooke/1-thread)`).
//! - `.../jitter`: the same with a frame time that changes every frame
//!   (`hooke_benches::jitter_dt`), so no `dt`-dependent value can be reused from the last frame.
//! - `hooke/1-thread/scales`: with a scale channel (three more lanes per bone, log space).
//! - `hooke/1-thread/model-space-head-hands`: head and hands blended in model space.
//! - `transition/1000-characters`: `Inertializer::transition` of every character, one call each.
//! - `transition/1000-characters/transition_many`: one `Inertializer::transition_many` of every
//!   character, poses read from two `PoseBatch`es.
//! - `transition/1000-characters/traffic-only`: the memory traffic of that `transition_many`
//!   (13 source, 13 destination and 12 offset columns read, 12 offset columns written) with one
//!   add and one subtract per column: its floor.
//! - `transition/1000-characters/peer`: the peer's per-bone transition
//!   (`inertialize_transition_vec` + `_quat`) of every bone of every character, from pairs
//!   gathered before the timing.
//! - `transition/1000-characters/peer-from-clip`: the same, reading each bone's source and
//!   destination from the clip's frames, where the single `transition` row reads them.
//!   (The transition rows count throughput per bone.)
//! - `1000x31/hooke/crowd-frame` and `1000x31/peer/crowd-frame`: a crowd frame in which 1/30 of
//!   the characters switch (a different 1/30 each frame: every character once every 30 frames),
//!   then one update of every character.
//! - `inertia/idle/...`: characters between blends (issue 19 part 5). `at-rest` and
//!   `at-rest/in-place`: `update` and `update_in_place` of the crowd 40 s after its last
//!   transition (every offset decayed to zero), beside `blending` (every character blending,
//!   separate input and output, the `hooke/1-thread` row). `every-2-4s`: crowd frames in which
//!   each character switches once every 2 to 4 s (120-240 frames at 60 Hz; its own period),
//!   `transition_many` of the frame's switchers and one update, in steady state (the state
//!   carries over from frame to frame), with `peer/every-2-4s` the peer's loop on the same
//!   schedule; `every-30-frames` and its peer twin the same with the crowd frame's schedule
//!   (1/30 of the characters each frame) in steady state, where `1000x31/*/crowd-frame` starts
//!   each iteration from a fresh clone (cold in cache).
//!
//! Every measured update starts from the same state with large offsets in flight
//! (`iter_batched_ref`), so neither side ever runs on decayed (zero or subnormal) offsets.
//! Each iteration clones that state; with glibc's default heap trimming the clones land on fresh
//! pages and the update measures up to 1.7x slower, depending on the rows run before it. The
//! figures in `docs/performance.md` ("Inertialization") are read with
//! `GLIBC_TUNABLES=glibc.malloc.trim_threshold=536870912:glibc.malloc.mmap_threshold=33554432`,
//! which keeps the heap mapped like a game's persistent buffers.

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, Criterion, Throughput};
use hooke_bvh::Clip;
use hooke_inertia::{BlendProfile, Inertializer, PoseBatch, PoseRef, RootPolicy};

#[path = "../common/mod.rs"]
mod common;
mod idle;
mod peer;
mod traffic;

use common::{CHARACTERS, clip, frames};
use peer::{peer_crowd, peer_pairs, peer_transition, peer_transition_from_clip, peer_update};
use traffic::{input_lanes, offset_columns, traffic, traffic_state, transition_traffic};

const HALFLIFE: f32 = 0.1;
const DT: f32 = 1.0 / 60.0;

struct Crowd {
    inertializer: Inertializer,
    input: PoseBatch,
    output: PoseBatch,
}

/// What the rig blends besides local positions and rotations.
#[derive(Clone, Copy, PartialEq)]
enum Extra {
    None,
    /// A scale channel; every source scaled by 1.2 (so scale offsets are in flight).
    Scales,
    /// Head and both hands blended in model space (`with_world_rotation`).
    ModelSpaceBones,
}

fn crowd(clip: &Clip, extra: Extra) -> Crowd {
    let bones = clip.joint_count();
    let mut profile = BlendProfile::uniform(bones, HALFLIFE).unwrap();
    match extra {
        Extra::None => {}
        Extra::Scales => profile = profile.with_scales(),
        Extra::ModelSpaceBones => {
            profile = profile.with_parents(clip.parents()).unwrap();
            for name in ["Head", "LeftHand", "RightHand"] {
                let bone = clip.joint_index(name).expect("CMU joint");
                profile = profile.with_world_rotation(bone).unwrap();
            }
        }
    }
    let mut inertializer = Inertializer::new(CHARACTERS, profile, RootPolicy::Local).unwrap();
    let mut input = match extra {
        Extra::Scales => PoseBatch::with_scales(CHARACTERS, bones, 0).unwrap(),
        _ => PoseBatch::new(CHARACTERS, bones, 0).unwrap(),
    };
    for c in 0..CHARACTERS {
        let (src, dst) = frames(clip, c);
        let dst = PoseRef::from_clip(clip, dst);
        let mut src = PoseRef::from_clip(clip, src).to_owned();
        if extra == Extra::Scales {
            src = src.with_scales(
                vec![glam::Vec3::splat(1.2); bones],
                vec![glam::Vec3::ZERO; bones],
            );
        }
        inertializer.transition(c, src.as_ref(), dst).unwrap();
        input.set_character(c, dst).unwrap();
    }
    let mut output = input.clone();
    // One update with the benchmark's dt so the measured updates find their coefficients cached.
    inertializer.update(DT, &input, &mut output).unwrap();
    Crowd {
        inertializer,
        input,
        output,
    }
}

/// The characters that switch in crowd frame `frame`: every 30th, a different 1/30 each frame.
fn switching(frame: u64) -> Vec<usize> {
    let phase = (frame % 30) as usize;
    (phase..CHARACTERS).step_by(30).collect()
}

fn bench(c: &mut Criterion) {
    let clip = clip();
    let bones = CHARACTERS * clip.joint_count();
    let base = crowd(&clip, Extra::None);
    let peer = peer_crowd(&clip);

    let mut group = crowd_group(
        c,
        format!("inertia/{CHARACTERS}x{}", clip.joint_count()),
        bones,
    );
    bench_from(
        &mut group,
        "hooke/1-thread",
        &base.inertializer,
        &base,
        |i, input, out| i.update(black_box(DT), input, out),
    );
    let frame = std::cell::Cell::new(0_u64);
    let next_dt = || {
        frame.set(frame.get() + 1);
        hooke_benches::jitter_dt(frame.get())
    };
    // Right after `hooke/1-thread`, before the rows with other allocations (the peer clones a
    // 4 MB buffer per iteration): run after them, the same update measured up to 1.2x apart.
    bench_from(
        &mut group,
        "hooke/1-thread/jitter",
        &base.inertializer,
        &base,
        |i, input, out| i.update(black_box(next_dt()), input, out),
    );
    bench_from(
        &mut group,
        "hooke/all-threads",
        &base.inertializer,
        &base,
        |i, input, out| i.par_update(black_box(DT), input, out),
    );
    let traffic_base = traffic_state(bones, clip.joint_count());
    group.bench_function("traffic-only", |b| {
        b.iter_batched_ref(
            || traffic_base.clone(),
            |t| traffic(t, input_lanes(black_box(&base.input))),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("peer/scalar", |b| {
        b.iter_batched_ref(
            || peer.clone(),
            |p| peer_update(p, black_box(DT)),
            BatchSize::LargeInput,
        )
    });
    for (name, extra) in [
        ("hooke/1-thread/scales", Extra::Scales),
        (
            "hooke/1-thread/model-space-head-hands",
            Extra::ModelSpaceBones,
        ),
    ] {
        let variant = crowd(&clip, extra);
        bench_from(
            &mut group,
            name,
            &variant.inertializer,
            &variant,
            |i, input, out| i.update(black_box(DT), input, out),
        );
    }
    group.bench_function("peer/scalar/jitter", |b| {
        b.iter_batched_ref(
            || peer.clone(),
            |p| peer_update(p, black_box(next_dt())),
            BatchSize::LargeInput,
        )
    });
    let destination = destination_batch(&clip);
    let crowd_frame = std::cell::Cell::new(0_u64);
    let lists: Vec<Vec<usize>> = (0..30).map(switching).collect();
    group.bench_function("hooke/crowd-frame", |b| {
        b.iter_batched_ref(
            || (base.inertializer.clone(), base.output.clone()),
            |(i, out)| {
                crowd_frame.set(crowd_frame.get() + 1);
                let list = &lists[(crowd_frame.get() % 30) as usize];
                i.transition_many(list, &base.input, &destination).unwrap();
                i.update(black_box(DT), &base.input, out).unwrap();
            },
            BatchSize::LargeInput,
        )
    });
    let pairs = peer_pairs(&clip);
    let joints = clip.joint_count();
    group.bench_function("peer/crowd-frame", |b| {
        b.iter_batched_ref(
            || peer.clone(),
            |p| {
                crowd_frame.set(crowd_frame.get() + 1);
                for &c in &lists[(crowd_frame.get() % 30) as usize] {
                    peer_transition(p, &pairs, c * joints..(c + 1) * joints);
                }
                peer_update(p, black_box(DT));
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();

    let mut group = crowd_group(c, "inertia/transition".to_owned(), bones);
    let poses: Vec<(PoseRef<'_>, PoseRef<'_>)> = (0..CHARACTERS)
        .map(|c| {
            let (src, dst) = frames(&clip, c);
            (
                PoseRef::from_clip(&clip, dst),
                PoseRef::from_clip(&clip, src),
            )
        })
        .collect();
    group.bench_function(format!("{CHARACTERS}-characters"), |b| {
        b.iter_batched_ref(
            || base.inertializer.clone(),
            |i| {
                for (c, (src, dst)) in poses.iter().enumerate() {
                    i.transition(c, *src, *dst).unwrap();
                }
            },
            BatchSize::LargeInput,
        )
    });
    let all: Vec<usize> = (0..CHARACTERS).collect();
    group.bench_function(format!("{CHARACTERS}-characters/transition_many"), |b| {
        b.iter_batched_ref(
            || base.inertializer.clone(),
            |i| i.transition_many(&all, &base.input, &destination).unwrap(),
            BatchSize::LargeInput,
        )
    });
    let offsets = offset_columns(bones);
    group.bench_function(format!("{CHARACTERS}-characters/traffic-only"), |b| {
        b.iter_batched_ref(
            || offsets.clone(),
            |o| {
                let (src, dst) = (input_lanes(&base.input), input_lanes(&destination));
                transition_traffic(o, black_box(src), black_box(dst))
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function(format!("{CHARACTERS}-characters/peer"), |b| {
        b.iter_batched_ref(
            || peer.clone(),
            |p| {
                let n = p.len();
                peer_transition(p, &pairs, 0..n)
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function(format!("{CHARACTERS}-characters/peer-from-clip"), |b| {
        b.iter_batched_ref(
            || peer.clone(),
            |p| peer_transition_from_clip(p, &clip),
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// Benchmarks `run` (an update of `crowd`'s input) on clones of `inertializer` and of `crowd`'s
/// output made before each iteration (untimed): every measured update starts from the same state.
fn bench_from<R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    inertializer: &Inertializer,
    crowd: &Crowd,
    mut run: impl FnMut(&mut Inertializer, &PoseBatch, &mut PoseBatch) -> R,
) {
    group.bench_function(name, |b| {
        b.iter_batched_ref(
            || (inertializer.clone(), crowd.output.clone()),
            |(i, out)| run(i, &crowd.input, out),
            BatchSize::LargeInput,
        )
    });
}

/// A group of rows over the crowd's `bones` bones (throughput per bone), with the timing
/// settings every row of this file uses.
fn crowd_group(c: &mut Criterion, name: String, bones: usize) -> BenchmarkGroup<'_, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .throughput(Throughput::Elements(bones as u64))
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30);
    group
}

/// Every character at the first frame of its pair (`frames(..).0`): where the transition rows
/// switch the crowd to from the frame it shows.
fn destination_batch(clip: &Clip) -> PoseBatch {
    let mut batch = PoseBatch::new(CHARACTERS, clip.joint_count(), 0).unwrap();
    for c in 0..CHARACTERS {
        batch
            .set_character(c, PoseRef::from_clip(clip, frames(clip, c).0))
            .unwrap();
    }
    batch
}

fn main() {
    eprintln!(
        "hooke-inertia bench: SIMD path {}, {} cores available",
        hooke::simd_backend().name(),
        rayon_threads()
    );
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    idle::bench_idle(&mut c);
    c.final_summary();
}

fn rayon_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
