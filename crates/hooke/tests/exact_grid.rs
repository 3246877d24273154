//! The exactness grid: every exact spring of `hooke::scalar` against the independent `f64`
//! matrix-exponential reference of `reference/mod.rs`, over a deterministic random grid of more
//! than 10,000 cases (halflife 1e-3..10 s, dt 0..10 s, damping ratio 0.01..100 including within
//! 1e-5 of 1, offsets 1e-7..1e3 of both signs, stiffness and damping 0..1e4 including exact 0s).
//!
//! Each family prints its maximum error as a fraction of the bound (run with `--nocapture`, or
//! look at the test's stderr); the numbers go into `docs/math.md`.

mod reference;

use hooke::scalar::{
    critical_spring_damper_exact, damper_exact, decay_spring_damper_exact,
    simple_spring_damper_exact, spring_damper_exact, spring_damper_exact_ratio,
    spring_damper_exact_stiffness_damping,
};
use reference::{
    Case, Rng, Worst, critical_params, damping_from_halflife, spring, spring_rk4,
    stiffness_from_frequency, stiffness_from_ratio,
};

/// Cases per family (seven families: 70,000 cases).
const PER_FAMILY: usize = 10_000;

/// A family's `PER_FAMILY` cases from `Rng::new(seed)`: each draws its parameters with `draw`
/// (which also returns their f64 stiffness and damping), then a random state and time step.
fn cases<P>(
    seed: u64,
    with_goal: bool,
    with_goal_velocity: bool,
    mut draw: impl FnMut(&mut Rng) -> (P, (f64, f64)),
) -> impl Iterator<Item = (P, Case)> {
    let mut rng = Rng::new(seed);
    (0..PER_FAMILY).map(move |_| {
        let (params, stiffness_damping) = draw(&mut rng);
        let case = Case::random(
            &mut rng,
            stiffness_damping,
            with_goal,
            with_goal_velocity,
            Rng::dt,
        );
        (params, case)
    })
}

/// Checks every case of a family, `step(params, case, x, v)` being the library's step; prints
/// and checks the worst error as `name`.
fn grid<P: Copy>(
    name: &'static str,
    cases: impl Iterator<Item = (P, Case)>,
    step: impl Fn(P, Case, &mut f32, &mut f32),
) {
    let mut worst = Worst::new(name);
    for (params, case) in cases {
        check(&mut worst, case, |x, v| step(params, case, x, v));
    }
    worst.report_and_check();
}

/// A critical spring's halflife, with its stiffness and damping.
fn critical(rng: &mut Rng) -> (f32, (f64, f64)) {
    let halflife = rng.halflife();
    (halflife, critical_params(halflife))
}

/// Runs one library step and records its error against the reference.
fn check(worst: &mut Worst, case: Case, step: impl Fn(&mut f32, &mut f32)) {
    let (mut x, mut v) = (case.x0, case.v0);
    step(&mut x, &mut v);
    worst.record_case(&case, (x, v));
}

#[test]
fn reference_matches_rk4() {
    // (x0, v0, g, q, s, d, dt): under-, over-, critically damped, s = 0, d = 0, both 0.
    let cases: [(f64, f64, f64, f64, f64, f64, f64); 10] = [
        (1.0, 0.0, 0.0, 0.0, 100.0, 2.0, 1.0),
        (-3.0, 5.0, 1.0, 0.5, 100.0, 20.0, 0.7),
        (0.2, -1.0, 2.0, -3.0, 100.0, 200.0, 2.0),
        (1.0, 1.0, 0.0, 2.0, 0.0, 3.0, 1.5),
        (1.0, 1.0, 4.0, 2.0, 0.0, 0.0, 1.5),
        (1.0, -2.0, 4.0, 0.0, 39.0, 0.0, 3.0),
        (5.0, 0.0, -1.0, 1.0, 1e4, 100.0, 0.5),
        (1e-3, 2e-3, 0.0, 0.0, 1.0, 1e3, 5.0),
        (7.0, 0.0, 0.0, 0.1, 0.25, 1.0, 10.0),
        (1.0, 0.0, 0.0, 0.0, 49.0, 14.0, 0.3),
    ];
    for (x0, v0, g, q, s, d, dt) in cases {
        let fastest = d + s.sqrt() + 1.0;
        let steps = ((fastest * dt / 2e-3).ceil() as usize).max(1000);
        let (xe, ve) = spring(x0, v0, g, q, s, d, dt);
        let (xr, vr) = spring_rk4(x0, v0, g, q, s, d, dt, steps);
        let scale = x0.abs() + g.abs() + v0.abs() + q.abs() * (1.0 + dt + d / s.max(1e-300));
        assert!(
            (xe - xr).abs() <= 1e-9 * scale && (ve - vr).abs() <= 1e-9 * scale * fastest,
            "reference vs RK4 at {:?}: expm ({xe}, {ve}) rk4 ({xr}, {vr})",
            (x0, v0, g, q, s, d, dt)
        );
    }
}

#[test]
fn reference_is_accurate_for_stiff_springs() {
    // Too stiff for RK4: check against the two-exponential solution, written out here.
    // (x0, v0, g, q, s, d, dt)
    let cases: [(f64, f64, f64, f64, f64, f64, f64); 6] = [
        (0.0, 0.0, 1.0, 0.0, 1e4, 1e8, 1e3),
        (2.0, -3.0, 1.0, 0.5, 1.0, 1e12, 1.0),
        (2.0, 30.0, -1.0, 0.0, 1e-3, 1e4, 10.0),
        (0.5, 1.0, 0.0, 2.0, 0.0, 1e10, 3.0),
        (1.0, 0.0, 0.0, 0.0, 1e4, 1e4, 10.0),
        (1.0, -5.0, 0.0, 0.0, 1e-3, 1.0, 1e6),
    ];
    for (x0, v0, g, q, s, d, dt) in cases {
        let (xe, ve) = spring(x0, v0, g, q, s, d, dt);
        let y = 0.5 * d;
        let fast = y + (y * y - s).sqrt();
        let slow = s / fast;
        let (xa, va) = if s == 0.0 {
            let decay = (-d * dt).exp();
            (
                x0 + q * dt - (v0 - q) * (-d * dt).exp_m1() / d,
                q + (v0 - q) * decay,
            )
        } else {
            // u = A e^(-slow t) + B e^(-fast t), u = x - c.
            let c = g + d * q / s;
            let u0 = x0 - c;
            let a = (v0 + fast * u0) / (fast - slow);
            let b = u0 - a;
            let (ea, eb) = ((-slow * dt).exp(), (-fast * dt).exp());
            (c + a * ea + b * eb, -slow * a * ea - fast * b * eb)
        };
        let scale = x0.abs() + g.abs() + v0.abs() * dt + q.abs() * dt + 1.0;
        assert!(
            (xe - xa).abs() <= 1e-10 * scale && (ve - va).abs() <= 1e-10 * (scale + v0.abs()),
            "stiff reference at {:?}: expm ({xe}, {ve}) analytic ({xa}, {va})",
            (x0, v0, g, q, s, d, dt)
        );
    }
}

#[test]
fn reference_is_a_semigroup_and_exact_for_free_motion() {
    // Two half steps of the reference equal one full step (a property of expm, not of RK4).
    let (x, v) = spring(2.0, -1.0, 0.5, 0.3, 30.0, 0.5, 0.8);
    let (xh, vh) = spring(2.0, -1.0, 0.5, 0.3, 30.0, 0.5, 0.4);
    let (x2, v2) = spring(xh, vh, 0.5, 0.3, 30.0, 0.5, 0.4);
    assert!((x - x2).abs() < 1e-13 && (v - v2).abs() < 1e-12);
    // s = d = 0: free motion, x0 + v0 t.
    let (x, v) = spring(1.0, 2.0, 9.0, 9.0, 0.0, 0.0, 3.0);
    assert_eq!((x, v), (7.0, 2.0));
}

#[test]
fn grid_stiffness_damping() {
    let draw = |rng: &mut Rng| {
        let s = match rng.unit() {
            r if r < 0.1 => 0.0,
            _ => rng.log_range(1e-3, 1e4) as f32,
        };
        let d = match rng.unit() {
            r if r < 0.1 => 0.0,
            // Near critical: d = 2 sqrt(s) rounded to f32.
            r if r < 0.25 => (2.0 * f64::from(s).sqrt()) as f32,
            _ => rng.log_range(1e-3, 1e4) as f32,
        };
        ((s, d), (f64::from(s), f64::from(d)))
    };
    grid(
        "stiffness/damping",
        cases(1, true, true, draw),
        |(s, d), c, x, v| spring_damper_exact_stiffness_damping(x, v, c.g, c.q, s, d, c.dt),
    );
}

#[test]
fn grid_frequency_halflife() {
    let draw = |rng: &mut Rng| {
        let frequency = if rng.chance(0.08) {
            0.0
        } else {
            // Up to 16 Hz: stiffness up to 1e4.
            rng.log_range(0.01, 16.0) as f32
        };
        let halflife = rng.halflife();
        let s = stiffness_from_frequency(frequency);
        ((frequency, halflife), (s, damping_from_halflife(halflife)))
    };
    grid(
        "frequency/halflife",
        cases(2, true, true, draw),
        |(f, h), c, x, v| spring_damper_exact(x, v, c.g, c.q, f, h, c.dt),
    );
}

#[test]
fn grid_ratio_halflife() {
    let mut worst = Worst::new("damping ratio/halflife");
    let mut near_critical = Worst::new("  of which |ratio - 1| <= 1e-5");
    let draw = |rng: &mut Rng| {
        let ratio = rng.damping_ratio();
        let halflife = rng.halflife();
        let d = damping_from_halflife(halflife);
        ((ratio, halflife), (stiffness_from_ratio(ratio, d), d))
    };
    for ((ratio, halflife), case) in cases(3, true, true, draw) {
        let (g, q, dt) = (case.g, case.q, case.dt);
        let step =
            |x: &mut f32, v: &mut f32| spring_damper_exact_ratio(x, v, g, q, ratio, halflife, dt);
        check(&mut worst, case, step);
        if (ratio - 1.0).abs() <= 1e-5 {
            check(&mut near_critical, case, step);
        }
    }
    worst.report_and_check();
    near_critical.report_and_check();
    assert!(near_critical.cases > PER_FAMILY / 10);
}

#[test]
fn grid_critical() {
    grid("critical", cases(4, true, true, critical), |h, c, x, v| {
        critical_spring_damper_exact(x, v, c.g, c.q, h, c.dt)
    });
}

#[test]
fn grid_simple() {
    let name = "simple (critical, q = 0)";
    grid(name, cases(5, true, false, critical), |h, c, x, v| {
        simple_spring_damper_exact(x, v, c.g, h, c.dt)
    });
}

#[test]
fn grid_decay() {
    let name = "decay (critical toward 0)";
    grid(name, cases(6, false, false, critical), |h, c, x, v| {
        decay_spring_damper_exact(x, v, h, c.dt)
    });
}

#[test]
fn grid_damper() {
    Worst::check_random_cases("damper_exact", 7, PER_FAMILY, |rng, worst| {
        let halflife = rng.halflife();
        let g = rng.goal();
        let x0 = (f64::from(g) + rng.offset()) as f32;
        let dt = rng.dt();
        let x = damper_exact(x0, g, halflife, dt);
        let (x0d, gd) = (f64::from(x0), f64::from(g));
        let xr = reference::damper(x0d, gd, f64::from(halflife), f64::from(dt));
        // The position bound with c = g and no velocity.
        let bound = 1e-5 * (x0d - gd).abs() + 1e-6 * gd.abs();
        worst.record((f64::from(x) - xr).abs() / bound, 0.0, || {
            format!("damper x0 {x0:e} g {g:e} h {halflife:e} dt {dt:e} -> {x:e}, ref {xr:e}")
        });
    });
}
