//! The tracking spring's kernels (per-spring modes: track, clamp, snap); scalar twin
//! [`crate::scalar::tracking_spring_update_exact`]: [`tracking_shared`] for springs sharing
//! gains (coefficients computed once per `dt`), [`tracking_rates`] for gains per spring and a
//! `dt` that may change every frame (coefficients computed per lane group in the loop).

use crate::views::lane_view;
use wide::f32x8;

use super::coeffs::LaneCoeffs;
use super::general::stiffness_damping_coeffs_with_force;
use super::spring::Raw;
use crate::scalar::{TrackingCoeffs, TrackingGains};
use crate::settle::{flush_lanes, settle, stalled_lanes};

/// [`TrackingCoeffs`] splatted across 8 lanes.
///
/// ```
/// use hooke::{lanes::TrackingLaneCoeffs, scalar::TrackingCoeffs};
/// let c = TrackingLaneCoeffs::splat(&TrackingCoeffs::IDENTITY);
/// assert_eq!(c.vv, wide::f32x8::ONE);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackingLaneCoeffs {
    /// See [`TrackingCoeffs::xx`].
    pub xx: f32x8,
    /// See [`TrackingCoeffs::xv`].
    pub xv: f32x8,
    /// See [`TrackingCoeffs::xvg`].
    pub xvg: f32x8,
    /// See [`TrackingCoeffs::xag`].
    pub xag: f32x8,
    /// See [`TrackingCoeffs::vx`].
    pub vx: f32x8,
    /// See [`TrackingCoeffs::vv`].
    pub vv: f32x8,
    /// See [`TrackingCoeffs::vvg`].
    pub vvg: f32x8,
    /// See [`TrackingCoeffs::vag`].
    pub vag: f32x8,
}

impl TrackingLaneCoeffs {
    /// The same coefficients in every lane.
    ///
    /// ```
    /// use hooke::{lanes::TrackingLaneCoeffs, scalar::TrackingGains};
    /// let g = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
    /// let c = TrackingLaneCoeffs::splat(&g.coeffs(1.0 / 60.0));
    /// assert!(c.xx.to_array()[0] < 0.0);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn splat(c: &TrackingCoeffs) -> TrackingLaneCoeffs {
        TrackingLaneCoeffs {
            xx: f32x8::splat(c.xx),
            xv: f32x8::splat(c.xv),
            xvg: f32x8::splat(c.xvg),
            xag: f32x8::splat(c.xag),
            vx: f32x8::splat(c.vx),
            vv: f32x8::splat(c.vv),
            vvg: f32x8::splat(c.vvg),
            vag: f32x8::splat(c.vag),
        }
    }

    /// The coefficients of lane `lane` (0..8; panics beyond, like array indexing).
    ///
    /// ```
    /// use hooke::{lanes::TrackingLaneCoeffs, scalar::TrackingCoeffs};
    /// let c = TrackingLaneCoeffs::splat(&TrackingCoeffs::IDENTITY);
    /// assert_eq!(c.lane(7), TrackingCoeffs::IDENTITY);
    /// ```
    #[track_caller]
    pub fn lane(&self, lane: usize) -> TrackingCoeffs {
        let at = |v: f32x8| v.to_array()[lane];
        TrackingCoeffs {
            xx: at(self.xx),
            xv: at(self.xv),
            xvg: at(self.xvg),
            xag: at(self.xag),
            vx: at(self.vx),
            vv: at(self.vv),
            vvg: at(self.vvg),
            vag: at(self.vag),
        }
    }

    fn select(mask: f32x8, a: &TrackingLaneCoeffs, b: &TrackingLaneCoeffs) -> TrackingLaneCoeffs {
        TrackingLaneCoeffs {
            xx: mask.select(a.xx, b.xx),
            xv: mask.select(a.xv, b.xv),
            xvg: mask.select(a.xvg, b.xvg),
            xag: mask.select(a.xag, b.xag),
            vx: mask.select(a.vx, b.vx),
            vv: mask.select(a.vv, b.vv),
            vvg: mask.select(a.vvg, b.vvg),
            vag: mask.select(a.vag, b.vag),
        }
    }
}

/// Which targets a tracking spring uses this frame, per spring: the value stored in the `mode`
/// column of [`tracking_shared`] and [`tracking_rates`].
///
/// ```
/// assert_eq!(hooke::lanes::TrackingMode::Full.as_lane_value(), 0.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackingMode {
    /// Position, velocity and acceleration targets.
    Full,
    /// The acceleration target is unknown this frame (e.g. one frame after a discontinuity).
    NoAcceleration,
    /// Velocity and acceleration targets are unknown (at a discontinuity).
    PositionOnly,
}

impl TrackingMode {
    /// The `f32` stored in a mode column for this mode.
    ///
    /// ```
    /// assert_eq!(hooke::lanes::TrackingMode::PositionOnly.as_lane_value(), 2.0);
    /// ```
    pub fn as_lane_value(self) -> f32 {
        match self {
            TrackingMode::Full => 0.0,
            TrackingMode::NoAcceleration => 1.0,
            TrackingMode::PositionOnly => 2.0,
        }
    }
}

lane_view! {
    /// The per-spring goals of the tracking kernels, as lane slices: the target's position,
    /// velocity and acceleration (new every frame) and the mode of each spring
    /// ([`TrackingMode::as_lane_value`]).
    #[derive(Debug, Clone, Copy)]
    pub struct TrackingGoalLanes<'a>: &'a [f32x8], at "hooke::lanes::TrackingGoalLanes" {
        /// Target positions.
        x_goal,
        /// Target velocities.
        v_goal,
        /// Target accelerations.
        a_goal,
        /// Modes ([`TrackingMode::as_lane_value`]).
        mode,
    }
}

impl<'a> TrackingGoalLanes<'a> {
    /// The goal slices of the tracking kernels, `[x_goal, v_goal, a_goal, mode]`; debug builds
    /// check that each holds as many lane groups as the state `x`, `v` they are stepped with.
    fn slices_beside(self, x: &[f32x8], v: &[f32x8]) -> [&'a [f32x8]; 4] {
        let TrackingGoalLanes {
            x_goal,
            v_goal,
            a_goal,
            mode,
        } = self;
        debug_assert_same_len!(x, v, x_goal, v_goal, a_goal, mode);
        [x_goal, v_goal, a_goal, mode]
    }
}

/// Exact tracking springs sharing gains: per-spring goals (`x_goal`, `v_goal`, `a_goal`, new every
/// frame) and a per-spring `mode` column ([`TrackingMode::as_lane_value`]) choosing, per lane, the
/// coefficients of `coeffs[0]` (full), `coeffs[1]` (no acceleration) or `coeffs[2]` (position
/// only). The SIMD twin of [`crate::scalar::TrackingCoeffs::apply`].
///
/// ```
/// use hooke::column::Column;
/// use hooke::lanes::{tracking_shared, TrackingGoalLanes, TrackingLaneCoeffs};
/// use hooke::scalar::TrackingGains;
///
/// let g = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?;
/// let dt = 1.0 / 60.0;
/// let coeffs = [
///     TrackingLaneCoeffs::splat(&g.coeffs(dt)),
///     TrackingLaneCoeffs::splat(&g.without_acceleration().coeffs(dt)),
///     TrackingLaneCoeffs::splat(&g.without_velocity_acceleration().coeffs(dt)),
/// ];
/// let (mut x, mut v) = (Column::new(3, 0.0), Column::new(3, 0.0));
/// let (xg, vg, ag) = (Column::new(3, 1.0), Column::new(3, 0.5), Column::new(3, 0.0));
/// let mode = Column::from_slice(&[0.0, 1.0, 2.0]);
/// let goals = TrackingGoalLanes { x_goal: xg.lanes(), v_goal: vg.lanes(), a_goal: ag.lanes(), mode: mode.lanes() };
/// tracking_shared(x.lanes_mut(), v.lanes_mut(), goals, &coeffs);
/// assert!(x.as_slice().iter().all(|&x| x > 0.0));
/// # Ok::<(), hooke::ParamError>(())
/// ```
pub fn tracking_shared(
    x: &mut [f32x8],
    v: &mut [f32x8],
    goals: TrackingGoalLanes<'_>,
    coeffs: &[TrackingLaneCoeffs; 3],
) {
    let [x_goal, v_goal, a_goal, mode] = goals.slices_beside(x, v);
    let identity = TrackingLaneCoeffs::splat(&TrackingCoeffs::IDENTITY);
    if coeffs.iter().all(|c| *c == identity) {
        // dt = 0: the scalar twin returns the state bit for bit (nothing is settled).
        return;
    }
    let lanes = x
        .iter_mut()
        .zip(v.iter_mut())
        .zip(x_goal)
        .zip(v_goal)
        .zip(a_goal)
        .zip(mode);
    for (((((x, v), xg), vg), ag), m) in lanes {
        let no_acc = m.simd_eq(f32x8::ONE);
        let pos_only = m.simd_eq(f32x8::splat(2.0));
        let c = TrackingLaneCoeffs::select(no_acc, &coeffs[1], &coeffs[0]);
        let c = TrackingLaneCoeffs::select(pos_only, &coeffs[2], &c);
        let e = *x - *xg;
        let dx =
            c.xx.mul_add(e, c.xv.mul_add(*v, c.xvg.mul_add(*vg, c.xag * *ag)));
        let v1 =
            c.vx.mul_add(e, c.vv.mul_add(*v, c.vvg.mul_add(*vg, c.vag * *ag)));
        let r = (*x + dx, v1);
        // Settled like every spring ([`crate::settle`]): stalled lanes take the slow path.
        let at_rest = vg.simd_eq(f32x8::ZERO) & ag.simd_eq(f32x8::ZERO);
        let stalled = stalled_lanes(*x, r.0, *xg) & dx.simd_ne(f32x8::ZERO) & at_rest;
        (*x, *v) = if (r.0.is_finite() & r.1.is_finite()).all() && !stalled.any() {
            flush_lanes(*x, r.0, r.1, *xg)
        } else {
            saturate_shared(&c, (*x, *v), [*xg, *vg, *ag], (r.0, r.1, dx))
        };
    }
}

/// Slow path of [`tracking_shared`] for lanes whose next state is beyond the `f32` range: those
/// lanes are recomputed by [`TrackingCoeffs::apply_saturating`] (in `f64`, rounded to the
/// nearest finite `f32`), so finite input never writes NaN or infinity; then every lane is
/// settled by the scalar twin's rule ([`settle`]).
#[cold]
#[inline(never)]
fn saturate_shared(
    c: &TrackingLaneCoeffs,
    (x, v): (f32x8, f32x8),
    goals: [f32x8; 3],
    r: (f32x8, f32x8, f32x8),
) -> (f32x8, f32x8) {
    let overflow = !(r.0.is_finite() & r.1.is_finite());
    let [xg, vg, ag] = goals;
    let [x1, v1] = super::recompute_lanes(
        overflow,
        [x, v, xg, vg, ag],
        [r.0, r.1],
        |i, [x, v, xg, vg, ag]| {
            let (x1, v1) = c.lane(i).apply_saturating(x, v, xg, vg, ag);
            [x1, v1]
        },
    );
    let (x, v, xg) = (x.to_array(), v.to_array(), xg.to_array());
    let (mut x1, mut v1, dx) = (x1.to_array(), v1.to_array(), r.2.to_array());
    for i in 0..8 {
        (x1[i], v1[i]) = settle(x[i], v[i], x1[i], v1[i], dx[i], xg[i]);
    }
    (f32x8::new(x1), f32x8::new(v1))
}

/// One spring's parameters for [`tracking_rates`]: the equivalent spring of its gains
/// ([`TrackingGains::equivalent_spring`]) rounded to `f32`, i.e. everything that does not depend
/// on `dt`, computed once when the gains are set.
///
/// ```
/// use hooke::{lanes::TrackingRateParams, scalar::TrackingGains};
/// let p = TrackingRateParams::new(&TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?);
/// assert!((p.stiffness - 36.0).abs() < 1e-4);
/// assert!((p.position_only_damping - 0.6).abs() < 1e-6); // x_gain / gain_dt
/// # Ok::<(), hooke::ParamError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackingRateParams {
    /// The stiffness `x_gain / gain_dt²`, the same in every mode (`+inf` beyond the `f32` range:
    /// a rigid spring, as in the scalar twin).
    pub stiffness: f32,
    /// The damping of [`TrackingMode::Full`] and [`TrackingMode::NoAcceleration`].
    pub damping: f32,
    /// The damping of [`TrackingMode::PositionOnly`], `x_gain / gain_dt`: dropping the velocity
    /// target also drops the damping it brings
    /// ([`TrackingGains::without_velocity_acceleration`]).
    pub position_only_damping: f32,
    /// The force per unit of target velocity (0 in [`TrackingMode::PositionOnly`]).
    pub v_goal_force: f32,
    /// The force per unit of target acceleration (0 unless [`TrackingMode::Full`]).
    pub a_goal_force: f32,
}

impl TrackingRateParams {
    /// No spring, no damping, no force: a lane at rest at 0 stays there (padding lanes).
    ///
    /// ```
    /// assert_eq!(hooke::lanes::TrackingRateParams::INERT.stiffness, 0.0);
    /// ```
    pub const INERT: TrackingRateParams = TrackingRateParams {
        stiffness: 0.0,
        damping: 0.0,
        position_only_damping: 0.0,
        v_goal_force: 0.0,
        a_goal_force: 0.0,
    };

    /// The parameters of `gains`, from its `f64` equivalent spring (and that of its
    /// position-only gains), rounded once.
    ///
    /// ```
    /// use hooke::{lanes::TrackingRateParams, scalar::TrackingGains};
    /// let g = TrackingGains::new(0.5, 0.5, 1.0, 0.1)?;
    /// let p = TrackingRateParams::new(&g);
    /// assert_eq!(p.damping, g.equivalent_spring().damping as f32);
    /// # Ok::<(), hooke::ParamError>(())
    /// ```
    pub fn new(gains: &TrackingGains) -> TrackingRateParams {
        let full = gains.equivalent_spring();
        let position_only = gains.without_velocity_acceleration().equivalent_spring();
        TrackingRateParams {
            stiffness: full.stiffness as f32,
            damping: full.damping as f32,
            position_only_damping: position_only.damping as f32,
            v_goal_force: full.v_goal_force as f32,
            a_goal_force: full.a_goal_force as f32,
        }
    }
}

lane_view! {
    /// The per-spring parameter columns of [`tracking_rates`] as lane slices: one column per field
    /// of [`TrackingRateParams`].
    ///
    /// ```
    /// let p = hooke::lanes::TrackingParamLanes {
    ///     stiffness: &[], damping: &[], position_only_damping: &[], v_goal_force: &[], a_goal_force: &[],
    /// };
    /// assert_eq!(p.len(), 0);
    /// ```
    #[derive(Debug, Clone, Copy)]
    pub struct TrackingParamLanes<'a>: &'a [f32x8], at "hooke::lanes::TrackingParamLanes" {
        /// See [`TrackingRateParams::stiffness`].
        stiffness,
        /// See [`TrackingRateParams::damping`].
        damping,
        /// See [`TrackingRateParams::position_only_damping`].
        position_only_damping,
        /// See [`TrackingRateParams::v_goal_force`].
        v_goal_force,
        /// See [`TrackingRateParams::a_goal_force`].
        a_goal_force,
    }
}

impl TrackingParamLanes<'_> {
    /// The first `n` lane groups (`n <= self.len()`): indexing below `n` is then known in bounds.
    fn prefix(self, n: usize) -> Self {
        TrackingParamLanes {
            stiffness: &self.stiffness[..n],
            damping: &self.damping[..n],
            position_only_damping: &self.position_only_damping[..n],
            v_goal_force: &self.v_goal_force[..n],
            a_goal_force: &self.a_goal_force[..n],
        }
    }
}

/// One lane group's step for its modes: the general spring's coefficients, `p = ∫ m01` (the
/// position response to a constant unit force; the velocity response is `m01 = xv`) and the
/// force per unit target velocity and acceleration, 0 where the mode drops that target.
struct ForcedStep {
    c: LaneCoeffs,
    p: f32x8,
    v_goal_force: f32x8,
    a_goal_force: f32x8,
}

impl ForcedStep {
    /// The step of lane group `i` with modes `mode` over `dt` (`i` in bounds of `params`).
    #[inline(always)]
    fn new(params: &TrackingParamLanes<'_>, i: usize, mode: f32x8, dt: f32) -> ForcedStep {
        let no_acceleration = mode.simd_eq(f32x8::ONE);
        let position_only = mode.simd_eq(f32x8::splat(2.0));
        let damping = position_only.select(params.position_only_damping[i], params.damping[i]);
        let (c, p) = stiffness_damping_coeffs_with_force(params.stiffness[i], damping, dt);
        ForcedStep {
            c,
            p,
            v_goal_force: position_only.select(f32x8::ZERO, params.v_goal_force[i]),
            a_goal_force: (no_acceleration | position_only)
                .select(f32x8::ZERO, params.a_goal_force[i]),
        }
    }

    /// `x1 = x + xx e + xv v + p f`, `v1 = vx e + vv v + xv f` with the targets' force
    /// `f = v_goal_force v_goal + a_goal_force a_goal` (the scalar twin's `xvg v_goal + xag
    /// a_goal` is `p f`, its `vvg v_goal + vag a_goal` is `m01 f`).
    #[inline(always)]
    fn apply(&self, x: f32x8, v: f32x8, goals: [f32x8; 3]) -> (f32x8, f32x8, f32x8) {
        let [x_goal, v_goal, a_goal] = goals;
        let force = self
            .v_goal_force
            .mul_add(v_goal, self.a_goal_force * a_goal);
        let c = &self.c;
        let e = x - x_goal;
        let dx = c.xx.mul_add(e, c.xv.mul_add(v, self.p * force));
        let v1 = c.vx.mul_add(e, c.vv.mul_add(v, c.xv * force));
        (x + dx, v1, dx)
    }

    /// `r`, the result of [`apply`](Self::apply) from `(x, v)`, with lanes that are not finite
    /// recomputed in `f64` by the scalar twin's slow path ([`TrackingCoeffs::apply_saturating`]),
    /// as every spring kernel does ([`super::spring`]): finite input never writes NaN or
    /// infinity. (The spring kernels' `guarded_steps` cannot serve here: its slow path knows a
    /// goal and a goal velocity, and the force `f` computed from three targets may overflow `f32`
    /// where the step does not, so the slow path needs the targets themselves.)
    #[inline(always)]
    fn checked(&self, x: f32x8, v: f32x8, goals: [f32x8; 3], r: Raw) -> (f32x8, f32x8) {
        // Settled like every spring ([`crate::settle`]): stalled lanes take the slow path.
        let at_rest = goals[1].simd_eq(f32x8::ZERO) & goals[2].simd_eq(f32x8::ZERO);
        let stalled = stalled_lanes(x, r.0, goals[0]) & r.2.simd_ne(f32x8::ZERO) & at_rest;
        if (r.0 + r.1).is_finite().all() && !stalled.any() {
            flush_lanes(x, r.0, r.1, goals[0])
        } else {
            self.saturate(x, v, goals, r)
        }
    }

    #[cold]
    #[inline(never)]
    fn saturate(&self, x: f32x8, v: f32x8, goals: [f32x8; 3], r: Raw) -> (f32x8, f32x8) {
        let lanes = |v: f32x8| v.to_array().map(f64::from);
        let (xx, xv, vx, vv) = (
            lanes(self.c.xx),
            lanes(self.c.xv),
            lanes(self.c.vx),
            lanes(self.c.vv),
        );
        let (p, fv, fa) = (
            lanes(self.p),
            lanes(self.v_goal_force),
            lanes(self.a_goal_force),
        );
        let (x, v) = (x.to_array(), v.to_array());
        let [xg, vg, ag] = goals.map(|g| g.to_array());
        let (mut x1, mut v1, dx) = (r.0.to_array(), r.1.to_array(), r.2.to_array());
        for i in 0..8 {
            if !(x1[i].is_finite() && v1[i].is_finite()) {
                let c =
                    TrackingCoeffs::from_response([xx[i], xv[i], vx[i], vv[i]], p[i], fv[i], fa[i]);
                (x1[i], v1[i]) = c.apply_saturating(x[i], v[i], xg[i], vg[i], ag[i]);
            }
            let dx = if vg[i] == 0.0 && ag[i] == 0.0 {
                dx[i]
            } else {
                0.0
            };
            (x1[i], v1[i]) = settle(x[i], v[i], x1[i], v1[i], dx, xg[i]);
        }
        (f32x8::new(x1), f32x8::new(v1))
    }
}

/// Exact tracking springs with gains per spring (`params`, [`TrackingRateParams`] per spring)
/// over `dt` (finite, `>= 0`), toward per-spring targets (`x_goal`, `v_goal`, `a_goal`) with a
/// per-spring `mode` column ([`TrackingMode::as_lane_value`]). Each lane group's coefficients are
/// computed in the loop from its parameters and this frame's `dt`, with the general spring's
/// [`stiffness_damping_coeffs_with_force`] (power series in `f32x8` in its region, `f64`
/// closed form elsewhere), so a `dt` that changes every frame costs no more than a constant one.
/// The SIMD twin of [`TrackingCoeffs::apply`] with [`TrackingGains::coeffs`] of each spring's
/// gains in its mode. Lanes whose result leaves the `f32` range are recomputed in `f64` and
/// saturate at `±f32::MAX`; `dt = 0` returns the state bit for bit.
///
/// ```
/// use hooke::column::Column;
/// use hooke::lanes::{tracking_rates, TrackingGoalLanes, TrackingParamLanes, TrackingRateParams};
/// use hooke::scalar::TrackingGains;
///
/// let gains = [
///     TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0)?,
///     TrackingGains::new(0.1, 0.5, 0.0, 1.0 / 30.0)?,
/// ];
/// let p: Vec<TrackingRateParams> = gains.iter().map(TrackingRateParams::new).collect();
/// let col = |f: fn(&TrackingRateParams) -> f32| {
///     Column::from_slice(&p.iter().map(f).collect::<Vec<_>>())
/// };
/// let (s, d, dp) = (col(|p| p.stiffness), col(|p| p.damping), col(|p| p.position_only_damping));
/// let (fv, fa) = (col(|p| p.v_goal_force), col(|p| p.a_goal_force));
/// let params = TrackingParamLanes {
///     stiffness: s.lanes(), damping: d.lanes(), position_only_damping: dp.lanes(),
///     v_goal_force: fv.lanes(), a_goal_force: fa.lanes(),
/// };
/// let (mut x, mut v) = (Column::new(2, 0.0), Column::new(2, 0.0));
/// let (xg, vg, ag) = (Column::new(2, 1.0), Column::new(2, 0.5), Column::new(2, 0.0));
/// let mode = Column::from_slice(&[0.0, 2.0]); // full, position only
/// let dt = 1.0 / 60.0;
/// let goals = TrackingGoalLanes { x_goal: xg.lanes(), v_goal: vg.lanes(), a_goal: ag.lanes(), mode: mode.lanes() };
/// tracking_rates(x.lanes_mut(), v.lanes_mut(), goals, params, dt);
///
/// let (mut x0, mut v0) = (0.0, 0.0);
/// gains[0].coeffs(dt).apply(&mut x0, &mut v0, 1.0, 0.5, 0.0);
/// assert!((x.as_slice()[0] - x0).abs() <= 1e-7 && (v.as_slice()[0] - v0).abs() <= 1e-6);
/// # Ok::<(), hooke::ParamError>(())
/// ```
pub fn tracking_rates(
    x: &mut [f32x8],
    v: &mut [f32x8],
    goals: TrackingGoalLanes<'_>,
    params: TrackingParamLanes<'_>,
    dt: f32,
) {
    let [x_goal, v_goal, a_goal, mode] = goals.slices_beside(x, v);
    if !(dt > 0.0 && dt.is_finite()) {
        // Nothing moves. Returning is also what keeps dt = 0 bit for bit: the step would turn a
        // -0 into +0 (`-0 + 0`).
        return;
    }
    let n = x.len().min(v.len()).min(goals.len()).min(params.len());
    let (x, v) = (&mut x[..n], &mut v[..n]);
    let (x_goal, v_goal, a_goal, mode) = (&x_goal[..n], &v_goal[..n], &a_goal[..n], &mode[..n]);
    let params = params.prefix(n);
    for i in 0..n {
        let step = ForcedStep::new(&params, i, mode[i], dt);
        let goals = [x_goal[i], v_goal[i], a_goal[i]];
        let r = step.apply(x[i], v[i], goals);
        (x[i], v[i]) = step.checked(x[i], v[i], goals, r);
    }
}
