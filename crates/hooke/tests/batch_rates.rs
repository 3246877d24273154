//! The per-frame rate kernels (per-spring halflives, `dt` changing every frame) against their
//! scalar twins, the saturating slow path of every batch kernel, and thread-split invariance.

use hooke::batch::{CriticalSprings, Dampers, DecaySprings};
use hooke::scalar;

mod reference;
use reference::{Rng, shared_or_per_spring, ulp_f32 as ulp};

/// The error allowed after each step: the bound of docs/math.md §4.2 (with a few ulps of the result
/// for the per-step rounding, §4.4), measured against the scalar twin from the same state.
#[track_caller]
fn assert_close(what: &str, got: f32, want: f32, scale: f32) {
    assert!(got.is_finite(), "{what}: {got}");
    let diff = (got - want).abs();
    assert!(
        diff <= 4.0 * ulp(want.abs().max(got.abs())) || diff <= 2e-6 * scale,
        "{what}: batch {got} vs scalar {want} (diff {diff}, scale {scale})"
    );
}

fn frame_dt(rng: &mut Rng, frame: usize) -> f32 {
    match frame % 9 {
        0 => 0.0,
        1 => rng.log_range_f32(1e-6, 1e-3),
        2 => rng.log_range_f32(1.0, 1e3),
        _ => rng.range_f32(1.0 / 240.0, 1.0 / 20.0),
    }
}

#[test]
fn rate_kernels_follow_the_scalar_twin_under_a_changing_dt() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for n in [1, 7, 8, 9, 31, 33, 64, 100] {
        let halflives = rng.halflives_with_rigid(n, 13, 6);
        let mut critical = CriticalSprings::with_halflives(&halflives).unwrap();
        let mut decay = DecaySprings::with_halflives(&halflives).unwrap();
        let mut dampers = Dampers::with_halflives(&halflives).unwrap();
        for frame in 0..40 {
            let x: Vec<f32> = (0..n).map(|_| rng.range_f32(-10.0, 10.0)).collect();
            let v: Vec<f32> = (0..n).map(|_| rng.range_f32(-50.0, 50.0)).collect();
            let g: Vec<f32> = (0..n).map(|_| rng.range_f32(-10.0, 10.0)).collect();
            let q: Vec<f32> = (0..n).map(|_| rng.range_f32(-5.0, 5.0)).collect();
            let dt = frame_dt(&mut rng, frame);
            critical.set_state(&x, &v, &g, &q).unwrap();
            critical.update(dt).unwrap();
            decay.set_state(&x, &v).unwrap();
            decay.update(dt).unwrap();
            dampers.set_state(&x, &g).unwrap();
            dampers.update(dt).unwrap();
            for i in 0..n {
                let h = halflives[i];
                let scale = x[i].abs() + g[i].abs() + (v[i].abs() + q[i].abs()) * (1.0 + dt);
                let vscale = scale * (1.0 + 4.0 * std::f32::consts::LN_2 / h.max(1e-3));
                let what = format!("n={n} frame={frame} dt={dt} h={h} [{i}]");
                let (mut sx, mut sv) = (x[i], v[i]);
                scalar::critical_spring_damper_exact(&mut sx, &mut sv, g[i], q[i], h, dt);
                assert_close(&format!("critical x {what}"), critical.x()[i], sx, scale);
                assert_close(&format!("critical v {what}"), critical.v()[i], sv, vscale);
                let (mut dx, mut dv) = (x[i], v[i]);
                scalar::decay_spring_damper_exact(&mut dx, &mut dv, h, dt);
                assert_close(&format!("decay x {what}"), decay.x()[i], dx, scale);
                assert_close(&format!("decay v {what}"), decay.v()[i], dv, vscale);
                let want = scalar::damper_exact(x[i], g[i], h, dt);
                assert_close(&format!("damper {what}"), dampers.x()[i], want, scale);
                if dt == 0.0 {
                    assert_eq!(critical.x()[i].to_bits(), x[i].to_bits(), "{what}");
                    assert_eq!(dampers.x()[i].to_bits(), x[i].to_bits(), "{what}");
                }
            }
        }
    }
}

#[test]
fn rate_kernels_are_bit_identical_for_any_thread_split() {
    let mut rng = Rng::new(42);
    let n = 5000;
    let halflives: Vec<f32> = (0..n).map(|_| rng.log_range_f32(1e-3, 10.0)).collect();
    let x: Vec<f32> = (0..n).map(|_| rng.range_f32(-10.0, 10.0)).collect();
    let mut one = CriticalSprings::with_halflives(&halflives).unwrap();
    one.x_mut().copy_from_slice(&x);
    let mut split = one.clone();
    let mut d_one = Dampers::with_halflives(&halflives).unwrap();
    d_one.goal_mut().copy_from_slice(&x);
    let mut d_split = d_one.clone();
    for frame in 0..20 {
        let dt = frame_dt(&mut rng, frame);
        one.update(dt).unwrap();
        split.update_with_grain(dt, 1 + frame % 3).unwrap();
        d_one.update(dt).unwrap();
        d_split.update_with_grain(dt, 1 + frame % 3).unwrap();
    }
    assert_eq!(one.x(), split.x());
    assert_eq!(one.v(), split.v());
    assert_eq!(d_one.x(), d_split.x());
}

#[test]
fn decay_springs_saturate_at_f32_max_instead_of_returning_inf() {
    // Issue 7: x = 0, v = 3e38, halflife 1e6, dt = 1e6 gave inf; the scalar twin saturates.
    let (mut sx, mut sv) = (0.0_f32, 3e38_f32);
    scalar::decay_spring_damper_exact(&mut sx, &mut sv, 1e6, 1e6);
    let mut shared = DecaySprings::new(9, 1e6).unwrap();
    let mut per = DecaySprings::with_halflives(&[1e6; 9]).unwrap();
    for d in [&mut shared, &mut per] {
        d.v_mut().fill(3e38);
        d.update(1e6).unwrap();
        for (&x, &v) in d.x().iter().zip(d.v()) {
            assert!(x.is_finite() && v.is_finite(), "{x} {v}");
            assert_eq!(x, f32::MAX);
            assert_close("decay v", v, sv, 3e38);
        }
    }
    assert_eq!(sx, f32::MAX);
}

#[test]
fn dampers_at_plus_minus_3e38_stay_finite_and_dt_zero_returns_x() {
    for per_spring in [false, true] {
        let halflives = (0.1, &[0.1; 11][..]);
        let mut d =
            shared_or_per_spring(per_spring, halflives, Dampers::new, Dampers::with_halflives);
        d.x_mut().fill(3e38);
        d.goal_mut().fill(-3e38);
        d.update(0.0).unwrap();
        assert!(d.x().iter().all(|&x| x == 3e38), "dt = 0 returns x");
        d.update(0.1).unwrap();
        for &x in d.x() {
            assert!(x.is_finite(), "{x}");
            assert!((x - 0.0).abs() <= 1e33, "halfway between +-3e38: {x}");
        }
        d.update(1e30).unwrap();
        for &x in d.x() {
            assert_close("damper converged", x, -3e38, 3e38);
        }
    }
}

#[test]
fn simple_and_decay_kernels_saturate_like_their_scalar_twins() {
    use hooke::SpringCoeffs;
    use hooke::column::Column;
    use hooke::lanes::{LaneCoeffs, decay_shared, simple_shared};
    let c = SpringCoeffs::critical(1e6, 1e6);
    let (mut x, mut v) = (Column::new(11, 0.0), Column::new(11, 3e38));
    decay_shared(x.lanes_mut(), v.lanes_mut(), &LaneCoeffs::splat(&c));
    assert!(x.as_slice().iter().all(|&x| x == f32::MAX));
    let (mut x, mut v, g) = (
        Column::new(11, -3e38),
        Column::new(11, -3e38),
        Column::new(11, 3e38),
    );
    simple_shared(
        x.lanes_mut(),
        v.lanes_mut(),
        g.lanes(),
        &LaneCoeffs::splat(&c),
    );
    let (mut sx, mut sv) = (-3e38_f32, -3e38_f32);
    c.apply(&mut sx, &mut sv, 3e38, 0.0);
    for (&bx, &bv) in x.as_slice().iter().zip(v.as_slice()) {
        assert!(bx.is_finite() && bv.is_finite());
        assert_eq!((bx, bv), (sx, sv));
    }
}

/// Per-spring halflives that are all equal step like the shared halflife (the per-frame `f32`
/// response against the cached `f64` coefficients, `docs/math.md` §1.2): within the tolerance of
/// the scalar comparisons above, one step from the same random states, for frame times on both
/// sides of the switch at `z = 1/2`, tiny and huge ones, toward goals with and without goal
/// velocities, and for decays; the chunks of 16 lane groups and the tail are all exercised.
#[test]
fn equal_per_spring_halflives_step_like_the_shared_halflife() {
    let mut rng = Rng::new(0x5EED_0018);
    for n in [1, 8, 127, 128, 129, 300] {
        for h in [1e-3, 0.05, 0.2, 2.0, 1e4] {
            let mut shared = CriticalSprings::new(n, h).unwrap();
            let mut per = CriticalSprings::with_halflives(&vec![h; n]).unwrap();
            let mut shared_decay = DecaySprings::new(n, h).unwrap();
            let mut per_decay = DecaySprings::with_halflives(&vec![h; n]).unwrap();
            for dt in [
                1e-30,
                1e-6,
                1.0 / 240.0,
                1.0 / 60.0,
                0.1,
                0.5,
                3.0,
                1e3,
                1e30,
            ] {
                let x: Vec<f32> = (0..n).map(|_| rng.range_f32(-10.0, 10.0)).collect();
                let v: Vec<f32> = (0..n).map(|_| rng.range_f32(-50.0, 50.0)).collect();
                let g: Vec<f32> = (0..n).map(|_| rng.range_f32(-10.0, 10.0)).collect();
                let q: Vec<f32> = (0..n).map(|_| rng.range_f32(-5.0, 5.0)).collect();
                for b in [&mut shared, &mut per] {
                    b.set_state(&x, &v, &g, &q).unwrap();
                    b.update(dt).unwrap();
                }
                for b in [&mut shared_decay, &mut per_decay] {
                    b.set_state(&x, &v).unwrap();
                    b.update(dt).unwrap();
                }
                for i in 0..n {
                    let scale = x[i].abs() + g[i].abs() + (v[i].abs() + q[i].abs()) * (1.0 + dt);
                    let vscale = scale * (1.0 + 4.0 * std::f32::consts::LN_2 / h);
                    let what = format!("n={n} h={h} dt={dt} [{i}]");
                    assert_close(&format!("x {what}"), per.x()[i], shared.x()[i], scale);
                    assert_close(&format!("v {what}"), per.v()[i], shared.v()[i], vscale);
                    let (px, sx) = (per_decay.x()[i], shared_decay.x()[i]);
                    assert_close(&format!("decay x {what}"), px, sx, scale);
                    let (pv, sv) = (per_decay.v()[i], shared_decay.v()[i]);
                    assert_close(&format!("decay v {what}"), pv, sv, vscale);
                }
            }
        }
    }
}
