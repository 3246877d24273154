//! Targets from finite differences of the input, across known and unknown discontinuities.

use super::frame::{
    tracking_spring_update, tracking_spring_update_no_acceleration,
    tracking_spring_update_no_velocity_acceleration,
};

/// Finite-difference velocity of the input between two samples: `(x_next - x_curr) / dt`.
///
/// `dt` NaN, infinite or `<= 0` gives 0 (no division by zero); a quotient beyond `f32`
/// (a tiny `dt`, samples near `±f32::MAX`) saturates at `±f32::MAX`.
///
/// ```
/// assert_eq!(hooke::scalar::tracking_target_velocity(3.0, 1.0, 0.5), 4.0);
/// assert_eq!(hooke::scalar::tracking_target_velocity(3e38, -3e38, 0.5), f32::MAX);
/// ```
pub fn tracking_target_velocity(x_next: f32, x_curr: f32, dt: f32) -> f32 {
    if !(dt.is_finite() && dt > 0.0) {
        return 0.0;
    }
    let v = (x_next - x_curr) / dt;
    if v.is_finite() {
        v
    } else {
        // A tiny frame time or samples near ±f32::MAX (issue 21 row 5): saturated, not inf.
        crate::scalar::saturate((f64::from(x_next) - f64::from(x_curr)) / f64::from(dt))
    }
}

/// Finite-difference acceleration of the input over three samples:
/// `((x_next - x_curr) / dt - (x_curr - x_prev) / dt) / dt`.
///
/// `dt` NaN, infinite or `<= 0` gives 0; a result beyond `f32` saturates at `±f32::MAX`.
///
/// ```
/// // x = t² sampled at t = 0, 1, 2.
/// assert_eq!(hooke::scalar::tracking_target_acceleration(4.0, 1.0, 0.0, 1.0), 2.0);
/// ```
pub fn tracking_target_acceleration(x_next: f32, x_curr: f32, x_prev: f32, dt: f32) -> f32 {
    if !(dt.is_finite() && dt > 0.0) {
        return 0.0;
    }
    let a = ((x_next - x_curr) / dt - (x_curr - x_prev) / dt) / dt;
    if a.is_finite() {
        a
    } else {
        let (n, c, p, dt) = (
            f64::from(x_next),
            f64::from(x_curr),
            f64::from(x_prev),
            f64::from(dt),
        );
        crate::scalar::saturate(((n - c) / dt - (c - p) / dt) / dt)
    }
}

/// Clamps to `[-limit, limit]` (`|limit|` is used; a NaN limit does not clamp). Never panics.
pub(super) fn clamp_symmetric(value: f32, limit: f32) -> f32 {
    let limit = limit.abs();
    value.max(-limit).min(limit)
}

/// [`tracking_target_velocity`] clamped to `[-v_max, v_max]`: the defence against
/// discontinuities whose position is unknown (a jump then only leaks `v_max` into the target).
///
/// `|v_max|` is used; a NaN `v_max` does not clamp.
///
/// ```
/// use hooke::scalar::tracking_target_velocity_clamped;
/// assert_eq!(tracking_target_velocity_clamped(10.0, 0.0, 0.1, 5.0), 5.0);
/// assert_eq!(tracking_target_velocity_clamped(0.1, 0.0, 0.1, 5.0), 1.0);
/// ```
pub fn tracking_target_velocity_clamped(x_next: f32, x_curr: f32, dt: f32, v_max: f32) -> f32 {
    clamp_symmetric(tracking_target_velocity(x_next, x_curr, dt), v_max)
}

/// [`tracking_target_acceleration`] clamped to `[-a_max, a_max]` (see
/// [`tracking_target_velocity_clamped`]).
///
/// ```
/// use hooke::scalar::tracking_target_acceleration_clamped;
/// assert_eq!(tracking_target_acceleration_clamped(-10.0, 0.0, 0.0, 0.1, 50.0), -50.0);
/// ```
pub fn tracking_target_acceleration_clamped(
    x_next: f32,
    x_curr: f32,
    x_prev: f32,
    dt: f32,
    a_max: f32,
) -> f32 {
    clamp_symmetric(
        tracking_target_acceleration(x_next, x_curr, x_prev, dt),
        a_max,
    )
}

/// The targets of one tracking step: the goal position and, where known, the target velocity
/// and acceleration. `None` means "unknown across a discontinuity": the step then drops that term
/// (see [`TrackingGains::update`](super::TrackingGains::update) and [`tracking_spring_update_target`]).
///
/// ```
/// use hooke::scalar::TrackingTarget;
/// let t = TrackingTarget::from_samples(0.0, 1.0, 2.0, 1.0, false, false);
/// assert_eq!(t, TrackingTarget { x: 2.0, v: Some(1.0), a: Some(0.0) });
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackingTarget {
    /// The goal position: the newest sample.
    pub x: f32,
    /// The target velocity, if the last two samples are continuous.
    pub v: Option<f32>,
    /// The target acceleration, if the last three samples are continuous.
    pub a: Option<f32>,
}

impl TrackingTarget {
    /// Targets for the step from sample `x_curr` to sample `x_next` (`x_prev` is the one before),
    /// at known discontinuities: `cut_before` marks a discontinuity between `x_prev` and `x_curr`,
    /// `cut_after` one between `x_curr` and `x_next`.
    ///
    /// A cut after drops both velocity and acceleration (both differences span it); a cut before
    /// drops the acceleration only.
    ///
    /// ```
    /// use hooke::scalar::TrackingTarget;
    /// let t = TrackingTarget::from_samples(0.0, 1.0, 9.0, 1.0, false, true);
    /// assert_eq!((t.v, t.a), (None, None));
    /// let t = TrackingTarget::from_samples(5.0, 1.0, 2.0, 1.0, true, false);
    /// assert_eq!((t.v, t.a), (Some(1.0), None));
    /// ```
    pub fn from_samples(
        x_prev: f32,
        x_curr: f32,
        x_next: f32,
        dt: f32,
        cut_before: bool,
        cut_after: bool,
    ) -> TrackingTarget {
        let v = (!cut_after).then(|| tracking_target_velocity(x_next, x_curr, dt));
        let a = (!cut_after && !cut_before)
            .then(|| tracking_target_acceleration(x_next, x_curr, x_prev, dt));
        TrackingTarget { x: x_next, v, a }
    }

    /// Targets for unknown discontinuities: velocity and acceleration always present, clamped to
    /// `v_max` and `a_max`.
    ///
    /// ```
    /// use hooke::scalar::TrackingTarget;
    /// let t = TrackingTarget::from_samples_clamped(0.0, 0.0, 9.0, 0.1, 10.0, 100.0);
    /// assert_eq!((t.v, t.a), (Some(10.0), Some(100.0)));
    /// ```
    pub fn from_samples_clamped(
        x_prev: f32,
        x_curr: f32,
        x_next: f32,
        dt: f32,
        v_max: f32,
        a_max: f32,
    ) -> TrackingTarget {
        TrackingTarget {
            x: x_next,
            v: Some(tracking_target_velocity_clamped(x_next, x_curr, dt, v_max)),
            a: Some(tracking_target_acceleration_clamped(
                x_next, x_curr, x_prev, dt, a_max,
            )),
        }
    }
}

/// Turns a stream of samples (with known discontinuities flagged) into [`TrackingTarget`]s.
///
/// ```
/// use hooke::scalar::{TrackingDifferentiator, TrackingGains};
///
/// let dt = 1.0 / 60.0;
/// let gains = TrackingGains::new(0.01, 0.2, 1.0, dt)?;
/// let mut diff = TrackingDifferentiator::new();
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// for frame in 0..120 {
///     let t = frame as f32 * dt;
///     // The input jumps by 5 at frame 60, and we know it.
///     let sample = t.sin() + if frame >= 60 { 5.0 } else { 0.0 };
///     let target = diff.push(sample, frame == 60, dt);
///     gains.update(&mut x, &mut v, target, dt);
/// }
/// assert!(x.is_finite());
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TrackingDifferentiator {
    prev: Option<f32>,
    curr: Option<f32>,
    /// Whether there is a discontinuity between `prev` and `curr`.
    cut_before: bool,
}

impl TrackingDifferentiator {
    /// An empty history: the first sample gives neither velocity nor acceleration.
    ///
    /// ```
    /// let mut d = hooke::scalar::TrackingDifferentiator::new();
    /// assert_eq!(d.push(1.0, false, 0.1).v, None);
    /// ```
    pub fn new() -> TrackingDifferentiator {
        TrackingDifferentiator::default()
    }

    /// Adds the newest sample; `discontinuity` marks a known discontinuity between the previous
    /// sample and this one. Returns the targets for the step that ends on this sample.
    ///
    /// ```
    /// let mut d = hooke::scalar::TrackingDifferentiator::new();
    /// d.push(0.0, false, 1.0);
    /// d.push(1.0, false, 1.0);
    /// let t = d.push(3.0, false, 1.0);
    /// assert_eq!((t.v, t.a), (Some(2.0), Some(1.0)));
    /// let t = d.push(9.0, true, 1.0);
    /// assert_eq!((t.v, t.a), (None, None));
    /// let t = d.push(10.0, false, 1.0);
    /// assert_eq!((t.v, t.a), (Some(1.0), None));
    /// ```
    pub fn push(&mut self, sample: f32, discontinuity: bool, dt: f32) -> TrackingTarget {
        let target = match (self.prev, self.curr) {
            (Some(prev), Some(curr)) => {
                TrackingTarget::from_samples(prev, curr, sample, dt, self.cut_before, discontinuity)
            }
            (None, Some(curr)) => TrackingTarget {
                x: sample,
                v: (!discontinuity).then(|| tracking_target_velocity(sample, curr, dt)),
                a: None,
            },
            _ => TrackingTarget {
                x: sample,
                v: None,
                a: None,
            },
        };
        self.prev = self.curr;
        self.curr = Some(sample);
        self.cut_before = discontinuity;
        target
    }
}

/// The per-frame [`tracking_spring_update`] toward a [`TrackingTarget`], dropping the blends whose
/// targets are unknown (the source's handling of known discontinuities). Not dt-invariant.
///
/// ```
/// use hooke::scalar::{tracking_spring_update_target, TrackingTarget};
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// let target = TrackingTarget { x: 1.0, v: Some(0.0), a: None };
/// tracking_spring_update_target(&mut x, &mut v, target, 0.5, 0.2, 1.0, 0.1);
/// assert!((x - 0.5).abs() < 1e-6);
/// ```
pub fn tracking_spring_update_target(
    x: &mut f32,
    v: &mut f32,
    target: TrackingTarget,
    x_gain: f32,
    v_gain: f32,
    a_gain: f32,
    dt: f32,
) {
    match (target.v, target.a) {
        (Some(v_goal), Some(a_goal)) => {
            tracking_spring_update(x, v, target.x, v_goal, a_goal, x_gain, v_gain, a_gain, dt)
        }
        (Some(v_goal), None) => {
            tracking_spring_update_no_acceleration(x, v, target.x, v_goal, x_gain, v_gain, dt)
        }
        (None, _) => tracking_spring_update_no_velocity_acceleration(x, v, target.x, x_gain, dt),
    }
}
