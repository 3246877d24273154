//! The scalar springs' batches (critical, decay, general, dampers) against their scalar twins.

use super::*;

/// The positions and velocities of a batch.
type Lanes<'a> = (&'a [f32], &'a [f32]);

/// Every lane of a batch with the shared halflife `h` and of one with per-spring `halflives`
/// against the scalar twin from the same state (`twin(i, halflife)`), positions at `scale(i)`.
fn assert_batches_match_twin(
    (shared, h): (Lanes<'_>, f32),
    (per, halflives): (Lanes<'_>, &[f32]),
    scale: impl Fn(usize) -> f32,
    twin: impl Fn(usize, f32) -> (f32, f32),
) {
    for (i, &per_h) in halflives.iter().enumerate() {
        let got = (shared.0[i], shared.1[i]);
        assert_state_close("shared", i, got, twin(i, h), scale(i), h);
        let got = (per.0[i], per.1[i]);
        assert_state_close("per", i, got, twin(i, per_h), scale(i), per_h);
    }
}

#[test]
fn critical_springs_match_scalar_shared_and_per_spring() {
    each_length_and_dt(0x1234_5678, &DTS, |rng, n, dt| {
        let [x, v, g, q] = random_state(rng, n);
        let shared_h = rng.log_range_f32(1e-3, 10.0);
        let halflives = rng.halflives_with_rigid(n, 11, 5);
        let mut shared = CriticalSprings::new(n, shared_h).unwrap();
        let mut per = CriticalSprings::with_halflives(&halflives).unwrap();
        for batch in [&mut shared, &mut per] {
            batch.set_state(&x, &v, &g, &q).unwrap();
            batch.update(dt).unwrap();
        }
        assert_batches_match_twin(
            ((shared.x(), shared.v()), shared_h),
            ((per.x(), per.v()), &halflives),
            |i| x[i].abs() + g[i].abs() + (v[i].abs() + q[i].abs()) * (1.0 + dt),
            |i, h| {
                let (mut x, mut v) = (x[i], v[i]);
                scalar::critical_spring_damper_exact(&mut x, &mut v, g[i], q[i], h, dt);
                (x, v)
            },
        );
    });
}

#[test]
fn decay_springs_match_scalar() {
    each_length_and_dt(0x9e37_79b9, &DTS, |rng, n, dt| {
        let [x, v, _, _] = random_state(rng, n);
        let h = rng.log_range_f32(1e-3, 10.0);
        let halflives: Vec<f32> = (0..n).map(|_| rng.log_range_f32(1e-3, 10.0)).collect();
        let mut shared = DecaySprings::new(n, h).unwrap();
        let mut per = DecaySprings::with_halflives(&halflives).unwrap();
        for batch in [&mut shared, &mut per] {
            batch.set_state(&x, &v).unwrap();
            batch.update(dt).unwrap();
        }
        assert_batches_match_twin(
            ((shared.x(), shared.v()), h),
            ((per.x(), per.v()), &halflives),
            |i| x[i].abs() + v[i].abs() * (1.0 + dt),
            |i, h| {
                let (mut x, mut v) = (x[i], v[i]);
                scalar::decay_spring_damper_exact(&mut x, &mut v, h, dt);
                (x, v)
            },
        );
    });
}

#[test]
fn general_springs_match_scalar_in_every_regime() {
    each_length_and_dt(0xdead_beef, &DTS, |rng, n, dt| {
        let [x, v, g, q] = random_state(rng, n);
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
        batch.set_state(&x, &v, &g, &q).unwrap();
        batch.update(dt).unwrap();
        let got = [("x", batch.x()), ("v", batch.v())];
        assert_lanes_match_twin(n, got, |i| {
            let (sx, sv) = general_twin(i, [&x, &v, &g, &q], (&s, &d), dt);
            let rest = if s[i] > 0.0 {
                (d[i] * q[i] / s[i]).abs()
            } else {
                q[i].abs() * dt
            };
            let scale = x[i].abs() + g[i].abs() + rest + (v[i].abs() + q[i].abs()) * (1.0 + dt);
            let vscale = scale * (1.0 + d[i] + s[i].sqrt());
            [(sx, scale), (sv, vscale)]
        });
    });
}

#[test]
fn dampers_match_scalar() {
    each_length_and_dt(42, &DTS, |rng, n, dt| {
        let [x, _, g, _] = random_state(rng, n);
        let h = if n % 9 == 0 {
            0.0
        } else {
            rng.log_range_f32(1e-3, 10.0)
        };
        let halflives: Vec<f32> = (0..n).map(|_| rng.log_range_f32(1e-3, 10.0)).collect();
        let mut shared = Dampers::new(n, h).unwrap();
        let mut per = Dampers::with_halflives(&halflives).unwrap();
        for d in [&mut shared, &mut per] {
            d.set_state(&x, &g).unwrap();
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
    });
}
