//! The series of `hooke plot`'s spring gallery: every spring kind of the library on one page
//! each (damper, critical / double / timed springs, quaternion spring, tracking with
//! discontinuities, the character controller and its predicted trajectory, inertialization vs
//! dead blending vs cut on a real clip, resonance).

use std::ops::Range;

use glam::{Quat, Vec3};
use hooke::scalar::{
    BlendCurve, critical_spring_damper_exact, damper_exact, double_spring_damper_exact,
    extrapolate_decay, frequency_to_stiffness, halflife_to_damping, resonant_frequency,
    simple_spring_damper_exact_quat, spring_character_predict, spring_character_update,
    spring_damper_exact_stiffness_damping, timed_spring_damper_exact,
};
use hooke_bvh::Clip;

use crate::args::StitchMode;
use crate::plot::Series;
use crate::stitch;
use crate::{CliError, clipio, demo, track};

const DT: f32 = 1.0 / 120.0;

fn time(frame: usize) -> f32 {
    frame as f32 * DT
}

/// The exact damper from 0 toward 1 at four halflives.
pub(crate) fn damper() -> Vec<Series> {
    [0.05_f32, 0.1, 0.2, 0.4]
        .iter()
        .map(|&h| {
            let mut x = 0.0;
            let points = (0..=120)
                .map(|f| {
                    let p = (time(f), x);
                    x = damper_exact(x, 1.0, h, DT);
                    p
                })
                .collect();
            (format!("halflife {h} s"), points)
        })
        .collect()
}

/// Dead blending from a value moving at 4/s (extrapolated with halflife 0.2 s) into a live input
/// resting at 1, cross-faded over 0.3 s with each [`BlendCurve`].
pub(crate) fn dead_blend_curves() -> Vec<Series> {
    let curves = [
        ("smoothstep (default, C1)", BlendCurve::Smoothstep),
        ("smootherstep (C1)", BlendCurve::Smootherstep),
        ("linear (velocity steps)", BlendCurve::Linear),
        (
            "table 0, 0, 0.25, 0.5, 0.75, 0.9, 1, 1 (C1)",
            BlendCurve::table(&[0.0, 0.0, 0.25, 0.5, 0.75, 0.9, 1.0, 1.0]).expect("valid table"),
        ),
    ];
    let blend_time = 0.3;
    curves
        .into_iter()
        .map(|(name, curve)| {
            let (mut x, mut v) = (0.0_f32, 4.0_f32);
            let points = (0..=60)
                .map(|f| {
                    let t = f64::from(time(f));
                    let (w, _) = curve.blend_weight(t, blend_time);
                    let out = f64::from(x) + (1.0 - f64::from(x)) * w;
                    extrapolate_decay(&mut x, &mut v, 0.2, DT);
                    (time(f), out as f32)
                })
                .collect();
            (name.to_owned(), points)
        })
        .collect()
}

/// `hooke-inertia` dead blends of one bone moving at 2 units/s toward a live pose resting 1 unit
/// away (blend time 1 s): the mode's halflife of 1 s (overshoots) and 0.1 s (stops short), and
/// the adaptive halflife (`DeadBlendLimits::adaptive_halflife`), which extrapolates exactly to
/// the destination.
pub(crate) fn dead_blend_halflife() -> Result<Vec<Series>, CliError> {
    use hooke_inertia::{
        BlendMode, BlendProfile, DeadBlendLimits, Inertializer, Pose, PoseBatch, RootPolicy,
    };
    let fail = |e: hooke_inertia::InertiaError| CliError::Failure(e.to_string());
    let adaptive = DeadBlendLimits {
        adaptive_halflife: true,
        ..Default::default()
    };
    let variants = [
        ("halflife 1 s", 1.0, DeadBlendLimits::default()),
        ("halflife 0.1 s", 0.1, DeadBlendLimits::default()),
        ("adaptive halflife", 1.0, adaptive),
    ];
    let mut source = Pose::rest(1);
    source.velocities[0] = Vec3::new(2.0, 0.0, 0.0);
    let mut live = Pose::rest(1);
    live.positions[0] = Vec3::X;
    let input = PoseBatch::from_pose(1, live.as_ref()).map_err(fail)?;
    variants
        .into_iter()
        .map(|(name, halflife, limits)| {
            let profile = BlendProfile::uniform(1, 0.1).map_err(fail)?;
            let mut i = Inertializer::new(1, profile, RootPolicy::Local).map_err(fail)?;
            i.set_dead_blend_limits(limits).map_err(fail)?;
            let mode = BlendMode::DeadBlend {
                blend_time: 1.0,
                halflife,
            };
            i.set_mode(0, mode).map_err(fail)?;
            i.transition(0, source.as_ref(), live.as_ref())
                .map_err(fail)?;
            let mut output = input.clone();
            let mut points = vec![(0.0, 0.0)];
            for f in 1..=150 {
                i.update(DT, &input, &mut output).map_err(fail)?;
                points.push((time(f), output.positions().get(0).x));
            }
            Ok((name.to_owned(), points))
        })
        .collect()
}

/// Critical, double and timed springs toward 1 (halflife 0.1 s; the timed one is due at 0.6 s).
pub(crate) fn springs() -> Vec<Series> {
    let (mut x, mut v) = (0.0_f32, 0.0_f32);
    let (mut dx, mut dv, mut xi, mut vi) = (0.0_f32, 0.0_f32, 0.0_f32, 0.0_f32);
    let (mut tx, mut tv, mut ti) = (0.0_f32, 0.0_f32, 0.0_f32);
    let mut t_goal = 0.6_f32;
    let (mut critical, mut double, mut timed) = (Vec::new(), Vec::new(), Vec::new());
    for f in 0..=120 {
        critical.push((time(f), x));
        double.push((time(f), dx));
        timed.push((time(f), tx));
        critical_spring_damper_exact(&mut x, &mut v, 1.0, 0.0, 0.1, DT);
        double_spring_damper_exact(&mut dx, &mut dv, &mut xi, &mut vi, 1.0, 0.1, DT);
        timed_spring_damper_exact(&mut tx, &mut tv, &mut ti, 1.0, t_goal, 0.05, DT, 2.0);
        t_goal -= DT;
    }
    vec![
        ("critical".into(), critical),
        ("double (S-shaped)".into(), double),
        ("timed, due at 0.6 s".into(), timed),
    ]
}

/// A quaternion spring turning 120° about a tilted axis: angle to the goal and angular speed.
pub(crate) fn quaternion() -> Vec<Series> {
    let goal = Quat::from_axis_angle(Vec3::new(1.0, 1.0, 0.0).normalize(), 120_f32.to_radians());
    let (mut q, mut w) = (Quat::IDENTITY, Vec3::ZERO);
    let (mut angle, mut speed) = (Vec::new(), Vec::new());
    for f in 0..=120 {
        angle.push((time(f), q.angle_between(goal).to_degrees()));
        speed.push((time(f), w.length().to_degrees() / 10.0));
        simple_spring_damper_exact_quat(&mut q, &mut w, goal, 0.15, DT);
    }
    vec![
        ("angle to the goal (°)".into(), angle),
        ("angular speed (°/s ÷ 10)".into(), speed),
    ]
}

/// A sine with two jumps, tracked with the cuts known.
pub(crate) fn tracking() -> Vec<Series> {
    let frames = 360;
    let signal: Vec<f32> = (0..frames)
        .map(|f| {
            let t = time(f);
            (2.0 * t).sin() + if f >= 120 { 1.0 } else { 0.0 } - if f >= 240 { 1.5 } else { 0.0 }
        })
        .collect();
    let mut tracked = signal.clone();
    let mut cut = vec![false; frames];
    cut[120] = true;
    cut[240] = true;
    track::track_channel(
        &mut tracked,
        0.1,
        DT,
        &track::Cuts::Given(vec![120, 240]),
        &cut,
    );
    let line = |v: &[f32]| v.iter().enumerate().map(|(f, &x)| (time(f), x)).collect();
    vec![
        ("input with jumps".into(), line(&signal)),
        ("tracking spring".into(), line(&tracked)),
    ]
}

/// A character accelerating to 3 m/s, then reversing at 1 s; the trajectory predicted at 1 s.
pub(crate) fn character() -> Vec<Series> {
    let (mut x, mut v, mut a) = (0.0_f32, 0.0_f32, 0.0_f32);
    let mut path = Vec::new();
    let mut predicted = Vec::new();
    for f in 0..=240 {
        path.push((time(f), x));
        let goal = if f < 120 { 3.0 } else { -2.0 };
        if f == 120 {
            let (mut px, mut pv, mut pa) = (vec![0.0; 13], vec![0.0; 13], vec![0.0; 13]);
            if spring_character_predict(&mut px, &mut pv, &mut pa, x, v, a, goal, 0.25, 0.1).is_ok()
            {
                predicted = px
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (time(f) + i as f32 * 0.1, p))
                    .collect();
            }
        }
        spring_character_update(&mut x, &mut v, &mut a, goal, 0.25, DT);
    }
    vec![
        ("position".into(), path),
        ("predicted at 1 s".into(), predicted),
    ]
}

/// Springs of natural frequency 2 Hz released from 1 with three damping halflives; the legend
/// gives the frequency each actually oscillates at (`resonant_frequency`).
pub(crate) fn resonance() -> Vec<Series> {
    [0.1_f32, 0.3, 1.0]
        .iter()
        .map(|&h| {
            let (s, d) = (frequency_to_stiffness(2.0), halflife_to_damping(h));
            let (mut x, mut v) = (1.0_f32, 0.0_f32);
            let points = (0..=240)
                .map(|f| {
                    let p = (time(f), x);
                    spring_damper_exact_stiffness_damping(&mut x, &mut v, 0.0, 0.0, s, d, DT);
                    p
                })
                .collect();
            (
                format!(
                    "halflife {h} s: oscillates at {:.2} Hz",
                    resonant_frequency(2.0, h)
                ),
                points,
            )
        })
        .collect()
}

/// The left hand's height at the first seam of the demo's stitch, for the three modes.
pub(crate) fn stitch_modes() -> Result<Vec<Series>, CliError> {
    let loaded = stitch::load(&demo::segments())?;
    let clips: Vec<(&Clip, Range<usize>)> = loaded.iter().map(|(c, r)| (c, r.clone())).collect();
    let skeleton = clips[0].0;
    let joints = skeleton.joint_count();
    let hand = skeleton.joint_index(demo::HAND).unwrap_or(joints - 1);
    let dt = skeleton.frame_time();
    let mut out = Vec::new();
    for mode in [
        StitchMode::Cut,
        StitchMode::DeadBlend,
        StitchMode::Inertialize,
    ] {
        let stitched = stitch::stitch(&clips, demo::blend(mode, false))?;
        let global = clipio::global_positions(skeleton, &stitched.positions, &stitched.rotations);
        let seam = stitched.seams.first().copied().unwrap_or(0);
        let points = (seam.saturating_sub(60)..seam + 60)
            .filter_map(|f| global.get(f * joints + hand).map(|p| (f as f32 * dt, p.y)))
            .collect();
        out.push((mode.done().to_owned(), points));
    }
    Ok(out)
}

/// Foot locking at a seam of the demo's stitch (`feet_height.svg`, `feet_speed.svg`): a planted
/// toe of the cut, inertialized and `--lock-feet` outputs.
pub(crate) fn feet() -> Result<crate::demo_feet::FeetDemo, CliError> {
    let loaded = stitch::load(&demo::segments())?;
    let clips: Vec<(&Clip, Range<usize>)> = loaded.iter().map(|(c, r)| (c, r.clone())).collect();
    let (cut, plain) = crate::demo_feet::stitch_plain(&clips)?;
    crate::demo_feet::run(&clips, &cut, &plain)
}
