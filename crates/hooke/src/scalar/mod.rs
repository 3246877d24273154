//! The scalar spring library: every spring of the source articles, exact for every parameter.
//!
//! These are the unchecked fast path and the reference that the SIMD batch kernels are tested
//! against. Their domain is `halflife, dt, stiffness, damping, frequency >= 0` and
//! `damping_ratio > 0`. Outside it nothing becomes NaN: negative parameters are clamped to 0,
//! a NaN parameter or a `dt` that is not finite leaves the state unchanged, and a halflife of 0 (or
//! an infinite stiffness or damping) makes a spring rigid: `x = x_goal`, `v = v_goal`. `dt = 0`
//! returns the state unchanged, bit for bit. For parameters that come from users or files, use
//! [`crate::SpringParams`], which reports invalid values as typed errors.
//!
//! The names follow the source articles so that code ported from them finds its functions.

mod approx;
mod blend_curve;
mod character;
mod components;
mod compound;
mod damper;
mod drift;
mod energy;
mod extrapolate;
mod implicit;
mod inertialize;
mod interpolate;
mod quat;
mod smooth_damp;
mod smooth_damp_rotation;
mod spring;
mod tracking;

// The parameter conversions live in the base layer (`crate::units`, used by `coeffs`); the
// scalar API re-exports them beside the springs that take their results.
pub use crate::units::{
    critical_frequency, critical_halflife, critical_rate, critical_rate_f64, damping_ratio,
    damping_ratio_to_damping, damping_ratio_to_stiffness, damping_to_halflife,
    frequency_to_stiffness, halflife_to_damping, halflife_to_lag, lag_to_halflife,
    stiffness_to_frequency,
};

pub(crate) use compound::timed_step;
pub(crate) use smooth_damp::smooth_damp_max_change;

pub use approx::{damper_fast, fast_negexp};
pub use blend_curve::{BlendCurve, CurveTable, cross_fade, cross_fade_velocity};
pub use character::{
    CharacterCoeffs, spring_character_predict, spring_character_predict_vec3,
    spring_character_update, spring_character_update_vec2, spring_character_update_vec3,
};
pub use compound::{
    double_spring_damper_exact, timed_spring_damper_exact, velocity_spring_damper_exact,
};
pub use damper::{
    damper_blend, damper_decay_exact, damper_exact, damper_exact_quat, damper_exact_vec2,
    damper_exact_vec3,
};
pub use drift::{DriftCorrector, drift_damper_update};
pub use energy::{frequency_for_oscillation, resonant_frequency, spring_energy};
pub use extrapolate::{
    DeadBlend, DeadBlendQuat, DeadBlendVec3, dead_blend_weight, extrapolate_decay,
    extrapolate_decay_quat, extrapolate_decay_vec3, extrapolate_factors,
};
pub use implicit::{
    SpringMass, critical_mass, erp_cfm_constraint_step, erp_cfm_from_stiffness_damping,
    explicit_euler_spring_step_unstable, implicit_spring_step, stiffness_damping_from_erp_cfm,
};
pub use inertialize::{
    inertialize_transition, inertialize_transition_quat, inertialize_transition_vec3,
    inertialize_update, inertialize_update_quat, inertialize_update_vec3,
};
pub use interpolate::{
    piecewise_interpolation, piecewise_interpolation_vec2, piecewise_interpolation_vec3,
    spring_interpolation, spring_interpolation_step, spring_interpolation_step_vec2,
    spring_interpolation_step_vec3, spring_interpolation_vec2, spring_interpolation_vec3,
};
pub use quat::{
    angular_velocity, angular_velocity_f64, decay_spring_damper_exact_quat, quat_abs,
    quat_from_scaled_angle_axis, quat_from_scaled_angle_axis_f64, quat_to_scaled_angle_axis,
    quat_to_scaled_angle_axis_f64, simple_spring_damper_exact_quat,
};
pub use smooth_damp::{
    shortest_angle_turn, smooth_damp, smooth_damp_angle, smooth_damp_vec2, smooth_damp_vec3,
    smooth_time_to_halflife, unity_smooth_damp,
};
pub use smooth_damp_rotation::{smooth_damp_dir, smooth_damp_quat};
pub use spring::{
    critical_spring_damper_exact, critical_spring_damper_exact_vec2,
    critical_spring_damper_exact_vec3, decay_spring_damper_exact, decay_spring_damper_exact_vec3,
    simple_spring_damper_exact, spring_damper_exact, spring_damper_exact_ratio,
    spring_damper_exact_stiffness_damping, spring_damper_exact_stiffness_damping_vec3,
};
pub use tracking::{
    TrackingCoeffs, TrackingDifferentiator, TrackingGains, TrackingSpring, TrackingTarget,
    tracking_spring_update, tracking_spring_update_exact, tracking_spring_update_improved,
    tracking_spring_update_no_acceleration, tracking_spring_update_no_acceleration_exact,
    tracking_spring_update_no_velocity_acceleration,
    tracking_spring_update_no_velocity_acceleration_exact, tracking_spring_update_target,
    tracking_target_acceleration, tracking_target_acceleration_clamped, tracking_target_velocity,
    tracking_target_velocity_clamped,
};

/// Saturates an `f64` to the finite `f32` range: the slow paths that keep finite input from
/// becoming infinite (a step recomputed in `f64` when its `f32` result overflowed).
///
/// ```
/// use hooke::scalar::saturate;
/// assert_eq!(saturate(1e300), f32::MAX);
/// assert_eq!(saturate(-6e38), -f32::MAX);
/// assert_eq!(saturate(0.5), 0.5);
/// ```
pub fn saturate(x: f64) -> f32 {
    let max = f64::from(f32::MAX);
    x.clamp(-max, max) as f32
}

/// [`saturate`] per component.
pub(crate) fn saturate_vec3(v: glam::DVec3) -> glam::Vec3 {
    let max = f64::from(f32::MAX);
    v.clamp(glam::DVec3::splat(-max), glam::DVec3::splat(max))
        .as_vec3()
}
