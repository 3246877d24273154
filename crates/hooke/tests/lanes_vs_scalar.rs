//! Every batch kernel equals its scalar twin from `hooke::scalar`, lane by lane, for every tail
//! length 0..67 and random parameters; padding lanes stay inert; thread splits are bit-identical.
//!
//! Tolerance: 4 ULP of the result, or 1e-6 relative to the magnitude of the terms that make it
//! up (when the result is the small difference of large terms, FMA and separate multiply-add
//! round differently, so a tolerance relative to the result alone would be meaningless).

// Parallel arrays of inputs and expected outputs are clearest indexed.
#![allow(clippy::needless_range_loop)]

use glam::{Quat, Vec3};
use hooke::batch::{
    CriticalSprings, Dampers, DecaySprings, GeneralSprings, QuatDecaySprings, QuatSprings,
};
use hooke::scalar;

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
    /// Log-uniform in [lo, hi].
    fn log_range(&mut self, lo: f32, hi: f32) -> f32 {
        (lo.ln() + (hi.ln() - lo.ln()) * self.unit()).exp()
    }
    fn quat(&mut self) -> Quat {
        let axis = Vec3::new(
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
        );
        Quat::from_axis_angle(
            axis.try_normalize().unwrap_or(Vec3::X),
            self.range(0.0, 3.1),
        )
    }
}

fn ulp(x: f32) -> f32 {
    let x = x.abs();
    if x == 0.0 {
        f32::from_bits(1)
    } else {
        f32::from_bits(x.to_bits() + 1) - x
    }
}

#[track_caller]
fn assert_close(what: &str, i: usize, got: f32, want: f32, scale: f32) {
    let diff = (got - want).abs();
    let ok = diff <= 4.0 * ulp(want.abs().max(got.abs())) || diff <= 1e-6 * scale;
    assert!(
        ok,
        "{what}[{i}]: batch {got} vs scalar {want} (diff {diff}, scale {scale})"
    );
}

/// The velocity's natural scale: position terms times the spring's rate `y = 2 ln2 / halflife`.
fn velocity_scale(position_scale: f32, halflife: f32) -> f32 {
    position_scale * (1.0 + 4.0 * std::f32::consts::LN_2 / halflife.max(1e-3))
}

const DTS: [f32; 5] = [0.0, 1.0 / 240.0, 1.0 / 60.0, 0.1, 3.0];

fn random_state(rng: &mut Rng, n: usize) -> [Vec<f32>; 4] {
    let mut x = vec![0.0; n];
    let mut v = vec![0.0; n];
    let mut g = vec![0.0; n];
    let mut q = vec![0.0; n];
    for i in 0..n {
        x[i] = rng.range(-10.0, 10.0);
        v[i] = rng.range(-50.0, 50.0);
        g[i] = rng.range(-10.0, 10.0);
        q[i] = if i % 3 == 0 {
            0.0
        } else {
            rng.range(-5.0, 5.0)
        };
    }
    [x, v, g, q]
}

#[test]
fn critical_springs_match_scalar_shared_and_per_spring() {
    let mut rng = Rng(0x1234_5678);
    for n in 0..67 {
        for &dt in &DTS {
            let [x, v, g, q] = random_state(&mut rng, n);
            let shared_h = rng.log_range(1e-3, 10.0);
            let halflives: Vec<f32> = (0..n)
                .map(|i| {
                    if i % 11 == 5 {
                        0.0
                    } else {
                        rng.log_range(1e-3, 10.0)
                    }
                })
                .collect();
            let mut shared = CriticalSprings::new(n, shared_h).unwrap();
            shared.set_state(&x, &v, &g, &q).unwrap();
            shared.update(dt).unwrap();
            let mut per = CriticalSprings::with_halflives(&halflives).unwrap();
            per.set_state(&x, &v, &g, &q).unwrap();
            per.update(dt).unwrap();
            for i in 0..n {
                let scale = x[i].abs() + g[i].abs() + (v[i].abs() + q[i].abs()) * (1.0 + dt);
                let (mut sx, mut sv) = (x[i], v[i]);
                scalar::critical_spring_damper_exact(&mut sx, &mut sv, g[i], q[i], shared_h, dt);
                assert_close("shared x", i, shared.x()[i], sx, scale);
                assert_close(
                    "shared v",
                    i,
                    shared.v()[i],
                    sv,
                    velocity_scale(scale, shared_h),
                );
                let (mut px, mut pv) = (x[i], v[i]);
                scalar::critical_spring_damper_exact(
                    &mut px,
                    &mut pv,
                    g[i],
                    q[i],
                    halflives[i],
                    dt,
                );
                assert_close("per x", i, per.x()[i], px, scale);
                assert_close(
                    "per v",
                    i,
                    per.v()[i],
                    pv,
                    velocity_scale(scale, halflives[i]),
                );
            }
        }
    }
}

#[test]
fn decay_springs_match_scalar() {
    let mut rng = Rng(0x9e37_79b9);
    for n in 0..67 {
        for &dt in &DTS {
            let [x, v, _, _] = random_state(&mut rng, n);
            let h = rng.log_range(1e-3, 10.0);
            let mut batch = DecaySprings::new(n, h).unwrap();
            batch.x_mut().copy_from_slice(&x);
            batch.v_mut().copy_from_slice(&v);
            batch.update(dt).unwrap();
            let halflives: Vec<f32> = (0..n).map(|_| rng.log_range(1e-3, 10.0)).collect();
            let mut per = DecaySprings::with_halflives(&halflives).unwrap();
            per.x_mut().copy_from_slice(&x);
            per.v_mut().copy_from_slice(&v);
            per.update(dt).unwrap();
            for i in 0..n {
                let scale = x[i].abs() + v[i].abs() * (1.0 + dt);
                let (mut sx, mut sv) = (x[i], v[i]);
                scalar::decay_spring_damper_exact(&mut sx, &mut sv, h, dt);
                assert_close("x", i, batch.x()[i], sx, scale);
                assert_close("v", i, batch.v()[i], sv, velocity_scale(scale, h));
                let (mut px, mut pv) = (x[i], v[i]);
                scalar::decay_spring_damper_exact(&mut px, &mut pv, halflives[i], dt);
                assert_close("per x", i, per.x()[i], px, scale);
                assert_close(
                    "per v",
                    i,
                    per.v()[i],
                    pv,
                    velocity_scale(scale, halflives[i]),
                );
            }
        }
    }
}

#[test]
fn general_springs_match_scalar_in_every_regime() {
    let mut rng = Rng(0xdead_beef);
    for n in 0..67 {
        for &dt in &DTS {
            let [x, v, g, q] = random_state(&mut rng, n);
            let mut s = vec![0.0; n];
            let mut d = vec![0.0; n];
            for i in 0..n {
                s[i] = match i % 5 {
                    0 => 0.0,
                    _ => rng.log_range(1e-2, 1e4),
                };
                // Damping ratios from 0.01 to 100, some exactly critical, some within 1e-5 of it.
                let ratio = match i % 7 {
                    0 => 1.0,
                    1 => 1.0 + rng.range(-1e-5, 1e-5),
                    2 => 0.0,
                    _ => rng.log_range(0.01, 100.0),
                };
                d[i] = if s[i] == 0.0 {
                    rng.range(0.0, 50.0)
                } else {
                    2.0 * ratio * s[i].sqrt()
                };
            }
            let mut batch = GeneralSprings::new(&s, &d).unwrap();
            batch.x_mut().copy_from_slice(&x);
            batch.v_mut().copy_from_slice(&v);
            batch.goal_mut().copy_from_slice(&g);
            batch.goal_velocity_mut().copy_from_slice(&q);
            batch.update(dt).unwrap();
            for i in 0..n {
                let (mut sx, mut sv) = (x[i], v[i]);
                scalar::spring_damper_exact_stiffness_damping(
                    &mut sx, &mut sv, g[i], q[i], s[i], d[i], dt,
                );
                let rest = if s[i] > 0.0 {
                    (d[i] * q[i] / s[i]).abs()
                } else {
                    q[i].abs() * dt
                };
                let scale = x[i].abs() + g[i].abs() + rest + (v[i].abs() + q[i].abs()) * (1.0 + dt);
                let vscale = scale * (1.0 + d[i] + s[i].sqrt());
                assert_close("x", i, batch.x()[i], sx, scale);
                assert_close("v", i, batch.v()[i], sv, vscale);
            }
        }
    }
}

#[test]
fn dampers_match_scalar() {
    let mut rng = Rng(42);
    for n in 0..67 {
        for &dt in &DTS {
            let [x, _, g, _] = random_state(&mut rng, n);
            let h = if n % 9 == 0 {
                0.0
            } else {
                rng.log_range(1e-3, 10.0)
            };
            let halflives: Vec<f32> = (0..n).map(|_| rng.log_range(1e-3, 10.0)).collect();
            let mut shared = Dampers::new(n, h).unwrap();
            let mut per = Dampers::with_halflives(&halflives).unwrap();
            for d in [&mut shared, &mut per] {
                d.x_mut().copy_from_slice(&x);
                d.goal_mut().copy_from_slice(&g);
                d.update(dt).unwrap();
            }
            for i in 0..n {
                let scale = x[i].abs() + g[i].abs();
                assert_close(
                    "shared",
                    i,
                    shared.x()[i],
                    scalar::damper_exact(x[i], g[i], h, dt),
                    scale,
                );
                let want = scalar::damper_exact(x[i], g[i], halflives[i], dt);
                assert_close("per", i, per.x()[i], want, scale);
            }
        }
    }
}

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

#[test]
fn quat_decay_springs_match_scalar() {
    let mut rng = Rng(7);
    for n in 0..67 {
        for &dt in &DTS {
            let h = rng.log_range(1e-3, 10.0);
            let mut batch = QuatDecaySprings::new(n, h).unwrap();
            let mut state = Vec::new();
            for i in 0..n {
                let q = rng.quat();
                let w = Vec3::new(
                    rng.range(-5.0, 5.0),
                    rng.range(-5.0, 5.0),
                    rng.range(-5.0, 5.0),
                );
                batch.set(i, q, w).unwrap();
                state.push((q, w));
            }
            batch.update(dt).unwrap();
            for (i, &(q, w)) in state.iter().enumerate() {
                let (mut sq, mut sw) = (q, w);
                scalar::decay_spring_damper_exact_quat(&mut sq, &mut sw, h, dt);
                assert_quat_close("q", i, batch.rotation(i), sq);
                let got = batch.angular_velocity(i);
                let scale = 1.0 + w.length() + 4.0 * std::f32::consts::LN_2 / h * 3.2;
                assert!((got - sw).length() <= 2e-6 * scale, "w[{i}]: {got} vs {sw}");
            }
        }
    }
}

/// `n` halflives, log-uniform in `[1e-3, 10]`, every ninth (from the fifth) 0: rigid springs,
/// which land on their goal (the identity for decays) at rest.
fn halflives_with_rigid(rng: &mut Rng, n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| {
            if i % 9 == 4 {
                0.0
            } else {
                rng.log_range(1e-3, 10.0)
            }
        })
        .collect()
}

#[test]
fn quat_decay_springs_with_per_spring_halflives_match_scalar_under_a_changing_dt() {
    let mut rng = Rng(13);
    for n in 0..67 {
        let hs = halflives_with_rigid(&mut rng, n);
        let mut batch = QuatDecaySprings::with_halflives(&hs).unwrap();
        for (frame, &dt) in DTS.iter().enumerate() {
            let state: Vec<(Quat, Vec3)> = (0..n)
                .map(|_| {
                    let w = Vec3::new(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0), 0.5);
                    (rng.quat(), w)
                })
                .collect();
            for (i, &(q, w)) in state.iter().enumerate() {
                batch.set(i, q, w).unwrap();
            }
            // Every other frame through the threaded path (bit-identical).
            if frame % 2 == 0 {
                batch.update(dt).unwrap();
            } else {
                batch.update_with_grain(dt, 1).unwrap();
            }
            for (i, &(q, w)) in state.iter().enumerate() {
                let (mut sq, mut sw) = (q, w);
                scalar::decay_spring_damper_exact_quat(&mut sq, &mut sw, hs[i], dt);
                assert_quat_close("q", i, batch.rotation(i), sq);
                let got = batch.angular_velocity(i);
                let scale = 1.0 + w.length() + velocity_scale(3.2, hs[i].max(1e-3));
                assert!((got - sw).length() <= 4e-6 * scale, "w[{i}]: {got} vs {sw}");
            }
        }
    }
}

#[test]
fn quat_springs_with_per_spring_halflives_match_scalar_under_a_changing_dt() {
    let mut rng = Rng(12);
    for n in 0..67 {
        let hs = halflives_with_rigid(&mut rng, n);
        let mut batch = QuatSprings::with_halflives(&hs).unwrap();
        for (frame, &dt) in DTS.iter().enumerate() {
            let qs: Vec<Quat> = (0..n).map(|_| rng.quat()).collect();
            let ws: Vec<Vec3> = (0..n)
                .map(|_| Vec3::new(rng.range(-3.0, 3.0), 0.5, -1.0))
                .collect();
            let gs: Vec<Quat> = (0..n).map(|_| rng.quat()).collect();
            batch.set_state(&qs, &ws).unwrap();
            batch.set_goals(&gs).unwrap();
            // Every other frame through the threaded path (bit-identical).
            if frame % 2 == 0 {
                batch.update(dt).unwrap();
            } else {
                batch.update_with_grain(dt, 1).unwrap();
            }
            for i in 0..n {
                let (mut sq, mut sw) = (qs[i], ws[i]);
                scalar::simple_spring_damper_exact_quat(&mut sq, &mut sw, gs[i], hs[i], dt);
                assert_quat_close("q", i, batch.rotation(i), sq);
                let rate = if hs[i] == 0.0 {
                    0.0
                } else {
                    4.0 * std::f32::consts::LN_2 / hs[i]
                };
                let scale = 1.0 + ws[i].length() + rate * 3.2;
                let got = batch.angular_velocity(i);
                assert!((got - sw).length() <= 4e-6 * scale, "w[{i}]: {got} vs {sw}");
            }
        }
    }
}

#[test]
fn quat_springs_match_scalar() {
    let mut rng = Rng(11);
    for n in 0..67 {
        for &dt in &DTS {
            let h = rng.log_range(1e-3, 10.0);
            let mut batch = QuatSprings::new(n, h).unwrap();
            let qs: Vec<Quat> = (0..n).map(|_| rng.quat()).collect();
            let ws: Vec<Vec3> = (0..n)
                .map(|_| Vec3::new(rng.range(-3.0, 3.0), 0.5, -1.0))
                .collect();
            let gs: Vec<Quat> = (0..n).map(|_| rng.quat()).collect();
            batch.set_state(&qs, &ws).unwrap();
            batch.set_goals(&gs).unwrap();
            batch.update(dt).unwrap();
            for i in 0..n {
                let (mut sq, mut sw) = (qs[i], ws[i]);
                scalar::simple_spring_damper_exact_quat(&mut sq, &mut sw, gs[i], h, dt);
                assert_quat_close("q", i, batch.rotation(i), sq);
                let scale = 1.0 + ws[i].length() + 4.0 * std::f32::consts::LN_2 / h * 3.2;
                let got = batch.angular_velocity(i);
                assert!((got - sw).length() <= 4e-6 * scale, "w[{i}]: {got} vs {sw}");
            }
        }
    }
}

#[test]
fn padding_lanes_stay_inert() {
    let mut springs = CriticalSprings::with_halflives(&[0.1, 0.0, 2.0]).unwrap();
    springs
        .set_state(&[1.0, 2.0, 3.0], &[4.0, 5.0, 6.0], &[7.0; 3], &[1.0; 3])
        .unwrap();
    for _ in 0..100 {
        springs.update(0.05).unwrap();
    }
    assert_eq!(springs.len(), 3);
    assert!(springs.x().iter().chain(springs.v()).all(|x| x.is_finite()));

    let mut quats = QuatDecaySprings::new(5, 0.1).unwrap();
    quats.set(4, Quat::from_rotation_x(2.0), Vec3::ONE).unwrap();
    for _ in 0..100 {
        quats.update(0.05).unwrap();
    }
    let cols = quats.rotations();
    for lane in 5..8 {
        assert_eq!(
            cols.w.lanes()[0].to_array()[lane],
            1.0,
            "padding rotation stays identity"
        );
        assert_eq!(cols.x.lanes()[0].to_array()[lane], 0.0);
    }
}

#[test]
fn thread_splits_are_bit_identical() {
    let n = 10_007;
    let mut rng = Rng(99);
    let [x, v, g, q] = random_state(&mut rng, n);
    let halflives: Vec<f32> = (0..n).map(|_| rng.log_range(1e-3, 10.0)).collect();
    let mut one = CriticalSprings::with_halflives(&halflives).unwrap();
    one.set_state(&x, &v, &g, &q).unwrap();
    let mut many = one.clone();
    for _ in 0..10 {
        one.update(1.0 / 60.0).unwrap();
        many.update_with_grain(1.0 / 60.0, 1).unwrap();
    }
    assert_eq!(one.x(), many.x());
    assert_eq!(one.v(), many.v());

    let s: Vec<f32> = (0..n).map(|_| rng.log_range(1.0, 1e3)).collect();
    let d: Vec<f32> = (0..n).map(|_| rng.log_range(0.1, 1e2)).collect();
    let mut a = GeneralSprings::new(&s, &d).unwrap();
    a.x_mut().copy_from_slice(&x);
    let mut b = a.clone();
    a.update(0.02).unwrap();
    b.update_with_grain(0.02, 3).unwrap();
    assert_eq!(a.x(), b.x());
    assert_eq!(a.v(), b.v());

    let mut qa = QuatDecaySprings::new(n, 0.2).unwrap();
    for i in 0..n {
        qa.set(i, rng.quat(), Vec3::ONE).unwrap();
    }
    let mut qb = qa.clone();
    qa.update(0.02).unwrap();
    qb.update_with_grain(0.02, 1).unwrap();
    assert_eq!(qa.rotations(), qb.rotations());
}

#[test]
fn bad_parameters_give_typed_errors() {
    use hooke::ParamError;
    assert!(matches!(
        CriticalSprings::new(3, -0.1),
        Err(ParamError::Invalid {
            name: "halflife",
            ..
        })
    ));
    assert!(matches!(
        CriticalSprings::with_halflives(&[0.1, 0.2, f32::NAN]),
        Err(ParamError::InvalidAt {
            name: "halflife",
            index: 2,
            ..
        })
    ));
    let mut s = CriticalSprings::new(3, 0.1).unwrap();
    assert!(matches!(
        s.update(f32::NAN),
        Err(ParamError::Invalid { name: "dt", .. })
    ));
    assert!(matches!(
        s.update(-1.0),
        Err(ParamError::Invalid { name: "dt", .. })
    ));
    assert!(matches!(
        s.set_halflives(&[0.1]),
        Err(ParamError::LengthMismatch {
            name: "halflife",
            expected: 3,
            found: 1
        })
    ));
    assert!(matches!(
        s.set_state(&[0.0; 3], &[0.0; 2], &[0.0; 3], &[0.0; 3]),
        Err(ParamError::LengthMismatch { name: "v", .. })
    ));
    assert!(matches!(
        GeneralSprings::new(&[1.0, 2.0], &[1.0, f32::INFINITY]),
        Err(ParamError::InvalidAt {
            name: "damping",
            index: 1,
            ..
        })
    ));
    assert!(matches!(
        GeneralSprings::new(&[1.0, 2.0], &[1.0]),
        Err(ParamError::LengthMismatch {
            name: "damping",
            ..
        })
    ));
    assert!(matches!(
        Dampers::with_halflives(&[-1.0]),
        Err(ParamError::InvalidAt { index: 0, .. })
    ));
    let mut q = QuatDecaySprings::new(2, 0.1).unwrap();
    assert!(matches!(
        q.set(1, Quat::from_xyzw(0.0, 0.0, 0.0, 0.5), Vec3::ZERO),
        Err(ParamError::InvalidAt {
            name: "rotation",
            index: 1,
            ..
        })
    ));
    assert!(matches!(
        q.set(0, Quat::IDENTITY, Vec3::new(0.0, f32::NAN, 0.0)),
        Err(ParamError::InvalidAt {
            name: "angular_velocity",
            index: 0,
            ..
        })
    ));
    // A rejected update leaves the state untouched.
    let before = s.x().to_vec();
    let _ = s.update(f32::INFINITY);
    assert_eq!(s.x(), &before[..]);
}

#[test]
fn extreme_parameters_match_the_scalar_coefficients_and_stay_finite() {
    use hooke::SpringCoeffs;
    use hooke::column::Column;
    use hooke::lanes::CoeffColumns;
    let halflives = [0.0, 1e-44, 1e-40, 1e-30, 1e-3, 1.0, 1e6, 3e38];
    for dt in [1e-45, 1e-30, 1e-6, 1.0 / 60.0, 1e3, 3e38] {
        let h = Column::from_slice_padded(&halflives, 1.0);
        let lanes = CoeffColumns::critical(&h, dt);
        for (i, &hl) in halflives.iter().enumerate() {
            let got = lanes.get(i);
            let want = SpringCoeffs::critical(hl, dt);
            for (a, b) in [
                (got.xx, want.xx),
                (got.xv, want.xv),
                (got.xq, want.xq),
                (got.vx, want.vx),
                (got.vv, want.vv),
                (got.vq, want.vq),
            ] {
                assert!(a.is_finite(), "h={hl} dt={dt}: {got:?}");
                assert!(
                    (a - b).abs() <= 4.0 * ulp(b) + 1e-7 * b.abs(),
                    "h={hl} dt={dt}: {got:?} vs {want:?}"
                );
            }
        }
        let s = [0.0, 1e-30, 1.0, 1e20, 3e38, 3e38, 0.0, 1e10];
        let d = [0.0, 0.0, 1e-30, 1e-10, 3e38, 0.0, 3e38, 1e10];
        let lanes =
            CoeffColumns::stiffness_damping(&Column::from_slice(&s), &Column::from_slice(&d), dt);
        for i in 0..s.len() {
            let (got, want) = (
                lanes.get(i),
                SpringCoeffs::stiffness_damping(s[i], d[i], dt),
            );
            for (a, b) in [
                (got.xx, want.xx),
                (got.xv, want.xv),
                (got.vx, want.vx),
                (got.vv, want.vv),
            ] {
                assert!(a.is_finite(), "s={} d={} dt={dt}: {got:?}", s[i], d[i]);
                assert!(
                    (a - b).abs() <= 4.0 * ulp(b) + 1e-6 * b.abs(),
                    "s={} d={} dt={dt}: {got:?} vs {want:?}",
                    s[i],
                    d[i]
                );
            }
        }
    }
}

#[test]
fn huge_finite_states_saturate_instead_of_becoming_nan() {
    // The true next state is beyond the f32 range: batch and scalar both saturate to finite
    // values, lane by lane, whichever lane of a block overflows.
    let n = 37;
    let big = f32::MAX / 2.0;
    let x: Vec<f32> = (0..n).map(|i| if i % 5 == 0 { big } else { 1.0 }).collect();
    let v: Vec<f32> = (0..n)
        .map(|i| if i % 5 == 0 { -big } else { 0.5 })
        .collect();
    let g: Vec<f32> = (0..n)
        .map(|i| if i % 5 == 0 { -big } else { 0.0 })
        .collect();
    let q: Vec<f32> = (0..n).map(|i| if i % 5 == 0 { big } else { 0.0 }).collect();
    let s: Vec<f32> = (0..n).map(|i| 1.0 + i as f32).collect();
    let d: Vec<f32> = (0..n).map(|i| 0.5 * i as f32).collect();
    for dt in [0.5, 1e20] {
        let mut general = GeneralSprings::new(&s, &d).unwrap();
        general.x_mut().copy_from_slice(&x);
        general.v_mut().copy_from_slice(&v);
        general.goal_mut().copy_from_slice(&g);
        general.goal_velocity_mut().copy_from_slice(&q);
        general.update(dt).unwrap();
        let mut critical = CriticalSprings::new(n, 0.3).unwrap();
        critical.set_state(&x, &v, &g, &q).unwrap();
        critical.update(dt).unwrap();
        for i in 0..n {
            let (mut sx, mut sv) = (x[i], v[i]);
            scalar::spring_damper_exact_stiffness_damping(
                &mut sx, &mut sv, g[i], q[i], s[i], d[i], dt,
            );
            assert!(
                general.x()[i].is_finite() && general.v()[i].is_finite(),
                "general[{i}]"
            );
            assert!(sx.is_finite() && sv.is_finite(), "scalar[{i}]");
            let scale = 4.0 * big;
            assert_close("general x", i, general.x()[i], sx, scale);
            assert_close("general v", i, general.v()[i], sv, scale);
            assert!(
                critical.x()[i].is_finite() && critical.v()[i].is_finite(),
                "critical[{i}]"
            );
        }
    }
}

#[test]
fn quat_decay_springs_follow_the_scalar_over_many_steps_and_fast_spins() {
    let mut rng = Rng(12);
    let n = 29;
    let mut batch = QuatDecaySprings::new(n, 0.2).unwrap();
    let mut scalar_state = Vec::new();
    for i in 0..n {
        let q = rng.quat();
        // Up to ~60 rad/s: offsets pass half a turn during the decay.
        let w = Vec3::new(
            rng.range(-60.0, 60.0),
            rng.range(-60.0, 60.0),
            rng.range(-5.0, 5.0),
        );
        batch.set(i, q, w).unwrap();
        scalar_state.push((q, w));
    }
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
