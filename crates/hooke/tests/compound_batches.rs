//! `Extrapolators`, `DoubleSprings`, `TimedSprings` and `VelocitySprings` against their scalar twins lane by lane,
//! every tail length, a `dt` that changes every frame; thread splits bit-identical; bad input
//! rejected.

use hooke::ParamError;
use hooke::batch::{DoubleSprings, Extrapolators, TimedSprings, VelocitySprings};
use hooke::scalar::{
    double_spring_damper_exact, extrapolate_decay, timed_spring_damper_exact,
    velocity_spring_damper_exact,
};

mod reference;
use reference::{COMPOUND, Rng, assert_twin_close};

const DTS: [f32; 6] = [0.0, 1.0 / 60.0, 1.0 / 144.0, 0.05, 1.0 / 30.0, 2.0];

#[track_caller]
fn close(what: &str, got: f32, want: f32, scale: f32) {
    assert_twin_close(what, got, want, COMPOUND, scale);
}

#[test]
fn extrapolators_follow_the_scalar_twin() {
    let mut rng = Rng::new(1);
    for n in 0..67 {
        let h = rng.range_f32(0.01, 1.0);
        let mut batch = Extrapolators::new(n, h).unwrap();
        let (mut x, mut v) = (rng.vec_f32(n, -5.0, 5.0), rng.vec_f32(n, -20.0, 20.0));
        batch.x_mut().copy_from_slice(&x);
        batch.v_mut().copy_from_slice(&v);
        for (frame, &dt) in DTS.iter().enumerate() {
            reference::step_alternating!(batch, frame, dt);
            for i in 0..n {
                extrapolate_decay(&mut x[i], &mut v[i], h, dt);
                close("x", batch.x()[i], x[i], x[i].abs() + v[i].abs());
                close("v", batch.v()[i], v[i], v[i].abs());
                (x[i], v[i]) = (batch.x()[i], batch.v()[i]);
            }
        }
    }
}

#[test]
fn double_springs_follow_the_scalar_twin() {
    let mut rng = Rng::new(2);
    for n in 0..67 {
        let h = rng.range_f32(0.01, 1.0);
        let mut batch = DoubleSprings::new(n, h).unwrap();
        let mut s: Vec<[f32; 4]> = (0..n)
            .map(|_| [0; 4].map(|_| rng.range_f32(-5.0, 5.0)))
            .collect();
        let col = |s: &[[f32; 4]], k: usize| s.iter().map(|s| s[k]).collect::<Vec<_>>();
        batch
            .set_state(&col(&s, 0), &col(&s, 1), &col(&s, 2), &col(&s, 3))
            .unwrap();
        for (frame, &dt) in DTS.iter().enumerate() {
            let goal = rng.vec_f32(n, -5.0, 5.0);
            batch.goal_mut().copy_from_slice(&goal);
            reference::step_alternating!(batch, frame, dt);
            for i in 0..n {
                let [x, v, xi, vi] = &mut s[i];
                double_spring_damper_exact(x, v, xi, vi, goal[i], h, dt);
                let scale = x.abs() + goal[i].abs() + (v.abs() + vi.abs()) * dt.min(1.0);
                close("x", batch.x()[i], *x, scale);
                close("v", batch.v()[i], *v, v.abs() + scale / h);
                // The intermediate state is not exposed; continue both from the scalar state.
            }
            let state = s.clone();
            batch
                .set_state(
                    &col(&state, 0),
                    &col(&state, 1),
                    &col(&state, 2),
                    &col(&state, 3),
                )
                .unwrap();
        }
    }
}

#[test]
fn timed_springs_follow_the_scalar_twin_and_count_down() {
    let mut rng = Rng::new(3);
    let (h, apprehension) = (0.05, 2.0);
    for n in 0..67 {
        let mut batch = TimedSprings::new(n, h, apprehension).unwrap();
        let (mut x, mut v, mut xi) = rng.compound_state(n);
        batch.set_state(&x, &v, &xi).unwrap();
        let goal = rng.vec_f32(n, -5.0, 5.0);
        let mut t_goal = rng.vec_f32(n, 0.0, 0.6);
        batch.goal_mut().copy_from_slice(&goal);
        batch.t_goal_mut().copy_from_slice(&t_goal);
        for (frame, &dt) in DTS.iter().take(5).enumerate() {
            reference::step_alternating!(batch, frame, dt);
            for i in 0..n {
                timed_spring_damper_exact(
                    &mut x[i],
                    &mut v[i],
                    &mut xi[i],
                    goal[i],
                    t_goal[i],
                    h,
                    dt,
                    apprehension,
                );
                if dt > 0.0 {
                    t_goal[i] -= dt;
                }
                let speed = (goal[i] - xi[i]).abs() / t_goal[i].abs().max(1e-2);
                let scale = 20.0 + (v[i].abs() + speed) * (1.0 + dt);
                close("x", batch.x()[i], x[i], scale);
                close("v", batch.v()[i], v[i], scale / h);
                assert_eq!(batch.t_goal()[i], t_goal[i]);
                (x[i], v[i], xi[i]) = (batch.x()[i], batch.v()[i], batch.xi()[i]);
            }
        }
    }
}

#[test]
fn velocity_springs_follow_the_scalar_twin() {
    let mut rng = Rng::new(4);
    let (h, apprehension) = (0.05, 2.0);
    for n in 0..67 {
        let mut batch = VelocitySprings::new(n, h, apprehension).unwrap();
        let (mut x, mut v, mut xi) = rng.compound_state(n);
        batch.set_state(&x, &v, &xi).unwrap();
        // Speeds: gliding, held still (0, negative), and infinite (jumps to the goal).
        let speed: Vec<f32> = (0..n)
            .map(|i| match i % 7 {
                0 => 0.0,
                1 => -1.0,
                2 => f32::INFINITY,
                _ => rng.range_f32(0.5, 20.0),
            })
            .collect();
        batch.max_velocity_mut().copy_from_slice(&speed);
        for (frame, &dt) in DTS.iter().enumerate() {
            let goal = if frame % 3 == 0 {
                rng.vec_f32(n, -5.0, 5.0)
            } else {
                x.clone()
            };
            batch.goal_mut().copy_from_slice(&goal);
            reference::step_alternating!(batch, frame, dt);
            for i in 0..n {
                velocity_spring_damper_exact(
                    &mut x[i],
                    &mut v[i],
                    &mut xi[i],
                    goal[i],
                    speed[i],
                    h,
                    dt,
                    apprehension,
                );
                let glide = if speed[i].is_finite() {
                    speed[i].max(0.0)
                } else {
                    0.0
                };
                let scale = 20.0 + (v[i].abs() + glide) * (1.0 + dt);
                close("x", batch.x()[i], x[i], scale);
                close("v", batch.v()[i], v[i], scale / h);
                close("xi", batch.xi()[i], xi[i], scale);
                (x[i], v[i], xi[i]) = (batch.x()[i], batch.v()[i], batch.xi()[i]);
            }
        }
    }
}

#[test]
fn bad_input_is_rejected() {
    assert!(matches!(
        Extrapolators::new(1, -1.0).unwrap_err(),
        ParamError::Invalid {
            name: "halflife",
            ..
        }
    ));
    assert!(matches!(
        TimedSprings::new(1, 0.1, -2.0).unwrap_err(),
        ParamError::Invalid {
            name: "apprehension",
            ..
        }
    ));
    let mut d = DoubleSprings::new(2, 0.1).unwrap();
    assert!(matches!(
        d.set_state(&[0.0; 2], &[0.0; 2], &[0.0; 3], &[0.0; 2])
            .unwrap_err(),
        ParamError::LengthMismatch { name: "xi", .. }
    ));
    for dt in [-1.0, f32::NAN, f32::INFINITY] {
        assert!(d.update(dt).is_err());
    }
    assert!(VelocitySprings::new(1, 0.1, f32::NAN).is_err());
    for len in [usize::MAX, 1 << 60] {
        assert!(matches!(
            VelocitySprings::new(len, 0.1, 2.0).unwrap_err(),
            ParamError::OutOfMemory { .. }
        ));
        assert!(matches!(
            Extrapolators::new(len, 0.1).unwrap_err(),
            ParamError::OutOfMemory { .. }
        ));
        assert!(matches!(
            DoubleSprings::new(len, 0.1).unwrap_err(),
            ParamError::OutOfMemory { .. }
        ));
        assert!(matches!(
            TimedSprings::new(len, 0.1, 2.0).unwrap_err(),
            ParamError::OutOfMemory { .. }
        ));
    }
}
