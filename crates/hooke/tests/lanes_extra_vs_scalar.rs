//! The tracking, character, double, timed and extrapolation kernels equal their scalar twins lane
//! by lane for every tail length 0..67 (same tolerance rule as `lanes_vs_scalar/`).

// Parallel arrays of inputs and expected outputs are clearest indexed.
#![allow(clippy::needless_range_loop)]

use glam::{Quat, Vec3};
use hooke::column::{Column, QuatColumns, Vec3Columns};
use hooke::lanes::{
    CharacterStateLanes, DoubleCoeffs, DoubleSpringLanesMut, PredictionLanesMut,
    TimedSpringLanesMut, TimedStep, TrackingGoalLanes, TrackingLaneCoeffs, TrackingMode,
    character_predict, character_shared, double_shared, extrapolate_factors_f32, extrapolate_quat8,
    extrapolate_shared, timed_shared, tracking_shared,
};
use hooke::scalar::{self, CharacterCoeffs, TrackingGains};
use hooke::simd::{Quat8, Vec3x8};

mod reference;
use reference::{
    Rng, assert_lane_close as assert_close, assert_lanes_match_twin, each_length_and_dt,
};

const DTS: [f32; 4] = [0.0, 1.0 / 60.0, 0.1, 1.5];

#[test]
fn tracking_kernel_matches_scalar_in_every_mode() {
    let gains = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0).unwrap();
    each_length_and_dt(3, &DTS, |rng, n, dt| {
        let sets = [
            gains,
            gains.without_acceleration(),
            gains.without_velocity_acceleration(),
        ];
        let coeffs = sets.map(|g| TrackingLaneCoeffs::splat(&g.coeffs(dt)));
        let (x0, v0) = (rng.vec_f32(n, -5.0, 5.0), rng.vec_f32(n, -20.0, 20.0));
        let (xg, vg, ag) = (
            rng.vec_f32(n, -5.0, 5.0),
            rng.vec_f32(n, -20.0, 20.0),
            rng.vec_f32(n, -50.0, 50.0),
        );
        let modes: Vec<f32> = (0..n)
            .map(|i| {
                [
                    TrackingMode::Full,
                    TrackingMode::NoAcceleration,
                    TrackingMode::PositionOnly,
                ][i % 3]
                    .as_lane_value()
            })
            .collect();
        let (mut x, mut v) = (Column::from_slice(&x0), Column::from_slice(&v0));
        let cols = [&xg, &vg, &ag, &modes].map(|c| Column::from_slice(c));
        let goals = TrackingGoalLanes {
            x_goal: cols[0].lanes(),
            v_goal: cols[1].lanes(),
            a_goal: cols[2].lanes(),
            mode: cols[3].lanes(),
        };
        tracking_shared(x.lanes_mut(), v.lanes_mut(), goals, &coeffs);
        assert_lanes_match_twin(n, [("x", x.as_slice()), ("v", v.as_slice())], |i| {
            let c = sets[i % 3].coeffs(dt);
            let (mut sx, mut sv) = (x0[i], v0[i]);
            c.apply(&mut sx, &mut sv, xg[i], vg[i], ag[i]);
            let scale =
                x0[i].abs() + xg[i].abs() + (v0[i].abs() + vg[i].abs() + ag[i].abs()) * (1.0 + dt);
            [(sx, scale), (sv, scale * 100.0)]
        });
    });
}

#[test]
fn character_kernels_match_scalar() {
    each_length_and_dt(5, &DTS, |rng, n, dt| {
        let h = rng.range_f32(0.0, 1.0);
        let c = CharacterCoeffs::new(h, dt);
        let (x0, v0, a0, q) = (
            rng.vec_f32(n, -5.0, 5.0),
            rng.vec_f32(n, -5.0, 5.0),
            rng.vec_f32(n, -20.0, 20.0),
            rng.vec_f32(n, -5.0, 5.0),
        );
        let (mut x, mut v, mut a) = (
            Column::from_slice(&x0),
            Column::from_slice(&v0),
            Column::from_slice(&a0),
        );
        let goal = Column::from_slice(&q);
        character_shared(
            x.lanes_mut(),
            v.lanes_mut(),
            a.lanes_mut(),
            goal.lanes(),
            &c,
        );
        let got = [
            ("x", x.as_slice()),
            ("v", v.as_slice()),
            ("a", a.as_slice()),
        ];
        assert_lanes_match_twin(n, got, |i| {
            let (mut sx, mut sv, mut sa) = (x0[i], v0[i], a0[i]);
            scalar::spring_character_update(&mut sx, &mut sv, &mut sa, q[i], h, dt);
            let scale = x0[i].abs() + (v0[i].abs() + q[i].abs() + a0[i].abs()) * (1.0 + dt);
            let ascale = scale * 100.0 / (h * h).max(1e-4);
            [(sx, scale), (sv, scale * 10.0 / h.max(0.01)), (sa, ascale)]
        });
    });
}

#[test]
fn character_prediction_matches_scalar_predict() {
    let mut rng = Rng::new(6);
    let (n, horizons, h, dt) = (13, 6, 0.3, 0.2);
    let (x0, v0, a0, q) = (
        rng.vec_f32(n, -5.0, 5.0),
        rng.vec_f32(n, -5.0, 5.0),
        rng.vec_f32(n, -5.0, 5.0),
        rng.vec_f32(n, -5.0, 5.0),
    );
    let coeffs: Vec<_> = (0..horizons)
        .map(|k| CharacterCoeffs::new(h, k as f32 * dt))
        .collect();
    let cols = [&x0, &v0, &a0, &q].map(|c| Column::from_slice(c));
    let groups = cols[0].lanes().len();
    // Horizon-major blocks of `groups` lane groups; lane `i` of the characters at horizon `k`.
    let mut px = vec![wide::f32x8::ZERO; horizons * groups];
    let (mut pv, mut pa) = (px.clone(), px.clone());
    let at = |c: &[wide::f32x8], k: usize, i: usize| c[k * groups + i / 8].to_array()[i % 8];
    let state = CharacterStateLanes {
        x: cols[0].lanes(),
        v: cols[1].lanes(),
        a: cols[2].lanes(),
        v_goal: cols[3].lanes(),
    };
    let out = PredictionLanesMut {
        x: &mut px,
        v: &mut pv,
        a: &mut pa,
    };
    character_predict(state, &coeffs, out);
    for i in 0..n {
        let (mut sx, mut sv, mut sa) = (
            vec![0.0; horizons],
            vec![0.0; horizons],
            vec![0.0; horizons],
        );
        scalar::spring_character_predict(
            &mut sx, &mut sv, &mut sa, x0[i], v0[i], a0[i], q[i], h, dt,
        )
        .unwrap();
        for k in 0..horizons {
            let scale = 10.0 * (1.0 + k as f32 * dt);
            assert_close("px", i, at(&px, k, i), sx[k], scale);
            assert_close("pv", i, at(&pv, k, i), sv[k], scale * 10.0);
            assert_close("pa", i, at(&pa, k, i), sa[k], scale * 100.0);
        }
    }
}

#[test]
fn double_kernel_matches_scalar() {
    each_length_and_dt(8, &DTS, |rng, n, dt| {
        let h = rng.range_f32(0.0, 1.0);
        let c = DoubleCoeffs::new(h, dt);
        let init: Vec<Vec<f32>> = (0..5).map(|_| rng.vec_f32(n, -5.0, 5.0)).collect();
        let mut cols: Vec<Column> = init.iter().map(|c| Column::from_slice(c)).collect();
        let goal = cols.pop().unwrap();
        let [x, v, xi, vi] = &mut cols[..] else {
            unreachable!()
        };
        let springs = DoubleSpringLanesMut {
            x: x.lanes_mut(),
            v: v.lanes_mut(),
            xi: xi.lanes_mut(),
            vi: vi.lanes_mut(),
        };
        double_shared(springs, goal.lanes(), &c);
        let got = [("x", &*x), ("v", v), ("xi", xi), ("vi", vi)].map(|(w, c)| (w, c.as_slice()));
        assert_lanes_match_twin(n, got, |i| {
            let [mut sx, mut sv, mut sxi, mut svi] = [0, 1, 2, 3].map(|k| init[k][i]);
            scalar::double_spring_damper_exact(
                &mut sx, &mut sv, &mut sxi, &mut svi, init[4][i], h, dt,
            );
            let scale = 20.0 * (1.0 + dt);
            let vscale = scale * 10.0 / h.max(0.01);
            [(sx, scale), (sv, vscale), (sxi, scale), (svi, vscale)]
        });
    });
}

#[test]
fn timed_kernel_matches_scalar_including_the_frame_where_the_goal_time_passes() {
    each_length_and_dt(9, &DTS, |rng, n, dt| {
        let (h, apprehension) = (rng.range_f32(0.01, 0.5), 2.0);
        let (x0, v0, xi0, g) = (
            rng.vec_f32(n, -5.0, 5.0),
            rng.vec_f32(n, -5.0, 5.0),
            rng.vec_f32(n, -5.0, 5.0),
            rng.vec_f32(n, -5.0, 5.0),
        );
        // Remaining times around the lookahead so that some lanes cross it during the step.
        let t_goal: Vec<f32> = (0..n)
            .map(|_| rng.range_f32(-0.5, 2.0 * apprehension * h + 2.0 * dt))
            .collect();
        let (mut x, mut v, mut xi) = (
            Column::from_slice(&x0),
            Column::from_slice(&v0),
            Column::from_slice(&xi0),
        );
        let (gc, tc) = (
            Column::from_slice(&g),
            Column::from_slice_padded(&t_goal, 1.0),
        );
        if let Some(step) = TimedStep::new(h, apprehension, dt) {
            let springs = TimedSpringLanesMut {
                x: x.lanes_mut(),
                v: v.lanes_mut(),
                xi: xi.lanes_mut(),
            };
            timed_shared(springs, gc.lanes(), tc.lanes(), &step);
        }
        let got = [
            ("x", x.as_slice()),
            ("v", v.as_slice()),
            ("xi", xi.as_slice()),
        ];
        assert_lanes_match_twin(n, got, |i| {
            let (mut sx, mut sv, mut sxi) = (x0[i], v0[i], xi0[i]);
            scalar::timed_spring_damper_exact(
                &mut sx,
                &mut sv,
                &mut sxi,
                g[i],
                t_goal[i],
                h,
                dt,
                apprehension,
            );
            let speed = (g[i] - xi0[i]).abs() / t_goal[i].abs().max(1e-3);
            let scale = 20.0 + (v0[i].abs() + speed) * (1.0 + dt);
            [(sx, scale * 4.0), (sv, scale * 40.0 / h), (sxi, scale)]
        });
    });
}

#[test]
fn extrapolation_kernels_match_scalar() {
    each_length_and_dt(10, &DTS, |rng, n, dt| {
        let h = rng.range_f32(0.0, 1.0);
        let (travel, decay) = extrapolate_factors_f32(h, dt);
        let (x0, v0) = (rng.vec_f32(n, -5.0, 5.0), rng.vec_f32(n, -5.0, 5.0));
        let (mut x, mut v) = (Column::from_slice(&x0), Column::from_slice(&v0));
        extrapolate_shared(x.lanes_mut(), v.lanes_mut(), travel, decay);
        assert_lanes_match_twin(n, [("x", x.as_slice()), ("v", v.as_slice())], |i| {
            let (mut sx, mut sv) = (x0[i], v0[i]);
            scalar::extrapolate_decay(&mut sx, &mut sv, h, dt);
            let scale = x0[i].abs() + v0[i].abs() * (1.0 + dt);
            [(sx, scale), (sv, scale)]
        });
        // Rotations: one lane group of random rotations and angular velocities.
        let qs: Vec<Quat> = (0..8)
            .map(|_| {
                Quat::from_rotation_y(rng.range_f32(-3.0, 3.0))
                    * Quat::from_rotation_x(rng.range_f32(-1.0, 1.0))
            })
            .collect();
        let ws: Vec<Vec3> = (0..8)
            .map(|_| Vec3::new(rng.range_f32(-4.0, 4.0), rng.range_f32(-4.0, 4.0), 1.0))
            .collect();
        let (qc, wc) = (QuatColumns::from_quats(&qs), Vec3Columns::from_vec3s(&ws));
        let q8 = Quat8 {
            x: qc.x.lanes()[0],
            y: qc.y.lanes()[0],
            z: qc.z.lanes()[0],
            w: qc.w.lanes()[0],
        };
        let w8 = Vec3x8 {
            x: wc.x.lanes()[0],
            y: wc.y.lanes()[0],
            z: wc.z.lanes()[0],
        };
        let (q1, w1) = extrapolate_quat8(q8, w8, travel, decay);
        for lane in 0..8 {
            let (mut sq, mut sw) = (qs[lane], ws[lane]);
            scalar::extrapolate_decay_quat(&mut sq, &mut sw, h, dt);
            let got = Quat::from_xyzw(
                q1.x.to_array()[lane],
                q1.y.to_array()[lane],
                q1.z.to_array()[lane],
                q1.w.to_array()[lane],
            );
            let sq = if got.dot(sq) < 0.0 { -sq } else { sq };
            assert!(
                (got - sq).length() < 2e-6 * (1.0 + ws[lane].length() * dt),
                "q[{lane}] {got:?} vs {sq:?}"
            );
            let gw = Vec3::new(
                w1.x.to_array()[lane],
                w1.y.to_array()[lane],
                w1.z.to_array()[lane],
            );
            assert!(
                (gw - sw).length() <= 1e-6 * sw.length().max(1.0),
                "w[{lane}]"
            );
        }
    });
}
