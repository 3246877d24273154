//! `Extrapolators`, `DoubleSprings`, `TimedSprings` and `VelocitySprings` against their scalar twins lane by lane,
//! every tail length, a `dt` that changes every frame; thread splits bit-identical; bad input
//! rejected.

use hooke::ParamError;
use hooke::batch::{DoubleSprings, Extrapolators, TimedSprings, VelocitySprings};

mod reference;
use reference::compound::{self, Walk};
// Every other frame through the threaded path (bit-identical).
use reference::step_alternating;
use reference::{COMPOUND, Rng, assert_twin_close};

const DTS: [f32; 6] = [0.0, 1.0 / 60.0, 1.0 / 144.0, 0.05, 1.0 / 30.0, 2.0];

/// A walk over `dts` stepping with `step`, every lane within [`COMPOUND`].
fn walk<'a, B>(dts: &'a [f32], step: &'a dyn Fn(&mut B, usize, f32)) -> Walk<'a, B> {
    let close = &|what: &str, got, want, scale| assert_twin_close(what, got, want, COMPOUND, scale);
    Walk { dts, step, close }
}

/// For every length 0..67, a batch built by `new(n, h)` with a random halflife `h` walked over
/// [`DTS`] by `check` (one of the walks of `reference::compound`), stepped by `step`.
fn walk_every_length<B, E: std::fmt::Debug>(
    seed: u64,
    new: impl Fn(usize, f32) -> Result<B, E>,
    step: &dyn Fn(&mut B, usize, f32),
    check: fn(&mut Rng, &mut B, &[f32], &Walk<'_, B>),
) {
    let mut rng = Rng::new(seed);
    for n in 0..67 {
        let h = rng.range_f32(0.01, 1.0);
        let mut batch = new(n, h).unwrap();
        check(&mut rng, &mut batch, &vec![h; n], &walk(&DTS, step));
    }
}

#[test]
fn extrapolators_follow_the_scalar_twin() {
    let step = |b: &mut Extrapolators, f, dt| step_alternating!(b, f, dt);
    walk_every_length(1, Extrapolators::new, &step, compound::extrapolators);
}

#[test]
fn double_springs_follow_the_scalar_twin() {
    let step = |b: &mut DoubleSprings, f, dt| step_alternating!(b, f, dt);
    walk_every_length(2, DoubleSprings::new, &step, compound::double_springs);
}

#[test]
fn timed_springs_follow_the_scalar_twin_and_count_down() {
    let mut rng = Rng::new(3);
    let (h, apprehension) = (0.05, 2.0);
    for n in 0..67 {
        let mut batch = TimedSprings::new(n, h, apprehension).unwrap();
        let hs = vec![h; n];
        compound::timed_springs(
            &mut rng,
            &mut batch,
            &hs,
            apprehension,
            &walk(&DTS[..5], &|b, f, dt| step_alternating!(b, f, dt)),
        );
    }
}

#[test]
fn velocity_springs_follow_the_scalar_twin() {
    let mut rng = Rng::new(4);
    let (h, apprehension) = (0.05, 2.0);
    // Speeds: gliding, held still (0, negative), and infinite (jumps to the goal).
    let speeds = |rng: &mut Rng, n: usize| -> Vec<f32> {
        (0..n)
            .map(|i| match i % 7 {
                0 => 0.0,
                1 => -1.0,
                2 => f32::INFINITY,
                _ => rng.range_f32(0.5, 20.0),
            })
            .collect()
    };
    // A new goal every third frame, else the goal where the spring is.
    let goal = |rng: &mut Rng, frame: usize, x: &[f32]| -> Vec<f32> {
        if frame.is_multiple_of(3) {
            rng.vec_f32(x.len(), -5.0, 5.0)
        } else {
            x.to_vec()
        }
    };
    for n in 0..67 {
        let mut batch = VelocitySprings::new(n, h, apprehension).unwrap();
        let params = (&vec![h; n][..], apprehension);
        compound::velocity_springs(
            &mut rng,
            &mut batch,
            params,
            &speeds,
            &goal,
            &walk(&DTS, &|b, f, dt| step_alternating!(b, f, dt)),
        );
    }
}

#[test]
fn bad_input_is_rejected() {
    assert!(matches!(
        Extrapolators::new(1, -1.0).unwrap_err(),
        ParamError::Invalid {
            name: "halflife",
            ..
        }
    ));
    assert!(matches!(
        TimedSprings::new(1, 0.1, -2.0).unwrap_err(),
        ParamError::Invalid {
            name: "apprehension",
            ..
        }
    ));
    let mut d = DoubleSprings::new(2, 0.1).unwrap();
    assert!(matches!(
        d.set_state(&[0.0; 2], &[0.0; 2], &[0.0; 3], &[0.0; 2])
            .unwrap_err(),
        ParamError::LengthMismatch { name: "xi", .. }
    ));
    for dt in [-1.0, f32::NAN, f32::INFINITY] {
        assert!(d.update(dt).is_err());
    }
    assert!(VelocitySprings::new(1, 0.1, f32::NAN).is_err());
    for len in [usize::MAX, 1 << 60] {
        assert!(matches!(
            VelocitySprings::new(len, 0.1, 2.0).unwrap_err(),
            ParamError::OutOfMemory { .. }
        ));
        assert!(matches!(
            Extrapolators::new(len, 0.1).unwrap_err(),
            ParamError::OutOfMemory { .. }
        ));
        assert!(matches!(
            DoubleSprings::new(len, 0.1).unwrap_err(),
            ParamError::OutOfMemory { .. }
        ));
        assert!(matches!(
            TimedSprings::new(len, 0.1, 2.0).unwrap_err(),
            ParamError::OutOfMemory { .. }
        ));
    }
}
