//! General springs (per-spring stiffness and damping, mixed regimes): hooke vs scalar, peer, memory.

fn main() {
    hooke_benches::print_header("general");
    let mut c = criterion::Criterion::default().configure_from_args();
    hooke_benches::bench_general(&mut c);
    c.final_summary();
}
