//! Diagnostic: the per-spring-halflife batches (issue 18's rows) against the peer's plain loop,
//! `dt` changing every frame, 16k springs, timed frame by frame. Prints the median and the
//! fastest frame in ns/spring and the peer's median over hooke's. On a shared machine the median
//! of single frames (about 20-60 us each) is far steadier than the mean of a long run, which a
//! preempted slice distorts.
//!
//! `cargo run --release -p hooke-benches --example per_spring_frames [variant] [frames]`
//! (variants `critical`, `decay`; each runs with its peer, interleaved frame by frame.)

use std::hint::black_box;
use std::time::Instant;

use hooke::batch::{CriticalSprings, DecaySprings};
use hooke_benches::{RESET_EVERY, jitter_dt, workloads::critical::Inputs};

const N: usize = 1 << 14;

/// Per-frame times (ns/spring) of two steppers run alternately on the same frame times. Each
/// stepper takes `Some(dt)` to step, `None` to restore its initial state (untimed, every
/// [`RESET_EVERY`] frames, as the criterion benches do, so that the frames measure springs in
/// motion rather than at rest).
fn pair(
    frames: u64,
    mut a: impl FnMut(Option<f32>),
    mut b: impl FnMut(Option<f32>),
) -> [Vec<f64>; 2] {
    let mut times = [Vec::new(), Vec::new()];
    for f in 0..frames + 16 {
        let dt = black_box(jitter_dt(f));
        let steppers = [&mut a as &mut dyn FnMut(Option<f32>), &mut b];
        for (k, step) in steppers.into_iter().enumerate() {
            if f % RESET_EVERY == 0 {
                step(None);
            }
            let start = Instant::now();
            step(Some(dt));
            let ns = start.elapsed().as_secs_f64() * 1e9 / N as f64;
            if f >= 16 {
                times[k].push(ns);
            }
        }
    }
    times
}

/// The peer's plain loop over its array of springs as a stepper for [`pair`]: `step` advances
/// one spring's `[f32; K]` by `dt`; `None` restores `start`.
fn peer_loop<const K: usize>(
    start: Vec<[f32; K]>,
    step: impl Fn(&mut [f32; K], f32),
) -> impl FnMut(Option<f32>) {
    let mut springs = start.clone();
    move |dt| {
        let Some(dt) = dt else {
            springs.copy_from_slice(&start);
            return;
        };
        for s in &mut springs {
            step(s, dt);
        }
        black_box(&mut springs);
    }
}

fn report(name: &str, [hooke, peer]: [Vec<f64>; 2]) {
    let stats = |mut t: Vec<f64>| {
        t.sort_by(f64::total_cmp);
        (t[t.len() / 2], t[0])
    };
    let ((hm, hmin), (pm, pmin)) = (stats(hooke), stats(peer));
    println!(
        "{name:10} hooke {hm:6.3} (min {hmin:6.3})  peer {pm:6.3} (min {pmin:6.3})  ns/spring  speed vs peer {:5.2}x",
        pm / hm
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let only = args.get(1).map(String::as_str).unwrap_or("all");
    let frames: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let inputs = Inputs::new(N);
    let want = |name: &str| only == "all" || only == name;
    if want("critical") {
        let mut b = CriticalSprings::with_halflives(&inputs.halflife).expect("valid");
        let start: Vec<[f32; 5]> = (0..N)
            .map(|i| {
                let (g, q) = (inputs.goal[i], inputs.goal_velocity[i]);
                [inputs.x[i], inputs.v[i], g, q, inputs.halflife[i]]
            })
            .collect();
        let peer = peer_loop(start, |s, dt| {
            let [x, v, g, q, h] = s;
            spring_damper::critical_spring_damper_exact(x, v, *g, *q, *h, dt);
        });
        let times = pair(
            frames,
            |dt| match dt {
                Some(dt) => b.update(dt).expect("dt"),
                None => b
                    .set_state(&inputs.x, &inputs.v, &inputs.goal, &inputs.goal_velocity)
                    .expect("len"),
            },
            peer,
        );
        report("critical", times);
    }
    if want("decay") {
        let mut b = DecaySprings::with_halflives(&inputs.halflife).expect("valid");
        let start: Vec<[f32; 3]> = (0..N)
            .map(|i| [inputs.x[i], inputs.v[i], inputs.halflife[i]])
            .collect();
        let peer = peer_loop(start, |s, dt| {
            let [x, v, h] = s;
            spring_damper::decay_spring_damper_exact(x, v, *h, dt);
        });
        let times = pair(
            frames,
            |dt| match dt {
                Some(dt) => b.update(dt).expect("dt"),
                None => b.set_state(&inputs.x, &inputs.v).expect("len"),
            },
            peer,
        );
        report("decay", times);
    }
}
