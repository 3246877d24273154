//! Extrapolation with a decaying velocity, and dead blending built on it.
//!
//! Extrapolating a value with its velocity forever overshoots; letting the velocity decay with a
//! halflife (`y = ln2 / halflife`) bounds the travel to `v / y`:
//!
//! ```text
//! x(t) = x0 + v0 (1 - e^(-y t)) / y = x0 + v0 t phi(y t),   phi(z) = (1 - e^(-z)) / z
//! v(t) = v0 e^(-y t)
//! ```
//!
//! `phi` is evaluated with `expm1`, so a huge halflife (tiny `y`) gives `x += v t` without a
//! division by a tiny number, and halflife 0 stops the value at once.
//!
//! Dead blending (an alternative to inertialization, `docs/math.md` §6.2): at a transition, store the
//! outgoing value and velocity, extrapolate them with the decaying velocity, and cross-fade from the
//! extrapolation to the live input over a blend time with a smoothstep weight. Only the live input
//! is evaluated, like inertialization, but no offset is ever added to it, so the result cannot
//! overshoot past both streams.

use glam::{DQuat, DVec3, Quat, Vec3};

use super::blend_curve::{cross_fade, cross_fade_velocity};
use super::quat::{quat_from_scaled_angle_axis_f64, quat_to_scaled_angle_axis_f64};
use crate::coeffs::phi;

/// `(travel, decay)` of one extrapolation step: `x += v * travel`, `v *= decay`, or `None` when the
/// step changes nothing (`dt = 0`, or a NaN / non-finite `dt`, or a NaN halflife). The one
/// implementation behind [`extrapolate_decay`], its SIMD twin and hooke-inertia's dead blends.
///
/// ```
/// use hooke::scalar::extrapolate_factors;
/// let (travel, decay) = extrapolate_factors(0.5, 0.5).unwrap();
/// assert!((decay - 0.5).abs() < 1e-15);
/// assert!((travel - 0.5 * 0.5 / std::f64::consts::LN_2).abs() < 1e-12);
/// assert_eq!(extrapolate_factors(0.0, 0.1), Some((0.0, 0.0))); // halflife 0: stops at once
/// assert_eq!(extrapolate_factors(0.5, 0.0), None); // dt 0: nothing to do
/// assert_eq!(extrapolate_factors(f32::NAN, 0.1), None);
/// ```
pub fn extrapolate_factors(halflife: f32, dt: f32) -> Option<(f64, f64)> {
    let (h, t) = crate::units::exact_step_domain(halflife, dt)?;
    if h <= 0.0 {
        // The velocity is gone at once: no travel.
        return Some((0.0, 0.0));
    }
    // The damper's rate ln2 / h: half the critical rate (exactly).
    let z = 0.5 * crate::units::critical_rate_f64(h) * t;
    Some((t * phi(z), (-z).exp()))
}

/// Extrapolates `x` with velocity `v`, the velocity halving every `halflife` seconds.
///
/// `x += v (1 - e^(-y dt)) / y`, `v *= e^(-y dt)` with `y = ln2 / halflife`, which is exact for
/// any `dt` (many small steps equal one big one). Halflife 0: no movement and `v = 0`; an infinite
/// halflife: `x += v dt`. `dt = 0` leaves the state unchanged. A position beyond the `f32` range
/// saturates at `±f32::MAX`; a velocity that decays below the normal range becomes 0.
///
/// ```
/// use hooke::scalar::extrapolate_decay;
/// let (mut x, mut v) = (0.0_f32, 1.0_f32);
/// extrapolate_decay(&mut x, &mut v, 0.5, 100.0);
/// // The total travel is v / y = halflife / ln2.
/// assert!((x - 0.5 / std::f32::consts::LN_2).abs() < 1e-6 && v.abs() < 1e-30);
/// ```
pub fn extrapolate_decay(x: &mut f32, v: &mut f32, halflife: f32, dt: f32) {
    if let Some((travel, decay)) = extrapolate_factors(halflife, dt) {
        let v0 = f64::from(*v);
        let max = f64::from(f32::MAX);
        *x = (f64::from(*x) + v0 * travel).clamp(-max, max) as f32;
        // Below the normal range the velocity is flushed ([`crate::settle`]).
        *v = crate::settle::flush_velocity((v0 * decay) as f32);
    }
}

/// [`extrapolate_decay`] on a `Vec3`.
///
/// ```
/// use glam::Vec3;
/// use hooke::scalar::extrapolate_decay_vec3;
/// let (mut x, mut v) = (Vec3::ZERO, Vec3::X);
/// extrapolate_decay_vec3(&mut x, &mut v, f32::INFINITY, 2.0);
/// assert_eq!((x, v), (Vec3::new(2.0, 0.0, 0.0), Vec3::X));
/// ```
pub fn extrapolate_decay_vec3(x: &mut Vec3, v: &mut Vec3, halflife: f32, dt: f32) {
    if let Some((travel, decay)) = extrapolate_factors(halflife, dt) {
        let v0 = v.as_dvec3();
        *x = (x.as_dvec3() + v0 * travel).as_vec3();
        *v = (v0 * decay).as_vec3();
    }
}

/// [`extrapolate_decay`] on a rotation with angular velocity `w` (rotation vector per second,
/// applied on the left): `q = exp(w travel / 2) * q`, `w *= decay`.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::scalar::extrapolate_decay_quat;
/// let (mut q, mut w) = (Quat::IDENTITY, Vec3::new(0.0, 0.0, 1.0));
/// extrapolate_decay_quat(&mut q, &mut w, 1.0, 1000.0);
/// assert!((q.to_axis_angle().1 - 1.0 / std::f32::consts::LN_2).abs() < 1e-5);
/// ```
pub fn extrapolate_decay_quat(q: &mut Quat, w: &mut Vec3, halflife: f32, dt: f32) {
    if let Some((travel, decay)) = extrapolate_factors(halflife, dt) {
        let w0 = w.as_dvec3();
        let rotated = quat_from_scaled_angle_axis_f64(w0 * travel) * q.as_dquat();
        *q = rotated.normalize().as_quat();
        *w = (w0 * decay).as_vec3();
    }
}

/// Progress of a dead blend with the default [`super::BlendCurve::Smoothstep`] that has run for
/// `elapsed` of `blend_time`, as (smoothstep weight,
/// d weight / dt). A blend time of 0 (or less, or NaN) is finished at once (weight 1).
///
/// ```
/// use hooke::scalar::dead_blend_weight;
/// assert_eq!(dead_blend_weight(0.0, 0.2), (0.0, 0.0));
/// assert_eq!(dead_blend_weight(0.1, 0.2).0, 0.5);
/// assert_eq!(dead_blend_weight(0.3, 0.2), (1.0, 0.0));
/// assert_eq!(dead_blend_weight(0.0, 0.0), (1.0, 0.0));
/// assert_eq!(dead_blend_weight(0.0, f64::NAN), (1.0, 0.0));
/// ```
pub fn dead_blend_weight(elapsed: f64, blend_time: f64) -> (f64, f64) {
    super::BlendCurve::Smoothstep.blend_weight(elapsed, blend_time)
}

/// Defines a dead blend of one value type: the struct (its documentation, name and value type)
/// and its methods (each with its documentation), which extrapolate with `$extrapolate` and
/// cross-fade in `f64` (`$to_f64`, `$from_f64` convert the value).
macro_rules! dead_blend {
    (
        $(#[$doc:meta])*
        $name:ident: $value:ty, $extrapolate:ident, $to_f64:expr, $from_f64:expr;
        $(#[$transition_doc:meta])* transition;
        $(#[$is_active_doc:meta])* is_active;
        $(#[$update_doc:meta])* update;
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Default)]
        pub struct $name {
            /// The extrapolated source value.
            pub x: $value,
            /// The extrapolated source velocity.
            pub v: $value,
            /// Time since the transition (s).
            pub elapsed: f32,
            /// Duration of the cross-fade (s); 0 when no blend is running.
            pub blend_time: f32,
            /// Halflife of the extrapolated velocity (s).
            pub halflife: f32,
        }

        impl $name {
            $(#[$transition_doc])*
            pub fn transition(
                &mut self,
                src_x: $value,
                src_v: $value,
                blend_time: f32,
                halflife: f32,
            ) {
                *self = $name {
                    x: src_x,
                    v: src_v,
                    elapsed: 0.0,
                    blend_time,
                    halflife,
                };
            }

            $(#[$is_active_doc])*
            pub fn is_active(&self) -> bool {
                self.blend_time > 0.0 && self.elapsed < self.blend_time
            }

            $(#[$update_doc])*
            pub fn update(&mut self, in_x: $value, in_v: $value, dt: f32) -> ($value, $value) {
                if !self.is_active() {
                    return (in_x, in_v);
                }
                $extrapolate(&mut self.x, &mut self.v, self.halflife, dt);
                self.elapsed += dt;
                if !self.is_active() {
                    return (in_x, in_v);
                }
                let (elapsed, blend_time) = (f64::from(self.elapsed), f64::from(self.blend_time));
                let (w, dw) = dead_blend_weight(elapsed, blend_time);
                let (to_f64, from_f64) = ($to_f64, $from_f64);
                let (ex, ev) = (to_f64(self.x), to_f64(self.v));
                let (ix, iv) = (to_f64(in_x), to_f64(in_v));
                let (x, v) = cross_fade((ex, ev), (ix, iv), (w, dw));
                (from_f64(x), from_f64(v))
            }
        }
    };
}

dead_blend! {
    /// Dead blending of one `f32` value.
    ///
    /// Call [`transition`](Self::transition) with the value and velocity that were being output
    /// (the previous frame's output, which may itself be mid-blend), then [`update`](Self::update)
    /// every frame with the live input. The output starts exactly at the stored state with its
    /// velocity (C0 and C1 continuous), follows a smoothstep cross-fade from the decaying
    /// extrapolation of the stored state to the input, and equals the input exactly once
    /// `blend_time` has elapsed.
    ///
    /// ```
    /// use hooke::scalar::DeadBlend;
    ///
    /// let mut blend = DeadBlend::default();
    /// // Switch away from a value at 1.0 moving at 2.0/s to an input that sits at 0.
    /// blend.transition(1.0, 2.0, 0.3, 0.1);
    /// let (x, v) = blend.update(0.0, 0.0, 0.0);
    /// assert_eq!((x, v), (1.0, 2.0));
    /// for _ in 0..20 {
    ///     blend.update(0.0, 0.0, 1.0 / 60.0);
    /// }
    /// assert_eq!(blend.update(0.0, 0.0, 1.0 / 60.0), (0.0, 0.0));
    /// assert!(!blend.is_active());
    /// ```
    DeadBlend: f32, extrapolate_decay, f64::from, |x: f64| x as f32;
    /// Starts a blend away from the value `src_x` moving at `src_v`.
    ///
    /// ```
    /// let mut blend = hooke::scalar::DeadBlend::default();
    /// blend.transition(0.0, 1.0, 0.2, 0.05);
    /// assert!(blend.is_active());
    /// ```
    transition;
    /// Whether a cross-fade is still running (the output differs from the input).
    ///
    /// ```
    /// assert!(!hooke::scalar::DeadBlend::default().is_active());
    /// ```
    is_active;
    /// Advances the blend by `dt` and returns the output value and velocity for the live input.
    ///
    /// The output velocity is the exact derivative of the output: the blended velocities plus the
    /// weight's rate of change times the gap between the two streams.
    ///
    /// ```
    /// let mut blend = hooke::scalar::DeadBlend::default();
    /// // No blend running: the input passes through.
    /// assert_eq!(blend.update(3.0, -1.0, 0.1), (3.0, -1.0));
    /// ```
    update;
}

dead_blend! {
    /// Dead blending of one `Vec3` value; see [`DeadBlend`].
    ///
    /// ```
    /// use glam::Vec3;
    /// use hooke::scalar::DeadBlendVec3;
    ///
    /// let mut blend = DeadBlendVec3::default();
    /// blend.transition(Vec3::X, Vec3::Y, 0.25, 0.1);
    /// assert_eq!(blend.update(Vec3::ZERO, Vec3::ZERO, 0.0), (Vec3::X, Vec3::Y));
    /// ```
    DeadBlendVec3: Vec3, extrapolate_decay_vec3, |x: Vec3| x.as_dvec3(), |x: DVec3| x.as_vec3();
    /// Starts a blend away from `src_x` moving at `src_v`.
    ///
    /// ```
    /// let mut blend = hooke::scalar::DeadBlendVec3::default();
    /// blend.transition(glam::Vec3::ONE, glam::Vec3::ZERO, 0.2, 0.05);
    /// assert!(blend.is_active());
    /// ```
    transition;
    /// Whether a cross-fade is still running.
    ///
    /// ```
    /// assert!(!hooke::scalar::DeadBlendVec3::default().is_active());
    /// ```
    is_active;
    /// Advances the blend by `dt` and returns the output value and velocity for the live input.
    ///
    /// ```
    /// use glam::Vec3;
    /// let mut blend = hooke::scalar::DeadBlendVec3::default();
    /// blend.transition(Vec3::ZERO, Vec3::ZERO, 0.1, 0.1);
    /// assert_eq!(blend.update(Vec3::ONE, Vec3::X, 0.1), (Vec3::ONE, Vec3::X));
    /// ```
    update;
}

/// Dead blending of one rotation; see [`DeadBlend`].
///
/// The stored rotation is extrapolated with its decaying angular velocity (left multiplication,
/// rotation vectors in the parent frame) and the cross-fade is a slerp on the shortest path. The
/// output angular velocity is the blended angular velocities plus the weight's rate of change times
/// the rotation vector from the extrapolation to the input; it is exact at both ends of the blend
/// (where the weight's slope is zero) and a first-order approximation in between.
///
/// ```
/// use glam::{Quat, Vec3};
/// use hooke::scalar::DeadBlendQuat;
///
/// let mut blend = DeadBlendQuat::default();
/// let src = Quat::from_rotation_y(1.0);
/// blend.transition(src, Vec3::Y, 0.25, 0.1);
/// let (q, w) = blend.update(Quat::IDENTITY, Vec3::ZERO, 0.0);
/// assert_eq!((q, w), (src, Vec3::Y));
/// for _ in 0..16 {
///     blend.update(Quat::IDENTITY, Vec3::ZERO, 1.0 / 60.0);
/// }
/// assert_eq!(blend.update(Quat::IDENTITY, Vec3::ZERO, 1.0 / 60.0).0, Quat::IDENTITY);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeadBlendQuat {
    /// The extrapolated source rotation.
    pub q: Quat,
    /// The extrapolated source angular velocity (rotation vector per second).
    pub w: Vec3,
    /// Time since the transition (s).
    pub elapsed: f32,
    /// Duration of the cross-fade (s); 0 when no blend is running.
    pub blend_time: f32,
    /// Halflife of the extrapolated angular velocity (s).
    pub halflife: f32,
}

impl Default for DeadBlendQuat {
    fn default() -> Self {
        DeadBlendQuat {
            q: Quat::IDENTITY,
            w: Vec3::ZERO,
            elapsed: 0.0,
            blend_time: 0.0,
            halflife: 0.0,
        }
    }
}

impl DeadBlendQuat {
    /// Starts a blend away from rotation `src_q` turning at `src_w`.
    ///
    /// ```
    /// let mut blend = hooke::scalar::DeadBlendQuat::default();
    /// blend.transition(glam::Quat::IDENTITY, glam::Vec3::Z, 0.2, 0.05);
    /// assert!(blend.is_active());
    /// ```
    pub fn transition(&mut self, src_q: Quat, src_w: Vec3, blend_time: f32, halflife: f32) {
        *self = DeadBlendQuat {
            q: src_q,
            w: src_w,
            elapsed: 0.0,
            blend_time,
            halflife,
        };
    }

    /// Whether a cross-fade is still running.
    ///
    /// ```
    /// assert!(!hooke::scalar::DeadBlendQuat::default().is_active());
    /// ```
    pub fn is_active(&self) -> bool {
        self.blend_time > 0.0 && self.elapsed < self.blend_time
    }

    /// Advances the blend by `dt` and returns the output rotation and angular velocity.
    ///
    /// ```
    /// use glam::{Quat, Vec3};
    /// let mut blend = hooke::scalar::DeadBlendQuat::default();
    /// let q = Quat::from_rotation_x(0.3);
    /// assert_eq!(blend.update(q, Vec3::X, 0.1), (q, Vec3::X));
    /// ```
    pub fn update(&mut self, in_q: Quat, in_w: Vec3, dt: f32) -> (Quat, Vec3) {
        if !self.is_active() {
            return (in_q, in_w);
        }
        extrapolate_decay_quat(&mut self.q, &mut self.w, self.halflife, dt);
        self.elapsed += dt;
        if !self.is_active() {
            return (in_q, in_w);
        }
        let (weight, dweight) =
            dead_blend_weight(f64::from(self.elapsed), f64::from(self.blend_time));
        if weight == 0.0 {
            return (self.q, self.w);
        }
        let eq: DQuat = self.q.as_dquat();
        // Rotation vector from the extrapolated rotation to the input, on the shortest path:
        // slerp(eq, iq, weight) = exp(weight * gap / 2) * eq.
        let gap: DVec3 = quat_to_scaled_angle_axis_f64(in_q.as_dquat() * eq.conjugate());
        let q = (quat_from_scaled_angle_axis_f64(gap * weight) * eq).normalize();
        let (ew, iw) = (self.w.as_dvec3(), in_w.as_dvec3());
        let w = cross_fade_velocity(ew, iw, gap, (weight, dweight));
        (q.as_quat(), w.as_vec3())
    }
}
