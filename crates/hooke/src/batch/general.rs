//! Batches of general spring-dampers: per-spring stiffness and damping, any damping regime.

use super::macros::batch_methods;
use super::state_column;
use super::step_cache::StepCache;
use crate::column::Column;
use crate::error::{ParamError, check_len, check_non_negative};
use crate::lanes::{
    CoeffColumns, StiffnessDampingLanes, spring_per_spring, spring_stiffness_damping,
};
use crate::par;

/// Many spring-dampers, each with its own stiffness and damping (unit mass), in any regime.
///
/// When `dt` changes, each lane group's coefficients are computed inside the update loop (the
/// power series of the transition matrix for springs in its region, the `f64` closed form for
/// the others: under-damped, critical and over-damped lanes side by side); a `dt` seen twice in
/// a row is taken as constant, its coefficients are cached until `dt` or a parameter changes,
/// and the update is then a few multiply-adds per spring.
///
/// ```
/// use hooke::batch::GeneralSprings;
///
/// // An under-damped, a critical and an over-damped spring side by side.
/// let mut s = GeneralSprings::new(&[100.0, 100.0, 100.0], &[2.0, 20.0, 60.0])?;
/// s.goal_mut().fill(1.0);
/// for _ in 0..600 {
///     s.update(1.0 / 60.0)?;
/// }
/// assert!(s.x().iter().all(|&x| (x - 1.0).abs() < 1e-3));
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct GeneralSprings {
    x: Column,
    v: Column,
    goal: Column,
    goal_velocity: Column,
    stiffness: Column,
    damping: Column,
    /// Coefficients for a `dt` seen twice in a row (taken as constant); a `dt` that changes
    /// every frame is computed in the loop instead.
    coeffs: StepCache<CoeffColumns>,
}

impl GeneralSprings {
    /// One spring per `(stiffness, damping)` pair (each finite, `>= 0`), at rest at 0.
    ///
    /// ```
    /// use hooke::{batch::GeneralSprings, ParamError};
    /// let err = GeneralSprings::new(&[1.0, -1.0], &[1.0, 1.0]).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "stiffness", index: 1, .. }));
    /// assert!(GeneralSprings::new(&[1.0], &[1.0, 2.0]).is_err());
    /// ```
    pub fn new(stiffness: &[f32], damping: &[f32]) -> Result<GeneralSprings, ParamError> {
        let len = stiffness.len();
        check_len("damping", len, damping.len())?;
        check_parameters(stiffness, damping)?;
        const NAME: &str = "GeneralSprings";
        let parameter = |values: &[f32]| -> Result<Column, ParamError> {
            let mut column = state_column(NAME, len)?;
            column.as_mut_slice().copy_from_slice(values);
            Ok(column)
        };
        let coeffs = CoeffColumns::try_identity(len)
            .map_err(|_| ParamError::OutOfMemory { name: NAME, len })?;
        Ok(GeneralSprings {
            x: state_column(NAME, len)?,
            v: state_column(NAME, len)?,
            goal: state_column(NAME, len)?,
            goal_velocity: state_column(NAME, len)?,
            stiffness: parameter(stiffness)?,
            damping: parameter(damping)?,
            coeffs: StepCache::with_storage(coeffs),
        })
    }

    /// Replaces the stiffness and damping of every spring (validated; lengths must match).
    ///
    /// ```
    /// let mut s = hooke::batch::GeneralSprings::new(&[1.0], &[1.0])?;
    /// assert!(s.set_parameters(&[f32::NAN], &[1.0]).is_err());
    /// s.set_parameters(&[4.0], &[4.0])?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_parameters(&mut self, stiffness: &[f32], damping: &[f32]) -> Result<(), ParamError> {
        check_len("stiffness", self.len(), stiffness.len())?;
        check_len("damping", self.len(), damping.len())?;
        check_parameters(stiffness, damping)?;
        self.stiffness.as_mut_slice().copy_from_slice(stiffness);
        self.damping.as_mut_slice().copy_from_slice(damping);
        self.coeffs.clear();
        Ok(())
    }

    /// One update over a checked `dt`, split by `grain`.
    fn advance(&mut self, dt: f32, grain: usize) {
        let (x, v) = (self.x.lanes_mut(), self.v.lanes_mut());
        let state = (x, v, self.goal.lanes(), self.goal_velocity.lanes());
        if !self.coeffs.repeats(dt) {
            // A new dt: the coefficients of each lane group are computed in the loop (the power
            // series for springs in its region, `lanes::spring_stiffness_damping`), no columns.
            let params = StiffnessDampingLanes {
                stiffness: self.stiffness.lanes(),
                damping: self.damping.lanes(),
            };
            par::run((state, params), grain, &|((x, v, g, q), p)| {
                spring_stiffness_damping(x, v, g, q, p, dt)
            });
            return;
        }
        if dt == 0.0 {
            // The identity step: the scalar twin returns the state bit for bit.
            return;
        }
        let (s, d) = (&self.stiffness, &self.damping);
        let coeffs = self.coeffs.get(dt, |storage, dt| {
            // The storage allocated in `new` is always handed back; the fallback is never run.
            let mut c = storage.unwrap_or_else(|| CoeffColumns::identity(s.len()));
            c.fill_stiffness_damping(s, d, dt);
            c
        });
        par::run((state, coeffs.slices()), grain, &|((x, v, g, q), c)| {
            spring_per_spring(x, v, g, q, c)
        });
    }
}

fn check_parameters(stiffness: &[f32], damping: &[f32]) -> Result<(), ParamError> {
    for (i, (&s, &d)) in stiffness.iter().zip(damping).enumerate() {
        check_non_negative("stiffness", s).map_err(|e| e.at(i))?;
        check_non_negative("damping", d).map_err(|e| e.at(i))?;
    }
    Ok(())
}

batch_methods! {
    GeneralSprings: "springs" of x, made by "new(&vec![4.0; n], &vec![2.0; n])?";
    spring state and goals;
    /// Stiffness of each spring.
    fn stiffness(&self) = stiffness;
    /// Damping of each spring.
    fn damping(&self) = damping;
}
