//! Diagnostic: hooke's log/exp quaternion decay kernel (`hooke::lanes::quat_decay_shared`, for
//! callers who keep only quaternions; `QuatDecaySprings` runs the rotation-vector kernel
//! `rotation_vector_decay_shared` instead, see docs/performance.md) against the same
//! step written with hooke's public lane types, (1) with inlined loads/stores over zipped
//! iterators and (2) additionally two lane groups per iteration, to show how much of the kernel's
//! time is call overhead and dependency-chain latency.
//!
//! `cargo run --release -p hooke-benches --example quat_unroll`

use std::hint::black_box;
use std::time::Instant;

use hooke::SpringCoeffs;
use hooke::lanes::LaneCoeffs;
use hooke::simd::{Quat8, Vec3x8};
use hooke_benches::workloads::quat;
use hooke_benches::{DT, HALFLIFE, Workload};
use wide::f32x8;

#[inline(always)]
fn step(c: &LaneCoeffs, q: Quat8, w: Vec3x8) -> (Quat8, Vec3x8) {
    let e = q.to_scaled_angle_axis();
    let f = |e: f32x8, v: f32x8| (e + c.xx.mul_add(e, c.xv * v), c.vx.mul_add(e, c.vv * v));
    let (ex, vx) = f(e.x, w.x);
    let (ey, vy) = f(e.y, w.y);
    let (ez, vz) = f(e.z, w.z);
    let nq = Quat8::from_scaled_angle_axis(Vec3x8 {
        x: ex,
        y: ey,
        z: ez,
    });
    (
        nq,
        Vec3x8 {
            x: vx,
            y: vy,
            z: vz,
        },
    )
}

type Cols = [Vec<f32x8>; 7];

/// The first `n` lane groups of the seven columns (qx, qy, qz, qw, wx, wy, wz), all sliced to
/// the same length so that the loops' indexing needs no bounds checks.
struct Lanes<'a>([&'a mut [f32x8]; 7]);

impl<'a> Lanes<'a> {
    fn new(s: &'a mut Cols, n: usize) -> Lanes<'a> {
        Lanes(s.each_mut().map(|c| &mut c[..n]))
    }

    #[inline(always)]
    fn load(&self, i: usize) -> (Quat8, Vec3x8) {
        let c = &self.0;
        let q = Quat8 {
            x: c[0][i],
            y: c[1][i],
            z: c[2][i],
            w: c[3][i],
        };
        let w = Vec3x8 {
            x: c[4][i],
            y: c[5][i],
            z: c[6][i],
        };
        (q, w)
    }

    #[inline(always)]
    fn store(&mut self, i: usize, (q, w): (Quat8, Vec3x8)) {
        let c = &mut self.0;
        (c[0][i], c[1][i], c[2][i], c[3][i]) = (q.x, q.y, q.z, q.w);
        (c[4][i], c[5][i], c[6][i]) = (w.x, w.y, w.z);
    }
}

fn inlined(s: &mut Cols, c: &LaneCoeffs) {
    let n = s[0].len();
    let mut lanes = Lanes::new(s, n);
    for i in 0..n {
        let (q, w) = lanes.load(i);
        lanes.store(i, step(c, q, w));
    }
}

fn unrolled(s: &mut Cols, c: &LaneCoeffs) {
    let n = s[0].len() & !1;
    let mut lanes = Lanes::new(s, n);
    let mut i = 0;
    while i < n {
        let j = i + 1;
        let (q0, w0) = lanes.load(i);
        let (q1, w1) = lanes.load(j);
        let next0 = step(c, q0, w0);
        let next1 = step(c, q1, w1);
        lanes.store(i, next0);
        lanes.store(j, next1);
        i += 2;
    }
}

fn cols(inputs: &quat::Inputs) -> Cols {
    let lanes = |f: &dyn Fn(usize) -> f32| -> Vec<f32x8> {
        (0..inputs.len() / 8)
            .map(|g| f32x8::new(std::array::from_fn(|k| f(g * 8 + k))))
            .collect()
    };
    let (r, w) = (&inputs.rotation, &inputs.angular_velocity);
    [
        lanes(&|i| r[i].x),
        lanes(&|i| r[i].y),
        lanes(&|i| r[i].z),
        lanes(&|i| r[i].w),
        lanes(&|i| w[i].x),
        lanes(&|i| w[i].y),
        lanes(&|i| w[i].z),
    ]
}

fn time(name: &str, n: usize, mut f: impl FnMut(), mut reset: impl FnMut()) {
    let rounds = 2000;
    let mut total = 0.0;
    for _ in 0..rounds {
        reset();
        let start = Instant::now();
        for _ in 0..64 {
            f();
        }
        total += start.elapsed().as_secs_f64();
    }
    println!(
        "{name:<36} {:.3} ns/spring",
        total * 1e9 / (rounds as f64 * 64.0 * n as f64)
    );
}

fn main() {
    let n = 1024;
    let inputs = quat::Inputs::new(n);
    let c = LaneCoeffs::splat(&SpringCoeffs::critical(HALFLIFE, DT));
    let kernel = std::cell::RefCell::new(quat::Kernel::new(&inputs));
    time(
        "hooke::lanes::quat_decay_shared",
        n,
        || kernel.borrow_mut().step(DT),
        || kernel.borrow_mut().reset(),
    );
    let init = cols(&inputs);
    let s = std::cell::RefCell::new(init.clone());
    time(
        "same step, inlined loads/stores",
        n,
        || inlined(black_box(&mut s.borrow_mut()), &c),
        || *s.borrow_mut() = init.clone(),
    );
    time(
        "same step, 2 lane groups per iteration",
        n,
        || unrolled(black_box(&mut s.borrow_mut()), &c),
        || *s.borrow_mut() = init.clone(),
    );
}
