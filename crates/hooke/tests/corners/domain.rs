//! Out-of-domain parameters: never NaN, and the documented behaviour.

use super::*;

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
