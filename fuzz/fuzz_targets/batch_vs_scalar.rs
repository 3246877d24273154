//! Arbitrary valid parameters: the general-spring batch equals the scalar reference lane by lane.
#![no_main]

use hooke::batch::GeneralSprings;
use hooke::scalar;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let v: Vec<f32> = data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .map(|x| if x.is_finite() { x } else { 0.0 })
        .collect();
    if v.len() < 5 {
        return;
    }
    let dt = v[0].abs().min(10.0);
    let n = (v.len() - 1) / 4;
    let lane = |i: usize, k: usize| v[1 + 4 * i + k];
    let stiffness: Vec<f32> = (0..n).map(|i| lane(i, 0).abs().min(1e4)).collect();
    let damping: Vec<f32> = (0..n).map(|i| lane(i, 1).abs().min(1e4)).collect();
    let Ok(mut batch) = GeneralSprings::new(&stiffness, &damping) else {
        return;
    };
    for i in 0..n {
        batch.x_mut()[i] = lane(i, 2).clamp(-1e3, 1e3);
        batch.v_mut()[i] = lane(i, 3).clamp(-1e3, 1e3);
    }
    let x0 = batch.x().to_vec();
    let v0 = batch.v().to_vec();
    batch.update(dt).expect("dt is valid");
    for i in 0..n {
        let (mut x, mut vel) = (x0[i], v0[i]);
        scalar::spring_damper_exact_stiffness_damping(
            &mut x,
            &mut vel,
            0.0,
            0.0,
            stiffness[i],
            damping[i],
            dt,
        );
        let scale = 1.0 + x0[i].abs() + v0[i].abs() * (1.0 + dt);
        let vscale = scale * (1.0 + damping[i] + stiffness[i].sqrt());
        assert!(
            (batch.x()[i] - x).abs() <= 1e-5 * scale,
            "x[{i}] {} vs {x}",
            batch.x()[i]
        );
        assert!(
            (batch.v()[i] - vel).abs() <= 1e-5 * vscale,
            "v[{i}] {} vs {vel}",
            batch.v()[i]
        );
        assert!(batch.x()[i].is_finite() && batch.v()[i].is_finite());
    }
});
