//! The scale channel at the ends of the `f32` range (issue 21 row 7): scales from 1e-38 to
//! `f32::MAX` and velocities up to `±f32::MAX`, switched and updated with halflives and time
//! steps from 0 to 1e30, in both blend modes, always give finite, positive scales and finite
//! scale velocities.

use glam::Vec3;
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};
use proptest::prelude::*;

fn pose(s: f32, v: f32) -> Pose {
    Pose::rest(1).with_scales(vec![Vec3::splat(s)], vec![Vec3::new(v, -v, v)])
}

/// Plays `steps` (transition to a pose, then an update of `dt`) and checks every output.
fn play(halflife: f32, dead: bool, start: (f32, f32), steps: &[((f32, f32), f32)]) {
    let profile = BlendProfile::uniform(1, halflife).unwrap().with_scales();
    let mut inertializer = Inertializer::new(1, profile, RootPolicy::Local).unwrap();
    if dead {
        let mode = BlendMode::DeadBlend {
            blend_time: 0.2,
            halflife: halflife.min(1e30),
        };
        inertializer.set_mode(0, mode).unwrap();
    }
    let mut input = PoseBatch::with_scales(1, 1, 0).unwrap();
    let mut output = input.clone();
    let mut shown = pose(start.0, start.1);
    input.set_character(0, shown.as_ref()).unwrap();
    for (k, &((s, v), dt)) in steps.iter().enumerate() {
        let next = pose(s, v);
        inertializer
            .transition(0, shown.as_ref(), next.as_ref())
            .unwrap();
        input.set_character(0, next.as_ref()).unwrap();
        shown = next;
        inertializer.update(dt, &input, &mut output).unwrap();
        let out = output.character(0).unwrap();
        let (scale, velocity) = (out.scales[0], out.scale_velocities[0]);
        assert!(
            scale.is_finite() && scale.min_element() > 0.0 && velocity.is_finite(),
            "halflife {halflife}, dead blend {dead}, from {start:?}, step {k} of {steps:?}: \
             scale {scale}, velocity {velocity}"
        );
    }
}

#[test]
fn a_scale_at_rest_after_an_overflowing_log_scale_has_velocity_0_not_nan() {
    // The sequence: transition (1e-30, velocity 1) -> (1.1754944e-38, 0), update 1/60,
    // transition -> (1.1754944e-38, velocity 1), update 0; halflife 1e30: scale 3.4e38 (the
    // log scale overflowed) and a NaN scale velocity.
    play(
        1e30,
        false,
        (1e-30, 1.0),
        &[
            ((f32::MIN_POSITIVE, 0.0), 1.0 / 60.0),
            ((f32::MIN_POSITIVE, 1.0), 0.0),
        ],
    );
}

fn scales() -> impl Strategy<Value = f32> {
    prop::sample::select(vec![
        f32::MIN_POSITIVE,
        1e-30,
        1e-3,
        1.0,
        2.5,
        1e3,
        1e30,
        f32::MAX,
    ])
}

fn velocities() -> impl Strategy<Value = f32> {
    prop::sample::select(vec![
        0.0,
        1.0,
        -1.0,
        1e-30,
        1e30,
        -1e30,
        f32::MAX,
        -f32::MAX,
    ])
}

fn dts() -> impl Strategy<Value = f32> {
    prop::sample::select(vec![0.0, 1.0 / 60.0, 1.0, 1e30])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn scales_at_the_ends_of_f32_stay_finite_and_positive(
        halflife in prop::sample::select(vec![0.0_f32, 1e-30, 0.1, 1e30]),
        dead in any::<bool>(),
        start in (scales(), velocities()),
        steps in prop::collection::vec(((scales(), velocities()), dts()), 1..5),
    ) {
        play(halflife, dead, start, &steps);
    }
}
