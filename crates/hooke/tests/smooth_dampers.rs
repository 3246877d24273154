//! `SmoothDampers` (the smooth-damp kernel on lanes) against its scalar twin
//! `hooke::scalar::smooth_damp`, lane by lane, for every tail length, a `dt` that changes every
//! frame (0, tiny, huge), every corner of the parameters, values near the `f32` limits; thread
//! splits bit-identical; invalid parameters rejected with their name and index.

use hooke::ParamError;
use hooke::batch::SmoothDampers;
use hooke::scalar::smooth_damp;

mod reference;
use reference::Rng;

fn ulp(x: f32) -> f32 {
    let x = x.abs().min(f32::MAX);
    if x == 0.0 {
        f32::from_bits(1)
    } else if x == f32::MAX {
        x - f32::from_bits(x.to_bits() - 1)
    } else {
        f32::from_bits(x.to_bits() + 1) - x
    }
}

fn smooth_time(rng: &mut Rng, i: usize) -> f32 {
    match i % 11 {
        3 => 0.0,
        7 => f32::INFINITY,
        _ => rng.log_range_f32(1e-3, 10.0),
    }
}

fn max_speed(rng: &mut Rng, i: usize) -> f32 {
    match i % 5 {
        0 | 3 => f32::INFINITY,
        1 => 0.0,
        _ => rng.log_range_f32(1e-2, 1e3),
    }
}

fn frame_dt(rng: &mut Rng, frame: usize) -> f32 {
    match frame % 9 {
        0 => 0.0,
        1 => rng.log_range_f32(1e-6, 1e-3),
        2 => rng.log_range_f32(1.0, 1e3),
        _ => 1.0 / 60.0 * (1.0 + 0.01 * (frame % 7) as f32),
    }
}

/// Largest error seen, in units of the allowed error (must stay <= 1).
#[derive(Default)]
struct Worst(f32);

impl Worst {
    /// The kernel's coefficients come from `f32` rates (a few ulps from the scalar's `f64`
    /// rounding, docs/math.md) and its clamp is taken in `f32`: allowed is 8 ulps of the largest
    /// magnitude in play (state, target, the step `v dt`) or 4e-6 of that scale.
    #[track_caller]
    fn check(&mut self, what: &str, got: f32, want: f32, scale: f32) {
        assert!(got.is_finite(), "{what}: batch {got} (scalar {want})");
        let allowed = (8.0 * ulp(scale)).max(4e-6 * scale);
        let ratio = (got - want).abs() / allowed;
        assert!(
            ratio <= 1.0,
            "{what}: batch {got} vs scalar {want} (scale {scale})"
        );
        self.0 = self.0.max(ratio);
    }
}

#[test]
fn every_lane_follows_the_scalar_twin_under_a_changing_dt() {
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    let mut worst = Worst::default();
    for n in 0..67 {
        let st: Vec<f32> = (0..n).map(|i| smooth_time(&mut rng, i)).collect();
        let ms: Vec<f32> = (0..n).map(|i| max_speed(&mut rng, i + n)).collect();
        let mut batch = SmoothDampers::with_params(&st, &ms).unwrap();
        let mut x: Vec<f32> = (0..n).map(|_| rng.range_f32(-10.0, 10.0)).collect();
        let mut v: Vec<f32> = (0..n).map(|_| rng.range_f32(-50.0, 50.0)).collect();
        batch.x_mut().copy_from_slice(&x);
        batch.v_mut().copy_from_slice(&v);
        for frame in 0..24 {
            if frame % 6 == 0 {
                // New targets now and then, as a game sets them.
                let t: Vec<f32> = (0..n).map(|_| rng.range_f32(-20.0, 20.0)).collect();
                batch.target_mut().copy_from_slice(&t);
            }
            let dt = frame_dt(&mut rng, frame);
            batch.update(dt).unwrap();
            for i in 0..n {
                let target = batch.target()[i];
                let want = smooth_damp(x[i], target, &mut v[i], st[i], ms[i], dt);
                let scale = x[i].abs().max(target.abs()).max(want.abs()).max(1.0);
                worst.check("x", batch.x()[i], want, scale);
                let vscale = v[i].abs().max(batch.v()[i].abs()).max(scale / dt.max(1e-3));
                worst.check("v", batch.v()[i], v[i], vscale.min(f32::MAX));
                // Both continue from the batch's state, so errors never compound.
                x[i] = batch.x()[i];
                v[i] = batch.v()[i];
            }
        }
    }
    eprintln!("smooth dampers: worst error {:.3} of the allowed", worst.0);
}

#[test]
fn values_near_the_f32_limits_stay_finite_and_match_the_scalar_twin() {
    let extremes = [3e38_f32, -3e38, f32::MAX, -f32::MAX, 1e-38, 0.0];
    let n = extremes.len() * extremes.len();
    let st: Vec<f32> = (0..n).map(|i| [0.0, 0.1, 1e6][i % 3]).collect();
    let ms: Vec<f32> = (0..n).map(|i| [f32::INFINITY, 1e30, 2.0][i % 3]).collect();
    let mut batch = SmoothDampers::with_params(&st, &ms).unwrap();
    for (i, (x, t)) in extremes
        .iter()
        .flat_map(|&x| extremes.iter().map(move |&t| (x, t)))
        .enumerate()
    {
        batch.x_mut()[i] = x;
        batch.target_mut()[i] = t;
        batch.v_mut()[i] = -x;
    }
    let (x0, v0) = (batch.x().to_vec(), batch.v().to_vec());
    for dt in [1.0 / 60.0, 1e30] {
        let mut b = batch.clone();
        b.update(dt).unwrap();
        for i in 0..n {
            let mut v = v0[i];
            let want = smooth_damp(x0[i], b.target()[i], &mut v, st[i], ms[i], dt);
            assert!(b.x()[i].is_finite() && b.v()[i].is_finite(), "lane {i}");
            let scale = x0[i].abs().max(b.target()[i].abs()).max(1.0);
            assert!(
                (b.x()[i] - want).abs() <= 1e-6 * scale,
                "x lane {i}: {} vs {want}",
                b.x()[i]
            );
            let vscale = v.abs().max(scale / dt).max(1.0);
            assert!(
                (b.v()[i] - v).abs() <= 1e-5 * vscale,
                "v lane {i}: {} vs {v}",
                b.v()[i]
            );
        }
    }
}

#[test]
fn dt_zero_changes_nothing_bit_for_bit() {
    let mut batch = SmoothDampers::with_params(&[0.2, 0.0, f32::INFINITY], &[1.0; 3]).unwrap();
    batch.x_mut().copy_from_slice(&[1.0, -3.0, 1e30]);
    batch.v_mut().copy_from_slice(&[0.5, 2.0, -1e30]);
    batch.target_mut().copy_from_slice(&[7.0, 7.0, 7.0]);
    let before = (batch.x().to_vec(), batch.v().to_vec());
    batch.update(0.0).unwrap();
    assert_eq!((batch.x().to_vec(), batch.v().to_vec()), before);
}

#[test]
fn thread_splits_are_bit_identical() {
    let mut rng = Rng::new(7);
    let n = 40_000;
    let st: Vec<f32> = (0..n).map(|i| smooth_time(&mut rng, i)).collect();
    let ms: Vec<f32> = (0..n).map(|i| max_speed(&mut rng, i)).collect();
    let mut a = SmoothDampers::with_params(&st, &ms).unwrap();
    for i in 0..n {
        a.x_mut()[i] = rng.range_f32(-10.0, 10.0);
        a.target_mut()[i] = rng.range_f32(-10.0, 10.0);
    }
    let (mut b, mut c) = (a.clone(), a.clone());
    for frame in 0..5 {
        let dt = 1.0 / 60.0 * (1.0 + 0.01 * frame as f32);
        a.update(dt).unwrap();
        b.par_update(dt).unwrap();
        c.update_with_grain(dt, 1).unwrap();
    }
    assert_eq!(a.x(), b.x());
    assert_eq!(a.x(), c.x());
    assert_eq!(a.v(), c.v());
}

#[test]
fn invalid_parameters_are_errors_naming_the_parameter_and_index() {
    let err = SmoothDampers::new(3, -0.1, 1.0).unwrap_err();
    assert!(matches!(
        err,
        ParamError::Invalid {
            name: "smooth_time",
            ..
        }
    ));
    let err = SmoothDampers::new(3, 0.1, f32::NAN).unwrap_err();
    assert!(matches!(
        err,
        ParamError::Invalid {
            name: "max_speed",
            ..
        }
    ));
    let err = SmoothDampers::with_params(&[0.1, 0.2, f32::NAN], &[1.0; 3]).unwrap_err();
    assert!(matches!(
        err,
        ParamError::InvalidAt {
            name: "smooth_time",
            index: 2,
            ..
        }
    ));
    let err = SmoothDampers::with_params(&[0.1], &[1.0, 2.0]).unwrap_err();
    assert!(matches!(err, ParamError::LengthMismatch { .. }));
    let mut batch = SmoothDampers::new(2, 0.1, 1.0).unwrap();
    assert!(matches!(
        batch.set_params(2, 0.1, 1.0).unwrap_err(),
        ParamError::IndexOutOfRange {
            index: 2,
            len: 2,
            ..
        }
    ));
    for dt in [-1.0, f32::NAN, f32::INFINITY] {
        assert!(batch.update(dt).is_err());
    }
    let err = SmoothDampers::new(usize::MAX, 0.1, 1.0).unwrap_err();
    assert!(matches!(err, ParamError::OutOfMemory { .. }));
}
