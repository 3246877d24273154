//! Corner cases of the exact springs: rigid springs (halflife 0), `dt = 0`, huge `dt`, stiffness 0,
//! damping 0, huge damping, tiny and huge offsets, near-critical continuity, out-of-domain
//! parameters (never NaN; the documented clamping), the typed errors of `SpringParams`, and the
//! regression for the sources' `+ eps` phase quadrant flip.

mod reference;

use glam::{Quat, Vec3};
use hooke::scalar::{
    critical_spring_damper_exact, damper_exact, decay_spring_damper_exact,
    decay_spring_damper_exact_quat, simple_spring_damper_exact, simple_spring_damper_exact_quat,
    spring_damper_exact, spring_damper_exact_ratio, spring_damper_exact_stiffness_damping,
};
use hooke::{ParamError, SpringCoeffs, SpringParams};
use reference::{
    Case, critical_params, damping_from_halflife, fraction, quat_offset, stiffness_from_frequency,
    stiffness_from_ratio,
};

/// The scalar spring families, called through one signature `(x, v, goal, goal_velocity, p1, p2,
/// dt)`; `p1`/`p2` are the family's parameters (unused ones ignored).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Family {
    /// `p1` stiffness, `p2` damping.
    StiffnessDamping,
    /// `p1` frequency, `p2` halflife.
    FrequencyHalflife,
    /// `p1` damping ratio, `p2` halflife.
    RatioHalflife,
    /// `p2` halflife.
    Critical,
    /// `p2` halflife, goal velocity ignored.
    Simple,
    /// `p2` halflife, goal and goal velocity ignored.
    Decay,
}

const FAMILIES: [Family; 6] = [
    Family::StiffnessDamping,
    Family::FrequencyHalflife,
    Family::RatioHalflife,
    Family::Critical,
    Family::Simple,
    Family::Decay,
];

/// The families that have a halflife (and so a rigid limit at halflife 0).
const HALFLIFE_FAMILIES: [Family; 5] = [
    Family::FrequencyHalflife,
    Family::RatioHalflife,
    Family::Critical,
    Family::Simple,
    Family::Decay,
];

#[allow(clippy::too_many_arguments)]
fn run(family: Family, x: f32, v: f32, g: f32, q: f32, p1: f32, p2: f32, dt: f32) -> (f32, f32) {
    let (mut x, mut v) = (x, v);
    match family {
        Family::StiffnessDamping => {
            spring_damper_exact_stiffness_damping(&mut x, &mut v, g, q, p1, p2, dt)
        }
        Family::FrequencyHalflife => spring_damper_exact(&mut x, &mut v, g, q, p1, p2, dt),
        Family::RatioHalflife => spring_damper_exact_ratio(&mut x, &mut v, g, q, p1, p2, dt),
        Family::Critical => critical_spring_damper_exact(&mut x, &mut v, g, q, p2, dt),
        Family::Simple => simple_spring_damper_exact(&mut x, &mut v, g, p2, dt),
        Family::Decay => decay_spring_damper_exact(&mut x, &mut v, p2, dt),
    }
    (x, v)
}

/// The goal and goal velocity a family actually uses.
fn effective_goal(family: Family, g: f32, q: f32) -> (f32, f32) {
    match family {
        Family::Simple => (g, 0.0),
        Family::Decay => (0.0, 0.0),
        _ => (g, q),
    }
}

/// `(s, d)` in f64 as the library derives them from `(p1, p2)`.
fn params_f64(family: Family, p1: f32, p2: f32) -> (f64, f64) {
    match family {
        Family::StiffnessDamping => (f64::from(p1), f64::from(p2)),
        Family::FrequencyHalflife => (stiffness_from_frequency(p1), damping_from_halflife(p2)),
        Family::RatioHalflife => {
            let d = damping_from_halflife(p2);
            (stiffness_from_ratio(p1, d), d)
        }
        _ => critical_params(p2),
    }
}

/// Typical parameters `(p1, p2)` per family.
fn typical(family: Family) -> [(f32, f32); 3] {
    match family {
        Family::StiffnessDamping => [(100.0, 3.0), (100.0, 20.0), (4.0, 30.0)],
        Family::FrequencyHalflife => [(2.0, 0.5), (0.5, 0.05), (8.0, 2.0)],
        Family::RatioHalflife => [(0.2, 0.3), (1.0, 0.1), (5.0, 1.0)],
        _ => [(0.0, 0.1), (0.0, 0.02), (0.0, 1.5)],
    }
}

const STATES: [(f32, f32, f32, f32); 6] = [
    (0.0, 0.0, 1.0, 0.0),
    (1.5, -2.0, 0.25, 0.5),
    (-3.0, 7.0, 2.0, -1.0),
    (1e8, 3.0, 1.0, 0.0),
    (1.0, 0.0, -1e7, 2.0),
    (0.1, 0.2, 0.1 + 1e-7, 0.0),
];

fn bits(x: f32, v: f32) -> (u32, u32) {
    (x.to_bits(), v.to_bits())
}

// ---------------------------------------------------------------------------------------------
// Rigid springs, dt = 0, huge dt.

#[test]
fn halflife_zero_is_rigid() {
    for family in HALFLIFE_FAMILIES {
        for (x0, v0, g, q) in STATES {
            for dt in [1e-6_f32, 1.0 / 60.0, 1.0, 1e6] {
                for p1 in [0.5_f32, 1.0, 3.0] {
                    // halflife 0, and a negative halflife (clamped to 0).
                    for h in [0.0_f32, -0.0, -1.0] {
                        let (x, v) = run(family, x0, v0, g, q, p1, h, dt);
                        let (ge, qe) = effective_goal(family, g, q);
                        assert_eq!(
                            (x, v),
                            (ge, qe),
                            "{family:?} p1 {p1} h {h} dt {dt} from {:?}",
                            (x0, v0, g, q)
                        );
                    }
                }
            }
        }
    }
    // Infinite stiffness, damping or frequency is rigid too.
    for (x0, v0, g, q) in STATES {
        for (s, d) in [
            (f32::INFINITY, 1.0),
            (1.0, f32::INFINITY),
            (f32::INFINITY, 0.0),
        ] {
            let r = run(Family::StiffnessDamping, x0, v0, g, q, s, d, 0.1);
            assert_eq!(r, (g, q), "s {s} d {d}");
        }
        let r = run(
            Family::FrequencyHalflife,
            x0,
            v0,
            g,
            q,
            f32::INFINITY,
            0.5,
            0.1,
        );
        assert_eq!(r, (g, q));
    }
    // The damper returns the goal.
    for (x0, _, g, _) in STATES {
        for h in [0.0_f32, -0.0, -2.0] {
            assert_eq!(damper_exact(x0, g, h, 0.1), g);
        }
    }
    // Quaternion springs snap to the goal with zero angular velocity.
    let goal = Quat::from_rotation_y(1.0);
    for h in [0.0_f32, -1.0] {
        let (mut x, mut w) = (Quat::from_rotation_x(2.0), Vec3::new(1.0, 2.0, 3.0));
        simple_spring_damper_exact_quat(&mut x, &mut w, goal, h, 0.1);
        assert!(quat_offset(x, goal).length() < 1e-7 && w == Vec3::ZERO);
        let (mut x, mut w) = (Quat::from_rotation_x(2.0), Vec3::new(1.0, 2.0, 3.0));
        decay_spring_damper_exact_quat(&mut x, &mut w, h, 0.1);
        assert!(x == Quat::IDENTITY && w == Vec3::ZERO, "{x:?} {w:?}");
    }
}

#[test]
fn dt_zero_returns_the_state_bit_for_bit() {
    for family in FAMILIES {
        for (x0, v0, g, q) in STATES.into_iter().chain([(-0.0, -0.0, 1.0, 1.0)]) {
            for (p1, p2) in
                typical(family)
                    .into_iter()
                    .chain([(0.0, 0.0), (1.0, 0.0), (f32::INFINITY, 1.0)])
            {
                for dt in [0.0_f32, -0.0] {
                    let (x, v) = run(family, x0, v0, g, q, p1, p2, dt);
                    assert_eq!(
                        bits(x, v),
                        bits(x0, v0),
                        "{family:?} {p1} {p2} dt {dt} from {:?}",
                        (x0, v0)
                    );
                }
            }
        }
    }
    for (x0, _, g, _) in STATES {
        for h in [0.0_f32, 0.1, 10.0] {
            assert_eq!(damper_exact(x0, g, h, 0.0).to_bits(), x0.to_bits());
        }
    }
    let x0 = Quat::from_xyzw(0.1, -0.7, 0.3, -0.6).normalize();
    let w0 = Vec3::new(0.3, -1.0, 4.0);
    for h in [0.0_f32, 0.1, 3.0] {
        let (mut x, mut w) = (x0, w0);
        simple_spring_damper_exact_quat(&mut x, &mut w, Quat::from_rotation_z(1.0), h, 0.0);
        assert_eq!((x, w), (x0, w0));
        decay_spring_damper_exact_quat(&mut x, &mut w, h, 0.0);
        assert_eq!((x, w), (x0, w0));
    }
}

#[test]
fn huge_dt_converges_to_the_rest_point() {
    for family in FAMILIES {
        let params: Vec<(f32, f32)> = match family {
            Family::StiffnessDamping => vec![(1e-3, 1.0), (1.0, 1e-3), (100.0, 20.0), (1e4, 1e4)],
            Family::FrequencyHalflife => vec![(0.01, 10.0), (1.0, 0.1), (16.0, 1e-3)],
            Family::RatioHalflife => vec![(0.01, 10.0), (1.0, 1e-3), (100.0, 0.01)],
            _ => vec![(0.0, 1e-3), (0.0, 0.1), (0.0, 10.0)],
        };
        for (p1, p2) in params {
            let (s, d) = params_f64(family, p1, p2);
            let y = 0.5 * d;
            let slow = if s > y * y {
                y
            } else {
                s / (y + (y * y - s).sqrt())
            };
            for (x0, v0, g, q) in STATES {
                for dt in [1e3_f32, 1e6] {
                    let (x, v) = run(family, x0, v0, g, q, p1, p2, dt);
                    assert!(x.is_finite() && v.is_finite(), "{family:?} {p1} {p2} {dt}");
                    let (g, q) = effective_goal(family, g, q);
                    let case = Case {
                        x0,
                        v0,
                        g,
                        q,
                        s,
                        d,
                        dt,
                    };
                    let (fx, fv) = case.error_fractions(x, v);
                    assert!(fx <= 1.0 && fv <= 1.0, "{case:?}: {x} {v} ({fx}, {fv})");
                    if slow * f64::from(dt) > 50.0 {
                        // Converged: at the rest point, at rest (to f32 rounding of c).
                        // The affine step `x0 + (xx e + ...)` rounds at the size of x0: a state
                        // far from the goal lands within an ulp of x0 of the rest point.
                        let c = f64::from(g) + d * f64::from(q) / s;
                        let tol = 1e-6 * (c.abs() + f64::from(g).abs())
                            + f64::from(f32::EPSILON) * f64::from(x0).abs()
                            + 1e-30;
                        assert!(
                            (f64::from(x) - c).abs() <= tol && f64::from(v).abs() <= 1e-6,
                            "{family:?} {p1} {p2} dt {dt}: ({x}, {v}) vs c {c}"
                        );
                    }
                }
            }
        }
    }
    // The damper converges to its goal.
    for dt in [1e3_f32, 1e6] {
        assert_eq!(damper_exact(5.0, 2.0, 0.5, dt), 2.0);
    }
}

// ---------------------------------------------------------------------------------------------
// Stiffness 0, damping 0, huge damping.

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
                let (x0, v0, q, d, t) = (
                    f64::from(x0),
                    f64::from(v0),
                    f64::from(q),
                    f64::from(d),
                    f64::from(dt),
                );
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
                        let case = Case {
                            x0,
                            v0,
                            g,
                            q,
                            s: f64::from(s),
                            d: f64::from(d),
                            dt,
                        };
                        let (fx, fv) = case.error_fractions(x, v);
                        assert!(fx <= 1.0 && fv <= 1.0, "{case:?}: ({x}, {v}) ({fx}, {fv})");
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Offsets, continuity.

#[test]
fn tiny_and_huge_offsets_scale_linearly() {
    for family in FAMILIES {
        for (p1, p2) in typical(family) {
            for dt in [1.0_f32 / 60.0, 0.3, 5.0] {
                let (x1, v1) = run(family, 1.0, -0.5, 0.0, 0.0, p1, p2, dt);
                let (s, d) = params_f64(family, p1, p2);
                let unit = Case {
                    x0: 1.0,
                    v0: -0.5,
                    g: 0.0,
                    q: 0.0,
                    s,
                    d,
                    dt,
                };
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
                    let case = Case {
                        x0,
                        v0: 0.0,
                        g: 0.0,
                        q: 0.0,
                        s: f64::from(s),
                        d: f64::from(d),
                        dt,
                    };
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

// ---------------------------------------------------------------------------------------------
// Out-of-domain parameters: never NaN, and the documented behaviour.

const BAD: [f32; 8] = [
    -1.0,
    -0.0,
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::MAX,
    1e-45,
    -1e-45,
];

#[test]
fn out_of_domain_parameters_never_make_nan() {
    let goodish = [0.0_f32, 1e-3, 0.1, 1.0, 1e4];
    for family in FAMILIES {
        for (x0, v0, g, q) in STATES {
            for p1 in BAD.into_iter().chain(goodish) {
                for p2 in BAD.into_iter().chain(goodish) {
                    for dt in BAD.into_iter().chain([1e-6, 1.0 / 60.0, 1e6]) {
                        let (x, v) = run(family, x0, v0, g, q, p1, p2, dt);
                        assert!(
                            !x.is_nan() && !v.is_nan(),
                            "{family:?} p1 {p1:e} p2 {p2:e} dt {dt:e} from {:?}: ({x}, {v})",
                            (x0, v0, g, q)
                        );
                        // dt = f32::MAX with no force left (clamped parameters) moves the state
                        // beyond the f32 range, an honest overflow; any other dt stays finite.
                        if dt != f32::MAX {
                            assert!(
                                x.is_finite() && v.is_finite(),
                                "{family:?} p1 {p1:e} p2 {p2:e} dt {dt:e} from {:?}: ({x}, {v})",
                                (x0, v0, g, q)
                            );
                        }
                    }
                }
            }
        }
    }
    for x0 in [0.0_f32, 1.0, -1e8] {
        for h in BAD.into_iter().chain([0.0, 0.1]) {
            for dt in BAD.into_iter().chain([0.0, 0.1]) {
                let x = damper_exact(x0, 2.0, h, dt);
                assert!(x.is_finite(), "damper x0 {x0} h {h} dt {dt}: {x}");
            }
        }
    }
    let goal = Quat::from_rotation_x(0.5);
    for h in BAD.into_iter().chain([0.0, 0.1]) {
        for dt in BAD.into_iter().chain([0.0, 0.1]) {
            let (mut x, mut w) = (Quat::from_rotation_y(2.0), Vec3::new(1.0, -2.0, 0.5));
            simple_spring_damper_exact_quat(&mut x, &mut w, goal, h, dt);
            assert!(x.is_finite() && w.is_finite(), "h {h} dt {dt}: {x:?} {w:?}");
            decay_spring_damper_exact_quat(&mut x, &mut w, h, dt);
            assert!(x.is_finite() && w.is_finite(), "h {h} dt {dt}: {x:?} {w:?}");
        }
    }
}

#[test]
fn extreme_finite_parameters_never_overflow_the_coefficients() {
    // Parameters whose f64 stiffness or damping exceeds the f32 range, with dt small enough that
    // the coefficients would overflow f32. With x at the goal (e = 0), an infinite coefficient
    // times 0 would be NaN.
    let cases: [(Family, f32, f32, f32); 6] = [
        (Family::FrequencyHalflife, 1e38, 1.0, 1.0 / 60.0),
        (Family::FrequencyHalflife, f32::MAX, 1e-3, 1e-30),
        (Family::RatioHalflife, 1e-40, 1.0, 1.0 / 60.0),
        (Family::RatioHalflife, 1e-30, 1e-30, 1e-38),
        (Family::Critical, 0.0, 1e-45, 1e-45),
        (Family::StiffnessDamping, f32::MAX, f32::MAX, 1e-20),
    ];
    for (family, p1, p2, dt) in cases {
        for (x0, v0, g, q) in STATES
            .into_iter()
            .chain([(1.0, 0.0, 1.0, 0.0), (0.0, 0.0, 0.0, 0.0)])
        {
            let (x, v) = run(family, x0, v0, g, q, p1, p2, dt);
            assert!(
                x.is_finite() && v.is_finite(),
                "{family:?} {p1:e} {p2:e} dt {dt:e} from {:?}: ({x}, {v})",
                (x0, v0, g, q)
            );
        }
        let c = match family {
            Family::FrequencyHalflife => SpringCoeffs::frequency_halflife(p1, p2, dt),
            Family::RatioHalflife => SpringCoeffs::damping_ratio_halflife(p1, p2, dt),
            Family::Critical => SpringCoeffs::critical(p2, dt),
            _ => SpringCoeffs::stiffness_damping(p1, p2, dt),
        };
        let all = [c.xx, c.xv, c.xq, c.vx, c.vv, c.vq];
        assert!(all.iter().all(|c| c.is_finite()), "{family:?}: {c:?}");
    }
}

#[test]
fn out_of_domain_parameters_follow_the_documentation() {
    for (x0, v0, g, q) in STATES {
        let at = |family, p1, p2, dt| run(family, x0, v0, g, q, p1, p2, dt);
        let same = |a: (f32, f32), b: (f32, f32)| bits(a.0, a.1) == bits(b.0, b.1);
        let unchanged = |r: (f32, f32)| bits(r.0, r.1) == bits(x0, v0);
        for family in FAMILIES {
            // A NaN parameter or a dt that is not finite and positive leaves the state unchanged.
            for (p1, p2) in typical(family) {
                for dt in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -1.0] {
                    assert!(unchanged(at(family, p1, p2, dt)), "{family:?} dt {dt}");
                }
                // p1 is a parameter of the first three families only.
                let has_p1 = matches!(
                    family,
                    Family::StiffnessDamping | Family::FrequencyHalflife | Family::RatioHalflife
                );
                if has_p1 {
                    assert!(
                        unchanged(at(family, f32::NAN, p2, 0.1)),
                        "{family:?} p1 NaN"
                    );
                }
                assert!(
                    unchanged(at(family, p1, f32::NAN, 0.1)),
                    "{family:?} p2 NaN"
                );
            }
        }
        // Negative stiffness, damping, frequency are clamped to 0.
        for (s, d) in [(100.0_f32, 3.0_f32), (0.0, 5.0), (4.0, 0.0)] {
            let r = at(Family::StiffnessDamping, s, d, 0.1);
            let neg_s = at(
                Family::StiffnessDamping,
                if s == 0.0 { -7.0 } else { s },
                d,
                0.1,
            );
            let neg_d = at(
                Family::StiffnessDamping,
                s,
                if d == 0.0 { -7.0 } else { d },
                0.1,
            );
            assert!(same(r, neg_s) && same(r, neg_d), "s {s} d {d}");
        }
        let r = at(Family::StiffnessDamping, -3.0, 2.0, 0.1);
        assert!(same(r, at(Family::StiffnessDamping, 0.0, 2.0, 0.1)));
        let r = at(Family::StiffnessDamping, 3.0, -2.0, 0.1);
        assert!(same(r, at(Family::StiffnessDamping, 3.0, 0.0, 0.1)));
        let r = at(Family::FrequencyHalflife, -2.0, 0.5, 0.1);
        assert!(same(r, at(Family::FrequencyHalflife, 0.0, 0.5, 0.1)));
        // A damping ratio of 0 or less is rigid, like a halflife of 0.
        for r in [0.0_f32, -0.0, -1.0, f32::NEG_INFINITY] {
            assert_eq!(at(Family::RatioHalflife, r, 0.5, 0.1), (g, q), "ratio {r}");
        }
        // An infinite halflife removes the damping: the critical spring moves freely, the
        // frequency spring is undamped, the ratio spring (stiffness (d / 2r)^2 = 0) moves freely.
        let free = at(Family::StiffnessDamping, 0.0, 0.0, 0.1);
        assert!(same(at(Family::Critical, 0.0, f32::INFINITY, 0.1), free));
        assert!(same(
            at(Family::RatioHalflife, 0.5, f32::INFINITY, 0.1),
            free
        ));
        let s = frequency_to_stiffness_f32(2.0);
        let undamped = run(Family::StiffnessDamping, x0, v0, g, q, s, 0.0, 0.1);
        let (x, v) = at(Family::FrequencyHalflife, 2.0, f32::INFINITY, 0.1);
        assert!(
            (x - undamped.0).abs() <= 1e-6 * (1.0 + x.abs())
                && (v - undamped.1).abs() <= 1e-5 * (1.0 + v.abs())
        );
        // An infinite damping ratio leaves no stiffness: pure damping toward q.
        let r = at(Family::RatioHalflife, f32::INFINITY, 0.5, 0.1);
        let d = hooke::scalar::halflife_to_damping(0.5);
        let expected = run(Family::StiffnessDamping, x0, v0, g, q, 0.0, d, 0.1);
        assert!((r.0 - expected.0).abs() <= 1e-6 * (1.0 + r.0.abs()));
    }
    // The damper: NaN halflife or dt, negative or infinite dt, infinite halflife: unchanged;
    // negative halflife: the goal.
    for (h, dt) in [
        (f32::NAN, 0.1_f32),
        (0.1, f32::NAN),
        (0.1, -1.0),
        (0.1, f32::INFINITY),
        (f32::INFINITY, 0.1),
        (f32::INFINITY, f32::INFINITY),
        (0.0, f32::INFINITY),
    ] {
        assert_eq!(damper_exact(0.3, 2.0, h, dt), 0.3, "damper h {h} dt {dt}");
    }
    assert_eq!(damper_exact(0.3, 2.0, -1.0, 0.1), 2.0);
    // Quaternion springs: NaN halflife, or a dt that is not finite and positive: unchanged.
    let goal = Quat::from_rotation_x(0.5);
    let x0 = Quat::from_xyzw(0.1, -0.7, 0.3, -0.6).normalize();
    let w0 = Vec3::new(0.3, -1.0, 4.0);
    for (h, dt) in [
        (f32::NAN, 0.1_f32),
        (0.1, f32::NAN),
        (0.1, f32::INFINITY),
        (0.1, -1.0),
    ] {
        let (mut x, mut w) = (x0, w0);
        simple_spring_damper_exact_quat(&mut x, &mut w, goal, h, dt);
        assert_eq!((x, w), (x0, w0), "simple quat h {h} dt {dt}");
        decay_spring_damper_exact_quat(&mut x, &mut w, h, dt);
        assert_eq!((x, w), (x0, w0), "decay quat h {h} dt {dt}");
    }
}

fn frequency_to_stiffness_f32(f: f32) -> f32 {
    hooke::scalar::frequency_to_stiffness(f)
}

// ---------------------------------------------------------------------------------------------
// SpringParams: typed errors naming the parameter and the value.

fn assert_invalid(result: Result<impl std::fmt::Debug, ParamError>, name: &str, value: f32) {
    let err = result.expect_err("expected an error");
    match err {
        ParamError::Invalid {
            name: n, value: v, ..
        } => {
            assert_eq!(n, name, "{err}");
            assert!(
                v.to_bits() == value.to_bits() || (v.is_nan() && value.is_nan()),
                "{err}"
            );
        }
        other => panic!("expected ParamError::Invalid, got {other:?}"),
    }
    let text = err.to_string();
    assert!(
        text.contains(&format!("`{name}`")) && text.contains(&format!("{value}")),
        "message {text:?} should name {name} and {value}"
    );
}

#[test]
fn spring_params_report_every_invalid_input() {
    let not_finite_or_negative = [-0.1_f32, -1e30, f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
    for bad in not_finite_or_negative {
        assert_invalid(SpringParams::critical(bad), "halflife", bad);
        assert_invalid(SpringParams::frequency_halflife(bad, 0.1), "frequency", bad);
        assert_invalid(SpringParams::frequency_halflife(1.0, bad), "halflife", bad);
        assert_invalid(
            SpringParams::damping_ratio_halflife(0.5, bad),
            "halflife",
            bad,
        );
        assert_invalid(SpringParams::new(bad, 1.0), "stiffness", bad);
        assert_invalid(SpringParams::new(1.0, bad), "damping", bad);
        let p = SpringParams::critical(0.1).unwrap();
        assert_invalid(p.coeffs(bad), "dt", bad);
        assert_invalid(hooke::error::check_dt(bad), "dt", bad);
    }
    // The damping ratio must be > 0 (0 has no finite stiffness).
    for bad in [0.0_f32, -0.0, -1.0, f32::NAN, f32::INFINITY] {
        assert_invalid(
            SpringParams::damping_ratio_halflife(bad, 0.1),
            "damping_ratio",
            bad,
        );
    }
    // Valid edges: halflife 0 (rigid), frequency 0, dt 0.
    let rigid = SpringParams::critical(0.0).unwrap();
    assert_eq!(rigid.coeffs(0.1).unwrap(), SpringCoeffs::SNAP);
    assert_eq!(rigid.coeffs(0.0).unwrap(), SpringCoeffs::IDENTITY);
    assert!(SpringParams::frequency_halflife(0.0, 0.0).is_ok());
    assert!(SpringParams::new(0.0, 0.0).is_ok());
    // Checked parameters give the same coefficients as the unchecked functions.
    let p = SpringParams::frequency_halflife(2.0, 0.3).unwrap();
    assert_eq!(
        p.coeffs(0.02).unwrap(),
        SpringCoeffs::frequency_halflife(2.0, 0.3, 0.02)
    );
    let p = SpringParams::damping_ratio_halflife(0.4, 0.3).unwrap();
    assert_eq!(
        p.coeffs(0.02).unwrap(),
        SpringCoeffs::damping_ratio_halflife(0.4, 0.3, 0.02)
    );
    let p = SpringParams::critical(0.3).unwrap();
    assert_eq!(p.coeffs(0.02).unwrap(), SpringCoeffs::critical(0.3, 0.02));
}
