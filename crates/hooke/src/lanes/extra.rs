//! Kernels of the rest of the spring family: the tracking spring, the character controller
//! (update and trajectory prediction), the double and timed springs, and extrapolation with a
//! decaying velocity. Each has a scalar twin in [`crate::scalar`].

use wide::f32x8;

use super::coeffs::{LaneCoeffs, critical_lanes_per_dt};
use super::quat::{Quat8, Vec3x8};
use crate::coeffs::SpringCoeffs;
use crate::scalar::{CharacterCoeffs, TrackingCoeffs};

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
/// column of [`tracking_shared`].
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

/// Exact tracking springs sharing gains: per-spring goals (`x_goal`, `v_goal`, `a_goal`, new every
/// frame) and a per-spring `mode` column ([`TrackingMode::as_lane_value`]) choosing, per lane, the
/// coefficients of `coeffs[0]` (full), `coeffs[1]` (no acceleration) or `coeffs[2]` (position
/// only). The SIMD twin of [`crate::scalar::TrackingCoeffs::apply`].
///
/// ```
/// use hooke::column::Column;
/// use hooke::lanes::{tracking_shared, TrackingLaneCoeffs};
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
/// tracking_shared(x.lanes_mut(), v.lanes_mut(), xg.lanes(), vg.lanes(), ag.lanes(), mode.lanes(), &coeffs);
/// assert!(x.as_slice().iter().all(|&x| x > 0.0));
/// # Ok::<(), hooke::ParamError>(())
/// ```
pub fn tracking_shared(
    x: &mut [f32x8],
    v: &mut [f32x8],
    x_goal: &[f32x8],
    v_goal: &[f32x8],
    a_goal: &[f32x8],
    mode: &[f32x8],
    coeffs: &[TrackingLaneCoeffs; 3],
) {
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
        *x += dx;
        *v = v1;
    }
}

/// Character controllers sharing a halflife: position, velocity and acceleration follow a
/// critical spring on the velocity toward per-character desired velocities. The SIMD twin of
/// [`crate::scalar::CharacterCoeffs::apply`].
///
/// ```
/// use hooke::{column::Column, lanes::character_shared, scalar::CharacterCoeffs};
/// let c = CharacterCoeffs::new(0.2, 2.0);
/// let (mut x, mut v, mut a) = (Column::new(4, 0.0), Column::new(4, 0.0), Column::new(4, 0.0));
/// let goal = Column::new(4, 2.0);
/// character_shared(x.lanes_mut(), v.lanes_mut(), a.lanes_mut(), goal.lanes(), &c);
/// assert!((v.as_slice()[0] - 2.0).abs() < 0.01);
/// ```
pub fn character_shared(
    x: &mut [f32x8],
    v: &mut [f32x8],
    a: &mut [f32x8],
    v_goal: &[f32x8],
    c: &CharacterCoeffs,
) {
    let k = CharacterLanes::splat(c);
    for (((x, v), a), q) in x.iter_mut().zip(v.iter_mut()).zip(a.iter_mut()).zip(v_goal) {
        (*x, *v, *a) = k.step(*x, *v, *a, *q);
    }
}

/// Trajectory prediction for many characters: for each horizon `h` (with coefficients
/// `coeffs[h]`, e.g. `CharacterCoeffs::new(halflife, h as f32 * dt)`), writes the predicted
/// position, velocity and acceleration of every character into `px[h]`, `pv[h]`, `pa[h]`.
/// Horizons beyond the shortest of `coeffs`, `px`, `pv`, `pa` are skipped.
///
/// ```
/// use hooke::{column::Column, lanes::character_predict, scalar::CharacterCoeffs};
/// let n = 10;
/// let (x, v, a, goal) = (Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 1.0));
/// let coeffs: Vec<_> = (0..4).map(|h| CharacterCoeffs::new(0.1, h as f32 * 0.2)).collect();
/// let mut px: Vec<Column> = (0..4).map(|_| Column::new(n, 0.0)).collect();
/// let (mut pv, mut pa) = (px.clone(), px.clone());
/// character_predict(x.lanes(), v.lanes(), a.lanes(), goal.lanes(), &coeffs, &mut px, &mut pv, &mut pa);
/// assert!(px[3].as_slice()[0] > px[2].as_slice()[0]);
/// ```
pub fn character_predict(
    x: &[f32x8],
    v: &[f32x8],
    a: &[f32x8],
    v_goal: &[f32x8],
    coeffs: &[CharacterCoeffs],
    px: &mut [crate::column::Column],
    pv: &mut [crate::column::Column],
    pa: &mut [crate::column::Column],
) {
    for (((c, px), pv), pa) in coeffs
        .iter()
        .zip(px.iter_mut())
        .zip(pv.iter_mut())
        .zip(pa.iter_mut())
    {
        let k = CharacterLanes::splat(c);
        let outs = px
            .lanes_mut()
            .iter_mut()
            .zip(pv.lanes_mut().iter_mut())
            .zip(pa.lanes_mut().iter_mut());
        let ins = x.iter().zip(v).zip(a).zip(v_goal);
        for (((ox, ov), oa), (((x, v), a), q)) in outs.zip(ins) {
            (*ox, *ov, *oa) = k.step(*x, *v, *a, *q);
        }
    }
}

struct CharacterLanes {
    identity: bool,
    dt: f32x8,
    xj: f32x8,
    xa: f32x8,
    vj: f32x8,
    va: f32x8,
    aj: f32x8,
    aa: f32x8,
}

impl CharacterLanes {
    fn splat(c: &CharacterCoeffs) -> CharacterLanes {
        CharacterLanes {
            identity: c.dt == 0.0,
            dt: f32x8::splat(c.dt),
            xj: f32x8::splat(c.xj),
            xa: f32x8::splat(c.xa),
            vj: f32x8::splat(c.vj),
            va: f32x8::splat(c.va),
            aj: f32x8::splat(c.aj),
            aa: f32x8::splat(c.aa),
        }
    }

    #[inline(always)]
    fn step(&self, x: f32x8, v: f32x8, a: f32x8, q: f32x8) -> (f32x8, f32x8, f32x8) {
        if self.identity {
            // dt = 0: the scalar twin returns the state bit for bit.
            return (x, v, a);
        }
        let j = v - q;
        let x1 = x + self.xj.mul_add(j, self.xa.mul_add(a, q * self.dt));
        let v1 = q + self.vj.mul_add(j, self.va * a);
        let a1 = self.aj.mul_add(j, self.aa * a);
        (x1, v1, a1)
    }
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

/// Timed springs sharing a halflife: the SIMD twin of
/// [`crate::scalar::timed_spring_damper_exact`]. `t_goal` is each spring's remaining time (the
/// caller decreases it by `dt` per step), `coeffs` is `SpringCoeffs::critical(halflife, dt)`.
///
/// The spring tracks a lookahead point moving at constant speed that stops at the goal; in the
/// one frame where a lane's point stops mid-step, that lane needs coefficients for two partial
/// steps (computed then, for that lane group only).
///
/// ```
/// use hooke::{column::Column, lanes::timed_shared, SpringCoeffs};
/// let n = 2;
/// let (mut x, mut v, mut xi) = (Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0));
/// let (goal, t_goal) = (Column::new(n, 5.0), Column::new(n, 1.0));
/// let dt = 1.0 / 60.0;
/// timed_shared(x.lanes_mut(), v.lanes_mut(), xi.lanes_mut(), goal.lanes(), t_goal.lanes(),
///     0.05, 2.0, dt, &SpringCoeffs::critical(0.05, dt));
/// assert!(xi.as_slice()[0] > 0.0 && x.as_slice()[0] > 0.0);
/// ```
pub fn timed_shared(
    x: &mut [f32x8],
    v: &mut [f32x8],
    xi: &mut [f32x8],
    goal: &[f32x8],
    t_goal: &[f32x8],
    halflife: f32,
    apprehension: f32,
    dt: f32,
    coeffs: &SpringCoeffs,
) {
    if dt.is_nan() || dt <= 0.0 || !dt.is_finite() || halflife.is_nan() {
        return;
    }
    let c = LaneCoeffs::splat(coeffs);
    let h = f32x8::splat(halflife);
    let dt8 = f32x8::splat(dt);
    let lookahead = f32x8::splat((apprehension * halflife).max(0.0));
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

/// `(travel, decay)` of one step of extrapolation with a velocity that halves every `halflife`:
/// `x += v * travel`, `v *= decay` (see [`crate::scalar::extrapolate_decay`]).
///
/// ```
/// let (travel, decay) = hooke::lanes::extrapolation_factors(0.5, 0.5);
/// assert!((decay - 0.5).abs() < 1e-7);
/// assert!((travel - 0.5 * 0.5 / std::f32::consts::LN_2).abs() < 1e-6);
/// ```
pub fn extrapolation_factors(halflife: f32, dt: f32) -> (f32, f32) {
    // The scalar twin's factors, rounded once; `None` (nothing to do) is the identity step.
    crate::scalar::extrapolate_factors(halflife, dt)
        .map_or((0.0, 1.0), |(travel, decay)| (travel as f32, decay as f32))
}

/// Extrapolates values with decaying velocities (dead blending's source pose), sharing factors
/// from [`extrapolation_factors`]. The SIMD twin of [`crate::scalar::extrapolate_decay`].
///
/// ```
/// use hooke::{column::Column, lanes::{extrapolate_shared, extrapolation_factors}};
/// let (mut x, mut v) = (Column::new(3, 0.0), Column::new(3, 1.0));
/// let (travel, decay) = extrapolation_factors(0.1, 0.1);
/// extrapolate_shared(x.lanes_mut(), v.lanes_mut(), travel, decay);
/// assert!((v.as_slice()[0] - 0.5).abs() < 1e-6);
/// ```
pub fn extrapolate_shared(x: &mut [f32x8], v: &mut [f32x8], travel: f32, decay: f32) {
    let (t, d) = (f32x8::splat(travel), f32x8::splat(decay));
    for (x, v) in x.iter_mut().zip(v.iter_mut()) {
        *x = v.mul_add(t, *x);
        *v *= d;
    }
}

/// Extrapolates rotations with decaying angular velocities (left-multiplied rotation vectors):
/// `q = exp(w travel / 2) * q`, `w *= decay`. The SIMD twin of
/// [`crate::scalar::extrapolate_decay_quat`].
///
/// ```
/// use hooke::lanes::{extrapolate_quat_lanes, Quat8, Vec3x8};
/// use wide::f32x8;
/// let w = Vec3x8 { x: f32x8::ZERO, y: f32x8::ZERO, z: f32x8::ONE };
/// let (q, w) = extrapolate_quat_lanes(Quat8::IDENTITY, w, 1.0, 0.5);
/// assert!((q.z.to_array()[0] - 0.5_f32.sin()).abs() < 1e-6);
/// assert_eq!(w.z.to_array()[0], 0.5);
/// ```
#[inline(always)]
pub fn extrapolate_quat_lanes(q: Quat8, w: Vec3x8, travel: f32, decay: f32) -> (Quat8, Vec3x8) {
    let (t, d) = (f32x8::splat(travel), f32x8::splat(decay));
    let turn = Quat8::from_scaled_angle_axis(Vec3x8 {
        x: w.x * t,
        y: w.y * t,
        z: w.z * t,
    });
    (
        turn * q,
        Vec3x8 {
            x: w.x * d,
            y: w.y * d,
            z: w.z * d,
        },
    )
}
