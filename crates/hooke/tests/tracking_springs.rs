//! `TrackingSprings` against the scalar tracking spring (`TrackingCoeffs::apply` of the gains of
//! each spring's mode), lane by lane, every tail length, a `dt` that changes every frame; thread
//! splits bit-identical; bad input rejected.

use hooke::ParamError;
use hooke::batch::TrackingSprings;
use hooke::lanes::TrackingMode;
use hooke::scalar::TrackingGains;

mod reference;
use reference::Rng;
use reference::tracking::{MODES, gains_of};

#[test]
fn every_lane_follows_the_scalar_twin_in_its_mode() {
    let gains = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0).unwrap();
    let mut rng = Rng::new(0xABCD_EF01_2345_6789);
    for n in 0..67 {
        let mut batch = TrackingSprings::new(n, gains).unwrap();
        let (mut x, mut v) = (vec![0.0_f32; n], vec![0.0_f32; n]);
        for frame in 0..12 {
            let dt = [0.0, 1.0 / 60.0, 1.0 / 144.0, 0.05, 3.0][frame % 5];
            let xg: Vec<f32> = (0..n).map(|_| rng.range_f32(-5.0, 5.0)).collect();
            let vg: Vec<f32> = (0..n).map(|_| rng.range_f32(-20.0, 20.0)).collect();
            let ag: Vec<f32> = (0..n).map(|_| rng.range_f32(-50.0, 50.0)).collect();
            batch.x_goal_mut().copy_from_slice(&xg);
            batch.v_goal_mut().copy_from_slice(&vg);
            batch.a_goal_mut().copy_from_slice(&ag);
            for i in 0..n {
                batch.set_mode(i, MODES[(i + frame) % 3]).unwrap();
            }
            reference::step_alternating!(batch, frame, dt);
            for i in 0..n {
                let c = gains_of(gains, batch.mode(i)).coeffs(dt);
                c.apply(&mut x[i], &mut v[i], xg[i], vg[i], ag[i]);
                let scale = 1.0 + x[i].abs() + xg[i].abs() + (vg[i].abs() + ag[i].abs()) * dt;
                assert!(
                    (batch.x()[i] - x[i]).abs() <= 1e-6 * scale,
                    "n {n} frame {frame} x[{i}]: {} vs {}",
                    batch.x()[i],
                    x[i]
                );
                let vscale =
                    1.0 + v[i].abs() + vg[i].abs() + ag[i].abs() * dt + scale / dt.max(1e-3);
                assert!(
                    (batch.v()[i] - v[i]).abs() <= 1e-6 * vscale,
                    "n {n} frame {frame} v[{i}]: {} vs {}",
                    batch.v()[i],
                    v[i]
                );
                // Continue both from the batch's state.
                (x[i], v[i]) = (batch.x()[i], batch.v()[i]);
            }
        }
    }
}

#[test]
fn bad_input_is_rejected() {
    let gains = TrackingGains::new(0.01, 0.2, 1.0, 1.0 / 60.0).unwrap();
    let mut batch = TrackingSprings::new(3, gains).unwrap();
    assert!(matches!(
        batch.set_mode(3, TrackingMode::Full).unwrap_err(),
        ParamError::IndexOutOfRange {
            index: 3,
            len: 3,
            ..
        }
    ));
    for dt in [-1.0, f32::NAN, f32::INFINITY] {
        assert!(batch.update(dt).is_err());
    }
    assert!(matches!(
        TrackingSprings::new(usize::MAX, gains).unwrap_err(),
        ParamError::OutOfMemory { .. }
    ));
}
