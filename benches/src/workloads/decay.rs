//! The decay spring (toward 0) with a shared halflife: inertialization offsets.

use hooke::batch::DecaySprings;
use hooke::lanes::LaneCoeffs;
use hooke::par::{self, DEFAULT_GRAIN};
use wide::f32x8;

use super::critical::HALFLIVES;
use super::{
    BatchLoop, DirectKernel, HalflifeBatch, HalflifeStep, PeerLoop, SourceLoop, XvColumns,
    shared_lane_coeffs,
};
use crate::{Workload, source};

inputs!(
    /// Initial offsets and velocities.
    seed 2;
    /// `n` springs with uniform random values in `[-1, 1)`.
    |rng, n| {
        /// Offsets.
        x: f32 = rng.vec(n, -1.0, 1.0),
        /// Velocities.
        v: f32 = rng.vec(n, -1.0, 1.0),
        /// Per-spring halflives (the `_halflives` variants).
        halflife: f32 = rng.vec(n, HALFLIVES.0, HALFLIVES.1),
    }
);

/// Variants a and b: [`DecaySprings::update`] / [`DecaySprings::par_update`].
pub type Hooke = BatchLoop<DecaySprings>;

impl Hooke {
    /// The batch of `inputs`; `par` selects `par_update`, `per_spring` the inputs' halflives.
    pub fn new(inputs: &Inputs, par: bool, per_spring: bool) -> Hooke {
        let springs =
            DecaySprings::with_halflife_choice(inputs.x.len(), &inputs.halflife, per_spring);
        BatchLoop::with_state(springs, &inputs.x, &inputs.v, par)
    }
}

xv_spring!(
    own_halflife;
    /// Offset.
    x,
    /// Velocity.
    v,
    /// Halflife (read by the `_halflives` variants).
    halflife,
);

impl HalflifeStep<SourceLoop> for Spring {
    #[inline]
    fn step_with(&mut self, halflife: f32, dt: f32) {
        source::decay_spring_damper_exact(&mut self.x, &mut self.v, halflife, dt);
    }
}

impl HalflifeStep<PeerLoop> for Spring {
    #[inline]
    fn step_with(&mut self, halflife: f32, dt: f32) {
        spring_damper::decay_spring_damper_exact(&mut self.x, &mut self.v, halflife, dt);
    }
}

halflife_loops!(
    /// Variant c: the article's `decay_spring_damper_exact` (with `expf`) per spring.
    Source = Spring, springs;
    /// Variant d: `spring_damper::decay_spring_damper_exact` per spring, in a plain loop over the array: the
    /// halflife is a loop-invariant local, or read from the array (`per_spring`).
    Peer = Spring, springs;
);

/// The memory traffic of [`hooke::lanes::decay_shared`] (2 loads, 2 stores per lane group) with
/// one addition and one negation.
pub fn traffic(x: &mut [f32x8], v: &mut [f32x8]) {
    for (x, v) in x.iter_mut().zip(v.iter_mut()) {
        *x += *v;
        *v = -*v;
    }
}

/// Variants e and f: [`traffic`] on one thread or on rayon's threads.
#[derive(Debug)]
pub struct Traffic {
    xv: XvColumns,
    par: bool,
}

impl Traffic {
    /// Columns of `inputs`; `par` splits the loop like hooke's `par_update`.
    pub fn new(inputs: &Inputs, par: bool) -> Traffic {
        Traffic {
            xv: XvColumns::new(&inputs.x, &inputs.v),
            par,
        }
    }
}

impl Workload for Traffic {
    fn step(&mut self, _dt: f32) {
        let parts = (self.xv.x.lanes_mut(), self.xv.v.lanes_mut());
        if self.par {
            par::run(parts, DEFAULT_GRAIN, &|(x, v)| traffic(x, v));
        } else {
            traffic(parts.0, parts.1);
        }
    }

    fn reset(&mut self) {
        self.xv.reset();
    }

    fn state(&self) -> Vec<f32> {
        self.xv.state()
    }
}

/// Variant g: hooke's kernel [`hooke::lanes::decay_shared`] called directly on columns.
pub type Kernel = DirectKernel<Traffic, LaneCoeffs>;

impl Kernel {
    /// Columns of `inputs` and the shared coefficients for [`HALFLIFE`](crate::HALFLIFE) and
    /// [`DT`](crate::DT).
    pub fn new(inputs: &Inputs) -> Kernel {
        DirectKernel::with_kernel(Traffic::new(inputs, false), shared_lane_coeffs(), |t, c| {
            hooke::lanes::decay_shared(t.xv.x.lanes_mut(), t.xv.v.lanes_mut(), c);
        })
    }
}
