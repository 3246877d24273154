//! `simd`'s lane-wise operations (`+`, `-`, `* f32x8`, `select`, `mix`, `rotate`, `normalize`,
//! `hypot`) against the scalar maths of every lane: glam in `f64` for the rotation and the
//! normalisation, the same `f32` expression for the rest (bit for bit).

mod reference;

use glam::{DQuat, DVec3};
use hooke::simd::{Quat8, Vec3x8, mix};
use reference::Rng;
use wide::f32x8;

fn lanes(rng: &mut Rng, a: f64, b: f64) -> f32x8 {
    f32x8::new(std::array::from_fn(|_| rng.range(a, b) as f32))
}

fn vec8(rng: &mut Rng) -> Vec3x8 {
    Vec3x8 {
        x: lanes(rng, -10.0, 10.0),
        y: lanes(rng, -10.0, 10.0),
        z: lanes(rng, -10.0, 10.0),
    }
}

fn quat8(rng: &mut Rng) -> Quat8 {
    Quat8 {
        x: lanes(rng, -1.0, 1.0),
        y: lanes(rng, -1.0, 1.0),
        z: lanes(rng, -1.0, 1.0),
        w: lanes(rng, -1.0, 1.0),
    }
}

fn lane3(v: Vec3x8, k: usize) -> [f32; 3] {
    [v.x, v.y, v.z].map(|c| c.to_array()[k])
}

fn lane4(q: Quat8, k: usize) -> [f32; 4] {
    [q.x, q.y, q.z, q.w].map(|c| c.to_array()[k])
}

#[test]
fn arithmetic_select_and_mix_are_the_scalar_expressions_per_lane() {
    let mut rng = Rng::new(24);
    for _ in 0..200 {
        let (a, b, t) = (vec8(&mut rng), vec8(&mut rng), lanes(&mut rng, -0.5, 1.5));
        let mask = lanes(&mut rng, -1.0, 1.0).simd_gt(f32x8::ZERO);
        let (p, q) = (quat8(&mut rng), quat8(&mut rng));
        let (sum, diff, scaled, mixed) = (a + b, a - b, a * t, a.mix(b, t));
        let (picked, picked_q) = (Vec3x8::select(mask, a, b), Quat8::select(mask, p, q));
        for k in 0..8 {
            let (a, b, t) = (lane3(a, k), lane3(b, k), t.to_array()[k]);
            let on = mask.to_array()[k] != 0.0;
            for c in 0..3 {
                assert_eq!(lane3(sum, k)[c], a[c] + b[c]);
                assert_eq!(lane3(diff, k)[c], a[c] - b[c]);
                assert_eq!(lane3(scaled, k)[c], a[c] * t);
                // `f32x8::mul_add` is one fused FMA on AVX2 + FMA and a multiply then an add on
                // the baseline path: either rounding is the scalar expression.
                let m = lane3(mixed, k)[c];
                assert!(
                    m == t.mul_add(b[c] - a[c], a[c]) || m == t * (b[c] - a[c]) + a[c],
                    "{m}"
                );
                assert_eq!(lane3(picked, k)[c], if on { a[c] } else { b[c] });
            }
            let want = if on { lane4(p, k) } else { lane4(q, k) };
            assert_eq!(lane4(picked_q, k), want);
        }
        let m = mix(a.x, b.x, t);
        assert_eq!(m, mixed.x);
        // t = 0 and t = 1 give the ends.
        assert_eq!(a.mix(b, f32x8::ZERO), a);
    }
}

#[test]
fn rotate_and_normalize_match_f64_per_lane() {
    let mut rng = Rng::new(7);
    let mut worst = (0.0_f64, 0.0_f64);
    for _ in 0..500 {
        let (q, v) = (quat8(&mut rng), vec8(&mut rng));
        let unit = q.normalize();
        let rotated = unit.rotate(v);
        for k in 0..8 {
            let [x, y, z, w] = lane4(q, k).map(f64::from);
            let want = DQuat::from_xyzw(x, y, z, w).normalize();
            let got = lane4(unit, k).map(f64::from);
            let err = (DQuat::from_array(got) - want).length();
            worst.0 = worst.0.max(err);
            assert!(err < 4e-7, "normalize lane {k}: {got:?} vs {want:?}");
            // The rotation of the f32 unit quaternion, in f64.
            let u = DQuat::from_array(got);
            let [vx, vy, vz] = lane3(v, k).map(f64::from);
            let want = u * DVec3::new(vx, vy, vz);
            let got = DVec3::from_array(lane3(rotated, k).map(f64::from));
            let err = (got - want).length() / want.length().max(1.0);
            worst.1 = worst.1.max(err);
            assert!(err < 1e-6, "rotate lane {k}: {got} vs {want}");
        }
    }
    println!(
        "worst errors: normalize {:.2e}, rotate {:.2e}",
        worst.0, worst.1
    );
    // The identity rotates nothing, exactly.
    let v = Vec3x8::splat(glam::Vec3::new(1.5, -2.0, 3.25));
    assert_eq!(Quat8::IDENTITY.rotate(v), v);
    assert_eq!(Quat8::IDENTITY.normalize(), Quat8::IDENTITY);
}

#[test]
fn hypot_is_the_length_in_f64_over_the_whole_f32_range() {
    // Components from 1e-19 (squares still normal) to f32::MAX / 2, in every combination of
    // magnitudes and signs, including the 2^60 threshold where the lane is scaled.
    let mut magnitudes: Vec<f32> = (0..=57).map(|e| 10f32.powi(e - 19)).collect();
    magnitudes.extend([0.0, 1.152_921_5e18, 1.152_921_6e18, 1.7e38, f32::MAX / 2.0]);
    let mut rng = Rng::new(11);
    let mut worst = 0.0_f64;
    for &a in &magnitudes {
        for &b in &magnitudes {
            let v: [[f32; 3]; 8] = std::array::from_fn(|k| {
                let sign = |bit: usize| if k >> bit & 1 == 0 { 1.0 } else { -1.0 };
                let c = rng.range(0.0, 1.0) as f32;
                [sign(0) * a, sign(1) * b, sign(2) * c * a.max(b)]
            });
            let lanes = Vec3x8 {
                x: f32x8::new(v.map(|v| v[0])),
                y: f32x8::new(v.map(|v| v[1])),
                z: f32x8::new(v.map(|v| v[2])),
            };
            let got = lanes.hypot().to_array();
            for (k, v) in v.iter().enumerate() {
                let want = DVec3::new(v[0].into(), v[1].into(), v[2].into()).length();
                if want == 0.0 {
                    assert_eq!(got[k], 0.0);
                    continue;
                }
                let error = (f64::from(got[k]) - want).abs() / want;
                worst = worst.max(error);
                assert!(
                    error <= 3.0 * f64::from(f32::EPSILON),
                    "{v:?}: {} vs {want}",
                    got[k]
                );
            }
        }
    }
    assert!(worst > 0.0);
}
