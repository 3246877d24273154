//! Kernels of the compound springs: the double spring and the timed spring; scalar twins in
//! [`crate::scalar`] (`double_spring_damper_exact`, `timed_spring_damper_exact`).

use crate::views::lane_view;
use wide::f32x8;

use super::closed_form::critical_coeffs_f64_lane_dt;
use super::coeffs::LaneCoeffs;
use super::exp::exp_neg_by_range;
use super::rates::{critical_rate, critical_rate_lanes};
use crate::coeffs::SpringCoeffs;
use crate::scalar::timed_step;
use crate::settle::{flush_lanes, settle, settle_lanes, stalled_lanes};

/// The double spring's rate `4 ln2 / halflife` (each of its two springs has half the halflife)
/// for [`double_rates`]: `+inf` for a rigid spring (halflife 0, or a rate beyond the `f32`
/// range). `halflife` must be finite and `>= 0` (the batches check).
///
/// ```
/// use hooke::lanes::{critical_rate, double_rate};
/// assert_eq!(double_rate(0.0), f32::INFINITY);
/// assert_eq!(double_rate(0.2), critical_rate(0.1));
/// ```
pub fn double_rate(halflife: f32) -> f32 {
    // Doubling is exact in f32 (and overflows to +inf, rigid, exactly when the rate is too big).
    2.0 * critical_rate(halflife)
}

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

    /// The step onto the goal at rest (halflife 0): every response 0.
    ///
    /// ```
    /// assert_eq!(hooke::lanes::DoubleCoeffs::new(0.0, 0.1), hooke::lanes::DoubleCoeffs::SNAP);
    /// ```
    pub const SNAP: DoubleCoeffs = DoubleCoeffs {
        p: [0.0; 4],
        v: [0.0; 4],
        u: [0.0; 4],
        w: [0.0; 4],
    };

    /// Coefficients for `halflife` over `dt` (computed in `f64`). Halflife 0 snaps to the goal;
    /// a NaN parameter or a `dt` that is not finite and positive gives the identity.
    ///
    /// ```
    /// let c = hooke::lanes::DoubleCoeffs::new(0.0, 0.1);
    /// assert_eq!(c.p, [0.0; 4]);
    /// ```
    pub fn new(halflife: f32, dt: f32) -> DoubleCoeffs {
        let Some((h, t)) = crate::units::exact_step_domain(halflife, dt) else {
            return DoubleCoeffs::IDENTITY;
        };
        if h <= 0.0 {
            return DoubleCoeffs::SNAP;
        }
        // Each of the two springs has half the halflife: y = 2 ln2 / (h / 2).
        let y = crate::units::critical_rate_f64(0.5 * h);
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

lane_view! {
    /// The state of double springs, as mutable lane slices: the outer spring (the output) and
    /// the intermediate one that drives it ([`double_shared`], [`double_rates`]).
    #[derive(Debug)]
    pub struct DoubleSpringLanesMut<'a>: &'a mut [f32x8], at "hooke::lanes::DoubleSpringLanesMut" {
        /// Positions of the outer spring.
        x,
        /// Velocities of the outer spring.
        v,
        /// Positions of the intermediate spring.
        xi,
        /// Velocities of the intermediate spring.
        vi,
    }
}

/// Double springs sharing a halflife: the SIMD twin of
/// [`crate::scalar::double_spring_damper_exact`].
///
/// ```
/// use hooke::{column::Column, lanes::{double_shared, DoubleCoeffs, DoubleSpringLanesMut}};
/// let n = 3;
/// let (mut x, mut v, mut xi, mut vi) = (Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0));
/// let goal = Column::new(n, 1.0);
/// let springs = DoubleSpringLanesMut { x: x.lanes_mut(), v: v.lanes_mut(), xi: xi.lanes_mut(), vi: vi.lanes_mut() };
/// double_shared(springs, goal.lanes(), &DoubleCoeffs::new(0.2, 0.05));
/// assert!(x.as_slice()[0] > 0.0 && x.as_slice()[0] < xi.as_slice()[0]);
/// ```
pub fn double_shared(springs: DoubleSpringLanesMut<'_>, goal: &[f32x8], c: &DoubleCoeffs) {
    let DoubleSpringLanesMut { x, v, xi, vi } = springs;
    debug_assert_same_len!(x, v, xi, vi, goal);
    if *c == DoubleCoeffs::IDENTITY {
        return;
    }
    let k = DoubleLanes::splat(c);
    for_lanes!((mut x, mut v, mut xi, mut vi, goal) {
        [*x, *v, *xi, *vi] = k.step(*x, *v, *xi, *vi, *goal);
    });
}

/// Double springs with one rate each ([`double_rate`]) over `dt`: the per-spring twin of
/// [`double_shared`]. Each lane group's coefficients come from its rates and this frame's `dt`
/// inside the loop (one exponential per lane), so a `dt` that changes every frame costs the same
/// as a constant one. Rigid lanes snap to the goal with zero velocities; `dt` that is not finite
/// and `> 0` changes nothing (as in the scalar twin); results beyond the `f32` range saturate.
///
/// ```
/// use hooke::{column::Column, lanes::{double_rate, double_rates, DoubleSpringLanesMut}};
/// let y = Column::from_slice(&[double_rate(0.2), double_rate(0.0)]);
/// let (mut x, mut v, mut xi, mut vi) = (Column::new(2, 0.0), Column::new(2, 0.0), Column::new(2, 0.0), Column::new(2, 0.0));
/// let goal = Column::new(2, 1.0);
/// let springs = DoubleSpringLanesMut { x: x.lanes_mut(), v: v.lanes_mut(), xi: xi.lanes_mut(), vi: vi.lanes_mut() };
/// double_rates(springs, goal.lanes(), y.lanes(), 0.05);
/// assert!(x.as_slice()[0] > 0.0 && x.as_slice()[0] < xi.as_slice()[0]);
/// assert_eq!((x.as_slice()[1], xi.as_slice()[1]), (1.0, 1.0));
/// ```
pub fn double_rates(springs: DoubleSpringLanesMut<'_>, goal: &[f32x8], rate: &[f32x8], dt: f32) {
    let DoubleSpringLanesMut { x, v, xi, vi } = springs;
    debug_assert_same_len!(x, v, xi, vi, goal, rate);
    if !(dt > 0.0 && dt.is_finite()) {
        return;
    }
    let t = f32x8::splat(dt);
    for_lanes!((mut x, mut v, mut xi, mut vi, goal, rate) {
        [*x, *v, *xi, *vi] = DoubleLanes::from_rate(*rate, t).step(*x, *v, *xi, *vi, *goal);
    });
}

/// The double spring's 4x4 step (rows of [`DoubleCoeffs`]) in lanes: shared or per lane.
struct DoubleLanes {
    rows: [[f32x8; 4]; 4],
}

impl DoubleLanes {
    #[inline(always)]
    fn splat(c: &DoubleCoeffs) -> DoubleLanes {
        DoubleLanes {
            rows: [c.p, c.v, c.u, c.w].map(|r| r.map(f32x8::splat)),
        }
    }

    /// The rows of [`DoubleCoeffs::new`] for 8 lanes with rates `y` over `dt > 0`, in `f32` from
    /// one exponential: with `z = y dt` and `e = e^(-z)`, the products `e z^k` are formed first
    /// (at most `1.4`), then multiplied by `y` or `dt`, so no intermediate overflows; `z` is
    /// clamped where `e` has underflowed (the products are then 0, never `0 * inf`). Rigid lanes
    /// (`y = +inf`) get all-zero rows: both springs land on the goal at rest (every entry is a
    /// multiple of `e`, so `e = 0` there does it with one select).
    #[inline(always)]
    fn from_rate(y: f32x8, t: f32x8) -> DoubleLanes {
        let infinite = y.simd_eq(f32x8::splat(f32::INFINITY));
        let y = infinite.select(f32x8::ZERO, y);
        let z = y * t;
        let e = infinite.select(f32x8::ZERO, exp_neg_by_range(z));
        // e = 0 beyond z = 87, so 200 keeps every product below finite and exact.
        let zc = z.fast_min(f32x8::splat(200.0));
        let (ze, sixth, half) = (zc * e, f32x8::splat(1.0 / 6.0), f32x8::splat(0.5));
        let (ez2, et) = (ze * zc, e * t);
        let ez3_6 = ez2 * zc * sixth;
        let yze = y * ze;
        let (decay, lag, zero) = (e + ze, e - ze, f32x8::ZERO);
        let rows = [
            [decay, et, ez2.mul_add(half, ez3_6), t * ez2 * sixth],
            [-yze, lag, yze - y * ez3_6, ez2.mul_add(half, -ez3_6)],
            [zero, zero, decay, et],
            [zero, zero, -yze, lag],
        ];
        DoubleLanes { rows }
    }

    /// One step of 8 double springs toward `g`; lanes whose result leaves the `f32` range
    /// (`x - g` overflows for `x = -g = 3e38`) are recomputed in `f64` and saturated at
    /// `±f32::MAX`, so finite input never writes NaN or infinity.
    #[inline(always)]
    fn step(&self, x: f32x8, v: f32x8, xi: f32x8, vi: f32x8, g: f32x8) -> [f32x8; 4] {
        let s = [x - g, v, xi - g, vi];
        let dot = |r: &[f32x8; 4]| {
            r[0].mul_add(s[0], r[1].mul_add(s[1], r[2].mul_add(s[2], r[3] * s[3])))
        };
        let [p, q, u, w] = &self.rows;
        let (p1, u1) = (dot(p), dot(u));
        let out = [g + p1, dot(q), g + u1, dot(w)];
        // Both springs settle on the goal like every spring ([`crate::settle`]). `p1 - (x - g)`
        // is the change of position. Springs arriving on their goal stall for several frames
        // (one ulp each), in a large share of the lane groups of a batch whose springs approach
        // their goals: the stall rule runs in lanes, and only a result beyond the `f32` range
        // takes the slow path.
        let (dx, dxi) = (p1 - s[0], u1 - s[2]);
        if !(out[0] + out[1] + out[2] + out[3]).is_finite().all() {
            return self.saturate([x, v, xi, vi], g, out, [dx, dxi]);
        }
        let stalled = (stalled_lanes(x, out[0], g) & dx.simd_ne(f32x8::ZERO))
            | (stalled_lanes(xi, out[2], g) & dxi.simd_ne(f32x8::ZERO));
        let ((x1, v1), (xi1, vi1)) = match stalled.any() {
            false => (
                flush_lanes(x, out[0], out[1], g),
                flush_lanes(xi, out[2], out[3], g),
            ),
            true => (
                settle_lanes(x, v, out[0], out[1], dx, g),
                settle_lanes(xi, vi, out[2], out[3], dxi, g),
            ),
        };
        [x1, v1, xi1, vi1]
    }

    #[cold]
    #[inline(never)]
    fn saturate(
        &self,
        state: [f32x8; 4],
        g: f32x8,
        out: [f32x8; 4],
        change: [f32x8; 2],
    ) -> [f32x8; 4] {
        let state = state.map(|l| l.to_array());
        let (g, mut out) = (g.to_array(), out.map(|l| l.to_array()));
        let [dx, dxi] = change.map(|l| l.to_array());
        let rows = self.rows.map(|r| r.map(|c| c.to_array()));
        let max = f64::from(f32::MAX);
        for lane in 0..8 {
            let settled = |out: &mut [[f32; 8]; 4]| {
                let [x, v, xi, vi] = [0, 1, 2, 3].map(|k| state[k][lane]);
                let (x1, v1) = (out[0][lane], out[1][lane]);
                (out[0][lane], out[1][lane]) = settle(x, v, x1, v1, dx[lane], g[lane]);
                let (xi1, vi1) = (out[2][lane], out[3][lane]);
                (out[2][lane], out[3][lane]) = settle(xi, vi, xi1, vi1, dxi[lane], g[lane]);
            };
            if out.iter().all(|o| o[lane].is_finite()) {
                settled(&mut out);
                continue;
            }
            let g64 = f64::from(g[lane]);
            let s = [0, 1, 2, 3].map(|k| f64::from(state[k][lane]) - [g64, 0.0, g64, 0.0][k]);
            for (k, row) in rows.iter().enumerate() {
                let dot: f64 = row.iter().zip(s).map(|(c, s)| f64::from(c[lane]) * s).sum();
                let base = [g64, 0.0, g64, 0.0][k];
                out[k][lane] = (base + dot).clamp(-max, max) as f32;
            }
            settled(&mut out);
        }
        out.map(f32x8::new)
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
            lookahead: f32x8::splat(timed_lookahead(apprehension, halflife)),
        })
    }
}

lane_view! {
    /// The state of timed springs, as mutable lane slices: each spring and the point it tracks,
    /// which moves at constant speed toward the goal ([`timed_shared`], [`timed_rates`]).
    #[derive(Debug)]
    pub struct TimedSpringLanesMut<'a>: &'a mut [f32x8], at "hooke::lanes::TimedSpringLanesMut" {
        /// Positions of the springs.
        x,
        /// Velocities of the springs.
        v,
        /// Positions of the points.
        xi,
    }
}

/// Timed springs sharing a halflife: the SIMD twin of
/// [`crate::scalar::timed_spring_damper_exact`]. `t_goal` is each spring's remaining time (the
/// caller decreases it by `dt` per step); `step` comes from [`TimedStep::new`].
///
/// The spring tracks a lookahead point moving at constant speed that stops at the goal; in the
/// one frame where a lane's point stops mid-step, that lane needs coefficients for two partial
/// steps (computed then, for that lane group only). Lanes whose step leaves the `f32` range are
/// recomputed by the scalar twin in `f64` and saturate at `±f32::MAX`.
///
/// ```
/// use hooke::{column::Column, lanes::{timed_shared, TimedSpringLanesMut, TimedStep}};
/// let n = 2;
/// let (mut x, mut v, mut xi) = (Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0));
/// let (goal, t_goal) = (Column::new(n, 5.0), Column::new(n, 1.0));
/// if let Some(step) = TimedStep::new(0.05, 2.0, 1.0 / 60.0) {
///     let springs = TimedSpringLanesMut { x: x.lanes_mut(), v: v.lanes_mut(), xi: xi.lanes_mut() };
///     timed_shared(springs, goal.lanes(), t_goal.lanes(), &step);
/// }
/// assert!(xi.as_slice()[0] > 0.0 && x.as_slice()[0] > 0.0);
/// ```
pub fn timed_shared(
    springs: TimedSpringLanesMut<'_>,
    goal: &[f32x8],
    t_goal: &[f32x8],
    step: &TimedStep,
) {
    let TimedSpringLanesMut { x, v, xi } = springs;
    debug_assert_same_len!(x, v, xi, goal, t_goal);
    let TimedStep {
        c,
        halflife: h,
        dt: dt8,
        lookahead,
    } = *step;
    let partial = |tau: f32x8| critical_coeffs_f64_lane_dt(h, tau);
    for_lanes!((mut x, mut v, mut xi, goal, t_goal) {
        let state = [*x, *v, *xi];
        (*x, *v, *xi) = timed_group(&c, partial, || h, lookahead, dt8, state, *goal, *t_goal);
    });
}

/// How far ahead of its point a timed spring looks: `apprehension * halflife` seconds (at least
/// 0), for [`timed_rates`] (one value per spring) and [`TimedStep`].
///
/// ```
/// assert_eq!(hooke::lanes::timed_lookahead(2.0, 0.05), 0.1);
/// ```
pub fn timed_lookahead(apprehension: f32, halflife: f32) -> f32 {
    (apprehension * halflife).max(0.0)
}

lane_view! {
    /// The per-spring parameters of [`timed_rates`], as lane slices: each spring's rate
    /// ([`crate::lanes::critical_rate`] of its halflife) and lookahead ([`timed_lookahead`]).
    #[derive(Debug, Clone, Copy)]
    pub struct TimedRateLanes<'a>: &'a [f32x8], at "hooke::lanes::TimedRateLanes" {
        /// [`crate::lanes::critical_rate`] of each spring's halflife.
        rate,
        /// [`timed_lookahead`] of the apprehension and each spring's halflife.
        lookahead,
    }
}

/// Timed springs with one rate each ([`crate::lanes::critical_rate`] of the halflife, `+inf` for
/// halflife 0) and one lookahead each ([`timed_lookahead`]), over `dt`: the per-spring twin of
/// [`timed_shared`] (same arguments otherwise; the caller counts `t_goal` down). Each lane
/// group's coefficients come from its rates and this frame's `dt` inside the loop (one
/// exponential per lane; two more in the frame where a lane's point stops mid-step). `dt` that is
/// not finite and `> 0` changes nothing, as in the scalar twin; lanes whose step leaves the `f32`
/// range are recomputed by the scalar twin in `f64` and saturate at `±f32::MAX`.
///
/// ```
/// use hooke::column::Column;
/// use hooke::lanes::{TimedRateLanes, TimedSpringLanesMut, critical_rate, timed_lookahead, timed_rates};
/// let y = Column::from_slice(&[critical_rate(0.05), critical_rate(0.0)]);
/// let ahead = Column::from_slice(&[timed_lookahead(2.0, 0.05), 0.0]);
/// let (mut x, mut v, mut xi) = (Column::new(2, 0.0), Column::new(2, 0.0), Column::new(2, 0.0));
/// let (goal, t_goal) = (Column::new(2, 5.0), Column::new(2, 1.0));
/// let params = TimedRateLanes { rate: y.lanes(), lookahead: ahead.lanes() };
/// let springs = TimedSpringLanesMut { x: x.lanes_mut(), v: v.lanes_mut(), xi: xi.lanes_mut() };
/// timed_rates(springs, goal.lanes(), t_goal.lanes(), params, 0.5);
/// assert_eq!(xi.as_slice(), &[2.5, 2.5]); // both points halfway, on time
/// assert_eq!(x.as_slice()[1], 2.5); // the rigid spring is on its point
/// ```
pub fn timed_rates(
    springs: TimedSpringLanesMut<'_>,
    goal: &[f32x8],
    t_goal: &[f32x8],
    params: TimedRateLanes<'_>,
    dt: f32,
) {
    let TimedSpringLanesMut { x, v, xi } = springs;
    let TimedRateLanes { rate, lookahead } = params;
    debug_assert_same_len!(x, v, xi, goal, t_goal, rate, lookahead);
    if !(dt > 0.0 && dt.is_finite()) {
        return;
    }
    let dt8 = f32x8::splat(dt);
    for_lanes!((mut x, mut v, mut xi, goal, t_goal, rate, lookahead) {
        let c = critical_rate_lanes(*rate, dt8);
        let partial = |tau: f32x8| critical_rate_lanes(*rate, tau);
        // The halflife back from the rate, for the slow path only (+inf: halflife 0).
        let halflife = || super::rates::critical_rate8(*rate);
        let state = [*x, *v, *xi];
        (*x, *v, *xi) = timed_group(&c, partial, halflife, *lookahead, dt8, state, *goal, *t_goal);
    });
}

/// One step of 8 timed springs (`state`: position, velocity, point) toward `g` with `remaining`
/// seconds to go, the one implementation behind [`timed_shared`] and [`timed_rates`]: `c` are the
/// critical coefficients over `dt8`, `partial(tau)` those over per-lane durations (needed only in
/// the frame where a lane's point stops mid-step).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn timed_group(
    c: &LaneCoeffs,
    partial: impl Fn(f32x8) -> LaneCoeffs,
    halflife: impl Fn() -> f32x8,
    lookahead: f32x8,
    dt8: f32x8,
    state: [f32x8; 3],
    g: f32x8,
    remaining: f32x8,
) -> (f32x8, f32x8, f32x8) {
    let [x, v, xi0] = state;
    let zero = f32x8::ZERO;
    let moving = remaining.simd_gt(lookahead);
    let q = moving.select((g - xi0) / remaining, zero);
    let g0 = moving.select(q.mul_add(lookahead, xi0), g);
    let t_break = moving.select(remaining - lookahead, zero);
    let crossing = t_break.simd_gt(zero) & t_break.simd_lt(dt8);
    // Common case: the point moves during the whole step or not at all.
    let q_whole = t_break.simd_ge(dt8).select(q, zero);
    let (mut x1, mut v1, mut dx) = ramp_step(c, x, v, g0, q_whole, dt8);
    if crossing.any() {
        let tau = t_break.max(zero).min(dt8);
        let (first, second) = (partial(tau), partial(dt8 - tau));
        let (xa, va, _) = ramp_step(&first, x, v, g0, q, tau);
        let (xb, vb, _) = ramp_step(&second, xa, va, q.mul_add(tau, g0), zero, dt8 - tau);
        x1 = crossing.select(xb, x1);
        v1 = crossing.select(vb, v1);
        dx = crossing.select(xb - x, dx);
    }
    let arrived = remaining.simd_le(dt8);
    let xi1 = arrived.select(g, ((g - xi0) / remaining).mul_add(dt8, xi0));
    // The spring settles on the goal like every spring ([`crate::settle`]).
    let stalled = stalled_lanes(x, x1, g) & dx.simd_ne(zero);
    if (x1 + v1 + xi1).is_finite().all() && !stalled.any() {
        let (x1, v1) = flush_lanes(x, x1, v1, g);
        (x1, v1, xi1)
    } else {
        let out = [x1, v1, xi1];
        timed_saturate(halflife(), lookahead, dt8, state, g, remaining, (out, dx))
    }
}

/// Slow path of [`timed_group`] for lanes whose step left the `f32` range (a goal far beyond the
/// point, a goal time of a few ulps, states near `±f32::MAX`): those lanes are recomputed by the
/// scalar twin's step in `f64` and rounded to the nearest finite `f32`, so finite input never
/// writes NaN or infinity.
#[cold]
#[inline(never)]
fn timed_saturate(
    halflife: f32x8,
    lookahead: f32x8,
    dt8: f32x8,
    state: [f32x8; 3],
    g: f32x8,
    remaining: f32x8,
    (out, dx): ([f32x8; 3], f32x8),
) -> (f32x8, f32x8, f32x8) {
    let [h, ahead, dt, g, remaining, dx] =
        [halflife, lookahead, dt8, g, remaining, dx].map(|l| l.to_array());
    let state = state.map(|l| l.to_array());
    let [mut x1, mut v1, mut xi1] = out.map(|l| l.to_array());
    for i in 0..8 {
        if x1[i].is_finite() && v1[i].is_finite() && xi1[i].is_finite() {
            (x1[i], v1[i]) = settle(state[0][i], state[1][i], x1[i], v1[i], dx[i], g[i]);
            continue;
        }
        // The scalar twin's f64 step saturates and settles.
        let (mut x, mut v, mut xi) = (state[0][i], state[1][i], state[2][i]);
        let (h, ahead, dt) = (f64::from(h[i]), f64::from(ahead[i]), f64::from(dt[i]));
        timed_step(&mut x, &mut v, &mut xi, g[i], remaining[i], h, ahead, dt);
        (x1[i], v1[i], xi1[i]) = (x, v, xi);
    }
    (f32x8::new(x1), f32x8::new(v1), f32x8::new(xi1))
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
) -> (f32x8, f32x8, f32x8) {
    let (u, w) = (x - goal, v - q);
    let du = c.xx.mul_add(u, c.xv.mul_add(w, -(c.xq * q)));
    let w1 = c.vx.mul_add(u, c.vv.mul_add(w, -(c.vq * q)));
    // The position's change (for the settling rule): the offset's change plus the goal's travel.
    let dx = q.mul_add(duration, du);
    (goal + q.mul_add(duration, u + du), q + w1, dx)
}
