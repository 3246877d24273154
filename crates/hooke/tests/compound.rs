//! Double, timed and velocity springs; spring interpolation; spring energy and frequency.

use glam::Vec2;
use hooke::scalar::{
    double_spring_damper_exact, frequency_for_oscillation, piecewise_interpolation,
    piecewise_interpolation_vec2, resonant_frequency, simple_spring_damper_exact,
    spring_damper_exact, spring_damper_exact_stiffness_damping, spring_energy,
    spring_interpolation, spring_interpolation_step, spring_interpolation_step_vec2,
    timed_spring_damper_exact, velocity_spring_damper_exact,
};

/// Classic RK4 in f64 for an ODE `s' = f(s)`.
fn rk4<const N: usize>(
    f: impl Fn([f64; N]) -> [f64; N],
    s0: [f64; N],
    t: f64,
    steps: usize,
) -> [f64; N] {
    let h = t / steps as f64;
    let add = |s: [f64; N], k: [f64; N], c: f64| {
        let mut r = s;
        for i in 0..N {
            r[i] += c * k[i];
        }
        r
    };
    let mut s = s0;
    for _ in 0..steps {
        let k1 = f(s);
        let k2 = f(add(s, k1, h / 2.0));
        let k3 = f(add(s, k2, h / 2.0));
        let k4 = f(add(s, k3, h));
        for i in 0..N {
            s[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        }
    }
    s
}

// ---------------------------------------------------------------------------------------------
// Double spring.

#[test]
fn double_spring_matches_rk4() {
    let mut worst = 0.0_f64;
    for &halflife in &[0.05_f32, 0.3, 2.0] {
        for &dt in &[1.0_f32 / 60.0, 0.2, 1.5] {
            for &(x0, v0, xi0, vi0, g) in &[
                (0.0_f32, 0.0_f32, 0.0_f32, 0.0_f32, 1.0_f32),
                (2.0, -3.0, 1.0, 5.0, -1.0),
            ] {
                let (mut x, mut v, mut xi, mut vi) = (x0, v0, xi0, vi0);
                double_spring_damper_exact(&mut x, &mut v, &mut xi, &mut vi, g, halflife, dt);
                let y = 4.0 * std::f64::consts::LN_2 / f64::from(halflife);
                let (s, d, g64) = (y * y, 2.0 * y, f64::from(g));
                let f = |st: [f64; 4]| {
                    let [x, v, xi, vi] = st;
                    [v, s * (xi - x) - d * v, vi, s * (g64 - xi) - d * vi]
                };
                let steps = (f64::from(dt) * y * 500.0) as usize + 100;
                let r = rk4(f, [x0, v0, xi0, vi0].map(f64::from), f64::from(dt), steps);
                let scale = 1.0
                    + f64::from(v0.abs() + vi0.abs()) / y
                    + f64::from((x0 - g).abs() + (xi0 - g).abs());
                let errs = [
                    (f64::from(x) - r[0]).abs() / scale,
                    (f64::from(v) - r[1]).abs() / (scale * y),
                    (f64::from(xi) - r[2]).abs() / scale,
                    (f64::from(vi) - r[3]).abs() / (scale * y),
                ];
                worst = errs.iter().cloned().fold(worst, f64::max);
                assert!(
                    errs.iter().all(|&e| e < 1e-6),
                    "h={halflife} dt={dt}: {:?} vs {r:?}",
                    (x, v, xi, vi)
                );
            }
        }
    }
    eprintln!("double spring: worst scaled error vs RK4 {worst:e}");
}

#[test]
fn double_spring_is_dt_invariant_and_snaps_at_halflife_zero() {
    let (mut a, mut b, mut c, mut d) = (0.0_f32, 1.0_f32, 0.5_f32, 0.0_f32);
    double_spring_damper_exact(&mut a, &mut b, &mut c, &mut d, 2.0, 0.4, 0.9);
    let (mut e, mut f, mut g, mut h) = (0.0_f32, 1.0_f32, 0.5_f32, 0.0_f32);
    for _ in 0..90 {
        double_spring_damper_exact(&mut e, &mut f, &mut g, &mut h, 2.0, 0.4, 0.01);
    }
    assert!(
        (a - e).abs() < 1e-5
            && (b - f).abs() < 1e-5
            && (c - g).abs() < 1e-5
            && (d - h).abs() < 1e-5
    );

    let (mut x, mut v, mut xi, mut vi) = (0.0_f32, 1.0_f32, 0.5_f32, 3.0_f32);
    double_spring_damper_exact(&mut x, &mut v, &mut xi, &mut vi, 2.0, 0.0, 0.1);
    assert_eq!((x, v, xi, vi), (2.0, 0.0, 2.0, 0.0));
    let (mut x, mut v, mut xi, mut vi) = (-0.0_f32, 1.0_f32, 0.5_f32, 3.0_f32);
    double_spring_damper_exact(&mut x, &mut v, &mut xi, &mut vi, 2.0, 0.1, 0.0);
    assert_eq!(
        (x.to_bits(), v, xi, vi),
        ((-0.0_f32).to_bits(), 1.0, 0.5, 3.0)
    );
    for &dt in &[1e-30_f32, 1e3, 1e30] {
        let (mut x, mut v, mut xi, mut vi) = (0.0_f32, 1.0_f32, 0.5_f32, 3.0_f32);
        double_spring_damper_exact(&mut x, &mut v, &mut xi, &mut vi, 2.0, 1e-3, dt);
        assert!([x, v, xi, vi].iter().all(|c| c.is_finite()), "dt={dt}");
    }
}

// ---------------------------------------------------------------------------------------------
// Timed and velocity springs.

/// Runs the timed spring for `total` seconds at step `dt`, returning (x, v, xi) at the end.
fn run_timed(dt: f32, total: f32, t_goal0: f32) -> (f32, f32, f32) {
    let (mut x, mut v, mut xi) = (0.0_f32, 0.0_f32, 0.0_f32);
    let steps = (total / dt).round() as usize;
    let mut t_goal = t_goal0;
    for _ in 0..steps {
        timed_spring_damper_exact(&mut x, &mut v, &mut xi, 4.0, t_goal, 0.1, dt, 2.0);
        t_goal -= dt;
    }
    (x, v, xi)
}

/// The source's timed spring: each frame, a simple spring toward the lookahead point evaluated at
/// the end of the frame and held fixed during it. For comparison only (converges to ours as
/// `dt -> 0`).
fn source_timed_step(
    x: &mut f32,
    v: &mut f32,
    xi: &mut f32,
    x_goal: f32,
    t_goal: f32,
    halflife: f32,
    dt: f32,
    apprehension: f32,
) {
    let min_time = t_goal.max(dt);
    let v_goal = (x_goal - *xi) / min_time;
    let t_goal_future = dt + apprehension * halflife;
    let x_goal_future = if t_goal_future < t_goal {
        *xi + v_goal * t_goal_future
    } else {
        x_goal
    };
    simple_spring_damper_exact(x, v, x_goal_future, halflife, dt);
    *xi += v_goal * dt;
}

#[test]
fn timed_spring_is_dt_invariant_and_arrives_on_time() {
    let reference = run_timed(1.0 / 240.0, 1.0, 1.0);
    for &dt in &[1.0_f32 / 60.0, 1.0 / 30.0, 0.125, 0.25] {
        let r = run_timed(dt, 1.0, 1.0);
        assert!(
            (r.0 - reference.0).abs() < 1e-4 && (r.1 - reference.1).abs() < 1e-3,
            "dt={dt}: {r:?} vs {reference:?}"
        );
        // xi is on the goal at the goal time (up to the f32 rounding of the caller's t_goal -= dt).
        assert!((r.2 - 4.0).abs() < 1e-5, "{}", r.2);
    }
    let (x, _, _) = reference;
    eprintln!("timed spring at the goal time: x = {x} (goal 4)");
    assert!((x - 4.0).abs() < 0.1);
    let (x, v, _) = run_timed(1.0 / 60.0, 2.0, 1.0);
    assert!((x - 4.0).abs() < 1e-4 && v.abs() < 1e-3);

    // The source's frame-by-frame version approaches ours as its step shrinks.
    let (mut x, mut v, mut xi) = (0.0_f32, 0.0_f32, 0.0_f32);
    let fine = 1e-4_f32;
    let mut t_goal = 1.0_f32;
    for _ in 0..10_000 {
        source_timed_step(&mut x, &mut v, &mut xi, 4.0, t_goal, 0.1, fine, 2.0);
        t_goal -= fine;
    }
    eprintln!(
        "source timed spring at dt=1e-4: x = {x}; ours {}",
        reference.0
    );
    assert!((x - reference.0).abs() < 5e-3);
}

#[test]
fn timed_spring_with_no_time_left_goes_straight_to_the_goal() {
    let (mut x, mut v, mut xi) = (0.0_f32, 0.0_f32, 0.0_f32);
    timed_spring_damper_exact(&mut x, &mut v, &mut xi, 3.0, 0.0, 0.1, 0.5, 2.0);
    assert_eq!(xi, 3.0);
    assert!(x > 2.0 && x < 3.0);
    timed_spring_damper_exact(&mut x, &mut v, &mut xi, 3.0, -1.0, 0.0, 0.5, 2.0);
    assert_eq!((x, v), (3.0, 0.0));
}

#[test]
fn velocity_spring_glides_at_the_max_velocity() {
    let run = |dt: f32, total: f32| {
        let (mut x, mut v, mut xi) = (0.0_f32, 0.0_f32, 0.0_f32);
        for _ in 0..(total / dt).round() as usize {
            velocity_spring_damper_exact(&mut x, &mut v, &mut xi, -6.0, 3.0, 0.08, dt, 2.0);
        }
        (x, v, xi)
    };
    let reference = run(1.0 / 480.0, 1.5);
    for &dt in &[1.0_f32 / 60.0, 0.1, 0.25, 0.5] {
        let r = run(dt, 1.5);
        assert!(
            (r.0 - reference.0).abs() < 1e-4 && (r.1 - reference.1).abs() < 1e-3,
            "dt={dt}: {r:?} vs {reference:?}"
        );
    }
    // Cruising: xi moves at exactly the max velocity, the spring at that speed too.
    let (x, v, xi) = run(1.0 / 60.0, 1.0);
    assert!((xi + 3.0).abs() < 1e-4, "{xi}");
    assert!((v + 3.0).abs() < 1e-3, "{v}");
    assert!(x < 0.0);
    // xi arrives after distance / speed = 2 s and stays; the spring settles on the goal.
    let (x, v, xi) = run(1.0 / 60.0, 3.0);
    assert_eq!(xi, -6.0);
    assert!((x + 6.0).abs() < 1e-3 && v.abs() < 1e-2, "{x} {v}");
    // No speed: xi never moves, the spring settles where it is.
    let (mut x, mut v, mut xi) = (1.0_f32, 0.0_f32, 0.0_f32);
    velocity_spring_damper_exact(&mut x, &mut v, &mut xi, 5.0, 0.0, 0.1, 5.0, 2.0);
    assert_eq!(xi, 0.0);
    assert!(x.abs() < 1e-4);
}

// ---------------------------------------------------------------------------------------------
// Interpolation.

#[test]
fn piecewise_velocity_is_the_derivative_of_the_position() {
    let points = [0.0_f32, 3.0, -1.0, 2.0, 2.5];
    let h = 1e-3_f32;
    for i in 1..100 {
        let t = i as f32 / 100.0 + 0.003; // stay off the control points
        let (x0, v) = piecewise_interpolation(t, &points);
        let (x1, _) = piecewise_interpolation(t + h, &points);
        let (xm, _) = piecewise_interpolation(t - h, &points);
        // Skip samples whose difference straddles a control point.
        let k = |t: f32| (t * 4.0).floor();
        if k(t - h) != k(t + h) || t + h > 1.0 {
            continue;
        }
        let fd = (x1 - xm) / (2.0 * h);
        assert!((fd - v).abs() < 2e-2, "t={t}: fd {fd}, v {v}, x {x0}");
    }
    // The source's formula (p0 - p1) / n has the wrong sign and scale: on the first segment it
    // gives -3 / 5 where the goal moves at +3 * 4 per unit of t.
    assert_eq!(piecewise_interpolation(0.1, &points).1, 12.0);
    let (_, v2) = piecewise_interpolation_vec2(0.1, &[Vec2::ZERO, Vec2::new(3.0, -1.0)]);
    assert_eq!(v2, Vec2::new(3.0, -1.0));
    assert_eq!(piecewise_interpolation(1.0, &points), (2.5, 0.0));
    assert_eq!(piecewise_interpolation(-1.0, &points), (0.0, 12.0));
    assert_eq!(piecewise_interpolation(0.5, &[]), (0.0, 0.0));
    assert_eq!(piecewise_interpolation(0.5, &[7.0]), (7.0, 0.0));
}

#[test]
fn spring_interpolation_matches_rk4_and_is_sampling_invariant() {
    let points = [0.0_f32, 3.0, -1.0, 2.0, 2.5];
    let (frequency, halflife) = (3.0_f32, 0.08_f32);
    let s = (2.0 * std::f64::consts::PI * f64::from(frequency)).powi(2);
    let d = 4.0 * std::f64::consts::LN_2 / f64::from(halflife);
    // RK4 with the moving goal; 4000 steps land on every control point.
    let goal = |t: f64| {
        let (x, v) = piecewise_interpolation(t as f32, &points);
        (f64::from(x), f64::from(v))
    };
    let mut r = [0.0_f64, 12.0];
    let n = 4000;
    let h = 1.0 / n as f64;
    let mut reference = vec![r[0]];
    for i in 0..n {
        let t = i as f64 * h;
        // The steps land on the control points, so within a step the goal is linear: its value at
        // the step start and its velocity at the step middle.
        let (g0, _) = goal(t);
        let (_, q) = goal(t + 0.5 * h);
        let f = |st: [f64; 2], tt: f64| [st[1], s * (g0 + q * (tt - t) - st[0]) + d * (q - st[1])];
        let k1 = f(r, t);
        let k2 = f(
            [r[0] + h / 2.0 * k1[0], r[1] + h / 2.0 * k1[1]],
            t + h / 2.0,
        );
        let k3 = f(
            [r[0] + h / 2.0 * k2[0], r[1] + h / 2.0 * k2[1]],
            t + h / 2.0,
        );
        let k4 = f([r[0] + h * k3[0], r[1] + h * k3[1]], t + h);
        for j in 0..2 {
            r[j] += h / 6.0 * (k1[j] + 2.0 * k2[j] + 2.0 * k3[j] + k4[j]);
        }
        reference.push(r[0]);
    }
    for &samples in &[9_usize, 17, 101, 401] {
        let mut curve = vec![0.0_f32; samples];
        spring_interpolation(&mut curve, &points, frequency, halflife);
        let mut worst = 0.0_f64;
        for (i, &c) in curve.iter().enumerate() {
            let j = i * n / (samples - 1);
            worst = worst.max((f64::from(c) - reference[j]).abs());
        }
        eprintln!("spring interpolation with {samples} samples: max error vs RK4 {worst:e}");
        assert!(worst < 1e-4, "{samples}: {worst}");
    }
    // One step across the whole curve equals the sampled curve's end.
    let (mut x, mut v) = (0.0_f32, 12.0_f32);
    spring_interpolation_step(&mut x, &mut v, 0.0, 1.0, &points, frequency, halflife);
    assert!(
        (f64::from(x) - reference[n]).abs() < 1e-4,
        "{x} {}",
        reference[n]
    );
}

#[test]
fn spring_interpolation_passes_frequency_then_halflife() {
    // With a single control point the goal is fixed, so the step is the plain spring-damper.
    let (mut x, mut v) = (1.0_f32, -2.0_f32);
    spring_interpolation_step(&mut x, &mut v, 0.2, 0.3, &[5.0], 2.0, 0.4);
    let (mut y, mut w) = (1.0_f32, -2.0_f32);
    spring_damper_exact(&mut y, &mut w, 5.0, 0.0, 2.0, 0.4, 0.3);
    assert!(
        (x - y).abs() < 1e-6 && (v - w).abs() < 1e-5,
        "{x} {y} {v} {w}"
    );
    let (mut p, mut q) = (Vec2::ZERO, Vec2::ZERO);
    spring_interpolation_step_vec2(&mut p, &mut q, 0.0, 0.0, &[Vec2::ONE], 2.0, 0.4);
    assert_eq!((p, q), (Vec2::ZERO, Vec2::ZERO));
}

// ---------------------------------------------------------------------------------------------
// Energy and frequency.

#[test]
fn undamped_spring_conserves_energy() {
    let frequency = 1.7_f32;
    let stiffness = (2.0 * std::f32::consts::PI * frequency).powi(2);
    let (mut x, mut v) = (0.8_f32, -3.0_f32);
    let e0 = spring_energy(x, v, frequency, 0.25, 0.0, 1.0);
    // Each exact step conserves the energy up to the f32 rounding of its coefficients ...
    for &dt in &[1e-3_f32, 0.1, 0.77, 10.0] {
        let (mut x1, mut v1) = (x, v);
        spring_damper_exact_stiffness_damping(&mut x1, &mut v1, 0.25, 0.0, stiffness, 0.0, dt);
        let e = spring_energy(x1, v1, frequency, 0.25, 0.0, 1.0);
        assert!((e - e0).abs() / e0 < 2e-6, "dt={dt}: {e} {e0}");
    }
    // ... so over many steps the drift is a slow accumulation of f32 rounding, not damping.
    let mut worst = 0.0_f32;
    for _ in 0..6000 {
        spring_damper_exact_stiffness_damping(
            &mut x,
            &mut v,
            0.25,
            0.0,
            stiffness,
            0.0,
            1.0 / 600.0,
        );
        let e = spring_energy(x, v, frequency, 0.25, 0.0, 1.0);
        worst = worst.max((e - e0).abs() / e0);
    }
    eprintln!("undamped spring, 10 s in 6000 steps: worst relative energy drift {worst:e}");
    assert!(worst < 1e-3);
    // Damping only removes energy.
    let (mut x, mut v) = (0.8_f32, -3.0_f32);
    let mut last = spring_energy(x, v, frequency, 0.0, 0.0, 2.0);
    for _ in 0..100 {
        spring_damper_exact(&mut x, &mut v, 0.0, 0.0, frequency, 0.5, 0.01);
        let e = spring_energy(x, v, frequency, 0.0, 0.0, 2.0);
        assert!(e <= last * (1.0 + 1e-6));
        last = e;
    }
}

#[test]
fn resonant_frequency_is_the_observed_oscillation_frequency() {
    for &(frequency, halflife) in &[(2.0_f32, 0.5_f32), (1.0, 0.5), (5.0, 2.0), (0.5, 1.0)] {
        let expected = resonant_frequency(frequency, halflife);
        assert!(expected > 0.0);
        // Zero crossings of the free, exact spring, located by linear interpolation.
        let dt = 1e-4_f32;
        let (mut x, mut v) = (1.0_f32, 0.0_f32);
        let mut crossings = Vec::new();
        let mut t = 0.0_f64;
        while crossings.len() < 5 && t < 20.0 {
            let x0 = x;
            spring_damper_exact(&mut x, &mut v, 0.0, 0.0, frequency, halflife, dt);
            if x0.signum() != x.signum() && x0 != 0.0 {
                crossings.push(t + f64::from(dt) * f64::from(x0) / f64::from(x0 - x));
            }
            t += f64::from(dt);
        }
        assert!(
            crossings.len() >= 3,
            "f={frequency} h={halflife}: {crossings:?}"
        );
        let half_period =
            (crossings[crossings.len() - 1] - crossings[0]) / (crossings.len() - 1) as f64;
        let observed = 1.0 / (2.0 * half_period);
        eprintln!("f={frequency} h={halflife}: resonant_frequency {expected}, observed {observed}");
        assert!(
            (observed - f64::from(expected)).abs() < 1e-3 * f64::from(expected),
            "{observed} {expected}"
        );
        // The inverse gives back the frequency parameter.
        assert!(
            (frequency_for_oscillation(expected, halflife) - frequency).abs() < 1e-4 * frequency
        );
    }
    assert_eq!(
        resonant_frequency(1.0, 0.05),
        0.0,
        "over-damped: no oscillation, not NaN"
    );
    assert_eq!(resonant_frequency(1.0, 0.0), 0.0);
    assert_eq!(resonant_frequency(1.5, f32::INFINITY), 1.5);
}
