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
//! - `transition/1000-characters/peer`: the peer's per-bone transition
//!   (`inertialize_transition_vec` + `_quat`) of every bone of every character.
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
use glam_peer::{Quat as PQuat, Vec3 as PVec3};
use hooke::column::Column;
use hooke_bvh::{Bvh, Clip};
use hooke_inertia::{BlendProfile, Inertializer, PoseBatch, PoseRef, RootPolicy};
use wide::f32x8;

const CHARACTERS: usize = 1000;
const HALFLIFE: f32 = 0.1;
const DT: f32 = 1.0 / 60.0;

fn clip() -> Clip {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/cmu/01_01.bvh");
    Clip::from_bvh(&Bvh::from_path(path).expect("data/cmu/01_01.bvh"))
}

/// Source and destination frames of character `c`: far apart, different per character.
fn frames(clip: &Clip, c: usize) -> (usize, usize) {
    let n = clip.frame_count() - 1;
    (1 + (7 * c) % n, 1 + (7 * c + n / 2) % n)
}

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

/// Columns of the sizes the bone kernel of `Inertializer::update` reads and writes, for
/// [`traffic`]: 12 offset columns (read and written) and 13 output columns (written); the 4
/// coefficients it reads (`xx`, `xv`, `vx`, `vv`) come from a table of one period of the rig's
/// lane groups (`lcm(bones, 8)` lanes), as in the kernel. The 13 input columns are the crowd's.
#[derive(Clone)]
struct TrafficState {
    offsets: [Column; 12],
    coeffs: [Column; 4],
    output: [Column; 13],
}

fn traffic_state(lanes: usize, bones: usize) -> TrafficState {
    let period = bones * 8 / gcd(bones, 8);
    TrafficState {
        offsets: std::array::from_fn(|_| Column::new(lanes, 0.5)),
        coeffs: std::array::from_fn(|_| Column::new(period, 0.9)),
        output: std::array::from_fn(|_| Column::new(lanes, 0.0)),
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The 13 input columns of a pose batch, in the kernel's order (position, velocity, rotation,
/// angular velocity).
fn input_lanes(batch: &PoseBatch) -> [&[f32x8]; 13] {
    let (x, v, q, w) = (
        batch.positions(),
        batch.velocities(),
        batch.rotations(),
        batch.angular_velocities(),
    );
    [
        &x.x, &x.y, &x.z, &v.x, &v.y, &v.z, &q.x, &q.y, &q.z, &q.w, &w.x, &w.y, &w.z,
    ]
    .map(|c| c.lanes())
}

/// The memory traffic of the fused bone kernel with trivial arithmetic: per lane group, each
/// offset is multiplied by a coefficient (from the per-rig table) and stored, and each output is its input plus the offset
/// of the same column (the rotation-vector offsets go to the quaternion's x, y, z; its w is
/// copied). Interleaved over the columns like the real kernel, so it sees the same access pattern.
fn traffic(state: &mut TrafficState, input: [&[f32x8]; 13]) {
    let n = input[0].len();
    // Every slice is a local cut to exactly `n` groups, so the loop has no bounds checks (an
    // array of slices indexed in an inner loop kept them, and was 2x slower than this).
    let [o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11] = &mut state.offsets;
    let [c0, c1, c2, c3] = &state.coeffs;
    let [u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12] = &mut state.output;
    let [i0, i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12] = input;
    macro_rules! cut {
        ($($s:ident),*; mut $($m:ident),*) => {
            $(let $s = &$s[..n];)*
            $(let $m = &mut $m.lanes_mut()[..n];)*
        };
    }
    let (c0, c1, c2, c3) = (c0.lanes(), c1.lanes(), c2.lanes(), c3.lanes());
    let period = c0.len().min(c1.len()).min(c2.len()).min(c3.len());
    cut!(i0, i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12;
        mut o0, o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11,
        u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12);
    let mut j = 0;
    for i in 0..n {
        let (a, b, c, d) = (c0[j], c1[j], c2[j], c3[j]);
        // The coefficient table wraps like the kernel's (`PatternSlices`).
        j += 1;
        if j == period {
            j = 0;
        }
        macro_rules! column {
            ($o:ident, $c:ident, $u:ident, $i:ident) => {
                let off = $o[i] * $c;
                $o[i] = off;
                $u[i] = $i[i] + off;
            };
        }
        column!(o0, a, u0, i0);
        column!(o1, b, u1, i1);
        column!(o2, c, u2, i2);
        column!(o3, d, u3, i3);
        column!(o4, a, u4, i4);
        column!(o5, b, u5, i5);
        column!(o6, c, u6, i6);
        column!(o7, d, u7, i7);
        column!(o8, a, u8, i8);
        u9[i] = i9[i];
        column!(o9, b, u10, i10);
        column!(o10, c, u11, i11);
        column!(o11, d, u12, i12);
    }
}

/// The peer's state: one struct per bone (array of structures), glam 0.32 types.
#[derive(Clone)]
struct PeerBone {
    off_x: PVec3,
    off_v: PVec3,
    off_q: PQuat,
    off_w: PVec3,
    in_x: PVec3,
    in_v: PVec3,
    in_q: PQuat,
    in_w: PVec3,
    out_x: PVec3,
    out_v: PVec3,
    out_q: PQuat,
    out_w: PVec3,
}

fn p3(v: glam::Vec3) -> PVec3 {
    PVec3::new(v.x, v.y, v.z)
}

fn pq(q: glam::Quat) -> PQuat {
    PQuat::from_xyzw(q.x, q.y, q.z, q.w)
}

fn peer_crowd(clip: &Clip) -> Vec<PeerBone> {
    let mut bones = Vec::with_capacity(CHARACTERS * clip.joint_count());
    for c in 0..CHARACTERS {
        let (src, dst) = frames(clip, c);
        for b in 0..clip.joint_count() {
            let (sx, sv) = (
                p3(clip.local_positions(src)[b]),
                p3(clip.local_velocities(src)[b]),
            );
            let (sq, sw) = (
                pq(clip.local_rotations(src)[b]),
                p3(clip.local_angular_velocities(src)[b]),
            );
            let (dx, dv) = (
                p3(clip.local_positions(dst)[b]),
                p3(clip.local_velocities(dst)[b]),
            );
            let (dq, dw) = (
                pq(clip.local_rotations(dst)[b]),
                p3(clip.local_angular_velocities(dst)[b]),
            );
            let mut bone = PeerBone {
                off_x: PVec3::ZERO,
                off_v: PVec3::ZERO,
                off_q: PQuat::IDENTITY,
                off_w: PVec3::ZERO,
                in_x: dx,
                in_v: dv,
                in_q: dq,
                in_w: dw,
                out_x: dx,
                out_v: dv,
                out_q: dq,
                out_w: dw,
            };
            spring_damper::inertialize_transition_vec(
                &mut bone.off_x,
                &mut bone.off_v,
                sx,
                sv,
                dx,
                dv,
            );
            spring_damper::inertialize_transition_quat(
                &mut bone.off_q,
                &mut bone.off_w,
                sq,
                sw,
                dq,
                dw,
            );
            bones.push(bone);
        }
    }
    bones
}

/// One bone's source and destination for the peer's transition (glam 0.32 types).
#[derive(Clone, Copy)]
struct PeerPair {
    sx: PVec3,
    sv: PVec3,
    sq: PQuat,
    sw: PVec3,
    dx: PVec3,
    dv: PVec3,
    dq: PQuat,
    dw: PVec3,
}

/// Per bone of the crowd: from the frame the crowd shows (`frames(..).1`) back to `frames(..).0`,
/// the same switch as the hooke transition rows.
fn peer_pairs(clip: &Clip) -> Vec<PeerPair> {
    let mut pairs = Vec::with_capacity(CHARACTERS * clip.joint_count());
    for c in 0..CHARACTERS {
        let (dst, src) = frames(clip, c);
        for b in 0..clip.joint_count() {
            pairs.push(PeerPair {
                sx: p3(clip.local_positions(src)[b]),
                sv: p3(clip.local_velocities(src)[b]),
                sq: pq(clip.local_rotations(src)[b]),
                sw: p3(clip.local_angular_velocities(src)[b]),
                dx: p3(clip.local_positions(dst)[b]),
                dv: p3(clip.local_velocities(dst)[b]),
                dq: pq(clip.local_rotations(dst)[b]),
                dw: p3(clip.local_angular_velocities(dst)[b]),
            });
        }
    }
    pairs
}

/// The peer's transition of bones `range` (re-basing the offsets in flight).
fn peer_transition(bones: &mut [PeerBone], pairs: &[PeerPair], range: std::ops::Range<usize>) {
    for (b, p) in bones[range.clone()].iter_mut().zip(&pairs[range]) {
        spring_damper::inertialize_transition_vec(
            &mut b.off_x,
            &mut b.off_v,
            p.sx,
            p.sv,
            p.dx,
            p.dv,
        );
        spring_damper::inertialize_transition_quat(
            &mut b.off_q,
            &mut b.off_w,
            p.sq,
            p.sw,
            p.dq,
            p.dw,
        );
        (b.in_x, b.in_v, b.in_q, b.in_w) = (p.dx, p.dv, p.dq, p.dw);
    }
}

/// The characters that switch in crowd frame `frame`: every 30th, a different 1/30 each frame.
fn switching(frame: u64) -> Vec<usize> {
    let phase = (frame % 30) as usize;
    (phase..CHARACTERS).step_by(30).collect()
}

fn peer_update(bones: &mut [PeerBone], dt: f32) {
    for b in bones {
        spring_damper::inertialize_update_vec(
            &mut b.out_x,
            &mut b.out_v,
            &mut b.off_x,
            &mut b.off_v,
            b.in_x,
            b.in_v,
            HALFLIFE,
            dt,
        );
        spring_damper::inertialize_update_quat(
            &mut b.out_q,
            &mut b.out_w,
            &mut b.off_q,
            &mut b.off_w,
            b.in_q,
            b.in_w,
            HALFLIFE,
            dt,
        );
    }
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
    group.bench_function("hooke/1-thread", |b| {
        b.iter_batched_ref(
            || (base.inertializer.clone(), base.output.clone()),
            |(i, out)| i.update(black_box(DT), &base.input, out),
            BatchSize::LargeInput,
        )
    });
    let frame = std::cell::Cell::new(0_u64);
    let next_dt = || {
        frame.set(frame.get() + 1);
        hooke_benches::jitter_dt(frame.get())
    };
    // Right after `hooke/1-thread`, before the rows with other allocations (the peer clones a
    // 4 MB buffer per iteration): run after them, the same update measured up to 1.2x apart.
    group.bench_function("hooke/1-thread/jitter", |b| {
        b.iter_batched_ref(
            || (base.inertializer.clone(), base.output.clone()),
            |(i, out)| i.update(black_box(next_dt()), &base.input, out),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("hooke/all-threads", |b| {
        b.iter_batched_ref(
            || (base.inertializer.clone(), base.output.clone()),
            |(i, out)| i.par_update(black_box(DT), &base.input, out),
            BatchSize::LargeInput,
        )
    });
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
        group.bench_function(name, |b| {
            b.iter_batched_ref(
                || (variant.inertializer.clone(), variant.output.clone()),
                |(i, out)| i.update(black_box(DT), &variant.input, out),
                BatchSize::LargeInput,
            )
        });
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
    group.finish();
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

/// The characters that switch in frame `frame` when character `c` switches every
/// `120 + (37 c) % 121` frames (2 to 4 s at 60 Hz), each with its own phase.
fn switching_every_2_4s(frame: u64) -> Vec<usize> {
    (0..CHARACTERS)
        .filter(|&c| {
            let period = 120 + (37 * c as u64) % 121;
            (frame + 11 * c as u64).is_multiple_of(period)
        })
        .collect()
}

/// The rows of characters between blends (`inertia/idle`).
fn bench_idle(c: &mut Criterion) {
    let clip = clip();
    let bones = CHARACTERS * clip.joint_count();
    let base = crowd(&clip, Extra::None);
    let mut group = crowd_group(c, "inertia/idle".to_owned(), bones);
    group.bench_function("blending", |b| {
        b.iter_batched_ref(
            || (base.inertializer.clone(), base.output.clone()),
            |(i, out)| i.update(black_box(DT), &base.input, out),
            BatchSize::LargeInput,
        )
    });
    let mut rest = base.inertializer.clone();
    let mut out = base.output.clone();
    for _ in 0..(40.0 / DT) as usize {
        rest.update(DT, &base.input, &mut out).unwrap();
    }
    assert!((0..CHARACTERS).all(|c| !rest.is_blending(c).unwrap()));
    group.bench_function("at-rest", |b| {
        b.iter_batched_ref(
            || (rest.clone(), base.output.clone()),
            |(i, out)| i.update(black_box(DT), &base.input, out),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("at-rest/in-place", |b| {
        b.iter_batched_ref(
            || (rest.clone(), base.input.clone()),
            |(i, poses)| i.update_in_place(black_box(DT), poses),
            BatchSize::LargeInput,
        )
    });
    let destination = destination_batch(&clip);
    let pairs = peer_pairs(&clip);
    let joints = clip.joint_count();
    let schedules: [(&str, Vec<Vec<usize>>); 2] = [
        (
            "every-2-4s",
            (0..14_400).map(switching_every_2_4s).collect(),
        ),
        ("every-30-frames", (0..30).map(switching).collect()),
    ];
    for (name, lists) in schedules {
        // Steady state: 60 s of the schedule before measuring, then the frames go on (the state
        // carries over from frame to frame, warm in cache as in a game's frame loop).
        let mut crowd = base.inertializer.clone();
        let mut out = base.output.clone();
        for f in 0..3600 {
            let list = &lists[f % lists.len()];
            crowd
                .transition_many(list, &base.input, &destination)
                .unwrap();
            crowd.update(DT, &base.input, &mut out).unwrap();
        }
        let mut frame = 3600;
        group.bench_function(name, |b| {
            b.iter(|| {
                frame += 1;
                let list = &lists[frame % lists.len()];
                crowd
                    .transition_many(list, &base.input, &destination)
                    .unwrap();
                crowd.update(black_box(DT), &base.input, &mut out).unwrap();
            })
        });
        let mut peer = peer_crowd(&clip);
        let mut frame = 3600;
        group.bench_function(format!("peer/{name}"), |b| {
            b.iter(|| {
                frame += 1;
                for &c in &lists[frame % lists.len()] {
                    peer_transition(&mut peer, &pairs, c * joints..(c + 1) * joints);
                }
                peer_update(&mut peer, black_box(DT));
            })
        });
    }
    group.finish();
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
    bench_idle(&mut c);
    c.final_summary();
}

fn rayon_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
