//! The rest of the family at 16,384 springs: hooke's batch types (tracking, character, double,
//! velocity, extrapolation) against the peer crate `spring_damper` 0.1.1 written as its users
//! write it (a plain loop over an array of structs, parameters loop-invariant), with a constant
//! and a changing `dt`. One frame per iteration.

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
}

fn states(rng: &mut Rng) -> Vec<State> {
    (0..N)
        .map(|_| State {
            x: rng.range(-1.0, 1.0),
            goal: rng.range(-10.0, 10.0),
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
    let mut frame = 0;
    group.bench_function(format!("{id}_jitter"), |b| {
        b.iter(|| {
            frame += 1;
            step(black_box(jitter_dt(frame)))
        })
    });
    group.finish();
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
    let mut peer = init.clone();
    both(&mut c, "double/d_spring_damper", |dt| {
        let halflife = HALFLIFE;
        for s in &mut peer {
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
    let mut peer = init.clone();
    both(&mut c, "velocity/d_spring_damper", |dt| {
        for s in &mut peer {
            spring_damper::velocity_spring_damper_exact(
                &mut s.x, &mut s.v, &mut s.xi, s.goal, 4.0, 0.05, dt, 1e-5,
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
    let mut peer = init.clone();
    both(&mut c, "character/d_spring_damper", |dt| {
        let halflife = HALFLIFE;
        for s in &mut peer {
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
    let mut peer: Vec<State> = init.iter().map(|s| State { v: s.goal, ..*s }).collect();
    both(&mut c, "extrapolate/d_spring_damper", |dt| {
        let halflife = HALFLIFE;
        for s in &mut peer {
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
    c.final_summary();
}
