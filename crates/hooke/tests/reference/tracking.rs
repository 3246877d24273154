//! The tracking spring's modes, for the tests of the scalar twin against the batches.

use hooke::lanes::TrackingMode;
use hooke::scalar::TrackingGains;

/// Every tracking mode.
pub const MODES: [TrackingMode; 3] = [
    TrackingMode::Full,
    TrackingMode::NoAcceleration,
    TrackingMode::PositionOnly,
];

/// The gains the scalar twin takes in `mode`.
pub fn gains_of(gains: TrackingGains, mode: TrackingMode) -> TrackingGains {
    match mode {
        TrackingMode::Full => gains,
        TrackingMode::NoAcceleration => gains.without_acceleration(),
        TrackingMode::PositionOnly => gains.without_velocity_acceleration(),
    }
}
