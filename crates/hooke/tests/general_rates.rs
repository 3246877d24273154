//! General springs (`GeneralSprings`, per-spring stiffness and damping) under a `dt` that changes
//! every frame: the fused kernel (`lanes::spring_stiffness_damping`: the power series in its
//! region, the `f64` closed form elsewhere) against the independent `f64` reference within the
//! bound of docs/math.md §4.2, dt-invariance with unequal steps (§4.4), `dt = 0`, thread splits.

mod reference;

use hooke::batch::GeneralSprings;
use reference::{Case, Rng, Worst, record_steps};

/// Springs per batch (two full lane groups and a partial one).
const N: usize = 21;

fn params(rng: &mut Rng, region_dt: Option<f32>) -> (f32, f32) {
    match region_dt {
        // Inside the series' region for this dt: d dt <= 1, s dt^2 <= 1/4, all regimes.
        Some(dt) => {
            let dt = f64::from(dt);
            let d = if rng.chance(0.1) {
                0.0
            } else {
                rng.range(0.0, 1.0) / dt
            };
            let s = match rng.unit() {
                r if r < 0.1 => 0.0,
                r if r < 0.3 => (d * d / 4.0).min(0.25 / (dt * dt)),
                _ => rng.range(0.0, 0.25) / (dt * dt),
            };
            (s as f32, d as f32)
        }
        None => {
            let s = if rng.chance(0.1) {
                0.0
            } else {
                rng.log_range(1e-3, 1e4)
            };
            let d = match rng.unit() {
                r if r < 0.1 => 0.0,
                r if r < 0.25 => 2.0 * s.sqrt(),
                _ => rng.log_range(1e-3, 1e4),
            };
            (s as f32, d as f32)
        }
    }
}

/// One batch per round, a new `dt` every frame, fresh random states each frame, every spring's
/// step against the reference.
fn grid(name: &'static str, seed: u64, in_region: bool) {
    Worst::check_random_cases(name, seed, 120, |rng, worst| {
        let region_dt = rng.dt().max(1e-4);
        let (s, d): (Vec<f32>, Vec<f32>) = (0..N)
            .map(|_| params(rng, in_region.then_some(region_dt)))
            .unzip();
        let mut batch = GeneralSprings::new(&s, &d).unwrap();
        for frame in 0..10 {
            // In the region: dt up to the one the parameters were drawn for.
            let dt = if in_region {
                region_dt * [1.0, 0.5, 0.99, 0.01, 0.0][frame % 5]
            } else {
                rng.dt()
            };
            let state: Vec<(f32, f32, f32, f32)> = (0..N)
                .map(|_| {
                    let g = rng.goal();
                    let x0 = (f64::from(g) + rng.offset()) as f32;
                    (x0, rng.velocity(), g, rng.goal_velocity())
                })
                .collect();
            for (i, &(x0, v0, g, q)) in state.iter().enumerate() {
                (batch.x_mut()[i], batch.v_mut()[i]) = (x0, v0);
                (batch.goal_mut()[i], batch.goal_velocity_mut()[i]) = (g, q);
            }
            batch.update(dt).unwrap();
            for (i, &(x0, v0, g, q)) in state.iter().enumerate() {
                let case = Case::new(x0, v0, g, q, f64::from(s[i]), f64::from(d[i]), dt);
                let (x, v) = (batch.x()[i], batch.v()[i]);
                if dt == 0.0 {
                    assert_eq!((x.to_bits(), v.to_bits()), (x0.to_bits(), v0.to_bits()));
                }
                worst.record_case(&case, (x, v));
            }
        }
    });
}

#[test]
fn fused_kernel_is_within_the_bound_in_the_series_region() {
    grid("general jitter, series region", 11, true);
}

#[test]
fn fused_kernel_is_within_the_bound_everywhere() {
    grid("general jitter, any parameters", 12, false);
}

/// `k` unequal steps adding up to about `total`: the same final state as the reference over the
/// sum of the steps, within 10x the bound plus two `f32` ulps of the result per step (§4.4; the
/// position's ulps are charged to the velocity too, times `d/2 + sqrt s`).
#[test]
fn unequal_steps_are_dt_invariant() {
    Worst::check_random_cases("general, unequal steps", 13, 400, |rng, worst| {
        let total = (rng.log_range(1e-3, 0.5)) as f32;
        let (s, d) = params(rng, Some(total));
        let g = rng.goal();
        let (x0, v0, q) = (
            (f64::from(g) + rng.offset()) as f32,
            rng.velocity(),
            rng.goal_velocity(),
        );
        for k in [2_usize, 7, 100] {
            let steps = rng.unequal_steps(total, k);
            let mut batch = GeneralSprings::new(&[s; 9], &[d; 9]).unwrap();
            batch.x_mut().fill(x0);
            batch.v_mut().fill(v0);
            batch.goal_mut().fill(g);
            batch.goal_velocity_mut().fill(q);
            for &dt in &steps {
                batch.update(dt).unwrap();
            }
            let t: f64 = steps.iter().map(|&dt| f64::from(dt)).sum();
            let case = Case::new(x0, v0, g, q, f64::from(s), f64::from(d), t as f32);
            let (xr, vr) = case.reference_after(t);
            let (x, v) = (batch.x()[8], batch.v()[8]);
            record_steps(worst, &case, k, (x, v), (xr, vr), || {
                format!("k={k} steps={steps:?} {case:?} -> ({x:e}, {v:e}) ref ({xr:e}, {vr:e})")
            });
        }
    });
}

#[test]
fn fused_and_cached_paths_are_bit_identical_across_thread_splits() {
    let mut rng = Rng::new(14);
    let n = 40_000;
    let (s, d): (Vec<f32>, Vec<f32>) = (0..n).map(|_| params(&mut rng, Some(1.0 / 60.0))).unzip();
    let mut one = GeneralSprings::new(&s, &d).unwrap();
    for (i, x) in one.x_mut().iter_mut().enumerate() {
        *x = (i % 17) as f32 - 8.0;
    }
    let mut split = one.clone();
    // Changing dt (the fused kernel), then constant dt (cached coefficients).
    let dts = [
        1.0 / 60.0,
        1.0 / 59.0,
        1.0 / 61.0,
        1.0 / 60.0,
        1.0 / 60.0,
        1.0 / 60.0,
    ];
    for (frame, &dt) in dts.iter().enumerate() {
        one.update(dt).unwrap();
        split.update_with_grain(dt, 1 + frame % 3).unwrap();
        assert_eq!(one.x(), split.x(), "frame {frame}");
        assert_eq!(one.v(), split.v(), "frame {frame}");
    }
}
