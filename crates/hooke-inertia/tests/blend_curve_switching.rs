//! Dead blends under rapid switching with every accepted cross-fade curve (issue 21, row 1): a
//! character switched between two poses 3 units and 2.5 rad apart every 1-5 frames stays near
//! them (finite, unit rotations, no runaway), whatever the curve [`BlendCurve::table`] accepts,
//! the blend time and the extrapolation halflife. Tables that made it run away (samples below 0
//! or above 1, steep segments) are refused.

use glam::{Quat, Vec3};
use hooke::ParamError;
use hooke::scalar::BlendCurve;
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};
use proptest::prelude::*;

/// How far apart the two poses' root positions are.
const GAP: f32 = 3.0;

/// One run: the largest distance of the root from the origin, and whether every output was
/// finite with unit rotations.
struct Run {
    farthest: f32,
    finite_unit: bool,
}

/// Plays `frames` frames of `dt`, switching between the two poses after each count of
/// `switch_every` in turn (cycled), in a dead blend of `blend_time` and `halflife`.
fn play(
    curve: &BlendCurve,
    policy: RootPolicy,
    (blend_time, halflife): (f32, f32),
    dt: f32,
    switch_every: &[usize],
    frames: usize,
) -> Run {
    let profile = BlendProfile::uniform(1, 0.1).unwrap();
    let mut inertializer = Inertializer::new(1, profile, policy).unwrap();
    inertializer.set_dead_blend_curve(curve.clone());
    let mode = BlendMode::DeadBlend {
        blend_time,
        halflife,
    };
    inertializer.set_mode(0, mode).unwrap();
    let mut far = Pose::rest(1);
    far.positions[0] = Vec3::new(GAP, 0.0, 0.0);
    far.rotations[0] = Quat::from_rotation_y(2.5);
    let poses = [Pose::rest(1), far];
    let mut input = PoseBatch::new(1, 1, 0).unwrap();
    input.set_character(0, poses[0].as_ref()).unwrap();
    let mut output = input.clone();
    let (mut shown, mut next, mut switches) = (0, 0, 0);
    let mut run = Run {
        farthest: 0.0,
        finite_unit: true,
    };
    for frame in 0..frames {
        if frame == next {
            next += switch_every[switches % switch_every.len()];
            switches += 1;
            let to = 1 - shown;
            inertializer
                .transition(0, poses[shown].as_ref(), poses[to].as_ref())
                .unwrap();
            shown = to;
            input.set_character(0, poses[shown].as_ref()).unwrap();
        }
        inertializer.update(dt, &input, &mut output).unwrap();
        let pose = output.character(0).unwrap();
        let (p, q) = (pose.positions[0], pose.rotations[0]);
        run.finite_unit &= p.is_finite() && q.is_finite() && (q.length() - 1.0).abs() <= 1e-5;
        run.farthest = run.farthest.max(p.length());
    }
    run
}

/// Samples `n` evenly spaced points of a random non-decreasing curve from 0 to 1, flattened
/// toward the straight line until [`BlendCurve::table`] accepts it (so steep segments near the
/// slope limit are common).
fn accepted_table(rises: &[f32]) -> BlendCurve {
    let total: f32 = rises.iter().sum::<f32>().max(f32::MIN_POSITIVE);
    let n = rises.len() + 1;
    let mut raw = vec![0.0_f32; n];
    for (i, r) in rises.iter().enumerate() {
        raw[i + 1] = raw[i] + r / total;
    }
    let mut lambda = 1.0_f32;
    loop {
        let samples: Vec<f32> = (0..n)
            .map(|i| {
                let line = i as f32 / (n - 1) as f32;
                if i == n - 1 {
                    1.0
                } else {
                    (lambda * raw[i] + (1.0 - lambda) * line).clamp(0.0, 1.0)
                }
            })
            .collect();
        match BlendCurve::table(&samples) {
            Ok(curve) => return curve,
            Err(_) if lambda > 0.0 => lambda = if lambda < 1e-3 { 0.0 } else { lambda * 0.8 },
            Err(e) => panic!("the straight line is refused: {e}"),
        }
    }
}

fn curves() -> impl Strategy<Value = BlendCurve> {
    prop_oneof![
        1 => Just(BlendCurve::Smoothstep),
        1 => Just(BlendCurve::Linear),
        1 => Just(BlendCurve::Smootherstep),
        4 => prop::collection::vec(0.0_f32..1.0, 1..40).prop_map(|r| accepted_table(&r)),
        // One step: all the rise in one segment (as steep as allowed once flattened).
        2 => (2_usize..40, 0_usize..40).prop_map(|(n, at)| {
            let mut rises = vec![0.0; n];
            rises[at % n] = 1.0;
            accepted_table(&rises)
        }),
    ]
}

fn policies() -> impl Strategy<Value = RootPolicy> {
    prop_oneof![
        Just(RootPolicy::Local),
        Just(RootPolicy::Anchored { up: Vec3::Y }),
    ]
}

proptest! {
    // A fixed seed so that CI never passes or fails by chance; run it with
    // `PROPTEST_RNG_SEED=random PROPTEST_CASES=5000` to search further.
    #![proptest_config(ProptestConfig {
        rng_seed: proptest::test_runner::RngSeed::Fixed(21),
        ..ProptestConfig::with_cases(256)
    })]

    #[test]
    fn rapid_switching_stays_bounded_with_every_accepted_curve(
        curve in curves(),
        policy in policies(),
        blend_time in 0.01_f32..1.0,
        halflife in 0.01_f32..1.0,
        dt in prop::sample::select(vec![1.0 / 30.0, 1.0 / 60.0, 1.0 / 120.0, 1.0 / 144.0]),
        switch_every in prop::collection::vec(1_usize..=5, 1..8),
    ) {
        let run = play(&curve, policy, (blend_time, halflife), dt, &switch_every, 1200);
        prop_assert!(run.finite_unit, "{curve:?}: a non-finite or non-unit output");
        // The built-in curves reach 1.4 GAP; a runaway reaches f32::MAX.
        prop_assert!(
            run.farthest <= 3.0 * GAP,
            "{curve:?}, {policy:?}, blend {blend_time}, halflife {halflife}, dt {dt}, \
             switching every {switch_every:?}: root {} from the origin",
            run.farthest
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: proptest::test_runner::RngSeed::Fixed(2106),
        ..ProptestConfig::with_cases(128)
    })]

    // Switching just before each blend ends is where a curve's end slope feeds the next
    // extrapolation most (`docs/math.md` §6.5): every period up to the blend time, with
    // halflives up to 100 blend times. Nothing grows; the built-in C1 curves stay within
    // 1.5 gaps of the origin, the others (Linear and tables up to the bound) within 40.
    #[test]
    fn switching_at_any_period_up_to_the_blend_time_stays_bounded(
        curve in curves(),
        blend_time in 0.01_f32..1.0,
        halflife_per_blend in 0.1_f32..100.0,
        dt in prop::sample::select(vec![1.0 / 30.0, 1.0 / 60.0, 1.0 / 144.0]),
        progress in 0.05_f32..1.0,
    ) {
        let period = ((progress * blend_time / dt) as usize).max(1);
        let halflife = halflife_per_blend * blend_time;
        let run = play(&curve, RootPolicy::Local, (blend_time, halflife), dt, &[period], 2400);
        prop_assert!(run.finite_unit, "{curve:?}: a non-finite or non-unit output");
        let bound = if curve.is_c1() && !matches!(curve, BlendCurve::Table(_)) { 1.5 } else { 40.0 };
        prop_assert!(
            run.farthest <= bound * GAP,
            "{curve:?}, blend {blend_time}, halflife {halflife}, dt {dt}, every {period}: {}",
            run.farthest
        );
    }
}

/// The table the property test found with a random seed while only the slope limit guarded
/// tables (31 samples, steepest segment 1.93, accepted then): with a 0.035 s blend, halflife
/// 0.88 s, at 144 Hz, switching every 4 frames, its root reached infinity. It is refused now:
/// segment 25 (slope 1.93, ending at 0.90, `s w' = 1.61 > (2 - 0.90)² = 1.21`) fails the damping
/// bound of `docs/math.md` §6.5.
#[test]
#[allow(clippy::excessive_precision)] // the found case's samples, as printed
fn the_table_that_ran_away_under_rapid_switching_is_refused() {
    let samples = [
        0.0,
        0.0196800008,
        0.0602984764,
        0.0799784735,
        0.0996584743,
        0.119338468,
        0.148798198,
        0.180474997,
        0.22478351,
        0.257946849,
        0.317198247,
        0.345247358,
        0.38880533,
        0.44446075,
        0.502961993,
        0.53347367,
        0.586988688,
        0.628934681,
        0.648614705,
        0.668294668,
        0.687974691,
        0.723629594,
        0.761778474,
        0.795505404,
        0.837368727,
        0.901600003,
        0.921280026,
        0.94095999,
        0.960640013,
        0.980319977,
        1.0,
    ];
    match BlendCurve::table(&samples) {
        Err(ParamError::InvalidAt { index, .. }) => assert_eq!(index, 25),
        other => panic!("{other:?}"),
    }
    // What it did, with the bound lifted: a curve just inside it (the same table with its steep
    // segments eased onto the straight line until accepted) stays near the two poses.
    let rises: Vec<f32> = samples.windows(2).map(|w: &[f32]| w[1] - w[0]).collect();
    let curve = accepted_table(&rises);
    let run = play(
        &curve,
        RootPolicy::Local,
        (0.034_555_52, 0.875_744_2),
        1.0 / 144.0,
        &[4],
        1200,
    );
    assert!(
        run.finite_unit && run.farthest <= 3.0 * GAP,
        "root {}",
        run.farthest
    );
}

#[test]
fn dead_blend_tables_that_ran_away_under_rapid_switching_are_refused() {
    // The repro tables, an overshoot, and a steep one (slope 9) that also ran away.
    let late = {
        let mut s = vec![0.0; 10];
        s[9] = 1.0;
        s
    };
    let cases: [(&[f32], usize); 5] = [
        (&[0.0, -0.1, 1.0], 1),
        (&[0.0, -0.5, 1.0], 1),
        (&[0.0, 1.5, 1.0], 1),
        (&[0.0, 0.6, 0.5, 1.0], 2),
        (&late, 9),
    ];
    for (samples, bad) in cases {
        match BlendCurve::table(samples) {
            Err(ParamError::InvalidAt { index, .. }) => assert_eq!(index, bad, "{samples:?}"),
            other => panic!("{samples:?}: {other:?}"),
        }
    }
}

#[test]
fn rapid_switching_with_the_steepest_accepted_tables_stays_bounded() {
    // The setting (blend 0.2 s, halflife 0.1 s, switching every 1-5 frames) with the
    // steepest tables, the step at every position.
    for n in [3, 5, 9, 17] {
        for at in 0..n - 1 {
            let mut rises = vec![0.0; n - 1];
            rises[at] = 1.0;
            let curve = accepted_table(&rises);
            for policy in [RootPolicy::Local, RootPolicy::Anchored { up: Vec3::Y }] {
                for every in [&[1][..], &[2], &[3], &[5], &[1, 4, 2, 5, 3]] {
                    let run = play(&curve, policy, (0.2, 0.1), 1.0 / 60.0, every, 1200);
                    assert!(run.finite_unit, "{curve:?}");
                    assert!(
                        run.farthest <= 3.0 * GAP,
                        "{curve:?} {every:?}: {}",
                        run.farthest
                    );
                }
            }
        }
    }
}
