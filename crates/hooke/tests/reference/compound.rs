//! The compound batches stepped beside their scalar twins, lane by lane: one walk per batch type,
//! shared by the shared-halflife tests (`compound_batches.rs`) and the per-spring ones
//! (`per_spring_batches.rs`). A batch with a shared halflife `h` is walked with `[h; n]`.

use hooke::batch::{DoubleSprings, Extrapolators, TimedSprings, VelocitySprings};
use hooke::scalar::{
    double_spring_damper_exact, extrapolate_decay, timed_spring_damper_exact,
    velocity_spring_damper_exact,
};

use super::Rng;

/// How a test walks a batch: one frame per entry of `dts`, stepped by `step(batch, frame, dt)`
/// (`update`, or a thread split that must give the same bits); `close(what, got, want, scale)`
/// checks a lane against the twin.
pub struct Walk<'a, B> {
    pub dts: &'a [f32],
    pub step: &'a dyn Fn(&mut B, usize, f32),
    pub close: &'a dyn Fn(&str, f32, f32, f32),
}

/// The label of lane `i` at halflife `h` in frame `dt`, for the messages.
fn lane(n: usize, dt: f32, h: f32, i: usize) -> String {
    format!("n={n} dt={dt} h={h} [{i}]")
}

/// Extrapolators (one halflife each in `hs`) from a random state (positions in +-5, velocities
/// in +-20, drawn from `rng`); `dt = 0` keeps the values bit for bit. The twin continues from the
/// batch's state after each frame.
pub fn extrapolators(
    rng: &mut Rng,
    batch: &mut Extrapolators,
    hs: &[f32],
    walk: &Walk<'_, Extrapolators>,
) {
    let n = hs.len();
    let (mut x, mut v) = (rng.vec_f32(n, -5.0, 5.0), rng.vec_f32(n, -20.0, 20.0));
    batch.set_state(&x, &v).unwrap();
    for (frame, &dt) in walk.dts.iter().enumerate() {
        (walk.step)(batch, frame, dt);
        for i in 0..n {
            extrapolate_decay(&mut x[i], &mut v[i], hs[i], dt);
            let what = lane(n, dt, hs[i], i);
            let scale = x[i].abs() + v[i].abs();
            (walk.close)(&format!("x {what}"), batch.x()[i], x[i], scale);
            (walk.close)(&format!("v {what}"), batch.v()[i], v[i], v[i].abs());
            if dt == 0.0 {
                assert_eq!(batch.x()[i].to_bits(), x[i].to_bits(), "dt = 0 {what}");
            }
            (x[i], v[i]) = (batch.x()[i], batch.v()[i]);
        }
    }
}

/// Double springs (one halflife each in `hs`) from random states (`[x, v, xi, vi]` each in +-5,
/// drawn from `rng`), a new random goal every frame; `dt = 0` keeps the state bit for bit. The
/// intermediate state is not exposed: the batch continues from the twin's state, set at the start
/// of each frame.
pub fn double_springs(
    rng: &mut Rng,
    batch: &mut DoubleSprings,
    hs: &[f32],
    walk: &Walk<'_, DoubleSprings>,
) {
    let n = hs.len();
    let mut s: Vec<[f32; 4]> = (0..n)
        .map(|_| [0; 4].map(|_| rng.range_f32(-5.0, 5.0)))
        .collect();
    let column = |s: &[[f32; 4]], k: usize| s.iter().map(|s| s[k]).collect::<Vec<_>>();
    for (frame, &dt) in walk.dts.iter().enumerate() {
        let (x0, v0) = (column(&s, 0), column(&s, 1));
        batch
            .set_state(&x0, &v0, &column(&s, 2), &column(&s, 3))
            .unwrap();
        let goal = rng.vec_f32(n, -5.0, 5.0);
        batch.goal_mut().copy_from_slice(&goal);
        (walk.step)(batch, frame, dt);
        for i in 0..n {
            let h = hs[i];
            let [x, v, xi, vi] = &mut s[i];
            double_spring_damper_exact(x, v, xi, vi, goal[i], h, dt);
            let what = lane(n, dt, h, i);
            let scale = x.abs() + goal[i].abs() + (v.abs() + vi.abs()) * dt.min(1.0);
            (walk.close)(&format!("x {what}"), batch.x()[i], *x, scale);
            (walk.close)(&format!("v {what}"), batch.v()[i], *v, v.abs() + scale / h);
            if dt == 0.0 {
                assert_eq!(batch.x()[i].to_bits(), x0[i].to_bits(), "dt = 0 {what}");
                assert_eq!(batch.v()[i].to_bits(), v0[i].to_bits(), "dt = 0 {what}");
            }
        }
    }
}

/// Timed springs (one halflife each in `hs`, the batch's `apprehension`) from a random state,
/// goals and goal times (drawn from `rng`); the remaining times count down exactly, `dt = 0`
/// keeps the state. The twin continues from the batch's state after each frame.
pub fn timed_springs(
    rng: &mut Rng,
    batch: &mut TimedSprings,
    hs: &[f32],
    apprehension: f32,
    walk: &Walk<'_, TimedSprings>,
) {
    let n = hs.len();
    let (mut x, mut v, mut xi) = rng.compound_state(n);
    batch.set_state(&x, &v, &xi).unwrap();
    let goal = rng.vec_f32(n, -5.0, 5.0);
    // Goal times spanning a few frames, so that points stop mid-step in some frames.
    let mut t_goal = rng.vec_f32(n, 0.0, 0.6);
    batch.goal_mut().copy_from_slice(&goal);
    batch.t_goal_mut().copy_from_slice(&t_goal);
    for (frame, &dt) in walk.dts.iter().enumerate() {
        (walk.step)(batch, frame, dt);
        for i in 0..n {
            let (h, (x0, v0)) = (hs[i], (x[i], v[i]));
            let (xs, vs, xis) = (&mut x[i], &mut v[i], &mut xi[i]);
            timed_spring_damper_exact(xs, vs, xis, goal[i], t_goal[i], h, dt, apprehension);
            if dt > 0.0 {
                t_goal[i] -= dt;
            }
            let what = lane(n, dt, h, i);
            let speed = (goal[i] - *xis).abs() / t_goal[i].abs().max(1e-2);
            let scale = 20.0 + (vs.abs() + speed) * (1.0 + dt);
            (walk.close)(&format!("x {what}"), batch.x()[i], *xs, scale);
            (walk.close)(&format!("v {what}"), batch.v()[i], *vs, scale / h);
            (walk.close)(&format!("xi {what}"), batch.xi()[i], *xis, scale);
            assert_eq!(batch.t_goal()[i], t_goal[i], "{what}");
            if dt == 0.0 {
                assert_eq!((batch.x()[i], batch.v()[i]), (x0, v0), "dt = 0 {what}");
            }
            (*xs, *vs, *xis) = (batch.x()[i], batch.v()[i], batch.xi()[i]);
        }
    }
}

/// The goals of frame `frame` of a walk, from the springs' positions `x`.
pub type Goals = dyn Fn(&mut Rng, usize, &[f32]) -> Vec<f32>;

/// Velocity springs (one halflife each in `hs`, the batch's `apprehension`) from a random state,
/// with the maximum velocities `speeds(rng, n)` and the goals of each frame `goal(rng, frame, x)`.
/// The twin continues from the batch's state after each frame.
pub fn velocity_springs(
    rng: &mut Rng,
    batch: &mut VelocitySprings,
    (hs, apprehension): (&[f32], f32),
    speeds: &dyn Fn(&mut Rng, usize) -> Vec<f32>,
    goal: &Goals,
    walk: &Walk<'_, VelocitySprings>,
) {
    let n = hs.len();
    let (mut x, mut v, mut xi) = rng.compound_state(n);
    batch.set_state(&x, &v, &xi).unwrap();
    let speed = speeds(rng, n);
    batch.max_velocity_mut().copy_from_slice(&speed);
    for (frame, &dt) in walk.dts.iter().enumerate() {
        let goal = goal(rng, frame, &x);
        batch.goal_mut().copy_from_slice(&goal);
        (walk.step)(batch, frame, dt);
        for i in 0..n {
            let h = hs[i];
            let (xs, vs, xis) = (&mut x[i], &mut v[i], &mut xi[i]);
            velocity_spring_damper_exact(xs, vs, xis, goal[i], speed[i], h, dt, apprehension);
            let what = lane(n, dt, h, i);
            // Negative and NaN speeds hold the point still; an infinite one jumps it.
            let glide = if speed[i].is_finite() {
                speed[i].max(0.0)
            } else {
                0.0
            };
            let scale = 20.0 + (vs.abs() + glide) * (1.0 + dt);
            (walk.close)(&format!("x {what}"), batch.x()[i], *xs, scale);
            (walk.close)(&format!("v {what}"), batch.v()[i], *vs, scale / h);
            (walk.close)(&format!("xi {what}"), batch.xi()[i], *xis, scale);
            (*xs, *vs, *xis) = (batch.x()[i], batch.v()[i], batch.xi()[i]);
        }
    }
}
