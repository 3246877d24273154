//! Batches of critical springs (goal and goal velocity) and decay springs (toward 0).

use super::halflife::critical_coeffs;
use super::macros::halflife_batch;
use crate::column::Column;
use crate::lanes::{
    LaneCoeffs, critical_rate, decay_rates, decay_shared, spring_rates, spring_shared,
};

halflife_batch! {
    /// Many critically damped springs, each toward its own goal and goal velocity.
    ///
    /// The halflife is shared by the batch or given per spring; the step coefficients are computed
    /// once per `dt` (exact exponential, no `exp` in the per-spring loop).
    ///
    /// ```
    /// use hooke::batch::CriticalSprings;
    ///
    /// let mut springs = CriticalSprings::new(1000, 0.1)?;
    /// springs.goal_mut().fill(1.0);
    /// for _ in 0..120 {
    ///     springs.update(1.0 / 60.0)?;
    /// }
    /// assert!(springs.x().iter().all(|&x| (x - 1.0).abs() < 1e-3));
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub struct CriticalSprings: "springs" of x {
        halflife: Halflife<LaneCoeffs> by critical_rate;
        x, v, goal, goal_velocity: Column;
    }
    /// ```
    /// use hooke::{batch::CriticalSprings, ParamError};
    /// let err = CriticalSprings::with_halflives(&[0.1, f32::NAN]).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "halflife", index: 1, .. }));
    /// ```
    fn new and with_halflives: "at rest at 0";
    fn advance on (x, v; goal, goal_velocity) by critical_coeffs => spring_shared, spring_rates;
    spring state and goals;
}

halflife_batch! {
    /// Many critically damped springs decaying toward 0 (inertialization offsets, shake, recoil).
    ///
    /// ```
    /// use hooke::batch::DecaySprings;
    /// let mut d = DecaySprings::new(16, 0.1)?;
    /// d.x_mut().fill(1.0);
    /// d.update(1.0)?;
    /// assert!(d.x().iter().all(|x| x.abs() < 1e-3));
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub struct DecaySprings: "springs" of x {
        halflife: Halflife<LaneCoeffs> by critical_rate;
        x, v: Column;
    }
    /// ```
    /// assert_eq!(hooke::batch::DecaySprings::with_halflives(&[0.1, 0.2])?.len(), 2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    fn new and with_halflives: "at rest at 0";
    fn advance on (x, v;) by critical_coeffs => decay_shared, decay_rates;
    /// Sets every spring's position and velocity.
    fn set_state(x, v);
    /// Offsets
    fn x, x_mut = x;
    /// Offset velocities
    fn v, v_mut = v;
}
