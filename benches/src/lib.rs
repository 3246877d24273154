//! Shared helpers of hooke's criterion benchmarks (see `benches/benches/`).
