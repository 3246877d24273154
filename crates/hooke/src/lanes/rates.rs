//! Kernels for springs and dampers with one halflife each, stepped by a `dt` that may change every
//! frame: each lane's coefficients come from its precomputed rate and this frame's `dt`, inside
//! the update loop (one exponential per lane, no coefficient columns written and read back).
//!
//! A critical spring with halflife `h` has `y = 2 ln2 / h`, stiffness `y²`, damping `2 y`
//! (`docs/math.md` §1-2); with `z = y dt` and `e = e^(-z)` its coefficients are
//!
//! ```text
//! xx = -(1 - e (1 + z))   xv = e dt   xq = 2 dt (1 - e (1 + z)) / z
//! vx = -y z e             vv = e (1 - z)   vq = 2 z e
//! ```
//!
//! A rigid spring (halflife 0, or a rate beyond the `f32` range) has rate `+inf` and lands on its
//! goal. `dt = 0` gives the identity step. Results beyond the `f32` range take the same
//! saturating slow path as every other spring kernel ([`super::spring`]).

use wide::f32x8;

use super::coeffs::LaneCoeffs;
use super::exp::{critical_response, exp_neg_by_range};
use super::spring::{GoalLanes, guarded_steps};
use crate::coeffs::SpringCoeffs;

pub use crate::units::critical_rate;

/// `2 ln2 / x` in eight `f32` lanes: [`crate::units::critical_rate_f64`]'s map in `f32x8`. The
/// map is its own inverse, so the kernels use it to recover a lane's halflife from its rate for
/// their `f64` slow paths (rate `+inf` gives halflife 0).
///
/// ```
/// use hooke::lanes::critical_rate8;
/// use wide::f32x8;
/// let h = critical_rate8(f32x8::splat(f32::INFINITY));
/// assert_eq!(h.to_array()[0], 0.0);
/// ```
#[inline(always)]
pub fn critical_rate8(x: f32x8) -> f32x8 {
    f32x8::splat(2.0 * std::f32::consts::LN_2) / x
}

/// The damper's rate `ln2 / halflife` for [`damper_rates`]: `+inf` (snap) for halflife 0 or a rate
/// beyond the `f32` range.
///
/// ```
/// assert_eq!(hooke::lanes::damper_rate(0.0), f32::INFINITY);
/// ```
pub fn damper_rate(halflife: f32) -> f32 {
    0.5 * critical_rate(halflife)
}

/// The critical coefficients of 8 lanes with rates `y` over `dt`, and the mask of rigid lanes
/// (rate `+inf`, `dt > 0`), whose coefficients are the identity and which the caller snaps to
/// the goal.
///
/// ```
/// use hooke::{lanes::{critical_rate, critical_rate_coeffs}, SpringCoeffs};
/// use wide::f32x8;
/// let (c, rigid) = critical_rate_coeffs(f32x8::splat(critical_rate(0.2)), f32x8::splat(0.05));
/// let want = SpringCoeffs::critical(0.2, 0.05);
/// assert!((c.lane(0).xx - want.xx).abs() < 1e-6 && !rigid.any());
/// ```
#[inline(always)]
pub fn critical_rate_coeffs(y: f32x8, dt: f32x8) -> (LaneCoeffs, f32x8) {
    let (y, rigid) = rigid_lanes(y, dt);
    let r = critical_response(y, dt);
    // z e and e (1 - z) with z clamped: once e has underflowed they are 0, never 0 * inf.
    let ze = r.z * r.e;
    let two = f32x8::splat(2.0);
    let c = LaneCoeffs {
        xx: -r.g,
        xv: r.e * dt,
        xq: two * r.g_over_y,
        vx: -(y * ze),
        vv: r.e - ze,
        vq: two * ze,
    };
    (c, rigid)
}

/// The rates `y` with rigid lanes (`+inf`) set to 0, and the mask of those rigid lanes that move
/// (`dt > 0`): their response is then the identity, and the caller puts them on the goal.
#[inline(always)]
fn rigid_lanes(y: f32x8, dt: f32x8) -> (f32x8, f32x8) {
    let infinite = y.simd_eq(f32x8::splat(f32::INFINITY));
    let rigid = infinite & dt.simd_gt(f32x8::ZERO);
    (infinite.select(f32x8::ZERO, y), rigid)
}

/// [`critical_rate_coeffs`] with rigid lanes (`y = +inf`, `dt > 0`) as [`SpringCoeffs::SNAP`]:
/// what [`crate::lanes::critical_coeffs_f64_lane_dt`] gives for halflife 0, from the rate in `f32`. For
/// kernels that apply the coefficients as they are (decays land exactly on 0 through `SNAP`).
///
/// ```
/// use hooke::{lanes::{critical_rate, critical_rate_lanes}, SpringCoeffs};
/// use wide::f32x8;
/// let c = critical_rate_lanes(f32x8::splat(critical_rate(0.0)), f32x8::splat(0.1));
/// assert_eq!(c.lane(0), SpringCoeffs::SNAP);
/// ```
#[inline(always)]
pub fn critical_rate_lanes(y: f32x8, dt: f32x8) -> LaneCoeffs {
    let (c, rigid) = critical_rate_coeffs(y, dt);
    LaneCoeffs::select(rigid, &LaneCoeffs::splat(&SpringCoeffs::SNAP), &c)
}

/// Critical springs with one rate each ([`critical_rate`]), toward per-spring goals and goal
/// velocities, over `dt` (finite, `>= 0`).
///
/// ```
/// use hooke::{column::Column, lanes::{critical_rate, spring_rates}};
/// let y = Column::from_slice(&[critical_rate(0.1), critical_rate(0.0)]);
/// let (mut x, mut v) = (Column::new(2, 0.0), Column::new(2, 0.0));
/// let (g, q) = (Column::new(2, 1.0), Column::new(2, 0.0));
/// spring_rates(x.lanes_mut(), v.lanes_mut(), g.lanes(), q.lanes(), y.lanes(), 0.1);
/// assert!((x.as_slice()[0] - 0.5).abs() < 0.2 && x.as_slice()[1] == 1.0);
/// ```
pub fn spring_rates(
    x: &mut [f32x8],
    v: &mut [f32x8],
    goal: &[f32x8],
    goal_velocity: &[f32x8],
    rate: &[f32x8],
    dt: f32,
) {
    debug_assert_same_len!(x, v, goal, goal_velocity, rate);
    let n = x.len().min(rate.len());
    let (x, rate) = (&mut x[..n], &rate[..n]);
    rate_blocks(x, v, GoalLanes::Both(goal, goal_velocity), rate, dt);
}

/// Simple springs (goal velocity 0) with one rate each, over `dt`.
///
/// ```
/// use hooke::{column::Column, lanes::{critical_rate, simple_rates}};
/// let y = Column::from_slice(&[critical_rate(0.1)]);
/// let (mut x, mut v, g) = (Column::new(1, 0.0), Column::new(1, 0.0), Column::new(1, 1.0));
/// simple_rates(x.lanes_mut(), v.lanes_mut(), g.lanes(), y.lanes(), 1.0);
/// assert!((x.as_slice()[0] - 1.0).abs() < 1e-3);
/// ```
pub fn simple_rates(x: &mut [f32x8], v: &mut [f32x8], goal: &[f32x8], rate: &[f32x8], dt: f32) {
    debug_assert_same_len!(x, v, goal, rate);
    let n = x.len().min(rate.len());
    let (x, rate) = (&mut x[..n], &rate[..n]);
    rate_blocks(x, v, GoalLanes::Goal(goal), rate, dt);
}

/// Decay springs (toward 0) with one rate each, over `dt`.
///
/// ```
/// use hooke::{column::Column, lanes::{critical_rate, decay_rates}};
/// let y = Column::from_slice(&[critical_rate(0.1), critical_rate(0.0)]);
/// let (mut x, mut v) = (Column::new(2, 1.0), Column::new(2, 0.0));
/// decay_rates(x.lanes_mut(), v.lanes_mut(), y.lanes(), 0.1);
/// assert!(x.as_slice()[0] < 1.0 && x.as_slice()[1] == 0.0);
/// ```
pub fn decay_rates(x: &mut [f32x8], v: &mut [f32x8], rate: &[f32x8], dt: f32) {
    debug_assert_same_len!(x, v, rate);
    let n = x.len().min(rate.len());
    let (x, rate) = (&mut x[..n], &rate[..n]);
    rate_blocks(x, v, GoalLanes::Zero, rate, dt);
}

/// Lane groups whose responses [`rate_blocks`] computes before stepping them: enough for the
/// exponentials of several lane groups to be in flight at once, few enough for the buffer to stay
/// in L1 (three `f32x8` per lane group, 1.5 KiB).
const RESPONSE_CHUNK: usize = 16;

#[inline(always)]
fn rate_blocks(x: &mut [f32x8], v: &mut [f32x8], goals: GoalLanes<'_>, rate: &[f32x8], dt: f32) {
    if dt == 0.0 {
        // The identity step: the scalar twin returns the state bit for bit (nothing is settled).
        return;
    }
    let t = f32x8::splat(dt);
    // The slow path's coefficients (lanes whose result left the f32 range) come from the f64
    // closed form of the halflife: with a `dt` near f32::MAX, `z = y dt` itself overflows and the
    // f32 coefficients are not usable (`xq = 2 dt (g / z)` is `inf * 0`).
    let dt64 = wide::f64x4::splat(f64::from(dt));
    let n = x.len().min(v.len()).min(rate.len()).min(goals.len());
    let mut responses = [ChunkResponse::default(); RESPONSE_CHUNK];
    for start in (0..n).step_by(RESPONSE_CHUNK) {
        let end = n.min(start + RESPONSE_CHUNK);
        let rate = &rate[start..end];
        // Two passes: the exponentials first (short independent iterations, so that the CPU
        // overlaps their long dependency chains), then the steps, which read them back from L1.
        // In one pass each lane group's chain of about 75 cycles was only overlapped with the
        // next one's.
        for (r, &y) in responses.iter_mut().zip(rate) {
            // Rigid lanes (y = +inf) need no masking here: their response is finite (e = 0,
            // g / y = 0), and the step puts them on the goal.
            let resp = critical_response(y, t);
            *r = ChunkResponse {
                z: resp.z,
                e: resp.e,
                g_over_y: resp.g_over_y,
            };
        }
        let responses = &responses;
        let coeffs = |i: usize| {
            let halflife = critical_rate8(rate[i]);
            super::closed_form::critical_coeffs_f64(halflife, dt64)
        };
        let step = |i: usize, x, v, g, q| {
            let y = rate[i];
            let (x1, v1, dx) = critical_rate_step(&responses[i], y, t, x, v, g, q);
            // Rigid lanes land exactly on the goal, as in the scalar twin. (Their step computed
            // `inf * 0` in `w`; its NaN `dx` points nowhere, which the settling rule ignores
            // for a lane on its goal.)
            let rigid = y.simd_eq(f32x8::splat(f32::INFINITY));
            (rigid.select(g, x1), rigid.select(q, v1), dx)
        };
        let (x, v) = (&mut x[start..end], &mut v[start..end]);
        guarded_steps(x, v, goals.range(start, end), step, coeffs);
    }
}

/// What [`critical_rate_step`] reads of a lane group's [`CriticalResponse`](super::exp::CriticalResponse).
#[derive(Clone, Copy, Default)]
struct ChunkResponse {
    z: f32x8,
    e: f32x8,
    g_over_y: f32x8,
}

/// One critical step from `(x, v)` toward `goal` and `goal_velocity` given the lanes' response
/// `r` to rates `y` over `dt`, without forming the six coefficients: with `e0 = x - goal` and
/// `w = y e0 - 2 q` (`y` times the offset from the rest point `goal + 2 q / y`),
///
/// ```text
/// dx = e dt v - (g / y) w        v1 = e (v - z (v + w))
/// ```
///
/// the affine step of [`critical_rate_coeffs`] regrouped (`docs/math.md` §1.2): 10 operations
/// instead of 12 and no coefficient is formed, and the terms are those of the
/// coefficient form, so the error stays within the same few ulps of `|x - goal|`, `|v| dt` and
/// `|q| / y`.
#[inline(always)]
fn critical_rate_step(
    r: &ChunkResponse,
    y: f32x8,
    dt: f32x8,
    x: f32x8,
    v: f32x8,
    goal: f32x8,
    goal_velocity: f32x8,
) -> super::spring::Raw {
    let w = y.mul_add(x - goal, f32x8::splat(-2.0) * goal_velocity);
    let dx = r.g_over_y.mul_neg_add(w, r.e * dt * v);
    let v1 = r.e * r.z.mul_neg_add(v + w, v);
    (x + dx, v1, dx)
}

/// Dampers with one rate each ([`damper_rate`]) over `dt`: `x += (goal - x) (1 - e^(-rate dt))`.
/// Lanes whose step leaves the `f32` range are recomputed in `f64` and saturate at `±f32::MAX`.
///
/// ```
/// use hooke::{column::Column, lanes::{damper_rate, damper_rates}};
/// let k = Column::from_slice(&[damper_rate(0.5), damper_rate(0.0)]);
/// let (mut x, g) = (Column::new(2, 0.0), Column::new(2, 1.0));
/// damper_rates(x.lanes_mut(), g.lanes(), k.lanes(), 0.5);
/// assert!((x.as_slice()[0] - 0.5).abs() < 1e-6 && x.as_slice()[1] == 1.0);
/// ```
pub fn damper_rates(x: &mut [f32x8], goal: &[f32x8], rate: &[f32x8], dt: f32) {
    debug_assert_same_len!(x, goal, rate);
    let t = f32x8::splat(dt);
    let positive = dt > 0.0;
    for ((x, g), k) in x.iter_mut().zip(goal).zip(rate) {
        let infinite = k.simd_eq(f32x8::splat(f32::INFINITY));
        let k0 = infinite.select(f32x8::ZERO, *k);
        let alpha = f32x8::ONE - exp_neg_by_range(k0 * t);
        let snap = if positive { infinite } else { f32x8::ZERO };
        let dx = (*g - *x) * alpha;
        let x1 = snap.select(*g, *x + dx);
        // Snapped lanes have alpha = 1 here too, for the slow path's scalar twin.
        let alpha = snap.select(f32x8::ONE, alpha);
        *x = super::spring::damper_settled(*x, *g, alpha, x1, dx);
    }
}
