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

use crate::coeffs::Coeffs64;
use crate::error::ParamError;
use crate::scalar::damper_exact;

const UNIT_INTERVAL: &str = "a value in [0, 1]";
const POSITIVE: &str = "a finite value > 0";

/// Validated tracking-spring gains, tuned for frames of `gain_dt` seconds.
///
/// ```
/// use hooke::scalar::TrackingGains;
///
/// let gains = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
/// // Precompute once per dt, then apply to any number of springs.
/// let coeffs = gains.coeffs(1.0 / 144.0);
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// coeffs.apply(&mut x, &mut v, 1.0, 0.0, 0.0);
/// assert!(x > 0.0);
///
/// let err = TrackingGains::new(1.5, 0.2, 1.0, 1.0 / 60.0).unwrap_err();
/// assert_eq!(err.to_string(), "parameter `x_gain` is 1.5, expected a value in [0, 1]");
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackingGains {
    x_gain: f32,
    v_gain: f32,
    a_gain: f32,
    gain_dt: f32,
}

fn check_gain(name: &'static str, value: f32) -> Result<f32, ParamError> {
    if (0.0..=1.0).contains(&value) {
        Ok(value)
    } else {
        Err(ParamError::Invalid {
            name,
            value,
            expected: UNIT_INTERVAL,
        })
    }
}

impl TrackingGains {
    /// Checked constructor: every gain in `[0, 1]`, `gain_dt` finite and `> 0`. The error names
    /// the offending parameter and value.
    ///
    /// ```
    /// use hooke::{ParamError, scalar::TrackingGains};
    /// assert!(TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0).is_ok());
    /// let err = TrackingGains::new(0.01, 0.2, 1.0, 0.0).unwrap_err();
    /// assert!(matches!(err, ParamError::Invalid { name: "gain_dt", .. }));
    /// assert!(TrackingGains::new(0.01, f32::NAN, 1.0, 0.1).is_err());
    /// ```
    pub fn new(
        x_gain: f32,
        v_gain: f32,
        a_gain: f32,
        gain_dt: f32,
    ) -> Result<TrackingGains, ParamError> {
        let x_gain = check_gain("x_gain", x_gain)?;
        let v_gain = check_gain("v_gain", v_gain)?;
        let a_gain = check_gain("a_gain", a_gain)?;
        if !(gain_dt.is_finite() && gain_dt > 0.0) {
            return Err(ParamError::Invalid {
                name: "gain_dt",
                value: gain_dt,
                expected: POSITIVE,
            });
        }
        Ok(TrackingGains {
            x_gain,
            v_gain,
            a_gain,
            gain_dt,
        })
    }

    /// The unchecked path's reading of raw parameters: gains clamped to `[0, 1]`; `None` for a
    /// NaN gain or a `gain_dt` that is not finite and positive.
    fn sanitize(x_gain: f32, v_gain: f32, a_gain: f32, gain_dt: f32) -> Option<TrackingGains> {
        if x_gain.is_nan() || v_gain.is_nan() || a_gain.is_nan() {
            return None;
        }
        if !(gain_dt.is_finite() && gain_dt > 0.0) {
            return None;
        }
        Some(TrackingGains {
            x_gain: x_gain.clamp(0.0, 1.0),
            v_gain: v_gain.clamp(0.0, 1.0),
            a_gain: a_gain.clamp(0.0, 1.0),
            gain_dt,
        })
    }

    /// The position gain.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.x_gain(), 0.01);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn x_gain(&self) -> f32 {
        self.x_gain
    }

    /// The velocity gain.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.v_gain(), 0.2);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn v_gain(&self) -> f32 {
        self.v_gain
    }

    /// The acceleration gain.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.a_gain(), 1.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn a_gain(&self) -> f32 {
        self.a_gain
    }

    /// The frame time the gains are defined for.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.gain_dt(), 0.02);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn gain_dt(&self) -> f32 {
        self.gain_dt
    }

    /// The same gains without the acceleration term (`a_gain = 0`): the step to take when the
    /// acceleration target is unknown.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// assert_eq!(g.without_acceleration().a_gain(), 0.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn without_acceleration(&self) -> TrackingGains {
        TrackingGains {
            a_gain: 0.0,
            ..*self
        }
    }

    /// The same gains without velocity and acceleration terms (`v_gain = a_gain = 0`): the step
    /// to take when neither target is known. Note that dropping the velocity term also lowers the
    /// damping, exactly as skipping the velocity blend does in the per-frame form.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 0.02)?;
    /// let p = g.without_velocity_acceleration();
    /// assert_eq!((p.v_gain(), p.a_gain()), (0.0, 0.0));
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn without_velocity_acceleration(&self) -> TrackingGains {
        TrackingGains {
            v_gain: 0.0,
            a_gain: 0.0,
            ..*self
        }
    }

    /// The equivalent spring-damper: stiffness, damping and the map from the targets to the goal
    /// velocity, all in `f64`.
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let eq = g.equivalent_spring();
    /// assert!((eq.stiffness - 36.0).abs() < 1e-3);           // 0.01 * 60²
    /// assert!((eq.damping - 12.48).abs() < 1e-3);            // (1 - 0.8 * 0.99) * 60
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn equivalent_spring(&self) -> TrackingSpring {
        let ax = f64::from(self.x_gain);
        let av = f64::from(self.v_gain);
        let aa = f64::from(self.a_gain);
        let gdt = f64::from(self.gain_dt);
        let keep = (1.0 - av) * (1.0 - ax); // t0
        // 1 - t0 = ax + av (1 - ax), written without the cancellation of 1 - t0 for small gains.
        let one_minus_t0 = ax + av * (1.0 - ax);
        TrackingSpring {
            stiffness: ax / (gdt * gdt),
            damping: one_minus_t0 / gdt,
            v_goal_force: av * (1.0 - ax) / gdt,
            a_goal_force: aa * keep,
        }
    }

    /// Step coefficients of the exact tracking spring over `dt` (`dt` NaN, infinite or `<= 0`
    /// gives the identity).
    ///
    /// ```
    /// let g = hooke::scalar::TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// assert_eq!(g.coeffs(0.0), hooke::scalar::TrackingCoeffs::IDENTITY);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn coeffs(&self, dt: f32) -> TrackingCoeffs {
        self.equivalent_spring().coeffs(dt)
    }

    /// One exact step toward a [`TrackingTarget`], dropping the terms whose targets are unknown.
    ///
    /// ```
    /// use hooke::scalar::{TrackingGains, TrackingTarget};
    /// let g = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let (mut x, mut v) = (0.0_f32, 0.0_f32);
    /// let target = TrackingTarget { x: 1.0, v: None, a: None };
    /// g.update(&mut x, &mut v, target, 1.0 / 60.0);
    /// assert!(x > 0.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn update(&self, x: &mut f32, v: &mut f32, target: TrackingTarget, dt: f32) {
        if dt == 0.0 {
            return;
        }
        match (target.v, target.a) {
            (Some(v_goal), Some(a_goal)) => self.coeffs(dt).apply(x, v, target.x, v_goal, a_goal),
            (Some(v_goal), None) => self
                .without_acceleration()
                .coeffs(dt)
                .apply(x, v, target.x, v_goal, 0.0),
            (None, _) => self
                .without_velocity_acceleration()
                .coeffs(dt)
                .apply(x, v, target.x, 0.0, 0.0),
        }
    }
}

/// The spring-damper equivalent to a set of tracking gains:
/// `a = stiffness (x_goal - x) - damping v + force`, with
/// `force = v_goal_force * v_goal + a_goal_force * a_goal`.
///
/// With `ax, av, aa` the gains and `gdt` the frame time they are defined for,
/// `t0 = (1 - av)(1 - ax)`, `t1 = aa (1 - av)(1 - ax)`, `t2 = av (1 - ax) / gdt`,
/// `t3 = ax / gdt²`; then `stiffness = t3`, `damping = (1 - t0) / gdt`, `v_goal_force = t2`,
/// `a_goal_force = t1`. The source's goal velocity is `force / damping`. The per-frame form
/// ([`tracking_spring_update`]) is exactly one semi-implicit Euler step of this spring with step
/// `gdt`, so the exact form agrees with it to first order in the gains, not exactly.
///
/// ```
/// use hooke::scalar::TrackingGains;
/// let eq = TrackingGains::new(0.5, 0.5, 1.0, 0.1)?.equivalent_spring();
/// let q = eq.goal_velocity(2.0, 0.0).unwrap();
/// assert!((eq.damping * f64::from(q) - eq.force(2.0, 0.0)).abs() < 1e-6);
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackingSpring {
    /// `t3 = x_gain / gain_dt²`.
    pub stiffness: f64,
    /// `(1 - t0) / gain_dt = (x_gain + v_gain (1 - x_gain)) / gain_dt`.
    pub damping: f64,
    /// `t2 = v_gain (1 - x_gain) / gain_dt`: force per unit of target velocity.
    pub v_goal_force: f64,
    /// `t1 = a_gain (1 - v_gain)(1 - x_gain)`: force per unit of target acceleration.
    pub a_goal_force: f64,
}

impl TrackingSpring {
    /// The constant force (acceleration, unit mass) the targets exert.
    ///
    /// ```
    /// use hooke::scalar::TrackingGains;
    /// let eq = TrackingGains::new(0.0, 0.0, 1.0, 0.1)?.equivalent_spring();
    /// assert_eq!(eq.force(5.0, 3.0), 3.0); // a pure acceleration integrator
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn force(&self, v_goal: f32, a_goal: f32) -> f64 {
        self.v_goal_force * f64::from(v_goal) + self.a_goal_force * f64::from(a_goal)
    }

    /// The goal velocity `q = force / damping` for [`crate::SpringCoeffs::apply`], with
    /// `SpringCoeffs::stiffness_damping(stiffness, damping, dt)`.
    ///
    /// `None` when the damping is 0 (`x_gain = v_gain = 0`): the force is then a constant
    /// acceleration that no goal velocity can express; use [`TrackingSpring::coeffs`] instead,
    /// which covers that case.
    ///
    /// ```
    /// use hooke::{SpringCoeffs, scalar::TrackingGains};
    /// let eq = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?.equivalent_spring();
    /// let q = eq.goal_velocity(1.0, 0.0).unwrap();
    /// let c = SpringCoeffs::stiffness_damping(eq.stiffness as f32, eq.damping as f32, 0.01);
    /// let (mut x, mut v) = (0.0_f32, 0.0_f32);
    /// c.apply(&mut x, &mut v, 0.0, q);
    /// assert!(v > 0.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn goal_velocity(&self, v_goal: f32, a_goal: f32) -> Option<f32> {
        if self.damping > 0.0 {
            Some((self.force(v_goal, a_goal) / self.damping) as f32)
        } else {
            None
        }
    }

    /// Exact step coefficients over `dt`, computed in `f64` and rounded once.
    ///
    /// ```
    /// use hooke::scalar::TrackingGains;
    /// let c = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?.equivalent_spring().coeffs(0.5);
    /// assert!(c.vv.abs() < 1.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn coeffs(&self, dt: f32) -> TrackingCoeffs {
        let t = f64::from(dt);
        if !(t.is_finite() && t > 0.0) {
            return TrackingCoeffs::IDENTITY;
        }
        let (s, d) = (self.stiffness, self.damping);
        let c = Coeffs64::stiffness_damping(s, d, t);
        // Response to a constant unit force: velocity m01 (= xv), position p = ∫ m01. Coeffs64
        // stores p through xq = d p and xx = -s p; pick the one that is not multiplied by 0.
        let p = if d > 0.0 {
            c.xq / d
        } else if s > 0.0 {
            -c.xx / s
        } else {
            0.5 * t * t
        };
        let m01 = c.xv;
        let out = TrackingCoeffs {
            xx: c.xx as f32,
            xv: c.xv as f32,
            xvg: (p * self.v_goal_force) as f32,
            xag: (p * self.a_goal_force) as f32,
            vx: c.vx as f32,
            vv: c.vv as f32,
            vvg: (m01 * self.v_goal_force) as f32,
            vag: (m01 * self.a_goal_force) as f32,
        };
        let all_finite = [
            out.xx, out.xv, out.xvg, out.xag, out.vx, out.vv, out.vvg, out.vag,
        ]
        .iter()
        .all(|value| value.is_finite());
        if all_finite {
            out
        } else {
            TrackingCoeffs::IDENTITY
        }
    }
}

/// Step coefficients of the exact tracking spring for one `(gains, dt)`:
///
/// ```text
/// e  = x0 - x_goal
/// x1 = x0 + (xx e + xv v0 + xvg v_goal + xag a_goal)
/// v1 =       vx e + vv v0 + vvg v_goal + vag a_goal
/// ```
///
/// Unlike a goal-velocity mapping this also covers zero damping (`x_gain = v_gain = 0`, where the
/// acceleration target acts as a constant force).
///
/// ```
/// use hooke::scalar::TrackingCoeffs;
/// let (mut x, mut v) = (1.0_f32, 2.0_f32);
/// TrackingCoeffs::IDENTITY.apply(&mut x, &mut v, 5.0, 1.0, 1.0);
/// assert_eq!((x, v), (1.0, 2.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackingCoeffs {
    /// Position response to the offset from the goal, minus one.
    pub xx: f32,
    /// Position response to the initial velocity.
    pub xv: f32,
    /// Position response to the target velocity.
    pub xvg: f32,
    /// Position response to the target acceleration.
    pub xag: f32,
    /// Velocity response to the offset from the goal.
    pub vx: f32,
    /// Velocity response to the initial velocity.
    pub vv: f32,
    /// Velocity response to the target velocity.
    pub vvg: f32,
    /// Velocity response to the target acceleration.
    pub vag: f32,
}

impl TrackingCoeffs {
    /// The coefficients of a step that changes nothing.
    ///
    /// ```
    /// assert_eq!(hooke::scalar::TrackingCoeffs::IDENTITY.vv, 1.0);
    /// ```
    pub const IDENTITY: TrackingCoeffs = TrackingCoeffs {
        xx: 0.0,
        xv: 0.0,
        xvg: 0.0,
        xag: 0.0,
        vx: 0.0,
        vv: 1.0,
        vvg: 0.0,
        vag: 0.0,
    };

    /// Advances one tracking spring by the step these coefficients describe.
    ///
    /// ```
    /// use hooke::scalar::TrackingGains;
    /// let c = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?.coeffs(1.0 / 60.0);
    /// let (mut x, mut v) = (0.0_f32, 0.0_f32);
    /// c.apply(&mut x, &mut v, 0.0, 1.0, 0.0);
    /// assert!(x > 0.0 && v > 0.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    #[inline]
    pub fn apply(&self, x: &mut f32, v: &mut f32, x_goal: f32, v_goal: f32, a_goal: f32) {
        let e = *x - x_goal;
        let v0 = *v;
        *x += self.xx * e + self.xv * v0 + self.xvg * v_goal + self.xag * a_goal;
        *v = self.vx * e + self.vv * v0 + self.vvg * v_goal + self.vag * a_goal;
    }
}

/// The exact, dt-invariant tracking spring: the per-frame gains (defined at frames of `gain_dt`)
/// turned into the equivalent spring-damper and solved exactly over `dt`.
///
/// The mapping is described on [`TrackingSpring`]; the coefficients are computed in `f64` and
/// rounded once. Dt-invariant for targets held constant over the step: one step of `dt` equals
/// `n` steps of `dt / n` up to rounding. It does not reproduce the per-frame form's
/// pixel-perfect tracking, even at `dt == gain_dt`: on a smooth signal it follows with a small
/// lag.
///
/// Domain: gains in `[0, 1]`, `gain_dt` finite and `> 0`, `dt >= 0`. Outside it nothing becomes
/// NaN: gains are clamped to `[0, 1]`; a NaN gain, a `gain_dt` that is not finite and positive, or
/// a `dt` that is NaN, infinite or negative leaves the state unchanged; `dt = 0` returns it bit
/// for bit. `x_gain = v_gain = 0` (no damping) is valid: the acceleration target then acts as a
/// constant acceleration, where the source divides by zero. [`TrackingGains::new`] is the checked
/// path.
///
/// ```
/// use hooke::scalar::tracking_spring_update_exact;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// for _ in 0..600 {
///     tracking_spring_update_exact(&mut x, &mut v, 1.0, 0.0, 0.0, 0.01, 0.2, 1.0, 1.0 / 60.0, 1.0 / 60.0);
/// }
/// assert!((x - 1.0).abs() < 1e-3);
/// ```
#[allow(clippy::too_many_arguments)] // the source's signature, kept for ported code
pub fn tracking_spring_update_exact(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    a_goal: f32,
    x_gain: f32,
    v_gain: f32,
    a_gain: f32,
    dt: f32,
    gain_dt: f32,
) {
    if dt == 0.0 {
        return;
    }
    if let Some(gains) = TrackingGains::sanitize(x_gain, v_gain, a_gain, gain_dt) {
        gains.coeffs(dt).apply(x, v, x_goal, v_goal, a_goal);
    }
}

/// [`tracking_spring_update_exact`] without an acceleration target (`a_gain = 0`).
///
/// ```
/// use hooke::scalar::tracking_spring_update_no_acceleration_exact;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// tracking_spring_update_no_acceleration_exact(&mut x, &mut v, 0.0, 1.0, 0.01, 0.2, 0.1, 1.0 / 60.0);
/// assert!(v > 0.0);
/// ```
#[allow(clippy::too_many_arguments)] // the source's signature, kept for ported code
pub fn tracking_spring_update_no_acceleration_exact(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    x_gain: f32,
    v_gain: f32,
    dt: f32,
    gain_dt: f32,
) {
    tracking_spring_update_exact(x, v, x_goal, v_goal, 0.0, x_gain, v_gain, 0.0, dt, gain_dt);
}

/// [`tracking_spring_update_exact`] with a position target only (`v_gain = a_gain = 0`).
///
/// ```
/// use hooke::scalar::tracking_spring_update_no_velocity_acceleration_exact;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// tracking_spring_update_no_velocity_acceleration_exact(&mut x, &mut v, 1.0, 0.01, 0.5, 1.0 / 60.0);
/// assert!(x > 0.0);
/// ```
pub fn tracking_spring_update_no_velocity_acceleration_exact(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    x_gain: f32,
    dt: f32,
    gain_dt: f32,
) {
    tracking_spring_update_exact(x, v, x_goal, 0.0, 0.0, x_gain, 0.0, 0.0, dt, gain_dt);
}

/// `a + (b - a) t` written so that `t = 1` gives exactly `b`.
#[inline]
fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a * (1.0 - t) + b * t
}

/// Whether the per-frame forms can run: a finite positive `dt` and gains that are not NaN.
fn frame_step_valid(dt: f32, gains: &[f32]) -> bool {
    dt.is_finite() && dt > 0.0 && gains.iter().all(|g| !g.is_nan())
}

/// The source's per-frame tracking spring: blends the velocity toward the target acceleration,
/// velocity and position with per-frame gains, then moves.
///
/// ```text
/// v = lerp(v, v + a_goal dt, a_gain)
/// v = lerp(v, v_goal, v_gain)
/// v = lerp(v, (x_goal - x) / dt, x_gain)
/// x = x + dt v
/// ```
///
/// **Not dt-invariant**: the gains are per frame, so ticking at a different rate changes the
/// behaviour (use [`tracking_spring_update_exact`] for a varying `dt`). It is exactly one
/// semi-implicit Euler step of the spring of [`TrackingGains::equivalent_spring`] with
/// `gain_dt = dt`. With `a_gain = 1`, a spring that sits on a clean signal with the velocity that
/// brought it there, fed with `x_goal = x_next` and finite-difference targets, lands exactly on the
/// next sample (up to rounding).
///
/// Gains are clamped to `[0, 1]`; a NaN gain or a `dt` that is NaN, infinite or `<= 0` leaves the
/// state unchanged (no division by zero).
///
/// ```
/// use hooke::scalar::tracking_spring_update;
/// // On the signal x(t) = 2 t: the spring stays on it exactly.
/// let dt = 1.0 / 60.0;
/// let (mut x, mut v) = (0.5_f32, 2.0_f32);
/// tracking_spring_update(&mut x, &mut v, 0.5 + 2.0 * dt, 2.0, 0.0, 0.01, 0.2, 1.0, dt);
/// assert!((x - (0.5 + 2.0 * dt)).abs() < 1e-6 && (v - 2.0).abs() < 1e-5);
/// ```
#[allow(clippy::too_many_arguments)] // the source's signature, kept for ported code
pub fn tracking_spring_update(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    a_goal: f32,
    x_gain: f32,
    v_gain: f32,
    a_gain: f32,
    dt: f32,
) {
    if !frame_step_valid(dt, &[x_gain, v_gain, a_gain]) {
        return;
    }
    let (ax, av, aa) = (
        x_gain.clamp(0.0, 1.0),
        v_gain.clamp(0.0, 1.0),
        a_gain.clamp(0.0, 1.0),
    );
    let mut vel = lerp(*v, *v + a_goal * dt, aa);
    vel = lerp(vel, v_goal, av);
    vel = lerp(vel, (x_goal - *x) / dt, ax);
    *v = vel;
    *x += dt * vel;
}

/// [`tracking_spring_update`] without the acceleration blend (for steps where the acceleration
/// target is unknown). Not dt-invariant.
///
/// ```
/// use hooke::scalar::tracking_spring_update_no_acceleration;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// tracking_spring_update_no_acceleration(&mut x, &mut v, 0.0, 1.0, 0.01, 1.0, 0.1);
/// assert!((v - 0.99).abs() < 1e-6);
/// ```
pub fn tracking_spring_update_no_acceleration(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    x_gain: f32,
    v_gain: f32,
    dt: f32,
) {
    if !frame_step_valid(dt, &[x_gain, v_gain]) {
        return;
    }
    let (ax, av) = (x_gain.clamp(0.0, 1.0), v_gain.clamp(0.0, 1.0));
    let mut vel = lerp(*v, v_goal, av);
    vel = lerp(vel, (x_goal - *x) / dt, ax);
    *v = vel;
    *x += dt * vel;
}

/// [`tracking_spring_update`] with only the position blend (for steps where neither velocity nor
/// acceleration targets are known). Not dt-invariant.
///
/// ```
/// use hooke::scalar::tracking_spring_update_no_velocity_acceleration;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// tracking_spring_update_no_velocity_acceleration(&mut x, &mut v, 1.0, 1.0, 0.1);
/// assert!((x - 1.0).abs() < 1e-6); // x_gain = 1 snaps onto the goal in one frame
/// ```
pub fn tracking_spring_update_no_velocity_acceleration(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    x_gain: f32,
    dt: f32,
) {
    if !frame_step_valid(dt, &[x_gain]) {
        return;
    }
    let vel = lerp(*v, (x_goal - *x) / dt, x_gain.clamp(0.0, 1.0));
    *v = vel;
    *x += dt * vel;
}

/// The source's "improved" tracking spring: the per-frame blends replaced by
/// [`damper_exact`] with halflives (the source uses 0 for acceleration, 0.05 s for velocity,
/// 1.0 s for position).
///
/// Less frame-rate dependent than [`tracking_spring_update`], but still **not dt-invariant** (the
/// blends are applied in sequence once per step and the position target is `(x_goal - x) / dt`).
/// Halflives follow [`damper_exact`] (0 snaps that blend fully). A `dt` that is NaN, infinite or
/// `<= 0` leaves the state unchanged.
///
/// ```
/// use hooke::scalar::tracking_spring_update_improved;
/// let dt = 1.0 / 60.0;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// for _ in 0..600 {
///     tracking_spring_update_improved(&mut x, &mut v, 1.0, 0.0, 0.0, 1.0, 0.05, 0.0, dt);
/// }
/// assert!((x - 1.0).abs() < 0.01);
/// ```
#[allow(clippy::too_many_arguments)] // the source's signature, kept for ported code
pub fn tracking_spring_update_improved(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    a_goal: f32,
    x_halflife: f32,
    v_halflife: f32,
    a_halflife: f32,
    dt: f32,
) {
    if !(dt.is_finite() && dt > 0.0) {
        return;
    }
    let mut vel = damper_exact(*v, *v + a_goal * dt, a_halflife, dt);
    vel = damper_exact(vel, v_goal, v_halflife, dt);
    vel = damper_exact(vel, (x_goal - *x) / dt, x_halflife, dt);
    *v = vel;
    *x += dt * vel;
}

/// Finite-difference velocity of the input between two samples: `(x_next - x_curr) / dt`.
///
/// `dt` NaN, infinite or `<= 0` gives 0 (no division by zero).
///
/// ```
/// assert_eq!(hooke::scalar::tracking_target_velocity(3.0, 1.0, 0.5), 4.0);
/// ```
pub fn tracking_target_velocity(x_next: f32, x_curr: f32, dt: f32) -> f32 {
    if !(dt.is_finite() && dt > 0.0) {
        return 0.0;
    }
    (x_next - x_curr) / dt
}

/// Finite-difference acceleration of the input over three samples:
/// `((x_next - x_curr) / dt - (x_curr - x_prev) / dt) / dt`.
///
/// `dt` NaN, infinite or `<= 0` gives 0.
///
/// ```
/// // x = t² sampled at t = 0, 1, 2.
/// assert_eq!(hooke::scalar::tracking_target_acceleration(4.0, 1.0, 0.0, 1.0), 2.0);
/// ```
pub fn tracking_target_acceleration(x_next: f32, x_curr: f32, x_prev: f32, dt: f32) -> f32 {
    if !(dt.is_finite() && dt > 0.0) {
        return 0.0;
    }
    ((x_next - x_curr) / dt - (x_curr - x_prev) / dt) / dt
}

/// Clamps to `[-limit, limit]` (`|limit|` is used; a NaN limit does not clamp). Never panics.
fn clamp_symmetric(value: f32, limit: f32) -> f32 {
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
/// (see [`TrackingGains::update`] and [`tracking_spring_update_target`]).
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
