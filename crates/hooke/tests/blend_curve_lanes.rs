//! The blend curves and the dead-blend cross-fade in lanes (`BlendCurve::eval_lanes`,
//! `simd::cross_fade8`) against their `f64` twins (`BlendCurve::eval`, `scalar::cross_fade`),
//! lane by lane, ends and clamping included.

mod reference;

use hooke::scalar::{BlendCurve, cross_fade, cross_fade_velocity};
use hooke::simd::{cross_fade_velocity8, cross_fade8};
use reference::Rng;
use wide::f32x8;

fn curves() -> Vec<BlendCurve> {
    vec![
        BlendCurve::Smoothstep,
        BlendCurve::Linear,
        BlendCurve::Smootherstep,
        BlendCurve::table(&[0.0, 0.1, 0.4, 0.8, 1.0]).unwrap(),
    ]
}

#[test]
fn eval_lanes_matches_eval_in_every_lane() {
    let mut rng = Rng::new(21);
    // Ends, outside [0, 1] (clamped) and random progress.
    let mut values = vec![0.0_f32, 1.0, -0.5, 1.5, 0.5, 0.25, 0.75, 1e-7];
    values.extend((0..800).map(|_| rng.range(-0.1, 1.1) as f32));
    for curve in curves() {
        for chunk in values.chunks_exact(8) {
            let (w, dw) = curve.eval_lanes(f32x8::new(chunk.try_into().unwrap()));
            for (k, &s) in chunk.iter().enumerate() {
                let (want_w, want_dw) = curve.eval(f64::from(s));
                let (got_w, got_dw) = (w.to_array()[k], dw.to_array()[k]);
                // f32 evaluation of the same polynomials: a few ulps (Smootherstep's cancelling
                // terms near s = 1 round up to 5e-7, slightly above 1).
                assert!(
                    (f64::from(got_w) - want_w).abs() <= 1e-6,
                    "{curve:?} w({s}) = {got_w}, f64 {want_w}"
                );
                assert!(
                    (f64::from(got_dw) - want_dw).abs() <= 2e-6,
                    "{curve:?} w'({s}) = {got_dw}, f64 {want_dw}"
                );
            }
        }
        // The ends are exact.
        let (w, dw) = curve.eval_lanes(f32x8::ZERO);
        assert_eq!(w.to_array(), [0.0; 8]);
        assert_eq!(f64::from(dw.to_array()[0]), curve.eval(0.0).1);
        assert_eq!(curve.eval_lanes(f32x8::ONE).0.to_array(), [1.0; 8]);
    }
}

#[test]
fn cross_fade8_matches_the_f64_cross_fade() {
    let mut rng = Rng::new(6);
    let mut lanes = |a: f64, b: f64| [(); 8].map(|_| rng.range(a, b) as f32);
    for _ in 0..200 {
        let (ex, ev, lx, lv, gap) = (
            lanes(-10.0, 10.0),
            lanes(-10.0, 10.0),
            lanes(-10.0, 10.0),
            lanes(-10.0, 10.0),
            lanes(-3.0, 3.0),
        );
        let (w, dw) = (lanes(0.0, 1.0), lanes(0.0, 10.0));
        let f = f32x8::new;
        let (x, v) = cross_fade8((f(ex), f(ev)), (f(lx), f(lv)), (f(w), f(dw)));
        let rv = cross_fade_velocity8(f(ev), f(lv), f(gap), (f(w), f(dw)));
        for k in 0..8 {
            let d = |a: [f32; 8]| f64::from(a[k]);
            let weight = (d(w), d(dw));
            let (want_x, want_v) = cross_fade((d(ex), d(ev)), (d(lx), d(lv)), weight);
            let want_rv = cross_fade_velocity(d(ev), d(lv), d(gap), weight);
            // f32 rounding of a few operations on values up to ~220.
            assert!((f64::from(x.to_array()[k]) - want_x).abs() <= 1e-5 * (1.0 + want_x.abs()));
            assert!((f64::from(v.to_array()[k]) - want_v).abs() <= 1e-5 * (1.0 + want_v.abs()));
            assert!((f64::from(rv.to_array()[k]) - want_rv).abs() <= 1e-5 * (1.0 + want_rv.abs()));
        }
    }
    // Weight 0 gives the extrapolated value, weight 1 the live one.
    let (a, b) = (f32x8::splat(3.0), f32x8::splat(-2.0));
    assert_eq!(
        cross_fade8((a, a), (b, b), (f32x8::ZERO, f32x8::ZERO)),
        (a, a)
    );
    assert_eq!(
        cross_fade8((a, a), (b, b), (f32x8::ONE, f32x8::ZERO)),
        (b, b)
    );
}
