//! Regressions of issue 7, item 8: scalar functions at finite but extreme values (+-3e38) kept
//! their documented promise (no NaN, no infinity from finite input), each compared with an
//! independent `f64` evaluation where the true result is inside the `f32` range.

use glam::{Quat, Vec2, Vec3};
use hooke::error::{UNIT_QUAT_TOLERANCE, check_unit_quat};
use hooke::scalar::{
    CharacterCoeffs, damper_blend, damper_exact, damper_exact_vec2, damper_exact_vec3,
    spring_character_update, spring_character_update_vec3,
};
use hooke::{ParamError, SpringParams};

mod reference;
use reference::widen;

const BIG: f32 = 3e38;

/// `x + (goal - x)(1 - 2^(-dt / halflife))` in `f64`, the damper's independent reference.
fn damper_f64(x: f32, goal: f32, halflife: f32, dt: f32) -> f64 {
    let alpha = 1.0 - (-(f64::from(dt) / f64::from(halflife)) * std::f64::consts::LN_2).exp();
    f64::from(x) + (f64::from(goal) - f64::from(x)) * alpha
}

#[test]
fn damper_exact_at_opposite_extremes_returns_x_at_dt_zero() {
    assert_eq!(damper_exact(BIG, -BIG, 0.1, 0.0), BIG);
    assert_eq!(damper_exact(-BIG, BIG, 0.1, 0.0), -BIG);
    assert_eq!(damper_exact(f32::MAX, -f32::MAX, 1.0, 0.0), f32::MAX);
}

#[test]
fn damper_exact_at_opposite_extremes_is_finite_and_exact_for_dt_positive() {
    for (x, goal) in [
        (BIG, -BIG),
        (-BIG, BIG),
        (f32::MAX, -f32::MAX),
        (-f32::MAX, 1.0),
    ] {
        for (halflife, dt) in [
            (0.1, 1e-6),
            (0.1, 0.1),
            (0.1, 1.0),
            (1.0, 1e30),
            (1e-30, 1.0),
        ] {
            let got = damper_exact(x, goal, halflife, dt);
            let want = damper_f64(x, goal, halflife, dt);
            assert!(
                got.is_finite(),
                "damper_exact({x}, {goal}, {halflife}, {dt}) = {got}"
            );
            // One rounding of a value of magnitude up to 3e38, plus alpha's own rounding.
            let tol = 2.0 * f64::from(f32::EPSILON) * f64::from(x.abs().max(goal.abs()));
            assert!(
                (f64::from(got) - want).abs() <= tol,
                "damper_exact({x}, {goal}, {halflife}, {dt}) = {got}, f64 {want}"
            );
        }
    }
}

#[test]
fn damper_blend_keeps_its_end_points_bit_for_bit() {
    for (x, goal) in [(BIG, -BIG), (0.1, 0.7), (-0.0, 0.0)] {
        assert_eq!(damper_blend(x, goal, 0.0).to_bits(), x.to_bits());
        assert_eq!(damper_blend(x, goal, 1.0).to_bits(), goal.to_bits());
    }
}

#[test]
fn damper_exact_vectors_at_opposite_extremes_are_finite() {
    let v2 = damper_exact_vec2(Vec2::splat(BIG), Vec2::splat(-BIG), 0.1, 0.05);
    let v3 = damper_exact_vec3(Vec3::splat(-BIG), Vec3::splat(BIG), 0.1, 0.05);
    assert!(v2.is_finite() && v3.is_finite(), "{v2} {v3}");
    assert_eq!(
        damper_exact_vec3(Vec3::splat(BIG), Vec3::splat(-BIG), 0.1, 0.0),
        Vec3::splat(BIG)
    );
}

/// The character controller's closed form (module docs of `hooke::scalar::character`), in `f64`.
fn character_f64(x: f32, v: f32, a: f32, v_goal: f32, halflife: f32, dt: f32) -> [f64; 3] {
    let [x, v, a, g, t] = widen([x, v, a, v_goal, dt]);
    let y = 2.0 * std::f64::consts::LN_2 / f64::from(halflife);
    let e = (-y * t).exp();
    let (j0, j1) = (v - g, a + y * (v - g));
    [
        x + g * t + j0 * (1.0 - e) / y + j1 * ((1.0 - e) / (y * y) - t * e / y),
        g + e * (j0 + j1 * t),
        e * (a - y * j1 * t),
    ]
}

#[test]
fn spring_character_update_at_extremes_saturates_instead_of_nan() {
    // The case of the issue: every input near the top of the f32 range.
    let (mut x, mut v, mut a) = (BIG, -BIG, BIG);
    spring_character_update(&mut x, &mut v, &mut a, BIG, 0.5, 2.0);
    assert!(
        x.is_finite() && v.is_finite() && a.is_finite(),
        "{x} {v} {a}"
    );
    for sign in [1.0_f32, -1.0] {
        let (mut x, mut v, mut a) = (sign * BIG, -sign * BIG, sign * BIG);
        spring_character_update(&mut x, &mut v, &mut a, sign * BIG, 0.1, 1e-3);
        assert!(
            x.is_finite() && v.is_finite() && a.is_finite(),
            "{x} {v} {a}"
        );
    }
}

#[test]
fn spring_character_update_recovers_in_range_results_when_f32_intermediates_overflow() {
    // j0 = v - v_goal = 6e38 overflows f32, but after two seconds with halflife 0.05 the velocity
    // is back near v_goal and the acceleration tiny: the saturating path must give those values.
    let (x0, v0, a0, g, h, dt) = (0.0_f32, BIG, 0.0_f32, -BIG, 0.05_f32, 2.0_f32);
    let (mut x, mut v, mut a) = (x0, v0, a0);
    spring_character_update(&mut x, &mut v, &mut a, g, h, dt);
    let want = character_f64(x0, v0, a0, g, h, dt);
    let max = f64::from(f32::MAX);
    for (got, want) in [x, v, a].into_iter().zip(want) {
        let want = want.clamp(-max, max);
        let tol = 4.0 * f64::from(f32::EPSILON) * f64::from(BIG);
        assert!((f64::from(got) - want).abs() <= tol, "{got} vs {want}");
    }
}

#[test]
fn character_coeffs_apply_saturating_matches_apply_in_range() {
    let c = CharacterCoeffs::new(0.2, 1.0 / 60.0);
    let (mut x, mut v, mut a) = (1.0_f32, 2.0, -3.0);
    let s = c.apply_saturating(x, v, a, 0.5);
    c.apply(&mut x, &mut v, &mut a, 0.5);
    for (fast, slow) in [x, v, a].into_iter().zip([s.0, s.1, s.2]) {
        assert!((fast - slow).abs() <= 4.0 * f32::EPSILON * fast.abs().max(1.0));
    }
}

#[test]
fn spring_character_update_vec3_at_extremes_is_finite() {
    let (mut x, mut v, mut a) = (Vec3::splat(BIG), Vec3::splat(-BIG), Vec3::splat(BIG));
    spring_character_update_vec3(&mut x, &mut v, &mut a, Vec3::splat(BIG), 0.5, 2.0);
    assert!(x.is_finite() && v.is_finite() && a.is_finite());
}

#[test]
fn damping_ratio_of_rigid_springs_is_not_nan() {
    assert_eq!(SpringParams::critical(0.0).unwrap().damping_ratio(), 1.0);
    let r = SpringParams::damping_ratio_halflife(0.25, 0.0).unwrap();
    assert_eq!(r.damping_ratio(), 0.25);
    assert_eq!(
        SpringParams::frequency_halflife(2.0, 0.0)
            .unwrap()
            .damping_ratio(),
        f64::INFINITY
    );
    assert_eq!(
        SpringParams::frequency_halflife(0.0, 0.0)
            .unwrap()
            .damping_ratio(),
        f64::INFINITY
    );
    assert_eq!(
        SpringParams::new(0.0, 0.0).unwrap().damping_ratio(),
        f64::INFINITY
    );
    assert_eq!(SpringParams::new(4.0, 4.0).unwrap().damping_ratio(), 1.0);
    for h in [1e-30_f32, 1e-3, 0.1, 10.0, 1e30] {
        let p = SpringParams::critical(h).unwrap();
        assert_eq!(p.damping_ratio(), 1.0);
        let derived = p.damping() / (2.0 * p.stiffness().sqrt());
        assert!(
            (derived - 1.0).abs() < 1e-12 || !derived.is_finite(),
            "{h}: {derived}"
        );
    }
}

#[test]
fn check_unit_quat_rejects_zero_nan_and_badly_scaled_quaternions() {
    for q in [
        Quat::from_xyzw(0.0, 0.0, 0.0, 0.0),
        Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0),
        Quat::from_xyzw(0.0, f32::INFINITY, 0.0, 1.0),
        Quat::from_xyzw(0.0, 0.0, 0.0, 1.0 + 2.0 * UNIT_QUAT_TOLERANCE),
        Quat::from_xyzw(BIG, BIG, 0.0, 0.0),
    ] {
        let err = check_unit_quat("rotation", q).unwrap_err();
        assert!(
            matches!(
                err,
                ParamError::Invalid {
                    name: "rotation",
                    ..
                }
            ),
            "{q}: {err}"
        );
        assert!(err.to_string().contains("unit quaternion"));
    }
    let q = check_unit_quat("rotation", Quat::from_xyzw(0.0, 0.6, 0.0, 0.8005)).unwrap();
    assert!((q.length() - 1.0).abs() <= 1e-7);
}
