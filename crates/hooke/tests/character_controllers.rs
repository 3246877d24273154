//! `CharacterControllers` against the scalar character controller
//! (`hooke::scalar::spring_character_update`), lane by lane: updates under a changing `dt` and
//! predictions at arbitrary horizons; bad input rejected with nothing written.

use hooke::ParamError;
use hooke::batch::CharacterControllers;
use hooke::scalar::spring_character_update;

mod reference;
use reference::{CHARACTER, Rng, assert_twin_close};

#[track_caller]
fn close(what: &str, got: f32, want: f32, scale: f32) {
    assert_twin_close(what, got, want, CHARACTER, scale);
}

#[test]
fn updates_and_predictions_follow_the_scalar_twin() {
    let mut rng = Rng::new(99);
    for n in (0..67).step_by(3) {
        let halflife = rng.range_f32(0.05, 0.5);
        let mut crowd = CharacterControllers::new(n, halflife).unwrap();
        let mut state: Vec<(f32, f32, f32)> = (0..n)
            .map(|_| {
                (
                    rng.range_f32(-5.0, 5.0),
                    rng.range_f32(-3.0, 3.0),
                    rng.range_f32(-10.0, 10.0),
                )
            })
            .collect();
        for (i, s) in state.iter().enumerate() {
            (crowd.x_mut()[i], crowd.v_mut()[i], crowd.a_mut()[i]) = *s;
        }
        for frame in 0..10 {
            let goals: Vec<f32> = (0..n).map(|_| rng.range_f32(-4.0, 4.0)).collect();
            crowd.v_goal_mut().copy_from_slice(&goals);
            let dt = [0.0, 1.0 / 60.0, 1.0 / 30.0, 0.5, 1.0 / 144.0][frame % 5];
            reference::step_alternating!(crowd, frame, dt);
            for i in 0..n {
                let (x, v, a) = &mut state[i];
                spring_character_update(x, v, a, goals[i], halflife, dt);
                let scale = x.abs() + v.abs() + a.abs() * dt;
                close("x", crowd.x()[i], *x, scale);
                close("v", crowd.v()[i], *v, v.abs() + a.abs());
                close("a", crowd.a()[i], *a, a.abs() + 1.0 / halflife);
                *x = crowd.x()[i];
                *v = crowd.v()[i];
                *a = crowd.a()[i];
            }
            let times = [0.0, 0.1, 0.35, 1.0, 2.5];
            let total = times.len() * n;
            let (mut px, mut pv, mut pa) = (vec![0.0; total], vec![0.0; total], vec![0.0; total]);
            crowd.predict(&times, &mut px, &mut pv, &mut pa).unwrap();
            for (h, &t) in times.iter().enumerate() {
                for i in 0..n {
                    let (mut x, mut v, mut a) = state[i];
                    spring_character_update(&mut x, &mut v, &mut a, goals[i], halflife, t);
                    let k = h * n + i;
                    close("px", px[k], x, x.abs() + 10.0 * t);
                    close("pv", pv[k], v, v.abs() + 10.0);
                    close("pa", pa[k], a, a.abs() + 10.0 / halflife);
                }
            }
        }
    }
}

#[test]
fn bad_input_is_rejected_and_nothing_written() {
    assert!(matches!(
        CharacterControllers::new(2, f32::NAN).unwrap_err(),
        ParamError::Invalid {
            name: "halflife",
            ..
        }
    ));
    let crowd = CharacterControllers::new(2, 0.2).unwrap();
    let (mut px, mut pv, mut pa) = (vec![7.0; 4], vec![7.0; 4], vec![7.0; 4]);
    let err = crowd
        .predict(&[0.1, -1.0], &mut px, &mut pv, &mut pa)
        .unwrap_err();
    assert!(matches!(
        err,
        ParamError::InvalidAt {
            name: "times",
            index: 1,
            ..
        }
    ));
    assert_eq!(px, vec![7.0; 4]);
    let err = crowd
        .predict(&[0.1], &mut px, &mut pv, &mut pa)
        .unwrap_err();
    assert!(matches!(err, ParamError::LengthMismatch { name: "px", .. }));
    let mut crowd = crowd;
    for dt in [-1.0, f32::NAN, f32::INFINITY] {
        assert!(crowd.update(dt).is_err());
    }
    assert!(matches!(
        CharacterControllers::new(usize::MAX, 0.2).unwrap_err(),
        ParamError::OutOfMemory { .. }
    ));
}
