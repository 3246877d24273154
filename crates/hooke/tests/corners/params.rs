//! SpringParams: typed errors naming the parameter and the value.

use super::*;

fn assert_invalid(result: Result<impl std::fmt::Debug, ParamError>, name: &str, value: f32) {
    let err = result.expect_err("expected an error");
    match err {
        ParamError::Invalid {
            name: n, value: v, ..
        } => {
            assert_eq!(n, name, "{err}");
            assert!(
                v.to_bits() == value.to_bits() || (v.is_nan() && value.is_nan()),
                "{err}"
            );
        }
        other => panic!("expected ParamError::Invalid, got {other:?}"),
    }
    let text = err.to_string();
    assert!(
        text.contains(&format!("`{name}`")) && text.contains(&format!("{value}")),
        "message {text:?} should name {name} and {value}"
    );
}

#[test]
fn spring_params_report_every_invalid_input() {
    let not_finite_or_negative = [-0.1_f32, -1e30, f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
    for bad in not_finite_or_negative {
        assert_invalid(SpringParams::critical(bad), "halflife", bad);
        assert_invalid(SpringParams::frequency_halflife(bad, 0.1), "frequency", bad);
        assert_invalid(SpringParams::frequency_halflife(1.0, bad), "halflife", bad);
        assert_invalid(
            SpringParams::damping_ratio_halflife(0.5, bad),
            "halflife",
            bad,
        );
        assert_invalid(SpringParams::new(bad, 1.0), "stiffness", bad);
        assert_invalid(SpringParams::new(1.0, bad), "damping", bad);
        let p = SpringParams::critical(0.1).unwrap();
        assert_invalid(p.coeffs(bad), "dt", bad);
        assert_invalid(hooke::error::check_dt(bad), "dt", bad);
    }
    // The damping ratio must be > 0 (0 has no finite stiffness).
    for bad in [0.0_f32, -0.0, -1.0, f32::NAN, f32::INFINITY] {
        assert_invalid(
            SpringParams::damping_ratio_halflife(bad, 0.1),
            "damping_ratio",
            bad,
        );
    }
    // Valid edges: halflife 0 (rigid), frequency 0, dt 0.
    let rigid = SpringParams::critical(0.0).unwrap();
    assert_eq!(rigid.coeffs(0.1).unwrap(), SpringCoeffs::SNAP);
    assert_eq!(rigid.coeffs(0.0).unwrap(), SpringCoeffs::IDENTITY);
    assert!(SpringParams::frequency_halflife(0.0, 0.0).is_ok());
    assert!(SpringParams::new(0.0, 0.0).is_ok());
    // Checked parameters give the same coefficients as the unchecked functions.
    let p = SpringParams::frequency_halflife(2.0, 0.3).unwrap();
    assert_eq!(
        p.coeffs(0.02).unwrap(),
        SpringCoeffs::frequency_halflife(2.0, 0.3, 0.02)
    );
    let p = SpringParams::damping_ratio_halflife(0.4, 0.3).unwrap();
    assert_eq!(
        p.coeffs(0.02).unwrap(),
        SpringCoeffs::damping_ratio_halflife(0.4, 0.3, 0.02)
    );
    let p = SpringParams::critical(0.3).unwrap();
    assert_eq!(p.coeffs(0.02).unwrap(), SpringCoeffs::critical(0.3, 0.02));
}
