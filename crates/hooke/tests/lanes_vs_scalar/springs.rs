//! The scalar springs' batches (critical, decay, general, dampers) against their scalar twins.

use super::*;

#[test]
fn critical_springs_match_scalar_shared_and_per_spring() {
    let mut rng = Rng::new(0x1234_5678);
    for n in 0..67 {
        for &dt in &DTS {
            let [x, v, g, q] = random_state(&mut rng, n);
            let shared_h = rng.log_range_f32(1e-3, 10.0);
            let halflives: Vec<f32> = (0..n)
                .map(|i| {
                    if i % 11 == 5 {
                        0.0
                    } else {
                        rng.log_range_f32(1e-3, 10.0)
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
    let mut rng = Rng::new(0x9e37_79b9);
    for n in 0..67 {
        for &dt in &DTS {
            let [x, v, _, _] = random_state(&mut rng, n);
            let h = rng.log_range_f32(1e-3, 10.0);
            let mut batch = DecaySprings::new(n, h).unwrap();
            batch.x_mut().copy_from_slice(&x);
            batch.v_mut().copy_from_slice(&v);
            batch.update(dt).unwrap();
            let halflives: Vec<f32> = (0..n).map(|_| rng.log_range_f32(1e-3, 10.0)).collect();
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
    let mut rng = Rng::new(0xdead_beef);
    for n in 0..67 {
        for &dt in &DTS {
            let [x, v, g, q] = random_state(&mut rng, n);
            let mut s = vec![0.0; n];
            let mut d = vec![0.0; n];
            for i in 0..n {
                s[i] = match i % 5 {
                    0 => 0.0,
                    _ => rng.log_range_f32(1e-2, 1e4),
                };
                // Damping ratios from 0.01 to 100, some exactly critical, some within 1e-5 of it.
                let ratio = match i % 7 {
                    0 => 1.0,
                    1 => 1.0 + rng.range_f32(-1e-5, 1e-5),
                    2 => 0.0,
                    _ => rng.log_range_f32(0.01, 100.0),
                };
                d[i] = if s[i] == 0.0 {
                    rng.range_f32(0.0, 50.0)
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
    let mut rng = Rng::new(42);
    for n in 0..67 {
        for &dt in &DTS {
            let [x, _, g, _] = random_state(&mut rng, n);
            let h = if n % 9 == 0 {
                0.0
            } else {
                rng.log_range_f32(1e-3, 10.0)
            };
            let halflives: Vec<f32> = (0..n).map(|_| rng.log_range_f32(1e-3, 10.0)).collect();
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
