//! Arbitrary finite state and parameters: the scalar springs never write NaN into the state, and
//! `dt = 0` leaves it unchanged bit for bit.
#![no_main]

use hooke::scalar;
use libfuzzer_sys::fuzz_target;

fn floats(data: &[u8]) -> impl Iterator<Item = f32> + '_ {
    data.chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
}

fuzz_target!(|data: &[u8]| {
    let v: Vec<f32> = floats(data).collect();
    if v.len() < 7 {
        return;
    }
    // State and goals: finite and of animation-like magnitude (|x| <= 1e6), where overflow of
    // the true answer is impossible.
    let bounded = |x: f32| {
        if x.is_finite() {
            x.clamp(-1e6, 1e6)
        } else {
            0.0
        }
    };
    let (x0, v0, g, q) = (bounded(v[0]), bounded(v[1]), bounded(v[2]), bounded(v[3]));
    // Parameters: anything at all, including NaN, infinities and negatives.
    let (p1, p2, dt) = (v[4], v[5], v[6]);

    let check = |name: &str, x: f32, v: f32| {
        assert!(
            !x.is_nan() && !v.is_nan(),
            "{name}: NaN from x0={x0} v0={v0} g={g} q={q} p=({p1}, {p2}) dt={dt}"
        );
    };
    let (mut x, mut vel) = (x0, v0);
    scalar::spring_damper_exact_stiffness_damping(&mut x, &mut vel, g, q, p1, p2, dt);
    check("stiffness_damping", x, vel);
    let (mut x, mut vel) = (x0, v0);
    scalar::spring_damper_exact(&mut x, &mut vel, g, q, p1, p2, dt);
    check("frequency_halflife", x, vel);
    let (mut x, mut vel) = (x0, v0);
    scalar::spring_damper_exact_ratio(&mut x, &mut vel, g, q, p1, p2, dt);
    check("ratio", x, vel);
    let (mut x, mut vel) = (x0, v0);
    scalar::critical_spring_damper_exact(&mut x, &mut vel, g, q, p1, dt);
    check("critical", x, vel);
    assert!(!scalar::damper_exact(x0, g, p1, dt).is_nan());

    let (mut x, mut vel) = (x0, v0);
    scalar::critical_spring_damper_exact(&mut x, &mut vel, g, q, p1, 0.0);
    assert_eq!((x.to_bits(), vel.to_bits()), (x0.to_bits(), v0.to_bits()));
});
