//! The step coefficients (`src/coeffs.rs`): checked, applied like the scalar functions.

use std::ptr::{null, null_mut};

use hooke::{SpringCoeffs, scalar};

use super::*;

#[test]
fn coeffs_are_checked_and_apply_like_the_scalar_functions() {
    let mut c = HookeSpringCoeffs::from(SpringCoeffs::IDENTITY);
    type Make = fn(*mut HookeSpringCoeffs) -> HookeStatus;
    let cases: [(HookeStatus, Make, SpringCoeffs); 4] = [
        (
            HookeStatus::Ok,
            // SAFETY: `out` is a live local (here and below).
            |out| unsafe { hooke_spring_coeffs_critical(0.1, DT, out) },
            SpringCoeffs::critical(0.1, DT),
        ),
        (
            HookeStatus::Ok,
            |out| unsafe { hooke_spring_coeffs_stiffness_damping(80.0, 2.0, DT, out) },
            SpringCoeffs::stiffness_damping(80.0, 2.0, DT),
        ),
        (
            HookeStatus::Ok,
            |out| unsafe { hooke_spring_coeffs_frequency_halflife(2.0, 0.3, DT, out) },
            SpringCoeffs::frequency_halflife(2.0, 0.3, DT),
        ),
        (
            HookeStatus::Ok,
            |out| unsafe { hooke_spring_coeffs_damping_ratio_halflife(0.4, 0.3, DT, out) },
            SpringCoeffs::damping_ratio_halflife(0.4, 0.3, DT),
        ),
    ];
    for (status, make, want) in cases {
        assert_eq!(make(&mut c), status);
        assert_eq!(SpringCoeffs::from(c), want);
    }

    // SAFETY (all blocks below): pointers are null or live locals.
    unsafe {
        assert_eq!(
            hooke_spring_coeffs_critical(f32::NAN, DT, &mut c),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `halflife` is NaN"));
        assert_eq!(
            hooke_spring_coeffs_stiffness_damping(1.0, -2.0, DT, &mut c),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `damping` is -2"));
        assert_eq!(
            hooke_spring_coeffs_frequency_halflife(1.0, 0.1, f32::INFINITY, &mut c),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `dt` is inf"));
        assert_eq!(
            hooke_spring_coeffs_damping_ratio_halflife(0.0, 0.1, DT, &mut c),
            HookeStatus::InvalidParameter
        );
        assert!(last_error().starts_with("parameter `damping_ratio` is 0"));
        assert_eq!(
            hooke_spring_coeffs_critical(0.1, DT, null_mut()),
            HookeStatus::NullPointer
        );

        // Rigid springs land exactly on the goal, as the scalar functions do.
        hooke_spring_coeffs_critical(0.0, DT, &mut c);
        let (mut x, mut v) = (1e8_f32, 3.0_f32);
        assert_eq!(
            hooke_spring_coeffs_apply(&c, &mut x, &mut v, 1.0, -1.0),
            HookeStatus::Ok
        );
        assert_eq!((x, v), (1.0, -1.0));

        hooke_spring_coeffs_stiffness_damping(80.0, 2.0, DT, &mut c);
        let (mut rx, mut rv) = (x, v);
        hooke_spring_coeffs_apply(&c, &mut x, &mut v, 0.5, 0.0);
        scalar::spring_damper_exact_stiffness_damping(&mut rx, &mut rv, 0.5, 0.0, 80.0, 2.0, DT);
        assert_eq!((x, v), (rx, rv));
        assert_eq!(
            hooke_spring_coeffs_apply(null(), &mut x, &mut v, 0.5, 0.0),
            HookeStatus::NullPointer
        );
    }
}
