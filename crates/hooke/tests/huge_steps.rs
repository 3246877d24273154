//! Huge steps and states of the per-spring batches (issue 21, rows 6 and 10): finite results,
//! equal to the shared-halflife path where the two describe the same springs.

use hooke::batch::{CriticalSprings, DecaySprings, Extrapolators};

mod reference;
use reference::shared_or_per_spring;

/// Row 6: `with_halflives(&[0.1; 8])`, x = 1, `update(3.4e38)` wrote NaN (`2 dt` overflowed
/// before it was multiplied by 0); the shared path gave the goal.
#[test]
fn per_spring_critical_and_decay_springs_survive_a_step_of_3e38() {
    for dt in [3.4e38_f32, f32::MAX, 1e30] {
        let mut per = CriticalSprings::with_halflives(&[0.1; 8]).unwrap();
        let mut shared = CriticalSprings::new(8, 0.1).unwrap();
        for s in [&mut per, &mut shared] {
            s.set_state(&[1.0; 8], &[2.0; 8], &[0.0; 8], &[0.5; 8])
                .unwrap();
            s.update(dt).unwrap();
        }
        assert!(
            per.x().iter().chain(per.v()).all(|v| v.is_finite()),
            "dt {dt}"
        );
        for i in 0..8 {
            assert!(
                (per.x()[i] - shared.x()[i]).abs() <= 1e-6,
                "dt {dt}: {per:?}"
            );
            assert!(
                (per.v()[i] - shared.v()[i]).abs() <= 1e-6,
                "dt {dt}: {per:?}"
            );
        }
        let mut per = DecaySprings::with_halflives(&[0.1; 8]).unwrap();
        let mut shared = DecaySprings::new(8, 0.1).unwrap();
        for s in [&mut per, &mut shared] {
            s.set_state(&[1.0; 8], &[-3.0; 8]).unwrap();
            s.update(dt).unwrap();
        }
        assert_eq!((per.x(), per.v()), (shared.x(), shared.v()), "dt {dt}");
    }
}

/// Row 10: `Extrapolators`, halflife 1e30, x = v = 3e38, dt 1 wrote `inf`; every other batch
/// saturates at `f32::MAX`.
#[test]
fn extrapolators_saturate_instead_of_writing_infinity() {
    for per_spring in [false, true] {
        let (new, per) = (Extrapolators::new, Extrapolators::with_halflives);
        let mut e = shared_or_per_spring(per_spring, (1e30, &[1e30; 3]), new, per);
        e.set_state(&[3e38, -3e38, 1.0], &[3e38, -3e38, 1.0])
            .unwrap();
        e.update(1.0).unwrap();
        assert_eq!(e.x()[..2], [f32::MAX, -f32::MAX], "per_spring {per_spring}");
        assert!(e.x().iter().chain(e.v()).all(|v| v.is_finite()));
        let (mut x, mut v) = (3e38_f32, 3e38_f32);
        hooke::scalar::extrapolate_decay(&mut x, &mut v, 1e30, 1.0);
        assert_eq!(x, f32::MAX);
    }
}
