//! Quaternion spring kernels on SoA quaternions (x, y, z, w columns) and angular-velocity
//! columns: the log/exp decay and simple springs, and the rotation-vector decay.

use wide::f32x8;

use super::coeffs::{CoeffSlices, LaneCoeffs};
use super::rates::{critical_rate_coeffs, critical_rate_lanes};
use crate::simd::{PI_SQUARED, Quat8, Vec3x8, lane_f64, set_lane, shortest_path_f64, wrap_lanes};
use crate::views::{QuatLanes, QuatLanesMut, Vec3LanesMut};

/// The critical decay spring on one lane group of rotation offsets and angular velocities: the
/// offset's rotation vector follows [`rotation_vector_decay_step`], whose result is within half a
/// turn, so the exponential back is the polynomial of
/// [`Quat8::from_scaled_angle_axis_within_pi`] (no square root, `sin_cos` or division).
#[inline(always)]
fn rotation_decay_step(c: &LaneCoeffs, q: Quat8, w: Vec3x8) -> (Quat8, Vec3x8) {
    let (e, w) = rotation_vector_decay_step(c, q.to_scaled_angle_axis(), w);
    (Quat8::from_scaled_angle_axis_within_pi(e), w)
}

/// Lane group `i` of four quaternion columns.
#[inline(always)]
fn quat_at(x: &[f32x8], y: &[f32x8], z: &[f32x8], w: &[f32x8], i: usize) -> Quat8 {
    Quat8 {
        x: x[i],
        y: y[i],
        z: z[i],
        w: w[i],
    }
}

#[inline(always)]
fn load_quat(q: &QuatLanesMut<'_>, i: usize) -> Quat8 {
    quat_at(q.x, q.y, q.z, q.w, i)
}

#[inline(always)]
fn load_goal(g: &QuatLanes<'_>, i: usize) -> Quat8 {
    quat_at(g.x, g.y, g.z, g.w, i)
}

/// Lane group `i` of three vector columns.
#[inline(always)]
fn load_vec3(v: &Vec3LanesMut<'_>, i: usize) -> Vec3x8 {
    Vec3x8 {
        x: v.x[i],
        y: v.y[i],
        z: v.z[i],
    }
}

#[inline(always)]
fn store(q: &mut QuatLanesMut<'_>, w: &mut Vec3LanesMut<'_>, i: usize, nq: Quat8, nw: Vec3x8) {
    (q.x[i], q.y[i], q.z[i], q.w[i]) = (nq.x, nq.y, nq.z, nq.w);
    (w.x[i], w.y[i], w.z[i]) = (nw.x, nw.y, nw.z);
}

/// Rotation offsets decaying toward the identity, sharing one set of coefficients: the SIMD twin
/// of [`crate::scalar::decay_spring_damper_exact_quat`].
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::column::{QuatColumns, Vec3Columns};
/// use hooke::lanes::{quat_decay_shared, LaneCoeffs};
/// use hooke::views::{QuatLanesMut, Vec3LanesMut};
/// use hooke::SpringCoeffs;
///
/// let mut q = QuatColumns::from_quats(&[Quat::from_rotation_x(0.5); 3]);
/// let mut w = Vec3Columns::new(3, Vec3::ZERO);
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 1.0));
/// quat_decay_shared(
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     &c,
/// );
/// assert!(q.get(0).angle_between(Quat::IDENTITY) < 1e-3);
/// ```
pub fn quat_decay_shared(mut q: QuatLanesMut<'_>, mut w: Vec3LanesMut<'_>, c: &LaneCoeffs) {
    debug_assert_same_len!(q.x, q.y, q.z, q.w, w.x, w.y, w.z);
    let n = q.len().min(w.len());
    for i in 0..n {
        let wv = load_vec3(&w, i);
        let (nq, nw) = rotation_decay_step(c, load_quat(&q, i), wv);
        store(&mut q, &mut w, i, nq, nw);
    }
}

/// Rotation offsets decaying toward the identity, one set of coefficients per spring.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::column::{Column, QuatColumns, Vec3Columns};
/// use hooke::lanes::{quat_decay_per_spring, CoeffColumns};
/// use hooke::views::{QuatLanesMut, Vec3LanesMut};
///
/// let mut q = QuatColumns::from_quats(&[Quat::from_rotation_x(0.5); 2]);
/// let mut w = Vec3Columns::new(2, Vec3::ZERO);
/// let c = CoeffColumns::critical(&Column::from_slice_padded(&[0.0, 10.0], 1.0), 0.1);
/// quat_decay_per_spring(
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     c.slices(),
/// );
/// assert_eq!(q.get(0), Quat::IDENTITY); // halflife 0 snaps
/// ```
pub fn quat_decay_per_spring(mut q: QuatLanesMut<'_>, mut w: Vec3LanesMut<'_>, c: CoeffSlices<'_>) {
    debug_assert_same_len!(q.x, q.y, q.z, q.w, w.x, w.y, w.z, c.xx, c.xv, c.vx, c.vv);
    let n = q.len().min(w.len()).min(c.len());
    for i in 0..n {
        let wv = load_vec3(&w, i);
        let (nq, nw) = rotation_decay_step(&c.get(i), load_quat(&q, i), wv);
        store(&mut q, &mut w, i, nq, nw);
    }
}

/// Rotations following critical springs toward per-spring goal rotations (goal angular velocity
/// 0), sharing one set of coefficients: the SIMD twin of
/// [`crate::scalar::simple_spring_damper_exact_quat`].
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::column::{QuatColumns, Vec3Columns};
/// use hooke::lanes::{quat_simple_shared, LaneCoeffs};
/// use hooke::views::{QuatLanes, QuatLanesMut, Vec3LanesMut};
/// use hooke::SpringCoeffs;
///
/// let goal = QuatColumns::from_quats(&[Quat::from_rotation_y(1.0); 2]);
/// let mut q = QuatColumns::new(2, Quat::IDENTITY);
/// let mut w = Vec3Columns::new(2, Vec3::ZERO);
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.05, 1.0));
/// quat_simple_shared(
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     QuatLanes { x: goal.x.lanes(), y: goal.y.lanes(), z: goal.z.lanes(), w: goal.w.lanes() },
///     &c,
/// );
/// assert!(q.get(1).angle_between(Quat::from_rotation_y(1.0)) < 1e-4);
/// ```
pub fn quat_simple_shared(
    mut q: QuatLanesMut<'_>,
    mut w: Vec3LanesMut<'_>,
    goal: QuatLanes<'_>,
    c: &LaneCoeffs,
) {
    debug_assert_same_len!(
        q.x, q.y, q.z, q.w, w.x, w.y, w.z, goal.x, goal.y, goal.z, goal.w
    );
    let n = q.len().min(w.len()).min(goal.len());
    for i in 0..n {
        let g = load_goal(&goal, i);
        let wv = load_vec3(&w, i);
        let offset = load_quat(&q, i) * g.conjugate();
        let (offset, nw) = rotation_decay_step(c, offset, wv);
        store(&mut q, &mut w, i, offset * g, nw);
    }
}

/// Rotations following critical springs toward per-spring goal rotations (goal angular velocity
/// 0), each with its own rate ([`super::critical_rate`] of its halflife), over `dt` (finite,
/// `>= 0`): the coefficients of every lane come from its rate and this frame's `dt` inside the
/// loop, so a `dt` that changes every frame costs what a constant one costs. Rigid lanes (rate
/// `+inf`) land on their goal at rest, as in the scalar twin
/// [`crate::scalar::simple_spring_damper_exact_quat`].
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::column::{Column, QuatColumns, Vec3Columns};
/// use hooke::lanes::{critical_rate, quat_simple_rates};
/// use hooke::views::{QuatLanes, QuatLanesMut, Vec3LanesMut};
///
/// let mut q = QuatColumns::from_quats(&[Quat::IDENTITY; 2]);
/// let mut w = Vec3Columns::new(2, Vec3::ZERO);
/// let g = QuatColumns::from_quats(&[Quat::from_rotation_y(1.0); 2]);
/// let rate = Column::from_slice(&[critical_rate(0.1), critical_rate(0.0)]);
/// quat_simple_rates(
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     QuatLanes { x: g.x.lanes(), y: g.y.lanes(), z: g.z.lanes(), w: g.w.lanes() },
///     rate.lanes(),
///     1.0,
/// );
/// assert!(q.get(0).angle_between(Quat::from_rotation_y(1.0)) < 1e-3);
/// assert_eq!(q.get(1), Quat::from_rotation_y(1.0)); // halflife 0: on the goal
/// ```
pub fn quat_simple_rates(
    mut q: QuatLanesMut<'_>,
    mut w: Vec3LanesMut<'_>,
    goal: QuatLanes<'_>,
    rate: &[f32x8],
    dt: f32,
) {
    debug_assert_same_len!(
        q.x, q.y, q.z, q.w, w.x, w.y, w.z, goal.x, goal.y, goal.z, goal.w, rate
    );
    let n = q.len().min(w.len()).min(goal.len()).min(rate.len());
    let t = f32x8::splat(dt);
    for (i, rate) in rate.iter().enumerate().take(n) {
        let g = load_goal(&goal, i);
        let wv = load_vec3(&w, i);
        let (c, rigid) = critical_rate_coeffs(*rate, t);
        let offset = load_quat(&q, i) * g.conjugate();
        let (offset, nw) = rotation_decay_step(&c, offset, wv);
        let nq = offset * g;
        let nq = Quat8::select(rigid, g, nq);
        let nw = Vec3x8::select(rigid, Vec3x8::splat(glam::Vec3::ZERO), nw);
        store(&mut q, &mut w, i, nq, nw);
    }
}

/// The critical decay spring on rotation offsets stored as rotation vectors, one lane group: the
/// offset `e` (angle at most half a turn) and the angular velocity `w` decay linearly with the
/// coefficients `c`; an offset pushed past half a turn is moved to the equivalent shortest-path
/// vector (as the scalar twin's logarithm does every step, see `docs/math.md`), so
/// `Quat8::from_scaled_angle_axis_within_pi` of the result is a unit quaternion.
///
/// Finite input always gives finite output: lanes whose offset leaves half a turn or whose
/// angular velocity overflows `f32` are recomputed in `f64` on a cold path (the offset reduced by
/// [`shortest_path_f64`], the angular velocity saturated at `±f32::MAX` like
/// [`crate::SpringCoeffs::apply_saturating`]). Offsets below `1e-15` rad (and then angular
/// velocities below `1e-15` rad/s) are flushed to zero, which keeps a settled batch out of the
/// slow subnormal range.
///
/// ```
/// use hooke::lanes::{rotation_vector_decay_step, LaneCoeffs};
/// use hooke::simd::{Quat8, Vec3x8};
/// use hooke::SpringCoeffs;
/// use wide::f32x8;
///
/// let c = LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 0.1));
/// let e = Vec3x8 { x: f32x8::splat(3.0), y: f32x8::ZERO, z: f32x8::ZERO };
/// let w = Vec3x8 { x: f32x8::splat(1e6), y: f32x8::ZERO, z: f32x8::splat(-3e38) };
/// let (e, w) = rotation_vector_decay_step(&c, e, w);
/// assert!(e.length().to_array()[0] <= std::f32::consts::PI);
/// assert!(w.z.to_array()[0].is_finite());
/// let q = Quat8::from_scaled_angle_axis_within_pi(e);
/// let len = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).sqrt().to_array()[0];
/// assert!((len - 1.0).abs() < 1e-6);
/// ```
#[inline(always)]
pub fn rotation_vector_decay_step(c: &LaneCoeffs, e: Vec3x8, w: Vec3x8) -> (Vec3x8, Vec3x8) {
    let step = |e: f32x8, v: f32x8| (e + c.xx.mul_add(e, c.xv * v), c.vx.mul_add(e, c.vv * v));
    let (ex, vx) = step(e.x, w.x);
    let (ey, vy) = step(e.y, w.y);
    let (ez, vz) = step(e.z, w.z);
    let e1 = Vec3x8 {
        x: ex,
        y: ey,
        z: ez,
    };
    let w1 = Vec3x8 {
        x: vx,
        y: vy,
        z: vz,
    };
    let len2 = e1.length_squared();
    // Past half a turn: reduced by `shortest_path`'s slow path. Beyond the f32 range (an infinite
    // component makes `len2` infinite; an overflowing angular velocity makes its sum infinite or
    // NaN): stepped again in f64. Both are rare, so one branch takes them to a cold function that
    // also does the flush below and returns: the fast path then keeps its values in registers
    // (merging the cold results before the flush spilled them).
    let wrap = len2.simd_gt(f32x8::splat(PI_SQUARED));
    let overflow = !(len2 + (vx + vy + vz)).is_finite();
    if (wrap | overflow).any() {
        // By value: the fast path then keeps `c` and the vectors in registers.
        return decay_lanes_slow(*c, (e, w), (e1, w1), len2, (wrap, overflow));
    }
    flush_settled(e1, w1, len2)
}

/// Offsets below 1e-15 rad are zero to f32 precision next to a unit quaternion; flushing them
/// keeps a long-settled batch out of the subnormal range, where every operation on them (the
/// squared length first) would take a slow microcode path. The angular velocity is flushed the
/// same way once it is negligible too. `len2` is the squared length of `e1` before any reduction
/// to the shortest path (a reduced lane was longer than half a turn, so it is not flushed).
#[inline(always)]
fn flush_settled(e1: Vec3x8, w1: Vec3x8, len2: f32x8) -> (Vec3x8, Vec3x8) {
    let zero = Vec3x8::splat(glam::Vec3::ZERO);
    let settled = len2.simd_lt(f32x8::splat(1e-30));
    let w_settled = settled & w1.length_squared().simd_lt(f32x8::splat(1e-30));
    (
        Vec3x8::select(settled, zero, e1),
        Vec3x8::select(w_settled, zero, w1),
    )
}

/// The rare lanes of [`rotation_vector_decay_step`]: those in `overflow` stepped again in `f64`
/// ([`decay_lanes_f64`]), otherwise those in `wrap` reduced to the shortest path; then the flush.
#[cold]
#[inline(never)]
fn decay_lanes_slow(
    c: LaneCoeffs,
    (e, w): (Vec3x8, Vec3x8),
    (e1, w1): (Vec3x8, Vec3x8),
    len2: f32x8,
    (wrap, overflow): (f32x8, f32x8),
) -> (Vec3x8, Vec3x8) {
    let (e1, w1) = if overflow.any() {
        decay_lanes_f64(c, (e, w), (e1, w1), overflow)
    } else {
        (wrap_lanes(e1, wrap), w1)
    };
    flush_settled(e1, w1, len2)
}

/// Slow path of [`rotation_vector_decay_step`]: the lanes of `overflow` stepped again in `f64`
/// from `(e, w)`, the offset taken to the shortest path and the angular velocity saturated; the
/// other lanes taken to the shortest path in `f32`.
#[cold]
#[inline(never)]
fn decay_lanes_f64(
    c: LaneCoeffs,
    (e, w): (Vec3x8, Vec3x8),
    (e1, mut w1): (Vec3x8, Vec3x8),
    overflow: f32x8,
) -> (Vec3x8, Vec3x8) {
    let mut e1 = e1.shortest_path();
    let max = f64::from(f32::MAX);
    for (lane, slow) in overflow.to_array().into_iter().enumerate() {
        if slow == 0.0 {
            continue;
        }
        let coeffs = c.lane(lane);
        let (e0, w0) = (lane_f64(&e, lane), lane_f64(&w, lane));
        let stepped: [(f64, f64); 3] =
            std::array::from_fn(|k| coeffs.apply_offset_f64(e0[k], w0[k]));
        let offset = shortest_path_f64(stepped.map(|(e, _)| e));
        set_lane(&mut e1, lane, offset.map(|c| c as f32));
        set_lane(
            &mut w1,
            lane,
            stepped.map(|(_, v)| v.clamp(-max, max) as f32),
        );
    }
    (e1, w1)
}

/// Rotation offsets stored as rotation vectors (angle `<= pi`) with angular velocities, decaying
/// toward the identity with one set of coefficients per lane group `coeffs(i)`; writes the
/// rotations as quaternions too. The per-frame work has no logarithm and no trigonometry.
#[inline(always)]
fn rotation_vector_decay<C: Fn(usize) -> LaneCoeffs>(
    e: Vec3LanesMut<'_>,
    w: Vec3LanesMut<'_>,
    q: QuatLanesMut<'_>,
    coeffs: C,
) {
    let n = e.len().min(w.len()).min(q.len());
    for i in 0..n {
        let e0 = load_vec3(&e, i);
        let w0 = load_vec3(&w, i);
        let (e1, w1) = rotation_vector_decay_step(&coeffs(i), e0, w0);
        let q1 = Quat8::from_scaled_angle_axis_within_pi(e1);
        (e.x[i], e.y[i], e.z[i]) = (e1.x, e1.y, e1.z);
        (w.x[i], w.y[i], w.z[i]) = (w1.x, w1.y, w1.z);
        (q.x[i], q.y[i], q.z[i], q.w[i]) = (q1.x, q1.y, q1.z, q1.w);
    }
}

/// Rotation offsets kept as rotation vectors `e` (angle `<= pi`) with angular velocities `w`,
/// decaying toward the identity with shared coefficients; the rotations are written to `q`.
/// Same result as [`quat_decay_shared`] on `q = exp(e / 2)` (its scalar twin is
/// [`crate::scalar::decay_spring_damper_exact_quat`]) without the per-frame logarithm.
///
/// ```
/// use glam::Vec3;
/// use hooke::column::{QuatColumns, Vec3Columns};
/// use hooke::lanes::{rotation_vector_decay_shared, LaneCoeffs};
/// use hooke::views::{QuatLanesMut, Vec3LanesMut};
/// use hooke::SpringCoeffs;
///
/// let mut e = Vec3Columns::new(3, Vec3::new(0.5, 0.0, 0.0));
/// let mut w = Vec3Columns::new(3, Vec3::ZERO);
/// let mut q = QuatColumns::new(3, glam::Quat::IDENTITY);
/// rotation_vector_decay_shared(
///     Vec3LanesMut { x: e.x.lanes_mut(), y: e.y.lanes_mut(), z: e.z.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     &LaneCoeffs::splat(&SpringCoeffs::critical(0.1, 0.1)),
/// );
/// assert!(e.get(0).x < 0.5 && (q.get(0).x - (0.5 * e.get(0).x).sin()).abs() < 1e-6);
/// ```
pub fn rotation_vector_decay_shared(
    e: Vec3LanesMut<'_>,
    w: Vec3LanesMut<'_>,
    q: QuatLanesMut<'_>,
    c: &LaneCoeffs,
) {
    debug_assert_same_len!(e.x, e.y, e.z, w.x, w.y, w.z, q.x, q.y, q.z, q.w);
    rotation_vector_decay(e, w, q, |_| *c);
}

/// [`rotation_vector_decay_shared`] with one set of coefficients per spring.
///
/// ```
/// use glam::Vec3;
/// use hooke::column::{Column, QuatColumns, Vec3Columns};
/// use hooke::lanes::{rotation_vector_decay_per_spring, CoeffColumns};
/// use hooke::views::{QuatLanesMut, Vec3LanesMut};
///
/// let mut e = Vec3Columns::new(2, Vec3::new(0.0, 1.0, 0.0));
/// let mut w = Vec3Columns::new(2, Vec3::ZERO);
/// let mut q = QuatColumns::new(2, glam::Quat::IDENTITY);
/// let c = CoeffColumns::critical(&Column::from_slice_padded(&[0.0, 1.0], 1.0), 0.1);
/// rotation_vector_decay_per_spring(
///     Vec3LanesMut { x: e.x.lanes_mut(), y: e.y.lanes_mut(), z: e.z.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     c.slices(),
/// );
/// assert_eq!(e.get(0), Vec3::ZERO); // halflife 0 snaps
/// ```
pub fn rotation_vector_decay_per_spring(
    e: Vec3LanesMut<'_>,
    w: Vec3LanesMut<'_>,
    q: QuatLanesMut<'_>,
    c: CoeffSlices<'_>,
) {
    debug_assert_same_len!(
        e.x, e.y, e.z, w.x, w.y, w.z, q.x, q.y, q.z, q.w, c.xx, c.xv, c.vx, c.vv
    );
    let n = c.len().min(e.x.len());
    let e = Vec3LanesMut {
        x: &mut e.x[..n],
        y: e.y,
        z: e.z,
    };
    rotation_vector_decay(e, w, q, |i| c.get(i));
}

/// [`rotation_vector_decay_shared`] with one rate per spring ([`crate::lanes::critical_rate`]) over
/// `dt` (finite, `>= 0`): each lane group's coefficients are computed in the loop from its rates
/// ([`critical_rate_lanes`], one `f32x8` exponential), so a `dt` that changes every frame costs
/// what a constant one does. Halflife 0 (rate `+inf`) snaps to the identity.
///
/// ```
/// use glam::Vec3;
/// use hooke::column::{Column, QuatColumns, Vec3Columns};
/// use hooke::lanes::{critical_rate, rotation_vector_decay_rates};
/// use hooke::views::{QuatLanesMut, Vec3LanesMut};
///
/// let mut e = Vec3Columns::new(2, Vec3::new(0.0, 1.0, 0.0));
/// let mut w = Vec3Columns::new(2, Vec3::ZERO);
/// let mut q = QuatColumns::new(2, glam::Quat::IDENTITY);
/// let rates = Column::from_slice_padded(&[critical_rate(0.0), critical_rate(1.0)], 1.0);
/// rotation_vector_decay_rates(
///     Vec3LanesMut { x: e.x.lanes_mut(), y: e.y.lanes_mut(), z: e.z.lanes_mut() },
///     Vec3LanesMut { x: w.x.lanes_mut(), y: w.y.lanes_mut(), z: w.z.lanes_mut() },
///     QuatLanesMut { x: q.x.lanes_mut(), y: q.y.lanes_mut(), z: q.z.lanes_mut(), w: q.w.lanes_mut() },
///     rates.lanes(),
///     0.1,
/// );
/// assert_eq!(e.get(0), Vec3::ZERO); // halflife 0 snaps
/// assert!(e.get(1).y > 0.9 && e.get(1).y < 1.0);
/// ```
pub fn rotation_vector_decay_rates(
    e: Vec3LanesMut<'_>,
    w: Vec3LanesMut<'_>,
    q: QuatLanesMut<'_>,
    rate: &[f32x8],
    dt: f32,
) {
    debug_assert_same_len!(e.x, e.y, e.z, w.x, w.y, w.z, q.x, q.y, q.z, q.w, rate);
    let n = rate.len().min(e.x.len());
    let e = Vec3LanesMut {
        x: &mut e.x[..n],
        y: e.y,
        z: e.z,
    };
    let t = f32x8::splat(dt);
    rotation_vector_decay(e, w, q, |i| critical_rate_lanes(rate[i], t));
}
