//! The quaternion decay spring: rotation offsets and angular velocities decaying toward the
//! identity with a shared halflife (inertialization of rotations).

use glam::{Quat, Vec3};
use hooke::batch::QuatDecaySprings;
use hooke::column::{QuatColumns, Vec3Columns};
use hooke::lanes::LaneCoeffs;
use hooke::par::{self, DEFAULT_GRAIN};
use wide::f32x8;

use super::critical::HALFLIVES;
use super::{
    AosSpring, DirectKernel, HalflifeBatch, HalflifeStep, OwnHalflife, PeerLoop, SourceLoop,
    shared_lane_coeffs,
};
use crate::{Rng, Workload, source};

/// Initial rotation offsets and angular velocities.
#[derive(Debug, Clone)]
pub struct Inputs {
    /// Unit rotation offsets (angle below 1.5 rad, so `w > 0`).
    pub rotation: Vec<Quat>,
    /// Angular velocities, components uniform in `[-2, 2)`.
    pub angular_velocity: Vec<Vec3>,
    /// Per-spring halflives (the `_halflives` variants), in [`HALFLIVES`].
    pub halflife: Vec<f32>,
}

impl Inputs {
    /// `n` random offsets.
    pub fn new(n: usize) -> Inputs {
        let mut rng = Rng::new(4);
        let mut rotation = Vec::with_capacity(n);
        let mut angular_velocity = Vec::with_capacity(n);
        for _ in 0..n {
            let axis = Vec3::new(
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
            )
            .normalize_or(Vec3::X);
            rotation.push(Quat::from_axis_angle(axis, rng.range(0.0, 1.5)));
            angular_velocity.push(Vec3::new(
                rng.range(-2.0, 2.0),
                rng.range(-2.0, 2.0),
                rng.range(-2.0, 2.0),
            ));
        }
        Inputs {
            rotation,
            angular_velocity,
            halflife: rng.vec(n, HALFLIVES.0, HALFLIVES.1),
        }
    }

    /// Number of springs.
    pub fn len(&self) -> usize {
        self.rotation.len()
    }

    /// Whether there are no springs.
    pub fn is_empty(&self) -> bool {
        self.rotation.is_empty()
    }
}

fn flat(q: [f32; 4], w: [f32; 3]) -> [f32; 7] {
    [q[0], q[1], q[2], q[3], w[0], w[1], w[2]]
}

/// Variants a and b: [`QuatDecaySprings::update`] / [`QuatDecaySprings::par_update`].
#[derive(Debug)]
pub struct Hooke {
    springs: QuatDecaySprings,
    init: Inputs,
    par: bool,
}

impl Hooke {
    /// The batch of `inputs`; `par` selects `par_update`, `per_spring` the inputs' halflives
    /// ([`QuatDecaySprings::with_halflives`]) instead of the shared
    /// [`HALFLIFE`](crate::HALFLIFE).
    pub fn new(inputs: &Inputs, par: bool, per_spring: bool) -> Hooke {
        let springs =
            QuatDecaySprings::with_halflife_choice(inputs.len(), &inputs.halflife, per_spring);
        let mut hooke = Hooke {
            springs,
            init: inputs.clone(),
            par,
        };
        hooke.reset();
        hooke
    }
}

impl Workload for Hooke {
    fn step(&mut self, dt: f32) {
        let r = if self.par {
            self.springs.par_update(dt)
        } else {
            self.springs.update(dt)
        };
        r.expect("valid dt");
    }

    fn reset(&mut self) {
        let init = &self.init;
        for (i, (&q, &w)) in init.rotation.iter().zip(&init.angular_velocity).enumerate() {
            self.springs.set(i, q, w).expect("valid state");
        }
    }

    fn state(&self) -> Vec<f32> {
        (0..self.springs.len())
            .flat_map(|i| {
                flat(
                    self.springs.rotation(i).to_array(),
                    self.springs.angular_velocity(i).to_array(),
                )
            })
            .collect()
    }
}

/// One spring of the source-style loop (glam 0.34, as hooke).
#[derive(Debug, Clone, Copy)]
pub struct Spring {
    /// Rotation offset.
    pub rotation: Quat,
    /// Angular velocity.
    pub angular_velocity: Vec3,
}

impl AosSpring for Spring {
    fn push_state(&self, out: &mut Vec<f32>) {
        out.extend(flat(
            self.rotation.to_array(),
            self.angular_velocity.to_array(),
        ));
    }
}

impl HalflifeStep<SourceLoop> for Spring {
    #[inline]
    fn step_with(&mut self, halflife: f32, dt: f32) {
        source::decay_spring_damper_exact_quat(
            &mut self.rotation,
            &mut self.angular_velocity,
            halflife,
            dt,
        );
    }
}

/// One spring of the peer crate's loop (glam 0.32, as `spring_damper` 0.1.1).
#[derive(Debug, Clone, Copy)]
pub struct PeerSpring {
    /// Rotation offset.
    pub rotation: glam_peer::Quat,
    /// Angular velocity.
    pub angular_velocity: glam_peer::Vec3,
    /// Halflife (read by the `_halflives` variant).
    pub halflife: f32,
}

impl AosSpring for PeerSpring {
    fn push_state(&self, out: &mut Vec<f32>) {
        out.extend(flat(
            self.rotation.to_array(),
            self.angular_velocity.to_array(),
        ));
    }
}

impl OwnHalflife for PeerSpring {
    fn halflife(&self) -> f32 {
        self.halflife
    }
}

impl HalflifeStep<PeerLoop> for PeerSpring {
    #[inline]
    fn step_with(&mut self, halflife: f32, dt: f32) {
        let (q, w) = (&mut self.rotation, &mut self.angular_velocity);
        spring_damper::decay_spring_damper_exact_quat(q, w, halflife, dt);
    }
}

/// The springs of `inputs` for the source-style loop.
fn source_springs(inputs: &Inputs) -> Vec<Spring> {
    inputs
        .rotation
        .iter()
        .zip(&inputs.angular_velocity)
        .map(|(&rotation, &angular_velocity)| Spring {
            rotation,
            angular_velocity,
        })
        .collect()
}

/// The springs of `inputs` for the peer's loop, as glam 0.32 values.
fn peer_springs(inputs: &Inputs) -> Vec<PeerSpring> {
    inputs
        .rotation
        .iter()
        .zip(&inputs.angular_velocity)
        .zip(&inputs.halflife)
        .map(|((q, w), &halflife)| PeerSpring {
            rotation: glam_peer::Quat::from_array(q.to_array()),
            angular_velocity: glam_peer::Vec3::from_array(w.to_array()),
            halflife,
        })
        .collect()
}

halflife_loops!(
    /// Variant c: the article's quaternion `decay_spring_damper_exact` (glam, `expf`, `acosf`,
    /// `sinf`, `cosf`) per spring.
    Source = Spring, source_springs;
    /// Variant d: `spring_damper::decay_spring_damper_exact_quat` per spring, in a plain loop
    /// over the array (two plain loops, as users write them): the halflife is a loop-invariant
    /// local, or read from the array (`per_spring`).
    Peer = PeerSpring, peer_springs;
);

/// The lane slices the batch update touches: rotations (written), rotation vectors and angular
/// velocities (read and written).
type Parts<'a> = (
    (
        &'a mut [f32x8],
        &'a mut [f32x8],
        &'a mut [f32x8],
        &'a mut [f32x8],
    ),
    (&'a mut [f32x8], &'a mut [f32x8], &'a mut [f32x8]),
    (&'a mut [f32x8], &'a mut [f32x8], &'a mut [f32x8]),
);

/// The memory traffic of [`hooke::batch::QuatDecaySprings::update`] (the kernel
/// [`hooke::lanes::rotation_vector_decay_shared`]: 6 loads and 10 stores per lane group — rotation
/// vector and angular velocity read and written, the quaternion written) with one addition or
/// negation per store.
pub fn traffic(parts: Parts<'_>) {
    let ((qx, qy, qz, qw), (wx, wy, wz), (ex, ey, ez)) = parts;
    let n = qx.len();
    let (qy, qz, qw) = (&mut qy[..n], &mut qz[..n], &mut qw[..n]);
    let (wx, wy, wz) = (&mut wx[..n], &mut wy[..n], &mut wz[..n]);
    let (ex, ey, ez) = (&mut ex[..n], &mut ey[..n], &mut ez[..n]);
    for i in 0..n {
        ex[i] += wx[i];
        ey[i] += wy[i];
        ez[i] += wz[i];
        wx[i] = -wx[i];
        wy[i] = -wy[i];
        wz[i] = -wz[i];
        qx[i] = ex[i];
        qy[i] = ey[i];
        qz[i] = ez[i];
        qw[i] = -ex[i];
    }
}

/// Variants e and f: [`traffic`] on one thread or on rayon's threads.
#[derive(Debug)]
pub struct Traffic {
    q: QuatColumns,
    w: Vec3Columns,
    e: Vec3Columns,
    init: Inputs,
    par: bool,
}

impl Traffic {
    /// Columns of `inputs`; `par` splits the loop like `par_update`.
    pub fn new(inputs: &Inputs, par: bool) -> Traffic {
        let mut traffic = Traffic {
            q: QuatColumns::new(inputs.len(), Quat::IDENTITY),
            w: Vec3Columns::new(inputs.len(), Vec3::ZERO),
            e: Vec3Columns::new(inputs.len(), Vec3::ZERO),
            init: inputs.clone(),
            par,
        };
        traffic.reset();
        traffic
    }
}

impl Workload for Traffic {
    fn step(&mut self, _dt: f32) {
        let parts: Parts<'_> = (
            (
                self.q.x.lanes_mut(),
                self.q.y.lanes_mut(),
                self.q.z.lanes_mut(),
                self.q.w.lanes_mut(),
            ),
            (
                self.w.x.lanes_mut(),
                self.w.y.lanes_mut(),
                self.w.z.lanes_mut(),
            ),
            (
                self.e.x.lanes_mut(),
                self.e.y.lanes_mut(),
                self.e.z.lanes_mut(),
            ),
        );
        if self.par {
            par::run(parts, DEFAULT_GRAIN, &traffic);
        } else {
            traffic(parts);
        }
    }

    fn reset(&mut self) {
        self.q
            .copy_from_quats("rotation", &self.init.rotation)
            .expect("lengths match");
        self.w
            .copy_from_vec3s("angular_velocity", &self.init.angular_velocity)
            .expect("lengths match");
        for (i, q) in self.init.rotation.iter().enumerate() {
            self.e.set(i, hooke::scalar::quat_to_scaled_angle_axis(*q));
        }
    }

    fn state(&self) -> Vec<f32> {
        (0..self.q.len())
            .flat_map(|i| flat(self.q.get(i).to_array(), self.w.get(i).to_array()))
            .collect()
    }
}

/// Variant g: hooke's kernel [`hooke::lanes::rotation_vector_decay_shared`] called directly on
/// columns.
pub type Kernel = DirectKernel<Traffic, LaneCoeffs>;

impl Kernel {
    /// Columns of `inputs` and the shared coefficients for [`HALFLIFE`](crate::HALFLIFE) and
    /// [`DT`](crate::DT).
    pub fn new(inputs: &Inputs) -> Kernel {
        DirectKernel::with_kernel(Traffic::new(inputs, false), shared_lane_coeffs(), |t, c| {
            let (q, w, e) = (&mut t.q, &mut t.w, &mut t.e);
            hooke::lanes::rotation_vector_decay_shared(
                hooke::views::Vec3LanesMut {
                    x: e.x.lanes_mut(),
                    y: e.y.lanes_mut(),
                    z: e.z.lanes_mut(),
                },
                hooke::views::Vec3LanesMut {
                    x: w.x.lanes_mut(),
                    y: w.y.lanes_mut(),
                    z: w.z.lanes_mut(),
                },
                hooke::views::QuatLanesMut {
                    x: q.x.lanes_mut(),
                    y: q.y.lanes_mut(),
                    z: q.z.lanes_mut(),
                    w: q.w.lanes_mut(),
                },
                c,
            );
        })
    }
}
