//! The critical spring toward per-spring goals and goal velocities, with a shared halflife.

use hooke::batch::CriticalSprings;
use hooke::column::Column;
use hooke::lanes::LaneCoeffs;
use hooke::par::{self, DEFAULT_GRAIN};
use wide::f32x8;

use super::{
    BatchLoop, DirectKernel, HalflifeBatch, HalflifeStep, PeerLoop, SourceLoop, XvColumns, column,
    shared_lane_coeffs,
};
use crate::{Workload, source};

/// The range of the per-spring halflives of the `_halflives` variants.
pub const HALFLIVES: (f32, f32) = (0.05, 0.5);

inputs!(
    /// Initial positions and velocities, goals and goal velocities.
    seed 1;
    /// `n` springs with uniform random values in `[-1, 1)`, halflives in [`HALFLIVES`].
    |rng, n| {
        /// Positions.
        x: f32 = rng.vec(n, -1.0, 1.0),
        /// Velocities.
        v: f32 = rng.vec(n, -1.0, 1.0),
        /// Goals.
        goal: f32 = rng.vec(n, -1.0, 1.0),
        /// Goal velocities.
        goal_velocity: f32 = rng.vec(n, -1.0, 1.0),
        /// Per-spring halflives (the `_halflives` variants).
        halflife: f32 = rng.vec(n, HALFLIVES.0, HALFLIVES.1),
    }
);

/// Variants a and b: [`CriticalSprings::update`] / [`CriticalSprings::par_update`].
pub type Hooke = BatchLoop<CriticalSprings>;

impl Hooke {
    /// The batch of `inputs`; `par` selects `par_update`, `per_spring` the inputs' halflives
    /// ([`CriticalSprings::with_halflives`]) instead of the shared
    /// [`HALFLIFE`](crate::HALFLIFE).
    pub fn new(inputs: &Inputs, par: bool, per_spring: bool) -> Hooke {
        let mut springs =
            CriticalSprings::with_halflife_choice(inputs.x.len(), &inputs.halflife, per_spring);
        springs
            .set_state(&inputs.x, &inputs.v, &inputs.goal, &inputs.goal_velocity)
            .expect("lengths match");
        BatchLoop::with_state(springs, &inputs.x, &inputs.v, par)
    }
}

xv_spring!(
    own_halflife;
    /// Position.
    x,
    /// Velocity.
    v,
    /// Goal.
    goal,
    /// Goal velocity.
    goal_velocity,
    /// Halflife (read by the `_halflives` variants).
    halflife,
);

impl HalflifeStep<SourceLoop> for Spring {
    #[inline]
    fn step_with(&mut self, halflife: f32, dt: f32) {
        let (goal, goal_velocity) = (self.goal, self.goal_velocity);
        source::critical_spring_damper_exact(
            &mut self.x,
            &mut self.v,
            goal,
            goal_velocity,
            halflife,
            dt,
        );
    }
}

impl HalflifeStep<PeerLoop> for Spring {
    #[inline]
    fn step_with(&mut self, halflife: f32, dt: f32) {
        spring_damper::critical_spring_damper_exact(
            &mut self.x,
            &mut self.v,
            self.goal,
            self.goal_velocity,
            halflife,
            dt,
        );
    }
}

halflife_loops!(
    /// Variant c: the article's `critical_spring_damper_exact` (with `expf`) per spring.
    Source = Spring, springs;
    /// Variant d: `spring_damper::critical_spring_damper_exact` per spring, in a plain loop over the array: the
    /// halflife is a loop-invariant local, or read from the array (`per_spring`).
    Peer = Spring, springs;
);

/// The memory traffic of [`hooke::lanes::spring_shared`] (4 loads, 2 stores per lane group) with
/// one subtraction per store.
pub fn traffic(x: &mut [f32x8], v: &mut [f32x8], goal: &[f32x8], goal_velocity: &[f32x8]) {
    for (((x, v), g), q) in x.iter_mut().zip(v.iter_mut()).zip(goal).zip(goal_velocity) {
        *x = *g - *x;
        *v = *q - *v;
    }
}

/// Variants e and f: [`traffic`] on one thread or on rayon's threads.
#[derive(Debug)]
pub struct Traffic {
    xv: XvColumns,
    goal: Column,
    goal_velocity: Column,
    par: bool,
}

impl Traffic {
    /// Columns of `inputs`; `par` splits the loop like hooke's `par_update`.
    pub fn new(inputs: &Inputs, par: bool) -> Traffic {
        Traffic {
            xv: XvColumns::new(&inputs.x, &inputs.v),
            goal: column(&inputs.goal),
            goal_velocity: column(&inputs.goal_velocity),
            par,
        }
    }
}

impl Workload for Traffic {
    fn step(&mut self, _dt: f32) {
        let parts = (
            self.xv.x.lanes_mut(),
            self.xv.v.lanes_mut(),
            self.goal.lanes(),
            self.goal_velocity.lanes(),
        );
        if self.par {
            par::run(parts, DEFAULT_GRAIN, &|(x, v, g, q)| traffic(x, v, g, q));
        } else {
            let (x, v, g, q) = parts;
            traffic(x, v, g, q);
        }
    }

    fn reset(&mut self) {
        self.xv.reset();
    }

    fn state(&self) -> Vec<f32> {
        self.xv.state()
    }
}

/// Variant g: hooke's kernel [`hooke::lanes::spring_shared`] called directly on columns.
pub type Kernel = DirectKernel<Traffic, LaneCoeffs>;

impl Kernel {
    /// Columns of `inputs` and the shared coefficients for [`HALFLIFE`](crate::HALFLIFE) and
    /// [`DT`](crate::DT).
    pub fn new(inputs: &Inputs) -> Kernel {
        DirectKernel::with_kernel(Traffic::new(inputs, false), shared_lane_coeffs(), |t, c| {
            hooke::lanes::spring_shared(
                t.xv.x.lanes_mut(),
                t.xv.v.lanes_mut(),
                t.goal.lanes(),
                t.goal_velocity.lanes(),
                c,
            );
        })
    }
}
