//! The spring character controller against an independent numerical integration of its ODE.

use glam::{Vec2, Vec3};
use hooke::ParamError;
use hooke::batch::CharacterControllers;
use hooke::scalar::{
    CharacterCoeffs, spring_character_predict, spring_character_predict_vec3,
    spring_character_update, spring_character_update_vec2, spring_character_update_vec3,
};

/// Reference: RK4 in f64 of `x' = v`, `v' = a`, `a' = -y^2 (v - v_goal) - 2 y a` (the velocity
/// follows a critical spring with `y = 2 ln2 / halflife`), with about `steps` steps.
fn rk4(state: [f64; 3], v_goal: f64, halflife: f64, t: f64, steps: usize) -> [f64; 3] {
    let y = 2.0 * std::f64::consts::LN_2 / halflife;
    let f = |s: [f64; 3]| [s[1], s[2], -y * y * (s[1] - v_goal) - 2.0 * y * s[2]];
    let h = t / steps as f64;
    let mut s = state;
    for _ in 0..steps {
        let add =
            |s: [f64; 3], k: [f64; 3], c: f64| [s[0] + c * k[0], s[1] + c * k[1], s[2] + c * k[2]];
        let k1 = f(s);
        let k2 = f(add(s, k1, h / 2.0));
        let k3 = f(add(s, k2, h / 2.0));
        let k4 = f(add(s, k3, h));
        for i in 0..3 {
            s[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
        }
    }
    s
}

/// The position update as first published in the source article: `x += E j1 dt / y + v_goal dt`.
/// It is not the integral of the velocity (`docs/math.md` §5); kept here only to show that
/// hooke's update is not it.
fn published_wrong_position_update(
    x: f32,
    v: f32,
    a: f32,
    v_goal: f32,
    halflife: f32,
    dt: f32,
) -> f32 {
    let y = 2.0 * std::f32::consts::LN_2 / halflife;
    let j0 = v - v_goal;
    let j1 = a + j0 * y;
    let e = (-y * dt).exp();
    e * (j1 * dt) / y + dt * v_goal + x
}

const STATES: [(f32, f32, f32, f32); 5] = [
    (0.0, 0.0, 0.0, 3.0),
    (1.5, -2.0, 4.0, 1.0),
    (-3.0, 5.0, -20.0, -5.0),
    (0.0, 1.0, 0.0, 1.0),
    (10.0, 0.0, 50.0, 0.0),
];

#[test]
fn matches_rk4_over_a_grid() {
    let mut worst = [0.0_f64; 3];
    for &halflife in &[0.02_f32, 0.1, 0.5, 2.0, 20.0] {
        for &dt in &[1.0_f32 / 240.0, 1.0 / 60.0, 0.1, 0.5, 2.0] {
            for &(x0, v0, a0, v_goal) in &STATES {
                let (mut x, mut v, mut a) = (x0, v0, a0);
                spring_character_update(&mut x, &mut v, &mut a, v_goal, halflife, dt);
                let steps = ((f64::from(dt) / f64::from(halflife)) * 2000.0).ceil() as usize + 100;
                let r = rk4(
                    [f64::from(x0), f64::from(v0), f64::from(a0)],
                    f64::from(v_goal),
                    f64::from(halflife),
                    f64::from(dt),
                    steps,
                );
                // Scales: the magnitudes involved in each component, so the bound is relative.
                let reach = f64::from(dt.min(halflife));
                let scale_v =
                    1.0 + f64::from(v0.abs().max(v_goal.abs())) + f64::from(a0.abs()) * reach;
                let scale_a = scale_v / f64::from(halflife) + f64::from(a0.abs());
                let scale_x =
                    f64::from(x0.abs()) + scale_v * f64::from(dt) + scale_a * f64::from(dt * dt);
                let errs = [
                    (f64::from(x) - r[0]).abs() / scale_x,
                    (f64::from(v) - r[1]).abs() / scale_v,
                    (f64::from(a) - r[2]).abs() / scale_a,
                ];
                for i in 0..3 {
                    worst[i] = worst[i].max(errs[i]);
                }
                assert!(
                    errs.iter().all(|&e| e < 2e-6),
                    "h={halflife} dt={dt} state={:?}: ours {:?}, rk4 {r:?}, rel errs {errs:?}",
                    (x0, v0, a0, v_goal),
                    (x, v, a)
                );
            }
        }
    }
    eprintln!("worst relative error vs RK4 (x, v, a): {worst:?}");
}

#[test]
fn published_position_term_is_not_ours() {
    let (x0, v0, a0, v_goal, halflife, dt) = (0.0_f32, 0.0_f32, 0.0_f32, 2.0_f32, 0.2_f32, 0.3_f32);
    let (mut x, mut v, mut a) = (x0, v0, a0);
    spring_character_update(&mut x, &mut v, &mut a, v_goal, halflife, dt);
    let r = rk4([0.0, 0.0, 0.0], 2.0, 0.2, 0.3, 100_000);
    let wrong = published_wrong_position_update(x0, v0, a0, v_goal, halflife, dt);
    let ours_err = (f64::from(x) - r[0]).abs();
    let wrong_err = (f64::from(wrong) - r[0]).abs();
    eprintln!(
        "position after 0.3 s: rk4 {}, ours {x} (err {ours_err:e}), published {wrong} (err {wrong_err:e})",
        r[0]
    );
    assert!(ours_err < 1e-6);
    assert!(
        wrong_err > 0.1,
        "the published term should be visibly wrong here"
    );
}

#[test]
fn one_step_equals_a_thousand() {
    let mut worst = [0.0_f32; 3];
    for &halflife in &[0.05_f32, 0.3, 3.0] {
        for &(x0, v0, a0, v_goal) in &STATES {
            let total = 1.7_f32;
            let (mut x1, mut v1, mut a1) = (x0, v0, a0);
            spring_character_update(&mut x1, &mut v1, &mut a1, v_goal, halflife, total);
            let (mut x2, mut v2, mut a2) = (x0, v0, a0);
            for _ in 0..1000 {
                spring_character_update(
                    &mut x2,
                    &mut v2,
                    &mut a2,
                    v_goal,
                    halflife,
                    total / 1000.0,
                );
            }
            // 1000 f32 steps accumulate rounding: the bounds are 1e-4 of each quantity's scale.
            let scale_v = 1.0 + v0.abs() + v_goal.abs() + a0.abs() * halflife;
            let scale_x = 1.0 + x0.abs() + scale_v * total;
            let scale_a = 1.0 + a0.abs() + scale_v / halflife;
            let errs = [
                (x1 - x2).abs() / scale_x,
                (v1 - v2).abs() / scale_v,
                (a1 - a2).abs() / scale_a,
            ];
            for i in 0..3 {
                worst[i] = worst[i].max(errs[i]);
            }
            assert!(
                errs.iter().all(|&e| e < 1e-4),
                "{:?} vs {:?}: {errs:?}",
                (x1, v1, a1),
                (x2, v2, a2)
            );
        }
    }
    eprintln!("one step vs 1000, worst relative difference (x, v, a): {worst:?}");
}

#[test]
fn halflife_zero_snaps_the_velocity() {
    let (mut x, mut v, mut a) = (1.0_f32, -4.0_f32, 30.0_f32);
    spring_character_update(&mut x, &mut v, &mut a, 2.0, 0.0, 0.25);
    assert_eq!((x, v, a), (1.5, 2.0, 0.0));
    // A negative halflife is treated as 0.
    let (mut x, mut v, mut a) = (1.0_f32, -4.0_f32, 30.0_f32);
    spring_character_update(&mut x, &mut v, &mut a, 2.0, -1.0, 0.25);
    assert_eq!((x, v, a), (1.5, 2.0, 0.0));
}

#[test]
fn huge_halflife_keeps_the_acceleration() {
    for &halflife in &[1e12_f32, 1e30, f32::INFINITY] {
        let (mut x, mut v, mut a) = (1.0_f32, 2.0_f32, 0.5_f32);
        spring_character_update(&mut x, &mut v, &mut a, 7.0, halflife, 2.0);
        assert!(
            (x - (1.0 + 2.0 * 2.0 + 0.5 * 0.5 * 4.0)).abs() < 1e-5,
            "x {x}"
        );
        assert!((v - 3.0).abs() < 1e-5, "v {v}");
        assert!((a - 0.5).abs() < 1e-5, "a {a}");
    }
}

#[test]
fn dt_zero_is_bit_exact() {
    for &(x0, v0, a0) in &[
        (-0.0_f32, -0.0_f32, -0.0_f32),
        (0.1, 1e-30, -3.3),
        (1e30, -1e-7, 7.0),
    ] {
        for &halflife in &[0.0_f32, 0.1, f32::INFINITY] {
            let (mut x, mut v, mut a) = (x0, v0, a0);
            spring_character_update(&mut x, &mut v, &mut a, 5.0, halflife, 0.0);
            assert_eq!(
                (x.to_bits(), v.to_bits(), a.to_bits()),
                (x0.to_bits(), v0.to_bits(), a0.to_bits())
            );
            CharacterCoeffs::new(halflife, 0.0).apply(&mut x, &mut v, &mut a, 5.0);
            assert_eq!(
                (x.to_bits(), v.to_bits(), a.to_bits()),
                (x0.to_bits(), v0.to_bits(), a0.to_bits())
            );
        }
    }
}

/// Finite states stay finite for every halflife and `dt`, through the scalar function, the
/// coefficients and the shared-halflife batch (with its prediction): a coefficient beyond the
/// `f32` range (`xa = dt² psi` for a huge halflife and `dt`, `aj` for tiny ones) once made
/// `inf * 0` for a state at rest on its goal.
#[test]
fn no_nan_from_finite_input() {
    let halflives = [
        0.0_f32,
        1e-45,
        1e-42,
        1e-38,
        1e-20,
        1e-3,
        1.0,
        1e20,
        1e21,
        3e38,
        f32::MAX,
        f32::INFINITY,
    ];
    let dts = [
        1e-45_f32,
        1e-40,
        1e-38,
        1e-10,
        1e-3,
        1.0,
        1e6,
        1e20,
        1e30,
        f32::MAX,
    ];
    // (x, v, a, v_goal): moving, at rest on the goal (every `j` and `a` zero), huge.
    let states = [
        [1.0_f32, -2.0, 3.0, 0.5],
        [0.0, 1.0, 0.0, 1.0],
        [0.0, 0.0, 0.0, 0.0],
        [f32::MAX, -f32::MAX, f32::MAX, f32::MAX],
    ];
    for &halflife in &halflives {
        for &dt in &dts {
            let c = CharacterCoeffs::new(halflife, dt);
            let all = [c.xj, c.xa, c.vj, c.va, c.aj, c.aa];
            assert!(
                all.iter().all(|c| c.is_finite()),
                "h={halflife} dt={dt}: {c:?}"
            );
            for [x0, v0, a0, goal] in states {
                let (mut x, mut v, mut a) = (x0, v0, a0);
                spring_character_update(&mut x, &mut v, &mut a, goal, halflife, dt);
                let what = format!("h={halflife} dt={dt} {:?}: {x} {v} {a}", [x0, v0, a0, goal]);
                assert!(x.is_finite() && v.is_finite() && a.is_finite(), "{what}");
                // (A batch refuses an infinite halflife, naming it.)
                let Ok(mut batch) = CharacterControllers::new(9, halflife) else {
                    assert!(halflife.is_infinite());
                    continue;
                };
                batch
                    .set_state(&[x0; 9], &[v0; 9], &[a0; 9], &[goal; 9])
                    .unwrap();
                batch.update(dt).unwrap();
                let lanes = [batch.x(), batch.v(), batch.a()];
                assert!(
                    lanes.iter().all(|l| l.iter().all(|s| s.is_finite())),
                    "batch {what}"
                );
                let (mut px, mut pv, mut pa) = (vec![0.0; 9], vec![0.0; 9], vec![0.0; 9]);
                batch.predict(&[dt], &mut px, &mut pv, &mut pa).unwrap();
                let predicted = [px, pv, pa];
                assert!(
                    predicted.iter().all(|l| l.iter().all(|s| s.is_finite())),
                    "predict {what}"
                );
            }
        }
    }
}

#[test]
fn coeffs_match_the_function_and_vectors_match_scalars() {
    let c = CharacterCoeffs::new(0.15, 1.0 / 30.0);
    let (mut x, mut v, mut a) = (0.3_f32, -1.0_f32, 2.0_f32);
    let (mut x2, mut v2, mut a2) = (x, v, a);
    for _ in 0..10 {
        c.apply(&mut x, &mut v, &mut a, 4.0);
        spring_character_update(&mut x2, &mut v2, &mut a2, 4.0, 0.15, 1.0 / 30.0);
    }
    assert_eq!((x, v, a), (x2, v2, a2));

    let (mut p, mut q, mut r) = (
        Vec3::new(0.3, 1.0, -2.0),
        Vec3::new(-1.0, 0.0, 2.0),
        Vec3::new(2.0, 5.0, 0.0),
    );
    let goal = Vec3::new(4.0, -1.0, 0.5);
    let (p0, q0, r0) = (p, q, r);
    spring_character_update_vec3(&mut p, &mut q, &mut r, goal, 0.15, 0.2);
    for i in 0..3 {
        let (mut x, mut v, mut a) = (p0[i], q0[i], r0[i]);
        spring_character_update(&mut x, &mut v, &mut a, goal[i], 0.15, 0.2);
        assert_eq!((x, v, a), (p[i], q[i], r[i]));
    }
    let (mut p2, mut q2, mut r2) = (p0.truncate(), q0.truncate(), r0.truncate());
    spring_character_update_vec2(&mut p2, &mut q2, &mut r2, goal.truncate(), 0.15, 0.2);
    assert_eq!((p2, q2, r2), (p.truncate(), q.truncate(), r.truncate()));
    let _ = Vec2::ZERO;
}

#[test]
fn predict_evaluates_each_horizon_directly() {
    let n = 12;
    let (mut px, mut pv, mut pa) = (vec![0.0_f32; n], vec![0.0_f32; n], vec![0.0_f32; n]);
    spring_character_predict(&mut px, &mut pv, &mut pa, 1.0, 0.5, -1.0, 3.0, 0.2, 0.1).unwrap();
    for i in 0..n {
        let r = rk4([1.0, 0.5, -1.0], 3.0, 0.2, 0.1 * i as f64, 20_000);
        assert!(
            (f64::from(px[i]) - r[0]).abs() < 1e-5,
            "x[{i}] {} {}",
            px[i],
            r[0]
        );
        assert!(
            (f64::from(pv[i]) - r[1]).abs() < 1e-5,
            "v[{i}] {} {}",
            pv[i],
            r[1]
        );
        assert!(
            (f64::from(pa[i]) - r[2]).abs() < 1e-4,
            "a[{i}] {} {}",
            pa[i],
            r[2]
        );
    }
    assert_eq!((px[0], pv[0], pa[0]), (1.0, 0.5, -1.0));

    let mut short = vec![7.0_f32; n - 1];
    let err = spring_character_predict(&mut px, &mut short, &mut pa, 0.0, 0.0, 0.0, 1.0, 0.2, 0.1)
        .unwrap_err();
    assert_eq!(
        err,
        ParamError::LengthMismatch {
            name: "pv",
            expected: n,
            found: n - 1
        }
    );
    assert!(short.iter().all(|&s| s == 7.0), "nothing written on error");

    let mut vx = vec![Vec3::ZERO; n];
    let (mut vv, mut va) = (vx.clone(), vx.clone());
    let goal = Vec3::new(3.0, 0.0, -1.0);
    spring_character_predict_vec3(
        &mut vx,
        &mut vv,
        &mut va,
        Vec3::X,
        Vec3::Y * 0.5,
        Vec3::ZERO,
        goal,
        0.2,
        0.1,
    )
    .unwrap();
    for i in 0..n {
        let (mut x, mut v, mut a) = (Vec3::X, Vec3::Y * 0.5, Vec3::ZERO);
        spring_character_update_vec3(&mut x, &mut v, &mut a, goal, 0.2, 0.1 * i as f32);
        assert_eq!((vx[i], vv[i], va[i]), (x, v, a));
    }
    let mut short3 = vec![Vec3::ZERO; 2];
    assert!(
        spring_character_predict_vec3(
            &mut vx,
            &mut vv,
            &mut short3,
            Vec3::ZERO,
            Vec3::ZERO,
            Vec3::ZERO,
            goal,
            0.2,
            0.1
        )
        .is_err()
    );
}
