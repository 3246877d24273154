//! SIMD kernels over `f32x8` lane slices and the coefficients they read.
//!
//! Kernels are plain functions: they take lane slices (from [`crate::column::Column::lanes`]) and
//! coefficients, never allocate, never spawn threads and never panic; slices of different lengths
//! are processed up to the shortest. Each kernel has a scalar twin in [`crate::scalar`] and is
//! tested against it lane by lane. Threading lives in [`crate::par`]; the batch types in
//! [`crate::batch`] own the columns and validate parameters.

/// Debug builds only: every lane slice a kernel reads or writes holds the same number of lane
/// groups, so that a wiring mistake in a caller (`batch`, `hooke-inertia`) fails at once instead
/// of silently stepping fewer springs. Release builds check nothing: kernels process slices up
/// to the shortest and never panic, as documented.
macro_rules! debug_assert_same_len {
    ($first:expr $(, $rest:expr)+ $(,)?) => {
        #[cfg(debug_assertions)]
        {
            let len = $first.len();
            $(
                debug_assert_eq!(
                    $rest.len(),
                    len,
                    concat!("lane slices of unequal length: `", stringify!($first), "` and `", stringify!($rest), "`")
                );
            )+
        }
        // Release builds: the slices count as used (a helper may hold them only for the check).
        #[cfg(not(debug_assertions))]
        let _ = (&$first, $(&$rest),+);
    };
}

/// One loop over the lane groups of several slices in step, up to the shortest:
/// `for_lanes!((mut x, mut v, goal) { ... })` runs the block with `x` and `v` bound to each
/// `&mut f32x8` of their slices and `goal` to each `&f32x8` of its one. The zip chain of the
/// kernels written once, the lane groups named as their slices (no nested tuple patterns).
macro_rules! for_lanes {
    (($($list:tt)*) $body:block) => {
        $crate::lanes::for_lanes!(@zip [] []; [$($list)*] $body)
    };
    (@zip [$($lanes:tt)*] [$($pattern:tt)*]; [] $body:block) => {
        for $($pattern)* in $($lanes)* $body
    };
    (@zip [] []; [mut $slice:ident $(, $($rest:tt)*)?] $body:block) => {
        $crate::lanes::for_lanes!(@zip [$slice.iter_mut()] [$slice]; [$($($rest)*)?] $body)
    };
    (@zip [] []; [$slice:ident $(, $($rest:tt)*)?] $body:block) => {
        $crate::lanes::for_lanes!(@zip [$slice.iter()] [$slice]; [$($($rest)*)?] $body)
    };
    (@zip [$($lanes:tt)+] [$($pattern:tt)+]; [mut $slice:ident $(, $($rest:tt)*)?] $body:block) => {
        $crate::lanes::for_lanes!(
            @zip [$($lanes)+.zip($slice.iter_mut())] [($($pattern)+, $slice)]; [$($($rest)*)?] $body
        )
    };
    (@zip [$($lanes:tt)+] [$($pattern:tt)+]; [$slice:ident $(, $($rest:tt)*)?] $body:block) => {
        $crate::lanes::for_lanes!(
            @zip [$($lanes)+.zip($slice.iter())] [($($pattern)+, $slice)]; [$($($rest)*)?] $body
        )
    };
}
pub(crate) use for_lanes;

mod character;
mod closed_form;
mod coeffs;
mod compound;
mod exp;
mod extrapolate;
mod general;
mod quat;
mod rates;
mod slow_path;
mod smooth_damp;
mod spring;
mod tracking;

pub use character::{
    CharacterStateLanes, PredictionLanesMut, character_predict, character_predict_rates,
    character_rates, character_shared,
};
pub use closed_form::{
    critical_coeffs_f64, critical_coeffs_f64_lane_dt, stiffness_damping_coeffs_f64,
};
pub use coeffs::{CoeffColumns, CoeffSlices, LaneCoeffs};
pub use compound::{
    DoubleCoeffs, DoubleSpringLanesMut, TimedRateLanes, TimedSpringLanesMut, TimedStep,
    double_rate, double_rates, double_shared, timed_lookahead, timed_rates, timed_shared,
};
pub use exp::{exp_neg, one_minus_exp_poly};
pub use extrapolate::{
    extrapolate_factors_f32, extrapolate_quat8, extrapolate_rate_factors, extrapolate_rates,
    extrapolate_shared,
};
pub use general::{
    StiffnessDampingLanes, spring_stiffness_damping, stiffness_damping_coeffs,
    stiffness_damping_coeffs_with_force, stiffness_damping_series,
};
pub use quat::{
    quat_decay_per_spring, quat_decay_shared, quat_simple_rates, quat_simple_shared,
    rotation_vector_decay_per_spring, rotation_vector_decay_rates, rotation_vector_decay_shared,
    rotation_vector_decay_step,
};
pub use rates::{
    critical_rate, critical_rate_coeffs, critical_rate_lanes, critical_rate8, damper_rate,
    damper_rates, decay_rates, simple_rates, spring_rates,
};
pub use slow_path::recompute_lanes;
pub use smooth_damp::{
    SmoothDampLanes, smooth_damp_max_change, smooth_damp_rate, smooth_damp_rates,
};
pub use spring::{
    damper_per_spring, damper_shared, decay_per_spring, decay_shared, simple_shared,
    spring_per_spring, spring_shared, spring_step,
};
pub use tracking::{
    TrackingGoalLanes, TrackingLaneCoeffs, TrackingMode, TrackingParamLanes, TrackingRateParams,
    tracking_rates, tracking_shared,
};
