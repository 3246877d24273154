//! Diagnostic: the per-spring-halflife batches of the family (extrapolation, character, double,
//! velocity) against their shared-halflife twins, `dt` changing every frame, 16k springs; prints
//! ns/spring. Run one variant alone under `valgrind --tool=callgrind` to count instructions.
//!
//! `cargo run --release -p hooke-benches --example family_rates [variant] [frames]`

use hooke::batch::{CharacterControllers, DoubleSprings, Extrapolators, VelocitySprings};
use hooke_benches::Rng;

const N: usize = 1 << 14;

fn time(frames: u64, step: impl FnMut(f32)) -> f64 {
    hooke_benches::ns_per_element(N, frames, step)
}

/// Times the batch that `make` builds (only if `{family}_{name}` is wanted) and prints its
/// ns/spring.
fn report<S: FnMut(f32)>(
    want: &impl Fn(&str) -> bool,
    frames: u64,
    family: &str,
    name: &str,
    make: impl FnOnce() -> S,
) {
    if want(&format!("{family}_{name}")) {
        println!("{family} {name}: {:.3} ns", time(frames, make()));
    }
}

fn main() {
    let (want, frames) = hooke_benches::example_args();
    let mut rng = Rng::new(9);
    let hs: Vec<f32> = (0..N).map(|_| rng.range(0.1, 0.3)).collect();
    let goal = rng.vec(N, -10.0, 10.0);
    for (name, per) in [("shared", false), ("halflives", true)] {
        report(&want, frames, "extrapolate", name, || {
            let mut e = if per {
                Extrapolators::with_halflives(&hs)
            } else {
                Extrapolators::new(N, 0.2)
            }
            .unwrap();
            e.v_mut().copy_from_slice(&goal);
            move |dt| e.update(dt).unwrap()
        });
        report(&want, frames, "character", name, || {
            let mut c = if per {
                CharacterControllers::with_halflives(&hs)
            } else {
                CharacterControllers::new(N, 0.2)
            }
            .unwrap();
            c.v_goal_mut().copy_from_slice(&goal);
            move |dt| c.update(dt).unwrap()
        });
        report(&want, frames, "double", name, || {
            let mut d = if per {
                DoubleSprings::with_halflives(&hs)
            } else {
                DoubleSprings::new(N, 0.2)
            }
            .unwrap();
            d.goal_mut().copy_from_slice(&goal);
            move |dt| d.update(dt).unwrap()
        });
        report(&want, frames, "velocity", name, || {
            let hv: Vec<f32> = hs.iter().map(|h| h / 4.0).collect();
            let mut s = if per {
                VelocitySprings::with_halflives(&hv, 2.0)
            } else {
                VelocitySprings::new(N, 0.05, 2.0)
            }
            .unwrap();
            s.goal_mut().copy_from_slice(&goal);
            s.max_velocity_mut().fill(4.0);
            move |dt| s.update(dt).unwrap()
        });
    }
}
