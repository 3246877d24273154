//! Tests of the tracking spring (seed 000): exact form against numerical integration,
//! dt-invariance, its relation to the per-frame form, discontinuity handling, checked parameters.

use hooke::ParamError;
use hooke::SpringCoeffs;
use hooke::scalar::{
    TrackingDifferentiator, TrackingGains, TrackingTarget, tracking_spring_update,
    tracking_spring_update_exact, tracking_spring_update_improved,
    tracking_spring_update_no_acceleration, tracking_spring_update_no_acceleration_exact,
    tracking_spring_update_no_velocity_acceleration,
    tracking_spring_update_no_velocity_acceleration_exact, tracking_spring_update_target,
    tracking_target_acceleration, tracking_target_acceleration_clamped, tracking_target_velocity,
    tracking_target_velocity_clamped,
};

/// The equivalent spring, derived independently of the library (math.md §6), in f64:
/// `(stiffness, damping, force per v_goal, force per a_goal)`.
fn derived(ax: f64, av: f64, aa: f64, gdt: f64) -> (f64, f64, f64, f64) {
    let t0 = (1.0 - av) * (1.0 - ax);
    let t1 = aa * (1.0 - av) * (1.0 - ax);
    let t2 = av * (1.0 - ax) / gdt;
    let t3 = ax / (gdt * gdt);
    (t3, (1.0 - t0) / gdt, t2, t1)
}

/// RK4 in f64 of `a = s (g - x) + d (q - v)`, written with the force `f = d q` so that `d = 0` is
/// covered, with `steps` sub-steps.
#[allow(clippy::too_many_arguments)]
fn rk4(x: f64, v: f64, g: f64, s: f64, d: f64, f: f64, t: f64, steps: usize) -> (f64, f64) {
    let acc = |x: f64, v: f64| s * (g - x) - d * v + f;
    let h = t / steps as f64;
    let (mut x, mut v) = (x, v);
    for _ in 0..steps {
        let (k1x, k1v) = (v, acc(x, v));
        let (k2x, k2v) = (v + 0.5 * h * k1v, acc(x + 0.5 * h * k1x, v + 0.5 * h * k1v));
        let (k3x, k3v) = (v + 0.5 * h * k2v, acc(x + 0.5 * h * k2x, v + 0.5 * h * k2v));
        let (k4x, k4v) = (v + h * k3v, acc(x + h * k3x, v + h * k3v));
        x += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
        v += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
    }
    (x, v)
}

const GAINS_X: [f32; 6] = [0.0, 0.001, 0.01, 0.1, 0.5, 1.0];
const GAINS_V: [f32; 5] = [0.0, 0.05, 0.2, 0.9, 1.0];
const GAINS_A: [f32; 3] = [0.0, 0.5, 1.0];
const GAIN_DTS: [f32; 3] = [1.0 / 30.0, 1.0 / 60.0, 1.0 / 240.0];

/// Start states `(x0, v0, x_goal, v_goal, a_goal)`: at rest, moderate, large.
const STATES: [(f32, f32, f32, f32, f32); 3] = [
    (0.0, 0.0, 1.0, 0.0, 0.0),
    (0.3, -2.0, -0.7, 1.5, 4.0),
    (5.0, 10.0, 4.0, -3.0, -20.0),
];

/// Exact form vs RK4 over the whole gain grid, several dt, several states. The error is measured
/// relative to the scale of the step: `1 + |x0 - g| + |v0| dt + |v_goal| dt + |a_goal| dt²`.
#[test]
fn exact_form_matches_rk4_over_parameter_grid() {
    let dts = [1.0_f32 / 240.0, 1.0 / 60.0, 0.1, 0.5];
    let (mut worst_x, mut worst_v) = (0.0_f64, 0.0_f64);
    let mut cases = 0;
    for &ax in &GAINS_X {
        for &av in &GAINS_V {
            for &aa in &GAINS_A {
                for &gdt in &GAIN_DTS {
                    let (s, d, fv, fa) =
                        derived(f64::from(ax), f64::from(av), f64::from(aa), f64::from(gdt));
                    for &dt in &dts {
                        for &(x0, v0, g, vg, ag) in &STATES {
                            let (mut x, mut v) = (x0, v0);
                            tracking_spring_update_exact(
                                &mut x, &mut v, g, vg, ag, ax, av, aa, dt, gdt,
                            );
                            let f = fv * f64::from(vg) + fa * f64::from(ag);
                            // Sub-steps small against both the frequency and the damping rate.
                            let rate = s.sqrt() + d + 1.0;
                            let steps = ((f64::from(dt) * rate * 200.0).ceil() as usize).max(200);
                            let (xr, vr) = rk4(
                                f64::from(x0),
                                f64::from(v0),
                                f64::from(g),
                                s,
                                d,
                                f,
                                f64::from(dt),
                                steps,
                            );
                            let dt64 = f64::from(dt);
                            let scale_x = 1.0
                                + f64::from((x0 - g).abs())
                                + f64::from(v0.abs()) * dt64
                                + f64::from(vg.abs()) * dt64
                                + f64::from(ag.abs()) * dt64 * dt64
                                + xr.abs();
                            let scale_v = 1.0 + f64::from(v0.abs()) + vr.abs() + f.abs() * dt64;
                            let ex = (f64::from(x) - xr).abs() / scale_x;
                            let ev = (f64::from(v) - vr).abs() / scale_v;
                            assert!(
                                ex < 2e-6 && ev < 2e-5,
                                "ax={ax} av={av} aa={aa} gdt={gdt} dt={dt} state={:?}: \
                                 x={x} ref={xr} (rel {ex:e}), v={v} ref={vr} (rel {ev:e})",
                                (x0, v0, g, vg, ag)
                            );
                            worst_x = worst_x.max(ex);
                            worst_v = worst_v.max(ev);
                            cases += 1;
                        }
                    }
                }
            }
        }
    }
    println!("exact vs RK4: {cases} cases, worst scaled error x {worst_x:e}, v {worst_v:e}");
}

/// One step of `dt` equals `n` steps of `dt / n` (constant targets) up to f32 rounding.
/// Bound: `|x_1 - x_n| <= 1e-4 * (1 + |x0 - g| + |v0| dt + |x_1|)`, same for `v` with its own scale.
#[test]
fn exact_form_is_dt_invariant() {
    let gains = [
        (0.01_f32, 0.2_f32, 1.0_f32),
        (0.1, 0.0, 0.0),
        (0.5, 0.5, 0.5),
        (1.0, 1.0, 1.0),
        (0.0, 0.0, 1.0),
        (0.001, 0.9, 0.3),
    ];
    let (x0, v0, g, vg, ag) = (0.25_f32, -1.5_f32, 1.0_f32, 0.8_f32, -2.0_f32);
    let mut worst = 0.0_f32;
    for &(ax, av, aa) in &gains {
        for &gdt in &GAIN_DTS {
            for &dt in &[1.0_f32 / 60.0, 0.25, 1.0] {
                let (mut x1, mut v1) = (x0, v0);
                tracking_spring_update_exact(&mut x1, &mut v1, g, vg, ag, ax, av, aa, dt, gdt);
                for n in [2_usize, 10, 100, 1000] {
                    let (mut xn, mut vn) = (x0, v0);
                    for _ in 0..n {
                        tracking_spring_update_exact(
                            &mut xn,
                            &mut vn,
                            g,
                            vg,
                            ag,
                            ax,
                            av,
                            aa,
                            dt / n as f32,
                            gdt,
                        );
                    }
                    let sx = 1.0 + (x0 - g).abs() + v0.abs() * dt + x1.abs();
                    let sv = 1.0 + v0.abs() + v1.abs();
                    let e = ((x1 - xn).abs() / sx).max((v1 - vn).abs() / sv);
                    assert!(
                        e < 1e-4,
                        "gains ({ax},{av},{aa}) gdt={gdt} dt={dt} n={n}: {x1} vs {xn}, {v1} vs {vn}"
                    );
                    worst = worst.max(e);
                }
            }
        }
    }
    println!("dt-invariance: worst scaled difference {worst:e}");
}

/// The per-frame form is one semi-implicit Euler step of the equivalent spring:
/// `v1 = v0 + dt (s (g - x0) - d v0 + f)`, `x1 = x0 + dt v1`, with `gain_dt = dt`.
#[test]
fn frame_form_is_semi_implicit_euler_of_equivalent_spring() {
    for &ax in &GAINS_X {
        for &av in &GAINS_V {
            for &aa in &GAINS_A {
                for &dt in &GAIN_DTS {
                    for &(x0, v0, g, vg, ag) in &STATES {
                        let (mut x, mut v) = (x0, v0);
                        tracking_spring_update(&mut x, &mut v, g, vg, ag, ax, av, aa, dt);
                        let (s, d, fv, fa) =
                            derived(f64::from(ax), f64::from(av), f64::from(aa), f64::from(dt));
                        let h = f64::from(dt);
                        let f = fv * f64::from(vg) + fa * f64::from(ag);
                        let v_ref =
                            f64::from(v0) + h * (s * f64::from(g - x0) - d * f64::from(v0) + f);
                        let x_ref = f64::from(x0) + h * v_ref;
                        let ev = (f64::from(v) - v_ref).abs() / (1.0 + v_ref.abs());
                        let ex = (f64::from(x) - x_ref).abs() / (1.0 + x_ref.abs());
                        assert!(
                            ev < 1e-5 && ex < 1e-5,
                            "({ax},{av},{aa}) dt={dt}: v {v} vs {v_ref}, x {x} vs {x_ref}"
                        );
                    }
                }
            }
        }
    }
}

/// At `dt == gain_dt` the exact form and the per-frame form are *not* equal (the source says so
/// too: the exact form "no longer tracks the input signal pixel perfectly"): the per-frame form is
/// a first-order (semi-implicit Euler) discretisation of the exact one. This measures the
/// trajectory difference of a step response for the source's recommended gains at 60 Hz, and
/// shows it shrinking linearly when the same spring is run with finer frames (gains rescaled so
/// that the equivalent stiffness and damping stay the same).
#[test]
fn exact_and_frame_forms_at_gain_dt() {
    // Stiffness and damping of the source's gains (0.01, 0.2, 1) at 60 Hz.
    let eq = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)
        .unwrap()
        .equivalent_spring();
    let (s, d) = (eq.stiffness, eq.damping);
    let max_difference = |gdt: f32| {
        let h = f64::from(gdt);
        let ax = s * h * h;
        let av = (d * h - ax) / (1.0 - ax);
        let (ax, av) = (ax as f32, av as f32);
        let (mut xe, mut ve) = (0.0_f32, 0.0_f32);
        let (mut xf, mut vf) = (0.0_f32, 0.0_f32);
        let mut worst = 0.0_f32;
        let n = (2.0 / h).round() as usize;
        for _ in 0..n {
            tracking_spring_update_exact(&mut xe, &mut ve, 1.0, 0.0, 0.0, ax, av, 1.0, gdt, gdt);
            tracking_spring_update(&mut xf, &mut vf, 1.0, 0.0, 0.0, ax, av, 1.0, gdt);
            worst = worst.max((xe - xf).abs());
        }
        worst
    };
    let d60 = max_difference(1.0 / 60.0);
    let d240 = max_difference(1.0 / 240.0);
    let d960 = max_difference(1.0 / 960.0);
    println!(
        "exact vs frame form, step response to 1 over 2 s, dt == gain_dt: max |dx| \
         {d60:e} at 60 Hz, {d240:e} at 240 Hz, {d960:e} at 960 Hz"
    );
    assert!(d60 > 1e-3, "unexpectedly equal: {d60}");
    assert!(d60 < 0.1, "{d60}");
    // First order: 4x finer frames, about 4x smaller difference.
    assert!(d240 < d60 / 3.0 && d960 < d240 / 3.0, "{d60} {d240} {d960}");
}

/// The no-acceleration and no-velocity variants are the general form with those gains at 0.
#[test]
fn variants_are_the_general_form_with_gains_zeroed() {
    let dt = 0.03_f32;
    let gdt = 1.0 / 60.0;
    let (x0, v0, g, vg) = (0.2_f32, 1.0_f32, -0.5_f32, 2.0_f32);

    let (mut xa, mut va) = (x0, v0);
    tracking_spring_update_no_acceleration_exact(&mut xa, &mut va, g, vg, 0.05, 0.3, dt, gdt);
    let (mut xb, mut vb) = (x0, v0);
    tracking_spring_update_exact(&mut xb, &mut vb, g, vg, 123.0, 0.05, 0.3, 0.0, dt, gdt);
    assert_eq!((xa, va), (xb, vb));

    let (mut xa, mut va) = (x0, v0);
    tracking_spring_update_no_velocity_acceleration_exact(&mut xa, &mut va, g, 0.05, dt, gdt);
    let (mut xb, mut vb) = (x0, v0);
    tracking_spring_update_exact(&mut xb, &mut vb, g, 77.0, 123.0, 0.05, 0.0, 0.0, dt, gdt);
    assert_eq!((xa, va), (xb, vb));

    let (mut xa, mut va) = (x0, v0);
    tracking_spring_update_no_acceleration(&mut xa, &mut va, g, vg, 0.05, 0.3, dt);
    let (mut xb, mut vb) = (x0, v0);
    tracking_spring_update(&mut xb, &mut vb, g, vg, 0.0, 0.05, 0.3, 1.0, dt);
    assert!((xa - xb).abs() < 1e-6 && (va - vb).abs() < 1e-5);

    let (mut xa, mut va) = (x0, v0);
    tracking_spring_update_no_velocity_acceleration(&mut xa, &mut va, g, 0.05, dt);
    let (mut xb, mut vb) = (x0, v0);
    tracking_spring_update(&mut xb, &mut vb, g, 0.0, 0.0, 0.05, 0.0, 0.0, dt);
    assert!((xa - xb).abs() < 1e-6 && (va - vb).abs() < 1e-5);
}

/// The goal-velocity mapping with `SpringCoeffs` (what a batch runtime would precompute) gives the
/// same step as the tracking coefficients.
#[test]
fn goal_velocity_mapping_matches_tracking_coeffs() {
    for &(ax, av, aa) in &[
        (0.01_f32, 0.2_f32, 1.0_f32),
        (0.3, 0.0, 0.7),
        (0.0, 0.5, 1.0),
    ] {
        let gains = TrackingGains::new(ax, av, aa, 1.0 / 60.0).unwrap();
        let eq = gains.equivalent_spring();
        for &dt in &[0.001_f32, 1.0 / 60.0, 0.2] {
            let (x0, v0, g, vg, ag) = (0.4_f32, -1.0_f32, 1.2_f32, 0.6_f32, 3.0_f32);
            let (mut xa, mut va) = (x0, v0);
            gains.coeffs(dt).apply(&mut xa, &mut va, g, vg, ag);
            let q = eq.goal_velocity(vg, ag).unwrap();
            let c = SpringCoeffs::stiffness_damping(eq.stiffness as f32, eq.damping as f32, dt);
            let (mut xb, mut vb) = (x0, v0);
            c.apply(&mut xb, &mut vb, g, q);
            assert!(
                (xa - xb).abs() < 1e-5 * (1.0 + xa.abs())
                    && (va - vb).abs() < 1e-4 * (1.0 + va.abs()),
                "({ax},{av},{aa}) dt={dt}: {xa} {xb} {va} {vb}"
            );
        }
    }
}

/// Zero damping (`x_gain = v_gain = 0`): the acceleration target is a constant acceleration,
/// integrated exactly (no NaN from dividing by the zero damping).
#[test]
fn zero_damping_is_exact_constant_acceleration() {
    let gains = TrackingGains::new(0.0, 0.0, 0.5, 1.0 / 60.0).unwrap();
    assert_eq!(gains.equivalent_spring().goal_velocity(1.0, 1.0), None);
    let (mut x, mut v) = (1.0_f32, 2.0_f32);
    tracking_spring_update_exact(
        &mut x,
        &mut v,
        9.0,
        5.0,
        4.0,
        0.0,
        0.0,
        0.5,
        0.5,
        1.0 / 60.0,
    );
    // a = 0.5 * 4 = 2: v = 2 + 2 * 0.5 = 3, x = 1 + 2 * 0.5 + 0.5 * 2 * 0.25 = 2.25.
    assert!((v - 3.0).abs() < 1e-6 && (x - 2.25).abs() < 1e-6, "{x} {v}");
}

#[test]
fn out_of_domain_parameters_never_give_nan() {
    let bad_gains = [f32::NAN, -1.0, 2.0, f32::INFINITY, f32::NEG_INFINITY];
    let bad_dts = [0.0_f32, -0.1, f32::NAN, f32::INFINITY, 1e-30, 1e30];
    let (x0, v0) = (0.5_f32, -0.25_f32);
    for &gain in &bad_gains {
        for &dt in &bad_dts {
            for &gdt in &bad_dts {
                let (mut x, mut v) = (x0, v0);
                tracking_spring_update_exact(
                    &mut x, &mut v, 1.0, 1.0, 1.0, gain, 0.2, gain, dt, gdt,
                );
                assert!(
                    x.is_finite() && v.is_finite(),
                    "exact {gain} {dt} {gdt}: {x} {v}"
                );
            }
            let (mut x, mut v) = (x0, v0);
            tracking_spring_update(&mut x, &mut v, 1.0, 1.0, 1.0, gain, gain, gain, dt);
            assert!(x.is_finite() && v.is_finite(), "frame {gain} {dt}: {x} {v}");
            let (mut x, mut v) = (x0, v0);
            tracking_spring_update_improved(&mut x, &mut v, 1.0, 1.0, 1.0, gain, gain, gain, dt);
            assert!(
                x.is_finite() && v.is_finite(),
                "improved {gain} {dt}: {x} {v}"
            );
        }
    }
    // NaN gains and bad gain_dt leave the state unchanged.
    let (mut x, mut v) = (x0, v0);
    tracking_spring_update_exact(&mut x, &mut v, 1.0, 1.0, 1.0, f32::NAN, 0.2, 1.0, 0.1, 0.1);
    assert_eq!((x, v), (x0, v0));
    let (mut x, mut v) = (x0, v0);
    tracking_spring_update_exact(&mut x, &mut v, 1.0, 1.0, 1.0, 0.1, 0.2, 1.0, 0.1, -0.1);
    assert_eq!((x, v), (x0, v0));
    // Gains are clamped: 7.0 acts as 1.0.
    let (mut xa, mut va) = (x0, v0);
    tracking_spring_update_exact(&mut xa, &mut va, 1.0, 1.0, 1.0, 7.0, 0.2, 1.0, 0.1, 0.05);
    let (mut xb, mut vb) = (x0, v0);
    tracking_spring_update_exact(&mut xb, &mut vb, 1.0, 1.0, 1.0, 1.0, 0.2, 1.0, 0.1, 0.05);
    assert_eq!((xa, va), (xb, vb));
    // The finite differences never divide by zero.
    assert_eq!(tracking_target_velocity(1.0, 0.0, 0.0), 0.0);
    assert_eq!(tracking_target_acceleration(1.0, 0.0, 0.0, -1.0), 0.0);
    assert_eq!(
        tracking_target_velocity_clamped(1.0, 0.0, 0.01, f32::NAN),
        100.0
    );
    assert_eq!(
        tracking_target_acceleration_clamped(1.0, 0.0, 0.0, 0.1, -5.0),
        5.0
    );
}

#[test]
fn dt_zero_is_bit_for_bit() {
    for &(x0, v0) in &[(-0.0_f32, 0.0_f32), (1e-30, -3.5), (123.456, 7.0)] {
        let (mut x, mut v) = (x0, v0);
        tracking_spring_update_exact(
            &mut x,
            &mut v,
            1.0,
            2.0,
            3.0,
            0.1,
            0.2,
            1.0,
            0.0,
            1.0 / 60.0,
        );
        assert_eq!((x.to_bits(), v.to_bits()), (x0.to_bits(), v0.to_bits()));
        let gains = TrackingGains::new(0.1, 0.2, 1.0, 1.0 / 60.0).unwrap();
        let target = TrackingTarget {
            x: 1.0,
            v: Some(2.0),
            a: None,
        };
        gains.update(&mut x, &mut v, target, 0.0);
        assert_eq!((x.to_bits(), v.to_bits()), (x0.to_bits(), v0.to_bits()));
    }
}

#[test]
fn checked_gains_report_the_field_and_value() {
    let cases: [(f32, f32, f32, f32, &str); 6] = [
        (-0.1, 0.2, 1.0, 0.1, "x_gain"),
        (0.1, 1.01, 1.0, 0.1, "v_gain"),
        (0.1, 0.2, f32::NAN, 0.1, "a_gain"),
        (0.1, 0.2, 1.0, 0.0, "gain_dt"),
        (0.1, 0.2, 1.0, f32::INFINITY, "gain_dt"),
        (0.1, 0.2, 1.0, -1.0, "gain_dt"),
    ];
    for (ax, av, aa, gdt, field) in cases {
        let err = TrackingGains::new(ax, av, aa, gdt).unwrap_err();
        match err {
            ParamError::Invalid { name, value, .. } => {
                assert_eq!(name, field);
                let expected = [ax, av, aa, gdt]
                    .into_iter()
                    .find(|p| p.to_bits() == value.to_bits());
                assert!(expected.is_some(), "{err}");
            }
            other => panic!("unexpected error {other:?}"),
        }
        assert!(err.to_string().contains(field));
    }
    assert!(TrackingGains::new(0.0, 0.0, 0.0, 1e-6).is_ok());
    assert!(TrackingGains::new(1.0, 1.0, 1.0, 10.0).is_ok());
}

/// A sampled signal: sin plus deterministic noise, with a jump of +3 at `jump_frame`.
fn signal(frame: usize, dt: f32, jump_frame: usize) -> f32 {
    let t = frame as f32 * dt;
    // Small deterministic "noise" (a hash of the frame index), amplitude 0.002.
    let h = (frame as u32).wrapping_mul(2_654_435_761) >> 8;
    let noise = (h as f32 / (1u32 << 24) as f32 - 0.5) * 0.004;
    let jump = if frame >= jump_frame { 3.0 } else { 0.0 };
    (2.0 * t).sin() + 0.3 * (7.0 * t).sin() + noise + jump
}

/// Tracking a real-ish signal with a known discontinuity: the output stays continuous across the
/// jump (no step larger than the signal's own motion would give), and converges back onto the
/// signal; away from the jump the per-frame form tracks the samples to rounding, and the exact
/// form to a small lag.
#[test]
fn tracks_a_signal_with_known_and_unknown_discontinuities() {
    let dt = 1.0_f32 / 60.0;
    let jump = 300;
    let frames = 900;
    let gains = TrackingGains::new(0.01, 0.2, 1.0, dt).unwrap();

    // Known discontinuity, per-frame form and exact form; unknown, clamped targets.
    let mut diff = TrackingDifferentiator::new();
    let (mut xf, mut vf) = (signal(0, dt, jump), 0.0_f32);
    let (mut xe, mut ve) = (xf, vf);
    let (mut xc, mut vc) = (xf, vf);
    let (mut err_frame_before, mut err_exact_before) = (0.0_f32, 0.0_f32);
    let (mut max_step_frame, mut max_step_exact, mut max_step_clamped) =
        (0.0_f32, 0.0_f32, 0.0_f32);
    let (mut err_frame_after, mut err_exact_after) = (0.0_f32, 0.0_f32);
    let mut settle = 0.0_f32;
    for frame in 1..frames {
        let sample = signal(frame, dt, jump);
        let target = diff.push(sample, frame == jump, dt);
        let (pf, pe, pc) = (xf, xe, xc);
        tracking_spring_update_target(&mut xf, &mut vf, target, 0.01, 0.2, 1.0, dt);
        gains.update(&mut xe, &mut ve, target, dt);
        let clamped = TrackingTarget::from_samples_clamped(
            signal(frame.saturating_sub(2), dt, jump),
            signal(frame - 1, dt, jump),
            sample,
            dt,
            5.0,
            50.0,
        );
        gains.update(&mut xc, &mut vc, clamped, dt);
        max_step_frame = max_step_frame.max((xf - pf).abs());
        max_step_exact = max_step_exact.max((xe - pe).abs());
        max_step_clamped = max_step_clamped.max((xc - pc).abs());
        if (200..jump).contains(&frame) {
            err_frame_before = err_frame_before.max((xf - sample).abs());
            err_exact_before = err_exact_before.max((xe - sample).abs());
        }
        if frame == jump + 1 {
            settle = (xf - sample).abs();
        }
        if frame >= frames - 120 {
            err_frame_after = err_frame_after.max((xf - sample).abs());
            err_exact_after = err_exact_after.max((xe - sample).abs());
        }
    }
    println!(
        "tracking sin+noise: before jump max |x - signal| frame {err_frame_before:e}, exact \
         {err_exact_before:e}; 10 s after the jump frame {err_frame_after:e}, exact \
         {err_exact_after:e}; max per-frame step frame {max_step_frame}, exact {max_step_exact}, \
         clamped {max_step_clamped}"
    );
    // Per-frame form on a continuous stretch: it reproduces the samples up to f32 rounding.
    assert!(err_frame_before < 1e-4, "{err_frame_before}");
    // The exact form follows with a small lag.
    assert!(err_exact_before < 0.08, "{err_exact_before}");
    // Across the jump of 3 nobody moves by more than a small fraction of it in one frame.
    assert!(settle > 2.5, "the jump must not be copied: {settle}");
    assert!(
        max_step_frame < 0.1 && max_step_exact < 0.1,
        "{max_step_frame} {max_step_exact}"
    );
    assert!(max_step_clamped < 0.2, "{max_step_clamped}");
    // ... and the spring converges back onto the signal.
    assert!(
        err_frame_after < 1e-4 && err_exact_after < 0.08,
        "{err_frame_after} {err_exact_after}"
    );
}

/// The exact form ticked at different rates follows (nearly) the same trajectory; the per-frame
/// form does not.
#[test]
fn exact_form_is_much_less_rate_dependent_than_frame_form() {
    let gdt = 1.0_f32 / 60.0;
    let goal = |t: f32| if t < 0.4995 { 0.0 } else { 1.0 };
    let run_exact = |dt: f32| {
        let (mut x, mut v) = (0.0_f32, 0.0_f32);
        let n = (2.0 / dt).round() as usize;
        for i in 0..n {
            let t = i as f32 * dt;
            tracking_spring_update_no_velocity_acceleration_exact(
                &mut x,
                &mut v,
                goal(t),
                0.05,
                dt,
                gdt,
            );
        }
        x
    };
    let run_frame = |dt: f32| {
        let (mut x, mut v) = (0.0_f32, 0.0_f32);
        let n = (2.0 / dt).round() as usize;
        for i in 0..n {
            let t = i as f32 * dt;
            tracking_spring_update_no_velocity_acceleration(&mut x, &mut v, goal(t), 0.05, dt);
        }
        x
    };
    let de = (run_exact(1.0 / 30.0) - run_exact(1.0 / 240.0)).abs();
    let df = (run_frame(1.0 / 30.0) - run_frame(1.0 / 240.0)).abs();
    println!("30 Hz vs 240 Hz after 2 s: exact {de:e}, frame {df:e}");
    assert!(de < 1e-3, "{de}");
    assert!(df > 10.0 * de, "{df} vs {de}");
}
