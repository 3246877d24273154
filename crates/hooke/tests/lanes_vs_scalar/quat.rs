//! The quaternion batches against their scalar twins, shared and per-spring halflives, over many steps and fast spins.

use super::*;

fn assert_quat_close(what: &str, i: usize, got: Quat, want: Quat) {
    // Same rotation within 1e-6 per component (up to sign), and unit length.
    let want = if got.dot(want) < 0.0 { -want } else { want };
    let diff = (got - want).length();
    assert!(
        diff <= 2e-6,
        "{what}[{i}]: batch {got:?} vs scalar {want:?} (diff {diff})"
    );
    assert!(
        (got.length() - 1.0).abs() <= 1e-6,
        "{what}[{i}]: not unit: {}",
        got.length()
    );
}

/// Lane `i` of a quaternion batch (`got`: rotation, angular velocity) against the scalar twin's
/// (`want`): the rotation by [`assert_quat_close`], the angular velocity within `tol`.
fn assert_lane_matches(i: usize, got: (Quat, Vec3), want: (Quat, Vec3), tol: f32) {
    assert_quat_close("q", i, got.0, want.0);
    let (got, want) = (got.1, want.1);
    assert!((got - want).length() <= tol, "w[{i}]: {got} vs {want}");
}

/// Sets every spring of `batch` to a rotation and angular velocity from `draw`, returning them.
fn set_random(
    batch: &mut QuatDecaySprings,
    mut draw: impl FnMut() -> (Quat, Vec3),
) -> Vec<(Quat, Vec3)> {
    let state: Vec<(Quat, Vec3)> = (0..batch.len()).map(|_| draw()).collect();
    for (i, &(q, w)) in state.iter().enumerate() {
        batch.set(i, q, w).unwrap();
    }
    state
}

/// Random rotations, angular velocities and goals for `n` quaternion springs, set on `batch`.
fn set_random_springs(rng: &mut Rng, batch: &mut QuatSprings) -> (Vec<Quat>, Vec<Vec3>, Vec<Quat>) {
    let n = batch.len();
    let qs: Vec<Quat> = (0..n).map(|_| rng.quat_f32()).collect();
    let ws: Vec<Vec3> = (0..n)
        .map(|_| Vec3::new(rng.range_f32(-3.0, 3.0), 0.5, -1.0))
        .collect();
    let gs: Vec<Quat> = (0..n).map(|_| rng.quat_f32()).collect();
    batch.set_state(&qs, &ws).unwrap();
    batch.set_goals(&gs).unwrap();
    (qs, ws, gs)
}

#[test]
fn quat_decay_springs_match_scalar() {
    each_length_and_dt(7, &DTS, |rng, n, dt| {
        let h = rng.log_range_f32(1e-3, 10.0);
        let mut batch = QuatDecaySprings::new(n, h).unwrap();
        let state = set_random(&mut batch, || (rng.quat_f32(), rng.vec3_f32(-5.0, 5.0)));
        batch.update(dt).unwrap();
        for (i, &(q, w)) in state.iter().enumerate() {
            let (mut sq, mut sw) = (q, w);
            scalar::decay_spring_damper_exact_quat(&mut sq, &mut sw, h, dt);
            let scale = 1.0 + w.length() + 4.0 * std::f32::consts::LN_2 / h * 3.2;
            let got = (batch.rotation(i), batch.angular_velocity(i));
            assert_lane_matches(i, got, (sq, sw), 2e-6 * scale);
        }
    });
}

/// `n` halflives, log-uniform in `[1e-3, 10]`, every ninth (from the fifth) 0: rigid springs,
/// which land on their goal (the identity for decays) at rest.
fn halflives_with_rigid(rng: &mut Rng, n: usize) -> Vec<f32> {
    rng.halflives_with_rigid(n, 9, 4)
}

#[test]
fn quat_decay_springs_with_per_spring_halflives_match_scalar_under_a_changing_dt() {
    let mut rng = Rng::new(13);
    for n in 0..67 {
        let hs = halflives_with_rigid(&mut rng, n);
        let mut batch = QuatDecaySprings::with_halflives(&hs).unwrap();
        for (frame, &dt) in DTS.iter().enumerate() {
            let state = set_random(&mut batch, || {
                let w = Vec3::new(rng.range_f32(-5.0, 5.0), rng.range_f32(-5.0, 5.0), 0.5);
                (rng.quat_f32(), w)
            });
            // Every other frame through the threaded path (bit-identical).
            crate::reference::step_alternating!(batch, frame, dt);
            for (i, &(q, w)) in state.iter().enumerate() {
                let (mut sq, mut sw) = (q, w);
                scalar::decay_spring_damper_exact_quat(&mut sq, &mut sw, hs[i], dt);
                let scale = 1.0 + w.length() + velocity_scale(3.2, hs[i].max(1e-3));
                let got = (batch.rotation(i), batch.angular_velocity(i));
                assert_lane_matches(i, got, (sq, sw), 4e-6 * scale);
            }
        }
    }
}

/// Shared and per-spring halflives side by side from the same state: the shared batch new each
/// frame, the per-spring one kept over a `dt` that changes every frame.
#[test]
fn quat_springs_match_scalar_shared_and_per_spring() {
    let mut rng = Rng::new(12);
    for n in 0..67 {
        let hs = halflives_with_rigid(&mut rng, n);
        let mut per = QuatSprings::with_halflives(&hs).unwrap();
        for (frame, &dt) in DTS.iter().enumerate() {
            let h = rng.log_range_f32(1e-3, 10.0);
            let mut shared = QuatSprings::new(n, h).unwrap();
            let (qs, ws, gs) = set_random_springs(&mut rng, &mut per);
            shared.set_state(&qs, &ws).unwrap();
            shared.set_goals(&gs).unwrap();
            shared.update(dt).unwrap();
            // Every other frame through the threaded path (bit-identical).
            crate::reference::step_alternating!(per, frame, dt);
            for i in 0..n {
                for (batch, h) in [(&shared, h), (&per, hs[i])] {
                    let (mut sq, mut sw) = (qs[i], ws[i]);
                    scalar::simple_spring_damper_exact_quat(&mut sq, &mut sw, gs[i], h, dt);
                    let rate = if h == 0.0 {
                        0.0
                    } else {
                        4.0 * std::f32::consts::LN_2 / h
                    };
                    let scale = 1.0 + ws[i].length() + rate * 3.2;
                    let got = (batch.rotation(i), batch.angular_velocity(i));
                    assert_lane_matches(i, got, (sq, sw), 4e-6 * scale);
                }
            }
        }
    }
}

#[test]
fn quat_decay_springs_follow_the_scalar_over_many_steps_and_fast_spins() {
    let mut rng = Rng::new(12);
    let n = 29;
    let mut batch = QuatDecaySprings::new(n, 0.2).unwrap();
    let mut scalar_state = set_random(&mut batch, || {
        let q = rng.quat_f32();
        // Up to ~60 rad/s: offsets pass half a turn during the decay.
        let w = Vec3::new(
            rng.range_f32(-60.0, 60.0),
            rng.range_f32(-60.0, 60.0),
            rng.range_f32(-5.0, 5.0),
        );
        (q, w)
    });
    for _ in 0..200 {
        batch.update(1.0 / 60.0).unwrap();
        for (q, w) in &mut scalar_state {
            scalar::decay_spring_damper_exact_quat(q, w, 0.2, 1.0 / 60.0);
        }
    }
    for (i, (q, w)) in scalar_state.iter().enumerate() {
        assert_quat_close("q", i, batch.rotation(i), *q);
        assert!(
            (batch.angular_velocity(i) - *w).length() <= 1e-4 * (1.0 + w.length()),
            "w[{i}]"
        );
    }
}
