//! Every batch type of `hooke::batch`, moving and settled: the cost of a step while the springs
//! move (state restored every [`crate::RESET_EVERY`] steps) against the cost after they have
//! settled on their goals for [`SETTLE_SECONDS`] of simulated time (never restored: a settled
//! batch stays settled).
//!
//! A spring settling toward 0 decays into the subnormal range of `f32` unless the kernel flushes
//! it (`docs/math.md` §4.6); on x86 every arithmetic operation on a subnormal takes a microcode
//! assist, so an unflushed settled batch runs 10-100x slower than a moving one.

use glam::{Quat, Vec3};
use hooke::batch::{
    CharacterControllers, CriticalSprings, Dampers, DecaySprings, DoubleSprings, Extrapolators,
    GeneralSprings, QuatDecaySprings, QuatSprings, SmoothDampers, TimedSprings, TrackingSprings,
    VelocitySprings,
};
use hooke::scalar::TrackingGains;

use crate::{DT, HALFLIFE, Rng, Workload};

/// Simulated time before a settled workload is timed.
pub const SETTLE_SECONDS: f32 = 40.0;

/// A batch type under test: how to build it in motion (random state, goals 0), step it and read
/// its state.
pub struct Case {
    /// The batch type and its parameter form (`_halflives`: one halflife per spring).
    pub name: &'static str,
    make: fn(usize) -> Box<dyn Batch>,
}

/// What the settled workloads need of a batch type.
pub trait Batch {
    /// `update(dt)` on the calling thread.
    fn update(&mut self, dt: f32);
    /// The state as flat `f32`s (positions then velocities, or the rotation columns).
    fn state(&self) -> Vec<f32>;
}

/// Uniform values in `[-1, 1)`.
fn random(n: usize, seed: u64) -> Vec<f32> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| rng.range(-1.0, 1.0)).collect()
}

/// Per-spring halflives around [`HALFLIFE`] (0.1-0.3 s).
fn halflives(n: usize) -> Vec<f32> {
    let mut rng = Rng::new(7);
    (0..n).map(|_| rng.range(0.1, 0.3)).collect()
}

macro_rules! impl_batch {
    ($t:ty, $($col:ident),+) => {
        impl Batch for $t {
            fn update(&mut self, dt: f32) {
                <$t>::update(self, dt).expect("finite dt");
            }
            fn state(&self) -> Vec<f32> {
                let mut out = Vec::new();
                $(out.extend_from_slice(self.$col());)+
                out
            }
        }
    };
}

impl_batch!(CriticalSprings, x, v);
impl_batch!(DecaySprings, x, v);
impl_batch!(GeneralSprings, x, v);
impl_batch!(Dampers, x);
impl_batch!(Extrapolators, x, v);
impl_batch!(CharacterControllers, x, v);
impl_batch!(TrackingSprings, x, v);
impl_batch!(SmoothDampers, x, v);
impl_batch!(DoubleSprings, x, v);
impl_batch!(TimedSprings, x, v, xi);
impl_batch!(VelocitySprings, x, v, xi);

/// The rotation batches: rotations and angular velocities as flat `f32`s.
macro_rules! impl_rotation_batch {
    ($($t:ty),+) => {$(
        impl Batch for $t {
            fn update(&mut self, dt: f32) {
                <$t>::update(self, dt).expect("finite dt");
            }
            fn state(&self) -> Vec<f32> {
                (0..self.len())
                    .flat_map(|i| {
                        let (q, w) = (self.rotation(i), self.angular_velocity(i));
                        [q.x, q.y, q.z, q.w, w.x, w.y, w.z]
                    })
                    .collect()
            }
        }
    )+};
}

impl_rotation_batch!(QuatDecaySprings, QuatSprings);

/// Random unit rotations (up to about 2 rad from the identity) and angular velocities.
fn rotations(n: usize) -> (Vec<Quat>, Vec<Vec3>) {
    let (a, b, c) = (random(n, 11), random(n, 12), random(n, 13));
    let q = (0..n)
        .map(|i| Quat::from_scaled_axis(Vec3::new(a[i], b[i], c[i])))
        .collect();
    let w = (0..n).map(|i| Vec3::new(b[i], c[i], a[i]) * 3.0).collect();
    (q, w)
}

fn critical(n: usize, per_spring: bool) -> CriticalSprings {
    let mut s = if per_spring {
        CriticalSprings::with_halflives(&halflives(n))
    } else {
        CriticalSprings::new(n, HALFLIFE)
    }
    .expect("valid halflife");
    let zeros = vec![0.0; n];
    s.set_state(&random(n, 1), &random(n, 2), &zeros, &zeros)
        .expect("lengths");
    s
}

fn decay(n: usize, per_spring: bool) -> DecaySprings {
    let mut s = if per_spring {
        DecaySprings::with_halflives(&halflives(n))
    } else {
        DecaySprings::new(n, HALFLIFE)
    }
    .expect("valid halflife");
    s.set_state(&random(n, 1), &random(n, 2)).expect("lengths");
    s
}

fn general(n: usize) -> GeneralSprings {
    // Mixed regimes around a 0.2 s critical spring: under-, critically and over-damped.
    let y = 2.0 * std::f32::consts::LN_2 / HALFLIFE;
    let stiffness: Vec<f32> = (0..n).map(|i| y * y * [0.5, 1.0, 2.0][i % 3]).collect();
    let damping: Vec<f32> = (0..n).map(|i| 2.0 * y * [2.0, 1.0, 0.3][i % 3]).collect();
    let mut s = GeneralSprings::new(&stiffness, &damping).expect("valid parameters");
    let zeros = vec![0.0; n];
    s.set_state(&random(n, 1), &random(n, 2), &zeros, &zeros)
        .expect("lengths");
    s
}

fn dampers(n: usize) -> Dampers {
    let mut s = Dampers::new(n, HALFLIFE).expect("valid halflife");
    s.set_state(&random(n, 1), &vec![0.0; n]).expect("lengths");
    s
}

fn extrapolators(n: usize) -> Extrapolators {
    let mut s = Extrapolators::new(n, HALFLIFE).expect("valid halflife");
    s.set_state(&random(n, 1), &random(n, 2)).expect("lengths");
    s
}

fn characters(n: usize) -> CharacterControllers {
    let mut s = CharacterControllers::new(n, HALFLIFE).expect("valid halflife");
    s.set_state(&random(n, 1), &random(n, 2), &random(n, 3), &vec![0.0; n])
        .expect("lengths");
    s
}

fn tracking(n: usize) -> TrackingSprings {
    let gains = TrackingGains::new(0.1, 0.5, 0.5, DT).expect("valid gains");
    let mut s = TrackingSprings::new(n, gains).expect("valid gains");
    let zeros = vec![0.0; n];
    s.set_state(&random(n, 1), &random(n, 2), &zeros, &zeros, &zeros)
        .expect("lengths");
    s
}

fn smooth_dampers(n: usize) -> SmoothDampers {
    let mut s = SmoothDampers::new(n, HALFLIFE, f32::INFINITY).expect("valid parameters");
    s.set_state(&random(n, 1), &random(n, 2), &vec![0.0; n])
        .expect("lengths");
    s
}

fn double(n: usize) -> DoubleSprings {
    let mut s = DoubleSprings::new(n, HALFLIFE).expect("valid halflife");
    s.set_state(&random(n, 1), &random(n, 2), &random(n, 3), &random(n, 4))
        .expect("lengths");
    s
}

fn timed(n: usize) -> TimedSprings {
    let mut s = TimedSprings::new(n, HALFLIFE, 2.0).expect("valid parameters");
    s.set_state(&random(n, 1), &random(n, 2), &random(n, 3))
        .expect("lengths");
    s
}

fn velocity(n: usize) -> VelocitySprings {
    let mut s = VelocitySprings::new(n, HALFLIFE, 2.0).expect("valid parameters");
    s.max_velocity_mut().fill(4.0);
    s.set_state(&random(n, 1), &random(n, 2), &random(n, 3))
        .expect("lengths");
    s
}

fn quat_decay(n: usize, per_spring: bool) -> QuatDecaySprings {
    let mut s = if per_spring {
        QuatDecaySprings::with_halflives(&halflives(n))
    } else {
        QuatDecaySprings::new(n, HALFLIFE)
    }
    .expect("valid halflife");
    let (q, w) = rotations(n);
    for i in 0..n {
        s.set(i, q[i], w[i]).expect("unit rotation");
    }
    s
}

fn quat_springs(n: usize) -> QuatSprings {
    let mut s = QuatSprings::new(n, HALFLIFE).expect("valid halflife");
    let (q, w) = rotations(n);
    s.set_state(&q, &w).expect("unit rotations");
    s
}

/// Every batch type (and parameter form) of `hooke::batch`.
pub fn cases() -> Vec<Case> {
    fn case(name: &'static str, make: fn(usize) -> Box<dyn Batch>) -> Case {
        Case { name, make }
    }
    vec![
        case("critical", |n| Box::new(critical(n, false))),
        case("critical_halflives", |n| Box::new(critical(n, true))),
        case("decay", |n| Box::new(decay(n, false))),
        case("decay_halflives", |n| Box::new(decay(n, true))),
        case("general", |n| Box::new(general(n))),
        case("dampers", |n| Box::new(dampers(n))),
        case("extrapolators", |n| Box::new(extrapolators(n))),
        case("character", |n| Box::new(characters(n))),
        case("tracking", |n| Box::new(tracking(n))),
        case("smooth_damp", |n| Box::new(smooth_dampers(n))),
        case("double", |n| Box::new(double(n))),
        case("timed", |n| Box::new(timed(n))),
        case("velocity", |n| Box::new(velocity(n))),
        case("quat_decay", |n| Box::new(quat_decay(n, false))),
        case("quat_decay_halflives", |n| Box::new(quat_decay(n, true))),
        case("quat_springs", |n| Box::new(quat_springs(n))),
    ]
}

/// A batch of `n` springs of one [`Case`], moving or settled.
pub struct Settling {
    make: fn(usize) -> Box<dyn Batch>,
    batch: Box<dyn Batch>,
    n: usize,
    settled: bool,
}

impl Settling {
    /// `n` springs of `case` in motion, or after [`SETTLE_SECONDS`] of steps of [`DT`].
    pub fn new(case: &Case, n: usize, settled: bool) -> Settling {
        let mut batch = (case.make)(n);
        if settled {
            for _ in 0..(SETTLE_SECONDS / DT) as usize {
                batch.update(DT);
            }
        }
        Settling {
            make: case.make,
            batch,
            n,
            settled,
        }
    }
}

impl Workload for Settling {
    fn step(&mut self, dt: f32) {
        self.batch.update(dt);
    }

    fn reset(&mut self) {
        // A settled batch stays settled; a moving one starts its motion again (untimed).
        if !self.settled {
            self.batch = (self.make)(self.n);
        }
    }

    fn state(&self) -> Vec<f32> {
        self.batch.state()
    }
}
