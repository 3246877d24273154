//! Quaternion helpers and quaternion springs against `f64` computations written independently of
//! the library (`reference/mod.rs`: log by `asin`/`acos`, exp by `sin_cos`, springs by the matrix
//! exponential on each component of the rotation vector).

mod reference;

use std::f64::consts::PI;

use glam::{DQuat, DVec3, Quat, Vec3};
use hooke::scalar::{
    decay_spring_damper_exact_quat, quat_from_scaled_angle_axis, quat_to_scaled_angle_axis,
    simple_spring_damper_exact_quat,
};
use reference::{Rng, Worst, critical_params, dvec, fraction, quat_exp, quat_log, quat_offset};

/// A random rotation angle in `[1e-6, pi]`, log-uniform, sometimes exactly pi or next to it.
fn angle(rng: &mut Rng) -> f64 {
    match rng.unit() {
        r if r < 0.03 => PI,
        r if r < 0.06 => PI - rng.log_range(1e-7, 1e-3),
        _ => rng.log_range(1e-6, PI),
    }
}

#[test]
fn to_scaled_angle_axis_is_accurate_from_1e_6_rad_to_pi() {
    Worst::check_random_families(
        [
            "to_scaled_angle_axis vs f64 log of the f32 quat",
            "to_scaled_angle_axis vs the f64 rotation vector",
        ],
        21,
        20_000,
        |rng, [vs_f32_input, vs_intended]| {
            let a = angle(rng);
            let v = rng.unit_vec3() * a;
            let q = quat_exp(v).as_quat();
            let got = dvec(quat_to_scaled_angle_axis(q));
            let tol = 2e-6 * a + 1e-7;
            // Against the exact log of the f32 quaternion the library was given.
            let exact = quat_log(q.as_dquat());
            vs_f32_input.record(fraction((got - exact).length(), tol), 0.0, || {
                format!("q {q:?} angle {a:e}: got {got:?}, f64 {exact:?}")
            });
            // Against the rotation vector the quaternion was built from (away from pi, where the
            // f32 rounding may pick the other side).
            if a < PI - 1e-3 {
                vs_intended.record(fraction((got - v).length(), tol), 0.0, || {
                    format!("v {v:?}: got {got:?}")
                });
            }
            // The angle of the result is in [0, pi].
            assert!(got.length() <= PI + 1e-6, "{got:?}");
        },
    );
}

#[test]
fn tiny_rotations_keep_their_relative_precision() {
    // The acos(w) trap (math.md §3.5): a 1e-4 rad rotation through acos in f32 becomes 0.
    for a in [1e-6_f32, 1e-5, 1e-4, 1e-3] {
        let q = Quat::from_rotation_x(a);
        let v = quat_to_scaled_angle_axis(q);
        assert!(
            ((v.x - a) / a).abs() < 1e-6 && v.y == 0.0 && v.z == 0.0,
            "{a}: {v:?}"
        );
    }
}

#[test]
fn from_scaled_angle_axis_is_accurate_and_unit() {
    let mut rng = Rng::new(22);
    for _ in 0..20_000 {
        let v = (rng.unit_vec3() * angle(&mut rng) * rng.range(0.0, 2.0)).as_vec3();
        let q = quat_from_scaled_angle_axis(v);
        let exact = quat_exp(dvec(v));
        let diff = (q.as_dquat() - exact).length();
        assert!(diff <= 2e-7, "{v:?}: {q:?} vs {exact:?}");
        assert!((q.as_dquat().length() - 1.0).abs() <= 1e-6, "{q:?}");
    }
}

#[test]
fn round_trips() {
    let mut rng = Rng::new(23);
    for _ in 0..20_000 {
        // vector -> quat -> vector, for angles below pi.
        let a = rng.log_range(1e-6, PI - 1e-3);
        let v = (rng.unit_vec3() * a).as_vec3();
        let back = quat_to_scaled_angle_axis(quat_from_scaled_angle_axis(v));
        assert!(
            (dvec(back) - dvec(v)).length() <= 2e-6 * a + 1e-7,
            "{v:?} -> {back:?}"
        );
        // quat -> vector -> quat, for any unit quaternion (up to the sign: same rotation).
        let q = DQuat::from_xyzw(
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        )
        .normalize()
        .as_quat();
        let back = quat_from_scaled_angle_axis(quat_to_scaled_angle_axis(q));
        let same = (back.as_dquat() - q.as_dquat()).length();
        let flipped = (back.as_dquat() + q.as_dquat()).length();
        assert!(same.min(flipped) <= 3e-7, "{q:?} -> {back:?}");
        // The representative returned has w >= 0 (shortest path).
        assert!(back.w >= 0.0 || back.w.abs() < 1e-7, "{back:?}");
    }
}

/// One quaternion-spring case: initial rotation, angular velocity, goal, halflife, dt.
struct QuatCase {
    x0: Quat,
    w0: Vec3,
    goal: Quat,
    h: f32,
    dt: f32,
}

fn quat_case(rng: &mut Rng, identity_goal: bool) -> QuatCase {
    let goal = if identity_goal {
        Quat::IDENTITY
    } else {
        quat_exp(rng.unit_vec3() * rng.range(0.0, PI)).as_quat()
    };
    let offset = quat_exp(rng.unit_vec3() * rng.log_range(1e-6, PI - 1e-2));
    let x0 = (offset * goal.as_dquat()).normalize().as_quat();
    let w0 = if rng.chance(0.15) {
        Vec3::ZERO
    } else {
        (rng.unit_vec3() * rng.log_range(1e-3, 1e2)).as_vec3()
    };
    QuatCase {
        x0,
        w0,
        goal,
        h: rng.halflife(),
        dt: rng.dt(),
    }
}

/// Compares one spring step with the reference spring applied to the offset rotation vector.
/// Returns false (and records nothing) when the reference offset leaves the ball of radius
/// `pi - 1e-3`, where the result's shortest-path offset is another vector for the same rotation.
fn check_quat_case(worst: &mut Worst, c: &QuatCase, identity_goal: bool) -> bool {
    let (s, d) = critical_params(c.h);
    let dt = f64::from(c.dt);
    let e0 = quat_offset(c.x0, c.goal);
    let w0 = dvec(c.w0);
    let mut e_ref = DVec3::ZERO;
    let mut w_ref = DVec3::ZERO;
    for i in 0..3 {
        let (e, w) = reference::spring(e0[i], w0[i], 0.0, 0.0, s, d, dt);
        e_ref[i] = e;
        w_ref[i] = w;
    }
    if e_ref.length() >= PI - 1e-3 {
        return false;
    }
    let (mut x, mut w) = (c.x0, c.w0);
    if identity_goal {
        decay_spring_damper_exact_quat(&mut x, &mut w, c.h, c.dt);
    } else {
        simple_spring_damper_exact_quat(&mut x, &mut w, c.goal, c.h, c.dt);
    }
    let len = x.as_dquat().length();
    assert!((len - 1.0).abs() <= 1e-6, "not unit: {len} ({x:?})");
    let e1 = quat_offset(x, c.goal);
    let goal_angle = quat_log(c.goal.as_dquat()).length();
    let bound_x = 1e-5 * (e0.length() + w0.length() * dt) + 1e-6 * goal_angle;
    let bound_w = 1e-5 * (w0.length() + (0.5 * d + s.sqrt()) * e0.length());
    worst.record(
        fraction((e1 - e_ref).length(), bound_x),
        fraction((dvec(w) - w_ref).length(), bound_w),
        || {
            format!(
                "x0 {:?} w0 {:?} goal {:?} h {:e} dt {:e}: offset {e1:?} ref {e_ref:?}, w {w:?} ref {w_ref:?}",
                c.x0, c.w0, c.goal, c.h, c.dt
            )
        },
    );
    true
}

#[test]
fn quaternion_springs_match_the_reference_on_the_rotation_vector() {
    let mut skipped = 0;
    let [simple, decay] = Worst::check_random_families(
        [
            "simple_spring_damper_exact_quat",
            "decay_spring_damper_exact_quat",
        ],
        24,
        4000,
        |rng, [simple, decay]| {
            if !check_quat_case(simple, &quat_case(rng, false), false) {
                skipped += 1;
            }
            if !check_quat_case(decay, &quat_case(rng, true), true) {
                skipped += 1;
            }
        },
    );
    eprintln!("(skipped {skipped} cases whose reference offset left the ball |e| < pi)");
    assert!(simple.cases >= 3000 && decay.cases >= 3000);
}

#[test]
fn quaternion_springs_always_return_unit_quaternions() {
    let mut rng = Rng::new(25);
    for _ in 0..5000 {
        let c = quat_case(&mut rng, false);
        // Any velocity, including ones that carry the rotation past pi, and long steps.
        let w = (dvec(c.w0) * rng.log_range(1.0, 1e3)).as_vec3();
        let dt = rng.pick(&[c.dt, 1e3, 1e6]);
        let (mut x, mut v) = (c.x0, w);
        simple_spring_damper_exact_quat(&mut x, &mut v, c.goal, c.h, dt);
        let len = x.as_dquat().length();
        assert!((len - 1.0).abs() <= 1e-6 && v.is_finite(), "{x:?} {v:?}");
        let (mut x, mut v) = (c.x0, w);
        decay_spring_damper_exact_quat(&mut x, &mut v, c.h, dt);
        let len = x.as_dquat().length();
        assert!((len - 1.0).abs() <= 1e-6 && v.is_finite(), "{x:?} {v:?}");
    }
}

#[test]
fn quaternion_springs_take_the_shortest_path() {
    let goal = Quat::from_rotation_y(0.4);
    for (h, dt) in [(0.1_f32, 1.0_f32 / 60.0), (0.3, 0.05), (1.0, 0.5)] {
        // Both signs of the same rotation give the same result.
        let x0 = Quat::from_rotation_z(2.0) * goal;
        let (mut a, mut wa) = (x0, Vec3::ZERO);
        let (mut b, mut wb) = (-x0, Vec3::ZERO);
        simple_spring_damper_exact_quat(&mut a, &mut wa, goal, h, dt);
        simple_spring_damper_exact_quat(&mut b, &mut wb, goal, h, dt);
        assert!(quat_offset(a, b).length() < 1e-6 && (wa - wb).length() < 1e-5);

        // 3.5 rad about +z is 2pi - 3.5 = 2.78 rad about -z: the spring must turn about +z
        // (decreasing the -z offset), never through the long way.
        let x0 = Quat::from_rotation_z(3.5) * goal;
        let e0 = quat_offset(x0, goal);
        assert!(e0.z < 0.0 && (e0.length() - (2.0 * PI - 3.5)).abs() < 1e-5);
        let (mut x, mut w) = (x0, Vec3::ZERO);
        simple_spring_damper_exact_quat(&mut x, &mut w, goal, h, dt);
        let e1 = quat_offset(x, goal);
        assert!(w.z > 0.0, "angular velocity {w:?} should point along +z");
        assert!(e1.z < 0.0 && e1.length() < e0.length(), "{e0:?} -> {e1:?}");
        assert!(e1.x.abs() < 1e-6 && e1.y.abs() < 1e-6);
        // And the decay spring toward the identity likewise.
        let (mut x, mut w) = (Quat::from_rotation_x(-4.0), Vec3::ZERO);
        decay_spring_damper_exact_quat(&mut x, &mut w, h, dt);
        assert!(w.x < 0.0, "{w:?}");
    }
}

#[test]
fn quaternion_decay_reaches_the_identity_and_stays_still_at_rest() {
    let (mut x, mut w) = (Quat::IDENTITY, Vec3::ZERO);
    decay_spring_damper_exact_quat(&mut x, &mut w, 0.2, 1.0 / 60.0);
    assert_eq!((x, w), (Quat::IDENTITY, Vec3::ZERO));
    let (mut x, mut w) = (Quat::from_rotation_x(2.0), Vec3::new(1.0, -3.0, 2.0));
    decay_spring_damper_exact_quat(&mut x, &mut w, 0.1, 100.0);
    assert!(quat_offset(x, Quat::IDENTITY).length() < 1e-6 && w.length() < 1e-6);
}
