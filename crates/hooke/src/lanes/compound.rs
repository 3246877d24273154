//! Kernels of the compound springs: the double spring and the timed spring; scalar twins in
//! [`crate::scalar`] (`double_spring_damper_exact`, `timed_spring_damper_exact`).

use wide::f32x8;

use super::closed_form::critical_lanes_per_dt;
use super::coeffs::LaneCoeffs;
use crate::coeffs::SpringCoeffs;

/// Step coefficients of the double spring ([`crate::scalar::double_spring_damper_exact`]): the
/// 4x4 linear map of `(x - g, v, xi - g, vi)` over one step.
///
/// ```
/// let c = hooke::lanes::DoubleCoeffs::new(0.2, 0.0);
/// assert_eq!(c, hooke::lanes::DoubleCoeffs::IDENTITY);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DoubleCoeffs {
    /// Row of the outer position: responses to `(p, v, u, w)`.
    pub p: [f32; 4],
    /// Row of the outer velocity.
    pub v: [f32; 4],
    /// Row of the intermediate position.
    pub u: [f32; 4],
    /// Row of the intermediate velocity.
    pub w: [f32; 4],
}

impl DoubleCoeffs {
    /// The step that changes nothing.
    pub const IDENTITY: DoubleCoeffs = DoubleCoeffs {
        p: [1.0, 0.0, 0.0, 0.0],
        v: [0.0, 1.0, 0.0, 0.0],
        u: [0.0, 0.0, 1.0, 0.0],
        w: [0.0, 0.0, 0.0, 1.0],
    };

    /// Coefficients for `halflife` over `dt` (computed in `f64`). Halflife 0 snaps to the goal;
    /// a NaN parameter or a `dt` that is not finite and positive gives the identity.
    ///
    /// ```
    /// let c = hooke::lanes::DoubleCoeffs::new(0.0, 0.1);
    /// assert_eq!(c.p, [0.0; 4]);
    /// ```
    pub fn new(halflife: f32, dt: f32) -> DoubleCoeffs {
        let (h, t) = (f64::from(halflife), f64::from(dt));
        if h.is_nan() || !(t > 0.0 && t.is_finite()) {
            return DoubleCoeffs::IDENTITY;
        }
        if h <= 0.0 {
            return DoubleCoeffs {
                p: [0.0; 4],
                v: [0.0; 4],
                u: [0.0; 4],
                w: [0.0; 4],
            };
        }
        // Each of the two springs has half the halflife: y = 2 ln2 / (h / 2).
        let y = 4.0 * std::f64::consts::LN_2 / h;
        let z = y * t;
        let e = (-z).exp();
        let (z2, z3) = (z * z, z * z * z);
        let yz = z2 / t;
        let row = |r: [f64; 4]| r.map(|c| (e * c) as f32);
        DoubleCoeffs {
            p: row([1.0 + z, t, 0.5 * z2 + z3 / 6.0, t * z2 / 6.0]),
            v: row([-yz, 1.0 - z, yz - yz * z2 / 6.0, 0.5 * z2 - z3 / 6.0]),
            u: row([0.0, 0.0, 1.0 + z, t]),
            w: row([0.0, 0.0, -yz, 1.0 - z]),
        }
    }
}

/// Double springs sharing a halflife: the SIMD twin of
/// [`crate::scalar::double_spring_damper_exact`] (`xi`, `vi`: the intermediate spring).
///
/// ```
/// use hooke::{column::Column, lanes::{double_shared, DoubleCoeffs}};
/// let n = 3;
/// let (mut x, mut v, mut xi, mut vi) = (Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0));
/// let goal = Column::new(n, 1.0);
/// double_shared(x.lanes_mut(), v.lanes_mut(), xi.lanes_mut(), vi.lanes_mut(), goal.lanes(), &DoubleCoeffs::new(0.2, 0.05));
/// assert!(x.as_slice()[0] > 0.0 && x.as_slice()[0] < xi.as_slice()[0]);
/// ```
pub fn double_shared(
    x: &mut [f32x8],
    v: &mut [f32x8],
    xi: &mut [f32x8],
    vi: &mut [f32x8],
    goal: &[f32x8],
    c: &DoubleCoeffs,
) {
    if *c == DoubleCoeffs::IDENTITY {
        return;
    }
    let s = |r: [f32; 4]| r.map(f32x8::splat);
    let (rp, rv, ru, rw) = (s(c.p), s(c.v), s(c.u), s(c.w));
    let dot = |r: &[f32x8; 4], p: f32x8, v: f32x8, u: f32x8, w: f32x8| {
        r[0].mul_add(p, r[1].mul_add(v, r[2].mul_add(u, r[3] * w)))
    };
    let lanes = x
        .iter_mut()
        .zip(v.iter_mut())
        .zip(xi.iter_mut())
        .zip(vi.iter_mut())
        .zip(goal);
    for ((((x, v), xi), vi), g) in lanes {
        let (p, u) = (*x - *g, *xi - *g);
        let (v0, w0) = (*v, *vi);
        *x = *g + dot(&rp, p, v0, u, w0);
        *v = dot(&rv, p, v0, u, w0);
        *xi = *g + dot(&ru, p, v0, u, w0);
        *vi = dot(&rw, p, v0, u, w0);
    }
}

/// What [`timed_shared`] reads for one step of timed springs sharing a halflife: the critical
/// step coefficients for `dt` and the lookahead `apprehension * halflife`, computed once per frame.
///
/// ```
/// use hooke::lanes::TimedStep;
/// assert!(TimedStep::new(0.05, 2.0, 1.0 / 60.0).is_some());
/// // Steps that change nothing (the scalar twin's identity cases) have no kernel to run.
/// assert!(TimedStep::new(0.05, 2.0, 0.0).is_none());
/// assert!(TimedStep::new(0.05, 2.0, f32::NAN).is_none());
/// assert!(TimedStep::new(f32::NAN, 2.0, 0.1).is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimedStep {
    c: LaneCoeffs,
    halflife: f32x8,
    dt: f32x8,
    lookahead: f32x8,
}

impl TimedStep {
    /// The step of `dt` seconds, or `None` where [`crate::scalar::timed_spring_damper_exact`]
    /// leaves the state unchanged (`dt` NaN, infinite or `<= 0`, or a NaN halflife).
    pub fn new(halflife: f32, apprehension: f32, dt: f32) -> Option<TimedStep> {
        if dt.is_nan() || dt <= 0.0 || !dt.is_finite() || halflife.is_nan() {
            return None;
        }
        Some(TimedStep {
            c: LaneCoeffs::splat(&SpringCoeffs::critical(halflife, dt)),
            halflife: f32x8::splat(halflife),
            dt: f32x8::splat(dt),
            lookahead: f32x8::splat((apprehension * halflife).max(0.0)),
        })
    }
}

/// Timed springs sharing a halflife: the SIMD twin of
/// [`crate::scalar::timed_spring_damper_exact`]. `t_goal` is each spring's remaining time (the
/// caller decreases it by `dt` per step); `step` comes from [`TimedStep::new`].
///
/// The spring tracks a lookahead point moving at constant speed that stops at the goal; in the
/// one frame where a lane's point stops mid-step, that lane needs coefficients for two partial
/// steps (computed then, for that lane group only).
///
/// ```
/// use hooke::{column::Column, lanes::{timed_shared, TimedStep}};
/// let n = 2;
/// let (mut x, mut v, mut xi) = (Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0));
/// let (goal, t_goal) = (Column::new(n, 5.0), Column::new(n, 1.0));
/// if let Some(step) = TimedStep::new(0.05, 2.0, 1.0 / 60.0) {
///     timed_shared(x.lanes_mut(), v.lanes_mut(), xi.lanes_mut(), goal.lanes(), t_goal.lanes(), &step);
/// }
/// assert!(xi.as_slice()[0] > 0.0 && x.as_slice()[0] > 0.0);
/// ```
pub fn timed_shared(
    x: &mut [f32x8],
    v: &mut [f32x8],
    xi: &mut [f32x8],
    goal: &[f32x8],
    t_goal: &[f32x8],
    step: &TimedStep,
) {
    let TimedStep {
        c,
        halflife: h,
        dt: dt8,
        lookahead,
    } = *step;
    let zero = f32x8::ZERO;
    let lanes = x
        .iter_mut()
        .zip(v.iter_mut())
        .zip(xi.iter_mut())
        .zip(goal)
        .zip(t_goal);
    for ((((x, v), xi), g), remaining) in lanes {
        let xi0 = *xi;
        let moving = remaining.simd_gt(lookahead);
        let q = moving.select((*g - xi0) / *remaining, zero);
        let g0 = moving.select(q.mul_add(lookahead, xi0), *g);
        let t_break = moving.select(*remaining - lookahead, zero);
        let crossing = t_break.simd_gt(zero) & t_break.simd_lt(dt8);
        // Common case: the point moves during the whole step or not at all.
        let q_whole = t_break.simd_ge(dt8).select(q, zero);
        let (mut x1, mut v1) = ramp_step(&c, *x, *v, g0, q_whole, dt8);
        if crossing.any() {
            let tau = t_break.max(zero).min(dt8);
            let first = critical_lanes_per_dt(h, tau);
            let second = critical_lanes_per_dt(h, dt8 - tau);
            let (xa, va) = ramp_step(&first, *x, *v, g0, q, tau);
            let (xb, vb) = ramp_step(&second, xa, va, q.mul_add(tau, g0), zero, dt8 - tau);
            x1 = crossing.select(xb, x1);
            v1 = crossing.select(vb, v1);
        }
        *x = x1;
        *v = v1;
        let arrived = remaining.simd_le(dt8);
        *xi = arrived.select(*g, ((*g - xi0) / *remaining).mul_add(dt8, xi0));
    }
}

/// One exact step of a critical spring (no goal-velocity term) toward a goal that moves at `q`
/// from `goal` during `duration`: the offset from the moving goal is a spring toward 0 driven by
/// goal velocity `-q`.
#[inline(always)]
fn ramp_step(
    c: &LaneCoeffs,
    x: f32x8,
    v: f32x8,
    goal: f32x8,
    q: f32x8,
    duration: f32x8,
) -> (f32x8, f32x8) {
    let (u, w) = (x - goal, v - q);
    let u1 = u + c.xx.mul_add(u, c.xv.mul_add(w, -(c.xq * q)));
    let w1 = c.vx.mul_add(u, c.vv.mul_add(w, -(c.vq * q)));
    (goal + q.mul_add(duration, u1), q + w1)
}
