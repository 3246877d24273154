//! The workloads of each kernel: hooke's batch types (variants a and b), the source-style scalar
//! loop (c), the peer crate (d) and the traffic-only kernels (e and f).

pub mod critical;
pub mod decay;
pub mod general;
pub mod quat;
pub mod settled;
pub mod smooth_damp;

#[cfg(test)]
mod tests;

use hooke::column::Column;

/// A column holding `values` (padding 0).
pub(crate) fn column(values: &[f32]) -> Column {
    Column::from_slice(values)
}
