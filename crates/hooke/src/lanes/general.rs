//! General springs (per-spring stiffness and damping, any damping regime) stepped by a `dt` that
//! may change every frame: each lane group's coefficients are computed inside the update loop,
//! so no coefficient columns are written and read back.
//!
//! In the small region of `docs/math.md` §1.2 (`d dt <= 1` and `s dt² <= 1/4`, where game
//! springs at frame rates live) the coefficients come from the power series of the transition
//! matrix, the same series the `f64` closed form uses there for `∫ m01`, here for `m01` as well:
//! with `D = d dt`, `S = s dt²`, `a_0 = 1`, `a_1 = -D/2`,
//! `a_(n+1) = -(D (n+1) a_n + S a_(n-1)) / ((n+2)(n+1))`, `A = Σ a_n` and
//! `B = Σ a_n / (n+2)`:
//!
//! ```text
//! m01 = dt A            ∫ m01 = dt² B
//! xx = -S B   xv = dt A   xq = D dt B
//! vx = -s dt A          vv = 1 - S B - D A   vq = D A
//! ```
//!
//! (`m11 = m00 - d m01` for this system.) The same polynomial serves every regime: no `exp`, no
//! `sin`/`cos`, nothing to cancel near critical damping. Twelve terms: `|a_n| <= 1/(n+1)!`
//! there, so the 13th is below `2^-24` of the sum; eight when every lane of the group has
//! `D <= 1/2` and `S <= 1/16`. Groups with a lane outside the region (stiff springs, long steps)
//! take the `f64` closed form ([`super::stiffness_damping_coeffs_f64`]).

use crate::views::lane_view;
use wide::{f32x8, f64x4};

use super::closed_form::stiffness_damping_coeffs_f64_with_force;
use super::coeffs::LaneCoeffs;
use super::spring::{GoalLanes, guarded_steps, raw_step};

/// Terms of the series in the whole region (`D <= 1`, `S <= 1/4`).
const TERMS: usize = 12;

/// Terms when every lane has `D <= 1/2` and `S <= 1/16` (typical game springs at frame rates):
/// `|a_n| <= 2^-n / (n+1)!`, so the 9th term is below `2^-24` of the sum.
const SHORT_TERMS: usize = 8;

/// `(n + 1)` and `1 / ((n + 2)(n + 1))` of the recurrence, and `1 / (n + 3)` of `B`, for the
/// terms `a_(n+1)`, `n = 0..TERMS-1`.
const RECURRENCE: [(f32, f32, f32); TERMS] = {
    let mut r = [(0.0, 0.0, 0.0); TERMS];
    let mut n = 0;
    while n < TERMS {
        let (a, b) = ((n + 1) as f32, (n + 2) as f32);
        r[n] = (a, 1.0 / (a * b), 1.0 / (b + 1.0));
        n += 1;
    }
    r
};

/// How many terms of the series every lane of `(s, d)` needs for `dt`: [`SHORT_TERMS`],
/// [`TERMS`], or `None` when a lane is outside the region (or NaN).
#[inline(always)]
fn series_terms(s: f32x8, d: f32x8, dt: f32x8) -> Option<usize> {
    let (big_d, big_s) = (d * dt, s * dt * dt);
    let within = |d_max: f32, s_max: f32| {
        (big_d.simd_le(f32x8::splat(d_max)) & big_s.simd_le(f32x8::splat(s_max))).all()
    };
    if within(0.5, 0.0625) {
        Some(SHORT_TERMS)
    } else if within(1.0, 0.25) {
        Some(TERMS)
    } else {
        None
    }
}

/// The coefficients of 8 general springs from the power series (only valid in the small region,
/// see the module documentation; [`stiffness_damping_coeffs`] picks).
///
/// ```
/// use hooke::{lanes::stiffness_damping_series, SpringCoeffs};
/// use wide::f32x8;
/// let c = stiffness_damping_series(f32x8::splat(100.0), f32x8::splat(4.0), f32x8::splat(1.0 / 60.0));
/// let want = SpringCoeffs::stiffness_damping(100.0, 4.0, 1.0 / 60.0);
/// assert!((c.lane(0).xx - want.xx).abs() <= 1e-7 && (c.lane(0).vv - want.vv).abs() <= 2e-7);
/// ```
#[inline(always)]
pub fn stiffness_damping_series(s: f32x8, d: f32x8, dt: f32x8) -> LaneCoeffs {
    series::<TERMS>(s, d, dt).0
}

/// The series with `N` terms after `a_0`: the coefficients and `∫ m01 = dt² B` (callers that
/// do not read it pay nothing: it is inlined and dropped).
#[inline(always)]
fn series<const N: usize>(s: f32x8, d: f32x8, dt: f32x8) -> (LaneCoeffs, f32x8) {
    let (big_d, big_s) = (d * dt, s * dt * dt);
    let (mut prev, mut a) = (f32x8::ZERO, f32x8::ONE);
    let (mut sum_a, mut sum_b) = (f32x8::ONE, f32x8::splat(0.5));
    for &(n1, inv, inv_b) in &RECURRENCE[..N] {
        let next = -(big_d * f32x8::splat(n1)).mul_add(a, big_s * prev) * f32x8::splat(inv);
        (prev, a) = (a, next);
        sum_a += a;
        sum_b = a.mul_add(f32x8::splat(inv_b), sum_b);
    }
    let c = LaneCoeffs {
        xx: -(big_s * sum_b),
        xv: dt * sum_a,
        xq: big_d * dt * sum_b,
        vx: -(s * dt * sum_a),
        vv: f32x8::ONE - big_s.mul_add(sum_b, big_d * sum_a),
        vq: big_d * sum_a,
    };
    (c, dt * dt * sum_b)
}

/// The coefficients of 8 general springs over `dt`: the series when every lane is in its region,
/// else the `f64` closed form. `s`, `d` finite and `>= 0` (the batches check), `dt` finite `>= 0`.
///
/// ```
/// use hooke::{lanes::stiffness_damping_coeffs, SpringCoeffs};
/// use wide::f32x8;
/// // A stiff spring at a long step: the closed form.
/// let c = stiffness_damping_coeffs(f32x8::splat(1e4), f32x8::splat(1.0), 0.5);
/// let want = SpringCoeffs::stiffness_damping(1e4, 1.0, 0.5);
/// assert!((c.lane(0).vx - want.vx).abs() <= 1e-6 * want.vx.abs().max(1.0));
/// ```
#[inline(always)]
pub fn stiffness_damping_coeffs(s: f32x8, d: f32x8, dt: f32) -> LaneCoeffs {
    stiffness_damping_coeffs_with_force(s, d, dt).0
}

/// [`stiffness_damping_coeffs`] and, per lane, `p = ∫ m01` over `dt`: the position response
/// to a constant unit force (`dt² B` of the series, the `f64` closed form's `∫ m01` outside its
/// region; 0 for the identity and rigid steps). With it a constant force `f` adds `p f` to the
/// position and `m01 f = xv f` to the velocity: the tracking spring's targets
/// ([`super::tracking_rates`]).
///
/// ```
/// use hooke::lanes::stiffness_damping_coeffs_with_force;
/// use wide::f32x8;
/// // No spring, no damping: a unit force moves the position by dt² / 2.
/// let (c, p) = stiffness_damping_coeffs_with_force(f32x8::ZERO, f32x8::ZERO, 0.5);
/// assert_eq!((p.to_array()[0], c.xv.to_array()[0]), (0.125, 0.5));
/// // With damping, p = xq / d (the goal velocity's force is d q).
/// let (c, p) = stiffness_damping_coeffs_with_force(f32x8::splat(30.0), f32x8::splat(4.0), 0.02);
/// let xq = c.xq.to_array()[0];
/// assert!((p.to_array()[0] - xq / 4.0).abs() <= 1e-7 * p.to_array()[0]);
/// ```
#[inline(always)]
pub fn stiffness_damping_coeffs_with_force(s: f32x8, d: f32x8, dt: f32) -> (LaneCoeffs, f32x8) {
    let t = f32x8::splat(dt);
    match series_terms(s, d, t) {
        Some(SHORT_TERMS) => series::<SHORT_TERMS>(s, d, t),
        Some(_) => series::<TERMS>(s, d, t),
        None => closed_form(s, d, dt),
    }
}

/// The `f64` closed form for one lane group, out of line: the series' loop stays small.
#[cold]
#[inline(never)]
fn closed_form(s: f32x8, d: f32x8, dt: f32) -> (LaneCoeffs, f32x8) {
    stiffness_damping_coeffs_f64_with_force(s, d, f64x4::splat(f64::from(dt)))
}

lane_view! {
    /// The per-spring parameters of [`spring_stiffness_damping`], as lane slices.
    #[derive(Debug, Clone, Copy)]
    pub struct StiffnessDampingLanes<'a>: &'a [f32x8], at "hooke::lanes::StiffnessDampingLanes" {
        /// Stiffnesses (finite, `>= 0`).
        stiffness,
        /// Dampings (finite, `>= 0`).
        damping,
    }
}

/// General springs with per-spring stiffness and damping toward per-spring goals and goal
/// velocities over `dt` (finite, `>= 0`), coefficients computed per lane group in the loop
/// ([`stiffness_damping_coeffs`]). Lanes whose result leaves the `f32` range take the
/// saturating slow path of every spring kernel; rigid lanes land on their goal.
///
/// ```
/// use hooke::column::Column;
/// use hooke::lanes::{StiffnessDampingLanes, spring_stiffness_damping};
/// use hooke::scalar::spring_damper_exact_stiffness_damping;
/// let (s, d) = (Column::from_slice(&[50.0, 400.0]), Column::from_slice(&[2.0, 40.0]));
/// let (mut x, mut v) = (Column::new(2, 0.0), Column::new(2, 0.0));
/// let (g, q) = (Column::new(2, 1.0), Column::new(2, 0.0));
/// let params = StiffnessDampingLanes { stiffness: s.lanes(), damping: d.lanes() };
/// spring_stiffness_damping(x.lanes_mut(), v.lanes_mut(), g.lanes(), q.lanes(), params, 0.02);
/// let (mut x1, mut v1) = (0.0, 0.0);
/// spring_damper_exact_stiffness_damping(&mut x1, &mut v1, 1.0, 0.0, 50.0, 2.0, 0.02);
/// assert!((x.as_slice()[0] - x1).abs() <= 1e-6);
/// ```
pub fn spring_stiffness_damping(
    x: &mut [f32x8],
    v: &mut [f32x8],
    goal: &[f32x8],
    goal_velocity: &[f32x8],
    params: StiffnessDampingLanes<'_>,
    dt: f32,
) {
    let StiffnessDampingLanes { stiffness, damping } = params;
    debug_assert_same_len!(x, v, goal, goal_velocity, stiffness, damping);
    if dt == 0.0 {
        // The identity step: the scalar twin returns the state bit for bit (nothing is settled).
        return;
    }
    let n = x.len().min(stiffness.len()).min(damping.len());
    let (x, stiffness, damping) = (&mut x[..n], &stiffness[..n], &damping[..n]);
    let coeffs = |i: usize| stiffness_damping_coeffs(stiffness[i], damping[i], dt);
    let snap = f32x8::splat(crate::SpringCoeffs::SNAP.xx);
    let step = |i: usize, x, v, g, q| {
        let c = coeffs(i);
        let (x1, v1, dx) = raw_step(&c, x, v, g, q);
        // Rigid lanes (coefficients beyond f32) land exactly on the goal, as in the scalar twin.
        let rigid = c.xx.simd_eq(snap) & c.vq.simd_eq(f32x8::ONE);
        (rigid.select(g, x1), rigid.select(q, v1), dx)
    };
    guarded_steps(x, v, GoalLanes::Both(goal, goal_velocity), step, coeffs);
}
