//! Rotation vectors of any finite length (issue 7): `Vec3x8::shortest_path` stays within half a
//! turn, `exp` stays unit, and the quaternion decay kernels stay unit and finite for any angular
//! velocity and `dt`, equal to the scalar twin where the angle is well conditioned. Lane by lane,
//! on whichever SIMD path this build uses (`.ci/run` runs both).

use glam::{Quat, Vec3};
use hooke::SpringCoeffs;
use hooke::batch::QuatDecaySprings;
use hooke::column::{QuatColumns, Vec3Columns};
use hooke::lanes::{LaneCoeffs, quat_decay_shared};
use hooke::scalar::decay_spring_damper_exact_quat;
use hooke::simd::{Quat8, Vec3x8, shortest_path_f64};
use hooke::views::{QuatLanesMut, Vec3LanesMut};
use wide::f32x8;

/// Lengths from tiny to the top of the f32 range, and directions along and across the axes.
// The mantissas straddle pi and 2 pi on purpose (just below / above the wrap points).
#[allow(clippy::approx_constant)]
fn vectors() -> Vec<Vec3> {
    let mut out = Vec::new();
    for exp in -3..=38 {
        // Around half a turn and a full turn (just below and above each), and in between.
        let pi = std::f32::consts::PI;
        for mantissa in [
            1.0_f32,
            3.0,
            pi * (1.0 - 1e-6),
            pi * (1.0 + 1e-6),
            2.0 * pi,
            7.0,
        ] {
            let len = mantissa * 10f32.powi(exp);
            if !len.is_finite() || len > 3.4e38 {
                continue;
            }
            for dir in [
                Vec3::X,
                -Vec3::Y,
                Vec3::new(0.6, -0.8, 0.0),
                Vec3::new(1.0, 2.0, -2.0) / 3.0,
            ] {
                out.push(dir * len);
            }
        }
    }
    out.push(Vec3::splat(3.4e38));
    out.push(Vec3::new(-3.4e38, 3.4e38, -1.0));
    out
}

fn splat(v: Vec3) -> Vec3x8 {
    Vec3x8 {
        x: f32x8::splat(v.x),
        y: f32x8::splat(v.y),
        z: f32x8::splat(v.z),
    }
}

/// The logarithm of `q` in every lane, read back from lane `i`.
fn log_lane(q: Quat, i: usize) -> Vec3 {
    let q8 = Quat8 {
        x: f32x8::splat(q.x),
        y: f32x8::splat(q.y),
        z: f32x8::splat(q.z),
        w: f32x8::splat(q.w),
    };
    lane(q8.to_scaled_angle_axis(), i)
}

fn lane(v: Vec3x8, i: usize) -> Vec3 {
    Vec3::new(v.x.to_array()[i], v.y.to_array()[i], v.z.to_array()[i])
}

fn quat_lane(q: Quat8, i: usize) -> Quat {
    Quat::from_xyzw(
        q.x.to_array()[i],
        q.y.to_array()[i],
        q.z.to_array()[i],
        q.w.to_array()[i],
    )
}

/// Angle between two rotations in radians (shortest path), in `f64`.
fn angle_between(a: Quat, b: Quat) -> f64 {
    let d = a.as_dquat().normalize().dot(b.as_dquat().normalize());
    2.0 * d.abs().min(1.0).acos()
}

#[test]
fn shortest_path_is_within_half_a_turn_and_exact_for_any_finite_vector() {
    for v in vectors() {
        let short = lane(splat(v).shortest_path(), 3);
        assert!(short.is_finite(), "{v:?} -> {short:?}");
        let len = short.as_dvec3().length();
        assert!(len <= std::f64::consts::PI * (1.0 + 1e-6), "{v:?} -> {len}");
        // The same rotation as the f64 reduction of the same vector, to the f32 rounding of the
        // input's length (which is all the input says about its angle).
        let want = shortest_path_f64(v.as_dvec3().to_array());
        let want = glam::DVec3::from_array(want);
        let ulp = f64::from(v.length()) * f64::from(f32::EPSILON);
        let diff = (short.as_dvec3() - want).length();
        let angle_diff = if diff > 1.0 {
            // Both ends of a half turn are the same rotation.
            (short.as_dvec3() + want).length()
        } else {
            diff
        };
        assert!(
            angle_diff <= 4.0 * ulp + 1e-6,
            "{v:?}: {short:?} vs {want:?}"
        );
    }
}

#[test]
fn exp_of_any_finite_rotation_vector_is_unit() {
    for v in vectors() {
        let q = quat_lane(Quat8::from_scaled_angle_axis(splat(v)), 5);
        assert!(
            q.is_finite() && (q.length() - 1.0).abs() < 1e-6,
            "{v:?} -> {q:?}"
        );
        let short = splat(v).shortest_path();
        let p = quat_lane(Quat8::from_scaled_angle_axis_within_pi(short), 0);
        assert!(
            p.is_finite() && (p.length() - 1.0).abs() < 1e-6,
            "{v:?} -> {p:?}"
        );
        assert!(angle_between(p, q) < 1e-6, "{v:?}: {p:?} vs {q:?}");
    }
}

#[test]
fn quat_decay_springs_with_huge_angular_velocities_stay_unit_and_finite() {
    let ws = [1e3_f32, 1e6, 1e30, -1e30, 3e38, -3.4e38];
    for dt in [0.0, 1.0 / 60.0, 0.1, 1.0, 1e6, 3e38] {
        for halflife in [0.0, 0.1, 1e6] {
            let mut shared = QuatDecaySprings::new(ws.len(), halflife).unwrap();
            let mut per_spring = QuatDecaySprings::with_halflives(&[halflife; 6]).unwrap();
            for (i, &w) in ws.iter().enumerate() {
                let q = Quat::from_rotation_y(2.0);
                let w = Vec3::new(w, -0.5 * w, 0.25 * w);
                shared.set(i, q, w).unwrap();
                per_spring.set(i, q, w).unwrap();
            }
            for springs in [&mut shared, &mut per_spring] {
                for frame in 0..3 {
                    springs.update(dt).unwrap();
                    for i in 0..ws.len() {
                        let (q, w) = (springs.rotation(i), springs.angular_velocity(i));
                        assert!(
                            q.is_finite() && (q.length() - 1.0).abs() < 1e-6 && w.is_finite(),
                            "dt {dt}, halflife {halflife}, frame {frame}, spring {i}: {q:?} {w:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn quaternion_decay_kernel_stays_unit_and_matches_the_scalar_twin_for_large_angular_velocities() {
    let halflife = 0.1;
    for w in [10.0_f32, 800.0, 1e4, 3e5, 1e6, 1e30, 3e38] {
        for dt in [1.0 / 60.0, 0.1, 1.0] {
            let q0 = Quat::from_rotation_x(1.0);
            let w0 = Vec3::new(0.0, w, 0.0);
            let mut q = QuatColumns::from_quats(&[q0; 3]);
            let mut wc = Vec3Columns::from_vec3s(&[w0; 3]);
            quat_decay_shared(
                QuatLanesMut {
                    x: q.x.lanes_mut(),
                    y: q.y.lanes_mut(),
                    z: q.z.lanes_mut(),
                    w: q.w.lanes_mut(),
                },
                Vec3LanesMut {
                    x: wc.x.lanes_mut(),
                    y: wc.y.lanes_mut(),
                    z: wc.z.lanes_mut(),
                },
                &LaneCoeffs::splat(&SpringCoeffs::critical(halflife, dt)),
            );
            let got = q.get(1);
            assert!(
                got.is_finite() && (got.length() - 1.0).abs() < 1e-6 && wc.get(1).is_finite(),
                "w {w}, dt {dt}: {got:?}"
            );
            let turn = f64::from(w) * f64::from(dt);
            if turn <= 1e4 {
                let (mut sq, mut sw) = (q0, w0);
                decay_spring_damper_exact_quat(&mut sq, &mut sw, halflife, dt);
                let bound = 1e-5 + 4.0 * f64::from(f32::EPSILON) * turn;
                let diff = angle_between(got, sq);
                assert!(diff <= bound, "w {w}, dt {dt}: {diff:e} > {bound:e}");
            }
        }
    }
}

/// The `f32x8` logarithm of unit quaternions (one polynomial, no small-angle threshold) against
/// an independent `f64` reference, `2 atan2(|xyz|, w) xyz / |xyz|` on the shortest path, over
/// half angles from `1e-30` to a quarter turn (rotation angles up to half a turn), both signs
/// of each quaternion and axes along and across the coordinate axes.
#[test]
fn log_of_unit_quaternions_matches_f64_at_every_angle() {
    let axes = [
        Vec3::X,
        -Vec3::Z,
        Vec3::new(0.6, -0.8, 0.0),
        Vec3::new(1.0, 2.0, -2.0) / 3.0,
    ];
    let mut worst = 0.0_f64;
    for k in 0..=4000 {
        // Half angles log-spaced over 1e-30..1e-3, then linear up to pi / 2.
        let half = if k < 2000 {
            10f64.powf(-30.0 + 27.0 * f64::from(k) / 2000.0)
        } else {
            1e-3 + (std::f64::consts::FRAC_PI_2 - 1e-3) * f64::from(k - 2000) / 2000.0
        };
        for axis in axes {
            for sign in [1.0, -1.0] {
                let (s, c) = half.sin_cos();
                let a = axis.as_dvec3() * s * sign;
                let q = Quat::from_xyzw(a.x as f32, a.y as f32, a.z as f32, (c * sign) as f32);
                let got = log_lane(q, 3).as_dvec3();
                // The reference, in f64 from the same f32 quaternion.
                let (v, w) = (q.xyz().as_dvec3(), f64::from(q.w));
                let (v, w) = if w < 0.0 { (-v, -w) } else { (v, w) };
                let len = v.length();
                let want = v * (2.0 * len.atan2(w) / len);
                let err = (got - want).length() / want.length();
                worst = worst.max(err);
                assert!(
                    err < 1e-6,
                    "half angle {half:e}, {q:?}: {got:?} vs {want:?}"
                );
            }
        }
    }
    eprintln!("worst relative error {worst:e}");
    // A few ulps: the polynomial's 1.4 ulp, the rounding of w and the final products.
    assert!(worst < 3e-7, "{worst:e}");
}

#[test]
fn log_of_the_identity_and_of_half_turns_is_exact_and_finite() {
    let at = |x: f32, y: f32, z: f32, w: f32| log_lane(Quat::from_xyzw(x, y, z, w), 0);
    assert_eq!(at(0.0, 0.0, 0.0, 1.0), Vec3::ZERO);
    assert_eq!(at(0.0, 0.0, 0.0, -1.0), Vec3::ZERO);
    let pi = std::f32::consts::PI;
    // Half turns: w = +-0, either sign of the axis is the same rotation.
    for w in [0.0, -0.0] {
        let v = at(0.0, 1.0, 0.0, w);
        assert!(
            (v.length() - pi).abs() < 1e-6 && v.x == 0.0 && v.z == 0.0,
            "{v:?}"
        );
    }
    // A length a little past 1 (rounding) stays finite.
    let v = at(0.0, 0.0, 1e-4, 1.000_001);
    assert!((v.z - 2e-4).abs() < 1e-9, "{v:?}");
    // Far from unit (never passed by the kernels): finite.
    for q in [
        [3e38, -3e38, 1.0, 3e37],
        [1e-30, 0.0, 0.0, 1e-30],
        [0.0; 4],
        [2.0, 0.0, 0.0, 2.0],
    ] {
        let v = at(q[0], q[1], q[2], q[3]);
        assert!(v.is_finite() || q[0] > 1e37, "{q:?} -> {v:?}");
    }
}

/// Quaternions off unit length by up to the accepted tolerance (`UNIT_QUAT_TOLERANCE`): the
/// logarithm is that of the normalised quaternion, within `1.5 d²` relative plus rounding.
#[test]
fn log_of_nearly_unit_quaternions_is_the_log_of_their_normalised_selves() {
    let d_max = f64::from(hooke::error::UNIT_QUAT_TOLERANCE);
    for k in 0..=400 {
        let half = 1e-6 + (std::f64::consts::FRAC_PI_2 - 1e-6) * f64::from(k) / 400.0;
        for d in [-d_max, -1e-5, 1e-7, 1e-5, d_max] {
            let axis = glam::DVec3::new(1.0, -2.0, 2.0) / 3.0;
            let (s, c) = half.sin_cos();
            let a = axis * s * (1.0 + d);
            let q = Quat::from_xyzw(a.x as f32, a.y as f32, a.z as f32, (c * (1.0 + d)) as f32);
            let got = log_lane(q, 0).as_dvec3();
            let want = axis * 2.0 * half;
            let err = (got - want).length() / want.length();
            assert!(
                err < 1.5 * d * d + 3e-7,
                "half {half}, d {d}: {got:?} vs {want:?} ({err:e})"
            );
        }
    }
}

/// The `f32x8` exponential (shortest path, then one pair of polynomials, no threshold) against
/// an independent `f64` exponential of the same vector reduced in `f64`, over lengths from
/// `1e-30` to the top of the `f32` range.
#[test]
fn exp_matches_f64_from_tiny_to_huge_vectors() {
    let mut all = vectors();
    for k in 0..=600 {
        let len = 10f32.powf(-30.0 + 30.5 * k as f32 / 600.0);
        all.push(Vec3::new(1.0, 2.0, -2.0) / 3.0 * len);
    }
    let mut worst = [0.0_f64; 2];
    for v in all {
        let got = quat_lane(Quat8::from_scaled_angle_axis(splat(v)), 2).as_dquat();
        let e = glam::DVec3::from_array(shortest_path_f64(v.as_dvec3().to_array()));
        let h = 0.5 * e.length();
        let want = if h == 0.0 {
            glam::DQuat::IDENTITY
        } else {
            let (s, c) = h.sin_cos();
            let a = e * (s / (2.0 * h));
            glam::DQuat::from_xyzw(a.x, a.y, a.z, c)
        };
        // Components, absolute. A vector past half a turn is reduced first (`shortest_path`),
        // to the f32 rounding of its length, which is all the input says about its angle
        // (`shortest_path_is_within_half_a_turn_and_exact_for_any_finite_vector`).
        let err = (got - want).length().min((got + want).length());
        let len = f64::from(v.length());
        let wrapped = len >= std::f64::consts::PI * (1.0 - 1e-6);
        let bound = if wrapped {
            2e-7 + len * f64::from(f32::EPSILON)
        } else {
            2e-7
        };
        worst[usize::from(wrapped)] = worst[usize::from(wrapped)].max(err);
        assert!(err < bound, "{v:?}: {got:?} vs {want:?}");
    }
    eprintln!(
        "worst error within half a turn {:e}, past it {:e}",
        worst[0], worst[1]
    );
}
