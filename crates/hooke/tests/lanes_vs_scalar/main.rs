//! Every batch kernel equals its scalar twin from `hooke::scalar`, lane by lane, for every tail
//! length 0..67 and random parameters; padding lanes stay inert; thread splits are bit-identical.
//!
//! Tolerance: 4 ULP of the result, or 1e-6 relative to the magnitude of the terms that make it
//! up (when the result is the small difference of large terms, FMA and separate multiply-add
//! round differently, so a tolerance relative to the result alone would be meaningless).

// Parallel arrays of inputs and expected outputs are clearest indexed.
#![allow(clippy::needless_range_loop)]

use glam::{Quat, Vec3};
use hooke::batch::{
    CriticalSprings, Dampers, DecaySprings, GeneralSprings, QuatDecaySprings, QuatSprings,
};
use hooke::scalar;

#[path = "../reference/mod.rs"]
mod reference;
use reference::{
    Rng, assert_lane_close as assert_close, assert_lanes_match_twin, each_length_and_dt,
    ulp_f32 as ulp,
};

mod contracts;
mod extremes;
mod quat;
mod springs;

/// The velocity's natural scale: position terms times the spring's rate `y = 2 ln2 / halflife`.
fn velocity_scale(position_scale: f32, halflife: f32) -> f32 {
    position_scale * (1.0 + 4.0 * std::f32::consts::LN_2 / halflife.max(1e-3))
}

/// Lane `i`'s position and velocity (`got`) against the scalar twin's (`want`): the position at
/// `scale`, the velocity at its [`velocity_scale`] for `halflife`.
fn assert_state_close(
    what: &str,
    i: usize,
    got: (f32, f32),
    want: (f32, f32),
    scale: f32,
    halflife: f32,
) {
    assert_close(&format!("{what} x"), i, got.0, want.0, scale);
    let velocity = velocity_scale(scale, halflife);
    assert_close(&format!("{what} v"), i, got.1, want.1, velocity);
}

/// The scalar general spring's `(x, v)` after `dt` from lane `i` of the state `[x, v, g, q]` with
/// stiffness `s[i]` and damping `d[i]`.
fn general_twin(
    i: usize,
    [x, v, g, q]: [&[f32]; 4],
    (s, d): (&[f32], &[f32]),
    dt: f32,
) -> (f32, f32) {
    let (mut sx, mut sv) = (x[i], v[i]);
    scalar::spring_damper_exact_stiffness_damping(&mut sx, &mut sv, g[i], q[i], s[i], d[i], dt);
    (sx, sv)
}

const DTS: [f32; 5] = [0.0, 1.0 / 240.0, 1.0 / 60.0, 0.1, 3.0];

fn random_state(rng: &mut Rng, n: usize) -> [Vec<f32>; 4] {
    let mut x = vec![0.0; n];
    let mut v = vec![0.0; n];
    let mut g = vec![0.0; n];
    let mut q = vec![0.0; n];
    for i in 0..n {
        x[i] = rng.range_f32(-10.0, 10.0);
        v[i] = rng.range_f32(-50.0, 50.0);
        g[i] = rng.range_f32(-10.0, 10.0);
        q[i] = if i % 3 == 0 {
            0.0
        } else {
            rng.range_f32(-5.0, 5.0)
        };
    }
    [x, v, g, q]
}
