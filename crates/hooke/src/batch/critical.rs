//! Batches of critical springs (goal and goal velocity) and decay springs (toward 0).

use super::halflife::{Halflife, critical_coeffs};
use super::macros::{batch_columns, halflife_batch};
use crate::column::Column;
use crate::lanes::{
    LaneCoeffs, critical_rate, decay_rates, decay_shared, spring_rates, spring_shared,
};

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
#[derive(Debug, Clone)]
pub struct CriticalSprings {
    x: Column,
    v: Column,
    goal: Column,
    goal_velocity: Column,
    halflife: Halflife<LaneCoeffs>,
}

halflife_batch! {
    CriticalSprings(LaneCoeffs), rate critical_rate, at rest x, v, goal, goal_velocity;
    /// `len` springs at rest at 0 with a shared `halflife` (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::CriticalSprings::new(4, -1.0).is_err());
    /// ```
    fn new;
    /// One spring per halflife in `halflives` (each finite, `>= 0`), at rest at 0.
    ///
    /// ```
    /// use hooke::{batch::CriticalSprings, ParamError};
    /// let err = CriticalSprings::with_halflives(&[0.1, f32::NAN]).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "halflife", index: 1, .. }));
    /// ```
    fn with_halflives;
    fn advance(dt) on (x, v; goal, goal_velocity) by critical_coeffs =>
        |(x, v, g, q), c| spring_shared(x, v, g, q, c),
        |(x, v, g, q), y| spring_rates(x, v, g, q, y, dt);
}

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
#[derive(Debug, Clone)]
pub struct DecaySprings {
    x: Column,
    v: Column,
    halflife: Halflife<LaneCoeffs>,
}

halflife_batch! {
    DecaySprings(LaneCoeffs), rate critical_rate, at rest x, v;
    /// `len` springs at 0 with a shared `halflife` (finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::DecaySprings::new(4, f32::NAN).is_err());
    /// ```
    fn new;
    /// One spring per halflife (each finite, `>= 0`).
    ///
    /// ```
    /// assert_eq!(hooke::batch::DecaySprings::with_halflives(&[0.1, 0.2])?.len(), 2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    fn with_halflives;
    fn advance(dt) on (x, v;) by critical_coeffs =>
        |(x, v), c| decay_shared(x, v, c),
        |(x, v), y| decay_rates(x, v, y, dt);
}

batch_columns! {
    CriticalSprings = "hooke::batch::CriticalSprings::new(2, 0.1)?", "springs" of x;
    /// Sets every spring's state and goals.
    fn set_state(x, v, goal, goal_velocity);
    /// Positions
    fn x, x_mut = x;
    /// Velocities
    fn v, v_mut = v;
    /// Goal positions
    fn goal, goal_mut = goal;
    /// Goal velocities
    fn goal_velocity, goal_velocity_mut = goal_velocity;
}

batch_columns! {
    DecaySprings = "hooke::batch::DecaySprings::new(2, 0.1)?", "springs" of x;
    /// Sets every spring's position and velocity.
    fn set_state(x, v);
    /// Offsets
    fn x, x_mut = x;
    /// Offset velocities
    fn v, v_mut = v;
}
