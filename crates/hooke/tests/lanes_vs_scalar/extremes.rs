//! Extreme parameters and huge states: the scalar coefficients, finite results, saturation instead of NaN.

use super::*;

#[test]
fn extreme_parameters_match_the_scalar_coefficients_and_stay_finite() {
    use hooke::SpringCoeffs;
    use hooke::column::Column;
    use hooke::lanes::CoeffColumns;
    let halflives = [0.0, 1e-44, 1e-40, 1e-30, 1e-3, 1.0, 1e6, 3e38];
    for dt in [1e-45, 1e-30, 1e-6, 1.0 / 60.0, 1e3, 3e38] {
        let h = Column::from_slice_padded(&halflives, 1.0);
        let lanes = CoeffColumns::critical(&h, dt);
        for (i, &hl) in halflives.iter().enumerate() {
            let got = lanes.get(i);
            let want = SpringCoeffs::critical(hl, dt);
            for (a, b) in [
                (got.xx, want.xx),
                (got.xv, want.xv),
                (got.xq, want.xq),
                (got.vx, want.vx),
                (got.vv, want.vv),
                (got.vq, want.vq),
            ] {
                assert!(a.is_finite(), "h={hl} dt={dt}: {got:?}");
                assert!(
                    (a - b).abs() <= 4.0 * ulp(b) + 1e-7 * b.abs(),
                    "h={hl} dt={dt}: {got:?} vs {want:?}"
                );
            }
        }
        let s = [0.0, 1e-30, 1.0, 1e20, 3e38, 3e38, 0.0, 1e10];
        let d = [0.0, 0.0, 1e-30, 1e-10, 3e38, 0.0, 3e38, 1e10];
        let lanes =
            CoeffColumns::stiffness_damping(&Column::from_slice(&s), &Column::from_slice(&d), dt);
        for i in 0..s.len() {
            let (got, want) = (
                lanes.get(i),
                SpringCoeffs::stiffness_damping(s[i], d[i], dt),
            );
            for (a, b) in [
                (got.xx, want.xx),
                (got.xv, want.xv),
                (got.vx, want.vx),
                (got.vv, want.vv),
            ] {
                assert!(a.is_finite(), "s={} d={} dt={dt}: {got:?}", s[i], d[i]);
                assert!(
                    (a - b).abs() <= 4.0 * ulp(b) + 1e-6 * b.abs(),
                    "s={} d={} dt={dt}: {got:?} vs {want:?}",
                    s[i],
                    d[i]
                );
            }
        }
    }
}

#[test]
fn huge_finite_states_saturate_instead_of_becoming_nan() {
    // The true next state is beyond the f32 range: batch and scalar both saturate to finite
    // values, lane by lane, whichever lane of a block overflows.
    let n = 37;
    let big = f32::MAX / 2.0;
    let x: Vec<f32> = (0..n).map(|i| if i % 5 == 0 { big } else { 1.0 }).collect();
    let v: Vec<f32> = (0..n)
        .map(|i| if i % 5 == 0 { -big } else { 0.5 })
        .collect();
    let g: Vec<f32> = (0..n)
        .map(|i| if i % 5 == 0 { -big } else { 0.0 })
        .collect();
    let q: Vec<f32> = (0..n).map(|i| if i % 5 == 0 { big } else { 0.0 }).collect();
    let s: Vec<f32> = (0..n).map(|i| 1.0 + i as f32).collect();
    let d: Vec<f32> = (0..n).map(|i| 0.5 * i as f32).collect();
    for dt in [0.5, 1e20] {
        let mut general = GeneralSprings::new(&s, &d).unwrap();
        general.set_state(&x, &v, &g, &q).unwrap();
        general.update(dt).unwrap();
        let mut critical = CriticalSprings::new(n, 0.3).unwrap();
        critical.set_state(&x, &v, &g, &q).unwrap();
        critical.update(dt).unwrap();
        for i in 0..n {
            let (sx, sv) = general_twin(i, [&x, &v, &g, &q], (&s, &d), dt);
            assert!(
                general.x()[i].is_finite() && general.v()[i].is_finite(),
                "general[{i}]"
            );
            assert!(sx.is_finite() && sv.is_finite(), "scalar[{i}]");
            let scale = 4.0 * big;
            assert_close("general x", i, general.x()[i], sx, scale);
            assert_close("general v", i, general.v()[i], sv, scale);
            assert!(
                critical.x()[i].is_finite() && critical.v()[i].is_finite(),
                "critical[{i}]"
            );
        }
    }
}
