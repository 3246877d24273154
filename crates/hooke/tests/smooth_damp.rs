//! Smooth damp (`hooke::scalar::smooth_damp` and its vector, angle, direction and rotation
//! variants) against an independent `f64` reference written out here from Unity's formula with
//! the exact exponential, over a grid with the corners (smooth time 0 / tiny / huge, dt 0 / huge,
//! max speed 0 / infinite / binding, `+-3e38`); equality with the critical spring when the clamp
//! and the guard are inactive; dt-invariance; the overshoot guard; unit length of the rotation
//! variants; angle wrapping; and where Unity's approximate formula differs.

mod reference;

use std::f32::consts::{LN_2, PI};

use glam::{Quat, Vec2, Vec3};
use hooke::scalar::{
    critical_spring_damper_exact, shortest_angle_turn, simple_spring_damper_exact_quat,
    smooth_damp, smooth_damp_angle, smooth_damp_dir, smooth_damp_quat, smooth_damp_vec2,
    smooth_damp_vec3, smooth_time_to_halflife, unity_smooth_damp,
};
use reference::{Rng, Worst, fraction};

const BIG: f32 = 3e38;

/// The clamped offset `c = x0 - g` and goal `g` of one call: the offset from the target `t`
/// clamped to `max_speed * smooth_time` (no limit for an infinite `max_speed`, none allowed for a
/// `max_speed <= 0` or a smooth time of 0).
fn clamped_goal(x0: f64, t: f64, smooth_time: f64, max_speed: f32) -> (f64, f64) {
    let limit = if max_speed == f32::INFINITY {
        f64::INFINITY
    } else if max_speed <= 0.0 || smooth_time == 0.0 {
        0.0
    } else {
        f64::from(max_speed) * smooth_time
    };
    let c = (x0 - t).clamp(-limit, limit);
    (c, x0 - c)
}

/// The reference: Unity's smooth damp in `f64` with `exp`, written from the closed form of the
/// critical spring `x(t) = g + (c + (v0 + w c) t) e^(-w t)` with `w = 2 / smooth_time`.
/// Returns `(x, v, guard fired)`, saturated to the `f32` range like the library.
fn reference(x0: f32, t: f32, v0: f32, st: f32, ms: f32, dt: f32) -> (f64, f64, bool) {
    let (x0, t, v0, dt) = (f64::from(x0), f64::from(t), f64::from(v0), f64::from(dt));
    if dt == 0.0 {
        return (x0, v0, false);
    }
    let st = f64::from(st.max(0.0));
    let (c, g) = clamped_goal(x0, t, st, ms);
    let (x, v) = if st == 0.0 {
        (g, 0.0)
    } else {
        let w = 2.0 / st;
        let decay = (-w * dt).exp();
        let temp = (v0 + w * c) * dt;
        (g + (c + temp) * decay, (v0 - w * temp) * decay)
    };
    if (x0 > t && x < t) || (x0 < t && x > t) {
        return (t, 0.0, true);
    }
    let max = f64::from(f32::MAX);
    (x.clamp(-max, max), v.clamp(-max, max), false)
}

/// `(position bound, velocity bound)`: the library's bound of `tests/reference/mod.rs` for a
/// critical spring with `w = 2 / smooth_time` toward the clamped goal `g`:
/// `1e-5 (|x0 - g| + |v0| dt) + 1e-6 (|g| + |target|)` and `1e-5 (|v0| + 2 w |x0 - g|)`, plus
/// `1e-6 w |g|` on the velocity when the goal is a clamped one.
fn bounds(x0: f32, t: f32, v0: f32, st: f32, ms: f32, dt: f32) -> (f64, f64) {
    let (x0f, tf, v0f, dtf) = (f64::from(x0), f64::from(t), f64::from(v0), f64::from(dt));
    let st64 = f64::from(st.max(0.0));
    let (c, g) = clamped_goal(x0f, tf, st64, ms);
    let w = if st64 > 0.0 { 2.0 / st64 } else { 0.0 };
    let pos = 1e-5 * (c.abs() + v0f.abs() * dtf) + 1e-6 * (g.abs() + tf.abs());
    // A clamped goal is rounded to f32 (it is not an input): its rounding error, up to 6e-8 |g|,
    // moves the velocity by at most w/e times it (the largest velocity response to an offset).
    let goal_rounding = if g == tf { 0.0 } else { 1e-6 * w * g.abs() };
    let vel = 1e-5 * (v0f.abs() + 2.0 * w * c.abs()) + goal_rounding;
    // Results below the f32 normal range carry an absolute error of the subnormal spacing.
    let subnormal = 2.0 * f64::from(f32::from_bits(1));
    (pos + subnormal, vel + subnormal)
}

/// A smooth time with the corners: 0, tiny, ordinary, huge, `3e38`.
fn smooth_time(rng: &mut Rng) -> f32 {
    match rng.next_u64() % 10 {
        0 => 0.0,
        1 => rng.pick(&[1e-30, 1e-12, 1e-6]),
        2 => rng.pick(&[1e6, BIG]),
        _ => rng.log_range(1e-3, 10.0) as f32,
    }
}

/// A max speed: 0, infinite, binding for `|change|` at `smooth_time`, or arbitrary.
fn max_speed(rng: &mut Rng, change: f64, st: f32) -> f32 {
    match rng.next_u64() % 6 {
        0 => 0.0,
        1 | 2 => f32::INFINITY,
        3 if st > 0.0 => (change.abs() / f64::from(st) * rng.range(0.05, 0.95)) as f32,
        4 => BIG,
        _ => rng.log_range(1e-3, 1e3) as f32,
    }
}

/// A time step with the corners: 0, frame times, up to 10 s, huge.
fn time_step(rng: &mut Rng) -> f32 {
    if rng.chance(0.05) {
        rng.pick(&[1e6, BIG])
    } else {
        rng.dt()
    }
}

/// The smooth time, max speed (at the scale of a `change` to make) and time step of a case,
/// drawn in that order.
fn params(rng: &mut Rng, change: f64) -> (f32, f32, f32) {
    let st = smooth_time(rng);
    let ms = max_speed(rng, change, st);
    (st, ms, time_step(rng))
}

/// `(current, target, velocity)` with the extremes mixed in.
fn state(rng: &mut Rng) -> (f32, f32, f32) {
    if rng.chance(0.08) {
        let pick = [BIG, -BIG, 0.0, 1.0];
        (
            rng.pick(&pick),
            rng.pick(&pick),
            rng.pick(&[BIG, -BIG, 0.0]),
        )
    } else {
        let t = (rng.sign() * rng.log_range(1e-3, 1e3)) as f32;
        let x0 = (f64::from(t) + rng.offset()) as f32;
        (x0, t, rng.velocity())
    }
}

/// One smooth-damp call on `(x0, target, v0, smooth_time, max_speed, dt)`: `(x, v)`, both finite.
#[track_caller]
fn finite_step(case: (f32, f32, f32, f32, f32, f32)) -> (f32, f32) {
    let (x0, t, mut v, st, ms, dt) = case;
    let x = smooth_damp(x0, t, &mut v, st, ms, dt);
    assert!(
        x.is_finite() && v.is_finite(),
        "not finite: {case:?} -> ({x}, {v})"
    );
    (x, v)
}

#[test]
fn smooth_damp_matches_the_f64_reference_over_the_grid() {
    let mut rng = Rng::new(0x5EED_5300);
    let mut worst = Worst::new("smooth_damp");
    let mut guard_boundary = 0;
    for _ in 0..40_000 {
        let (x0, t, v0) = state(&mut rng);
        let (st, ms, dt) = params(&mut rng, f64::from(x0) - f64::from(t));
        let (x, v) = finite_step((x0, t, v0, st, ms, dt));
        let (xr, vr, guard) = reference(x0, t, v0, st, ms, dt);
        // A velocity the settling rule flushed (below the normal range, `docs/math.md` §4.6) is
        // compared with the reference flushed the same way.
        let vr = if v == 0.0 && vr.abs() < f64::from(f32::MIN_POSITIVE) {
            0.0
        } else {
            vr
        };
        let (bp, bv) = bounds(x0, t, v0, st, ms, dt);
        let pos = fraction(f64::from(x) - xr, bp);
        let library_guard = x == t && v == 0.0;
        let vel = fraction(f64::from(v) - vr, bv);
        let vel = if vel > 1.0 && guard != library_guard && (xr - f64::from(t)).abs() <= bp {
            // The two decided differently at the target within rounding: both land there, and
            // the velocity is either the spring's or the guard's 0.
            guard_boundary += 1;
            0.0
        } else {
            vel
        };
        worst.record(pos, vel, || {
            format!(
                "{:?} -> lib ({x:e}, {v:e}) ref ({xr:e}, {vr:e})",
                (x0, t, v0, st, ms, dt)
            )
        });
    }
    eprintln!("guard decided differently within rounding: {guard_boundary} cases");
    eprintln!("worst case: {}", worst.worst_case);
    worst.report_and_check();
}

#[test]
fn smooth_damp_is_the_critical_spring_when_clamp_and_guard_are_inactive() {
    let mut rng = Rng::new(0xC417);
    let mut compared = 0;
    for _ in 0..20_000 {
        let (x0, t, v0) = state(&mut rng);
        let st = rng.log_range(1e-3, 10.0) as f32;
        let dt = rng.dt();
        // An infinite max speed, or one that does not bind.
        let change = (f64::from(x0) - f64::from(t)).abs();
        let ms = if rng.chance(0.5) {
            f32::INFINITY
        } else {
            (2.0 * change / f64::from(st)).min(f64::from(f32::MAX)) as f32
        };
        let mut v = v0;
        let x = smooth_damp(x0, t, &mut v, st, ms, dt);
        let (mut xs, mut vs) = (x0, v0);
        critical_spring_damper_exact(&mut xs, &mut vs, t, 0.0, smooth_time_to_halflife(st), dt);
        let passed = (x0 > t && xs < t) || (x0 < t && xs > t);
        if !passed && f64::from(ms) * f64::from(st) >= change {
            assert_eq!((x, v), (xs, vs), "{:?}", (x0, t, v0, st, ms, dt));
            compared += 1;
        }
    }
    assert!(
        compared > 10_000,
        "only {compared} cases without clamp or guard"
    );
}

/// Steps `(x, v)` over `steps` with smooth damp.
fn run(x: f32, v: f32, t: f32, st: f32, steps: &[f32]) -> (f32, f32) {
    let (mut x, mut v) = (x, v);
    for &dt in steps {
        x = smooth_damp(x, t, &mut v, st, f32::INFINITY, dt);
    }
    (x, v)
}

#[test]
fn smooth_damp_is_dt_invariant_without_clamp_and_guard() {
    // From rest, or moving away from the target, a critical spring never crosses its goal: the
    // guard stays inactive and 1 step, 16 equal steps and unequal steps agree.
    let unequal = [0.25_f32, 0.125, 0.0625, 0.3125, 0.125, 0.0625, 0.0625];
    assert_eq!(unequal.iter().sum::<f32>(), 1.0);
    let mut rng = Rng::new(0xD7);
    for _ in 0..2_000 {
        let t = (rng.sign() * rng.log_range(1e-3, 1e3)) as f32;
        let offset = rng.offset();
        let x0 = (f64::from(t) + offset) as f32;
        let away = (offset.signum() * rng.log_range(1e-3, 1e3)) as f32;
        let v0 = if rng.chance(0.5) { 0.0 } else { away };
        let st = rng.log_range(1e-2, 10.0) as f32;
        let one = run(x0, v0, t, st, &[1.0]);
        let equal = run(x0, v0, t, st, &[1.0 / 16.0; 16]);
        let split = run(x0, v0, t, st, &unequal);
        let scale = (offset.abs() + f64::from(v0.abs())) * 1e-5 + 1e-6 * f64::from(t.abs());
        let vscale = scale * (1.0 + 2.0 / f64::from(st));
        for (x, v) in [equal, split] {
            assert!(
                (f64::from(x) - f64::from(one.0)).abs() <= scale
                    && (f64::from(v) - f64::from(one.1)).abs() <= vscale,
                "{:?}: one step {one:?}, split {:?}",
                (x0, v0, t, st),
                (x, v)
            );
        }
    }
}

#[test]
fn unity_smooth_damp_depends_on_the_frame_rate_where_smooth_damp_does_not() {
    // One second from 0 toward 1, smooth time 0.1 s, at 10, 30 and 120 Hz. The table goes into
    // docs/guide.md (run with --nocapture).
    let st = 0.1;
    let mut rows = Vec::new();
    for hz in [10.0_f32, 20.0, 30.0, 60.0, 120.0] {
        let dt = 1.0 / hz;
        let (mut xe, mut ve, mut xu, mut vu) = (0.0_f32, 0.0_f32, 0.0_f32, 0.0_f32);
        let mut at_smooth_time = (0.0, 0.0);
        for frame in 1..=(hz as usize) {
            xe = smooth_damp(xe, 1.0, &mut ve, st, f32::INFINITY, dt);
            xu = unity_smooth_damp(xu, 1.0, &mut vu, st, f32::INFINITY, dt);
            if (frame as f32 * dt - st).abs() < 1e-6 {
                at_smooth_time = (xe, xu);
            }
        }
        eprintln!(
            "{hz:>5} Hz: x(0.1 s) exact {:.6} unity {:.6}",
            at_smooth_time.0, at_smooth_time.1
        );
        rows.push((hz, at_smooth_time));
    }
    // x(smooth time) = 1 - 3 e^-2 exactly.
    let exact = 1.0 - 3.0 * (-2.0_f64).exp();
    for &(hz, (xe, xu)) in &rows {
        assert!((f64::from(xe) - exact).abs() < 2e-6, "{hz} Hz exact {xe}");
        if hz == 10.0 {
            // One step of dt = smooth time: Unity's decay factor is 9% too large.
            assert!((f64::from(xu) - exact).abs() > 0.01, "{hz} Hz unity {xu}");
        }
    }
    // Unity's error shrinks with dt (its decay factor is right to second order in omega dt, so it
    // is still 0.2% off at 120 Hz).
    let (_, (xe, xu)) = rows[4];
    assert!((xe - xu).abs() < 2e-3);
}

#[test]
fn unity_smooth_damp_keeps_unitys_nan_at_dt_0_and_at_the_extremes() {
    let mut v = 0.0;
    let x = unity_smooth_damp(2.0, 2.0, &mut v, 0.3, f32::INFINITY, 0.0);
    assert_eq!(x, 2.0);
    assert!(v.is_nan());
    let mut v = 0.0;
    let x = smooth_damp(2.0, 2.0, &mut v, 0.3, f32::INFINITY, 0.0);
    assert_eq!((x, v), (2.0, 0.0));
    // At the extremes Unity's f32 arithmetic overflows (inf - inf); smooth_damp stays finite.
    let mut v = BIG;
    let x = unity_smooth_damp(BIG, 0.0, &mut v, 0.3, f32::INFINITY, 1.0);
    assert!(!(x.is_finite() && v.is_finite()), "{x} {v}");
    let mut v = BIG;
    let x = smooth_damp(BIG, 0.0, &mut v, 0.3, f32::INFINITY, 1.0);
    assert!(x.is_finite() && v.is_finite());
}

#[test]
fn smooth_damp_corners_are_defined() {
    // dt = 0 (and invalid dt or NaN parameters): nothing changes, bit for bit.
    for dt in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        let mut v = -0.7;
        assert_eq!(smooth_damp(0.3, 5.0, &mut v, 0.2, 1.0, dt), 0.3);
        assert_eq!(v, -0.7);
    }
    let mut v = 1.0;
    assert_eq!(smooth_damp(0.3, 5.0, &mut v, f32::NAN, 1.0, 0.1), 0.3);
    assert_eq!(smooth_damp(0.3, 5.0, &mut v, 0.2, f32::NAN, 0.1), 0.3);
    assert_eq!(v, 1.0);
    // smooth_time = 0: snaps with an infinite max speed, stays with a finite one.
    let mut v = 4.0;
    assert_eq!(smooth_damp(0.3, 5.0, &mut v, 0.0, f32::INFINITY, 0.1), 5.0);
    assert_eq!(v, 0.0);
    let mut v = 4.0;
    assert_eq!(smooth_damp(0.3, 5.0, &mut v, 0.0, 10.0, 0.1), 0.3);
    assert_eq!(v, 0.0);
    // max_speed = 0 (or negative): from rest the value does not move.
    for ms in [0.0, -3.0] {
        let mut v = 0.0;
        assert_eq!(smooth_damp(0.3, 5.0, &mut v, 0.2, ms, 0.1), 0.3);
        assert_eq!(v, 0.0);
    }
    // smooth_time = inf: no force, x += v dt.
    let mut v = 2.0;
    assert_eq!(smooth_damp(1.0, 5.0, &mut v, f32::INFINITY, 1.0, 0.5), 2.0);
    assert_eq!(v, 2.0);
    // Extremes stay finite.
    for (x0, t, v0) in [(BIG, -BIG, BIG), (-BIG, BIG, BIG), (BIG, -BIG, -BIG)] {
        for st in [0.0, 1e-30, 1e-3, 1.0, BIG] {
            for ms in [0.0, 1.0, BIG, f32::INFINITY] {
                for dt in [1e-6, 1.0, BIG] {
                    finite_step((x0, t, v0, st, ms, dt));
                }
            }
        }
    }
}

#[test]
fn smooth_damp_never_passes_the_target() {
    let mut rng = Rng::new(0x60A1);
    for _ in 0..20_000 {
        let (x0, t, _) = state(&mut rng);
        // Fast toward the target: the critical spring would overshoot.
        let toward = (f64::from(t) - f64::from(x0)).signum() * rng.log_range(1e-2, 1e6);
        let v0 = toward as f32;
        let (st, ms, dt) = params(&mut rng, f64::from(x0) - f64::from(t));
        let mut v = v0;
        let x = smooth_damp(x0, t, &mut v, st, ms, dt);
        assert!(
            !((x0 > t && x < t) || (x0 < t && x > t)),
            "passed the target: {:?} -> {x}",
            (x0, t, v0, st, ms, dt)
        );
        let mut v3 = Vec3::new(v0, 0.5 * v0, 0.0);
        let c3 = Vec3::new(x0, x0 * 0.5, 0.0);
        let t3 = Vec3::new(t, t * 0.5, 0.0);
        let x3 = smooth_damp_vec3(c3, t3, &mut v3, st, ms, dt);
        let dot = (t3.as_dvec3() - c3.as_dvec3()).dot(x3.as_dvec3() - t3.as_dvec3());
        assert!(dot <= 0.0 && x3.is_finite() && v3.is_finite());
    }
}

#[test]
fn smooth_damp_vectors_match_the_scalar_per_component_from_rest() {
    let mut rng = Rng::new(0x7EC);
    for _ in 0..5_000 {
        let c = Vec3::new(
            rng.offset() as f32,
            rng.offset() as f32,
            rng.offset() as f32,
        );
        let st = rng.log_range(1e-3, 10.0) as f32;
        let dt = rng.dt();
        let mut v = Vec3::ZERO;
        let x = smooth_damp_vec3(c, Vec3::ZERO, &mut v, st, f32::INFINITY, dt);
        let mut v2 = Vec2::ZERO;
        let x2 = smooth_damp_vec2(c.truncate(), Vec2::ZERO, &mut v2, st, f32::INFINITY, dt);
        for i in 0..3 {
            let mut vs = 0.0;
            let xs = smooth_damp(c[i], 0.0, &mut vs, st, f32::INFINITY, dt);
            assert_eq!((x[i], v[i]), (xs, vs));
            if i < 2 {
                assert_eq!((x2[i], v2[i]), (xs, vs));
            }
        }
    }
}

#[test]
fn smooth_damp_vec_clamps_the_change_by_length() {
    // The aim is max_speed * smooth_time along the direction to the target.
    let mut v = Vec3::ZERO;
    let x = smooth_damp_vec3(
        Vec3::ZERO,
        Vec3::new(0.0, 30.0, 40.0),
        &mut v,
        0.5,
        2.0,
        100.0,
    );
    assert!((x - Vec3::new(0.0, 0.6, 0.8)).length() < 1e-6, "{x}");
    // Extremes stay finite.
    let mut v = Vec3::splat(BIG);
    let x = smooth_damp_vec3(Vec3::splat(BIG), Vec3::splat(-BIG), &mut v, 1.0, BIG, BIG);
    assert!(x.is_finite() && v.is_finite());
}

#[test]
fn smooth_damp_angle_takes_the_shortest_turn() {
    for (from, to, turn) in [
        (0.0_f32, 1.0_f32, 1.0_f32),
        (3.0, -3.0, 2.0 * PI - 6.0),
        (-3.0, 3.0, 6.0 - 2.0 * PI),
        (0.0, 7.0, 7.0 - 2.0 * PI),
        (100.0, 100.5, 0.5),
    ] {
        assert!(
            (shortest_angle_turn(from, to) - turn).abs() < 1e-4,
            "{from} -> {to}"
        );
    }
    let mut rng = Rng::new(0xA6);
    for _ in 0..10_000 {
        let from = (rng.sign() * rng.log_range(1e-3, 1e4)) as f32;
        let to = (rng.sign() * rng.log_range(1e-3, 1e4)) as f32;
        let turn = shortest_angle_turn(from, to);
        assert!((-PI..=PI).contains(&turn));
        let mut w = 0.0;
        let a = smooth_damp_angle(from, to, &mut w, 0.1, f32::INFINITY, 10.0);
        // Settled: the result is `to` up to whole turns, within a turn of `from`.
        let left = shortest_angle_turn(a, to);
        assert!(
            left.abs() < 1e-3 * (1.0 + from.abs()),
            "{from} -> {to}: {a}"
        );
        assert!((a - from).abs() <= PI + 1e-3 * (1.0 + from.abs()));
    }
    let mut w = 0.0;
    assert!(smooth_damp_angle(BIG, -BIG, &mut w, 0.1, f32::INFINITY, BIG).is_finite());
}

fn random_quat(rng: &mut Rng) -> Quat {
    let scale = rng.pick(&[1.0_f32, 1e-20, 1e20, BIG]);
    let mut c = || rng.range(-1.0, 1.0) as f32 * scale;
    let q = Quat::from_xyzw(c(), c(), c(), c());
    if rng.chance(0.05) {
        Quat::from_xyzw(0.0, 0.0, 0.0, 0.0)
    } else {
        q
    }
}

#[test]
fn smooth_damp_quat_and_dir_stay_unit_for_any_finite_input() {
    let mut rng = Rng::new(0x0417);
    for _ in 0..20_000 {
        let (q0, q1) = (random_quat(&mut rng), random_quat(&mut rng));
        let wscale = rng.pick(&[0.0_f32, 1.0, 1e3, BIG]);
        let mut w = Vec3::new(
            rng.range(-1.0, 1.0) as f32 * wscale,
            rng.range(-1.0, 1.0) as f32 * wscale,
            rng.range(-1.0, 1.0) as f32 * wscale,
        );
        let (st, ms, dt) = params(&mut rng, 1.0);
        let case = (q0, q1, w, st, ms, dt);
        let mut wq = w;
        let q = smooth_damp_quat(q0, q1, &mut wq, st, ms, dt);
        assert!(
            (q.length() - 1.0).abs() < 1e-6 && wq.is_finite(),
            "{case:?} -> {q}"
        );
        let (d0, d1) = (q0.xyz(), q1.xyz());
        let d = smooth_damp_dir(d0, d1, &mut w, st, ms, dt);
        assert!(
            (d.length() - 1.0).abs() < 1e-6 && w.is_finite(),
            "{case:?} -> {d}"
        );
    }
}

#[test]
fn smooth_damp_quat_is_the_quaternion_spring_when_clamp_and_guard_are_inactive() {
    let mut rng = Rng::new(0x9A);
    for _ in 0..5_000 {
        let axis = Vec3::new(
            rng.range(-1.0, 1.0) as f32,
            rng.range(-1.0, 1.0) as f32,
            rng.range(-1.0, 1.0) as f32,
        )
        .normalize_or(Vec3::Z);
        let q0 = Quat::from_axis_angle(axis, rng.range(-3.0, 3.0) as f32);
        let goal = Quat::from_rotation_y(rng.range(-3.0, 3.0) as f32);
        let st = rng.log_range(1e-3, 10.0) as f32;
        let dt = rng.dt();
        let (mut w, mut ws) = (Vec3::ZERO, Vec3::ZERO);
        let q = smooth_damp_quat(q0, goal, &mut w, st, f32::INFINITY, dt);
        let mut qs = q0;
        simple_spring_damper_exact_quat(&mut qs, &mut ws, goal, st * LN_2, dt);
        // From rest the offset keeps its axis: no guard. Normalising in f64 first rounds a little.
        let apart = (q - qs).length().min((q + qs).length());
        assert!(apart < 2e-6, "{q} vs {qs}");
        assert!(
            (w - ws).length() <= 1e-5 * (1.0 + ws.length()),
            "{w} vs {ws}"
        );
    }
}

#[test]
fn smooth_damp_quat_limits_speed_and_guards() {
    // Clamped: the aim is max_angular_speed * smooth_time = 0.2 rad ahead.
    let mut w = Vec3::ZERO;
    let q = smooth_damp_quat(
        Quat::IDENTITY,
        Quat::from_rotation_z(2.0),
        &mut w,
        0.2,
        1.0,
        100.0,
    );
    assert!((q.angle_between(Quat::IDENTITY) - 0.2).abs() < 1e-5);
    // Fast toward the target: lands on it instead of passing.
    let target = Quat::from_rotation_z(0.1);
    let mut w = Vec3::new(0.0, 0.0, 50.0);
    let q = smooth_damp_quat(Quat::IDENTITY, target, &mut w, 0.5, f32::INFINITY, 0.1);
    assert_eq!((q, w), (target, Vec3::ZERO));
    // A spin past the far side is not a pass through the target.
    let mut w = Vec3::new(0.0, 0.0, -3.0);
    let q = smooth_damp_quat(
        Quat::from_rotation_z(-3.0),
        Quat::IDENTITY,
        &mut w,
        10.0,
        f32::INFINITY,
        0.1,
    );
    // Unwrapped it is at -3.29 rad, 2.99 rad from the target the other way round.
    assert!(
        q.angle_between(Quat::IDENTITY) > 2.9 && w.z < -2.0,
        "{q} {w}"
    );
}

#[test]
fn smooth_damp_dir_turns_along_the_great_circle() {
    let (mut d, mut w) = (Vec3::X, Vec3::ZERO);
    let mut one_w = Vec3::ZERO;
    let one = smooth_damp_dir(Vec3::X, Vec3::Z, &mut one_w, 0.3, f32::INFINITY, 0.5);
    for _ in 0..8 {
        d = smooth_damp_dir(d, Vec3::Z, &mut w, 0.3, f32::INFINITY, 0.0625);
        assert!(d.y.abs() < 1e-6);
    }
    // dt-invariant from rest, and turning about -Y (from +X toward +Z).
    assert!(d.angle_between(one) < 1e-5, "{d} vs {one}");
    assert!((w - one_w).length() < 1e-4 && w.y < 0.0);
}
