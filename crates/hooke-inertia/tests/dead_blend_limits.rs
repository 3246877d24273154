//! Dead-blending limits: a source moving fast at the switch is extrapolated with its velocities
//! capped, so the travel during the blend stays within `cap * halflife / ln 2`; invalid caps are
//! errors that change nothing.

use glam::{Quat, Vec3};
use hooke_inertia::{
    BlendMode, BlendProfile, DeadBlendLimits, Inertializer, Pose, PoseBatch, RootPolicy,
};

const HALFLIFE: f32 = 0.2;

/// The largest distance from the origin and rotation angle of the output over a 1 s dead blend
/// from a source at the origin moving at 100 units/s and spinning at 40 rad/s (curve at 30/s)
/// into a live input at rest at the origin.
fn travel(limits: DeadBlendLimits) -> (f32, f32, f32) {
    let profile = BlendProfile::uniform(1, 0.1)
        .unwrap()
        .with_curves(&[0.1])
        .unwrap();
    let mut inertializer = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
    inertializer.set_dead_blend_limits(limits).unwrap();
    let mode = BlendMode::DeadBlend {
        blend_time: 1.0,
        halflife: HALFLIFE,
    };
    inertializer.set_mode(0, mode).unwrap();
    let mut source = Pose::rest(1).with_curves(vec![0.0], vec![30.0]);
    source.velocities[0] = Vec3::new(100.0, 0.0, 0.0);
    source.angular_velocities[0] = Vec3::new(0.0, 40.0, 0.0);
    let live = Pose::rest(1).with_curves(vec![0.0], vec![0.0]);
    inertializer
        .transition(0, source.as_ref(), live.as_ref())
        .unwrap();
    let mut input = PoseBatch::new(1, 1, 1).unwrap();
    input.set_character(0, live.as_ref()).unwrap();
    let mut output = input.clone();
    let (mut far, mut turned, mut curve) = (0.0_f32, 0.0_f32, 0.0_f32);
    for _ in 0..120 {
        inertializer
            .update(1.0 / 120.0, &input, &mut output)
            .unwrap();
        let pose = output.character(0).unwrap();
        far = far.max(pose.positions[0].length());
        turned = turned.max(pose.rotations[0].angle_between(Quat::IDENTITY));
        curve = curve.max(pose.curves[0].abs());
    }
    (far, turned, curve)
}

#[test]
fn capped_velocities_bound_the_extrapolated_travel() {
    let (free, free_turn, free_curve) = travel(DeadBlendLimits::default());
    let limits = DeadBlendLimits {
        max_speed: 2.0,
        max_angular_speed: 1.0,
        max_curve_speed: 0.5,
        ..Default::default()
    };
    let (capped, capped_turn, capped_curve) = travel(limits);
    let reach = HALFLIFE / std::f32::consts::LN_2;
    eprintln!(
        "travel {free:.3} -> {capped:.4}, turn {free_turn:.3} -> {capped_turn:.4} rad, \
         curve {free_curve:.3} -> {capped_curve:.4}"
    );
    assert!(free > 10.0, "{free}");
    assert!(capped <= 2.0 * reach * 1.0001, "{capped} > {}", 2.0 * reach);
    assert!(capped_turn <= 1.0 * reach * 1.0001, "{capped_turn}");
    assert!(capped_curve <= 0.5 * reach * 1.0001, "{capped_curve}");
}

#[test]
fn zero_caps_hold_the_source_still() {
    let limits = DeadBlendLimits {
        max_speed: 0.0,
        max_angular_speed: 0.0,
        max_curve_speed: 0.0,
        ..Default::default()
    };
    let (far, turned, curve) = travel(limits);
    assert_eq!((far, turned, curve), (0.0, 0.0, 0.0));
}

#[test]
fn invalid_caps_are_errors_and_change_nothing() {
    let profile = BlendProfile::uniform(1, 0.1).unwrap();
    let mut inertializer = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
    let good = DeadBlendLimits {
        max_speed: 1.0,
        ..Default::default()
    };
    inertializer.set_dead_blend_limits(good).unwrap();
    for bad in [-1.0, f32::NAN, f32::NEG_INFINITY] {
        for limits in [
            DeadBlendLimits {
                max_speed: bad,
                ..good
            },
            DeadBlendLimits {
                max_angular_speed: bad,
                ..good
            },
            DeadBlendLimits {
                max_curve_speed: bad,
                ..good
            },
            DeadBlendLimits {
                max_scale_speed: bad,
                ..good
            },
        ] {
            assert!(inertializer.set_dead_blend_limits(limits).is_err());
            assert_eq!(inertializer.dead_blend_limits(), good);
        }
    }
}
