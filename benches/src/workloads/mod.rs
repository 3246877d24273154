//! The workloads of each kernel: hooke's batch types (variants a and b), the source-style scalar
//! loop (c), the peer crate (d) and the traffic-only kernels (e and f).

/// Defines a module's `Inputs`, the initial values its workloads copy: one `Vec` per listed
/// field, and `Inputs::new(n)`, which fills the fields in the order listed, each by its
/// expression with `n` and `rng` (a [`Rng`](crate::Rng) seeded with the module's seed) in scope.
/// The listing order is the draw order, so each module's inputs stay the values every earlier run
/// measured. For fields drawn independently of each other (`general` and `quat` draw several
/// fields per spring and write their `Inputs` by hand).
macro_rules! inputs {
    (
        $(#[$doc:meta])*
        seed $seed:literal;
        $(#[$new_doc:meta])*
        |$rng:ident, $n:ident| {
            $($(#[$field_doc:meta])* $field:ident: $ty:ty = $value:expr),+ $(,)?
        }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct Inputs {
            $($(#[$field_doc])* pub $field: Vec<$ty>,)+
        }

        impl Inputs {
            $(#[$new_doc])*
            pub fn new($n: usize) -> Inputs {
                let mut $rng = $crate::Rng::new($seed);
                Inputs { $($field: $value,)+ }
            }
        }
    };
}

/// Defines `Spring`, one spring of a one-dimensional module's array-of-structs loops (variants c
/// and d): an `f32` field per listed name, copied from the module's `Inputs` field of the same
/// name by `springs(inputs)`, its position `x` and velocity `v` reported as its state. With
/// `own_halflife`, its `halflife` field is read by the `_halflives` variants ([`OwnHalflife`]).
macro_rules! xv_spring {
    ($($(#[$doc:meta])* $field:ident),+ $(,)?) => {
        /// One spring of the array-of-structs loops.
        #[derive(Debug, Clone, Copy)]
        pub struct Spring {
            $($(#[$doc])* pub $field: f32,)+
        }

        fn springs(inputs: &Inputs) -> Vec<Spring> {
            (0..inputs.x.len())
                .map(|i| Spring { $($field: inputs.$field[i],)+ })
                .collect()
        }

        impl $crate::workloads::AosSpring for Spring {
            fn push_state(&self, out: &mut Vec<f32>) {
                out.extend([self.x, self.v]);
            }
        }
    };
    (own_halflife; $($fields:tt)+) => {
        xv_spring!($($fields)+);

        impl $crate::workloads::OwnHalflife for Spring {
            fn halflife(&self) -> f32 {
                self.halflife
            }
        }
    };
}

/// Defines variants c and d of a module: `Source`, the springs `$source_springs(inputs)` stepped
/// by the source's function with the shared halflife, and `Peer`, the springs
/// `$peer_springs(inputs)` stepped by the peer crate's function with the shared halflife or, per
/// spring, each one's own (see [`Aos::shared_halflife`] and [`Aos::halflives`]).
macro_rules! halflife_loops {
    (
        $(#[$source_doc:meta])* Source = $source_spring:ty, $source_springs:path;
        $(#[$peer_doc:meta])* Peer = $peer_spring:ty, $peer_springs:path $(;)?
    ) => {
        $(#[$source_doc])*
        pub type Source = $crate::workloads::Aos<$source_spring, $crate::workloads::SourceLoop>;

        impl Source {
            /// The springs of `inputs` as an array of structs.
            pub fn new(inputs: &Inputs) -> Source {
                $crate::workloads::Aos::shared_halflife($source_springs(inputs))
            }
        }

        $(#[$peer_doc])*
        pub type Peer = $crate::workloads::Aos<$peer_spring, $crate::workloads::PeerLoop>;

        impl Peer {
            /// The springs of `inputs` as an array of structs; `per_spring` reads each spring's
            /// own halflife.
            pub fn new(inputs: &Inputs, per_spring: bool) -> Peer {
                $crate::workloads::Aos::halflives($peer_springs(inputs), per_spring)
            }
        }
    };
}

pub mod critical;
pub mod decay;
pub mod general;
pub mod quat;
pub mod settled;
pub mod smooth_damp;

#[cfg(test)]
mod tests;

use hooke::column::Column;

/// A column holding `values` (padding 0).
pub(crate) fn column(values: &[f32]) -> Column {
    Column::from_slice(values)
}

/// Positions and velocities interleaved, `[x0, v0, x1, v1, ...]`: the
/// [`Workload::state`](crate::Workload::state) of every one-dimensional variant.
pub(crate) fn interleave(x: &[f32], v: &[f32]) -> Vec<f32> {
    x.iter().zip(v).flat_map(|(&x, &v)| [x, v]).collect()
}

/// The position and velocity columns of a traffic kernel (variants e and f) with the initial
/// values that `reset` restores.
#[derive(Debug)]
pub(crate) struct XvColumns {
    pub(crate) x: Column,
    pub(crate) v: Column,
    x0: Vec<f32>,
    v0: Vec<f32>,
}

impl XvColumns {
    /// Columns starting at positions `x0` and velocities `v0`.
    pub(crate) fn new(x0: &[f32], v0: &[f32]) -> XvColumns {
        XvColumns {
            x: column(x0),
            v: column(v0),
            x0: x0.to_vec(),
            v0: v0.to_vec(),
        }
    }

    /// Restores the initial positions and velocities.
    pub(crate) fn reset(&mut self) {
        self.x.as_mut_slice().copy_from_slice(&self.x0);
        self.v.as_mut_slice().copy_from_slice(&self.v0);
    }

    /// Positions and velocities interleaved ([`interleave`]).
    pub(crate) fn state(&self) -> Vec<f32> {
        interleave(self.x.as_slice(), self.v.as_slice())
    }
}

/// Variant g of a module: hooke's `lanes` kernel called directly on the columns of the module's
/// traffic workload `T` (no batch type, no `dt` check, no coefficient cache), with fixed
/// coefficients `C`: isolates the per-call overhead of `update`. `reset` and `state` are the
/// traffic workload's.
#[derive(Debug)]
pub struct DirectKernel<T, C> {
    traffic: T,
    coeffs: C,
    kernel: fn(&mut T, &C),
}

impl<T, C> DirectKernel<T, C> {
    /// `kernel(traffic, coeffs)` as the step of `traffic`'s columns.
    pub(crate) fn with_kernel(traffic: T, coeffs: C, kernel: fn(&mut T, &C)) -> Self {
        DirectKernel {
            traffic,
            coeffs,
            kernel,
        }
    }
}

impl<T: crate::Workload, C> crate::Workload for DirectKernel<T, C> {
    fn step(&mut self, _dt: f32) {
        (self.kernel)(&mut self.traffic, &self.coeffs);
    }

    fn reset(&mut self) {
        self.traffic.reset();
    }

    fn state(&self) -> Vec<f32> {
        self.traffic.state()
    }
}

/// The shared coefficients of [`HALFLIFE`](crate::HALFLIFE) and [`DT`](crate::DT) in lanes: the
/// fixed coefficients of the critical, decay and quaternion decay kernels (variant g).
pub(crate) fn shared_lane_coeffs() -> hooke::lanes::LaneCoeffs {
    hooke::lanes::LaneCoeffs::splat(&hooke::SpringCoeffs::critical(crate::HALFLIFE, crate::DT))
}

/// Springs as an array of structs, the layout of the source-style and peer loops (variants c
/// and d): the springs, the copy that `reset` restores, and the loop that steps them. One
/// implementation of [`Workload`](crate::Workload) for every such variant; `V` tells the
/// variants apart (each module's `Source` and `Peer` are `Aos` of its own spring type).
#[derive(Debug)]
pub struct Aos<S, V> {
    springs: Vec<S>,
    init: Vec<S>,
    step: fn(&mut [S], f32),
    variant: std::marker::PhantomData<V>,
}

/// The variant c marker of [`Aos`]: the source's functions.
#[derive(Debug)]
pub enum SourceLoop {}

/// The variant d marker of [`Aos`]: the peer crate's functions.
#[derive(Debug)]
pub enum PeerLoop {}

/// One spring of an array of structs: the values [`Workload::state`](crate::Workload::state)
/// reports for it, in order.
pub trait AosSpring: Copy {
    /// Appends this spring's state (e.g. position and velocity) to `out`.
    fn push_state(&self, out: &mut Vec<f32>);
}

/// A spring of an array of structs that variant `V`'s function advances with a given halflife.
pub trait HalflifeStep<V>: AosSpring {
    /// Advances this spring by `dt` with `halflife` (variant `V`'s function, e.g. the peer's
    /// `critical_spring_damper_exact`).
    fn step_with(&mut self, halflife: f32, dt: f32);
}

/// A spring of an array of structs that stores its own halflife (the `_halflives` variants).
pub trait OwnHalflife {
    /// This spring's halflife.
    fn halflife(&self) -> f32;
}

impl<S: AosSpring, V> Aos<S, V> {
    /// The springs `init`, advanced by `step(springs, dt)`.
    pub(crate) fn with_step(init: Vec<S>, step: fn(&mut [S], f32)) -> Aos<S, V> {
        Aos {
            springs: init.clone(),
            init,
            step,
            variant: std::marker::PhantomData,
        }
    }
}

impl<S: HalflifeStep<V>, V> Aos<S, V> {
    /// The springs `init` in a plain loop with the shared [`HALFLIFE`](crate::HALFLIFE) as a
    /// loop-invariant local, as users write it.
    pub(crate) fn shared_halflife(init: Vec<S>) -> Aos<S, V> {
        Aos::with_step(init, |springs, dt| {
            let halflife = crate::HALFLIFE;
            for s in springs {
                s.step_with(halflife, dt);
            }
        })
    }
}

impl<S: HalflifeStep<V> + OwnHalflife, V> Aos<S, V> {
    /// The springs `init` in a plain loop, with the shared halflife or, when `per_spring`, each
    /// spring's own read from the array.
    pub(crate) fn halflives(init: Vec<S>, per_spring: bool) -> Aos<S, V> {
        if per_spring {
            Aos::with_step(init, |springs, dt| {
                for s in springs {
                    s.step_with(s.halflife(), dt);
                }
            })
        } else {
            Aos::shared_halflife(init)
        }
    }
}

impl<S: AosSpring, V> crate::Workload for Aos<S, V> {
    fn step(&mut self, dt: f32) {
        (self.step)(&mut self.springs, dt);
    }

    fn reset(&mut self) {
        self.springs.copy_from_slice(&self.init);
    }

    fn state(&self) -> Vec<f32> {
        let mut out = Vec::new();
        for s in &self.springs {
            s.push_state(&mut out);
        }
        out
    }
}

/// A hooke batch of positions and velocities (variants a and b): `update` or `par_update`, and
/// the initial positions and velocities that `reset` restores. One implementation of
/// [`Workload`](crate::Workload) for the batches of every module (each module's `Hooke`).
#[derive(Debug)]
pub struct BatchLoop<B> {
    springs: B,
    x0: Vec<f32>,
    v0: Vec<f32>,
    par: bool,
}

/// What [`BatchLoop`] needs of a batch type: its two updates and its position and velocity
/// columns.
pub trait XvBatch {
    /// `update(dt)` (`par == false`) or `par_update(dt)`.
    fn advance(&mut self, dt: f32, par: bool);
    /// Copies `x` and `v` into the positions and velocities.
    fn set_xv(&mut self, x: &[f32], v: &[f32]);
    /// Positions and velocities.
    fn xv(&self) -> (&[f32], &[f32]);
}

macro_rules! impl_xv_batch {
    ($($t:ty),+) => {$(
        impl XvBatch for $t {
            fn advance(&mut self, dt: f32, par: bool) {
                let r = if par { self.par_update(dt) } else { self.update(dt) };
                r.expect("valid dt");
            }
            fn set_xv(&mut self, x: &[f32], v: &[f32]) {
                self.x_mut().copy_from_slice(x);
                self.v_mut().copy_from_slice(v);
            }
            fn xv(&self) -> (&[f32], &[f32]) {
                (self.x(), self.v())
            }
        }
    )+};
}

/// A hooke batch built either with one shared halflife or with a halflife per spring: the
/// switch of the `_halflives` variants.
pub trait HalflifeBatch: Sized {
    /// `n` springs sharing [`HALFLIFE`](crate::HALFLIFE) or, when `per_spring`, one spring per
    /// entry of `halflives`, each with its own.
    fn with_halflife_choice(n: usize, halflives: &[f32], per_spring: bool) -> Self;
}

macro_rules! impl_halflife_batch {
    ($($t:ty),+) => {$(
        impl HalflifeBatch for $t {
            fn with_halflife_choice(n: usize, halflives: &[f32], per_spring: bool) -> Self {
                if per_spring {
                    <$t>::with_halflives(halflives)
                } else {
                    <$t>::new(n, crate::HALFLIFE)
                }
                .expect("valid halflife")
            }
        }
    )+};
}

impl_halflife_batch!(
    hooke::batch::CriticalSprings,
    hooke::batch::DecaySprings,
    hooke::batch::QuatDecaySprings
);

impl_xv_batch!(
    hooke::batch::CriticalSprings,
    hooke::batch::DecaySprings,
    hooke::batch::GeneralSprings
);

impl<B: XvBatch> BatchLoop<B> {
    /// `springs` restored to the positions `x0` and velocities `v0`; `par` selects
    /// `par_update`.
    pub(crate) fn with_state(springs: B, x0: &[f32], v0: &[f32], par: bool) -> BatchLoop<B> {
        let mut batch = BatchLoop {
            springs,
            x0: x0.to_vec(),
            v0: v0.to_vec(),
            par,
        };
        crate::Workload::reset(&mut batch);
        batch
    }
}

impl<B: XvBatch> crate::Workload for BatchLoop<B> {
    fn step(&mut self, dt: f32) {
        self.springs.advance(dt, self.par);
    }

    fn reset(&mut self) {
        self.springs.set_xv(&self.x0, &self.v0);
    }

    fn state(&self) -> Vec<f32> {
        let (x, v) = self.springs.xv();
        interleave(x, v)
    }
}
