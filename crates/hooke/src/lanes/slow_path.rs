//! The one form of the kernels' cold paths: recompute some lanes of a lane group with the scalar
//! maths (usually in `f64`, saturated at `±f32::MAX`) and keep the fast result elsewhere.

use wide::f32x8;

/// `outputs` with the lanes of `mask` (all bits set, as comparisons return) replaced by
/// `scalar(lane, inputs of that lane)` (the index for per-lane data beside the inputs, such as
/// [`LaneCoeffs::lane`](crate::lanes::LaneCoeffs::lane)). For the rare lanes a kernel cannot finish in `f32x8` (results
/// beyond the `f32` range, ...): `scalar` runs only on those lanes, so the fast path pays one
/// `any()` test.
///
/// ```
/// use hooke::lanes::recompute_lanes;
/// use wide::f32x8;
/// let (x, t) = (f32x8::splat(3e38), f32x8::splat(2.0));
/// let fast = x * t; // +inf in every lane
/// let [out] = recompute_lanes(!fast.is_finite(), [x, t], [fast], |_, [x, t]| {
///     [(f64::from(x) * f64::from(t)).min(f64::from(f32::MAX)) as f32]
/// });
/// assert_eq!(out.to_array(), [f32::MAX; 8]);
/// ```
#[inline]
pub fn recompute_lanes<const N: usize, const M: usize>(
    mask: f32x8,
    inputs: [f32x8; N],
    outputs: [f32x8; M],
    mut scalar: impl FnMut(usize, [f32; N]) -> [f32; M],
) -> [f32x8; M] {
    let inputs = inputs.map(|l| l.to_array());
    let mut outputs = outputs.map(|l| l.to_array());
    for (lane, on) in mask.to_array().into_iter().enumerate() {
        if on != 0.0 {
            let values = scalar(lane, inputs.map(|l| l[lane]));
            for (out, value) in outputs.iter_mut().zip(values) {
                out[lane] = value;
            }
        }
    }
    outputs.map(f32x8::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_lanes_of_the_mask_are_recomputed_with_their_index() {
        let x = f32x8::new([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
        let mask = x.simd_gt(f32x8::splat(4.5)) | x.simd_eq(f32x8::ONE);
        let mut seen = Vec::new();
        let [a, b] = recompute_lanes(mask, [x], [x, -x], |lane, [v]| {
            seen.push(lane);
            [v * 10.0, lane as f32]
        });
        assert_eq!(seen, [1, 5, 6, 7]);
        assert_eq!(a.to_array(), [0.0, 10.0, 2.0, 3.0, 4.0, 50.0, 60.0, 70.0]);
        assert_eq!(b.to_array(), [0.0, 1.0, -2.0, -3.0, -4.0, 5.0, 6.0, 7.0]);
        // An empty mask changes nothing and calls nothing.
        let [c] = recompute_lanes(f32x8::ZERO, [x], [x], |_, _| unreachable!());
        assert_eq!(c, x);
    }
}
