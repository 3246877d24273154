//! Checks shared by the hostile-input, property and soak tests: finite outputs, unit rotations.

use hooke_inertia::PoseBatch;

/// `Err` naming the first value of `batch` that is NaN or infinite, or the first rotation whose
/// length is not within `tolerance` of 1.
pub fn check_finite_unit(batch: &PoseBatch, tolerance: f32) -> Result<(), String> {
    let columns = [
        ("positions", batch.positions().to_vec3s()),
        ("velocities", batch.velocities().to_vec3s()),
        ("angular_velocities", batch.angular_velocities().to_vec3s()),
    ];
    for (name, values) in columns {
        if let Some(i) = values.iter().position(|v| !v.is_finite()) {
            return Err(format!("{name}[{i}] = {:?}", values[i]));
        }
    }
    for (i, q) in batch.rotations().to_quats().iter().enumerate() {
        if !q.is_finite() || (q.length() - 1.0).abs() > tolerance {
            return Err(format!("rotations[{i}] = {q:?}, length {}", q.length()));
        }
    }
    for (name, c) in [
        ("curves", batch.curves()),
        ("curve_velocities", batch.curve_velocities()),
    ] {
        if let Some(i) = c.as_slice().iter().position(|x| !x.is_finite()) {
            return Err(format!("{name}[{i}] = {}", c.as_slice()[i]));
        }
    }
    Ok(())
}
