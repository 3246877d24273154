//! The exact spring-damper and its critical / simple / decay special cases.

use glam::{Vec2, Vec3};

use super::components::Components;
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

/// Steps each component of a vector with the same coefficients, in order.
#[inline]
fn step_each<const N: usize>(
    c: &SpringCoeffs,
    x: &mut [f32; N],
    v: &mut [f32; N],
    goal: [f32; N],
    goal_velocity: [f32; N],
) {
    for i in 0..N {
        step(c, &mut x[i], &mut v[i], goal[i], goal_velocity[i]);
    }
}

/// Defines exact springs toward `x_goal` and `v_goal`, each by its documentation, its name, its
/// value type (`f32`, or a glam vector stepped component by component), the parameters after the
/// goal velocity, and the [`SpringCoeffs`] constructor taking them and `dt`. `dt = 0` leaves the
/// state unchanged bit for bit (no coefficients are built).
macro_rules! exact_springs {
    ($($(#[$doc:meta])* $name:ident: $value:ty, ($($param:ident),+) => $coeffs:path;)+) => {$(
        $(#[$doc])*
        pub fn $name(
            x: &mut $value,
            v: &mut $value,
            x_goal: $value,
            v_goal: $value,
            $($param: f32,)+
            dt: f32,
        ) {
            if dt == 0.0 {
                return;
            }
            let c = $coeffs($($param,)+ dt);
            let (goal, goal_velocity) = (x_goal.to_components(), v_goal.to_components());
            step_each(&c, x.as_mut_array(), v.as_mut_array(), goal, goal_velocity);
        }
    )+};
}

exact_springs! {
    /// The exact spring-damper with stiffness and damping (unit mass), in any damping regime.
    ///
    /// Solves `a = stiffness (x_goal - x) + damping (v_goal - v)` exactly over `dt`, with one
    /// closed form for under-damped, critical and over-damped springs (see `docs/math.md`).
    /// Stiffness 0 (pure damping toward `v_goal`) and damping 0 (undamped oscillator) are valid.
    /// See the [module documentation](crate::scalar) for out-of-domain parameters.
    ///
    /// ```
    /// use hooke::scalar::spring_damper_exact_stiffness_damping;
    /// let (mut x, mut v) = (0.0_f32, 0.0_f32);
    /// spring_damper_exact_stiffness_damping(&mut x, &mut v, 1.0, 0.0, 100.0, 20.0, 10.0);
    /// assert!((x - 1.0).abs() < 1e-6 && v.abs() < 1e-6);
    /// ```
    spring_damper_exact_stiffness_damping: f32, (stiffness, damping)
        => SpringCoeffs::stiffness_damping;

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
    spring_damper_exact: f32, (frequency, halflife) => SpringCoeffs::frequency_halflife;

    /// The exact spring-damper with a `damping_ratio` (1 = critical) and a damping `halflife` (s).
    ///
    /// ```
    /// use hooke::scalar::spring_damper_exact_ratio;
    /// let (mut x, mut v) = (0.0_f32, 0.0_f32);
    /// spring_damper_exact_ratio(&mut x, &mut v, 1.0, 0.0, 0.3, 0.2, 0.05);
    /// assert!(x > 0.0);
    /// ```
    spring_damper_exact_ratio: f32, (damping_ratio, halflife)
        => SpringCoeffs::damping_ratio_halflife;

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
    critical_spring_damper_exact: f32, (halflife) => SpringCoeffs::critical;

    /// [`critical_spring_damper_exact`] on each component of a `Vec2`.
    ///
    /// ```
    /// use glam::Vec2;
    /// let (mut x, mut v) = (Vec2::ZERO, Vec2::ZERO);
    /// hooke::scalar::critical_spring_damper_exact_vec2(
    ///     &mut x, &mut v, Vec2::ONE, Vec2::ZERO, 0.1, 1.0);
    /// assert!((x - Vec2::ONE).length() < 1e-4);
    /// ```
    critical_spring_damper_exact_vec2: Vec2, (halflife) => SpringCoeffs::critical;

    /// [`critical_spring_damper_exact`] on each component of a `Vec3`.
    ///
    /// ```
    /// use glam::Vec3;
    /// let (mut x, mut v) = (Vec3::ZERO, Vec3::ZERO);
    /// hooke::scalar::critical_spring_damper_exact_vec3(
    ///     &mut x, &mut v, Vec3::ONE, Vec3::ZERO, 0.1, 1.0);
    /// assert!((x - Vec3::ONE).length() < 1e-4);
    /// ```
    critical_spring_damper_exact_vec3: Vec3, (halflife) => SpringCoeffs::critical;

    /// [`spring_damper_exact_stiffness_damping`] on each component of a `Vec3`.
    ///
    /// ```
    /// use glam::Vec3;
    /// let (mut x, mut v) = (Vec3::ZERO, Vec3::ZERO);
    /// hooke::scalar::spring_damper_exact_stiffness_damping_vec3(
    ///     &mut x, &mut v, Vec3::X, Vec3::ZERO, 50.0, 2.0, 0.01);
    /// assert!(x.x > 0.0 && x.y == 0.0);
    /// ```
    spring_damper_exact_stiffness_damping_vec3: Vec3, (stiffness, damping)
        => SpringCoeffs::stiffness_damping;
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
