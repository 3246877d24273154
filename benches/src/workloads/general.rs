//! The general spring-damper: per-spring stiffness and damping in mixed damping regimes.

use hooke::batch::GeneralSprings;
use hooke::column::Column;
use hooke::lanes::CoeffColumns;
use hooke::par::{self, DEFAULT_GRAIN};
use wide::f32x8;

use super::{Aos, BatchLoop, DirectKernel, PeerLoop, SourceLoop, XvColumns, column};
use crate::{DT, Rng, Workload, source};

/// Initial state, goals and per-spring parameters.
#[derive(Debug, Clone)]
pub struct Inputs {
    /// Positions.
    pub x: Vec<f32>,
    /// Velocities.
    pub v: Vec<f32>,
    /// Goals.
    pub goal: Vec<f32>,
    /// Goal velocities.
    pub goal_velocity: Vec<f32>,
    /// Stiffnesses.
    pub stiffness: Vec<f32>,
    /// Dampings.
    pub damping: Vec<f32>,
}

impl Inputs {
    /// `n` springs: states and goals uniform in `[-1, 1)`, damping in `[1, 10)`, and a random
    /// regime per spring: a third critical (`s = d^2 / 4` exactly), a third under-damped
    /// (`s` = 1.5 to 10 times critical), a third over-damped (0.1 to 0.7 times critical).
    pub fn new(n: usize) -> Inputs {
        let mut rng = Rng::new(3);
        let x = rng.vec(n, -1.0, 1.0);
        let v = rng.vec(n, -1.0, 1.0);
        let goal = rng.vec(n, -1.0, 1.0);
        let goal_velocity = rng.vec(n, -1.0, 1.0);
        let mut stiffness = Vec::with_capacity(n);
        let mut damping = Vec::with_capacity(n);
        for _ in 0..n {
            let d = rng.range(1.0, 10.0);
            let critical = d * d / 4.0;
            let regime = rng.unit();
            let s = if regime < 1.0 / 3.0 {
                critical
            } else if regime < 2.0 / 3.0 {
                critical * rng.range(1.5, 10.0)
            } else {
                critical * rng.range(0.1, 0.7)
            };
            stiffness.push(s);
            damping.push(d);
        }
        Inputs {
            x,
            v,
            goal,
            goal_velocity,
            stiffness,
            damping,
        }
    }
}

/// Variants a and b: [`GeneralSprings::update`] / [`GeneralSprings::par_update`] (coefficients
/// cached for the constant `dt` by one untimed update at construction).
pub type Hooke = BatchLoop<GeneralSprings>;

impl Hooke {
    /// The batch of `inputs`; `par` selects `par_update`.
    pub fn new(inputs: &Inputs, par: bool) -> Hooke {
        let mut springs =
            GeneralSprings::new(&inputs.stiffness, &inputs.damping).expect("valid parameters");
        springs.goal_mut().copy_from_slice(&inputs.goal);
        springs
            .goal_velocity_mut()
            .copy_from_slice(&inputs.goal_velocity);
        springs.update(DT).expect("valid dt");
        BatchLoop::with_state(springs, &inputs.x, &inputs.v, par)
    }
}

xv_spring!(
    /// Position.
    x,
    /// Velocity.
    v,
    /// Goal.
    goal,
    /// Goal velocity.
    goal_velocity,
    /// Stiffness.
    stiffness,
    /// Damping.
    damping,
);

/// A general spring's step in the source's and the peer's argument order: position, velocity,
/// goal, goal velocity, stiffness, damping, `dt`.
type StepFn = fn(&mut f32, &mut f32, f32, f32, f32, f32, f32);

/// Advances every spring of the array by `dt` with `step` (inlined: one loop per function).
#[inline(always)]
fn each(springs: &mut [Spring], dt: f32, step: StepFn) {
    for s in springs {
        let Spring {
            goal,
            goal_velocity,
            stiffness,
            damping,
            ..
        } = *s;
        step(
            &mut s.x,
            &mut s.v,
            goal,
            goal_velocity,
            stiffness,
            damping,
            dt,
        );
    }
}

/// Variant c: the article's three-branch `spring_damper_exact` (with `expf`, `atanf`) per spring.
pub type Source = Aos<Spring, SourceLoop>;

impl Source {
    /// The springs of `inputs` as an array of structs.
    pub fn new(inputs: &Inputs) -> Source {
        Aos::with_step(springs(inputs), |springs, dt| {
            each(springs, dt, source::spring_damper_exact);
        })
    }
}

/// Variant d: `spring_damper::spring_damper_exact_stiffness_damping` per spring.
pub type Peer = Aos<Spring, PeerLoop>;

impl Peer {
    /// The springs of `inputs` as an array of structs.
    pub fn new(inputs: &Inputs) -> Peer {
        Aos::with_step(springs(inputs), |springs, dt| {
            each(
                springs,
                dt,
                |x, v, goal, goal_velocity, stiffness, damping, dt| {
                    spring_damper::spring_damper_exact_stiffness_damping(
                        x,
                        v,
                        goal,
                        goal_velocity,
                        stiffness,
                        damping,
                        dt,
                        spring_damper::DEFAULT_EPS,
                    );
                },
            );
        })
    }
}

/// The state, goal and coefficient lane slices read by the traffic kernel.
type Parts<'a> = (
    (&'a mut [f32x8], &'a mut [f32x8], &'a [f32x8], &'a [f32x8]),
    (
        &'a [f32x8],
        &'a [f32x8],
        &'a [f32x8],
        &'a [f32x8],
        &'a [f32x8],
        &'a [f32x8],
    ),
);

/// The memory traffic of [`hooke::lanes::spring_per_spring`] (10 loads, 2 stores per lane group:
/// state, goals and six coefficient columns) with a few additions.
pub fn traffic(parts: Parts<'_>) {
    let ((x, v, g, q), (xx, xv, xq, vx, vv, vq)) = parts;
    let n = x.len();
    let (v, g, q) = (&mut v[..n], &g[..n], &q[..n]);
    let (xx, xv, xq) = (&xx[..n], &xv[..n], &xq[..n]);
    let (vx, vv, vq) = (&vx[..n], &vv[..n], &vq[..n]);
    for i in 0..n {
        x[i] = (g[i] + xx[i] + xv[i] + xq[i]) - x[i];
        v[i] = (q[i] + vx[i] + vv[i] + vq[i]) - v[i];
    }
}

/// Variants e and f: [`traffic`] on one thread or on rayon's threads.
#[derive(Debug)]
pub struct Traffic {
    xv: XvColumns,
    goal: Column,
    goal_velocity: Column,
    coeffs: CoeffColumns,
    par: bool,
}

impl Traffic {
    /// Columns of `inputs` and their step coefficients; `par` splits the loop like `par_update`.
    pub fn new(inputs: &Inputs, par: bool) -> Traffic {
        let coeffs = CoeffColumns::stiffness_damping(
            &column(&inputs.stiffness),
            &column(&inputs.damping),
            DT,
        );
        Traffic {
            xv: XvColumns::new(&inputs.x, &inputs.v),
            goal: column(&inputs.goal),
            goal_velocity: column(&inputs.goal_velocity),
            coeffs,
            par,
        }
    }
}

impl Workload for Traffic {
    fn step(&mut self, _dt: f32) {
        let c = &self.coeffs;
        let parts: Parts<'_> = (
            (
                self.xv.x.lanes_mut(),
                self.xv.v.lanes_mut(),
                self.goal.lanes(),
                self.goal_velocity.lanes(),
            ),
            (
                c.xx.lanes(),
                c.xv.lanes(),
                c.xq.lanes(),
                c.vx.lanes(),
                c.vv.lanes(),
                c.vq.lanes(),
            ),
        );
        if self.par {
            par::run(parts, DEFAULT_GRAIN, &traffic);
        } else {
            traffic(parts);
        }
    }

    fn reset(&mut self) {
        self.xv.reset();
    }

    fn state(&self) -> Vec<f32> {
        self.xv.state()
    }
}

/// Variant g: hooke's kernel [`hooke::lanes::spring_per_spring`] called directly on columns
/// (the coefficients are the traffic workload's columns).
pub type Kernel = DirectKernel<Traffic, ()>;

impl Kernel {
    /// Columns of `inputs` and their step coefficients.
    pub fn new(inputs: &Inputs) -> Kernel {
        DirectKernel::with_kernel(Traffic::new(inputs, false), (), |t, ()| {
            hooke::lanes::spring_per_spring(
                t.xv.x.lanes_mut(),
                t.xv.v.lanes_mut(),
                t.goal.lanes(),
                t.goal_velocity.lanes(),
                t.coeffs.slices(),
            );
        })
    }
}
