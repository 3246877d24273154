//! Stiffness 0, damping 0, huge damping.

use super::*;

#[test]
fn stiffness_zero_damps_toward_the_goal_velocity() {
    for d in [0.0_f32, 0.5, 3.0, 1e4] {
        for (x0, v0, _, q) in STATES {
            for dt in [1e-3_f32, 0.1, 2.0, 100.0] {
                let (x, v) = run(Family::StiffnessDamping, x0, v0, 0.0, q, 0.0, d, dt);
                // The goal position plays no part: any other goal gives the same bits.
                let other = run(Family::StiffnessDamping, x0, v0, 1234.5, q, 0.0, d, dt);
                assert_eq!(bits(x, v), bits(other.0, other.1), "d {d} dt {dt}");
                // x0 + q t + (v0 - q)(1 - e^(-d t)) / d, v = q + (v0 - q) e^(-d t).
                let [x0, v0, q, d, t] = widen([x0, v0, q, d, dt]);
                let (xe, ve) = if d == 0.0 {
                    (x0 + v0 * t, v0)
                } else {
                    (
                        x0 + q * t - (v0 - q) * (-d * t).exp_m1() / d,
                        q + (v0 - q) * (-d * t).exp(),
                    )
                };
                let scale_x = x0.abs() + (v0.abs() + q.abs()) * t;
                assert!(
                    (f64::from(x) - xe).abs() <= 2e-7 * scale_x
                        && (f64::from(v) - ve).abs() <= 2e-7 * (v0.abs() + q.abs()),
                    "d {d} dt {t}: ({x}, {v}) vs ({xe}, {ve})"
                );
            }
        }
    }
}

#[test]
fn damping_zero_conserves_energy() {
    // One long step of the undamped oscillator: E = v^2 + s (x - g)^2 is conserved.
    for s in [1.0_f32, 40.0, 1e4] {
        for dt in [1.234_f32, 100.0, 1e4, 1e6] {
            let (x0, v0, g) = (1.5_f32, -2.0_f32, 0.25_f32);
            let (x, v) = run(Family::StiffnessDamping, x0, v0, g, 0.0, s, 0.0, dt);
            let energy = |x: f32, v: f32| {
                let u = f64::from(x) - f64::from(g);
                f64::from(v).powi(2) + f64::from(s) * u * u
            };
            let (e0, e1) = (energy(x0, v0), energy(x, v));
            assert!((e1 - e0).abs() <= 1e-6 * e0, "s {s} dt {dt}: {e0} -> {e1}");
            // The same through the frequency parameterisation with an infinite halflife.
            let f = (f64::from(s).sqrt() / (2.0 * std::f64::consts::PI)) as f32;
            let (x, v) = run(
                Family::FrequencyHalflife,
                x0,
                v0,
                g,
                0.0,
                f,
                f32::INFINITY,
                dt,
            );
            let e1 = energy(x, v);
            assert!((e1 - e0).abs() <= 1e-5 * e0, "f {f} dt {dt}: {e0} -> {e1}");
        }
    }
    // Many frame steps: the f32 coefficients keep the energy to a small drift.
    let (mut x, mut v) = (1.0_f32, 0.0_f32);
    for _ in 0..60 * 60 {
        spring_damper_exact_stiffness_damping(&mut x, &mut v, 0.0, 0.0, 40.0, 0.0, 1.0 / 60.0);
    }
    let e1 = f64::from(v).powi(2) + 40.0 * f64::from(x).powi(2);
    assert!(
        (e1 - 40.0).abs() <= 1e-3 * 40.0,
        "after one minute at 60 Hz: {e1}"
    );
}

#[test]
fn huge_damping_stays_finite_and_exact() {
    for d in [1e4_f32, 1e8, 1e12, 1e20, 1e30, f32::MAX] {
        for s in [0.0_f32, 1.0, 1e4, 1e30] {
            for dt in [1e-6_f32, 1.0 / 60.0, 1.0, 1e3] {
                for (x0, v0, g, q) in STATES {
                    let (x, v) = run(Family::StiffnessDamping, x0, v0, g, q, s, d, dt);
                    assert!(x.is_finite() && v.is_finite(), "s {s} d {d} dt {dt}");
                    if d <= 1e12 && s <= 1e4 {
                        let case = Case::new(x0, v0, g, q, f64::from(s), f64::from(d), dt);
                        let (fx, fv) = case.error_fractions(x, v);
                        assert!(fx <= 1.0 && fv <= 1.0, "{case:?}: ({x}, {v}) ({fx}, {fv})");
                    }
                }
            }
        }
    }
}
