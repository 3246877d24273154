//! Smooth damp on lanes: many values, each with its own smooth time and max speed, stepped by a
//! `dt` that may change every frame. The SIMD twin of [`crate::scalar::smooth_damp`].
//!
//! Per lane: the goal is the target moved to at most `max_speed * smooth_time` from the current
//! value; one exact critical-spring step toward it (coefficients from the lane's rate and this
//! frame's `dt`, as in `rates.rs`); a step that passes the target lands on it with velocity 0.
//! Lanes whose intermediate values leave the `f32` range (differences of `±3e38` values) are
//! recomputed by the scalar twin, in `f64`, on a cold path.

use crate::views::lane_view;
use wide::f32x8;

use super::rates::{critical_rate, critical_rate_coeffs};
use super::spring::raw_step;
use crate::settle::{flush_lanes, stalled_lanes};

lane_view! {
    /// The per-value parameters of [`smooth_damp_rates`], as lane slices: what the fast path reads
    /// every frame (`rate`, `max_change`) and the smooth time and max speed themselves, which only the
    /// cold path reads.
    #[derive(Debug, Clone, Copy)]
    pub struct SmoothDampLanes<'a>: &'a [f32x8], at "hooke::lanes::SmoothDampLanes" {
        /// [`smooth_damp_rate`] of each value's smooth time.
        rate,
        /// [`smooth_damp_max_change`] of each value's max speed and smooth time.
        max_change,
        /// Smooth times (s, `>= 0`, may be `+inf`).
        smooth_time,
        /// Max speeds (`>= 0`, may be `+inf`).
        max_speed,
    }
}

/// The rate of the critical spring a smooth damp follows: [`critical_rate`] of the halflife
/// [`crate::scalar::smooth_time_to_halflife`] (`2 / smooth_time`, rounded as the scalar twin
/// rounds it); `+inf` (rigid) for smooth time 0, 0 for an infinite one.
///
/// ```
/// use hooke::lanes::smooth_damp_rate;
/// assert!((smooth_damp_rate(0.5) - 4.0).abs() < 1e-5);
/// assert_eq!(smooth_damp_rate(0.0), f32::INFINITY);
/// assert_eq!(smooth_damp_rate(f32::INFINITY), 0.0);
/// ```
pub fn smooth_damp_rate(smooth_time: f32) -> f32 {
    critical_rate(crate::scalar::smooth_time_to_halflife(smooth_time))
}

/// The largest change one step may aim for, `max_speed * smooth_time`, as the scalar twin
/// defines it (an infinite max speed is no limit; a max speed or smooth time of 0 allows none),
/// rounded to `f32` (`+inf` beyond its range).
///
/// ```
/// use hooke::lanes::smooth_damp_max_change;
/// assert_eq!(smooth_damp_max_change(2.0, 0.5), 1.0);
/// assert_eq!(smooth_damp_max_change(f32::INFINITY, 0.0), f32::INFINITY);
/// assert_eq!(smooth_damp_max_change(0.0, f32::INFINITY), 0.0);
/// ```
pub fn smooth_damp_max_change(max_speed: f32, smooth_time: f32) -> f32 {
    let limit = crate::scalar::smooth_damp_max_change(max_speed, smooth_time);
    if limit > f64::from(f32::MAX) {
        f32::INFINITY
    } else {
        limit as f32
    }
}

/// Smooth-damps `x` (velocities `v`) toward `target` over `dt` (finite, `>= 0`), each lane with
/// its own parameters. `dt = 0` returns the state bit for bit. Lanes beyond the shortest slice are
/// left as they are.
///
/// ```
/// use hooke::{column::Column, lanes::*};
/// let (st, ms) = ([0.3_f32, 0.0], [f32::INFINITY, f32::INFINITY]);
/// let rate = Column::from_slice(&st.map(smooth_damp_rate));
/// let limit = Column::from_slice(&[0, 1].map(|i| smooth_damp_max_change(ms[i], st[i])));
/// let (st, ms) = (Column::from_slice(&st), Column::from_slice(&ms));
/// let (mut x, mut v, target) = (Column::new(2, 0.0), Column::new(2, 0.0), Column::new(2, 10.0));
/// let params = SmoothDampLanes {
///     rate: rate.lanes(), max_change: limit.lanes(), smooth_time: st.lanes(), max_speed: ms.lanes(),
/// };
/// smooth_damp_rates(x.lanes_mut(), v.lanes_mut(), target.lanes(), params, 1.0 / 60.0);
/// let mut sv = 0.0;
/// let sx = hooke::scalar::smooth_damp(0.0, 10.0, &mut sv, 0.3, f32::INFINITY, 1.0 / 60.0);
/// assert!((x.as_slice()[0] - sx).abs() < 1e-5 && x.as_slice()[1] == 10.0);
/// ```
pub fn smooth_damp_rates(
    x: &mut [f32x8],
    v: &mut [f32x8],
    target: &[f32x8],
    params: SmoothDampLanes<'_>,
    dt: f32,
) {
    debug_assert_same_len!(x, v, target);
    if !(dt > 0.0 && dt.is_finite()) {
        // The scalar twin changes nothing (and settles nothing).
        return;
    }
    let n = x.len().min(v.len()).min(target.len()).min(params.len());
    let t = f32x8::splat(dt);
    let zero = f32x8::ZERO;
    for i in 0..n {
        let (x0, v0, target) = (x[i], v[i], target[i]);
        let change = x0 - target;
        let limit = params.max_change[i];
        let clamped = change.abs().simd_gt(limit);
        let sign = change.simd_lt(zero).select(-f32x8::ONE, f32x8::ONE);
        let goal = clamped.select(x0 - sign * limit, target);
        let (c, rigid) = critical_rate_coeffs(params.rate[i], t);
        let (x1, v1, dx) = raw_step(&c, x0, v0, goal, zero);
        let (x1, v1) = (rigid.select(goal, x1), rigid.select(zero, v1));
        // The settling rule of every spring ([`crate::settle`]): stalled lanes take the slow
        // path (the scalar twin), the flush is done here.
        let stalled = stalled_lanes(x0, x1, goal) & dx.simd_ne(zero);
        let (x1, v1) = flush_lanes(x0, x1, v1, goal);
        // The overshoot guard: a step that passes the target lands on it, at rest.
        let passed =
            (x0.simd_gt(target) & x1.simd_lt(target)) | (x0.simd_lt(target) & x1.simd_gt(target));
        let (x1, v1) = (passed.select(target, x1), passed.select(zero, v1));
        // NaN compares false: one comparison per value finds infinities and NaN alike.
        let max = f32x8::splat(f32::MAX);
        let finite = change.abs().simd_le(max) & x1.abs().simd_le(max) & v1.abs().simd_le(max);
        if finite.all() && !stalled.any() {
            (x[i], v[i]) = (x1, v1);
        } else {
            (x[i], v[i]) = slow_lanes(x0, v0, target, &params, i, dt);
        }
    }
}

/// The scalar twin on every lane of one group: the cold path for values near the `f32` limits.
#[cold]
#[inline(never)]
fn slow_lanes(
    x: f32x8,
    v: f32x8,
    target: f32x8,
    params: &SmoothDampLanes<'_>,
    i: usize,
    dt: f32,
) -> (f32x8, f32x8) {
    let (mut xs, mut vs, ts) = (x.to_array(), v.to_array(), target.to_array());
    let (st, ms) = (
        params.smooth_time[i].to_array(),
        params.max_speed[i].to_array(),
    );
    for lane in 0..8 {
        xs[lane] =
            crate::scalar::smooth_damp(xs[lane], ts[lane], &mut vs[lane], st[lane], ms[lane], dt);
    }
    (f32x8::new(xs), f32x8::new(vs))
}
