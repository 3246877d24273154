//! Property tests of issue 7 ("keep it from coming back"): every spring batch, with random finite
//! states including +-3e38 and `f32::MAX`, random halflives (0, tiny, ordinary, huge) and random
//! `dt` (0, ordinary, huge), writes only finite values, equal to the scalar twin within a bound
//! relative to the magnitudes involved (or saturating like it), and unit rotations.

use glam::{Quat, Vec3};
use hooke::batch::{CriticalSprings, Dampers, DecaySprings, GeneralSprings, QuatDecaySprings};
use hooke::scalar::{
    critical_spring_damper_exact, damper_exact, decay_spring_damper_exact,
    decay_spring_damper_exact_quat, spring_damper_exact_stiffness_damping,
};
use proptest::prelude::*;

/// Any finite `f32`, with the extremes and zero drawn often.
fn finite() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => -1e3_f32..1e3,
        1 => prop_oneof![Just(3e38_f32), Just(-3e38), Just(f32::MAX), Just(-f32::MAX), Just(0.0)],
        1 => prop::num::f32::NORMAL | prop::num::f32::ZERO | prop::num::f32::SUBNORMAL,
    ]
}

fn halflife() -> impl Strategy<Value = f32> {
    prop_oneof![Just(0.0_f32), 1e-6_f32..10.0, Just(1e30)]
}

fn dt() -> impl Strategy<Value = f32> {
    prop_oneof![Just(0.0_f32), 1e-6_f32..0.1, Just(1e6)]
}

/// `|got - want|` within `1e-5` of the largest magnitude involved (an `f32` state is only as
/// precise as its largest term), for finite `got`.
fn close(got: f32, want: f32, scale: &[f32]) -> bool {
    let s = scale
        .iter()
        .chain([&got, &want, &1.0])
        .fold(0.0_f64, |m, &v| m.max(f64::from(v).abs()));
    got.is_finite() && (f64::from(got) - f64::from(want)).abs() <= 1e-5 * s
}

/// Lane `i` of a batch's `(x, v)` columns against the twin's `want`, both [`close`] at the
/// magnitudes `before`; `detail` ends the message.
fn check_lane(
    i: usize,
    (x, v): (&[f32], &[f32]),
    want: (f32, f32),
    before: &[f32],
    detail: &str,
) -> Result<(), TestCaseError> {
    let (x, v) = (x[i], v[i]);
    prop_assert!(close(x, want.0, before), "x[{i}] {x} vs {}{detail}", want.0);
    prop_assert!(close(v, want.1, before), "v[{i}] {v} vs {}{detail}", want.1);
    Ok(())
}

/// The columns of an array of states, each state's values from `values`.
fn columns<S, const K: usize>(states: &[S], values: impl Fn(&S) -> [f32; K]) -> [Vec<f32>; K] {
    let rows: Vec<[f32; K]> = states.iter().map(values).collect();
    std::array::from_fn(|k| rows.iter().map(|row| row[k]).collect())
}

/// Lengths that leave a partial lane group and cross a block of four lane groups.
const LEN: usize = 37;

/// A batch of `LEN` springs: with the shared halflife `halflives[0]` (`new`) when `shared`, else
/// with `halflives` (`with_halflives`).
fn built<B>(
    shared: bool,
    halflives: &[f32],
    new: fn(usize, f32) -> Result<B, hooke::ParamError>,
    with_halflives: fn(&[f32]) -> Result<B, hooke::ParamError>,
) -> B {
    if shared {
        new(LEN, halflives[0]).unwrap()
    } else {
        with_halflives(halflives).unwrap()
    }
}

/// Spring `i`'s halflife in a batch from [`built`].
fn halflife_of(shared: bool, halflives: &[f32], i: usize) -> f32 {
    if shared { halflives[0] } else { halflives[i] }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn critical_springs_stay_finite_and_follow_the_scalar_twin(
        state in prop::collection::vec((finite(), finite(), finite(), finite()), LEN),
        halflives in prop::collection::vec(halflife(), LEN),
        shared in any::<bool>(),
        dts in prop::collection::vec(dt(), 1..4),
    ) {
        let mut batch = built(shared, &halflives, CriticalSprings::new, CriticalSprings::with_halflives);
        let [x, v, g, q] = columns(&state, |&(x, v, g, q)| [x, v, g, q]);
        batch.set_state(&x, &v, &g, &q).unwrap();
        let mut twin: Vec<(f32, f32)> = state.iter().map(|&(x, v, _, _)| (x, v)).collect();
        for &dt in &dts {
            batch.update(dt).unwrap();
            for (i, (x, v)) in twin.iter_mut().enumerate() {
                let (_, _, g, q) = state[i];
                let h = halflife_of(shared, &halflives, i);
                let before = [*x, *v, g, q];
                critical_spring_damper_exact(x, v, g, q, h, dt);
                check_lane(i, (batch.x(), batch.v()), (*x, *v), &before, &format!(" (h {h}, dt {dt})"))?;
                // Follow the batch, so that the next step compares one step, not a drift.
                (*x, *v) = (batch.x()[i], batch.v()[i]);
            }
        }
    }

    #[test]
    fn general_springs_stay_finite_and_follow_the_scalar_twin(
        state in prop::collection::vec((finite(), finite(), finite(), finite()), LEN),
        params in prop::collection::vec((
            prop_oneof![Just(0.0_f32), 1e-3_f32..1e4, Just(1e30)],
            prop_oneof![Just(0.0_f32), 1e-3_f32..1e3, Just(1e30)],
        ), LEN),
        dt in dt(),
    ) {
        let (stiffness, damping): (Vec<f32>, Vec<f32>) = params.iter().copied().unzip();
        let mut batch = GeneralSprings::new(&stiffness, &damping).unwrap();
        let [x, v, g, q] = columns(&state, |&(x, v, g, q)| [x, v, g, q]);
        batch.set_state(&x, &v, &g, &q).unwrap();
        batch.update(dt).unwrap();
        for (i, &(x0, v0, g, q)) in state.iter().enumerate() {
            let (mut x, mut v) = (x0, v0);
            spring_damper_exact_stiffness_damping(&mut x, &mut v, g, q, stiffness[i], damping[i], dt);
            let before = [x0, v0, g, q];
            check_lane(i, (batch.x(), batch.v()), (x, v), &before, "")?;
        }
    }

    #[test]
    fn decay_springs_stay_finite_and_follow_the_scalar_twin(
        state in prop::collection::vec((finite(), finite()), LEN),
        halflives in prop::collection::vec(halflife(), LEN),
        shared in any::<bool>(),
        dt in dt(),
    ) {
        let mut batch = built(shared, &halflives, DecaySprings::new, DecaySprings::with_halflives);
        let [x, v] = columns(&state, |&(x, v)| [x, v]);
        batch.set_state(&x, &v).unwrap();
        batch.update(dt).unwrap();
        for (i, &(x0, v0)) in state.iter().enumerate() {
            let h = halflife_of(shared, &halflives, i);
            let (mut x, mut v) = (x0, v0);
            decay_spring_damper_exact(&mut x, &mut v, h, dt);
            check_lane(i, (batch.x(), batch.v()), (x, v), &[x0, v0], "")?;
        }
    }

    #[test]
    fn dampers_stay_finite_and_follow_the_scalar_twin(
        state in prop::collection::vec((finite(), finite()), LEN),
        halflives in prop::collection::vec(halflife(), LEN),
        shared in any::<bool>(),
        dt in dt(),
    ) {
        let mut batch = built(shared, &halflives, Dampers::new, Dampers::with_halflives);
        let [x, g] = columns(&state, |&(x, g)| [x, g]);
        batch.set_state(&x, &g).unwrap();
        batch.update(dt).unwrap();
        for (i, &(x, g)) in state.iter().enumerate() {
            let h = halflife_of(shared, &halflives, i);
            let want = damper_exact(x, g, h, dt);
            prop_assert!(close(batch.x()[i], want, &[x, g]), "x[{i}] {} vs {want}", batch.x()[i]);
            if dt == 0.0 {
                prop_assert_eq!(batch.x()[i].to_bits(), x.to_bits());
            }
        }
    }

    #[test]
    fn quat_decay_springs_stay_unit_and_finite_for_any_angular_velocity(
        axes in prop::collection::vec((-1.0_f32..1.0, -1.0_f32..1.0, -1.0_f32..1.0, -3.2_f32..3.2), LEN),
        w in prop::collection::vec((finite(), finite(), finite()), LEN),
        halflife in halflife(),
        dt in dt(),
    ) {
        let mut batch = QuatDecaySprings::new(LEN, halflife).unwrap();
        let mut start = Vec::new();
        for (i, (&(ax, ay, az, angle), &(wx, wy, wz))) in axes.iter().zip(&w).enumerate() {
            let q = Quat::from_axis_angle(Vec3::new(ax, ay, az).normalize_or(Vec3::X), angle);
            let w = Vec3::new(wx, wy, wz);
            batch.set(i, q, w).unwrap();
            start.push((q, w));
        }
        batch.update(dt).unwrap();
        for (i, &(q0, w0)) in start.iter().enumerate() {
            let (q, w) = (batch.rotation(i), batch.angular_velocity(i));
            prop_assert!(q.is_finite() && w.is_finite(), "{i}: {q} {w}");
            prop_assert!((q.length() - 1.0).abs() <= 1e-5, "{i}: |q| = {}", q.length());
            // Where the step is well conditioned, the scalar twin gives the same rotation.
            if w0.length() * dt < 1.0 {
                let (mut sq, mut sw) = (q0, w0);
                decay_spring_damper_exact_quat(&mut sq, &mut sw, halflife, dt);
                // Component distance up to sign (`angle_between`'s acos is too coarse near 0).
                let d = (q - sq).length().min((q + sq).length());
                prop_assert!(d <= 1e-4, "{i}: {q} vs {sq}");
            }
        }
    }
}
