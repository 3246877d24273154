//! Sanity checks of the workloads: every variant computes the same springs (within the accuracy
//! of its formula), parallel runs are bit-identical, and no state becomes subnormal between
//! resets (subnormals would put the benchmark on the CPU's slow path).

use super::{critical, decay, general, quat};
use crate::{RESET_EVERY, Workload, jitter_dt};

const N: usize = 1000;

/// Runs `reference` and `other` for `RESET_EVERY` steps of the changing frame time
/// [`jitter_dt`], checking subnormals at every step and
/// that at most `allowed_bad` of the values differ by more than `tolerance` (relative to
/// `1 + |reference|`).
fn compare(
    reference: &mut dyn Workload,
    other: &mut dyn Workload,
    tolerance: f32,
    allowed_bad: f64,
    what: &str,
) {
    reference.reset();
    other.reset();
    let mut worst = 0.0_f64;
    for step in 1..=RESET_EVERY {
        // The fixed-coefficient kernels (g) are built for the constant DT.
        let dt = if what == "g" {
            crate::DT
        } else {
            jitter_dt(step)
        };
        reference.step(dt);
        other.step(dt);
        let (a, b) = (reference.state(), other.state());
        assert_eq!(a.len(), b.len(), "{what}");
        let mut bad = 0;
        for (i, (&a, &b)) in a.iter().zip(&b).enumerate() {
            assert!(
                a.is_finite() && b.is_finite(),
                "{what}: step {step} value {i}"
            );
            assert!(!b.is_subnormal(), "{what}: step {step} value {i} = {b:e}");
            assert!(!a.is_subnormal(), "{what}: step {step} value {i} = {a:e}");
            let err = (a - b).abs() / (1.0 + a.abs());
            if err > tolerance {
                bad += 1;
                if allowed_bad == 0.0 {
                    panic!("{what}: step {step} value {i}: {a} vs {b} (error {err:e})");
                }
            }
        }
        worst = worst.max(bad as f64 / a.len() as f64);
    }
    assert!(
        worst <= allowed_bad,
        "{what}: {worst} of the values disagree"
    );
}

/// Reset restores the initial state.
fn check_reset(w: &mut dyn Workload, what: &str) {
    w.reset();
    let before = w.state();
    w.step(crate::DT);
    assert_ne!(before, w.state(), "{what}: a step changes the state");
    w.reset();
    assert_eq!(before, w.state(), "{what}: reset");
}

/// Every variant of a workload module with a shared halflife and a halflife per spring
/// (`critical`, `decay`, `quat`) agrees with hooke's batch: bit for bit in parallel, within
/// `kernel` for the fixed-coefficient kernel and `source` for the article's formula; and every
/// variant's reset restores its state.
macro_rules! halflife_variants_agree {
    ($m:ident, kernel: $kernel:expr, source: $source:expr) => {{
        let inputs = $m::Inputs::new(N);
        let mut a = $m::Hooke::new(&inputs, false, false);
        compare(
            &mut a,
            &mut $m::Hooke::new(&inputs, true, false),
            0.0,
            0.0,
            "b",
        );
        compare(&mut a, &mut $m::Kernel::new(&inputs), $kernel, 0.0, "g");
        compare(&mut a, &mut $m::Source::new(&inputs), $source, 0.0, "c");
        compare(&mut a, &mut $m::Peer::new(&inputs, false), 2e-2, 0.0, "d");
        let mut per_spring = $m::Hooke::new(&inputs, false, true);
        let mut per_spring_par = $m::Hooke::new(&inputs, true, true);
        compare(
            &mut per_spring,
            &mut per_spring_par,
            0.0,
            0.0,
            "b per spring",
        );
        let mut peer_per_spring = $m::Peer::new(&inputs, true);
        compare(
            &mut per_spring,
            &mut peer_per_spring,
            2e-2,
            0.0,
            "d per spring",
        );
        for w in [
            &mut a as &mut dyn Workload,
            &mut per_spring,
            &mut $m::Source::new(&inputs),
            &mut $m::Peer::new(&inputs, false),
            &mut $m::Traffic::new(&inputs, false),
            &mut $m::Traffic::new(&inputs, true),
        ] {
            check_reset(w, stringify!($m));
        }
    }};
}

#[test]
fn critical_variants_agree() {
    halflife_variants_agree!(critical, kernel: 0.0, source: 1e-4);
}

#[test]
fn decay_variants_agree() {
    halflife_variants_agree!(decay, kernel: 0.0, source: 1e-4);
}

#[test]
fn quat_variants_agree() {
    halflife_variants_agree!(quat, kernel: 1e-6, source: 5e-3);
}

#[test]
fn general_variants_agree() {
    let inputs = general::Inputs::new(N);
    let mut a = general::Hooke::new(&inputs, false);
    compare(
        &mut a,
        &mut general::Hooke::new(&inputs, true),
        0.0,
        0.0,
        "b",
    );
    // The first constant step after a changing dt runs the batch's fused series kernel, whose
    // coefficients may differ from the cached f64-rounded ones by an ulp (both within the bound;
    // measured 1.0e-6 after 27 steps on the baseline SIMD path).
    compare(&mut a, &mut general::Kernel::new(&inputs), 1e-5, 0.0, "g");
    compare(&mut a, &mut general::Source::new(&inputs), 1e-3, 0.02, "c");
    compare(&mut a, &mut general::Peer::new(&inputs), 5e-2, 0.02, "d");
    for w in [
        &mut a as &mut dyn Workload,
        &mut general::Source::new(&inputs),
        &mut general::Peer::new(&inputs),
        &mut general::Traffic::new(&inputs, false),
        &mut general::Traffic::new(&inputs, true),
    ] {
        check_reset(w, "general");
    }
}
