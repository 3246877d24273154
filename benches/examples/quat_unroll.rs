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

fn inlined(s: &mut Cols, c: &LaneCoeffs) {
    let [qx, qy, qz, qw, wx, wy, wz] = s;
    let n = qx.len();
    let (qy, qz, qw) = (&mut qy[..n], &mut qz[..n], &mut qw[..n]);
    let (wx, wy, wz) = (&mut wx[..n], &mut wy[..n], &mut wz[..n]);
    for i in 0..n {
        let q = Quat8 {
            x: qx[i],
            y: qy[i],
            z: qz[i],
            w: qw[i],
        };
        let w = Vec3x8 {
            x: wx[i],
            y: wy[i],
            z: wz[i],
        };
        let (q, w) = step(c, q, w);
        (qx[i], qy[i], qz[i], qw[i]) = (q.x, q.y, q.z, q.w);
        (wx[i], wy[i], wz[i]) = (w.x, w.y, w.z);
    }
}

fn unrolled(s: &mut Cols, c: &LaneCoeffs) {
    let [qx, qy, qz, qw, wx, wy, wz] = s;
    let n = qx.len() & !1;
    let (qy, qz, qw) = (&mut qy[..n], &mut qz[..n], &mut qw[..n]);
    let (wx, wy, wz) = (&mut wx[..n], &mut wy[..n], &mut wz[..n]);
    let mut i = 0;
    while i < n {
        let j = i + 1;
        let q0 = Quat8 {
            x: qx[i],
            y: qy[i],
            z: qz[i],
            w: qw[i],
        };
        let w0 = Vec3x8 {
            x: wx[i],
            y: wy[i],
            z: wz[i],
        };
        let q1 = Quat8 {
            x: qx[j],
            y: qy[j],
            z: qz[j],
            w: qw[j],
        };
        let w1 = Vec3x8 {
            x: wx[j],
            y: wy[j],
            z: wz[j],
        };
        let (q0, w0) = step(c, q0, w0);
        let (q1, w1) = step(c, q1, w1);
        (qx[i], qy[i], qz[i], qw[i]) = (q0.x, q0.y, q0.z, q0.w);
        (wx[i], wy[i], wz[i]) = (w0.x, w0.y, w0.z);
        (qx[j], qy[j], qz[j], qw[j]) = (q1.x, q1.y, q1.z, q1.w);
        (wx[j], wy[j], wz[j]) = (w1.x, w1.y, w1.z);
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
