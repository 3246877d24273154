//! Batches of exact dampers.

use super::{batch_columns, batch_updates, set_columns, state_column};
use crate::coeffs::damper_alpha;
use crate::column::Column;
use crate::error::{ParamError, check_dt};
use crate::lanes::{damper_rate, damper_rates, damper_shared};
use crate::par::{self, Shared};

use super::halflife::{Halflife, Step, halflife_setters};

/// Many exact dampers (`x` moves toward `goal`, halving the distance every halflife).
///
/// ```
/// use hooke::batch::Dampers;
/// let mut d = Dampers::new(10, 0.5)?;
/// d.goal_mut().fill(1.0);
/// d.update(0.5)?;
/// assert!((d.x()[0] - 0.5).abs() < 1e-6);
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Dampers {
    x: Column,
    goal: Column,
    /// Shared (blend factor cached per `dt`) or per-spring rates `ln2 / halflife`
    /// ([`damper_rate`]): the part of the blend factor that does not depend on `dt`.
    halflife: Halflife<f32>,
}

impl Dampers {
    /// `len` dampers at 0 with a shared `halflife` (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::Dampers::new(1, -0.5).is_err());
    /// ```
    pub fn new(len: usize, halflife: f32) -> Result<Dampers, ParamError> {
        Dampers::with_halflife(len, Halflife::shared(halflife)?)
    }

    /// One damper per halflife (each finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::Dampers::with_halflives(&[0.1, -1.0]).is_err());
    /// ```
    pub fn with_halflives(halflives: &[f32]) -> Result<Dampers, ParamError> {
        let halflife = Halflife::per_spring("Dampers", halflives, damper_rate)?;
        Dampers::with_halflife(halflives.len(), halflife)
    }

    fn with_halflife(len: usize, halflife: Halflife<f32>) -> Result<Dampers, ParamError> {
        Ok(Dampers {
            x: state_column("Dampers", len)?,
            goal: state_column("Dampers", len)?,
            halflife,
        })
    }

    /// Sets every damper's value and goal from slices of the batch's length (errors name the slice whose length
    /// differs; on an error nothing changes).
    ///
    /// ```
    /// let mut s = hooke::batch::Dampers::new(2, 0.1)?;
    /// s.set_state(&[1.0, 2.0], &[0.0, 0.0])?;
    /// assert_eq!(s.x()[1], 2.0);
    /// assert!(s.set_state(&[1.0], &[0.0, 0.0]).is_err());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn set_state(&mut self, x: &[f32], goal: &[f32]) -> Result<(), ParamError> {
        set_columns([(&mut self.x, "x", x), (&mut self.goal, "goal", goal)])
    }

    /// Like [`par_update`](Self::par_update) with a chosen minimum of lane groups per task.
    ///
    /// ```
    /// let mut d = hooke::batch::Dampers::with_halflives(&[0.1; 64])?;
    /// d.update_with_grain(0.1, 1)?;
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update_with_grain(&mut self, dt: f32, grain: usize) -> Result<(), ParamError> {
        let dt = check_dt(dt)?;
        let (x, g) = (self.x.lanes_mut(), self.goal.lanes());
        match self.halflife.step(dt, damper_alpha) {
            Step::Shared(alpha) => {
                par::run((x, g, Shared(alpha)), grain, &|(x, g, a)| {
                    damper_shared(x, g, a.0)
                });
            }
            Step::Rates(k) if dt > 0.0 => {
                // The blend factor of each damper from its rate and this frame's dt, inside the
                // kernel: a dt that changes every frame costs no more than a constant one.
                par::run((x, g, k), grain, &|(x, g, k)| damper_rates(x, g, k, dt));
            }
            Step::Rates(_) => {}
        }
        Ok(())
    }
}

halflife_setters!(Dampers, halflife, damper_rate);

batch_updates!(Dampers, "hooke::batch::Dampers::new(100, 0.1)?");

batch_columns! {
    Dampers = "hooke::batch::Dampers::new(2, 0.1)?", "dampers" of x;
    /// Values.
    fn x(&self) = x;
    /// Values, mutably.
    fn x_mut(&mut self) = x;
    /// Goals.
    fn goal(&self) = goal;
    /// Goals, mutably.
    fn goal_mut(&mut self) = goal;
}
