//! The exact (dt-invariant) tracking spring: the per-frame form solved as a spring-damper.

use super::gains::TrackingGains;
use crate::coeffs::Coeffs64;

/// The spring-damper equivalent to a set of tracking gains:
/// `a = stiffness (x_goal - x) - damping v + force`, with
/// `force = v_goal_force * v_goal + a_goal_force * a_goal`.
///
/// With `ax, av, aa` the gains and `gdt` the frame time they are defined for,
/// `t0 = (1 - av)(1 - ax)`, `t1 = aa (1 - av)(1 - ax)`, `t2 = av (1 - ax) / gdt`,
/// `t3 = ax / gdt²`; then `stiffness = t3`, `damping = (1 - t0) / gdt`, `v_goal_force = t2`,
/// `a_goal_force = t1`. The source's goal velocity is `force / damping`. The per-frame form
/// ([`tracking_spring_update`](super::tracking_spring_update)) is exactly one semi-implicit Euler step of this spring with step
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
        TrackingCoeffs::from_response(
            [c.xx, c.xv, c.vx, c.vv],
            p,
            self.v_goal_force,
            self.a_goal_force,
        )
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

    /// The coefficients of a general spring's step (`[xx, xv, vx, vv]` of its transition, see
    /// [`crate::SpringCoeffs`]) driven by the targets' force `v_goal_force v_goal + a_goal_force
    /// a_goal`, with `p = ∫ m01` its position response to a constant unit force (the velocity
    /// response is `m01 = xv`). Shared by [`TrackingSpring::coeffs`] and the batch kernel's slow
    /// path ([`crate::lanes::tracking_rates`]). The identity when a coefficient is beyond `f32`
    /// (an acceleration target over a step of more than ~1e19 s).
    pub(crate) fn from_response(
        [xx, xv, vx, vv]: [f64; 4],
        p: f64,
        v_goal_force: f64,
        a_goal_force: f64,
    ) -> TrackingCoeffs {
        // A target that exerts no force adds nothing, even when the response itself overflowed.
        let force_term = |response: f64, force: f64| {
            if force == 0.0 {
                0.0
            } else {
                (response * force) as f32
            }
        };
        let out = TrackingCoeffs {
            xx: xx as f32,
            xv: xv as f32,
            xvg: force_term(p, v_goal_force),
            xag: force_term(p, a_goal_force),
            vx: vx as f32,
            vv: vv as f32,
            vvg: force_term(xv, v_goal_force),
            vag: force_term(xv, a_goal_force),
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
        if *self == TrackingCoeffs::IDENTITY {
            // dt = 0: the state bit for bit (nothing is settled, see `crate::settle`).
            return;
        }
        let e = *x - x_goal;
        let v0 = *v;
        let dx = self.xx * e + self.xv * v0 + self.xvg * v_goal + self.xag * a_goal;
        let v1 = self.vx * e + self.vv * v0 + self.vvg * v_goal + self.vag * a_goal;
        let (x1, v1) = if (*x + dx).is_finite() && v1.is_finite() {
            (*x + dx, v1)
        } else {
            // Beyond f32 (gains of 1e30 wrote -inf): the step in f64, saturated.
            self.apply_saturating(*x, v0, x_goal, v_goal, a_goal)
        };
        // How a spring comes to rest in f32: no subnormal state, no stall short of the goal.
        // Targets in motion: the spring rests beside its goal, no nudge toward it (dx = 0).
        let nudge = if v_goal == 0.0 && a_goal == 0.0 {
            dx
        } else {
            0.0
        };
        (*x, *v) = crate::settle::settle(*x, v0, x1, v1, nudge, x_goal);
    }

    /// The step in `f64`, rounded to the nearest finite `f32`: the slow path for states whose
    /// next value is beyond the `f32` range (where [`apply`](Self::apply) gives infinities, or NaN
    /// from `inf - inf`), as [`crate::SpringCoeffs::apply_saturating`] is for springs. Finite
    /// input never becomes NaN or infinite.
    ///
    /// ```
    /// use hooke::scalar::TrackingGains;
    /// let c = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?.coeffs(1.0 / 60.0);
    /// // 6e38 from its goal: `x - x_goal` overflows f32.
    /// let (x, v) = c.apply_saturating(3e38, 0.0, -3e38, 0.0, 0.0);
    /// assert!(x.is_finite() && x < 3e38 && v.is_finite());
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn apply_saturating(
        &self,
        x: f32,
        v: f32,
        x_goal: f32,
        v_goal: f32,
        a_goal: f32,
    ) -> (f32, f32) {
        let wide = f64::from;
        let (x, v, vg, ag) = (wide(x), wide(v), wide(v_goal), wide(a_goal));
        let e = x - wide(x_goal);
        let x1 =
            x + wide(self.xx) * e + wide(self.xv) * v + wide(self.xvg) * vg + wide(self.xag) * ag;
        let v1 = wide(self.vx) * e + wide(self.vv) * v + wide(self.vvg) * vg + wide(self.vag) * ag;
        let max = f64::from(f32::MAX);
        // NaN is impossible here for finite input and coefficients: every f64 product and sum is
        // finite.
        (x1.clamp(-max, max) as f32, v1.clamp(-max, max) as f32)
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
