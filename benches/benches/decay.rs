//! Decay springs (toward 0, shared halflife): hooke vs scalar, peer and memory.

fn main() {
    hooke_benches::print_header("decay");
    let mut c = criterion::Criterion::default().configure_from_args();
    hooke_benches::bench_decay(&mut c);
    c.final_summary();
}
