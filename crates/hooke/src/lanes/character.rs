//! The character controller's kernels: update and trajectory prediction at many horizons;
//! scalar twin [`crate::scalar::CharacterCoeffs`].

use crate::views::lane_view;
use wide::f32x8;

use super::exp::critical_response;
use crate::scalar::CharacterCoeffs;
use crate::settle::{flush_lanes, settle, settle_lanes, stalled_lanes};

lane_view! {
    /// The character columns a prediction reads, as lane slices: positions, velocities,
    /// accelerations and desired velocities ([`character_predict`], [`character_predict_rates`]).
    #[derive(Debug, Clone, Copy)]
    pub struct CharacterStateLanes<'a>: &'a [f32x8], at "hooke::lanes::CharacterStateLanes" {
        /// Positions.
        x,
        /// Velocities.
        v,
        /// Accelerations.
        a,
        /// Desired velocities.
        v_goal,
    }
}

lane_view! {
    /// Where a prediction writes: positions, velocities and accelerations, one block of lane groups
    /// per horizon laid end to end.
    #[derive(Debug)]
    pub struct PredictionLanesMut<'a>: &'a mut [f32x8], at "hooke::lanes::PredictionLanesMut" {
        /// Predicted positions.
        x,
        /// Predicted velocities.
        v,
        /// Predicted accelerations.
        a,
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
    debug_assert_same_len!(x, v, a, v_goal);
    let k = CharacterLanes::splat(c);
    for (((x, v), a), q) in x.iter_mut().zip(v.iter_mut()).zip(a.iter_mut()).zip(v_goal) {
        k.step([*x, *v, *a], *q, [x, v, a], || CharacterLanes::splat(c));
    }
}

/// Character controllers with one rate each ([`crate::lanes::critical_rate`] of the halflife,
/// `+inf` for halflife 0), over `dt` (finite, `>= 0`): the per-spring twin of
/// [`character_shared`]. Each lane group's coefficients come from its rates and this frame's
/// `dt` inside the loop (one exponential per lane), so a `dt` that changes every frame costs the
/// same as a constant one. `dt = 0` returns the state bit for bit; halflife 0 snaps the velocity
/// to the goal (`x += v_goal dt`, `a = 0`); results beyond the `f32` range saturate at
/// `±f32::MAX` as in [`CharacterCoeffs::apply`].
///
/// ```
/// use hooke::{column::Column, lanes::{character_rates, critical_rate}};
/// let y = Column::from_slice(&[critical_rate(0.2), critical_rate(0.0)]);
/// let (mut x, mut v, mut a) = (Column::new(2, 0.0), Column::new(2, 0.0), Column::new(2, 0.0));
/// let goal = Column::new(2, 2.0);
/// character_rates(x.lanes_mut(), v.lanes_mut(), a.lanes_mut(), goal.lanes(), y.lanes(), 2.0);
/// assert!((v.as_slice()[0] - 2.0).abs() < 0.01);
/// assert_eq!((x.as_slice()[1], v.as_slice()[1], a.as_slice()[1]), (4.0, 2.0, 0.0));
/// ```
pub fn character_rates(
    x: &mut [f32x8],
    v: &mut [f32x8],
    a: &mut [f32x8],
    v_goal: &[f32x8],
    rate: &[f32x8],
    dt: f32,
) {
    debug_assert_same_len!(x, v, a, v_goal, rate);
    if !(dt > 0.0 && dt.is_finite()) {
        return; // the scalar twin's identity step
    }
    let n = x
        .len()
        .min(v.len())
        .min(a.len())
        .min(v_goal.len())
        .min(rate.len());
    let t = f32x8::splat(dt);
    let mut coeffs = [StepCoeffs::default(); COEFF_CHUNK];
    for start in (0..n).step_by(COEFF_CHUNK) {
        let end = n.min(start + COEFF_CHUNK);
        let rate = &rate[start..end];
        // Two passes, as `rates::rate_blocks`: the coefficients of a chunk first (short
        // independent iterations, so that the CPU overlaps their exponentials' long dependency
        // chains), then the steps, which read them back from L1. In one pass a lane group's
        // chain was overlapped with the next one's only.
        for (k, &y) in coeffs.iter_mut().zip(rate) {
            *k = StepCoeffs::from_rate(y, t);
        }
        let (x, v, a) = (&mut x[start..end], &mut v[start..end], &mut a[start..end]);
        let v_goal = &v_goal[start..end];
        for_lanes!((mut x, mut v, mut a, v_goal, rate, coeffs) {
            let cold = |x, v, a, q| saturate_from_rate(*rate, dt, (x, v, a), q);
            coeffs.advance(t, (*x, *v, *a), *v_goal, [x, v, a], cold);
        });
    }
}

/// Lane groups whose coefficients [`character_rates`] computes before stepping them: enough for
/// the exponentials of several groups to be in flight at once, few enough for the buffer to
/// stay in L1 (six `f32x8` per lane group, 3 KiB).
const COEFF_CHUNK: usize = 16;

/// Trajectory prediction for many characters: for each horizon `h` (with coefficients
/// `coeffs[h]`, e.g. `CharacterCoeffs::new(halflife, h as f32 * dt)`), writes the predicted
/// position, velocity and acceleration of every character into block `h` of `px`, `pv`, `pa`:
/// lane groups `[h * n, (h + 1) * n)` with `n = x.len()` (horizon-major, one column of the
/// characters per horizon laid end to end). Characters beyond the shortest of `x`, `v`, `a`,
/// `v_goal` and horizons beyond `coeffs` or the outputs' whole blocks are skipped.
///
/// ```
/// use hooke::column::Column;
/// use hooke::lanes::{CharacterStateLanes, PredictionLanesMut, character_predict};
/// use hooke::scalar::CharacterCoeffs;
/// let (n, horizons) = (10, 4);
/// let (x, v, a, goal) = (Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 1.0));
/// let coeffs: Vec<_> = (0..horizons).map(|h| CharacterCoeffs::new(0.1, h as f32 * 0.2)).collect();
/// let groups = x.lanes().len();
/// let mut px = vec![wide::f32x8::ZERO; horizons * groups];
/// let (mut pv, mut pa) = (px.clone(), px.clone());
/// let state = CharacterStateLanes { x: x.lanes(), v: v.lanes(), a: a.lanes(), v_goal: goal.lanes() };
/// character_predict(state, &coeffs, PredictionLanesMut { x: &mut px, v: &mut pv, a: &mut pa });
/// // Character 0 at horizons 2 and 3:
/// assert!(px[3 * groups].to_array()[0] > px[2 * groups].to_array()[0]);
/// ```
pub fn character_predict(
    state: CharacterStateLanes<'_>,
    coeffs: &[CharacterCoeffs],
    out: PredictionLanesMut<'_>,
) {
    debug_assert_same_len!(state.x, state.v, state.a, state.v_goal);
    let lanes = |h: usize, _| CharacterLanes::splat(&coeffs[h]);
    predict_with(state, coeffs.len(), lanes, out);
}

/// [`character_predict`] for characters with one rate each ([`character_rates`]): block `h` of
/// `px`, `pv`, `pa` holds the states after `times[h]` seconds (each finite, `>= 0`).
/// Characters beyond the shortest of `x`, `v`, `a`, `v_goal`, `rate` are skipped.
///
/// ```
/// use hooke::column::Column;
/// use hooke::lanes::{CharacterStateLanes, PredictionLanesMut, character_predict_rates, critical_rate};
/// let n = 3;
/// let (x, v, a, goal) = (Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 0.0), Column::new(n, 1.0));
/// let y = Column::from_slice(&[critical_rate(0.1), critical_rate(0.5), critical_rate(0.0)]);
/// let mut px = vec![wide::f32x8::ZERO; 2];
/// let (mut pv, mut pa) = (px.clone(), px.clone());
/// let state = CharacterStateLanes { x: x.lanes(), v: v.lanes(), a: a.lanes(), v_goal: goal.lanes() };
/// let out = PredictionLanesMut { x: &mut px, v: &mut pv, a: &mut pa };
/// character_predict_rates(state, y.lanes(), &[0.0, 1.0], out);
/// let pv1 = pv[1].to_array();
/// assert!(pv1[0] > pv1[1] && pv1[2] == 1.0); // the shorter halflife is closer to the goal
/// ```
pub fn character_predict_rates(
    state: CharacterStateLanes<'_>,
    rate: &[f32x8],
    times: &[f32],
    out: PredictionLanesMut<'_>,
) {
    debug_assert_same_len!(state.x, state.v, state.a, state.v_goal, rate);
    // Characters beyond the rates are skipped: `rate[i]` is in bounds for every lane group left.
    let (state, _) = state.split_at(rate.len());
    let lanes = |h: usize, i: usize| CharacterLanes::from_rate(rate[i], times[h]);
    predict_with(state, times.len(), lanes, out);
}

/// The loop of both prediction kernels: `lanes(h, i)` gives the coefficients of lane group `i`
/// at horizon `h`.
#[inline(always)]
fn predict_with<K: Fn(usize, usize) -> CharacterLanes>(
    state: CharacterStateLanes<'_>,
    horizons: usize,
    lanes: K,
    out: PredictionLanesMut<'_>,
) {
    let n = state.len();
    if n == 0 {
        return;
    }
    let CharacterStateLanes { x, v, a, v_goal } = state;
    let blocks = out
        .x
        .chunks_exact_mut(n)
        .zip(out.v.chunks_exact_mut(n))
        .zip(out.a.chunks_exact_mut(n));
    for (h, ((px, pv), pa)) in blocks.take(horizons).enumerate() {
        let outs = px.iter_mut().zip(pv.iter_mut()).zip(pa.iter_mut());
        let ins = x.iter().zip(v).zip(a).zip(v_goal);
        for (i, (((ox, ov), oa), (((x, v), a), q))) in outs.zip(ins).enumerate() {
            lanes(h, i).step([*x, *v, *a], *q, [ox, ov, oa], || lanes(h, i));
        }
    }
}

/// The coefficients of eight characters' step over one `dt`, and whether that step is the
/// identity (`dt = 0`).
struct CharacterLanes {
    identity: bool,
    dt: f32x8,
    k: StepCoeffs,
}

impl CharacterLanes {
    fn splat(c: &CharacterCoeffs) -> CharacterLanes {
        CharacterLanes {
            identity: c.dt == 0.0,
            dt: f32x8::splat(c.dt),
            k: StepCoeffs {
                xj: f32x8::splat(c.xj),
                xa: f32x8::splat(c.xa),
                vj: f32x8::splat(c.vj),
                va: f32x8::splat(c.va),
                aj: f32x8::splat(c.aj),
                aa: f32x8::splat(c.aa),
            },
        }
    }

    /// The coefficients of 8 characters with rates `y` over `dt` ([`StepCoeffs::from_rate`]).
    #[inline(always)]
    fn from_rate(y: f32x8, dt: f32) -> CharacterLanes {
        let t = f32x8::splat(dt);
        CharacterLanes {
            identity: !(dt > 0.0 && dt.is_finite()),
            dt: t,
            k: StepCoeffs::from_rate(y, t),
        }
    }

    /// One step of 8 characters into `out` ([`StepCoeffs::advance`]); lanes whose result leaves
    /// the `f32` range are recomputed by [`CharacterCoeffs::apply_saturating`], so finite input
    /// never writes NaN or infinity. The cold path takes its coefficients from `again` (the same
    /// arithmetic as `self`'s, so the same values): handing it `self` kept all seven
    /// coefficients in memory for every lane group.
    #[inline(always)]
    fn step(
        &self,
        [x, v, a]: [f32x8; 3],
        q: f32x8,
        out: [&mut f32x8; 3],
        again: impl FnOnce() -> CharacterLanes,
    ) {
        if self.identity {
            // dt = 0: the scalar twin returns the state bit for bit.
            let [ox, ov, oa] = out;
            (*ox, *ov, *oa) = (x, v, a);
            return;
        }
        let cold = |x, v, a, q| again().saturate(x, v, a, q);
        self.k.advance(self.dt, (x, v, a), q, out, cold);
    }

    /// The step of [`step`](Self::step) with every lane beyond the `f32` range recomputed by
    /// [`CharacterCoeffs::apply_saturating`], and every lane settled by the scalar rule.
    #[cold]
    #[inline(never)]
    fn saturate(&self, x: f32x8, v: f32x8, a: f32x8, q: f32x8) -> (f32x8, f32x8, f32x8) {
        let [x1, v1, a1, dv] = self.k.raw(self.dt, (x, v, a), q);
        let [x, v, a] = [x, v, a].map(|l| l.to_array());
        let [q, dv] = [q, dv].map(|l| l.to_array());
        let [mut x1, mut v1, mut a1] = [x1, v1, a1].map(|l| l.to_array());
        let StepCoeffs {
            xj,
            xa,
            vj,
            va,
            aj,
            aa,
        } = self.k;
        let k = [self.dt, xj, xa, vj, va, aj, aa].map(|l| l.to_array());
        for i in 0..8 {
            if !(x1[i].is_finite() && v1[i].is_finite() && a1[i].is_finite()) {
                let c = CharacterCoeffs {
                    dt: k[0][i],
                    xj: k[1][i],
                    xa: k[2][i],
                    vj: k[3][i],
                    va: k[4][i],
                    aj: k[5][i],
                    aa: k[6][i],
                };
                (x1[i], v1[i], a1[i]) = c.apply_saturating(x[i], v[i], a[i], q[i]);
            }
            (v1[i], a1[i]) = settle(v[i], a[i], v1[i], a1[i], dv[i], q[i]);
        }
        (f32x8::new(x1), f32x8::new(v1), f32x8::new(a1))
    }
}

/// The step of [`character_rates`] from its rate when a lane leaves the `f32` range
/// ([`CharacterLanes::saturate`]): off the hot loop, which keeps nothing for it.
#[cold]
#[inline(never)]
fn saturate_from_rate(
    y: f32x8,
    dt: f32,
    (x, v, a): (f32x8, f32x8, f32x8),
    q: f32x8,
) -> (f32x8, f32x8, f32x8) {
    CharacterLanes::from_rate(y, dt).saturate(x, v, a, q)
}

/// The six coefficients of eight characters' step over one `dt` (`docs/math.md` §5): the new
/// position `x + xj j + xa a + q dt`, velocity `q + vj j + va a` and acceleration
/// `aj j + aa a`, with `j = v - q`.
#[derive(Clone, Copy, Default)]
struct StepCoeffs {
    xj: f32x8,
    xa: f32x8,
    vj: f32x8,
    va: f32x8,
    aj: f32x8,
    aa: f32x8,
}

impl StepCoeffs {
    /// The coefficients of 8 characters with rates `y` over `dt` (`docs/math.md` §5, the module
    /// docs of [`crate::scalar::CharacterCoeffs`]), with `z = y dt`, `e = e^(-z)` and
    /// `psi(z) = (1 - e (1 + z)) / z²`: `xj = dt (e + 2 z psi)`, `xa = dt² psi`,
    /// `vj = e (1 + z)`, `va = e dt`, `aj = -y z e`, `aa = e (1 - z)`, written as
    /// `xj = dt e + 2 g / y`, `xa = g / y²` with `g = 1 - e (1 + z) = z² psi` from
    /// [`critical_response`] (below `z = 1/2` the power series of psi, `xa = dt² psi` without a
    /// division; above it `g` from `e`, so that neither underflows when `z` is huge, and one
    /// division per 8 lanes). Coefficients
    /// beyond the `f32` range (a huge halflife and a huge `dt`) are clamped to `f32::MAX`, whose
    /// step then saturates.
    #[inline(always)]
    fn from_rate(y: f32x8, t: f32x8) -> StepCoeffs {
        // Rigid lanes (halflife 0, y = +inf): e = 0 and g / y = 0 make every response 0, and the
        // velocity lands on its goal; only `aj` would be `inf * 0` and takes y = 0.
        let infinite = y.simd_eq(f32x8::splat(f32::INFINITY));
        let r = critical_response(y, t);
        let (z, e) = (r.z, r.e);
        // g / y = z dt psi below z = 1/2, so both forms of xj are dt e + 2 g / y; xa = g / y² is
        // dt² psi there (no division; above 1/2 one per 8 lanes, rigid lanes give 0 / inf = 0).
        let xj = r.g_over_y.mul_add(f32x8::splat(2.0), t * e);
        let xa = r.g_over_y2;
        let y = infinite.select(f32x8::ZERO, y);
        let max = f32x8::splat(f32::MAX);
        // z e and e (1 - z) with z clamped: once e has underflowed they are 0, never 0 * inf.
        let ze = z * e;
        StepCoeffs {
            xj: xj.fast_min(max),
            xa: xa.fast_min(max),
            vj: e + ze,
            va: e * t,
            aj: -(y * ze),
            aa: e - ze,
        }
    }

    /// The step before settling: the new state and the velocity's change `dv`.
    #[inline(always)]
    fn raw(&self, dt: f32x8, (x, v, a): (f32x8, f32x8, f32x8), q: f32x8) -> [f32x8; 4] {
        let j = v - q;
        let x1 = x + self.xj.mul_add(j, self.xa.mul_add(a, q * dt));
        let dj = self.vj.mul_add(j, self.va * a);
        [x1, q + dj, self.aj.mul_add(j, self.aa * a), dj - j]
    }

    /// The settled step of 8 characters into `out` (which may be where the state was read).
    /// The velocity settles on its goal like a spring's position ([`crate::settle`]). A
    /// velocity arriving on its goal stalls for several frames (one ulp each), in a few percent
    /// of the lane groups of a crowd: the stall rule runs in lanes here, and only a result
    /// beyond the `f32` range takes `cold(x, v, a, q)`. Each branch stores its own results:
    /// returned to one place, they went through the stack to merge the two branches.
    #[inline(always)]
    fn advance(
        &self,
        dt: f32x8,
        (x, v, a): (f32x8, f32x8, f32x8),
        q: f32x8,
        [ox, ov, oa]: [&mut f32x8; 3],
        cold: impl FnOnce(f32x8, f32x8, f32x8, f32x8) -> (f32x8, f32x8, f32x8),
    ) {
        let [x1, v1, a1, dv] = self.raw(dt, (x, v, a), q);
        if (x1 + v1 + a1).is_finite().all() {
            let stalled = stalled_lanes(v, v1, q) & dv.simd_ne(f32x8::ZERO);
            let (v1, a1) = match stalled.any() {
                false => flush_lanes(v, v1, a1, q),
                true => settle_lanes(v, a, v1, a1, dv, q),
            };
            (*ox, *ov, *oa) = (x1, v1, a1);
        } else {
            (*ox, *ov, *oa) = cold(x, v, a, q);
        }
    }
}
