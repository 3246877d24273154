//! Smooth damp: thousands of values, each with its own smooth time and max speed, chasing
//! targets (UI, cameras, procedural motion).

use hooke::batch::SmoothDampers;
use hooke::column::Column;
use wide::f32x8;

use super::{XvColumns, column, interleave};
use crate::Workload;

inputs!(
    /// Initial values, targets and per-value parameters.
    seed 5;
    /// `n` values in `[-1, 1)` chasing targets in `[-10, 10)`, smooth times in `[0.05, 0.5)`.
    |rng, n| {
        /// Values.
        x: f32 = rng.vec(n, -1.0, 1.0),
        /// Targets.
        target: f32 = rng.vec(n, -10.0, 10.0),
        /// Smooth times (s).
        smooth_time: f32 = rng.vec(n, 0.05, 0.5),
        /// Max speeds (a quarter of them unlimited).
        max_speed: f32 = (0..n)
            .map(|i| {
                if i % 4 == 0 {
                    f32::INFINITY
                } else {
                    20.0 + (i % 13) as f32
                }
            })
            .collect(),
    }
);

/// Variant a: [`SmoothDampers::update`].
#[derive(Debug)]
pub struct Hooke {
    batch: SmoothDampers,
    x0: Vec<f32>,
}

impl Hooke {
    /// The batch of `inputs`.
    pub fn new(inputs: &Inputs) -> Hooke {
        let mut batch = SmoothDampers::with_params(&inputs.smooth_time, &inputs.max_speed)
            .expect("valid parameters");
        batch.target_mut().copy_from_slice(&inputs.target);
        let mut hooke = Hooke {
            batch,
            x0: inputs.x.clone(),
        };
        hooke.reset();
        hooke
    }
}

impl Workload for Hooke {
    fn step(&mut self, dt: f32) {
        self.batch.update(dt).expect("valid dt");
    }

    fn reset(&mut self) {
        self.batch.x_mut().copy_from_slice(&self.x0);
        self.batch.v_mut().fill(0.0);
    }

    fn state(&self) -> Vec<f32> {
        interleave(self.batch.x(), self.batch.v())
    }
}

/// One value of the array-of-structs loops, as game code keeps it.
#[derive(Debug, Clone, Copy)]
pub struct Value {
    /// Current value.
    pub x: f32,
    /// Velocity (the `ref velocity` of Unity's API).
    pub v: f32,
    /// Target.
    pub target: f32,
    /// Smooth time.
    pub smooth_time: f32,
    /// Max speed.
    pub max_speed: f32,
}

fn values(inputs: &Inputs) -> Vec<Value> {
    (0..inputs.x.len())
        .map(|i| Value {
            x: inputs.x[i],
            v: 0.0,
            target: inputs.target[i],
            smooth_time: inputs.smooth_time[i],
            max_speed: inputs.max_speed[i],
        })
        .collect()
}

/// Variants c and d: a plain loop over an array of structs calling hooke's scalar
/// [`hooke::scalar::smooth_damp`] (c), or Unity's formula with its approximate exponential,
/// [`hooke::scalar::unity_smooth_damp`] (d: what engines ship and game code calls).
#[derive(Debug)]
pub struct Loop {
    values: Vec<Value>,
    init: Vec<Value>,
    unity: bool,
}

impl Loop {
    /// The values of `inputs`; `unity` selects Unity's formula.
    pub fn new(inputs: &Inputs, unity: bool) -> Loop {
        let init = values(inputs);
        Loop {
            values: init.clone(),
            init,
            unity,
        }
    }
}

impl Workload for Loop {
    fn step(&mut self, dt: f32) {
        // One loop per formula, each with its function inlined (no call through a pointer).
        fn each(values: &mut [Value], f: impl Fn(f32, f32, &mut f32, f32, f32) -> f32) {
            for s in values {
                s.x = f(s.x, s.target, &mut s.v, s.smooth_time, s.max_speed);
            }
        }
        if self.unity {
            each(&mut self.values, |x, target, v, time, max_speed| {
                hooke::scalar::unity_smooth_damp(x, target, v, time, max_speed, dt)
            });
        } else {
            each(&mut self.values, |x, target, v, time, max_speed| {
                hooke::scalar::smooth_damp(x, target, v, time, max_speed, dt)
            });
        }
    }

    fn reset(&mut self) {
        self.values.copy_from_slice(&self.init);
    }

    fn state(&self) -> Vec<f32> {
        self.values.iter().flat_map(|s| [s.x, s.v]).collect()
    }
}

/// The memory traffic of [`hooke::lanes::smooth_damp_rates`]' fast path (x, v, target, rate, max
/// change read; x, v written per lane group) with trivial arithmetic.
pub fn traffic(x: &mut [f32x8], v: &mut [f32x8], t: &[f32x8], r: &[f32x8], m: &[f32x8]) {
    for ((((x, v), t), r), m) in x.iter_mut().zip(v.iter_mut()).zip(t).zip(r).zip(m) {
        *x += *t - *v;
        *v = *r * *m - *v;
    }
}

/// Variant e: [`traffic`] on one thread.
#[derive(Debug)]
pub struct Traffic {
    xv: XvColumns,
    /// Targets, rates and max changes.
    cols: [Column; 3],
}

impl Traffic {
    /// Columns of `inputs`.
    pub fn new(inputs: &Inputs) -> Traffic {
        let rate: Vec<f32> = inputs.smooth_time.iter().map(|t| 2.0 / t).collect();
        let max_change: Vec<f32> = inputs.max_speed.iter().map(|s| s.min(1e6)).collect();
        Traffic {
            xv: XvColumns::new(&inputs.x, &vec![0.0; inputs.x.len()]),
            cols: [column(&inputs.target), column(&rate), column(&max_change)],
        }
    }
}

impl Workload for Traffic {
    fn step(&mut self, _dt: f32) {
        let [t, r, m] = &self.cols;
        traffic(
            self.xv.x.lanes_mut(),
            self.xv.v.lanes_mut(),
            t.lanes(),
            r.lanes(),
            m.lanes(),
        );
    }

    fn reset(&mut self) {
        self.xv.reset();
    }

    fn state(&self) -> Vec<f32> {
        self.xv.state()
    }
}
