//! The cost of the C ABI: the same work through `hooke-capi`'s `extern "C"` functions and through
//! the Rust API, on the calling thread.
//!
//! - `capi/inertia/1000x31`: one crowd update of 1,000 characters x 31 bones (CMU rig), input and
//!   output in the caller's own memory:
//!   - `rust/engine-poses`: the Rust API doing what the C call does: every character's pose
//!     into the input batch (`PoseBatch::set_character`, which checks it), `Inertializer::update`,
//!     and every output bone copied out to an array of bones;
//!   - `c/bone-states`: `hooke_inertializer_update` on arrays of `HookeBoneState`;
//!   - `c/engine-view`: `hooke_inertializer_update_view` on engine transforms
//!     `{t[3], pad, q[4], s[3], pad}` plus a motion struct, through strided views;
//!   - `rust/kernel-only`: `Inertializer::update` on ready SoA batches (no conversion), for
//!     scale: what the conversion of the caller's poses costs.
//! - `capi/critical/16384`: one update of 16,384 critical springs, `CriticalSprings::update` vs
//!   `hooke_critical_springs_update`.
//!
//! Halflives are long (100 s) so that offsets and spring states stay far from zero over the whole
//! run (no subnormal slow paths, no decayed state) without resetting between iterations.
//! Short runs: `cargo bench -p hooke-benches --bench capi -- --warm-up-time 1 --measurement-time 2`.

// Calling the C ABI from Rust is `unsafe` by nature (raw pointers); the workspace denies
// `unsafe_code`, allowed here as in hooke-capi itself.
#![allow(unsafe_code)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput};
use hooke::batch::CriticalSprings;
use hooke_benches::jitter_dt;
use hooke_capi::*;
use hooke_inertia::{BlendProfile, Inertializer, Pose, PoseBatch, PoseRef, RootPolicy};

mod common;

use common::{CHARACTERS, clip, frames};

const HALFLIFE: f32 = 100.0;
const DT: f32 = 1.0 / 60.0;
const SPRINGS: usize = 16_384;

fn bone_state(pose: &Pose, b: usize) -> HookeBoneState {
    HookeBoneState {
        position: pose.positions[b].to_array(),
        velocity: pose.velocities[b].to_array(),
        rotation: pose.rotations[b].to_array(),
        angular_velocity: pose.angular_velocities[b].to_array(),
    }
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
struct Transform {
    t: [f32; 3],
    pad0: f32,
    q: [f32; 4],
    s: [f32; 3],
    pad1: f32,
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
struct Motion {
    linear: [f32; 3],
    angular: [f32; 3],
}

fn channel<T>(base: *const T, offset: usize) -> HookeConstChannel {
    HookeConstChannel {
        data: base.cast::<u8>().wrapping_add(offset).cast(),
        stride: size_of::<T>(),
    }
}

fn channel_mut<T>(base: *mut T, offset: usize) -> HookeChannel {
    HookeChannel {
        data: base.cast::<u8>().wrapping_add(offset).cast(),
        stride: size_of::<T>(),
    }
}

fn inertia(c: &mut Criterion) {
    let clip = clip();
    let bones = clip.joint_count();
    let n = CHARACTERS * bones;
    let halflives = vec![HALFLIFE; bones];
    let destinations: Vec<Pose> = (0..CHARACTERS)
        .map(|c| Pose::from_clip(&clip, frames(&clip, c).1))
        .collect();

    // The Rust side.
    let profile = BlendProfile::from_halflives(&halflives).unwrap();
    let mut rust = Inertializer::new(CHARACTERS, profile, RootPolicy::Local).unwrap();
    // The C side.
    let mut handle: *mut HookeInertializer = std::ptr::null_mut();
    // SAFETY: valid pointers for the lengths given.
    let status =
        unsafe { hooke_inertializer_new(CHARACTERS, bones, halflives.as_ptr(), &mut handle) };
    assert_eq!(status, HookeStatus::Ok);
    for (c, destination) in destinations.iter().enumerate() {
        let source = Pose::from_clip(&clip, frames(&clip, c).0);
        rust.transition(c, source.as_ref(), destination.as_ref())
            .unwrap();
        let s: Vec<HookeBoneState> = (0..bones).map(|b| bone_state(&source, b)).collect();
        let d: Vec<HookeBoneState> = (0..bones).map(|b| bone_state(destination, b)).collect();
        // SAFETY: live handle, `bones` states each.
        let status = unsafe { hooke_inertializer_transition(handle, c, s.as_ptr(), d.as_ptr()) };
        assert_eq!(status, HookeStatus::Ok);
    }
    let states_in: Vec<HookeBoneState> = destinations
        .iter()
        .flat_map(|p| (0..bones).map(move |b| bone_state(p, b)))
        .collect();
    let mut states_out = states_in.clone();
    let transforms_in: Vec<Transform> = states_in
        .iter()
        .map(|s| Transform {
            t: s.position,
            q: s.rotation,
            s: [1.0; 3],
            ..Default::default()
        })
        .collect();
    let motions_in: Vec<Motion> = states_in
        .iter()
        .map(|s| Motion {
            linear: s.velocity,
            angular: s.angular_velocity,
        })
        .collect();
    let (mut transforms_out, mut motions_out) = (transforms_in.clone(), motions_in.clone());
    let input_view = HookePoseView {
        position: channel(transforms_in.as_ptr(), std::mem::offset_of!(Transform, t)),
        velocity: channel(motions_in.as_ptr(), std::mem::offset_of!(Motion, linear)),
        rotation: channel(transforms_in.as_ptr(), std::mem::offset_of!(Transform, q)),
        angular_velocity: channel(motions_in.as_ptr(), std::mem::offset_of!(Motion, angular)),
    };
    let output_view = HookePoseViewMut {
        position: channel_mut(
            transforms_out.as_mut_ptr(),
            std::mem::offset_of!(Transform, t),
        ),
        velocity: channel_mut(
            motions_out.as_mut_ptr(),
            std::mem::offset_of!(Motion, linear),
        ),
        rotation: channel_mut(
            transforms_out.as_mut_ptr(),
            std::mem::offset_of!(Transform, q),
        ),
        angular_velocity: channel_mut(
            motions_out.as_mut_ptr(),
            std::mem::offset_of!(Motion, angular),
        ),
    };
    let mut input = PoseBatch::new(CHARACTERS, bones, 0).unwrap();
    let mut output = PoseBatch::new(CHARACTERS, bones, 0).unwrap();
    for (c, p) in destinations.iter().enumerate() {
        input.set_character(c, p.as_ref()).unwrap();
    }
    let mut rust_out = vec![HookeBoneState::default(); n];

    let mut group = c.benchmark_group(format!("capi/inertia/{CHARACTERS}x{bones}"));
    group
        .throughput(Throughput::Elements(n as u64))
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30);
    group.bench_function("rust/engine-poses", |b| {
        b.iter(|| {
            for (c, p) in destinations.iter().enumerate() {
                let pose: PoseRef<'_> = black_box(p).as_ref();
                input.set_character(c, pose).unwrap();
            }
            rust.update(black_box(DT), &input, &mut output).unwrap();
            for (i, out) in rust_out.iter_mut().enumerate() {
                *out = HookeBoneState {
                    position: output.positions().get(i).to_array(),
                    velocity: output.velocities().get(i).to_array(),
                    rotation: output.rotations().get(i).to_array(),
                    angular_velocity: output.angular_velocities().get(i).to_array(),
                };
            }
            black_box(&mut rust_out);
        })
    });
    group.bench_function("c/bone-states", |b| {
        b.iter(|| {
            // SAFETY: live handle; `n` states in each array.
            let status = unsafe {
                hooke_inertializer_update(
                    handle,
                    black_box(DT),
                    states_in.as_ptr(),
                    states_out.as_mut_ptr(),
                )
            };
            debug_assert_eq!(status, HookeStatus::Ok);
        })
    });
    group.bench_function("c/engine-view", |b| {
        b.iter(|| {
            // SAFETY: live handle; the views cover `n` elements of live arrays.
            let status = unsafe {
                hooke_inertializer_update_view(handle, black_box(DT), &input_view, &output_view)
            };
            debug_assert_eq!(status, HookeStatus::Ok);
        })
    });
    group.bench_function("rust/kernel-only", |b| {
        b.iter(|| rust.update(black_box(DT), &input, &mut output).unwrap())
    });
    // The frame time a game sees: different every frame.
    let mut frame = 0;
    group.bench_function("c/engine-view_jitter", |b| {
        b.iter(|| {
            frame += 1;
            let dt = black_box(jitter_dt(frame));
            // SAFETY: live handle; the views cover `n` elements of live arrays.
            let status =
                unsafe { hooke_inertializer_update_view(handle, dt, &input_view, &output_view) };
            debug_assert_eq!(status, HookeStatus::Ok);
        })
    });
    group.finish();
    // Equality of the C and Rust results is proven by crates/hooke-capi's tests, not here.
    black_box((&states_out, &transforms_out, &motions_out));
    // SAFETY: live handle, not used afterwards.
    unsafe { hooke_inertializer_free(handle) };
}

fn springs(c: &mut Criterion) {
    let mut rust = CriticalSprings::new(SPRINGS, HALFLIFE).unwrap();
    rust.goal_mut().fill(1.0);
    let mut handle: *mut HookeCriticalSprings = std::ptr::null_mut();
    // SAFETY: valid out pointer.
    assert_eq!(
        unsafe { hooke_critical_springs_new(SPRINGS, HALFLIFE, &mut handle) },
        HookeStatus::Ok
    );
    // SAFETY: the goal column holds SPRINGS floats while the handle lives.
    unsafe { std::slice::from_raw_parts_mut(hooke_critical_springs_goal(handle), SPRINGS) }
        .fill(1.0);

    let mut group = c.benchmark_group(format!("capi/critical/{SPRINGS}"));
    group
        .throughput(Throughput::Elements(SPRINGS as u64))
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(50);
    group.bench_function("rust", |b| b.iter(|| rust.update(black_box(DT)).unwrap()));
    group.bench_function("c", |b| {
        // SAFETY: live handle.
        b.iter(|| unsafe { hooke_critical_springs_update(handle, black_box(DT)) })
    });
    let mut frame = 0;
    group.bench_function("rust_jitter", |b| {
        b.iter(|| {
            frame += 1;
            rust.update(black_box(jitter_dt(frame))).unwrap()
        })
    });
    group.bench_function("c_jitter", |b| {
        b.iter(|| {
            frame += 1;
            // SAFETY: live handle.
            unsafe { hooke_critical_springs_update(handle, black_box(jitter_dt(frame))) }
        })
    });
    group.finish();
    // SAFETY: live handle, not used afterwards.
    unsafe { hooke_critical_springs_free(handle) };
}

fn main() {
    eprintln!(
        "hooke-capi bench: SIMD path {}",
        hooke::simd_backend().name()
    );
    let mut c = Criterion::default().configure_from_args();
    inertia(&mut c);
    springs(&mut c);
    c.final_summary();
}
