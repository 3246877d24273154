//! What every batch promises: inert padding lanes, bit-identical thread splits, typed errors for bad parameters.

use super::*;

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
    let mut rng = Rng::new(99);
    let [x, v, g, q] = random_state(&mut rng, n);
    let halflives: Vec<f32> = (0..n).map(|_| rng.log_range_f32(1e-3, 10.0)).collect();
    let mut one = CriticalSprings::with_halflives(&halflives).unwrap();
    one.set_state(&x, &v, &g, &q).unwrap();
    let mut many = one.clone();
    for _ in 0..10 {
        one.update(1.0 / 60.0).unwrap();
        many.update_with_grain(1.0 / 60.0, 1).unwrap();
    }
    assert_eq!(one.x(), many.x());
    assert_eq!(one.v(), many.v());

    let s: Vec<f32> = (0..n).map(|_| rng.log_range_f32(1.0, 1e3)).collect();
    let d: Vec<f32> = (0..n).map(|_| rng.log_range_f32(0.1, 1e2)).collect();
    let mut a = GeneralSprings::new(&s, &d).unwrap();
    a.x_mut().copy_from_slice(&x);
    let mut b = a.clone();
    a.update(0.02).unwrap();
    b.update_with_grain(0.02, 3).unwrap();
    assert_eq!(a.x(), b.x());
    assert_eq!(a.v(), b.v());

    let mut qa = QuatDecaySprings::new(n, 0.2).unwrap();
    for i in 0..n {
        qa.set(i, rng.quat_f32(), Vec3::ONE).unwrap();
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
