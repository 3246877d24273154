//! Batches of exact dampers.

use super::macros::halflife_batch;
use crate::coeffs::damper_alpha;
use crate::column::Column;
use crate::lanes::{damper_rate, damper_rates, damper_shared};

halflife_batch! {
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
    pub struct Dampers: "dampers" of x {
        // Shared (blend factor cached per `dt`) or per-spring rates `ln2 / halflife`
        // ([`damper_rate`]): the part of the blend factor that does not depend on `dt`.
        halflife: Halflife<f32> by damper_rate;
        x, goal: Column;
    }
    /// ```
    /// assert!(hooke::batch::Dampers::with_halflives(&[0.1, -1.0]).is_err());
    /// ```
    fn new and with_halflives: "at 0";
    // With per-spring halflives, the blend factor of each damper from its rate and this frame's
    // dt, inside the kernel.
    fn advance(dt) on (x; goal) by damper_alpha =>
        |(x, g), &alpha| damper_shared(x, g, alpha),
        |(x, g), k| damper_rates(x, g, k, dt);
    /// Sets every damper's value and goal.
    fn set_state(x, goal);
    /// Values
    fn x, x_mut = x;
    /// Goals
    fn goal, goal_mut = goal;
}
