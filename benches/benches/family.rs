//! The rest of the family at 16,384 springs: hooke's batch types (tracking, character, double,
//! velocity, extrapolation) against the peer crate `spring_damper` 0.1.1 written as its users
//! write it (a plain loop over an array of structs, parameters loop-invariant), with a constant
//! and a changing `dt`; and the per-spring-halflife batches (`with_halflives`, `_halflives` rows)
//! against the peer's loop reading each spring's halflife, with a `dt` changing every frame; the
//! same for tracking springs with gains per spring (`with_gains`, `_gains` rows). One frame per
//! iteration.

use criterion::Criterion;
use hooke::batch::{
    CharacterControllers, DoubleSprings, Extrapolators, TrackingSprings, VelocitySprings,
};
use hooke::scalar::TrackingGains;
use hooke_benches::{DT, Rng};

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
fn both(c: &mut Criterion, id: &str, step: impl FnMut(f32)) {
    hooke_benches::bench_frames(c, "family", N, (id, true), step);
}

/// Benchmarks `step(dt)` with the frame time changing every frame (`{id}_jitter`).
fn changing(c: &mut Criterion, id: &str, step: impl FnMut(f32)) {
    hooke_benches::bench_frames(c, "family", N, (id, false), step);
}

/// Each spring's halflife: `base` times the state's factor (0.5..1.5).
fn halflives(init: &[State], base: f32) -> Vec<f32> {
    init.iter().map(|s| s.h * base).collect()
}

/// Sets a batch's goal column to the states' goals.
fn copy_goals(goal: &mut [f32], init: &[State]) {
    goal.iter_mut().zip(init).for_each(|(g, s)| *g = s.goal);
}

/// hooke's rows: `{name}/a_hooke`, the batch with a shared halflife (constant and changing `dt`),
/// and `{name}/b_hooke_halflives`, the batch with a halflife per spring (changing `dt`); `goal`
/// is the column set to the states' goals.
fn hooke_rows<B>(
    c: &mut Criterion,
    name: &str,
    init: &[State],
    [mut shared, mut per_spring]: [B; 2],
    goal: fn(&mut B) -> &mut [f32],
    update: fn(&mut B, f32) -> Result<(), hooke::ParamError>,
) {
    let update = |batch: &mut B, dt| update(batch, dt).unwrap();
    copy_goals(goal(&mut shared), init);
    both(c, &format!("{name}/a_hooke"), |dt| update(&mut shared, dt));
    copy_goals(goal(&mut per_spring), init);
    let id = format!("{name}/b_hooke_halflives");
    changing(c, &id, |dt| update(&mut per_spring, dt));
}

/// [`hooke_rows`] for a batch type built by `new(N, HALFLIFE)` and by `with_halflives`, whose
/// column `$goal` is set to the goals.
macro_rules! halflife_batch_rows {
    ($c:expr, $name:literal, $init:expr, $batch:ident :: $goal:ident) => {
        let batches = [
            $batch::new(N, HALFLIFE).unwrap(),
            $batch::with_halflives(&halflives($init, HALFLIFE)).unwrap(),
        ];
        hooke_rows($c, $name, $init, batches, $batch::$goal, $batch::update);
    };
}

/// The peer's rows, each on a copy of `init`: `{name}/d_spring_damper` with the loop-invariant
/// halflife `base` (constant and changing `dt`), and `{name}/e_spring_damper_halflives` with
/// each state's own halflife `s.h * base` (changing `dt`); `step(state, halflife, dt)`.
fn peer_rows(
    c: &mut Criterion,
    name: &str,
    init: &[State],
    base: f32,
    step: impl Fn(&mut State, f32, f32),
) {
    let mut peer = init.to_vec();
    both(c, &format!("{name}/d_spring_damper"), |dt| {
        let halflife = base;
        for s in &mut peer {
            step(s, halflife, dt);
        }
    });
    let mut peer = init.to_vec();
    changing(c, &format!("{name}/e_spring_damper_halflives"), |dt| {
        for s in &mut peer {
            let halflife = s.h * base;
            step(s, halflife, dt);
        }
    });
}

fn main() {
    hooke_benches::print_header("family");
    let mut c = Criterion::default().configure_from_args();
    let mut rng = Rng::new(9);
    let init = states(&mut rng);

    // Double springs.
    halflife_batch_rows!(&mut c, "double", &init, DoubleSprings::goal_mut);
    peer_rows(&mut c, "double", &init, HALFLIFE, |s, halflife, dt| {
        spring_damper::double_spring_damper_exact(
            &mut s.x, &mut s.v, &mut s.xi, &mut s.vi, s.goal, halflife, dt,
        );
    });

    // Velocity springs (maximum velocity 4 per spring).
    let mut batches = [
        VelocitySprings::new(N, 0.05, 2.0).unwrap(),
        VelocitySprings::with_halflives(&halflives(&init, 0.05), 2.0).unwrap(),
    ];
    for batch in &mut batches {
        batch.max_velocity_mut().fill(4.0);
    }
    let goal = VelocitySprings::goal_mut;
    hooke_rows(
        &mut c,
        "velocity",
        &init,
        batches,
        goal,
        VelocitySprings::update,
    );
    peer_rows(&mut c, "velocity", &init, 0.05, |s, halflife, dt| {
        spring_damper::velocity_spring_damper_exact(
            &mut s.x, &mut s.v, &mut s.xi, s.goal, 4.0, halflife, dt, 1e-5,
        );
    });

    // Character controllers (desired velocity per character).
    halflife_batch_rows!(&mut c, "character", &init, CharacterControllers::v_goal_mut);
    peer_rows(&mut c, "character", &init, HALFLIFE, |s, halflife, dt| {
        spring_damper::spring_character_update(&mut s.x, &mut s.v, &mut s.a, s.goal, halflife, dt);
    });

    // Extrapolation (the goal is the initial velocity).
    halflife_batch_rows!(&mut c, "extrapolate", &init, Extrapolators::v_mut);
    let moving: Vec<State> = init.iter().map(|s| State { v: s.goal, ..*s }).collect();
    peer_rows(
        &mut c,
        "extrapolate",
        &moving,
        HALFLIFE,
        |s, halflife, dt| {
            spring_damper::extrapolate(&mut s.x, &mut s.v, dt, halflife, 1e-5);
        },
    );

    // Tracking springs (exact form).
    let gains = TrackingGains::new(0.01, 0.2, 1.0, DT).unwrap();
    let mut tracking = TrackingSprings::new(N, gains).unwrap();
    copy_goals(tracking.x_goal_mut(), &init);
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
    copy_goals(per.x_goal_mut(), &init);
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
