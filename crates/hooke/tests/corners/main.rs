//! Corner cases of the exact springs: rigid springs (halflife 0), `dt = 0`, huge `dt`, stiffness 0,
//! damping 0, huge damping, tiny and huge offsets, near-critical continuity, out-of-domain
//! parameters (never NaN; the documented clamping), the typed errors of `SpringParams`, and the
//! regression for the sources' `+ eps` phase quadrant flip.

#[path = "../reference/mod.rs"]
mod reference;

use glam::{Quat, Vec3};
use hooke::scalar::{
    critical_spring_damper_exact, damper_exact, decay_spring_damper_exact,
    decay_spring_damper_exact_quat, simple_spring_damper_exact, simple_spring_damper_exact_quat,
    spring_damper_exact, spring_damper_exact_ratio, spring_damper_exact_stiffness_damping,
};
use hooke::{ParamError, SpringCoeffs, SpringParams};
use reference::{
    Case, critical_params, damping_from_halflife, fraction, quat_offset, stiffness_from_frequency,
    stiffness_from_ratio, widen,
};

mod damping;
mod domain;
mod offsets;
mod params;
mod rigid;

/// The scalar spring families, called through one signature `(x, v, goal, goal_velocity, p1, p2,
/// dt)`; `p1`/`p2` are the family's parameters (unused ones ignored).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Family {
    /// `p1` stiffness, `p2` damping.
    StiffnessDamping,
    /// `p1` frequency, `p2` halflife.
    FrequencyHalflife,
    /// `p1` damping ratio, `p2` halflife.
    RatioHalflife,
    /// `p2` halflife.
    Critical,
    /// `p2` halflife, goal velocity ignored.
    Simple,
    /// `p2` halflife, goal and goal velocity ignored.
    Decay,
}

const FAMILIES: [Family; 6] = [
    Family::StiffnessDamping,
    Family::FrequencyHalflife,
    Family::RatioHalflife,
    Family::Critical,
    Family::Simple,
    Family::Decay,
];

/// The families that have a halflife (and so a rigid limit at halflife 0).
const HALFLIFE_FAMILIES: [Family; 5] = [
    Family::FrequencyHalflife,
    Family::RatioHalflife,
    Family::Critical,
    Family::Simple,
    Family::Decay,
];

#[allow(clippy::too_many_arguments)]
fn run(family: Family, x: f32, v: f32, g: f32, q: f32, p1: f32, p2: f32, dt: f32) -> (f32, f32) {
    let (mut x, mut v) = (x, v);
    match family {
        Family::StiffnessDamping => {
            spring_damper_exact_stiffness_damping(&mut x, &mut v, g, q, p1, p2, dt)
        }
        Family::FrequencyHalflife => spring_damper_exact(&mut x, &mut v, g, q, p1, p2, dt),
        Family::RatioHalflife => spring_damper_exact_ratio(&mut x, &mut v, g, q, p1, p2, dt),
        Family::Critical => critical_spring_damper_exact(&mut x, &mut v, g, q, p2, dt),
        Family::Simple => simple_spring_damper_exact(&mut x, &mut v, g, p2, dt),
        Family::Decay => decay_spring_damper_exact(&mut x, &mut v, p2, dt),
    }
    (x, v)
}

/// The goal and goal velocity a family actually uses.
fn effective_goal(family: Family, g: f32, q: f32) -> (f32, f32) {
    match family {
        Family::Simple => (g, 0.0),
        Family::Decay => (0.0, 0.0),
        _ => (g, q),
    }
}

/// `(s, d)` in f64 as the library derives them from `(p1, p2)`.
fn params_f64(family: Family, p1: f32, p2: f32) -> (f64, f64) {
    match family {
        Family::StiffnessDamping => (f64::from(p1), f64::from(p2)),
        Family::FrequencyHalflife => (stiffness_from_frequency(p1), damping_from_halflife(p2)),
        Family::RatioHalflife => {
            let d = damping_from_halflife(p2);
            (stiffness_from_ratio(p1, d), d)
        }
        _ => critical_params(p2),
    }
}

/// Typical parameters `(p1, p2)` per family.
fn typical(family: Family) -> [(f32, f32); 3] {
    match family {
        Family::StiffnessDamping => [(100.0, 3.0), (100.0, 20.0), (4.0, 30.0)],
        Family::FrequencyHalflife => [(2.0, 0.5), (0.5, 0.05), (8.0, 2.0)],
        Family::RatioHalflife => [(0.2, 0.3), (1.0, 0.1), (5.0, 1.0)],
        _ => [(0.0, 0.1), (0.0, 0.02), (0.0, 1.5)],
    }
}

const STATES: [(f32, f32, f32, f32); 6] = [
    (0.0, 0.0, 1.0, 0.0),
    (1.5, -2.0, 0.25, 0.5),
    (-3.0, 7.0, 2.0, -1.0),
    (1e8, 3.0, 1.0, 0.0),
    (1.0, 0.0, -1e7, 2.0),
    (0.1, 0.2, 0.1 + 1e-7, 0.0),
];

fn bits(x: f32, v: f32) -> (u32, u32) {
    (x.to_bits(), v.to_bits())
}
