//! Scales in log space: the scale channel stores `ln s` and its rate `(d s / dt) / s` per
//! component, so the offsets of the scalar-channel kernels decay in log space (a scale stays
//! positive, and a doubling decays like a halving).

use glam::{DVec3, Vec3};

use crate::saturate::saturate;

/// `(ln s, (d s / dt) / s)` per component of a positive, finite scale `s` and its velocity.
pub(crate) fn to_log(s: Vec3, v: Vec3) -> ([f32; 3], [f32; 3]) {
    let (s, v) = (s.as_dvec3(), v.as_dvec3());
    let log = s.to_array().map(|c| c.ln() as f32);
    let rate = (v / s).to_array().map(saturate);
    (log, rate)
}

/// The scale and its velocity back from `(ln s, rate)`, the scale kept within
/// `[f32::MIN_POSITIVE, f32::MAX]` (a log scale below `-87.3` would round to 0, a scale that
/// cannot be inverted), the velocity saturated at `±f32::MAX`.
pub(crate) fn from_log(log: [f32; 3], rate: [f32; 3]) -> (Vec3, Vec3) {
    let (positive, max) = (f64::from(f32::MIN_POSITIVE), f64::from(f32::MAX));
    // Clamped before the product: a log scale that overflowed to +inf would give `inf * 0 =
    // NaN` for a scale at rest (issue 21 row 7); NaN (never from finite input) counts as 1.
    let s = DVec3::from_array(log.map(|l| {
        let s = f64::from(l).exp();
        if s.is_nan() {
            1.0
        } else {
            s.clamp(positive, max)
        }
    }));
    let rate = rate.map(|r| if r.is_nan() { 0.0 } else { f64::from(r) });
    let v = s * DVec3::from_array(rate);
    (
        Vec3::from_array(s.to_array().map(saturate)),
        Vec3::from_array(v.to_array().map(saturate)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let (s, v) = (Vec3::new(0.5, 2.0, 1e-30), Vec3::new(1.0, -3.0, 0.0));
        let (l, r) = to_log(s, v);
        let (s1, v1) = from_log(l, r);
        assert!((s1 - s).abs().max_element() <= 1e-6 * s.max_element());
        assert!((v1 - v).abs().max_element() <= 1e-6 * v.abs().max_element());
        assert_eq!(from_log([1000.0; 3], [1.0; 3]).0, Vec3::splat(f32::MAX));
        assert_eq!(
            from_log([-1000.0; 3], [1.0; 3]).0,
            Vec3::splat(f32::MIN_POSITIVE)
        );
        // A log scale that overflowed, at rest: the largest scale, velocity 0 (was NaN).
        let (s, v) = from_log([f32::INFINITY; 3], [0.0; 3]);
        assert_eq!((s, v), (Vec3::splat(f32::MAX), Vec3::ZERO));
    }
}
