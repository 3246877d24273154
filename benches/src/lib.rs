//! Shared helpers of hooke's criterion benchmarks (see `benches/benches/` and
//! `docs/performance.md`).
//!
//! Every benchmark advances `n` springs by one time step per iteration, for four kernels (the
//! critical spring with goal and goal velocity, the decay spring, the general spring with
//! per-spring stiffness and damping, the quaternion decay spring) and these variants:
//!
//! - `a_hooke`: hooke's batch type, `update(dt)` (one thread), with the shared halflife;
//! - `a_hooke_halflives`: the same batch built with one halflife per spring (critical, decay);
//! - `b_hooke_par`: the same batch, `par_update(dt)` (rayon, minimum grain);
//! - `c_source_scalar`: a scalar loop over an array of structs calling the article's function,
//!   transcribed with an exact `expf` per call ([`source`]);
//! - `d_spring_damper`: the same loop calling the peer crate `spring_damper` 0.1.1, written as its
//!   users write it: a plain loop over its array, parameters from the array or a loop-invariant
//!   local, no `black_box` inside the loop;
//! - `d_spring_damper_halflives`: the same loop reading one halflife per spring from the array;
//! - `e_traffic`: a kernel doing the same column loads and stores as hooke's kernel with trivial
//!   arithmetic (one thread): the memory limit;
//! - `f_traffic_par`: the same on rayon's threads (large sizes only);
//! - `g_hooke_kernel`: hooke's `lanes` kernel called directly on columns (small sizes only), to
//!   separate the per-call cost of the batch types from the kernel.
//!
//! Inputs are allocated before timing. A decaying state would reach subnormal floats after a few
//! hundred steps and then run on the CPU's slow path, and small batches would otherwise run many
//! more steps per reset than large ones, so the timed loop restores the initial state every
//! [`RESET_EVERY`] steps, outside the timed region ([`Timed`]).
//!
//! Every variant that takes a time step runs twice: with the constant [`DT`] (ids as above) and
//! with a frame time that changes every frame, [`jitter_dt`] (ids ending in `_jitter`): the case
//! games run, where a batch cannot reuse last frame's coefficients. The time step is passed
//! through [`std::hint::black_box`] once per frame (outside the per-spring loops), so that the
//! compiler cannot fold it into constants. Earlier versions also passed the peer's halflife through
//! `black_box` on every call inside the loop, which stopped the compiler from vectorising the peer's
//! loop and made the peer look about twice as slow as its users see it.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, SamplingMode, Throughput};

pub mod source;
pub mod workloads;

use workloads::{critical, decay, general, quat, smooth_damp};

/// The time step of every benchmark (60 Hz).
pub const DT: f32 = 1.0 / 60.0;

/// The shared halflife of the critical, decay and quaternion benchmarks.
pub const HALFLIFE: f32 = 0.2;

/// Steps after which the timed loop restores the initial state (untimed): 128 steps of 1/60 s are
/// about 10 halflives, so every size measures the same phase of the motion and no state gets
/// near the subnormal range (see `examples/decay_phase.rs` for what happens later).
pub const RESET_EVERY: u64 = 128;

/// Batch sizes: 1k, 16k, 1M and 8M springs.
pub const SIZES: [usize; 4] = [1 << 10, 1 << 14, 1 << 20, 1 << 23];

/// Sizes from which the parallel traffic kernel (`f_traffic_par`) is measured.
pub const PAR_TRAFFIC_MIN: usize = 1 << 20;

/// Sizes up to which hooke's kernel is also called directly (`g_hooke_kernel`).
pub const KERNEL_MAX: usize = 1 << 14;

/// One benchmarked way of advancing `n` springs.
pub trait Workload {
    /// Advances every spring by `dt` (variants that do not depend on `dt` ignore it).
    fn step(&mut self, dt: f32);
    /// Restores the initial state.
    fn reset(&mut self);
    /// The state as flat `f32`s in spring order (for tests; not timed).
    fn state(&self) -> Vec<f32>;
}

/// A workload with the timing loop criterion's `iter_custom` calls.
#[derive(Debug)]
pub struct Timed<W> {
    /// The workload.
    pub workload: W,
    since_reset: u64,
    frame: u64,
    jitter: bool,
}

/// The frame time of frame `frame` in the `_jitter` variants: `1/60 (1 + 0.01 (frame % 7))`, a
/// different `dt` on every frame (vsync misses and variable refresh do this in games).
pub fn jitter_dt(frame: u64) -> f32 {
    DT * (1.0 + 0.01 * (frame % 7) as f32)
}

impl<W: Workload> Timed<W> {
    /// Wraps a workload whose state was just initialised; `jitter` changes `dt` every frame
    /// ([`jitter_dt`]), otherwise every frame takes [`DT`].
    pub fn new(workload: W, jitter: bool) -> Timed<W> {
        Timed {
            workload,
            since_reset: 0,
            frame: 0,
            jitter,
        }
    }

    /// Runs `iters` steps and returns the time spent in them (resets excluded).
    pub fn time(&mut self, iters: u64) -> Duration {
        let mut total = Duration::ZERO;
        let mut left = iters;
        while left > 0 {
            if self.since_reset >= RESET_EVERY {
                self.workload.reset();
                self.since_reset = 0;
            }
            let chunk = left.min(RESET_EVERY - self.since_reset);
            let start = Instant::now();
            for _ in 0..chunk {
                let dt = if self.jitter {
                    jitter_dt(self.frame)
                } else {
                    DT
                };
                self.frame += 1;
                self.workload.step(black_box(dt));
                black_box(&mut self.workload);
            }
            total += start.elapsed();
            left -= chunk;
            self.since_reset += chunk;
        }
        total
    }
}

/// A deterministic generator of uniform floats (xorshift64*).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A float in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let bits = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40;
        bits as f32 / (1u64 << 24) as f32
    }

    /// A float in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// `n` floats in `[lo, hi)`.
    pub fn vec(&mut self, n: usize, lo: f32, hi: f32) -> Vec<f32> {
        (0..n).map(|_| self.range(lo, hi)).collect()
    }
}

/// A short label of a batch size ("1k", "16k", "1M", "8M").
pub fn size_label(n: usize) -> String {
    if n >= 1 << 20 && n.is_multiple_of(1 << 20) {
        format!("{}M", n >> 20)
    } else if n >= 1 << 10 && n.is_multiple_of(1 << 10) {
        format!("{}k", n >> 10)
    } else {
        n.to_string()
    }
}

/// Prints the SIMD path and thread count at the start of a bench binary.
pub fn print_header(kernel: &str) {
    println!(
        "hooke-benches {kernel}: SIMD backend {} ; rayon threads {}",
        hooke::simd_backend().name(),
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    );
}

/// Benchmarks one frame per iteration of `step(dt)` in the group `group` (throughput `n`
/// elements, 20 samples): as `id` with the constant [`DT`] when `constant`, then as `{id}_jitter`
/// with [`jitter_dt`], a frame time changing every frame. The state is not reset.
pub fn bench_frames(
    c: &mut Criterion,
    group: &str,
    n: usize,
    (id, constant): (&str, bool),
    mut step: impl FnMut(f32),
) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(n as u64));
    group.sample_size(20);
    if constant {
        group.bench_function(id, |b| b.iter(|| step(black_box(DT))));
    }
    let mut frame = 0;
    group.bench_function(format!("{id}_jitter"), |b| {
        b.iter(|| {
            frame += 1;
            step(black_box(jitter_dt(frame)))
        })
    });
    group.finish();
}

/// For the diagnostic examples: nanoseconds per element of `step(dt)` over `frames` frames of `n`
/// elements, with [`jitter_dt`] changing every frame, after 16 untimed warm-up frames.
pub fn ns_per_element(n: usize, frames: u64, mut step: impl FnMut(f32)) -> f64 {
    for f in 0..16 {
        step(jitter_dt(f));
    }
    let start = Instant::now();
    for f in 0..frames {
        step(black_box(jitter_dt(f)));
    }
    start.elapsed().as_secs_f64() * 1e9 / (frames as f64 * n as f64)
}

/// For the diagnostic examples: whether to run a variant (the first argument names the one to run,
/// all by default) and the number of frames (second argument, 2000 by default).
pub fn example_args() -> (impl Fn(&str) -> bool, u64) {
    let args: Vec<String> = std::env::args().collect();
    let only = args.get(1).cloned().unwrap_or_else(|| "all".to_owned());
    let frames = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    (move |name: &str| only == "all" || only == name, frames)
}

/// Criterion settings for a batch size: short runs, fewer flat samples for the big sizes.
fn configure(group: &mut BenchmarkGroup<'_, WallTime>, n: usize) {
    group
        .throughput(Throughput::Elements(n as u64))
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    if n >= 1 << 20 {
        group.sample_size(10).sampling_mode(SamplingMode::Flat);
    } else {
        group.sample_size(20).sampling_mode(SamplingMode::Auto);
    }
}

/// Builds a workload (outside timing) and benchmarks it as `<group>/<id>/<n>` with the constant
/// [`DT`], and again as `<group>/<id>_jitter/<n>` with [`jitter_dt`].
fn run<W: Workload>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    n: usize,
    make: impl Fn() -> W,
) {
    run_once(group, id, n, &make, false);
    run_once(group, &format!("{id}_jitter"), n, &make, true);
}

/// Benchmarks a workload that does not depend on `dt` (traffic-only and fixed-coefficient
/// kernels) once, as `<group>/<id>/<n>`.
fn run_fixed<W: Workload>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    n: usize,
    make: impl Fn() -> W,
) {
    run_once(group, id, n, &make, false);
}

fn run_once<W: Workload>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    n: usize,
    make: &impl Fn() -> W,
    jitter: bool,
) {
    let mut timed = Timed::new(make(), jitter);
    group.bench_function(BenchmarkId::new(id, n), |b| {
        b.iter_custom(|iters| timed.time(iters))
    });
}

/// The variants every family bench ends with: `e_traffic` (one thread), `f_traffic_par` (sizes
/// from [`PAR_TRAFFIC_MIN`]) and `g_hooke_kernel` (sizes up to [`KERNEL_MAX`]); `traffic(par)`
/// builds the traffic kernel.
fn run_traffic_and_kernel<T: Workload, K: Workload>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    n: usize,
    traffic: impl Fn(bool) -> T,
    kernel: impl Fn() -> K,
) {
    run_fixed(group, "e_traffic", n, || traffic(false));
    if n >= PAR_TRAFFIC_MIN {
        run_fixed(group, "f_traffic_par", n, || traffic(true));
    }
    if n <= KERNEL_MAX {
        run_fixed(group, "g_hooke_kernel", n, kernel);
    }
}

/// Benchmarks every variant of a workload module with a shared halflife and a halflife per
/// spring (`critical`, `decay`, `quat`: each has `Inputs`, `Hooke`, `Source`, `Peer`, `Traffic`
/// and `Kernel`, with the same constructors) at every size, as the group `$group`.
macro_rules! bench_halflife_family {
    ($c:expr, $group:literal, $m:ident) => {{
        let mut group = $c.benchmark_group($group);
        for n in SIZES {
            configure(&mut group, n);
            let inputs = $m::Inputs::new(n);
            let hooke = |par, halflives| $m::Hooke::new(&inputs, par, halflives);
            run(&mut group, "a_hooke", n, || hooke(false, false));
            run(&mut group, "a_hooke_halflives", n, || hooke(false, true));
            run(&mut group, "b_hooke_par", n, || hooke(true, false));
            run(&mut group, "c_source_scalar", n, || {
                $m::Source::new(&inputs)
            });
            run(&mut group, "d_spring_damper", n, || {
                $m::Peer::new(&inputs, false)
            });
            let peer_halflives = || $m::Peer::new(&inputs, true);
            run(&mut group, "d_spring_damper_halflives", n, peer_halflives);
            let traffic = |par| $m::Traffic::new(&inputs, par);
            run_traffic_and_kernel(&mut group, n, traffic, || $m::Kernel::new(&inputs));
        }
        group.finish();
    }};
}

/// The critical spring (goal, goal velocity, shared halflife): all variants and sizes.
pub fn bench_critical(c: &mut Criterion) {
    bench_halflife_family!(c, "critical", critical);
}

/// The decay spring (toward 0, shared halflife): all variants and sizes.
pub fn bench_decay(c: &mut Criterion) {
    bench_halflife_family!(c, "decay", decay);
}

/// Settled vs moving, every batch type at 65,536 springs ([`workloads::settled`]): the cost of a
/// step while the springs move (ids `<batch>/moving`) and after 40 s of simulated time on their
/// goals (`<batch>/settled`), with a constant and a changing `dt` (`_jitter`).
pub fn bench_settled(c: &mut Criterion) {
    const N: usize = 1 << 16;
    for case in workloads::settled::cases() {
        let mut group = c.benchmark_group(format!("settled/{}", case.name));
        configure(&mut group, N);
        for (id, settled) in [("moving", false), ("settled", true)] {
            run(&mut group, id, N, || {
                workloads::settled::Settling::new(&case, N, settled)
            });
        }
        group.finish();
    }
}

/// The general spring (per-spring stiffness and damping, mixed regimes): all variants and sizes.
pub fn bench_general(c: &mut Criterion) {
    let mut group = c.benchmark_group("general");
    for n in SIZES {
        configure(&mut group, n);
        let inputs = general::Inputs::new(n);
        let hooke = |par| general::Hooke::new(&inputs, par);
        run(&mut group, "a_hooke", n, || hooke(false));
        run(&mut group, "b_hooke_par", n, || hooke(true));
        let source = || general::Source::new(&inputs);
        run(&mut group, "c_source_scalar", n, source);
        let peer = || general::Peer::new(&inputs);
        run(&mut group, "d_spring_damper", n, peer);
        let traffic = |par| general::Traffic::new(&inputs, par);
        run_traffic_and_kernel(&mut group, n, traffic, || general::Kernel::new(&inputs));
    }
    group.finish();
}

/// The quaternion decay spring (rotation offsets toward the identity): all variants and sizes.
pub fn bench_quat_decay(c: &mut Criterion) {
    bench_halflife_family!(c, "quat_decay", quat);
}

/// Smooth damp (per-value smooth time and max speed): hooke's batch, hooke's scalar loop, Unity's
/// formula in a plain loop (what engines ship), and the traffic-only kernel. 1k to 1M values.
pub fn bench_smooth_damp(c: &mut Criterion) {
    let mut group = c.benchmark_group("smooth_damp");
    for n in &SIZES[..3] {
        let n = *n;
        configure(&mut group, n);
        let inputs = smooth_damp::Inputs::new(n);
        let batch = || smooth_damp::Hooke::new(&inputs);
        run(&mut group, "a_hooke", n, batch);
        // `unity`: Unity's formula instead of hooke's scalar function.
        let scalar_loop = |unity| smooth_damp::Loop::new(&inputs, unity);
        run(&mut group, "c_hooke_scalar", n, || scalar_loop(false));
        run(&mut group, "d_unity_formula", n, || scalar_loop(true));
        run_fixed(&mut group, "e_traffic", n, || {
            smooth_damp::Traffic::new(&inputs)
        });
    }
    group.finish();
}
