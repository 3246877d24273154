//! Batches of velocity springs: glide toward a goal at a maximum velocity.

use wide::f32x8;

use super::macros::batch_methods;
use super::state_column;
use super::timed::{TimedCore, TimedParams};
use crate::column::Column;
use crate::error::ParamError;

/// Many velocity springs sharing an apprehension, with a shared halflife or one per spring
/// ([`with_halflives`](Self::with_halflives)), each with its own maximum velocity: the spring
/// follows its goal through a point that glides toward it at no more than
/// `max_velocity`, so a jump of the goal becomes a constant-speed glide. The SIMD batch of
/// [`crate::scalar::velocity_spring_damper_exact`], run on the timed spring's kernel: a point
/// gliding at `max_velocity` arrives after `|goal - xi| / max_velocity`.
///
/// ```
/// use hooke::batch::VelocitySprings;
/// let mut s = VelocitySprings::new(10, 0.05, 2.0)?;
/// s.goal_mut().fill(10.0);
/// s.max_velocity_mut().fill(4.0);
/// for _ in 0..60 {
///     s.update(1.0 / 60.0)?;
/// }
/// assert!((s.v()[0] - 4.0).abs() < 1e-3); // cruising at the maximum velocity
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone)]
pub struct VelocitySprings {
    /// The state, `t` holding each point's time to arrival (per-frame scratch).
    timed: TimedCore,
    max_velocity: Column,
}

impl VelocitySprings {
    /// `len` springs at rest at 0, goal 0, maximum velocity 0 (set it with
    /// [`max_velocity_mut`](Self::max_velocity_mut)), sharing `halflife` and `apprehension`
    /// (both finite, `>= 0`).
    ///
    /// ```
    /// assert!(hooke::batch::VelocitySprings::new(1, -0.1, 2.0).is_err());
    /// ```
    pub fn new(
        len: usize,
        halflife: f32,
        apprehension: f32,
    ) -> Result<VelocitySprings, ParamError> {
        VelocitySprings::with_params(len, TimedParams::shared(halflife, apprehension)?)
    }

    /// One velocity spring per halflife in `halflives` (each finite, `>= 0`), sharing
    /// `apprehension` (finite, `>= 0`), at rest at 0, goal 0, maximum velocity 0. Errors name the
    /// field and the index of the first bad halflife.
    ///
    /// ```
    /// use hooke::{batch::VelocitySprings, ParamError};
    /// let mut s = VelocitySprings::with_halflives(&[0.05, 0.0], 2.0)?;
    /// s.goal_mut().fill(10.0);
    /// s.max_velocity_mut().fill(4.0);
    /// s.update(0.5)?;
    /// assert_eq!(s.xi(), &[2.0, 2.0]); // both points glide at 4/s
    /// let err = VelocitySprings::with_halflives(&[0.1, f32::INFINITY], 2.0).unwrap_err();
    /// assert!(matches!(err, ParamError::InvalidAt { name: "halflife", index: 1, .. }));
    /// # Ok::<(), ParamError>(())
    /// ```
    pub fn with_halflives(
        halflives: &[f32],
        apprehension: f32,
    ) -> Result<VelocitySprings, ParamError> {
        let params = TimedParams::per_spring(Self::NAME, halflives, apprehension)?;
        VelocitySprings::with_params(halflives.len(), params)
    }

    const NAME: &str = "VelocitySprings";

    fn with_params(len: usize, params: TimedParams) -> Result<VelocitySprings, ParamError> {
        Ok(VelocitySprings {
            timed: TimedCore::new(Self::NAME, len, params)?,
            max_velocity: state_column(Self::NAME, len)?,
        })
    }

    /// One update over a checked `dt`, split by `grain`.
    fn advance(&mut self, dt: f32, grain: usize) {
        // Each point's time to arrival, found before each step from its maximum velocity.
        let arrival = |xi: &[f32x8], g: &[f32x8], t: &mut [f32x8], speed: &&[f32x8]| {
            arrival_times(xi, g, speed, t)
        };
        let speed = self.max_velocity.lanes();
        self.timed.update(dt, grain, speed, &arrival, &|_| {});
    }
}

/// Each point's time to reach its goal gliding at its maximum velocity: `|goal - xi| / speed`,
/// 0 when it is there (or the speed is infinite), `+inf` when it cannot move.
fn arrival_times(xi: &[f32x8], goal: &[f32x8], speed: &[f32x8], arrival: &mut [f32x8]) {
    let zero = f32x8::ZERO;
    for (((t, xi), g), s) in arrival.iter_mut().zip(xi).zip(goal).zip(speed) {
        let distance = (*g - *xi).abs();
        // NaN and negative speeds hold the point still, as in the scalar twin.
        let moving = s.simd_gt(zero);
        let glide = distance / moving.select(*s, f32x8::ONE);
        let stuck = distance
            .simd_eq(zero)
            .select(zero, f32x8::splat(f32::INFINITY));
        *t = moving.select(glide, stuck);
    }
}

batch_methods! {
    VelocitySprings: "springs" of timed.x, made by "with_halflives(&vec![0.1; n], 2.0)?";
    timed springs;
    /// The gliding points (each spring's followed point).
    fn xi(&self) = timed.xi;
    /// Maximum velocities, mutably (`<= 0` holds a point still, `+inf` jumps it to the goal;
    /// NaN behaves as 0).
    fn max_velocity_mut(&mut self) = max_velocity;
}
