//! Diagnostic: per-spring-halflife kernels with a frame time that changes every frame, against
//! the shared-coefficient kernel and the peer's plain loop, 16k springs. Prints ns/spring and the
//! ratio to the peer. Run one variant alone (argument `critical`, `decay`, `damper`, `shared`,
//! `quat`, `quat_decay`, `peer`, `peer_decay`) under `valgrind --tool=callgrind` to count instructions per spring.
//!
//! `cargo run --release -p hooke-benches --example rate_kernels [variant] [frames]`

use std::hint::black_box;

use glam::Quat;
use hooke::batch::{CriticalSprings, Dampers, DecaySprings, QuatDecaySprings, QuatSprings};
use hooke_benches::workloads::critical::Inputs;

const N: usize = 1 << 14;

fn time(frames: u64, step: impl FnMut(f32)) -> f64 {
    hooke_benches::ns_per_element(N, frames, step)
}

fn main() {
    let (want, frames) = hooke_benches::example_args();
    let inputs = Inputs::new(N);
    let mut results = Vec::new();
    for _round in 0..3 {
        if want("peer") {
            let mut s: Vec<[f32; 5]> = (0..N)
                .map(|i| {
                    [
                        inputs.x[i],
                        inputs.v[i],
                        inputs.goal[i],
                        inputs.goal_velocity[i],
                        inputs.halflife[i],
                    ]
                })
                .collect();
            let ns = time(frames, |dt| {
                for s in &mut s {
                    let [mut x, mut v, g, q, h] = *s;
                    spring_damper::critical_spring_damper_exact(&mut x, &mut v, g, q, h, dt);
                    (s[0], s[1]) = (x, v);
                }
                black_box(&mut s);
            });
            results.push(("peer", ns));
        }
        if want("peer_decay") {
            let mut s: Vec<[f32; 3]> = (0..N)
                .map(|i| [inputs.x[i], inputs.v[i], inputs.halflife[i]])
                .collect();
            let ns = time(frames, |dt| {
                for s in &mut s {
                    let [mut x, mut v, h] = *s;
                    spring_damper::decay_spring_damper_exact(&mut x, &mut v, h, dt);
                    (s[0], s[1]) = (x, v);
                }
                black_box(&mut s);
            });
            results.push(("peer_decay", ns));
        }
        if want("critical") {
            let mut b = CriticalSprings::with_halflives(&inputs.halflife).expect("valid");
            b.set_state(&inputs.x, &inputs.v, &inputs.goal, &inputs.goal_velocity)
                .expect("len");
            let ns = time(frames, |dt| b.update(dt).expect("dt"));
            results.push(("critical", ns));
        }
        if want("shared") {
            let mut b = CriticalSprings::new(N, 0.2).expect("valid");
            b.set_state(&inputs.x, &inputs.v, &inputs.goal, &inputs.goal_velocity)
                .expect("len");
            let ns = time(frames, |dt| b.update(dt).expect("dt"));
            results.push(("shared", ns));
        }
        if want("decay") {
            let mut b = DecaySprings::with_halflives(&inputs.halflife).expect("valid");
            b.x_mut().copy_from_slice(&inputs.x);
            let ns = time(frames, |dt| b.update(dt).expect("dt"));
            results.push(("decay", ns));
        }
        if want("quat") {
            // Quaternion springs toward goals half a turn or less away, one halflife each.
            let mut b = QuatSprings::with_halflives(&inputs.halflife).expect("valid");
            let goals: Vec<Quat> = inputs
                .goal
                .iter()
                .map(|&g| Quat::from_rotation_y(3.0 * g))
                .collect();
            b.set_goals(&goals).expect("len");
            let ns = time(frames, |dt| b.update(dt).expect("dt"));
            results.push(("quat", ns));
        }
        if want("quat_decay") {
            // Rotation offsets decaying toward the identity, one halflife each.
            let mut b = QuatDecaySprings::with_halflives(&inputs.halflife).expect("valid");
            for (i, &x) in inputs.x.iter().enumerate() {
                let offset = Quat::from_rotation_y(3.0 * x);
                b.set(i, offset, glam::Vec3::new(x, 1.0, -x)).expect("unit");
            }
            let ns = time(frames, |dt| b.update(dt).expect("dt"));
            results.push(("quat_decay", ns));
        }
        if want("damper") {
            let mut b = Dampers::with_halflives(&inputs.halflife).expect("valid");
            let ns = time(frames, |dt| b.update(dt).expect("dt"));
            results.push(("damper", ns));
        }
    }
    for (name, ns) in &results {
        println!("{name:10} {ns:8.3} ns/spring");
    }
}
