//! Diagnostic: time per step of hooke's decay kernels as the state decays (buckets of 32 steps
//! after a reset), with and without flush-to-zero / denormals-are-zero. A slowdown late in the
//! decay that FTZ/DAZ removes means subnormal intermediates (microcode assists).
//!
//! `cargo run --release -p hooke-benches --example decay_phase`
#![allow(unsafe_code)]

use std::hint::black_box;
use std::time::Instant;

use hooke_benches::Workload;
use hooke_benches::workloads::{critical, decay, general, quat};

/// Steps after a reset covered by the buckets (twice the benchmarks' reset period).
const STEPS: u64 = 256;

fn buckets(name: &str, w: &mut dyn Workload, n: usize) {
    const BUCKET: u64 = 32;
    const ROUNDS: u32 = 200;
    let mut sums = vec![0.0_f64; (STEPS / BUCKET) as usize];
    for _ in 0..ROUNDS {
        w.reset();
        for sum in sums.iter_mut() {
            let start = Instant::now();
            for _ in 0..BUCKET {
                w.step(hooke_benches::DT);
                black_box(&mut *w);
            }
            *sum += start.elapsed().as_secs_f64();
        }
    }
    let per: Vec<String> = sums
        .iter()
        .map(|s| {
            format!(
                "{:6.3}",
                s * 1e9 / (f64::from(ROUNDS) * BUCKET as f64 * n as f64)
            )
        })
        .collect();
    println!(
        "{name:<28} ns/spring by step bucket of {BUCKET}: {}",
        per.join(" ")
    );
}

fn set_ftz_daz(on: bool) {
    #[cfg(target_arch = "x86_64")]
    #[allow(deprecated)]
    // SAFETY: changes only the floating-point control bits (FTZ bit 15, DAZ bit 6) of this thread.
    unsafe {
        use std::arch::x86_64::{_mm_getcsr, _mm_setcsr};
        let csr = _mm_getcsr();
        _mm_setcsr(if on { csr | 0x8040 } else { csr & !0x8040 });
    }
}

fn main() {
    let n = 1024;
    for ftz in [false, true] {
        set_ftz_daz(ftz);
        println!("FTZ/DAZ {}", if ftz { "on" } else { "off" });
        let c = critical::Inputs::new(n);
        buckets(
            "critical a_hooke",
            &mut critical::Hooke::new(&c, false, false),
            n,
        );
        let d = decay::Inputs::new(n);
        buckets("decay a_hooke", &mut decay::Hooke::new(&d, false, false), n);
        let g = general::Inputs::new(n);
        buckets("general a_hooke", &mut general::Hooke::new(&g, false), n);
        let q = quat::Inputs::new(n);
        buckets("quat_decay a_hooke", &mut quat::Kernel::new(&q), n);
        buckets("quat_decay c_source_scalar", &mut quat::Source::new(&q), n);
        buckets(
            "quat_decay d_spring_damper",
            &mut quat::Peer::new(&q, false),
            n,
        );
    }
}
