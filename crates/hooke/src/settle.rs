//! How a spring comes to rest in `f32`: the one rule every step of the family applies to its
//! result (scalar functions and SIMD kernels alike), so that a spring that has settled costs what
//! a moving one costs and ends exactly on its goal (`docs/math.md` §4.6).
//!
//! Two things go wrong without it:
//!
//! - **Subnormals.** A spring settling toward 0 (decays, inertialization offsets, velocities at
//!   rest) decays into the subnormal range of `f32`, where x86 takes a microcode assist on every
//!   operation (10-100x slower) and rounding leaves the state stuck at a fixed point such as
//!   `x = 8e-45`, `v = -2.4e-44` forever. Results below the normal range ([`SETTLE_TINY`]) are
//!   flushed: a position to its goal, a velocity to 0.
//! - **Stalls.** Near a goal of any other magnitude the step's change can be below half an ulp
//!   of the position: the position rounds back to itself while the velocity settles at the
//!   constant that holds it there, and the spring never arrives (toward 1 it stops at
//!   `x = 0.9999997`, `v = 6.75e-7`). A step at the end of an approach (the velocity not
//!   growing) whose exact change moved toward the goal but rounded to no change at all moves the
//!   position one ulp toward the goal instead.
//!
//! Both change a result by less than the accuracy bound of `docs/math.md` §4.2 allows for one
//! step: a flush by less than `f32::MIN_POSITIVE` (below the bound's absolute precision for any
//! state that is not itself subnormal), a nudge by one ulp of the position (the bound allows
//! `1e-6` of the goal's magnitude, about 8 ulps). The identity step (`dt = 0`) is exempt: it
//! returns its input bit for bit.

use wide::f32x8;

/// Results of magnitude below this (the smallest normal `f32`) are flushed: a position within it
/// of its goal is put on the goal, a velocity below it becomes 0.
///
/// ```
/// assert_eq!(hooke::settle::SETTLE_TINY, f32::MIN_POSITIVE);
/// ```
pub const SETTLE_TINY: f32 = f32::MIN_POSITIVE;

/// The result `(x1, v1)` of a step from `(x0, v0)` toward `goal` whose exact change of position
/// was `dx`, settled:
///
/// - a stalled step moves the position one ulp toward the goal: the position did not change
///   (`x1 == x0 != goal`) although the exact change `dx` points at the goal, and the velocity is
///   not growing (`|v1| <= |v0|`, or `|v1|` below [`SETTLE_TINY`], which the flush takes to 0:
///   the spring is at the end of its approach, not starting one with a step too short to show,
///   where a nudge would outrun the exact motion);
/// - a velocity below [`SETTLE_TINY`] becomes 0, and then (or when the position did not change)
///   a position within it of the goal is put on the goal. (A position that still moves with a
///   normal velocity is left alone: it leaves the subnormal range by itself, and the kernels'
///   fast path can then skip every lane whose velocity is normal and whose position moved.)
///
/// Steps with no velocity (dampers) pass `v0 = v1 = 0`.
///
/// ```
/// use hooke::settle::settle;
/// // A stalled step toward 1 moves one ulp (`0.9999997` is 5 ulps below 1).
/// assert_eq!(settle(0.9999997, 6.75e-7, 0.9999997, 6.75e-7, 1e-8, 1.0), (0.99999976, 6.75e-7));
/// // Not while the spring gathers speed.
/// assert_eq!(settle(0.9999997, 0.0, 0.9999997, 1e-7, 1e-9, 1.0), (0.9999997, 1e-7));
/// // Subnormal offsets and velocities are flushed.
/// assert_eq!(settle(1e-38, -1e-38, 8e-45, -2.4e-44, -1e-38, 0.0), (0.0, 0.0));
/// // Anything else is returned as it is.
/// assert_eq!(settle(0.5, -2.0, 0.25, -3.0, -0.25, 0.0), (0.25, -3.0));
/// ```
#[inline]
pub fn settle(x0: f32, v0: f32, x1: f32, v1: f32, dx: f32, goal: f32) -> (f32, f32) {
    let still = x1 == x0;
    let mut x1 = x1;
    // Signs, not the product `dx (goal - x0)`: that underflows to 0 near tiny goals.
    let toward = dx != 0.0 && (dx > 0.0) == (goal > x0);
    // Not growing: no faster than before, or so slow that the flush below takes it to 0 (the
    // velocity before was flushed already, so a subnormal one would always look faster).
    let growing = v1.abs() > v0.abs() && v1.abs() >= SETTLE_TINY;
    if still && x0 != goal && toward && !growing {
        x1 = if goal > x0 {
            x0.next_up()
        } else {
            x0.next_down()
        };
    }
    let resting = v1.abs() < SETTLE_TINY;
    if (resting || still) && (x1 - goal).abs() < SETTLE_TINY {
        x1 = goal;
    }
    (x1, if resting { 0.0 } else { v1 })
}

/// The flush of [`settle`] on 8 lanes from positions `x0`: velocities below [`SETTLE_TINY`]
/// become 0, and where they did (or the position did not change) a position within it of its goal
/// is put on the goal. The stall rule is not applied here: kernels find stalled lanes with
/// [`stalled_lanes`] and send them through [`settle`] on their slow path, or through
/// [`settle_lanes`] where stalls are common.
///
/// ```
/// use hooke::settle::flush_lanes;
/// use wide::f32x8;
/// let (x, v) = flush_lanes(f32x8::splat(2e-40), f32x8::splat(1e-40), f32x8::splat(-3e-39), f32x8::ZERO);
/// assert_eq!((x, v), (f32x8::ZERO, f32x8::ZERO));
/// ```
#[inline(always)]
pub fn flush_lanes(x0: f32x8, x1: f32x8, v1: f32x8, goal: f32x8) -> (f32x8, f32x8) {
    let tiny = f32x8::splat(SETTLE_TINY);
    let resting = v1.abs().simd_lt(tiny);
    let near = (x1 - goal).abs().simd_lt(tiny) & (resting | x1.simd_eq(x0));
    // A bitwise and-not with the "resting" mask: cheaper than a blend.
    (near.select(goal, x1), v1 & !resting)
}

/// [`settle`] on 8 lanes, bit for bit (finite lanes): the stall rule's one-ulp move toward the
/// goal, then the flush of [`flush_lanes`] (with "the position did not change" taken before the
/// move, as `settle` takes it). For kernels whose stalled lanes are common enough that a scalar
/// slow path per lane group would cost more than this (a character controller's velocity, or a
/// double spring, arriving on its goal stalls for several frames, one ulp each).
///
/// ```
/// use hooke::settle::{settle, settle_lanes};
/// use wide::f32x8;
/// let lanes = |v: [f32; 2]| f32x8::from([v[0], v[1], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
/// let (x, v) = settle_lanes(
///     lanes([0.9999997, 0.5]),
///     lanes([6.75e-7, -2.0]),
///     lanes([0.9999997, 0.25]),
///     lanes([6.75e-7, -3.0]),
///     lanes([1e-8, -0.25]),
///     lanes([1.0, 0.0]),
/// );
/// let want = settle(0.9999997, 6.75e-7, 0.9999997, 6.75e-7, 1e-8, 1.0);
/// assert_eq!((x.to_array()[0], v.to_array()[0]), want);
/// assert_eq!((x.to_array()[1], v.to_array()[1]), (0.25, -3.0));
/// ```
#[inline(always)]
pub fn settle_lanes(
    x0: f32x8,
    v0: f32x8,
    x1: f32x8,
    v1: f32x8,
    dx: f32x8,
    goal: f32x8,
) -> (f32x8, f32x8) {
    let zero = f32x8::ZERO;
    let still = x1.simd_eq(x0);
    let up = goal.simd_gt(x0);
    // (Masks are all ones or all zeros: equal masks are the complement of their difference.)
    let toward = dx.simd_ne(zero) & !(dx.simd_gt(zero) ^ up);
    let tiny = f32x8::splat(SETTLE_TINY);
    let resting = v1.abs().simd_lt(tiny);
    let growing = v1.abs().simd_gt(v0.abs()) & !resting;
    let stalled = still & x0.simd_ne(goal) & toward & !growing;
    let x1 = stalled.select(next_toward(x0, up), x1);
    let near = (x1 - goal).abs().simd_lt(tiny) & (resting | still);
    (near.select(goal, x1), v1 & !resting)
}

/// `x.next_up()` where `up` is set, `x.next_down()` elsewhere, for finite `x`: one step of the
/// bit pattern away from zero or toward it, and the smallest subnormal of the direction's sign
/// from either zero.
#[inline(always)]
fn next_toward(x: f32x8, up: f32x8) -> f32x8 {
    use bytemuck::cast;
    use wide::i32x8;
    let bits: i32x8 = cast(x);
    // +1 on the bits moves away from zero: up from a positive value, down from a negative one.
    let away: i32x8 = cast(!(up ^ x.simd_gt(f32x8::ZERO)));
    // away = -1 (all ones) gives +1, away = 0 gives -1.
    let stepped: f32x8 = cast(bits + (away * i32x8::splat(-2) - i32x8::splat(1)));
    // From ±0: the smallest subnormal, positive going up, negative going down.
    let smallest = f32::from_bits(1);
    let from_zero = up.select(f32x8::splat(smallest), f32x8::splat(-smallest));
    x.simd_eq(f32x8::ZERO).select(from_zero, stepped)
}

/// Lanes whose step needs none of the settling rule, provided the velocity is finite: the
/// velocity is not below the normal range (`|v1| >= SETTLE_TINY`) and the position changed. Two
/// comparisons: the kernels' fast path, which checks that the results are finite separately
/// (once per block of lane groups, on the sum of positions and velocities), so an infinite
/// velocity passes here and NaN does not.
///
/// ```
/// use hooke::settle::moving_lanes;
/// use wide::f32x8;
/// let x0 = f32x8::from([1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
/// let x1 = f32x8::from([0.5, 1.0, 0.5, 0.5, 0.5, 0.0, 0.0, 0.0]);
/// let v1 = f32x8::from([-3.0, -3.0, 1e-39, f32::INFINITY, f32::NAN, 0.0, 0.0, 0.0]);
/// let m = moving_lanes(x0, x1, v1).to_array().map(|l| l != 0.0);
/// assert_eq!(m[..5], [true, false, false, true, false]);
/// ```
#[inline(always)]
pub fn moving_lanes(x0: f32x8, x1: f32x8, v1: f32x8) -> f32x8 {
    v1.abs().simd_ge(f32x8::splat(SETTLE_TINY)) & x1.simd_ne(x0)
}

/// The flush of a velocity alone (springs whose position has no goal, such as extrapolation).
///
/// ```
/// use hooke::settle::flush_velocity_lanes;
/// use wide::f32x8;
/// assert_eq!(flush_velocity_lanes(f32x8::splat(1e-40)), f32x8::ZERO);
/// assert_eq!(flush_velocity_lanes(f32x8::splat(-2.0)), f32x8::splat(-2.0));
/// ```
#[inline(always)]
pub fn flush_velocity_lanes(v1: f32x8) -> f32x8 {
    v1 & v1.abs().simd_ge(f32x8::splat(SETTLE_TINY))
}

/// The scalar velocity flush of [`flush_velocity_lanes`].
///
/// ```
/// assert_eq!(hooke::settle::flush_velocity(-1e-39), 0.0);
/// ```
#[inline]
pub fn flush_velocity(v1: f32) -> f32 {
    if v1.abs() < SETTLE_TINY { 0.0 } else { v1 }
}

/// Lanes that may have stalled: the position did not change and is not on its goal. A kernel
/// sends a block with any such lane through [`settle`] (on its slow path); settled lanes
/// (`x == goal`) and moving lanes stay on the fast path.
///
/// ```
/// use hooke::settle::stalled_lanes;
/// use wide::f32x8;
/// let x0 = f32x8::from([1.0, 0.5, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
/// let x1 = f32x8::from([1.0, 0.5, 1.5, 0.0, 0.0, 0.0, 0.0, 0.0]);
/// let m = stalled_lanes(x0, x1, f32x8::splat(1.0));
/// let m = m.to_array().map(|l| l != 0.0); // set lanes are all ones (a NaN, not 0)
/// assert_eq!(m[..3], [false, true, false]); // lane 1 did not move and is not on its goal
/// ```
#[inline(always)]
pub fn stalled_lanes(x0: f32x8, x1: f32x8, goal: f32x8) -> f32x8 {
    x1.simd_eq(x0) & x0.simd_ne(goal)
}
