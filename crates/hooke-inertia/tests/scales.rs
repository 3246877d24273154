//! The scale channel: per-bone scale offsets decayed in log space, continuous at a transition,
//! equal to an independent f64 reference, dead-blended, checked where poses enter.

use glam::Vec3;
use hooke_inertia::{
    BlendMode, BlendProfile, DeadBlendLimits, InertiaError, Inertializer, Pose, PoseBatch,
    RootPolicy,
};

const HALFLIFE: f32 = 0.2;
const DT: f32 = 1.0 / 60.0;

fn rig(bones: usize) -> Inertializer {
    let profile = BlendProfile::uniform(bones, HALFLIFE)
        .unwrap()
        .with_scales();
    Inertializer::new(2, profile, RootPolicy::Local).unwrap()
}

fn scaled(bones: usize, s: Vec3, v: Vec3) -> Pose {
    Pose::rest(bones).with_scales(vec![s; bones], vec![v; bones])
}

/// Runs `frames` frames of character 1 showing `input`; returns its output pose each frame.
fn run(i: &mut Inertializer, input: &Pose, dts: &[f32]) -> Vec<Pose> {
    let bones = input.rotations.len();
    let mut batch_in = PoseBatch::with_scales(2, bones, 0).unwrap();
    batch_in.set_character(1, input.as_ref()).unwrap();
    let mut batch_out = PoseBatch::with_scales(2, bones, 0).unwrap();
    dts.iter()
        .map(|&dt| {
            i.update(dt, &batch_in, &mut batch_out).unwrap();
            batch_out.character(1).unwrap()
        })
        .collect()
}

/// The f64 reference: the log-scale offset `x0 = ln(s_src / s_dst)`, `v0 = rate_src - rate_dst`
/// decays as a critical spring with `y = 2 ln2 / halflife`:
/// `x(t) = (x0 + (v0 + y x0) t) e^(-y t)`.
fn reference_log_offset(x0: f64, v0: f64, t: f64) -> f64 {
    let y = 2.0 * std::f64::consts::LN_2 / f64::from(HALFLIFE);
    (x0 + (v0 + y * x0) * t) * (-y * t).exp()
}

#[test]
fn scale_offsets_decay_in_log_space_like_the_f64_reference() {
    let (s_src, v_src) = (Vec3::new(2.0, 0.5, 1.0), Vec3::new(1.0, -0.25, 3.0));
    let (s_dst, v_dst) = (Vec3::new(1.0, 1.5, 0.01), Vec3::new(0.0, 0.5, 0.0));
    let mut i = rig(3);
    let (src, dst) = (scaled(3, s_src, v_src), scaled(3, s_dst, v_dst));
    i.transition(1, src.as_ref(), dst.as_ref()).unwrap();
    // Changing dt every frame: the offsets are exact, so the sum of the steps is what counts.
    let dts: Vec<f32> = (0..120)
        .map(|f| DT * (1.0 + 0.01 * (f % 7) as f32))
        .collect();
    let frames = run(&mut i, &dst, &dts);
    let mut t = 0.0_f64;
    let mut worst = 0.0_f64;
    for (k, (frame, &dt)) in frames.iter().zip(&dts).enumerate() {
        // The first update after the switch shows it (t = 0); time runs from the next one.
        if k > 0 {
            t += f64::from(dt);
        }
        for axis in 0..3 {
            let (a, b) = (f64::from(s_src[axis]), f64::from(s_dst[axis]));
            let (x0, v0) = (
                (a / b).ln(),
                f64::from(v_src[axis]) / a - f64::from(v_dst[axis]) / b,
            );
            let want = b * reference_log_offset(x0, v0, t).exp();
            let got = f64::from(frame.scales[2][axis]);
            // Relative error of the scale = absolute error of its log (measured 5.2e-7).
            worst = worst.max((got / want - 1.0).abs());
        }
    }
    eprintln!("worst relative scale error over 120 frames: {worst:.3e}");
    assert!(worst < 2e-6, "{worst}");
    assert!(
        frames
            .iter()
            .all(|p| p.scales.iter().all(|s| s.min_element() > 0.0))
    );
}

#[test]
fn scale_and_its_velocity_are_continuous_at_a_transition() {
    for mode in [
        BlendMode::Inertialize,
        BlendMode::DeadBlend {
            blend_time: 0.4,
            halflife: 0.1,
        },
    ] {
        let mut i = rig(2);
        i.set_mode(1, mode).unwrap();
        let src = scaled(2, Vec3::new(3.0, 1.0, 0.2), Vec3::new(0.6, -1.0, 0.1));
        let dst = scaled(2, Vec3::ONE, Vec3::ZERO);
        i.transition(1, src.as_ref(), dst.as_ref()).unwrap();
        let shown = &run(&mut i, &dst, &[0.0])[0];
        for b in 0..2 {
            let (s, v) = (shown.scales[b], shown.scale_velocities[b]);
            assert!(
                (s / src.scales[b] - 1.0).abs().max_element() < 1e-6,
                "{mode:?}: {s}"
            );
            assert!(
                (v - src.scale_velocities[b]).abs().max_element() < 1e-5,
                "{mode:?}: {v}"
            );
        }
        // Then to the destination: exactly at the end of a dead blend, within 1e-4 after 3 s
        // (15 halflives) of inertialization.
        let end = run(&mut i, &dst, &[DT; 180]).pop().unwrap();
        assert!(
            (end.scales[1] - Vec3::ONE).abs().max_element() < 1e-4,
            "{mode:?}"
        );
    }
}

#[test]
fn a_second_transition_mid_blend_keeps_the_output_continuous() {
    let mut i = rig(1);
    let a = scaled(1, Vec3::splat(2.0), Vec3::ZERO);
    let b = scaled(1, Vec3::splat(0.5), Vec3::splat(1.0));
    let c = scaled(1, Vec3::ONE, Vec3::ZERO);
    i.transition(1, a.as_ref(), b.as_ref()).unwrap();
    let before = run(&mut i, &b, &[DT; 10]).pop().unwrap();
    i.transition(1, b.as_ref(), c.as_ref()).unwrap();
    let after = run(&mut i, &c, &[0.0]).pop().unwrap();
    assert!(
        (after.scales[0] / before.scales[0] - 1.0)
            .abs()
            .max_element()
            < 1e-6
    );
    assert!(
        (after.scale_velocities[0] - before.scale_velocities[0])
            .abs()
            .max_element()
            < 1e-5
    );
}

#[test]
fn excluded_bones_show_the_input_scale() {
    let profile = BlendProfile::uniform(2, HALFLIFE)
        .unwrap()
        .exclude(0)
        .unwrap()
        .with_scales();
    let mut i = Inertializer::new(2, profile, RootPolicy::Local).unwrap();
    let (src, dst) = (
        scaled(2, Vec3::splat(4.0), Vec3::ZERO),
        scaled(2, Vec3::ONE, Vec3::ZERO),
    );
    i.transition(1, src.as_ref(), dst.as_ref()).unwrap();
    let shown = run(&mut i, &dst, &[DT]).pop().unwrap();
    assert_eq!(shown.scales[0], Vec3::ONE);
    assert!(shown.scales[1].x > 3.0);
}

#[test]
fn scale_cap_bounds_the_extrapolated_log_scale() {
    let (blend_time, halflife, cap) = (2.0_f32, 0.5_f32, 0.25_f32);
    let mut i = rig(1);
    i.set_dead_blend_limits(DeadBlendLimits {
        max_scale_speed: cap,
        ..Default::default()
    })
    .unwrap();
    i.set_mode(
        1,
        BlendMode::DeadBlend {
            blend_time,
            halflife,
        },
    )
    .unwrap();
    // The source grows fast; the destination holds scale 1: the shown log scale is at most the
    // capped extrapolation, `cap * halflife / ln 2`.
    let src = scaled(1, Vec3::ONE, Vec3::splat(50.0));
    let dst = scaled(1, Vec3::ONE, Vec3::ZERO);
    i.transition(1, src.as_ref(), dst.as_ref()).unwrap();
    let reach = cap * halflife / std::f32::consts::LN_2;
    let grown = run(&mut i, &dst, &[DT; 150])
        .iter()
        .map(|p| p.scales[0].x.ln())
        .fold(0.0_f32, f32::max);
    assert!(grown > 0.0 && grown <= reach * 1.0001, "{grown} vs {reach}");
}

#[test]
fn par_update_is_bit_identical_with_scales() {
    let (characters, bones) = (700, 31);
    let profile = BlendProfile::uniform(bones, 0.15).unwrap().with_scales();
    let mut one = Inertializer::new(characters, profile, RootPolicy::Local).unwrap();
    let src = scaled(bones, Vec3::new(1.5, 0.7, 2.0), Vec3::new(0.3, 0.0, -0.4));
    let dst = scaled(bones, Vec3::ONE, Vec3::ZERO);
    for c in (0..characters).step_by(3) {
        one.transition(c, src.as_ref(), dst.as_ref()).unwrap();
    }
    let mut many = one.clone();
    let input = PoseBatch::from_pose(characters, dst.as_ref()).unwrap();
    let mut out_one = PoseBatch::with_scales(characters, bones, 0).unwrap();
    let mut out_many = out_one.clone();
    for frame in 0..5 {
        let dt = DT * (1.0 + 0.01 * frame as f32);
        one.update(dt, &input, &mut out_one).unwrap();
        many.par_update(dt, &input, &mut out_many).unwrap();
    }
    assert_eq!(out_one, out_many);
}

#[test]
fn extreme_scales_stay_finite_and_positive() {
    let mut i = rig(1);
    let tiny = scaled(1, Vec3::splat(1e-38), Vec3::splat(-f32::MAX));
    let huge = scaled(1, Vec3::splat(f32::MAX), Vec3::splat(f32::MAX));
    i.transition(1, tiny.as_ref(), huge.as_ref()).unwrap();
    for pose in run(&mut i, &huge, &[0.0, DT, 1.0, 1e30]) {
        let (s, v) = (pose.scales[0], pose.scale_velocities[0]);
        assert!(s.is_finite() && s.min_element() > 0.0, "{s}");
        assert!(v.is_finite(), "{v}");
    }
}

#[test]
fn invalid_scales_are_typed_errors_and_change_nothing() {
    let mut i = rig(2);
    let good = scaled(2, Vec3::ONE, Vec3::ZERO);
    let mut zero = good.clone();
    zero.scales[1] = Vec3::new(1.0, 0.0, 1.0);
    let mut negative = good.clone();
    negative.scales[0].z = -2.0;
    let mut nan = good.clone();
    nan.scale_velocities[1].y = f32::NAN;
    let mut short = good.clone();
    short.scale_velocities.pop();
    type Expected = fn(&InertiaError) -> bool;
    let cases: [(&Pose, Expected); 4] = [
        (&zero, |e| {
            matches!(
                e,
                InertiaError::NotPositive {
                    field: "destination.scales",
                    bone: 1,
                    ..
                }
            )
        }),
        (&negative, |e| {
            matches!(
                e,
                InertiaError::NotPositive {
                    field: "destination.scales",
                    bone: 0,
                    ..
                }
            )
        }),
        (&nan, |e| {
            matches!(
                e,
                InertiaError::NotFinite {
                    field: "destination.scale_velocities",
                    bone: 1,
                    ..
                }
            )
        }),
        (&short, |e| {
            matches!(
                e,
                InertiaError::Param(hooke::ParamError::LengthMismatch {
                    name: "destination.scale_velocities",
                    ..
                })
            )
        }),
    ];
    for (bad, expected) in cases {
        let err = i.transition(1, good.as_ref(), bad.as_ref()).unwrap_err();
        assert!(expected(&err), "{err}");
        assert!(!i.is_blending(1).unwrap());
        let mut batch = PoseBatch::with_scales(2, 2, 0).unwrap();
        let before = batch.clone();
        let err = batch.set_character(0, bad.as_ref()).unwrap_err();
        assert!(err.to_string().contains("input.scale"), "{err}");
        assert_eq!(batch, before);
    }
}

#[test]
fn scales_need_a_scale_channel_on_both_sides() {
    // Scales given to a rig or batch without a scale channel are an error, not dropped.
    let plain = BlendProfile::uniform(1, HALFLIFE).unwrap();
    let mut i = Inertializer::new(1, plain, RootPolicy::Local).unwrap();
    let s = scaled(1, Vec3::splat(2.0), Vec3::ZERO);
    let err = i.transition(0, s.as_ref(), s.as_ref()).unwrap_err();
    assert_eq!(
        err,
        InertiaError::NoScaleChannel {
            field: "source.scales"
        }
    );
    let mut batch = PoseBatch::new(1, 1, 0).unwrap();
    assert!(matches!(
        batch.set_character(0, s.as_ref()),
        Err(InertiaError::NoScaleChannel { .. })
    ));
    // A rig with scales needs batches with scales, and the other way round.
    let mut scaled_rig = rig(1);
    let (plain_in, mut plain_out) = (
        PoseBatch::new(2, 1, 0).unwrap(),
        PoseBatch::new(2, 1, 0).unwrap(),
    );
    assert_eq!(
        scaled_rig.update(DT, &plain_in, &mut plain_out),
        Err(InertiaError::NoScaleChannel { field: "input" })
    );
    // A pose without scales is scale 1 at rest on a rig with scales.
    let unscaled = Pose::rest(1);
    scaled_rig
        .transition(1, unscaled.as_ref(), s.as_ref())
        .unwrap();
    let shown = run(&mut scaled_rig, &s, &[0.0]).pop().unwrap();
    assert!((shown.scales[0] - Vec3::ONE).abs().max_element() < 1e-6);
}
