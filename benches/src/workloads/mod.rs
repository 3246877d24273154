//! The workloads of each kernel: hooke's batch types (variants a and b), the source-style scalar
//! loop (c), the peer crate (d) and the traffic-only kernels (e and f).

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
        x.iter().zip(v).flat_map(|(&x, &v)| [x, v]).collect()
    }
}
