//! Smooth damp (per-value smooth time and max speed): hooke vs its scalar loop, Unity's formula
//! and memory.

fn main() {
    hooke_benches::print_header("smooth_damp");
    let mut c = criterion::Criterion::default().configure_from_args();
    hooke_benches::bench_smooth_damp(&mut c);
    c.final_summary();
}
