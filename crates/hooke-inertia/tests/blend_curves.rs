//! The cross-fade curve of dead blending: a bone at rest at 0 dead-blended to a live input at rest
//! at 1 shows exactly the curve, `x(t) = w(t / blend_time)` with velocity `w'(s) / blend_time`, on
//! the SIMD path (the kernel's lanes against `BlendCurve::eval`), for every curve; invalid tables
//! are errors naming the sample.

use glam::Vec3;
use hooke::ParamError;
use hooke::scalar::BlendCurve;
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};

const BLEND_TIME: f32 = 0.25;
const CHARACTERS: usize = 11; // more than one lane group

fn curves() -> Vec<BlendCurve> {
    vec![
        BlendCurve::Smoothstep,
        BlendCurve::Linear,
        BlendCurve::Smootherstep,
        BlendCurve::table(&[0.0, 0.05, 0.3, 0.75, 1.0]).unwrap(),
    ]
}

#[test]
fn the_output_follows_the_curve_on_every_lane() {
    for curve in curves() {
        let profile = BlendProfile::uniform(1, 0.1).unwrap();
        let mut inertializer = Inertializer::new(CHARACTERS, profile, RootPolicy::Local).unwrap();
        inertializer.set_dead_blend_curve(curve.clone());
        let mut input = PoseBatch::new(CHARACTERS, 1, 0).unwrap();
        let mut output = input.clone();
        let (source, mut live) = (Pose::rest(1), Pose::rest(1));
        live.positions[0] = Vec3::X;
        for c in 0..CHARACTERS {
            let mode = BlendMode::DeadBlend {
                blend_time: BLEND_TIME,
                halflife: 0.1,
            };
            inertializer.set_mode(c, mode).unwrap();
            inertializer
                .transition(c, source.as_ref(), live.as_ref())
                .unwrap();
            input.set_character(c, live.as_ref()).unwrap();
        }
        let dt = 1.0 / 64.0; // exact in binary: elapsed times are exact
        let mut worst = 0.0_f32;
        for frame in 1..=20 {
            inertializer.update(dt, &input, &mut output).unwrap();
            // The first update after the switch shows the blend as it starts (t = 0).
            let t = (frame - 1) as f32 * dt;
            let (w, dw) = curve.blend_weight(f64::from(t), f64::from(BLEND_TIME));
            for c in 0..CHARACTERS {
                let pose = output.character(c).unwrap();
                let (x, v) = (pose.positions[0].x, pose.velocities[0].x);
                worst = worst
                    .max((x - w as f32).abs())
                    .max((v - dw as f32).abs() / 8.0);
                assert!(
                    (x - w as f32).abs() <= 2e-6,
                    "{curve:?} t {t}: x {x} vs {w}"
                );
                assert!(
                    (v - dw as f32).abs() <= 2e-5,
                    "{curve:?} t {t}: v {v} vs {dw}"
                );
            }
        }
        // Past the blend time the output is the live input.
        let pose = output.character(0).unwrap();
        assert_eq!(pose.positions[0], Vec3::X, "{curve:?}");
        eprintln!("{curve:?}: worst deviation from the curve {worst:e}");
    }
}

#[test]
fn only_curves_with_flat_ends_are_c1() {
    assert!(BlendCurve::Smoothstep.is_c1());
    assert!(BlendCurve::Smootherstep.is_c1());
    assert!(!BlendCurve::Linear.is_c1());
    assert!(!BlendCurve::table(&[0.0, 0.5, 1.0]).unwrap().is_c1());
    assert!(
        BlendCurve::table(&[0.0, 0.0, 0.25, 0.5, 0.75, 0.9, 1.0, 1.0])
            .unwrap()
            .is_c1()
    );
}

#[test]
fn invalid_tables_are_errors_naming_the_sample() {
    assert!(matches!(
        BlendCurve::table(&[]).unwrap_err(),
        ParamError::LengthMismatch { found: 0, .. }
    ));
    assert!(matches!(
        BlendCurve::table(&[0.5, 1.0]).unwrap_err(),
        ParamError::InvalidAt { index: 0, .. }
    ));
    assert!(matches!(
        BlendCurve::table(&[0.0, 0.5, 0.9]).unwrap_err(),
        ParamError::InvalidAt { index: 2, .. }
    ));
    assert!(matches!(
        BlendCurve::table(&[0.0, f32::INFINITY, 1.0]).unwrap_err(),
        ParamError::InvalidAt { index: 1, .. }
    ));
}
