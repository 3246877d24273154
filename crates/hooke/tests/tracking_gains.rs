//! `TrackingSprings` with gains per spring (`with_gains`, `set_gains`; the fused kernel
//! `lanes::tracking_rates`) against the scalar twin (`TrackingGains::coeffs(dt).apply` with the
//! gains of each spring's mode) lane by lane: random lengths up to 69 (padding), random gains
//! including 0, 1 and tiny `gain_dt` (rigid springs), a `dt` that changes every frame (0, tiny,
//! frame times, 1e4), the three modes mixed. Tolerance in the style of `per_spring_batches.rs`:
//! `TOL` times the magnitude of the step's terms, for the error beyond the measured effect of the
//! batch keeping each spring's parameters in `f32` (over a long step an oscillating spring turns
//! the parameters' rounding into a phase error of about `dt w 2^-24` rad, which the twin, on `f64`
//! parameters, does not have), and for the error against the twin on the same `f32` parameters;
//! `-- --nocapture` prints the largest errors as fractions of it. Also: thread splits and `dt = 0` bit-identical, huge states stay finite, bad
//! input rejected changing nothing, and dt-invariance against the `f64` reference (the bound of
//! `docs/math.md` §4.2 / §4.4, as `general_rates.rs`).

mod reference;
use reference::tracking::{MODES, gains_of};

use hooke::ParamError;
use hooke::batch::TrackingSprings;
use hooke::scalar::{TrackingCoeffs, TrackingGains, TrackingSpring};
use reference::{Case, Rng, Worst, fraction, record_steps, spring};

/// Relative tolerance of a step against the scalar twin (the compound tests' `4e-6`, see
/// `per_spring_batches.rs`), times the sum of the magnitudes of the step's terms.
const TOL: f64 = 4e-6;

/// A gain: 0, 1, tiny or uniform in `[0, 1]`.
fn gain(rng: &mut Rng) -> f32 {
    match rng.unit() {
        r if r < 0.1 => 0.0,
        r if r < 0.2 => 1.0,
        r if r < 0.25 => 1e-6,
        _ => rng.unit() as f32,
    }
}

/// Random checked gains; `gain_dt` mostly a frame time, sometimes tiny (stiff or rigid springs)
/// or long.
fn gains(rng: &mut Rng) -> TrackingGains {
    let gain_dt = match rng.unit() {
        r if r < 0.05 => 1e-20, // stiffness beyond f32: rigid
        r if r < 0.15 => rng.log_range(1e-7, 1e-3) as f32,
        r if r < 0.25 => rng.log_range(0.1, 2.0) as f32,
        _ => rng.pick(&[1.0 / 60.0, 1.0 / 30.0, 1.0 / 144.0]),
    };
    TrackingGains::new(gain(rng), gain(rng), gain(rng), gain_dt).unwrap()
}

/// Frame times, one per frame, changing every frame: 0, tiny, frame times, long and huge.
fn frame_dt(rng: &mut Rng) -> f32 {
    match rng.unit() {
        r if r < 0.08 => 0.0,
        r if r < 0.16 => 1e4,
        r if r < 0.22 => 1e-6,
        r if r < 0.3 => rng.log_range(0.1, 5.0) as f32,
        _ => (1.0 / 60.0) * (1.0 + 0.01 * rng.range(0.0, 7.0)) as f32,
    }
}

/// The step's terms, summed in magnitude: the scale of the rounding errors of the twin's and the
/// kernel's `f32` arithmetic, `(position, velocity)`.
fn term_scales(c: &TrackingCoeffs, x: f32, v: f32, targets: [f32; 3]) -> (f64, f64) {
    let w = f64::from;
    let [xg, vg, ag] = targets.map(w);
    let (x, v) = (w(x), w(v));
    let e = x - xg;
    let pos = x.abs()
        + (w(c.xx) * e).abs()
        + (w(c.xv) * v).abs()
        + (w(c.xvg) * vg).abs()
        + (w(c.xag) * ag).abs();
    let vel = v.abs()
        + (w(c.vx) * e).abs()
        + (w(c.vv) * v).abs()
        + (w(c.vvg) * vg).abs()
        + (w(c.vag) * ag).abs();
    (pos, vel)
}

/// The twin's step with the parameters the batch keeps: the equivalent spring rounded to `f32`.
fn twin_on_f32_parameters(gains: TrackingGains, dt: f32) -> TrackingCoeffs {
    let eq = gains.equivalent_spring();
    let round = |p: f64| f64::from(p as f32);
    TrackingSpring {
        stiffness: round(eq.stiffness),
        damping: round(eq.damping),
        v_goal_force: round(eq.v_goal_force),
        a_goal_force: round(eq.a_goal_force),
    }
    .coeffs(dt)
}

/// `c.apply` from `(x, v)` toward `targets`.
fn step(c: &TrackingCoeffs, (x, v): (f32, f32), [xg, vg, ag]: [f32; 3]) -> (f32, f32) {
    let (mut x, mut v) = (x, v);
    c.apply(&mut x, &mut v, xg, vg, ag);
    (x, v)
}

/// Random targets for `n` springs: position, velocity, acceleration.
fn targets(rng: &mut Rng, n: usize) -> Vec<[f32; 3]> {
    (0..n)
        .map(|_| {
            [
                rng.goal(),
                rng.goal_velocity(),
                (rng.sign() * rng.log_range(1e-3, 1e2)) as f32,
            ]
        })
        .collect()
}

fn set_targets(batch: &mut TrackingSprings, t: &[[f32; 3]]) {
    for (i, [xg, vg, ag]) in t.iter().copied().enumerate() {
        batch.x_goal_mut()[i] = xg;
        batch.v_goal_mut()[i] = vg;
        batch.a_goal_mut()[i] = ag;
    }
}

#[test]
fn every_lane_follows_the_scalar_twin_in_its_mode() {
    let mut rng = Rng::new(0x7AC6);
    let mut worst = Worst::new("tracking gains vs twin");
    let mut strict = Worst::new("vs twin, f32 parameters");
    for round in 0..400 {
        let n = if round < 70 {
            round
        } else {
            (rng.next_u64() % 70) as usize
        };
        let mut g: Vec<TrackingGains> = (0..n).map(|_| gains(&mut rng)).collect();
        let mut batch = TrackingSprings::with_gains(&g).unwrap();
        for i in 0..n {
            batch.x_mut()[i] = (f64::from(rng.goal()) + rng.offset()) as f32;
            batch.v_mut()[i] = rng.velocity();
        }
        for frame in 0..10 {
            if frame == 5 && round % 3 == 0 {
                // New gains mid-way: the state carries over.
                g = (0..n).map(|_| gains(&mut rng)).collect();
                batch.set_gains(&g).unwrap();
            }
            let dt = frame_dt(&mut rng);
            let t = targets(&mut rng, n);
            set_targets(&mut batch, &t);
            for i in 0..n {
                batch.set_mode(i, rng.pick(&MODES)).unwrap();
            }
            let (x0, v0) = (batch.x().to_vec(), batch.v().to_vec());
            batch.update(dt).unwrap();
            for i in 0..n {
                let mode_gains = gains_of(g[i], batch.mode(i));
                let c = mode_gains.coeffs(dt);
                let (x, v) = step(&c, (x0[i], v0[i]), t[i]);
                let (x32, v32) = step(
                    &twin_on_f32_parameters(mode_gains, dt),
                    (x0[i], v0[i]),
                    t[i],
                );
                let (xb, vb) = (batch.x()[i], batch.v()[i]);
                assert!(xb.is_finite() && vb.is_finite());
                if dt == 0.0 {
                    assert_eq!(
                        (xb.to_bits(), vb.to_bits()),
                        (x0[i].to_bits(), v0[i].to_bits())
                    );
                }
                let (sx, sv) = term_scales(&c, x0[i], v0[i], t[i]);
                let (tol_x, tol_v) = (TOL * sx.max(1.0), TOL * sv.max(1.0));
                let diff = |a: f32, b: f32| f64::from(a) - f64::from(b);
                let describe = || {
                    format!(
                        "n {n} frame {frame} [{i}] {:?} {:?} dt {dt:e} x0 {:e} v0 {:e} targets \
                         {:?}: batch ({xb:e}, {vb:e}) twin ({x:e}, {v:e}) twin on f32 \
                         parameters ({x32:e}, {v32:e})",
                        g[i],
                        batch.mode(i),
                        x0[i],
                        v0[i],
                        t[i]
                    )
                };
                // Against the twin: the error beyond the parameters' rounding (measured).
                let beyond = |a: f32, b: f32, rounded: f32| {
                    (diff(a, b).abs() - diff(b, rounded).abs()).max(0.0)
                };
                worst.record(
                    fraction(beyond(xb, x, x32), tol_x),
                    fraction(beyond(vb, v, v32), tol_v),
                    describe,
                );
                // Against the twin on the same f32 parameters: the kernel's arithmetic alone.
                strict.record(
                    fraction(diff(xb, x32), tol_x),
                    fraction(diff(vb, v32), tol_v),
                    describe,
                );
            }
        }
    }
    for w in [&worst, &strict] {
        println!(
            "{}: worst {:.3} (position) / {:.3} (velocity) of the tolerance",
            w.name, w.pos, w.vel
        );
    }
    worst.report_and_check();
    strict.report_and_check();
}

/// Shared gains (`new`, coefficients cached per `dt`) and the same gains given per spring
/// (`with_gains`, the fused kernel) agree within twice the tolerance (each is within it of the
/// twin) plus the effect of the per-spring parameters' rounding to `f32`.
#[test]
fn per_spring_gains_match_shared_gains() {
    Worst::check_random_cases("tracking gains vs shared", 0x5AED, 60, |rng, worst| {
        let n = 1 + (rng.next_u64() % 40) as usize;
        let g = gains(rng);
        let mut shared = TrackingSprings::new(n, g).unwrap();
        let mut per = TrackingSprings::with_gains(&vec![g; n]).unwrap();
        for frame in 0..8 {
            let dt = frame_dt(rng);
            let t = targets(rng, n);
            for batch in [&mut shared, &mut per] {
                set_targets(batch, &t);
                for i in 0..n {
                    batch.set_mode(i, MODES[(i + frame) % 3]).unwrap();
                }
            }
            let (x0, v0) = (shared.x().to_vec(), shared.v().to_vec());
            per.x_mut().copy_from_slice(&x0);
            per.v_mut().copy_from_slice(&v0);
            shared.update(dt).unwrap();
            per.update(dt).unwrap();
            for i in 0..n {
                let mode_gains = gains_of(g, per.mode(i));
                let c = mode_gains.coeffs(dt);
                let (sx, sv) = term_scales(&c, x0[i], v0[i], t[i]);
                // The shared path keeps the parameters in f64, the per-spring one in f32.
                let (x, v) = step(&c, (x0[i], v0[i]), t[i]);
                let (x32, v32) = step(
                    &twin_on_f32_parameters(mode_gains, dt),
                    (x0[i], v0[i]),
                    t[i],
                );
                let diff = |a: f32, b: f32| f64::from(a) - f64::from(b);
                let rounding = (diff(x, x32).abs(), diff(v, v32).abs());
                worst.record(
                    fraction(
                        diff(per.x()[i], shared.x()[i]),
                        2.0 * TOL * sx.max(1.0) + rounding.0,
                    ),
                    fraction(
                        diff(per.v()[i], shared.v()[i]),
                        2.0 * TOL * sv.max(1.0) + rounding.1,
                    ),
                    || format!("{g:?} dt {dt:e} [{i}]"),
                );
            }
        }
    });
}

/// A batch of `n` springs with random gains, states, targets and modes.
fn random_batch(rng: &mut Rng, n: usize) -> TrackingSprings {
    let g: Vec<TrackingGains> = (0..n).map(|_| gains(rng)).collect();
    let mut batch = TrackingSprings::with_gains(&g).unwrap();
    for i in 0..n {
        batch.x_mut()[i] = (f64::from(rng.goal()) + rng.offset()) as f32;
        batch.v_mut()[i] = rng.velocity();
        batch.set_mode(i, rng.pick(&MODES)).unwrap();
    }
    set_targets(&mut batch, &targets(rng, n));
    batch
}

fn bits(batch: &TrackingSprings) -> Vec<(u32, u32)> {
    let x = batch.x().iter().map(|x| x.to_bits());
    x.zip(batch.v().iter().map(|v| v.to_bits())).collect()
}

#[test]
fn thread_splits_are_bit_identical() {
    let mut rng = Rng::new(0x5917);
    let mut one = random_batch(&mut rng, 40_001);
    let (mut par, mut fine) = (one.clone(), one.clone());
    for dt in [1.0 / 60.0, 1.0 / 59.0, 0.0, 1e4, 1.0 / 61.0, 1e-6] {
        one.update(dt).unwrap();
        par.par_update(dt).unwrap();
        fine.update_with_grain(dt, 1).unwrap();
        assert_eq!(bits(&one), bits(&par), "dt {dt}");
        assert_eq!(bits(&one), bits(&fine), "dt {dt}");
    }
}

#[test]
fn dt_zero_returns_the_state_bit_for_bit() {
    let mut rng = Rng::new(0xD70);
    let mut batch = random_batch(&mut rng, 67);
    let specials = [-0.0, 0.0, 3e38, -3e38, 1e-45, -1e-40, f32::MAX];
    for (i, &x) in specials.iter().enumerate() {
        batch.x_mut()[i] = x;
        batch.v_mut()[specials.len() - 1 - i] = x;
        batch.x_goal_mut()[i] = -x;
    }
    let before = bits(&batch);
    batch.update(0.0).unwrap();
    batch.par_update(0.0).unwrap();
    assert_eq!(bits(&batch), before);
}

/// States, targets and steps at the edge of the `f32` range never become NaN or infinite: lanes
/// beyond it are recomputed in `f64` and saturate.
/// Puts every spring `3e38` away from its goal with velocities and targets near `±f32::MAX`
/// (all three modes), then steps `dt` from 1e-6 to 3e38: states and velocities stay finite.
fn assert_huge_states_stay_finite(batch: &mut TrackingSprings, what: &str) {
    let n = batch.len();
    for (i, s) in [3e38_f32, -3e38].iter().cycle().take(n).enumerate() {
        batch.x_mut()[i] = *s;
        batch.v_mut()[i] = -*s;
        batch.x_goal_mut()[i] = -*s;
        batch.v_goal_mut()[i] = *s;
        batch.a_goal_mut()[i] = if i % 3 == 0 { 0.0 } else { *s };
        batch.set_mode(i, MODES[i % 3]).unwrap();
    }
    for dt in [1e-6, 0.1, 1e4, 1e20, 3e38] {
        batch.update(dt).unwrap();
        for (k, (x, v)) in batch.x().iter().zip(batch.v()).enumerate() {
            assert!(
                x.is_finite() && v.is_finite(),
                "{what} dt={dt} [{k}] ({x}, {v})"
            );
        }
    }
}

#[test]
fn huge_states_stay_finite() {
    let mut rng = Rng::new(0x8163);
    let mut g: Vec<TrackingGains> = (0..61).map(|_| gains(&mut rng)).collect();
    g[0] = TrackingGains::new(0.0, 0.0, 1.0, 1.0 / 60.0).unwrap(); // no damping: free fall
    g[1] = TrackingGains::new(0.0, 0.0, 0.0, 1.0 / 60.0).unwrap(); // free motion
    g[2] = TrackingGains::new(1.0, 1.0, 1.0, 1e-20).unwrap(); // rigid
    g[3] = TrackingGains::new(0.0, 1.0, 1.0, 1e-30).unwrap(); // damping beyond f32
    let mut batch = TrackingSprings::with_gains(&g).unwrap();
    assert_huge_states_stay_finite(&mut batch, "per-spring gains");
}

#[test]
fn huge_states_stay_finite_with_shared_gains() {
    let shared = [
        TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0).unwrap(),
        TrackingGains::new(0.0, 0.0, 1.0, 1.0 / 60.0).unwrap(), // free fall
        TrackingGains::new(1.0, 1.0, 1.0, 1e-20).unwrap(),      // rigid
    ];
    for gains in shared {
        let mut batch = TrackingSprings::new(19, gains).unwrap();
        assert_huge_states_stay_finite(&mut batch, &format!("{gains:?}"));
    }
}

#[test]
fn bad_input_is_rejected_and_changes_nothing() {
    for (x, v, a, gdt, name) in [
        (f32::NAN, 0.2, 1.0, 0.1, "x_gain"),
        (-0.1, 0.2, 1.0, 0.1, "x_gain"),
        (0.01, 1.5, 1.0, 0.1, "v_gain"),
        (0.01, 0.2, f32::INFINITY, 0.1, "a_gain"),
        (0.01, 0.2, 1.0, 0.0, "gain_dt"),
        (0.01, 0.2, 1.0, -1.0, "gain_dt"),
        (0.01, 0.2, 1.0, f32::NAN, "gain_dt"),
        (0.01, 0.2, 1.0, f32::INFINITY, "gain_dt"),
    ] {
        let err = TrackingGains::new(x, v, a, gdt).unwrap_err();
        assert!(
            matches!(err, ParamError::Invalid { name: n, .. } if n == name),
            "{err:?}"
        );
    }
    let mut rng = Rng::new(0xBAD);
    let mut batch = random_batch(&mut rng, 3);
    let copy = batch.clone();
    let g = gains(&mut rng);
    for wrong in [0, 2, 4] {
        let err = batch.set_gains(&vec![g; wrong]).unwrap_err();
        assert_eq!(
            err,
            ParamError::LengthMismatch {
                name: "gains",
                expected: 3,
                found: wrong
            }
        );
    }
    for dt in [-1.0, f32::NAN, f32::INFINITY] {
        assert!(batch.update(dt).is_err());
    }
    let run = |b: &mut TrackingSprings| {
        for dt in [0.1, 1.0 / 60.0, 2.0] {
            b.update(dt).unwrap();
        }
        bits(b)
    };
    let mut copy = copy;
    assert_eq!(run(&mut batch), run(&mut copy));
    assert!(TrackingSprings::with_gains(&[]).unwrap().is_empty());
    assert!(matches!(
        TrackingSprings::new(usize::MAX, g).unwrap_err(),
        ParamError::OutOfMemory { .. }
    ));
}

/// Constant targets: one step of `T` and `k` unequal steps adding up to `T` both land on the `f64`
/// reference (the matrix exponential of the equivalent spring `(s, d)` toward goal velocity
/// `q = force / d`), within 10x the bound of §4.2 plus two `f32` ulps of the result per step
/// (§4.4, as `general_rates.rs`).
#[test]
fn unequal_steps_are_dt_invariant() {
    let mut rng = Rng::new(0x17A);
    let mut worst = Worst::new("tracking gains, unequal steps");
    let mut cases = 0;
    while cases < 300 {
        let g = gains(&mut rng);
        let mode = rng.pick(&MODES);
        let eq = gains_of(g, mode).equivalent_spring();
        if !(eq.damping > 0.0 && eq.stiffness < f64::from(f32::MAX)) {
            continue; // no goal velocity expresses the force (covered against the twin)
        }
        cases += 1;
        let total = rng.log_range(1e-3, 0.5) as f32;
        let [xg, vg, ag] = targets(&mut rng, 1)[0];
        let (x0, v0) = ((f64::from(xg) + rng.offset()) as f32, rng.velocity());
        let q = eq.force(vg, ag) / eq.damping;
        for k in [1_usize, 3, 7, 50] {
            let steps = rng.unequal_steps(total, k);
            let mut batch = TrackingSprings::with_gains(&[g; 9]).unwrap();
            batch.x_mut().fill(x0);
            batch.v_mut().fill(v0);
            set_targets(&mut batch, &[[xg, vg, ag]; 9]);
            batch.set_mode(8, mode).unwrap();
            for &dt in &steps {
                batch.update(dt).unwrap();
            }
            let t: f64 = steps.iter().map(|&dt| f64::from(dt)).sum();
            let (s, d) = (eq.stiffness, eq.damping);
            let (xr, vr) = spring(f64::from(x0), f64::from(v0), f64::from(xg), q, s, d, t);
            let case = Case::new(x0, v0, xg, q as f32, s, d, t as f32);
            let (x, v) = (batch.x()[8], batch.v()[8]);
            record_steps(&mut worst, &case, k, (x, v), (xr, vr), || {
                format!("k={k} {g:?} {mode:?} {case:?} -> ({x:e}, {v:e}) ref ({xr:e}, {vr:e})")
            });
        }
    }
    worst.report_and_check();
}
