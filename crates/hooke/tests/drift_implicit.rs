//! Tests of the drift-correcting damper (seed 003), the implicit springs of a rigid-body solver
//! (seed 004) and the opt-in exp approximation (seed 001's `fast_negexp`).

use hooke::scalar::{
    DriftCorrector, SpringMass, critical_mass, damper_exact, damper_fast, drift_damper_update,
    erp_cfm_constraint_step, erp_cfm_from_stiffness_damping, explicit_euler_spring_step_unstable,
    fast_negexp, implicit_spring_step, spring_damper_exact_stiffness_damping,
    stiffness_damping_from_erp_cfm,
};

// ---------------------------------------------------------------------------------------------
// Drift-correcting damper
// ---------------------------------------------------------------------------------------------

/// Deterministic noise in [-0.5, 0.5).
fn noise(i: u32) -> f32 {
    let h = i.wrapping_mul(2_654_435_761) ^ (i >> 7).wrapping_mul(40_503);
    (h >> 8) as f32 / (1u32 << 24) as f32 - 0.5
}

/// A jittery authoritative clock with a constant offset: the output converges to its average
/// (offset and all) while each frame advances by the smooth step, far smoother than the input.
#[test]
fn drift_damper_keeps_smooth_slope_and_authoritative_average() {
    let dt = 1.0_f32 / 60.0;
    let halflife = 0.5;
    for scaled in [false, true] {
        let mut c = DriftCorrector::new(0.0);
        let mut prev = c.value();
        let (mut sum_offset, mut count) = (0.0_f64, 0);
        let (mut out_jitter, mut in_jitter) = (0.0_f64, 0.0_f64);
        let mut prev_n = 0.0_f32;
        for i in 1..=6000_u32 {
            let s = i as f32 * dt;
            // Authoritative: 0.2 s ahead, with 4 ms of jitter.
            let n = s + 0.2 + 0.008 * noise(i);
            let x = if scaled {
                c.update_scaled(dt, n, halflife, dt)
            } else {
                c.update(dt, n, halflife, dt)
            };
            if i > 1200 {
                sum_offset += f64::from(x - s);
                count += 1;
                out_jitter = out_jitter.max(f64::from(((x - prev) - dt).abs()));
                in_jitter = in_jitter.max(f64::from(((n - prev_n) - dt).abs()));
            }
            prev = x;
            prev_n = n;
        }
        let mean_offset = sum_offset / f64::from(count);
        println!(
            "drift damper (scaled: {scaled}): mean offset {mean_offset:.6} (expected 0.2), \
             max step deviation out {out_jitter:e} vs in {in_jitter:e}"
        );
        assert!((mean_offset - 0.2).abs() < 2e-4, "{mean_offset}");
        assert!(out_jitter < in_jitter / 20.0, "{out_jitter} {in_jitter}");
    }
}

/// An authoritative clock that runs 1% fast and updates only every 10 ms: the output takes its
/// slope, with the predicted constant lag `r dt decay / (1 - decay)` (`r dt / (1 - decay)` scaled).
#[test]
fn drift_damper_follows_authoritative_slope_with_predicted_lag() {
    let dt = 1.0_f64 / 60.0;
    let halflife = 0.25_f64;
    let rate = 0.01_f64;
    let decay = 0.5_f64.powf(dt / halflife);
    for scaled in [false, true] {
        let mut c = DriftCorrector::new(0.0);
        let mut lag_sum = 0.0;
        let mut count = 0;
        let mut first = None;
        let mut last = 0.0;
        for i in 1..=3600 {
            let s = i as f64 * dt;
            let n_true = s * (1.0 + rate);
            let n = ((n_true / 0.01).floor() * 0.01) as f32; // coarse updates
            let x = if scaled {
                c.update_scaled(dt as f32, n, halflife as f32, dt as f32)
            } else {
                c.update(dt as f32, n, halflife as f32, dt as f32)
            };
            if i > 600 {
                // Compare with the true authoritative clock minus half a quantum (its average).
                lag_sum += n_true - 0.005 - f64::from(x);
                count += 1;
                if first.is_none() {
                    first = Some((s, f64::from(x)));
                }
                last = f64::from(x);
            }
        }
        let (s0, x0) = first.unwrap();
        let slope = (last - x0) / (3600.0 * dt - s0);
        let lag = lag_sum / f64::from(count);
        let predicted = if scaled {
            rate * dt / (1.0 - decay)
        } else {
            rate * dt * decay / (1.0 - decay)
        };
        println!(
            "drift slope (scaled: {scaled}): {slope:.6} (authoritative {}), lag {lag:.6} \
             (predicted {predicted:.6}, continuous {:.6})",
            1.0 + rate,
            rate * halflife / std::f64::consts::LN_2
        );
        assert!((slope - (1.0 + rate)).abs() < 1e-4, "{slope}");
        assert!((lag - predicted).abs() < 1e-3, "{lag} vs {predicted}");
    }
}

/// The offset decays exactly by `2^(-t / halflife)` whatever the step size, when both signals
/// advance together after a jump.
#[test]
fn drift_damper_decay_is_exact_in_dt() {
    let halflife = 0.3_f32;
    let mut results = Vec::new();
    for steps in [1_u32, 7, 60, 1000] {
        let dt = 1.0 / steps as f32;
        let mut c = DriftCorrector::new(0.0);
        c.update(0.0, -1.0, halflife, 0.0); // authoritative jumps by -1, no time passes
        assert_eq!(c.offset(), 1.0);
        let mut n = -1.0_f32;
        for _ in 0..steps {
            n += dt;
            c.update(dt, n, halflife, dt);
        }
        results.push(c.offset());
    }
    let expected = 0.5_f32.powf(1.0 / halflife);
    for r in results {
        assert!((r - expected).abs() < 2e-6, "{r} vs {expected}");
    }
}

/// The source's accumulator form equals `DriftCorrector::update` started on the smooth signal.
#[test]
fn drift_accumulator_form_matches_corrector() {
    let dt = 0.02_f32;
    let mut acc = 0.0_f32;
    let s0 = 0.0_f32;
    let n0 = 0.3_f32;
    let mut c = DriftCorrector::with_value(s0, n0);
    for i in 1..=500_u32 {
        let s = i as f32 * dt;
        let n = s * 1.02 + 0.3 + 0.01 * noise(i);
        let a = drift_damper_update(&mut acc, s, n, 0.4, dt);
        let b = c.update(dt, n, 0.4, dt);
        assert!((a - b).abs() < 1e-4, "step {i}: {a} vs {b}");
    }
    // Limits: halflife 0 returns the authoritative value, infinite halflife the smooth signal.
    let mut c = DriftCorrector::new(1.0);
    assert_eq!(c.update(0.5, 3.0, 0.0, 0.1), 3.0);
    let mut c = DriftCorrector::new(1.0);
    assert_eq!(c.update(0.5, 3.0, f32::INFINITY, 0.1), 1.5);
    // NaN parameters apply no correction and never poison the state.
    let mut c = DriftCorrector::new(1.0);
    assert_eq!(c.update(0.5, 3.0, f32::NAN, 0.1), 1.5);
    assert_eq!(c.update_scaled(0.5, 3.0, 0.1, f32::NAN), 2.0);
}

// ---------------------------------------------------------------------------------------------
// Implicit springs (ERP / CFM)
// ---------------------------------------------------------------------------------------------

#[test]
fn erp_cfm_round_trips() {
    let mut worst = 0.0_f64;
    for &kp in &[0.0_f32, 1.0, 100.0, 1.2e6, 1e9] {
        for &kd in &[0.0_f32, 0.5, 20.0, 8e4, 1e7] {
            for &dt in &[1.0_f32 / 240.0, 1.0 / 60.0, 0.1] {
                if kp == 0.0 && kd == 0.0 {
                    assert_eq!(
                        erp_cfm_from_stiffness_damping(kp, kd, dt),
                        (0.0, f32::INFINITY)
                    );
                    continue;
                }
                let (erp, cfm) = erp_cfm_from_stiffness_damping(kp, kd, dt);
                assert!((0.0..=1.0).contains(&erp) && cfm > 0.0, "{erp} {cfm}");
                let (kp2, kd2) = stiffness_damping_from_erp_cfm(erp, cfm, dt);
                let rel = |a: f32, b: f32| f64::from((a - b).abs()) / f64::from(b.abs().max(1e-30));
                let scale = f64::from(dt * kp + kd);
                // Both coefficients are recovered to f32 precision relative to dt kp + kd.
                let ekp = f64::from((kp2 - kp).abs()) * f64::from(dt) / scale;
                let ekd = f64::from((kd2 - kd).abs()) / scale;
                assert!(
                    ekp < 1e-6 && ekd < 1e-6,
                    "kp {kp} -> {kp2}, kd {kd} -> {kd2}"
                );
                if kp > 0.0 && kd > 0.0 && erp > 1e-3 && erp < 0.999 {
                    worst = worst.max(rel(kp2, kp)).max(rel(kd2, kd));
                }
            }
        }
    }
    println!("ERP/CFM round trip: worst relative error {worst:e}");
    // The source's numbers: ODE defaults at 60 Hz.
    let (kp, kd) = stiffness_damping_from_erp_cfm(0.2, 1e-5, 1.0 / 60.0);
    assert!(
        (kp - 1.2e6).abs() < 1.0 && (kd - 8e4).abs() < 0.1,
        "{kp} {kd}"
    );
    assert!((critical_mass(kp, kd) - 1333.333).abs() < 0.01);
    // Rigid limits: never NaN.
    assert_eq!(
        stiffness_damping_from_erp_cfm(0.2, 0.0, 0.1),
        (f32::INFINITY, f32::INFINITY)
    );
    assert_eq!(
        stiffness_damping_from_erp_cfm(1.0, 0.0, 0.1),
        (f32::INFINITY, 0.0)
    );
    assert_eq!(
        stiffness_damping_from_erp_cfm(0.0, 0.0, 0.1),
        (0.0, f32::INFINITY)
    );
    assert_eq!(critical_mass(0.0, 3.0), f32::INFINITY);
}

/// The solver-style ERP/CFM step is the backward-Euler spring step, for any mass.
#[test]
fn erp_cfm_constraint_step_is_backward_euler() {
    for &(kp, kd) in &[
        (1.2e6_f32, 8e4_f32),
        (100.0, 2.0),
        (1e6, 2000.0),
        (50.0, 0.0),
    ] {
        for &mass in &[0.0_f32, 0.1, 1.0, 80.0, 1333.0, 1e5] {
            for &dt in &[1.0_f32 / 60.0, 0.005] {
                let (erp, cfm) = erp_cfm_from_stiffness_damping(kp, kd, dt);
                let (mut xa, mut va) = (1.0_f32, -3.0_f32);
                let (mut xb, mut vb) = (xa, va);
                for _ in 0..20 {
                    implicit_spring_step(&mut xa, &mut va, 0.25, SpringMass { kp, kd, mass }, dt);
                    erp_cfm_constraint_step(&mut xb, &mut vb, 0.25, erp, cfm, mass, dt);
                }
                assert!(
                    (xa - xb).abs() < 1e-5 && (va - vb).abs() < 1e-4 * (1.0 + va.abs()),
                    "kp {kp} kd {kd} m {mass} dt {dt}: {xa} {xb} {va} {vb}"
                );
            }
        }
    }
}

/// With the source's stiff gains the explicit step explodes; the implicit one settles. At the
/// critical mass the implicit step neither oscillates nor overshoots.
#[test]
fn implicit_step_is_stable_where_explicit_explodes() {
    let (kp, kd, dt) = (1.2e6_f32, 8e4_f32, 1.0_f32 / 60.0);
    let (mut xe, mut ve) = (1.0_f32, 0.0_f32);
    let (mut xi, mut vi) = (1.0_f32, 0.0_f32);
    let mut exploded_at = None;
    for step in 0..60 {
        explicit_euler_spring_step_unstable(
            &mut xe,
            &mut ve,
            0.0,
            SpringMass { kp, kd, mass: 1.0 },
            dt,
        );
        implicit_spring_step(&mut xi, &mut vi, 0.0, SpringMass { kp, kd, mass: 1.0 }, dt);
        if exploded_at.is_none() && (xe.is_nan() || xe.abs() >= 1e6) {
            exploded_at = Some(step);
        }
        assert!(xi.is_finite() && xi.abs() <= 1.0);
    }
    println!(
        "explicit Euler |x| > 1e6 after {} steps",
        exploded_at.unwrap() + 1
    );
    assert!(exploded_at.is_some_and(|s| s < 5));
    // Implicit: settles (0.8 per step with these gains), no NaN anywhere.
    assert!(xi.abs() < 1e-4, "{xi}");

    // Critical mass: monotone approach, no overshoot.
    let (kp, kd) = (1e6_f32, 2000.0_f32);
    let m = critical_mass(kp, kd);
    assert!((m - 1.0).abs() < 1e-6);
    let (mut x, mut v) = (1.0_f32, 0.0_f32);
    let mut prev = x;
    for _ in 0..200 {
        implicit_spring_step(&mut x, &mut v, 0.0, SpringMass { kp, kd, mass: m }, 0.001);
        assert!(x >= 0.0 && x <= prev, "{x} {prev}");
        prev = x;
    }
}

/// Backward Euler loses energy that the exact solution keeps: an undamped spring.
#[test]
fn implicit_step_loses_energy_exact_spring_keeps_it() {
    let (kp, mass, dt) = (400.0_f32, 2.0_f32, 1.0_f32 / 60.0);
    let energy = |x: f32, v: f32| {
        0.5 * f64::from(kp) * f64::from(x).powi(2) + 0.5 * f64::from(mass) * f64::from(v).powi(2)
    };
    let (mut xi, mut vi) = (1.0_f32, 0.0_f32);
    let (mut xe, mut ve) = (1.0_f32, 0.0_f32);
    let e0 = energy(1.0, 0.0);
    let mut prev = e0;
    for _ in 0..120 {
        implicit_spring_step(&mut xi, &mut vi, 0.0, SpringMass { kp, kd: 0.0, mass }, dt);
        spring_damper_exact_stiffness_damping(&mut xe, &mut ve, 0.0, 0.0, kp / mass, 0.0, dt);
        let ei = energy(xi, vi);
        assert!(
            ei < prev,
            "backward Euler must lose energy every step: {ei} {prev}"
        );
        prev = ei;
    }
    let (ei, ee) = (energy(xi, vi), energy(xe, ve));
    println!(
        "after 2 s undamped: backward Euler keeps {:.4} of the energy, exact {:.7}",
        ei / e0,
        ee / e0
    );
    assert!(ei / e0 < 0.5, "{ei}");
    assert!((ee / e0 - 1.0).abs() < 1e-4, "{ee}");
}

#[test]
fn implicit_functions_never_give_nan_from_finite_input() {
    let values = [0.0_f32, -1.0, 1e-30, 1.0, 1e30, f32::MAX];
    for &kp in &values {
        for &kd in &values {
            for &m in &values {
                for &dt in &values {
                    let (mut x, mut v) = (1.0_f32, -2.0_f32);
                    implicit_spring_step(&mut x, &mut v, 0.5, SpringMass { kp, kd, mass: m }, dt);
                    assert!(!x.is_nan() && !v.is_nan(), "implicit {kp} {kd} {m} {dt}");
                    let (mut x, mut v) = (1.0_f32, -2.0_f32);
                    explicit_euler_spring_step_unstable(
                        &mut x,
                        &mut v,
                        0.5,
                        SpringMass { kp, kd, mass: m },
                        dt,
                    );
                    assert!(!x.is_nan() && !v.is_nan(), "explicit {kp} {kd} {m} {dt}");
                    let (mut x, mut v) = (1.0_f32, -2.0_f32);
                    erp_cfm_constraint_step(&mut x, &mut v, 0.5, kp, kd, m, dt);
                    assert!(!x.is_nan() && !v.is_nan(), "constraint {kp} {kd} {m} {dt}");
                    let (erp, cfm) = erp_cfm_from_stiffness_damping(kp, kd, dt);
                    assert!(!erp.is_nan() && !cfm.is_nan(), "erp/cfm {kp} {kd} {dt}");
                    let (a, b) = stiffness_damping_from_erp_cfm(kp, kd, dt);
                    assert!(!a.is_nan() && !b.is_nan(), "kp/kd {kp} {kd} {dt}");
                }
            }
            assert!(!critical_mass(kp, kd).is_nan());
        }
    }
    // Bad parameters leave the state unchanged.
    let (mut x, mut v) = (1.0_f32, 2.0_f32);
    implicit_spring_step(
        &mut x,
        &mut v,
        0.0,
        SpringMass {
            kp: f32::NAN,
            kd: 1.0,
            mass: 1.0,
        },
        0.1,
    );
    implicit_spring_step(
        &mut x,
        &mut v,
        0.0,
        SpringMass {
            kp: 1.0,
            kd: 1.0,
            mass: 1.0,
        },
        0.0,
    );
    implicit_spring_step(
        &mut x,
        &mut v,
        0.0,
        SpringMass {
            kp: 0.0,
            kd: 0.0,
            mass: 0.0,
        },
        0.1,
    );
    assert_eq!((x, v), (1.0, 2.0));
}

// ---------------------------------------------------------------------------------------------
// fast_negexp
// ---------------------------------------------------------------------------------------------

/// Measures the documented bound: max |fast_negexp(x) - e^(-x)| over [0, 100].
#[test]
fn fast_negexp_error_bound() {
    let n = 1_000_000;
    let (mut worst, mut at) = (0.0_f64, 0.0_f64);
    for i in 0..=n {
        let x = 100.0 * i as f64 / n as f64;
        let e = (f64::from(fast_negexp(x as f32)) - (-x).exp()).abs();
        if e > worst {
            worst = e;
            at = x;
        }
    }
    println!("fast_negexp: max abs error {worst:.6} at x = {at:.4}");
    // Documented on `fast_negexp`: 0.0188 (measured 0.018762 at x = 3.336).
    assert!(worst < 0.0188, "{worst}");
    assert!(worst > 0.018, "{worst}");
    // Never NaN, positive, monotone on a coarse grid (including negative inputs).
    let mut prev = f32::INFINITY;
    for i in -1000..=1000 {
        let x = i as f32 * 0.05;
        let y = fast_negexp(x);
        assert!(y > 0.0 && y <= prev, "{x} {y}");
        prev = y;
    }
    assert_eq!(fast_negexp(f32::INFINITY), 0.0);
    assert_eq!(fast_negexp(f32::MAX), 0.0);
}

/// `damper_fast` is within the bound of the exact damper per step, but not dt-invariant.
#[test]
fn damper_fast_breaks_dt_invariance() {
    let halflife = 0.1_f32;
    let one = damper_fast(1.0, 0.0, halflife, 0.5);
    let mut many = 1.0_f32;
    for _ in 0..500 {
        many = damper_fast(many, 0.0, halflife, 0.001);
    }
    let exact = damper_exact(1.0, 0.0, halflife, 0.5);
    println!("damper_fast: one 0.5 s step {one:.5}, 500 x 1 ms {many:.5}, exact {exact:.5}");
    assert!((one - exact).abs() < 0.0188);
    assert!((many - exact).abs() < 1e-3);
    // 0.0500 vs 0.0313: the step size changes the result by more than half of it.
    assert!((one - many).abs() > 0.015, "{one} {many}");
    assert_eq!(damper_fast(0.3, 1.0, 0.0, 0.1), 1.0);
    assert_eq!(damper_fast(0.3, 1.0, 0.1, 0.0), 0.3);
    assert_eq!(damper_fast(0.3, 1.0, f32::NAN, 0.1), 0.3);
}
