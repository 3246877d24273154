//! The exact spring-damper and its critical / simple / decay special cases.

use glam::{Vec2, Vec3};

use crate::coeffs::SpringCoeffs;

/// Applies one step, with the rigid spring exact: [`SpringCoeffs::SNAP`] sets `x = goal` and
/// `v = goal_velocity`. (The affine form computes `x0 + -(x0 - goal)`, which misses the goal by up
/// to an ulp of `x0` when `x0` is far from it: `x0 = 1e8`, goal 1 gave 0.)
#[inline]
fn step(c: &SpringCoeffs, x: &mut f32, v: &mut f32, goal: f32, goal_velocity: f32) {
    if *c == SpringCoeffs::SNAP {
        *x = goal;
        *v = crate::settle::flush_velocity(goal_velocity);
    } else {
        c.apply(x, v, goal, goal_velocity);
    }
}

/// The exact spring-damper with stiffness and damping (unit mass), in any damping regime.
///
/// Solves `a = stiffness (x_goal - x) + damping (v_goal - v)` exactly over `dt`, with one closed
/// form for under-damped, critical and over-damped springs (see `docs/math.md`). Stiffness 0 (pure
/// damping toward `v_goal`) and damping 0 (undamped oscillator) are valid. See the
/// [module documentation](crate::scalar) for out-of-domain parameters.
///
/// ```
/// use hooke::scalar::spring_damper_exact_stiffness_damping;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// spring_damper_exact_stiffness_damping(&mut x, &mut v, 1.0, 0.0, 100.0, 20.0, 10.0);
/// assert!((x - 1.0).abs() < 1e-6 && v.abs() < 1e-6);
/// ```
pub fn spring_damper_exact_stiffness_damping(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    stiffness: f32,
    damping: f32,
    dt: f32,
) {
    if dt == 0.0 {
        return;
    }
    step(
        &SpringCoeffs::stiffness_damping(stiffness, damping, dt),
        x,
        v,
        x_goal,
        v_goal,
    );
}

/// The exact spring-damper with a natural `frequency` (Hz) and a damping `halflife` (s).
///
/// Halflife 0 makes the spring rigid (`x = x_goal`, `v = v_goal`).
///
/// ```
/// use hooke::scalar::spring_damper_exact;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// spring_damper_exact(&mut x, &mut v, 1.0, 0.0, 2.0, 0.5, 1.0 / 60.0);
/// assert!(x > 0.0 && v > 0.0);
/// ```
pub fn spring_damper_exact(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    frequency: f32,
    halflife: f32,
    dt: f32,
) {
    if dt == 0.0 {
        return;
    }
    step(
        &SpringCoeffs::frequency_halflife(frequency, halflife, dt),
        x,
        v,
        x_goal,
        v_goal,
    );
}

/// The exact spring-damper with a `damping_ratio` (1 = critical) and a damping `halflife` (s).
///
/// ```
/// use hooke::scalar::spring_damper_exact_ratio;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// spring_damper_exact_ratio(&mut x, &mut v, 1.0, 0.0, 0.3, 0.2, 0.05);
/// assert!(x > 0.0);
/// ```
pub fn spring_damper_exact_ratio(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    damping_ratio: f32,
    halflife: f32,
    dt: f32,
) {
    if dt == 0.0 {
        return;
    }
    step(
        &SpringCoeffs::damping_ratio_halflife(damping_ratio, halflife, dt),
        x,
        v,
        x_goal,
        v_goal,
    );
}

/// The critically damped spring toward a goal position and goal velocity.
///
/// Halflife 0 makes it rigid (`x = x_goal`, `v = v_goal`).
///
/// ```
/// use hooke::scalar::critical_spring_damper_exact;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// critical_spring_damper_exact(&mut x, &mut v, 1.0, 0.0, 0.1, 0.1);
/// // After one halflife a critical spring has covered 1 - (1 + 2 ln 2) / 4 = 40.3% of the way.
/// assert!((x - 0.40342).abs() < 1e-4);
/// ```
pub fn critical_spring_damper_exact(
    x: &mut f32,
    v: &mut f32,
    x_goal: f32,
    v_goal: f32,
    halflife: f32,
    dt: f32,
) {
    if dt == 0.0 {
        return;
    }
    step(&SpringCoeffs::critical(halflife, dt), x, v, x_goal, v_goal);
}

/// The critical spring toward a fixed goal (goal velocity 0).
///
/// ```
/// use hooke::scalar::simple_spring_damper_exact;
/// let (mut x, mut v) = (0.0_f32, 0.0_f32);
/// simple_spring_damper_exact(&mut x, &mut v, 2.0, 0.1, 1.0);
/// assert!((x - 2.0).abs() < 1e-4);
/// ```
pub fn simple_spring_damper_exact(x: &mut f32, v: &mut f32, x_goal: f32, halflife: f32, dt: f32) {
    critical_spring_damper_exact(x, v, x_goal, 0.0, halflife, dt);
}

/// The critical spring toward 0: decays an offset and its velocity (used by inertialization).
///
/// ```
/// use hooke::scalar::decay_spring_damper_exact;
/// let (mut x, mut v) = (1.0_f32, 0.0_f32);
/// decay_spring_damper_exact(&mut x, &mut v, 0.1, 1.0);
/// assert!(x.abs() < 1e-4);
/// ```
pub fn decay_spring_damper_exact(x: &mut f32, v: &mut f32, halflife: f32, dt: f32) {
    critical_spring_damper_exact(x, v, 0.0, 0.0, halflife, dt);
}

/// [`critical_spring_damper_exact`] on each component of a `Vec2`.
///
/// ```
/// use glam::Vec2;
/// let (mut x, mut v) = (Vec2::ZERO, Vec2::ZERO);
/// hooke::scalar::critical_spring_damper_exact_vec2(&mut x, &mut v, Vec2::ONE, Vec2::ZERO, 0.1, 1.0);
/// assert!((x - Vec2::ONE).length() < 1e-4);
/// ```
pub fn critical_spring_damper_exact_vec2(
    x: &mut Vec2,
    v: &mut Vec2,
    x_goal: Vec2,
    v_goal: Vec2,
    halflife: f32,
    dt: f32,
) {
    if dt == 0.0 {
        return;
    }
    let c = SpringCoeffs::critical(halflife, dt);
    step(&c, &mut x.x, &mut v.x, x_goal.x, v_goal.x);
    step(&c, &mut x.y, &mut v.y, x_goal.y, v_goal.y);
}

/// [`critical_spring_damper_exact`] on each component of a `Vec3`.
///
/// ```
/// use glam::Vec3;
/// let (mut x, mut v) = (Vec3::ZERO, Vec3::ZERO);
/// hooke::scalar::critical_spring_damper_exact_vec3(&mut x, &mut v, Vec3::ONE, Vec3::ZERO, 0.1, 1.0);
/// assert!((x - Vec3::ONE).length() < 1e-4);
/// ```
pub fn critical_spring_damper_exact_vec3(
    x: &mut Vec3,
    v: &mut Vec3,
    x_goal: Vec3,
    v_goal: Vec3,
    halflife: f32,
    dt: f32,
) {
    if dt == 0.0 {
        return;
    }
    let c = SpringCoeffs::critical(halflife, dt);
    step(&c, &mut x.x, &mut v.x, x_goal.x, v_goal.x);
    step(&c, &mut x.y, &mut v.y, x_goal.y, v_goal.y);
    step(&c, &mut x.z, &mut v.z, x_goal.z, v_goal.z);
}

/// [`spring_damper_exact_stiffness_damping`] on each component of a `Vec3`.
///
/// ```
/// use glam::Vec3;
/// let (mut x, mut v) = (Vec3::ZERO, Vec3::ZERO);
/// hooke::scalar::spring_damper_exact_stiffness_damping_vec3(
///     &mut x, &mut v, Vec3::X, Vec3::ZERO, 50.0, 2.0, 0.01);
/// assert!(x.x > 0.0 && x.y == 0.0);
/// ```
pub fn spring_damper_exact_stiffness_damping_vec3(
    x: &mut Vec3,
    v: &mut Vec3,
    x_goal: Vec3,
    v_goal: Vec3,
    stiffness: f32,
    damping: f32,
    dt: f32,
) {
    if dt == 0.0 {
        return;
    }
    let c = SpringCoeffs::stiffness_damping(stiffness, damping, dt);
    step(&c, &mut x.x, &mut v.x, x_goal.x, v_goal.x);
    step(&c, &mut x.y, &mut v.y, x_goal.y, v_goal.y);
    step(&c, &mut x.z, &mut v.z, x_goal.z, v_goal.z);
}

/// [`decay_spring_damper_exact`] on each component of a `Vec3`.
///
/// ```
/// use glam::Vec3;
/// let (mut x, mut v) = (Vec3::ONE, Vec3::ZERO);
/// hooke::scalar::decay_spring_damper_exact_vec3(&mut x, &mut v, 0.05, 1.0);
/// assert!(x.length() < 1e-6);
/// ```
pub fn decay_spring_damper_exact_vec3(x: &mut Vec3, v: &mut Vec3, halflife: f32, dt: f32) {
    critical_spring_damper_exact_vec3(x, v, Vec3::ZERO, Vec3::ZERO, halflife, dt);
}
