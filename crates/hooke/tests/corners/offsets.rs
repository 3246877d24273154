//! Offsets, continuity.

use super::*;

#[test]
fn tiny_and_huge_offsets_scale_linearly() {
    for family in FAMILIES {
        for (p1, p2) in typical(family) {
            for dt in [1.0_f32 / 60.0, 0.3, 5.0] {
                let (x1, v1) = run(family, 1.0, -0.5, 0.0, 0.0, p1, p2, dt);
                let (s, d) = params_f64(family, p1, p2);
                let unit = Case::new(1.0, -0.5, 0.0, 0.0, s, d, dt);
                let (bx, bv) = unit.bounds();
                for k in [1e-30_f32, 1e-20, 1e-7, 1e7, 1e20, 1e30] {
                    let (x, v) = run(family, k, -0.5 * k, 0.0, 0.0, p1, p2, dt);
                    assert!(x.is_finite() && v.is_finite());
                    let (k, x1, v1) = (f64::from(k), f64::from(x1), f64::from(v1));
                    assert!(
                        (f64::from(x) / k - x1).abs() <= bx && (f64::from(v) / k - v1).abs() <= bv,
                        "{family:?} {p1} {p2} dt {dt} k {k}: ({x}, {v}) vs ({x1}, {v1})"
                    );
                    // And against the reference at that scale.
                    let case = Case {
                        x0: k as f32,
                        v0: (-0.5 * k) as f32,
                        ..unit
                    };
                    let (fx, fv) = case.error_fractions(x, v);
                    assert!(fx <= 1.0 && fv <= 1.0, "{case:?}: ({x}, {v})");
                }
                // Subnormal offsets (1e-40) keep the same motion to the subnormal resolution,
                // except that results below the normal range are flushed to the goal (0 here)
                // and to zero velocity (`docs/math.md` §4.6).
                let (x, v) = run(family, 1e-40, -0.5e-40, 0.0, 0.0, p1, p2, dt);
                let (k, x1, v1) = (1e-40_f64, f64::from(x1), f64::from(v1));
                let flushed = |y: f64| {
                    if y.abs() < f64::from(f32::MIN_POSITIVE) {
                        0.0
                    } else {
                        y
                    }
                };
                // A subnormal has an absolute resolution of 1.4e-45, and each product with a
                // coefficient scales that rounding.
                let tol = 1e-44 * (1.0 + x1.abs() + v1.abs());
                let (want_x, want_v) = (flushed(k * x1), flushed(k * v1));
                assert!(
                    (f64::from(x) - want_x).abs() <= tol && (f64::from(v) - want_v).abs() <= tol,
                    "{family:?} {p1} {p2} dt {dt}: ({x:e}, {v:e}) vs ({x1}, {v1}) * 1e-40"
                );
            }
        }
    }
}

#[test]
fn near_critical_springs_are_continuous() {
    for h in [0.01_f32, 0.1, 1.0] {
        for dt in [1.0_f32 / 60.0, 0.5, 5.0] {
            for (x0, v0, g, q) in STATES {
                let crit = run(Family::RatioHalflife, x0, v0, g, q, 1.0, h, dt);
                let also_crit = run(Family::Critical, x0, v0, g, q, 0.0, h, dt);
                for r in [1.0_f32 - 1e-6, 1.0 + 1e-6] {
                    let near = run(Family::RatioHalflife, x0, v0, g, q, r, h, dt);
                    let d = damping_from_halflife(h);
                    let case = Case {
                        x0,
                        v0,
                        g,
                        q,
                        s: stiffness_from_ratio(1.0, d),
                        d,
                        dt,
                    };
                    let (bx, bv) = case.bounds();
                    for other in [near, also_crit] {
                        assert!(
                            fraction(f64::from(other.0) - f64::from(crit.0), bx) <= 1.0
                                && fraction(f64::from(other.1) - f64::from(crit.1), bv) <= 1.0,
                            "h {h} dt {dt} r {r}: {other:?} vs {crit:?}"
                        );
                    }
                }
            }
        }
    }
    // Stiffness/damping one f32 ulp either side of critical (s = 100, d = 20).
    for dt in [0.01_f32, 0.3, 3.0] {
        let crit = run(
            Family::StiffnessDamping,
            1.0,
            0.0,
            0.0,
            0.0,
            100.0,
            20.0,
            dt,
        );
        for d in [20.0_f32.next_down(), 20.0_f32.next_up()] {
            let near = run(Family::StiffnessDamping, 1.0, 0.0, 0.0, 0.0, 100.0, d, dt);
            assert!(
                (near.0 - crit.0).abs() <= 1e-6 && (near.1 - crit.1).abs() <= 1e-5,
                "{near:?} vs {crit:?}"
            );
        }
    }
}

#[test]
fn eps_phase_quadrant_flip_regression() {
    // math.md §3.1: the sources' under-damped phase `atan(... / (-(x - c) w + eps))` flips its
    // quadrant when 0 < x - c < eps / w (eps = 1e-5), so a spring a hair above its rest point
    // moved the wrong way. Here w = 10, so every offset below 1e-6 was affected.
    for (s, d) in [(100.0_f32, 2.0_f32), (100.0, 0.0), (100.0, 19.9)] {
        for u0 in [1e-9_f32, 1e-8, 1e-7, 5e-7, 9.9e-7] {
            for sign in [1.0_f32, -1.0] {
                let x0 = sign * u0;
                for dt in [1e-3_f32, 0.01, 0.05] {
                    let (x, v) = run(Family::StiffnessDamping, x0, 0.0, 0.0, 0.0, s, d, dt);
                    // Toward the rest point, not past it (w dt < pi / 2), velocity toward it.
                    assert!(
                        x * sign > 0.0 && x * sign < u0 && v * sign < 0.0,
                        "s {s} d {d} x0 {x0} dt {dt}: ({x}, {v})"
                    );
                    let case = Case::new(x0, 0.0, 0.0, 0.0, f64::from(s), f64::from(d), dt);
                    let (fx, fv) = case.error_fractions(x, v);
                    assert!(fx <= 1.0 && fv <= 1.0, "{case:?}: ({x}, {v})");
                }
            }
        }
    }
    // The same through the frequency/halflife parameterisation (w ~ 10 rad/s).
    let (x, v) = run(
        Family::FrequencyHalflife,
        5e-7,
        0.0,
        0.0,
        0.0,
        1.6,
        0.7,
        0.01,
    );
    assert!(x > 0.0 && x < 5e-7 && v < 0.0, "({x}, {v})");
}

#[test]
fn critical_spring_covers_40_percent_in_one_halflife() {
    // "Halflife" is exact for the damper only; for the critical spring from rest,
    // x(h) / x0 = (1 + 2 ln 2) / 4 = 0.5966 (docs/math.md).
    let expected = (1.0 + 2.0 * std::f64::consts::LN_2) / 4.0;
    for h in [0.01_f32, 0.1, 0.5, 3.0] {
        let (x, _) = run(Family::Decay, 1.0, 0.0, 0.0, 0.0, 0.0, h, h);
        assert!((f64::from(x) - expected).abs() < 1e-6, "h {h}: {x}");
        let xd = damper_exact(1.0, 0.0, h, h);
        assert!((xd - 0.5).abs() < 1e-7, "damper h {h}: {xd}");
    }
}
