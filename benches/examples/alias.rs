//! Diagnostic: time of `hooke::lanes::spring_shared` on 1k / 16k springs as a function of where
//! the four columns sit relative to each other modulo 4 KiB (4K aliasing between the stores to
//! `x`/`v` and the loads of later lane groups makes the same kernel up to ~2.5x slower).
//!
//! `cargo run --release -p hooke-benches --example alias`

use std::hint::black_box;
use std::time::Instant;

use hooke::SpringCoeffs;
use hooke::lanes::{LaneCoeffs, spring_shared};
use hooke_benches::{DT, HALFLIFE};
use wide::f32x8;

fn main() {
    let c = LaneCoeffs::splat(&SpringCoeffs::critical(HALFLIFE, DT));
    for springs in [1024_usize, 16384] {
        let lanes = springs / 8;
        // Column k starts at k * (stride) lane groups; stride = lanes rounded up to 4 KiB + skew.
        let page = 4096 / 32;
        for skew in [0_usize, 1, 2, 3, 4, 8, 16, 32, 64] {
            let stride = lanes.div_ceil(page) * page + skew;
            let mut buf = vec![f32x8::splat(0.5); stride * 4 + page];
            // Align the first column to 4 KiB.
            let base = buf.as_ptr() as usize;
            let first = (4096 - base % 4096) % 4096 / 32;
            let (_, rest) = buf.split_at_mut(first);
            let (x, rest) = rest.split_at_mut(stride);
            let (v, rest) = rest.split_at_mut(stride);
            let (g, rest) = rest.split_at_mut(stride);
            let (q, _) = rest.split_at_mut(stride);
            let (x, v, g, q) = (&mut x[..lanes], &mut v[..lanes], &g[..lanes], &q[..lanes]);
            let reps = 200_000_000 / springs;
            let start = Instant::now();
            for _ in 0..reps {
                spring_shared(black_box(&mut *x), &mut *v, g, q, &c);
            }
            let ns = start.elapsed().as_secs_f64() * 1e9 / (reps * springs) as f64;
            println!("{springs:>6} springs, column skew {skew:>2} lane groups: {ns:.3} ns/spring");
        }
    }
}
