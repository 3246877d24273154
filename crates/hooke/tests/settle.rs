//! Settling (`hooke::settle`, `docs/math.md` §4.6): every batch type, toward goals of every
//! magnitude, with a constant and a changing `dt`, ends exactly on its goal (within one ulp) with
//! zero velocity and no subnormal value anywhere in its state; the scalar twins agree with the
//! lanes on flushed and stalled states.

use hooke::batch::{
    CharacterControllers, CriticalSprings, Dampers, DecaySprings, DoubleSprings, Extrapolators,
    GeneralSprings, SmoothDampers, TimedSprings, TrackingSprings, VelocitySprings,
};
use hooke::scalar::{self, TrackingGains};
use hooke::settle::settle;

mod reference;
use reference::shared_or_per_spring;

/// Goals of every magnitude, both signs, 0 and the subnormal-adjacent range (`1e-31` and
/// `-6.333167e-32`: an ulp there is a few `f32::MIN_POSITIVE`, so a spring a few ulps away moves
/// with a subnormal velocity).
const GOALS: [f32; 14] = [
    0.0,
    1e-37,
    -6.333_167e-32,
    1e-31,
    -3.5e-20,
    1e-5,
    -0.37,
    1.0,
    3.7,
    -1e3,
    1e6,
    -3e20,
    1e30,
    -3e38,
];

/// Starting offsets from the goal relative to `max(|goal|, 1)`, capped so that `goal + offset`
/// stays finite; the velocities are the same list reversed (in units per second).
const OFFSETS: [f32; 8] = [-0.9, -1e-3, -1e-6, -1e-7, 1e-7, 3e-6, 0.25, 0.9];

/// The frame times: a constant 60 Hz, and one that changes every frame.
fn dt(frame: usize, jitter: bool) -> f32 {
    let base = 1.0 / 60.0;
    if jitter {
        base * (1.0 + 0.013 * (frame % 7) as f32)
    } else {
        base
    }
}

/// Initial positions and velocities around `goal`, one per offset.
fn start(goal: f32) -> (Vec<f32>, Vec<f32>) {
    let scale = goal.abs().max(1.0);
    let x = OFFSETS
        .iter()
        .map(|o| (goal + o * scale).clamp(-f32::MAX, f32::MAX))
        .collect();
    let v = OFFSETS.iter().rev().map(|o| o * scale.min(1e30)).collect();
    (x, v)
}

/// One ulp of `goal` (the smallest subnormal for 0).
fn ulp(goal: f32) -> f32 {
    let g = goal.abs();
    if g == f32::MAX {
        g - f32::from_bits(g.to_bits() - 1)
    } else {
        f32::from_bits(g.to_bits() + 1) - g
    }
}

#[track_caller]
fn assert_settled(what: &str, goal: f32, x: &[f32], rest: &[&[f32]]) {
    for (i, &x) in x.iter().enumerate() {
        assert!(
            (x - goal).abs() <= ulp(goal),
            "{what}: goal {goal:e}, spring {i} stopped at {x:e}"
        );
    }
    for (k, column) in rest.iter().enumerate() {
        for (i, &v) in column.iter().enumerate() {
            assert_eq!(
                v, 0.0,
                "{what}: goal {goal:e}, column {k} spring {i} = {v:e}"
            );
        }
    }
}

#[track_caller]
fn assert_no_subnormal(what: &str, columns: &[&[f32]]) {
    for column in columns {
        for &v in *column {
            assert!(!v.is_subnormal(), "{what}: subnormal {v:e}");
        }
    }
}

/// Runs `steps` frames of `update` with a constant or changing `dt`.
fn run(steps: usize, jitter: bool, mut update: impl FnMut(f32)) {
    for frame in 0..steps {
        update(dt(frame, jitter));
    }
}

const STEPS: usize = 2400; // 40 s at 60 Hz

/// Calls `check(jitter, goal, x, v)` with constant and changing `dt`, for every goal of [`GOALS`]
/// with the start state `(x, v)` of [`start`].
fn each_jitter_and_goal(mut check: impl FnMut(bool, f32, &[f32], &[f32])) {
    for jitter in [false, true] {
        for goal in GOALS {
            let (x, v) = start(goal);
            check(jitter, goal, &x, &v);
        }
    }
}

#[test]
fn critical_and_decay_springs_arrive_on_every_goal_with_zero_velocity() {
    for jitter in [false, true] {
        for goal in GOALS {
            let (x, v) = start(goal);
            let n = x.len();
            let halflives: Vec<f32> = (0..n).map(|i| 0.05 + 0.05 * i as f32).collect();
            for per_spring in [false, true] {
                let (new, per) = (CriticalSprings::new, CriticalSprings::with_halflives);
                let mut s = shared_or_per_spring(per_spring, (0.2, &halflives), new, per);
                s.set_state(&x, &v, &vec![goal; n], &vec![0.0; n]).unwrap();
                run(STEPS, jitter, |dt| s.update(dt).unwrap());
                let what = format!("CriticalSprings per_spring={per_spring} jitter={jitter}");
                assert_settled(&what, goal, s.x(), &[s.v()]);
            }
        }
        // Decay springs settle toward 0 from offsets of every magnitude.
        for scale in [1e-30_f32, 1e-5, 1.0, 1e20, 3e38] {
            let x: Vec<f32> = OFFSETS.iter().map(|o| o * scale).collect();
            let v: Vec<f32> = OFFSETS.iter().map(|o| o * scale.min(1e30)).collect();
            for per_spring in [false, true] {
                let halflives = [0.1, 0.2, 0.3, 0.05, 0.12, 0.15, 0.25, 0.35];
                let (new, per) = (DecaySprings::new, DecaySprings::with_halflives);
                let mut s = shared_or_per_spring(per_spring, (0.2, &halflives), new, per);
                s.set_state(&x, &v).unwrap();
                // From 3e38 to below 1e-38 is e^-175: 44 s at a halflife of 0.35 s.
                run(2 * STEPS, jitter, |dt| s.update(dt).unwrap());
                assert_settled("DecaySprings", 0.0, s.x(), &[s.v()]);
            }
        }
    }
}

#[test]
fn general_springs_arrive_in_every_damping_regime() {
    let y = 2.0 * std::f32::consts::LN_2 / 0.2;
    each_jitter_and_goal(|jitter, goal, x, v| {
        let n = x.len();
        // Every regime that comes to rest within the run (a damping ratio of 0.05 decays
        // by e^-20 in 120 s: legitimately still moving).
        let ratios = [0.5, 0.7, 1.0, 1.0, 1.5, 0.6, 1.2, 0.8];
        let stiffness = vec![y * y; n];
        let damping: Vec<f32> = ratios.iter().map(|r| 2.0 * y * r).collect();
        let mut s = GeneralSprings::new(&stiffness, &damping).unwrap();
        s.set_state(x, v, &vec![goal; n], &vec![0.0; n]).unwrap();
        run(3 * STEPS, jitter, |dt| s.update(dt).unwrap());
        assert_settled("GeneralSprings", goal, s.x(), &[s.v()]);
    });
}

#[test]
fn dampers_and_smooth_dampers_arrive() {
    each_jitter_and_goal(|jitter, goal, x, v| {
        let n = x.len();
        for per_spring in [false, true] {
            let halflives = [0.1, 0.2, 0.3, 0.05, 0.5, 0.15, 0.25, 0.35];
            let (new, per) = (Dampers::new, Dampers::with_halflives);
            let mut d = shared_or_per_spring(per_spring, (0.2, &halflives), new, per);
            d.set_state(x, &vec![goal; n]).unwrap();
            // A damper halves its offset once a halflife: 0.9 to 1e-38 takes 126 of them.
            run(2 * STEPS, jitter, |dt| d.update(dt).unwrap());
            assert_settled("Dampers", goal, d.x(), &[]);
        }
        let mut s = SmoothDampers::new(n, 0.3, f32::INFINITY).unwrap();
        // Smooth damp measures the velocity in units per second like the springs.
        s.set_state(x, v, &vec![goal; n]).unwrap();
        run(STEPS, jitter, |dt| s.update(dt).unwrap());
        assert_settled("SmoothDampers", goal, s.x(), &[s.v()]);
    });
}

#[test]
fn tracking_double_timed_and_velocity_springs_arrive() {
    each_jitter_and_goal(|jitter, goal, x, v| {
        let n = x.len();
        let zeros = vec![0.0; n];
        let goals = vec![goal; n];

        let gains = TrackingGains::new(0.1, 0.5, 0.5, 1.0 / 60.0).unwrap();
        let mut t = TrackingSprings::new(n, gains).unwrap();
        t.set_state(x, v, &goals, &zeros, &zeros).unwrap();
        run(STEPS, jitter, |dt| t.update(dt).unwrap());
        assert_settled("TrackingSprings", goal, t.x(), &[t.v()]);

        let mut d = DoubleSprings::new(n, 0.2).unwrap();
        d.set_state(x, v, x, &zeros).unwrap();
        d.goal_mut().fill(goal);
        run(STEPS, jitter, |dt| d.update(dt).unwrap());
        assert_settled("DoubleSprings", goal, d.x(), &[d.v()]);

        let mut s = TimedSprings::new(n, 0.2, 2.0).unwrap();
        s.set_state(x, v, x).unwrap();
        s.goal_mut().fill(goal);
        s.t_goal_mut().fill(1.0);
        run(STEPS, jitter, |dt| s.update(dt).unwrap());
        assert_settled("TimedSprings", goal, s.x(), &[s.v()]);
        assert_eq!(s.xi(), &goals[..]);

        let mut s = VelocitySprings::new(n, 0.2, 2.0).unwrap();
        s.set_state(x, v, x).unwrap();
        s.goal_mut().fill(goal);
        s.max_velocity_mut().fill(f32::MAX);
        run(STEPS, jitter, |dt| s.update(dt).unwrap());
        assert_settled("VelocitySprings", goal, s.x(), &[s.v()]);
    });
}

#[test]
fn extrapolators_and_character_controllers_come_to_rest_without_subnormals() {
    for jitter in [false, true] {
        for scale in [1e-30_f32, 1e-5, 1.0, 1e20] {
            let x: Vec<f32> = OFFSETS.iter().map(|o| o * scale).collect();
            let n = x.len();
            let mut e = Extrapolators::new(n, 0.2).unwrap();
            e.set_state(&x, &x).unwrap();
            run(STEPS, jitter, |dt| e.update(dt).unwrap());
            assert_settled("Extrapolators", 0.0, &[], &[e.v()]);
            assert_no_subnormal("Extrapolators", &[e.x()]);

            // The controller's velocity settles on its goal, the acceleration on 0.
            for v_goal in [0.0, 1.0, -3e3] {
                let mut c = CharacterControllers::new(n, 0.2).unwrap();
                c.set_state(&x, &x, &x, &vec![v_goal; n]).unwrap();
                run(STEPS, jitter, |dt| c.update(dt).unwrap());
                assert_settled("CharacterControllers", v_goal, c.v(), &[c.a()]);
            }
        }
    }
}

/// The case: a critical spring toward 1 used to stop at `x = 0.9999997` with
/// `v = 6.75e-7` for ever (the step rounded back to the same state).
#[test]
fn stalled_critical_spring_toward_one_arrives() {
    let (mut x, mut v) = (0.999_999_7_f32, 6.75e-7_f32);
    for _ in 0..600 {
        scalar::critical_spring_damper_exact(&mut x, &mut v, 1.0, 0.0, 0.1, 1.0 / 60.0);
    }
    assert_eq!((x, v), (1.0, 0.0));
    let mut s = CriticalSprings::new(3, 0.1).unwrap();
    s.set_state(&[0.999_999_7; 3], &[6.75e-7; 3], &[1.0; 3], &[0.0; 3])
        .unwrap();
    run(600, false, |dt| s.update(dt).unwrap());
    assert_eq!((s.x(), s.v()), (&[1.0; 3][..], &[0.0; 3][..]));
}

/// Near a goal of about `1e-31` an ulp is a few `f32::MIN_POSITIVE`: a spring a few ulps away
/// steps with a subnormal velocity, which the flush takes to 0 every step, so that the next
/// velocity always looked faster than the last and the stall rule never moved it (found by a
/// hostile-input run: it stayed for 100,000 steps).
#[test]
fn springs_a_few_ulps_from_a_tiny_goal_arrive() {
    let goal = 1e-31_f32;
    let mut x = goal;
    for _ in 0..3 {
        x = x.next_up();
    }
    let mut v = 0.0;
    for _ in 0..600 {
        scalar::critical_spring_damper_exact(&mut x, &mut v, goal, 0.0, 0.8, 1.0 / 60.0);
    }
    assert_eq!((x, v), (goal, 0.0));
    let mut s = CriticalSprings::new(9, 0.8).unwrap();
    s.set_state(
        &[x.next_up().next_up(); 9],
        &[0.0; 9],
        &[goal; 9],
        &[0.0; 9],
    )
    .unwrap();
    run(600, true, |dt| s.update(dt).unwrap());
    assert_eq!((s.x(), s.v()), (&[goal; 9][..], &[0.0; 9][..]));
    // A character controller's velocity a few ulps from a goal velocity of that size.
    let q = -6.333_167e-32_f32;
    let mut c = CharacterControllers::with_halflives(&[0.3; 9]).unwrap();
    c.v_goal_mut().fill(q);
    c.v_mut().fill(q.next_down().next_down().next_down());
    run(600, true, |dt| c.update(dt).unwrap());
    assert!(c.v().iter().all(|&v| v == q), "{:?}", c.v());
}

/// A spring stuck at the subnormal fixed point of the issue (`x = 8e-45`, `v = -2.4e-44`).
#[test]
fn subnormal_fixed_point_is_flushed_in_one_step() {
    let (mut x, mut v) = (8e-45_f32, -2.4e-44_f32);
    scalar::decay_spring_damper_exact(&mut x, &mut v, 0.2, 1.0 / 60.0);
    assert_eq!((x, v), (0.0, 0.0));
    let mut s = DecaySprings::new(9, 0.2).unwrap();
    s.set_state(&[8e-45; 9], &[-2.4e-44; 9]).unwrap();
    s.update(1.0 / 60.0).unwrap();
    assert_eq!((s.x(), s.v()), (&[0.0; 9][..], &[0.0; 9][..]));
}

/// The flush changes nothing the accuracy bound speaks about: a step of a state whose values
/// are all normal is returned as it is unless it is within `f32::MIN_POSITIVE` of rest.
#[test]
fn settle_leaves_normal_moving_results_alone() {
    assert_eq!(settle(1.0, -1.0, 0.5, -3.0, -0.5, 0.0), (0.5, -3.0));
    assert_eq!(
        settle(2e-38, -1e-38, 1.5e-38, 1.2e-38, -5e-39, 0.0),
        (1.5e-38, 1.2e-38)
    );
    // A stalled step away from the goal is not moved.
    assert_eq!(settle(1.5, 1e-7, 1.5, 1e-7, 1e-9, 1.0), (1.5, 1e-7));
    // No change of position at all (dt = 0) is not a stall.
    assert_eq!(settle(1.5, -1e-7, 1.5, -1e-7, 0.0, 1.0), (1.5, -1e-7));
    // A spring gathering speed is not nudged: its exact motion will show in a later step.
    assert_eq!(settle(1.5, 0.0, 1.5, -1e-7, -1e-9, 1.0), (1.5, -1e-7));
    // A nudge one ulp from the goal lands on it.
    assert_eq!(
        settle(1.000_000_1, -1e-3, 1.000_000_1, -1e-3, -1e-9, 1.0),
        (1.0, -1e-3)
    );
}

/// Lanes and scalar twins agree on flushed and stalled states: subnormal states and states a
/// few ulps from the goal with small velocities, on every tail length of a lane group.
#[test]
fn lanes_agree_with_scalar_twins_on_settling_states() {
    let mut x = Vec::new();
    let mut v = Vec::new();
    let mut goal = Vec::new();
    for g in [0.0_f32, 1.0, -7.5, 1e6] {
        for k in -6_i32..=6 {
            for w in [0.0_f32, 6.75e-7, -6.75e-7, 3e-40, -1e-44, 1e-3] {
                let xk = if g == 0.0 {
                    f32::from_bits(k.unsigned_abs() * 1000) * k.signum() as f32
                } else {
                    f32::from_bits((g.to_bits() as i32 + k) as u32)
                };
                x.push(xk);
                v.push(w * g.abs().max(1.0));
                goal.push(g);
            }
        }
    }
    let n = x.len();
    for dt in [1.0 / 60.0, 1e-3, 0.0, 0.5] {
        let mut s = CriticalSprings::new(n, 0.2).unwrap();
        s.set_state(&x, &v, &goal, &vec![0.0; n]).unwrap();
        s.update(dt).unwrap();
        for i in 0..n {
            let (mut xs, mut vs) = (x[i], v[i]);
            scalar::critical_spring_damper_exact(&mut xs, &mut vs, goal[i], 0.0, 0.2, dt);
            // One ulp: with FMA a stalled step may round to the other side of the stall.
            let tol = ulp(xs).max(ulp(goal[i]));
            assert!(
                (s.x()[i] - xs).abs() <= tol,
                "dt {dt}, spring {i}: x {} vs scalar {xs} (from {}, v {})",
                s.x()[i],
                x[i],
                v[i]
            );
            if xs == goal[i] && vs == 0.0 {
                // Flushed by the scalar twin: the lanes flush too, exactly.
                assert_eq!(s.v()[i], 0.0, "dt {dt}, spring {i}");
            }
            assert!(!s.x()[i].is_subnormal() && !s.v()[i].is_subnormal() || dt == 0.0);
        }
    }
}

/// Values at every edge the settling rule has: both zeros, the smallest subnormal, the normal
/// range's edge, values an ulp apart near 1, large and huge magnitudes, both signs.
const EDGES: [f32; 18] = [
    0.0,
    -0.0,
    1e-45,
    -1e-45,
    1e-40,
    -1e-40,
    f32::MIN_POSITIVE,
    -f32::MIN_POSITIVE,
    1e-8,
    -0.37,
    0.999_999_7,
    1.0,
    1.000_000_1,
    -1.0,
    3.7e5,
    -3e38,
    f32::MAX,
    -f32::MAX,
];

#[test]
fn settle_lanes_is_settle_bit_for_bit_at_every_edge() {
    use hooke::settle::settle_lanes;
    use wide::f32x8;
    let small = [0.0, -0.0, 1e-45, -1e-40, 6.75e-7, -2.0, 3e38, -f32::MAX];
    let mut cases = Vec::new();
    for &x0 in &EDGES {
        let moves = [x0, x0.next_up(), x0.next_down(), 0.5 * x0, x0 + 1.0];
        for &x1 in moves.iter().filter(|x| x.is_finite()) {
            for &v0 in &small {
                for &v1 in &small {
                    for dx in [0.0, -0.0, 1e-8, -1e-8, 1.0, -1e-44] {
                        for &goal in &EDGES {
                            cases.push([x0, v0, x1, v1, dx, goal]);
                        }
                    }
                }
            }
        }
    }
    let lanes = |cases: &[[f32; 6]], k: usize| {
        let mut lane = [0.0f32; 8];
        for (l, c) in lane.iter_mut().zip(cases) {
            *l = c[k];
        }
        f32x8::from(lane)
    };
    for group in cases.chunks(8) {
        let [x0, v0, x1, v1, dx, goal] = std::array::from_fn(|k| lanes(group, k));
        let (x, v) = settle_lanes(x0, v0, x1, v1, dx, goal);
        let (x, v) = (x.to_array(), v.to_array());
        for (l, &[x0, v0, x1, v1, dx, goal]) in group.iter().enumerate() {
            let (wx, wv) = settle(x0, v0, x1, v1, dx, goal);
            assert_eq!(
                (x[l].to_bits(), v[l].to_bits()),
                (wx.to_bits(), wv.to_bits()),
                "settle({x0:e}, {v0:e}, {x1:e}, {v1:e}, {dx:e}, {goal:e}): lanes {} {}, scalar {wx} {wv}",
                x[l],
                v[l]
            );
        }
    }
    assert!(cases.len() > 200_000, "{}", cases.len());
}
