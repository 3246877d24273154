//! Kernels of the spring family: plain functions over lane slices, no threads, no allocation,
//! no panics. Slices of different lengths are processed up to the shortest.

use wide::f32x8;

use super::coeffs::{CoeffSlices, LaneCoeffs};
use crate::coeffs::SpringCoeffs;
use crate::settle::{flush_lanes, flush_velocity_lanes, moving_lanes, settle, stalled_lanes};

/// One spring step on 8 lanes: the SIMD twin of [`crate::SpringCoeffs::apply`].
///
/// ```
/// use hooke::{lanes::{spring_step, LaneCoeffs}, SpringCoeffs};
/// use wide::f32x8;
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 1.0));
/// let (x, v) = spring_step(&c, f32x8::ONE, f32x8::ZERO, f32x8::ZERO, f32x8::ZERO);
/// assert!(x.to_array()[0].abs() < 1e-3);
/// ```
#[inline(always)]
pub fn spring_step(
    c: &LaneCoeffs,
    x: f32x8,
    v: f32x8,
    goal: f32x8,
    goal_velocity: f32x8,
) -> (f32x8, f32x8) {
    let r = raw_step(c, x, v, goal, goal_velocity);
    // Settled: the fast path when every lane is finite and none stalled, else the slow path.
    let finite = r.0.is_finite() & r.1.is_finite();
    if finite.all() && !stall_candidates(x, goal, goal_velocity, r).any() {
        flush_lanes(x, r.0, r.1, goal)
    } else {
        settle_slow(c, (x, v), (goal, goal_velocity), r)
    }
}

/// The affine step without the range check and the settling rule (the kernels check whole
/// blocks at once): the new position and velocity, and the change of position `dx` (which the
/// settling rule needs, [`crate::settle`]).
#[inline(always)]
pub(crate) fn raw_step(
    c: &LaneCoeffs,
    x: f32x8,
    v: f32x8,
    goal: f32x8,
    goal_velocity: f32x8,
) -> Raw {
    let e = x - goal;
    let dx = c.xx.mul_add(e, c.xv.mul_add(v, c.xq * goal_velocity));
    let v1 = c.vx.mul_add(e, c.vv.mul_add(v, c.vq * goal_velocity));
    (x + dx, v1, dx)
}

/// A step's result before the checks: position, velocity and the change of position.
pub(crate) type Raw = (f32x8, f32x8, f32x8);

/// The goals a spring kernel steps toward: per-spring goals and goal velocities, goals with goal
/// velocity 0 (simple springs), or 0 (decay springs).
#[derive(Clone, Copy)]
pub(crate) enum GoalLanes<'a> {
    Both(&'a [f32x8], &'a [f32x8]),
    Goal(&'a [f32x8]),
    Zero,
}

impl GoalLanes<'_> {
    /// Lane groups available (`usize::MAX` for [`GoalLanes::Zero`]).
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        match self {
            GoalLanes::Both(g, q) => g.len().min(q.len()),
            GoalLanes::Goal(g) => g.len(),
            GoalLanes::Zero => usize::MAX,
        }
    }

    /// The first `n` lane groups (`n <= self.len()`), so that indexing below `n` is known in
    /// bounds where the slices are indexed.
    #[inline(always)]
    fn truncate(self, n: usize) -> Self {
        match self {
            GoalLanes::Both(g, q) => GoalLanes::Both(&g[..n], &q[..n]),
            GoalLanes::Goal(g) => GoalLanes::Goal(&g[..n]),
            GoalLanes::Zero => GoalLanes::Zero,
        }
    }

    /// Lane groups `start..end` (`end <= self.len()`).
    #[inline(always)]
    pub(crate) fn range(self, start: usize, end: usize) -> Self {
        match self {
            GoalLanes::Both(g, q) => GoalLanes::Both(&g[start..end], &q[start..end]),
            GoalLanes::Goal(g) => GoalLanes::Goal(&g[start..end]),
            GoalLanes::Zero => GoalLanes::Zero,
        }
    }

    #[inline(always)]
    fn get(&self, i: usize) -> (f32x8, f32x8) {
        match self {
            GoalLanes::Both(g, q) => (g[i], q[i]),
            GoalLanes::Goal(g) => (g[i], f32x8::ZERO),
            GoalLanes::Zero => (f32x8::ZERO, f32x8::ZERO),
        }
    }
}

/// The one place where spring kernels store results: runs `step` over the lane groups and
/// stores the results settled ([`crate::settle`]). Settled and moving lanes take the fast path;
/// a lane group with a lane whose result is not finite, or whose position stalled short of its
/// goal, takes the slow path, which recomputes non-finite lanes with the saturating step of the
/// coefficients `coeffs(i)` (finite input never writes NaN or infinity) and applies the whole
/// settling rule lane by lane.
///
/// The results are checked one lane group at a time (the inputs are still there for the slow
/// path). Blocks of two lane groups checked together used to save a branch per group, but their
/// inputs, results and coefficients no longer fitted the 16 `ymm` registers: one group at a time
/// runs 22 % fewer instructions in the fixed-coefficient kernels (callgrind, 16k critical springs
/// moving, settled and held beside their goals: 6.49 -> 5.06, 6.20 -> 4.77 and 6.20 -> 6.52
/// instructions per spring with the test below) and the same time.
#[inline(always)]
pub(crate) fn guarded_steps<S, C>(
    x: &mut [f32x8],
    v: &mut [f32x8],
    goals: GoalLanes<'_>,
    step: S,
    coeffs: C,
) where
    S: Fn(usize, f32x8, f32x8, f32x8, f32x8) -> Raw,
    C: Fn(usize) -> LaneCoeffs,
{
    let n = x.len().min(v.len()).min(goals.len());
    let (x, v, goals) = (&mut x[..n], &mut v[..n], goals.truncate(n));
    for (i, (x, v)) in x.iter_mut().zip(v.iter_mut()).enumerate() {
        // The goals are read where they are used (and again on the cold path), not gathered into
        // an array first: such an array was kept on the stack, a store and two reloads per lane
        // group that cost the fixed-coefficient kernels two thirds of their time.
        let (g, q) = goals.get(i);
        let (x1, v1, _) = step(i, *x, *v, g, q);
        // `|x1 + v1| <= MAX` is false if either is infinite or NaN: three operations, where
        // `is_finite` of both takes eight integer ones. Finite results that overflow only in the
        // sum take the slow path needlessly, which is harmless.
        let finite = (x1 + v1).abs().simd_le(f32x8::splat(f32::MAX));
        // Moving with a normal velocity, or at rest on the goal (a settled batch): nothing for
        // the settling rule to do.
        let quiet = moving_lanes(*x, x1, v1) | (x1.simd_eq(g) & v1.simd_eq(f32x8::ZERO));
        // Springs held beside their goal by a goal velocity are tested second, only when the
        // first test failed: the first test is a third of a moving spring's instructions.
        if (quiet & finite).all() || (finite.all() && beside(quiet, (x1, v1), (g, q))) {
            (*x, *v) = (x1, v1);
        } else {
            // The goals read again: passed on from above, they were stored to the stack for the
            // call in every lane group's fast path.
            let goal = goals.get(i);
            (*x, *v) = settle_group(&step, &coeffs, i, (*x, *v), goal, (x1, v1));
        }
    }
}

/// Whether the settling rule changes nothing in a lane group stepped to `(x1, v1)` although the
/// first test of [`guarded_steps`] failed: each lane is `quiet` (that test's lanes: moving with
/// a normal velocity or at rest on its goal) or held beside its goal by a goal velocity (the
/// position stalls there with a tiny velocity, which the rule leaves alone: no nudge toward a
/// moving goal, and no flush further than `SETTLE_TINY` from it). Kernels without goal
/// velocities find no lane beside its goal (`q = 0` folds the test away).
#[inline(always)]
fn beside(quiet: f32x8, (x1, v1): (f32x8, f32x8), (g, q): (f32x8, f32x8)) -> bool {
    let tiny = f32x8::splat(crate::settle::SETTLE_TINY);
    let held = q.simd_ne(f32x8::ZERO) & (x1 - g).abs().simd_ge(tiny) & v1.abs().simd_ge(tiny);
    (quiet | held).all()
}

/// The settling rule for one lane group that is not all moving: settled lanes (on the goal at
/// rest, every frame of a settled batch) are stored as they are after two comparisons; otherwise
/// the vector flush, and the scalar rule on the slow path for lanes that stalled short of their
/// goal or left the `f32` range.
///
/// Out of line: inlined, the compiler shared the step's intermediate values between the fast
/// path and this one's second evaluation of the step, and kept them on the stack for every lane
/// group (four spills per lane group in the rate kernels). Lane groups that come here are the
/// few of a batch that is settling; a settled batch takes the fast path.
#[cold]
#[inline(never)]
fn settle_group<S, C>(
    step: &S,
    coeffs: &C,
    i: usize,
    (x, v): (f32x8, f32x8),
    (g, q): (f32x8, f32x8),
    (x1, v1): (f32x8, f32x8),
) -> (f32x8, f32x8)
where
    S: Fn(usize, f32x8, f32x8, f32x8, f32x8) -> Raw,
    C: Fn(usize) -> LaneCoeffs,
{
    if (x1.simd_eq(g) & v1.simd_eq(f32x8::ZERO)).all() {
        return (x1, v1);
    }
    let finite = x1.is_finite() & v1.is_finite();
    let stalled = stalled_lanes(x, x1, g) & q.simd_eq(f32x8::ZERO);
    if finite.all() && !stalled.any() {
        flush_lanes(x, x1, v1, g)
    } else {
        // The step again (the same arithmetic, so the same result), with its change of position.
        settle_slow(&coeffs(i), (x, v), (g, q), step(i, x, v, g, q))
    }
}

/// Lanes of a step from `x` that may have stalled short of a goal at rest (goal velocity 0: a
/// spring with a goal velocity rests beside its goal, where `x1 == x` is no stall) and moved
/// at all (`dx != 0`; the identity step is no stall either).
#[inline(always)]
fn stall_candidates(x: f32x8, goal: f32x8, goal_velocity: f32x8, r: Raw) -> f32x8 {
    stalled_lanes(x, r.0, goal) & r.2.simd_ne(f32x8::ZERO) & goal_velocity.simd_eq(f32x8::ZERO)
}

/// Slow path of the spring kernels, lane by lane: lanes whose next state is beyond the `f32`
/// range are recomputed in `f64` and rounded to the nearest finite `f32` (see
/// [`SpringCoeffs::apply_saturating`]), so finite input never writes NaN or infinity; then every
/// lane is settled by [`settle`] (the scalar twins' rule, bit for bit).
#[cold]
#[inline(never)]
fn settle_slow(
    c: &LaneCoeffs,
    (x, v): (f32x8, f32x8),
    (goal, goal_velocity): (f32x8, f32x8),
    r: Raw,
) -> (f32x8, f32x8) {
    let overflow = !(r.0.is_finite() & r.1.is_finite());
    let [xs, vs] = super::recompute_lanes(
        overflow,
        [x, v, goal, goal_velocity],
        [r.0, r.1],
        |lane, [x, v, g, q]| {
            let (x1, v1) = c.lane(lane).apply_saturating(x, v, g, q);
            [x1, v1]
        },
    );
    let (mut xs, mut vs, dx) = (xs.to_array(), vs.to_array(), r.2.to_array());
    let (x, v, g, q) = (
        x.to_array(),
        v.to_array(),
        goal.to_array(),
        goal_velocity.to_array(),
    );
    for lane in 0..8 {
        // No nudge toward a goal with a goal velocity (see `stall_candidates`).
        let dx = if q[lane] == 0.0 { dx[lane] } else { 0.0 };
        (xs[lane], vs[lane]) = settle(x[lane], v[lane], xs[lane], vs[lane], dx, g[lane]);
    }
    (f32x8::new(xs), f32x8::new(vs))
}

/// Springs sharing one set of coefficients, toward per-spring goals and goal velocities.
///
/// ```
/// use hooke::{column::Column, lanes::{spring_shared, LaneCoeffs}, SpringCoeffs};
/// let (mut x, mut v) = (Column::new(10, 0.0), Column::new(10, 0.0));
/// let (g, q) = (Column::new(10, 1.0), Column::new(10, 0.0));
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 1.0));
/// spring_shared(x.lanes_mut(), v.lanes_mut(), g.lanes(), q.lanes(), &c);
/// assert!(x.as_slice().iter().all(|&x| (x - 1.0).abs() < 1e-3));
/// ```
pub fn spring_shared(
    x: &mut [f32x8],
    v: &mut [f32x8],
    goal: &[f32x8],
    goal_velocity: &[f32x8],
    c: &LaneCoeffs,
) {
    debug_assert_same_len!(x, v, goal, goal_velocity);
    if *c == LaneCoeffs::splat(&SpringCoeffs::IDENTITY) {
        // dt = 0: the scalar twin returns the state bit for bit (nothing is settled).
        return;
    }
    if *c == LaneCoeffs::splat(&SpringCoeffs::SNAP) {
        // Rigid springs land exactly on the goal (the affine form would miss it by an ulp of x).
        for_lanes!((mut x, mut v, goal, goal_velocity) {
            (*x, *v) = (*goal, flush_velocity_lanes(*goal_velocity));
        });
        return;
    }
    let step = |_, x, v, g, q| raw_step(c, x, v, g, q);
    guarded_steps(x, v, GoalLanes::Both(goal, goal_velocity), step, |_| *c);
}

/// Springs with one set of coefficients each, toward per-spring goals and goal velocities.
///
/// ```
/// use hooke::{column::Column, lanes::{spring_per_spring, CoeffColumns}};
/// let h = Column::from_slice_padded(&[0.1, 0.2, 0.3], 1.0);
/// let c = CoeffColumns::critical(&h, 1.0 / 60.0);
/// let (mut x, mut v) = (Column::new(3, 0.0), Column::new(3, 0.0));
/// let (g, q) = (Column::new(3, 1.0), Column::new(3, 0.0));
/// spring_per_spring(x.lanes_mut(), v.lanes_mut(), g.lanes(), q.lanes(), c.slices());
/// let xs = x.as_slice();
/// assert!(xs[0] > xs[1] && xs[1] > xs[2]); // shorter halflife moves faster
/// ```
pub fn spring_per_spring(
    x: &mut [f32x8],
    v: &mut [f32x8],
    goal: &[f32x8],
    goal_velocity: &[f32x8],
    c: CoeffSlices<'_>,
) {
    debug_assert_same_len!(
        x,
        v,
        goal,
        goal_velocity,
        c.xx,
        c.xv,
        c.xq,
        c.vx,
        c.vv,
        c.vq
    );
    let n = c.len();
    let snap_xx = f32x8::splat(SpringCoeffs::SNAP.xx);
    let step = |i: usize, x, v, g, q| {
        let lane = c.get(i);
        let (x1, v1, dx) = raw_step(&lane, x, v, g, q);
        // Rigid lanes (halflife 0) land exactly on the goal, as in the scalar twin.
        let rigid = lane.xx.simd_eq(snap_xx) & lane.vq.simd_eq(f32x8::ONE);
        (rigid.select(g, x1), rigid.select(q, v1), dx)
    };
    let n = n.min(x.len());
    let x = &mut x[..n];
    guarded_steps(x, v, GoalLanes::Both(goal, goal_velocity), step, |i| {
        c.get(i)
    });
}

/// Simple springs (goal velocity 0) sharing one set of coefficients.
///
/// ```
/// use hooke::{column::Column, lanes::{simple_shared, LaneCoeffs}, SpringCoeffs};
/// let (mut x, mut v, g) = (Column::new(3, 0.0), Column::new(3, 0.0), Column::new(3, 2.0));
/// simple_shared(x.lanes_mut(), v.lanes_mut(), g.lanes(), &LaneCoeffs::splat(&SpringCoeffs::SNAP));
/// assert_eq!(x.as_slice(), &[2.0; 3]);
/// ```
pub fn simple_shared(x: &mut [f32x8], v: &mut [f32x8], goal: &[f32x8], c: &LaneCoeffs) {
    debug_assert_same_len!(x, v, goal);
    if *c == LaneCoeffs::splat(&SpringCoeffs::IDENTITY) {
        // dt = 0: the scalar twin returns the state bit for bit (nothing is settled).
        return;
    }
    if *c == LaneCoeffs::splat(&SpringCoeffs::SNAP) {
        // Rigid springs land exactly on the goal.
        for ((x, v), g) in x.iter_mut().zip(v.iter_mut()).zip(goal) {
            (*x, *v) = (*g, f32x8::ZERO);
        }
        return;
    }
    let step = |_, x, v, g, q| raw_step(c, x, v, g, q);
    guarded_steps(x, v, GoalLanes::Goal(goal), step, |_| *c);
}

/// Decay springs (toward 0) sharing one set of coefficients: inertialization offsets.
///
/// ```
/// use hooke::{column::Column, lanes::{decay_shared, LaneCoeffs}, SpringCoeffs};
/// let (mut x, mut v) = (Column::new(5, 1.0), Column::new(5, 0.0));
/// decay_shared(x.lanes_mut(), v.lanes_mut(), &LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 0.1)));
/// assert!(x.as_slice()[0] < 1.0);
/// ```
pub fn decay_shared(x: &mut [f32x8], v: &mut [f32x8], c: &LaneCoeffs) {
    debug_assert_same_len!(x, v);
    if *c == LaneCoeffs::splat(&SpringCoeffs::IDENTITY) {
        // dt = 0: the scalar twin returns the state bit for bit (nothing is settled).
        return;
    }
    let step = |_, x, v, g, q| raw_step(c, x, v, g, q);
    guarded_steps(x, v, GoalLanes::Zero, step, |_| *c);
}

/// Decay springs with one set of coefficients each.
///
/// ```
/// use hooke::{column::Column, lanes::{decay_per_spring, CoeffColumns}};
/// let c = CoeffColumns::critical(&Column::from_slice_padded(&[0.0, 1.0], 1.0), 0.1);
/// let (mut x, mut v) = (Column::new(2, 1.0), Column::new(2, 0.0));
/// decay_per_spring(x.lanes_mut(), v.lanes_mut(), c.slices());
/// assert_eq!(x.as_slice()[0], 0.0); // halflife 0 snaps
/// ```
pub fn decay_per_spring(x: &mut [f32x8], v: &mut [f32x8], c: CoeffSlices<'_>) {
    debug_assert_same_len!(x, v, c.xx, c.xv, c.vx, c.vv);
    let n = c.len().min(x.len());
    let x = &mut x[..n];
    let step = |i: usize, x, v, g, q| raw_step(&c.get(i), x, v, g, q);
    guarded_steps(x, v, GoalLanes::Zero, step, |i| c.get(i));
}

/// Exact dampers sharing one blend factor `alpha` (see [`crate::coeffs::damper_alpha`]).
///
/// ```
/// use hooke::{column::Column, coeffs::damper_alpha, lanes::damper_shared};
/// let (mut x, g) = (Column::new(4, 0.0), Column::new(4, 1.0));
/// damper_shared(x.lanes_mut(), g.lanes(), damper_alpha(0.1, 0.1));
/// assert!((x.as_slice()[0] - 0.5).abs() < 1e-6);
/// ```
pub fn damper_shared(x: &mut [f32x8], goal: &[f32x8], alpha: f32) {
    debug_assert_same_len!(x, goal);
    if alpha == 0.0 {
        // dt = 0: the scalar twin returns `x` bit for bit.
        return;
    }
    let a = f32x8::splat(alpha);
    if alpha == 1.0 {
        // Halflife 0: the scalar damper returns the goal exactly.
        for (x, g) in x.iter_mut().zip(goal) {
            *x = *g;
        }
        return;
    }
    for (x, g) in x.iter_mut().zip(goal) {
        let dx = (*g - *x) * a;
        *x = damper_settled(*x, *g, a, *x + dx, dx);
    }
}

/// `x1`, the damper step `x + dx` with `dx = (goal - x) alpha`, checked and settled like the
/// springs' steps ([`crate::settle`]): a position within [`crate::settle::SETTLE_TINY`] of its
/// goal is put on it (except where `alpha = 0`, the identity step, which returns `x` bit for
/// bit). Lanes that left the `f32` range (`goal - x` overflows for `x = -goal = 3e38`), or whose
/// position stalled short of the goal, take the scalar twin ([`crate::scalar::damper_blend`]):
/// finite input never writes NaN or infinity.
#[inline(always)]
pub(crate) fn damper_settled(x: f32x8, goal: f32x8, alpha: f32x8, x1: f32x8, dx: f32x8) -> f32x8 {
    let stalled = stalled_lanes(x, x1, goal) & dx.simd_ne(f32x8::ZERO);
    if x1.is_finite().all() && !stalled.any() {
        let tiny = (x1 - goal)
            .abs()
            .simd_lt(f32x8::splat(crate::settle::SETTLE_TINY));
        (tiny & alpha.simd_ne(f32x8::ZERO)).select(goal, x1)
    } else {
        damper_slow(x, goal, alpha)
    }
}

#[cold]
#[inline(never)]
fn damper_slow(x: f32x8, goal: f32x8, alpha: f32x8) -> f32x8 {
    let (x, g, a) = (x.to_array(), goal.to_array(), alpha.to_array());
    f32x8::new(std::array::from_fn(|lane| {
        crate::scalar::damper_blend(x[lane], g[lane], a[lane])
    }))
}

/// Exact dampers with one blend factor each.
///
/// ```
/// use hooke::{column::Column, lanes::damper_per_spring};
/// let (mut x, g, a) = (Column::new(2, 0.0), Column::new(2, 1.0), Column::from_slice(&[0.5, 1.0]));
/// damper_per_spring(x.lanes_mut(), g.lanes(), a.lanes());
/// assert_eq!(x.as_slice(), &[0.5, 1.0]);
/// ```
pub fn damper_per_spring(x: &mut [f32x8], goal: &[f32x8], alpha: &[f32x8]) {
    debug_assert_same_len!(x, goal, alpha);
    for ((x, g), a) in x.iter_mut().zip(goal).zip(alpha) {
        let snapped = a.simd_eq(f32x8::ONE);
        let dx = (*g - *x) * *a;
        let x1 = snapped.select(*g, *x + dx);
        *x = damper_settled(*x, *g, *a, x1, dx);
    }
}
