//! Settled vs moving: every batch type of `hooke::batch` at 65,536 springs, while moving and
//! after 40 s of simulated time on its goals (`docs/performance.md`, settled springs). A settled
//! batch must cost what a moving one costs: values that decay below the normal range of `f32`
//! are flushed (`docs/math.md` §4.6) instead of running on the CPU's subnormal slow path.

fn main() {
    hooke_benches::print_header("settled");
    let mut c = criterion::Criterion::default().configure_from_args();
    hooke_benches::bench_settled(&mut c);
    c.final_summary();
}
