//! The tracking spring ("Perfect Tracking with Springs"): follows an input signal's position,
//! velocity and acceleration with separate gains, removing discontinuities smoothly.
//!
//! Three forms:
//!
//! - [`tracking_spring_update`] and its `_no_acceleration` / `_no_velocity_acceleration` variants:
//!   the source's per-frame form. The gains are blend factors *per frame*, so the result depends on
//!   the frame rate: it is **not dt-invariant**. It tracks a clean signal perfectly.
//! - [`tracking_spring_update_improved`]: the same with halflives and the exact damper instead of
//!   per-frame gains. Less sensitive to the frame rate, still not dt-invariant.
//! - [`tracking_spring_update_exact`] and its variants: the per-frame form written as the
//!   spring-damper `a = s (x_goal - x) + d (q - v)` with
//!
//!   ```text
//!   t0 = (1 - av)(1 - ax)          t1 = aa (1 - av)(1 - ax)
//!   t2 = av (1 - ax) / gain_dt     t3 = ax / gain_dt²
//!   s  = t3,   d = (1 - t0) / gain_dt,   d q = t2 v_goal + t1 a_goal
//!   ```
//!
//!   and solved exactly, so it is dt-invariant (for targets held constant over the step). The
//!   per-frame form is precisely one semi-implicit Euler step of this spring with step `gain_dt`
//!   (`v += gain_dt a(x, v)`, then `x += gain_dt v`), so at `dt == gain_dt` the two agree to first
//!   order but not exactly: the exact form does not reproduce the frame form's pixel-perfect
//!   tracking, as the source notes.
//!
//! Gains are in `[0, 1]` and `gain_dt > 0` is the frame time the gains were tuned for (the source
//! suggests `a_gain = 1`, `v_gain = 0.2`, `x_gain = 0.01` at 60 Hz). The unchecked functions clamp
//! gains to `[0, 1]` and leave the state unchanged for a NaN gain, a `gain_dt` that is not finite
//! and positive, or a `dt` that is NaN, infinite or not positive; `dt = 0` returns the state bit for
//! bit. [`TrackingGains::new`] is the checked path.
//!
//! Targets come from finite differences of the input ([`tracking_target_velocity`],
//! [`tracking_target_acceleration`]). Across a *known* discontinuity those differences are
//! meaningless and are dropped ([`TrackingTarget::from_samples`], [`TrackingDifferentiator`]);
//! against *unknown* ones they can be clamped to limits
//! ([`tracking_target_velocity_clamped`], [`tracking_target_acceleration_clamped`]).
//!
//! The position goal of a step is the newest sample (`x_next`): a spring sitting on the current
//! sample with the velocity that brought it there then lands on the next sample.

mod exact;
mod frame;
mod gains;
mod target;

pub use exact::{
    TrackingCoeffs, TrackingSpring, tracking_spring_update_exact,
    tracking_spring_update_no_acceleration_exact,
    tracking_spring_update_no_velocity_acceleration_exact,
};
pub use frame::{
    tracking_spring_update, tracking_spring_update_improved,
    tracking_spring_update_no_acceleration, tracking_spring_update_no_velocity_acceleration,
};
pub use gains::TrackingGains;
pub use target::{
    TrackingDifferentiator, TrackingTarget, tracking_spring_update_target,
    tracking_target_acceleration, tracking_target_acceleration_clamped, tracking_target_velocity,
    tracking_target_velocity_clamped,
};
