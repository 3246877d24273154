//! Prints a small table of spring responses: the main job until the `hooke` CLI exists.
//!
//! Run with `cargo run --release -p hooke --example spring_table`.

use hooke::scalar::{
    critical_spring_damper_exact, damper_exact, spring_damper_exact_ratio,
    spring_damper_exact_stiffness_damping,
};

fn main() {
    println!(
        "hooke {} — SIMD path: {}",
        env!("CARGO_PKG_VERSION"),
        hooke::simd_backend().name()
    );
    println!(
        "Step response from x = 0 toward goal 1, halflife 0.2 s, sampled every 0.1 s at 60 Hz"
    );
    println!(
        "{:>6} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "t", "damper", "critical", "r=0.3", "r=3", "s=0,d=5"
    );
    let dt = 1.0 / 60.0;
    let (mut d, mut c, mut cv) = (0.0_f32, 0.0_f32, 0.0_f32);
    let (mut u, mut uv, mut o, mut ov) = (0.0_f32, 0.0_f32, 0.0_f32, 0.0_f32);
    let (mut p, mut pv) = (0.0_f32, 1.0_f32);
    for frame in 0..=60 {
        if frame % 6 == 0 {
            let t = frame as f32 * dt;
            println!("{t:>6.2} {d:>9.5} {c:>9.5} {u:>9.5} {o:>9.5} {p:>9.5}");
        }
        d = damper_exact(d, 1.0, 0.2, dt);
        critical_spring_damper_exact(&mut c, &mut cv, 1.0, 0.0, 0.2, dt);
        spring_damper_exact_ratio(&mut u, &mut uv, 1.0, 0.0, 0.3, 0.2, dt);
        spring_damper_exact_ratio(&mut o, &mut ov, 1.0, 0.0, 3.0, 0.2, dt);
        spring_damper_exact_stiffness_damping(&mut p, &mut pv, 1.0, 0.0, 0.0, 5.0, dt);
    }
}
