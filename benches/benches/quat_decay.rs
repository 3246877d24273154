//! Quaternion decay springs (rotation offsets): hooke vs scalar, peer and memory.

fn main() {
    hooke_benches::print_header("quat_decay");
    let mut c = criterion::Criterion::default().configure_from_args();
    hooke_benches::bench_quat_decay(&mut c);
    c.final_summary();
}
