//! Rigid springs, dt = 0, huge dt.

use super::*;

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
                    let case = Case::new(x0, v0, g, q, s, d, dt);
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
