//! Quaternion springs (rotations following critical springs toward per-spring goal rotations) at
//! 16,384 springs: hooke's `QuatSprings` with a shared halflife and with one halflife per spring,
//! against the peer crate `spring_damper` 0.1.1's `simple_spring_damper_exact_quat` in a plain
//! loop over an array of structs (halflife loop-invariant or read from the array), with a constant
//! and a changing `dt`. One frame per iteration; the state is not reset (springs that reached
//! their goals keep stepping at the same cost).

use criterion::Criterion;
use glam::{Quat, Vec3};
use hooke::batch::QuatSprings;
use hooke_benches::{HALFLIFE, Rng};

const N: usize = 1 << 14;

/// One spring of the peer's loop (glam 0.32, as `spring_damper` 0.1.1).
#[derive(Clone, Copy)]
struct PeerSpring {
    q: glam_peer::Quat,
    w: glam_peer::Vec3,
    goal: glam_peer::Quat,
    halflife: f32,
}

/// Benchmarks `step(dt)` with the constant frame time (`id`) and one changing every frame
/// (`{id}_jitter`).
fn both(c: &mut Criterion, id: &str, step: impl FnMut(f32)) {
    hooke_benches::bench_frames(c, "quat_spring", N, (id, true), step);
}

fn random_rotation(rng: &mut Rng) -> Quat {
    let axis = Vec3::new(
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    );
    Quat::from_axis_angle(axis.normalize_or(Vec3::X), rng.range(0.0, 3.0))
}

fn main() {
    hooke_benches::print_header("quat_spring");
    let mut c = Criterion::default().configure_from_args();
    let mut rng = Rng::new(12);
    let q: Vec<Quat> = (0..N).map(|_| random_rotation(&mut rng)).collect();
    let w: Vec<Vec3> = (0..N)
        .map(|_| Vec3::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0), 0.5))
        .collect();
    let goals: Vec<Quat> = (0..N).map(|_| random_rotation(&mut rng)).collect();
    let halflives = rng.vec(N, 0.1, 0.3);

    let mut shared = QuatSprings::new(N, HALFLIFE).unwrap();
    let mut per_spring = QuatSprings::with_halflives(&halflives).unwrap();
    for s in [&mut shared, &mut per_spring] {
        s.set_state(&q, &w).unwrap();
        s.set_goals(&goals).unwrap();
    }
    both(&mut c, "a_hooke", |dt| shared.update(dt).unwrap());
    both(&mut c, "a_hooke_halflives", |dt| {
        per_spring.update(dt).unwrap()
    });

    let peer = |i: usize| PeerSpring {
        q: glam_peer::Quat::from_array(q[i].to_array()),
        w: glam_peer::Vec3::from_array(w[i].to_array()),
        goal: glam_peer::Quat::from_array(goals[i].to_array()),
        halflife: halflives[i],
    };
    let mut springs: Vec<PeerSpring> = (0..N).map(peer).collect();
    both(&mut c, "d_spring_damper", |dt| {
        let halflife = HALFLIFE;
        for s in &mut springs {
            spring_damper::simple_spring_damper_exact_quat(
                &mut s.q, &mut s.w, s.goal, halflife, dt,
            );
        }
    });
    let mut springs: Vec<PeerSpring> = (0..N).map(peer).collect();
    both(&mut c, "d_spring_damper_halflives", |dt| {
        for s in &mut springs {
            let h = s.halflife;
            spring_damper::simple_spring_damper_exact_quat(&mut s.q, &mut s.w, s.goal, h, dt);
        }
    });
    c.final_summary();
}
