//! Diagnostic: `hooke::lanes::spring_shared` (with its per-lane-group finiteness check and cold
//! saturating path) against the same step without the check, on 1k and 16k springs (in cache).
//!
//! `cargo run --release -p hooke-benches --example finite_check`

use std::hint::black_box;
use std::time::Instant;

use hooke::SpringCoeffs;
use hooke::column::Column;
use hooke::lanes::{LaneCoeffs, spring_shared};
use hooke_benches::{DT, HALFLIFE, workloads::critical::Inputs};
use wide::f32x8;

/// The step without the finiteness check (hooke's kernel before the check was added).
fn unchecked(
    x: &mut [f32x8],
    v: &mut [f32x8],
    goal: &[f32x8],
    goal_velocity: &[f32x8],
    c: &LaneCoeffs,
) {
    for (((x, v), g), q) in x.iter_mut().zip(v.iter_mut()).zip(goal).zip(goal_velocity) {
        let e = *x - *g;
        let dx = c.xx.mul_add(e, c.xv.mul_add(*v, c.xq * *q));
        let v1 = c.vx.mul_add(e, c.vv.mul_add(*v, c.vq * *q));
        (*x, *v) = (*x + dx, v1);
    }
}

type Kernel = fn(&mut [f32x8], &mut [f32x8], &[f32x8], &[f32x8], &LaneCoeffs);

fn main() {
    let c = LaneCoeffs::splat(&SpringCoeffs::critical(HALFLIFE, DT));
    for n in [1024_usize, 16384] {
        let inputs = Inputs::new(n);
        let kernels: [(&str, Kernel); 2] = [
            ("hooke::lanes::spring_shared", |x, v, g, q, c| {
                spring_shared(x, v, g, q, c)
            }),
            ("same step without finite check", unchecked),
        ];
        for round in 0..2 {
            for (name, kernel) in kernels {
                let (mut x, mut v) = (Column::from_slice(&inputs.x), Column::from_slice(&inputs.v));
                let (g, q) = (
                    Column::from_slice(&inputs.goal),
                    Column::from_slice(&inputs.goal_velocity),
                );
                let reps = 100_000_000 / n;
                let mut total = 0.0;
                for r in 0..reps {
                    if r % 128 == 0 {
                        x.as_mut_slice().copy_from_slice(&inputs.x);
                        v.as_mut_slice().copy_from_slice(&inputs.v);
                    }
                    let start = Instant::now();
                    kernel(
                        black_box(x.lanes_mut()),
                        v.lanes_mut(),
                        g.lanes(),
                        q.lanes(),
                        &c,
                    );
                    total += start.elapsed().as_secs_f64();
                }
                let ns = total * 1e9 / (reps * n) as f64;
                println!("round {round} {n:>6} springs  {name:<32} {ns:.3} ns/spring");
            }
        }
    }
}
