//! Critical springs (goal + goal velocity, shared halflife): hooke vs scalar, peer and memory.

fn main() {
    hooke_benches::print_header("critical");
    let mut c = criterion::Criterion::default().configure_from_args();
    hooke_benches::bench_critical(&mut c);
    c.final_summary();
}
