//! Saturating conversions for the cold paths: values computed in `f64` are stored as the nearest
//! finite `f32` (`±f32::MAX` beyond the range), like `hooke::SpringCoeffs::apply_saturating`,
//! so finite input never leaves NaN or infinity in a column.

use glam::{DVec3, Vec3};
use hooke::simd::Vec3x8;
use wide::f32x8;

/// `x` rounded to `f32`, saturated at `±f32::MAX` (NaN stays NaN).
pub(crate) fn saturate(x: f64) -> f32 {
    let max = f64::from(f32::MAX);
    x.clamp(-max, max) as f32
}

/// [`saturate`] per component.
pub(crate) fn saturate_vec3(v: DVec3) -> Vec3 {
    Vec3::new(saturate(v.x), saturate(v.y), saturate(v.z))
}

/// Lane `lane` of `v` in `f64`.
pub(crate) fn lane_dvec3(v: &Vec3x8, lane: usize) -> DVec3 {
    DVec3::new(
        f64::from(v.x.to_array()[lane]),
        f64::from(v.y.to_array()[lane]),
        f64::from(v.z.to_array()[lane]),
    )
}

/// Writes `value`, saturated, into lane `lane` of `v`.
pub(crate) fn set_lane_vec3(v: &mut Vec3x8, lane: usize, value: DVec3) {
    let value = saturate_vec3(value);
    for (column, c) in [&mut v.x, &mut v.y, &mut v.z]
        .into_iter()
        .zip(value.to_array())
    {
        let mut a = column.to_array();
        a[lane] = c;
        *column = f32x8::new(a);
    }
}
