//! Dead-blending limits: a source moving fast at the switch is extrapolated with its velocities
//! capped, so the travel during the blend stays within `cap * halflife / ln 2`; invalid caps are
//! errors that change nothing.

use glam::{Quat, Vec3};
use hooke_inertia::{
    BlendMode, BlendProfile, DeadBlendLimits, Inertializer, Pose, PoseBatch, RootPolicy,
};

const HALFLIFE: f32 = 0.2;

/// One character of one bone and one curve (halflife 0.1 s) dead blending from `source` into
/// `live` for `blend_time` with the extrapolation's `halflife`, under `limits`: the inertializer
/// after the transition, an input batch showing `live` and an output batch.
fn dead_blending(
    limits: DeadBlendLimits,
    (blend_time, halflife): (f32, f32),
    source: &Pose,
    live: &Pose,
) -> (Inertializer, PoseBatch, PoseBatch) {
    let profile = BlendProfile::uniform(1, 0.1)
        .unwrap()
        .with_curves(&[0.1])
        .unwrap();
    let mut inertializer = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
    inertializer.set_dead_blend_limits(limits).unwrap();
    let mode = BlendMode::DeadBlend {
        blend_time,
        halflife,
    };
    inertializer.set_mode(0, mode).unwrap();
    inertializer
        .transition(0, source.as_ref(), live.as_ref())
        .unwrap();
    let mut input = PoseBatch::new(1, 1, 1).unwrap();
    input.set_character(0, live.as_ref()).unwrap();
    let output = input.clone();
    (inertializer, input, output)
}

/// The largest distance from the origin and rotation angle of the output over a 1 s dead blend
/// from a source at the origin moving at 100 units/s and spinning at 40 rad/s (curve at 30/s)
/// into a live input at rest at the origin.
fn travel(limits: DeadBlendLimits) -> (f32, f32, f32) {
    let mut source = Pose::rest(1).with_curves(vec![0.0], vec![30.0]);
    source.velocities[0] = Vec3::new(100.0, 0.0, 0.0);
    source.angular_velocities[0] = Vec3::new(0.0, 40.0, 0.0);
    let live = Pose::rest(1).with_curves(vec![0.0], vec![0.0]);
    let (mut inertializer, input, mut output) =
        dead_blending(limits, (1.0, HALFLIFE), &source, &live);
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

/// Limits capping the extrapolated speed, angular speed and curve speed.
fn speed_caps(max_speed: f32, max_angular_speed: f32, max_curve_speed: f32) -> DeadBlendLimits {
    DeadBlendLimits {
        max_speed,
        max_angular_speed,
        max_curve_speed,
        ..Default::default()
    }
}

#[test]
fn capped_velocities_bound_the_extrapolated_travel() {
    let (free, free_turn, free_curve) = travel(DeadBlendLimits::default());
    let (capped, capped_turn, capped_curve) = travel(speed_caps(2.0, 1.0, 0.5));
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
    let (far, turned, curve) = travel(speed_caps(0.0, 0.0, 0.0));
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

/// Largest x, largest turn about y and largest curve value of the output over 5 s of a 100 s
/// dead blend from a source at the origin (velocity `vx`, spinning at `wy` rad/s about y, curve
/// velocity `cv`) into a destination at x = 1, turned 0.5 rad about y, curve 0.6 (the live input);
/// and the output at the end.
fn reach(limits: DeadBlendLimits, (vx, wy, cv): (f32, f32, f32)) -> ([f32; 3], [f32; 3]) {
    let mut source = Pose::rest(1).with_curves(vec![0.0], vec![cv]);
    source.velocities[0] = Vec3::new(vx, 0.0, 0.0);
    source.angular_velocities[0] = Vec3::new(0.0, wy, 0.0);
    let mut live = Pose::rest(1).with_curves(vec![0.6], vec![0.0]);
    live.positions[0] = Vec3::X;
    live.rotations[0] = Quat::from_rotation_y(0.5);
    let (mut inertializer, input, mut output) = dead_blending(limits, (100.0, 1.0), &source, &live);
    let shown = |output: &PoseBatch| {
        let pose = output.character(0).unwrap();
        let (axis, angle) = pose.rotations[0].to_axis_angle();
        [pose.positions[0].x, angle * axis.y.signum(), pose.curves[0]]
    };
    let mut most = [f32::MIN; 3];
    for _ in 0..600 {
        inertializer
            .update(1.0 / 120.0, &input, &mut output)
            .unwrap();
        let now = shown(&output);
        for k in 0..3 {
            most[k] = most[k].max(now[k]);
        }
    }
    (most, shown(&output))
}

#[test]
fn adaptive_halflife_extrapolates_up_to_the_destination_and_no_further() {
    let adaptive = DeadBlendLimits {
        adaptive_halflife: true,
        ..Default::default()
    };
    // Moving toward the destination: 2 units/s for 1 unit, 1 rad/s for 0.5 rad, 3/s for 0.6.
    let toward = (2.0, 1.0, 3.0);
    let (most, end) = reach(adaptive, toward);
    eprintln!("adaptive: most {most:?}, after 5 s {end:?}");
    for (k, target) in [1.0, 0.5, 0.6].into_iter().enumerate() {
        assert!(most[k] <= target * 1.0001, "{k}: {} > {target}", most[k]);
        assert!((end[k] - target).abs() < 0.01 * target, "{k}: {}", end[k]);
    }
    // The mode's halflife (1 s) alone carries the source far past the destination.
    let (fixed, _) = reach(DeadBlendLimits::default(), toward);
    eprintln!("fixed halflife: most {fixed:?}");
    assert!(
        fixed[0] > 2.0 && fixed[1] > 1.0 && fixed[2] > 3.0,
        "{fixed:?}"
    );
}

#[test]
fn adaptive_halflife_stops_a_source_moving_away_within_the_minimum() {
    let min_halflife = 0.05;
    let limits = DeadBlendLimits {
        adaptive_halflife: true,
        min_halflife,
        ..Default::default()
    };
    // Moving away from the destination at 2 units/s: travel at most 2 * 0.05 / ln 2 backwards.
    let profile = BlendProfile::uniform(1, 0.1).unwrap();
    let mut inertializer = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
    inertializer.set_dead_blend_limits(limits).unwrap();
    let mode = BlendMode::DeadBlend {
        blend_time: 100.0,
        halflife: 1.0,
    };
    inertializer.set_mode(0, mode).unwrap();
    let mut source = Pose::rest(1);
    source.velocities[0] = Vec3::new(-2.0, 0.0, 0.0);
    let mut live = Pose::rest(1);
    live.positions[0] = Vec3::X;
    inertializer
        .transition(0, source.as_ref(), live.as_ref())
        .unwrap();
    let input = PoseBatch::from_pose(1, live.as_ref()).unwrap();
    let mut output = input.clone();
    let mut least = 0.0_f32;
    for _ in 0..120 {
        inertializer
            .update(1.0 / 120.0, &input, &mut output)
            .unwrap();
        least = least.min(output.positions().get(0).x);
    }
    let bound = 2.0 * min_halflife / std::f32::consts::LN_2;
    eprintln!("moving away: least x {least:.4}, bound {bound:.4}");
    assert!(least >= -bound * 1.0001 && least < 0.0, "{least}");
}

#[test]
fn halflife_bounds_clamp_the_modes_halflife_and_are_checked() {
    // Not adaptive: the mode's 1 s halflife is clamped to 0.1 s.
    let limits = DeadBlendLimits {
        max_halflife: 0.1,
        ..Default::default()
    };
    let (most, _) = reach(limits, (2.0, 0.0, 0.0));
    // The extrapolation travels at most 2 * 0.1 / ln 2; the cross-fade toward x = 1 adds at most
    // the smoothstep weight at 5 s of 100 s, 0.00725, of the remaining gap.
    let bound = 2.0 * 0.1 / std::f32::consts::LN_2 + 0.00725;
    assert!(most[0] <= bound, "{} > {bound}", most[0]);
    let profile = BlendProfile::uniform(1, 0.1).unwrap();
    let mut inertializer = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
    for bad in [
        DeadBlendLimits {
            min_halflife: 0.5,
            max_halflife: 0.1,
            ..Default::default()
        },
        DeadBlendLimits {
            min_halflife: f32::INFINITY,
            ..Default::default()
        },
        DeadBlendLimits {
            max_halflife: f32::NAN,
            ..Default::default()
        },
        DeadBlendLimits {
            min_halflife: -1.0,
            ..Default::default()
        },
    ] {
        let err = inertializer.set_dead_blend_limits(bad).unwrap_err();
        assert!(err.to_string().contains("halflife"), "{err}");
        assert_eq!(inertializer.dead_blend_limits(), DeadBlendLimits::default());
    }
}
