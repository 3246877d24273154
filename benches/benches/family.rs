//! The rest of the family at 16,384 springs: hooke's batch types (tracking, character, double,
//! velocity, extrapolation) against the peer crate `spring_damper` 0.1.1 written as its users
//! write it (a plain loop over an array of structs, parameters loop-invariant), with a constant
//! and a changing `dt`; and the per-spring-halflife batches (`with_halflives`, `_halflives` rows)
//! against the peer's loop reading each spring's halflife, with a `dt` changing every frame; the
//! same for tracking springs with gains per spring (`with_gains`, `_gains` rows). One frame per
//! iteration.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use hooke::batch::{
    CharacterControllers, DoubleSprings, Extrapolators, TrackingSprings, VelocitySprings,
};
use hooke::scalar::TrackingGains;
use hooke_benches::{DT, Rng, jitter_dt};

const N: usize = 1 << 14;
const HALFLIFE: f32 = 0.2;

#[derive(Clone, Copy, Default)]
struct State {
    x: f32,
    v: f32,
    xi: f32,
    vi: f32,
    a: f32,
    goal: f32,
    /// The spring's own halflife (the `_halflives` rows).
    h: f32,
}

fn states(rng: &mut Rng) -> Vec<State> {
    (0..N)
        .map(|_| State {
            x: rng.range(-1.0, 1.0),
            goal: rng.range(-10.0, 10.0),
            h: rng.range(0.5, 1.5),
            ..State::default()
        })
        .collect()
}

/// Benchmarks `step(dt)` with the constant and the changing frame time.
fn both(c: &mut Criterion, id: &str, mut step: impl FnMut(f32)) {
    let mut group = c.benchmark_group("family");
    group.throughput(Throughput::Elements(N as u64));
    group.sample_size(20);
    group.bench_function(id, |b| b.iter(|| step(black_box(DT))));
    group.finish();
    changing(c, id, step);
}

/// Benchmarks `step(dt)` with the frame time changing every frame (`{id}_jitter`).
fn changing(c: &mut Criterion, id: &str, mut step: impl FnMut(f32)) {
    let mut group = c.benchmark_group("family");
    group.throughput(Throughput::Elements(N as u64));
    group.sample_size(20);
    let mut frame = 0;
    group.bench_function(format!("{id}_jitter"), |b| {
        b.iter(|| {
            frame += 1;
            step(black_box(jitter_dt(frame)))
        })
    });
    group.finish();
}

/// Each spring's halflife: `base` times the state's factor (0.5..1.5).
fn halflives(init: &[State], base: f32) -> Vec<f32> {
    init.iter().map(|s| s.h * base).collect()
}

fn main() {
    hooke_benches::print_header("family");
    let mut c = Criterion::default().configure_from_args();
    let mut rng = Rng::new(9);
    let init = states(&mut rng);

    // Double springs.
    let mut double = DoubleSprings::new(N, HALFLIFE).unwrap();
    double
        .goal_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(g, s)| *g = s.goal);
    both(&mut c, "double/a_hooke", |dt| double.update(dt).unwrap());
    let mut per = DoubleSprings::with_halflives(&halflives(&init, HALFLIFE)).unwrap();
    per.goal_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(g, s)| *g = s.goal);
    changing(&mut c, "double/b_hooke_halflives", |dt| {
        per.update(dt).unwrap()
    });
    let mut peer = init.clone();
    both(&mut c, "double/d_spring_damper", |dt| {
        let halflife = HALFLIFE;
        for s in &mut peer {
            spring_damper::double_spring_damper_exact(
                &mut s.x, &mut s.v, &mut s.xi, &mut s.vi, s.goal, halflife, dt,
            );
        }
    });
    let mut peer = init.clone();
    changing(&mut c, "double/e_spring_damper_halflives", |dt| {
        for s in &mut peer {
            let halflife = s.h * HALFLIFE;
            spring_damper::double_spring_damper_exact(
                &mut s.x, &mut s.v, &mut s.xi, &mut s.vi, s.goal, halflife, dt,
            );
        }
    });

    // Velocity springs (maximum velocity 4 per spring).
    let mut velocity = VelocitySprings::new(N, 0.05, 2.0).unwrap();
    velocity
        .goal_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(g, s)| *g = s.goal);
    velocity.max_velocity_mut().fill(4.0);
    both(&mut c, "velocity/a_hooke", |dt| {
        velocity.update(dt).unwrap()
    });
    let mut per = VelocitySprings::with_halflives(&halflives(&init, 0.05), 2.0).unwrap();
    per.goal_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(g, s)| *g = s.goal);
    per.max_velocity_mut().fill(4.0);
    changing(&mut c, "velocity/b_hooke_halflives", |dt| {
        per.update(dt).unwrap()
    });
    let mut peer = init.clone();
    both(&mut c, "velocity/d_spring_damper", |dt| {
        for s in &mut peer {
            spring_damper::velocity_spring_damper_exact(
                &mut s.x, &mut s.v, &mut s.xi, s.goal, 4.0, 0.05, dt, 1e-5,
            );
        }
    });
    let mut peer = init.clone();
    changing(&mut c, "velocity/e_spring_damper_halflives", |dt| {
        for s in &mut peer {
            let halflife = s.h * 0.05;
            spring_damper::velocity_spring_damper_exact(
                &mut s.x, &mut s.v, &mut s.xi, s.goal, 4.0, halflife, dt, 1e-5,
            );
        }
    });

    // Character controllers (desired velocity per character).
    let mut crowd = CharacterControllers::new(N, HALFLIFE).unwrap();
    crowd
        .v_goal_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(g, s)| *g = s.goal);
    both(&mut c, "character/a_hooke", |dt| crowd.update(dt).unwrap());
    let mut per = CharacterControllers::with_halflives(&halflives(&init, HALFLIFE)).unwrap();
    per.v_goal_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(g, s)| *g = s.goal);
    changing(&mut c, "character/b_hooke_halflives", |dt| {
        per.update(dt).unwrap()
    });
    let mut peer = init.clone();
    both(&mut c, "character/d_spring_damper", |dt| {
        let halflife = HALFLIFE;
        for s in &mut peer {
            spring_damper::spring_character_update(
                &mut s.x, &mut s.v, &mut s.a, s.goal, halflife, dt,
            );
        }
    });
    let mut peer = init.clone();
    changing(&mut c, "character/e_spring_damper_halflives", |dt| {
        for s in &mut peer {
            let halflife = s.h * HALFLIFE;
            spring_damper::spring_character_update(
                &mut s.x, &mut s.v, &mut s.a, s.goal, halflife, dt,
            );
        }
    });

    // Extrapolation.
    let mut extrapolators = Extrapolators::new(N, HALFLIFE).unwrap();
    extrapolators
        .v_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(v, s)| *v = s.goal);
    both(&mut c, "extrapolate/a_hooke", |dt| {
        extrapolators.update(dt).unwrap()
    });
    let mut per = Extrapolators::with_halflives(&halflives(&init, HALFLIFE)).unwrap();
    per.v_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(v, s)| *v = s.goal);
    changing(&mut c, "extrapolate/b_hooke_halflives", |dt| {
        per.update(dt).unwrap()
    });
    let mut peer: Vec<State> = init.iter().map(|s| State { v: s.goal, ..*s }).collect();
    both(&mut c, "extrapolate/d_spring_damper", |dt| {
        let halflife = HALFLIFE;
        for s in &mut peer {
            spring_damper::extrapolate(&mut s.x, &mut s.v, dt, halflife, 1e-5);
        }
    });
    let mut peer: Vec<State> = init.iter().map(|s| State { v: s.goal, ..*s }).collect();
    changing(&mut c, "extrapolate/e_spring_damper_halflives", |dt| {
        for s in &mut peer {
            let halflife = s.h * HALFLIFE;
            spring_damper::extrapolate(&mut s.x, &mut s.v, dt, halflife, 1e-5);
        }
    });

    // Tracking springs (exact form).
    let gains = TrackingGains::new(0.01, 0.2, 1.0, DT).unwrap();
    let mut tracking = TrackingSprings::new(N, gains).unwrap();
    tracking
        .x_goal_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(g, s)| *g = s.goal);
    both(&mut c, "tracking/a_hooke", |dt| {
        tracking.update(dt).unwrap()
    });
    let mut peer = init.clone();
    both(&mut c, "tracking/d_spring_damper", |dt| {
        for s in &mut peer {
            spring_damper::tracking_spring_update_exact(
                &mut s.x, &mut s.v, s.goal, 0.0, 0.0, 0.01, 0.2, 1.0, dt, DT,
            );
        }
    });
    // Per-spring gains: the shared row's position and velocity gains times the state's factor
    // (0.5..1.5), acceleration gain 1.
    let spring_gains: Vec<(f32, f32, f32)> =
        init.iter().map(|s| (0.01 * s.h, 0.2 * s.h, 1.0)).collect();
    let checked: Vec<TrackingGains> = spring_gains
        .iter()
        .map(|&(x, v, a)| TrackingGains::new(x, v, a, DT).unwrap())
        .collect();
    let mut per = TrackingSprings::with_gains(&checked).unwrap();
    per.x_goal_mut()
        .iter_mut()
        .zip(&init)
        .for_each(|(g, s)| *g = s.goal);
    changing(&mut c, "tracking/b_hooke_gains", |dt| {
        per.update(dt).unwrap()
    });
    let mut peer = init.clone();
    changing(&mut c, "tracking/e_spring_damper_gains", |dt| {
        for (s, &(x_gain, v_gain, a_gain)) in peer.iter_mut().zip(&spring_gains) {
            spring_damper::tracking_spring_update_exact(
                &mut s.x, &mut s.v, s.goal, 0.0, 0.0, x_gain, v_gain, a_gain, dt, DT,
            );
        }
    });
    c.final_summary();
}
