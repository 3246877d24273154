//! Settled vs moving, every batch type: ns per spring per step while the springs move, and after
//! they have settled on their goals for 40 s of simulated time (`docs/performance.md`). Variants
//! interleaved, medians of rounds, one thread. The criterion bench `settled` measures the same
//! workloads.
//!
//! `cargo run --release -p hooke-benches --example settled [N]`

use std::time::Instant;

use hooke_benches::workloads::settled::{Settling, cases};
use hooke_benches::{DT, Workload, jitter_dt};

/// Steps timed per round (after a restore, for the moving workloads).
const STEPS: u64 = 64;
const ROUNDS: usize = 15;

fn time(w: &mut Settling, jitter: bool, n: usize) -> f64 {
    w.reset();
    let start = Instant::now();
    for frame in 0..STEPS {
        let dt = if jitter { jitter_dt(frame) } else { DT };
        w.step(std::hint::black_box(dt));
    }
    start.elapsed().as_secs_f64() * 1e9 / (STEPS as f64 * n as f64)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map_or(1 << 16, |s| s.parse().expect("a size"));
    println!(
        "{n} springs, one thread, SIMD path {}",
        hooke::simd_backend().name()
    );
    println!(
        "{:<22} {:>10} {:>10} {:>7}   {:>10} {:>10} {:>7}",
        "batch", "moving", "settled", "ratio", "moving~dt", "settled~dt", "ratio"
    );
    for case in cases() {
        let mut moving = Settling::new(&case, n, false);
        let mut settled = Settling::new(&case, n, true);
        let state = settled.state();
        let subnormal = state.iter().filter(|v| v.is_subnormal()).count();
        let nonzero = state.iter().filter(|v| **v != 0.0).count();
        if std::env::var_os("SETTLED_STATE").is_some() {
            println!(
                "  {}: {subnormal} subnormal, {nonzero} non-zero of {}",
                case.name,
                state.len()
            );
        }
        let mut row = Vec::new();
        for jitter in [false, true] {
            let (mut m, mut s) = (Vec::new(), Vec::new());
            for _ in 0..ROUNDS {
                m.push(time(&mut moving, jitter, n));
                s.push(time(&mut settled, jitter, n));
            }
            row.push((median(m), median(s)));
        }
        println!(
            "{:<22} {:>10.3} {:>10.3} {:>6.2}x   {:>10.3} {:>10.3} {:>6.2}x",
            case.name,
            row[0].0,
            row[0].1,
            row[0].1 / row[0].0,
            row[1].0,
            row[1].1,
            row[1].1 / row[1].0
        );
    }
}
