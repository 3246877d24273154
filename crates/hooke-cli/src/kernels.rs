//! The spring-kernel table of `hooke bench`: update throughput of `hooke::batch`'s spring types
//! (one million springs, multi-threaded), through their public API.

use std::io::Write;
use std::time::{Duration, Instant};

use hooke::ParamError;
use hooke::batch::{CriticalSprings, Dampers, GeneralSprings, QuatSprings};

use crate::CliError;

/// Springs per kind in the table.
const SPRINGS: usize = 1 << 20;

/// Times `update` until about `budget` has passed; returns million springs per second.
fn throughput(
    mut update: impl FnMut() -> Result<(), ParamError>,
    budget: Duration,
) -> Result<f64, ParamError> {
    update()?; // warm up (page faults, thread pool)
    let start = Instant::now();
    let mut rounds = 0_u32;
    while start.elapsed() < budget || rounds == 0 {
        update()?;
        rounds += 1;
    }
    Ok(f64::from(rounds) * SPRINGS as f64 / start.elapsed().as_secs_f64() / 1e6)
}

/// Prints the table: one line per spring kind.
pub fn run(out: &mut dyn Write) -> Result<(), CliError> {
    let dt = 1.0 / 60.0;
    let budget = Duration::from_millis(150);
    let failed = |e: ParamError| CliError::Failure(e.to_string());
    let mut dampers = Dampers::new(SPRINGS, 0.1).map_err(failed)?;
    let mut critical = CriticalSprings::new(SPRINGS, 0.1).map_err(failed)?;
    let stiffness = vec![40.0_f32; SPRINGS];
    let damping = vec![4.0_f32; SPRINGS];
    let mut general = GeneralSprings::new(&stiffness, &damping).map_err(failed)?;
    let mut quats = QuatSprings::new(SPRINGS, 0.1).map_err(failed)?;
    let rows = [
        ("damper", throughput(|| dampers.update(dt), budget)),
        (
            "critical spring",
            throughput(|| critical.par_update(dt), budget),
        ),
        ("general spring", throughput(|| general.update(dt), budget)),
        ("quaternion spring", throughput(|| quats.update(dt), budget)),
    ];
    let io = CliError::Stdout;
    writeln!(out, "spring kernels, {SPRINGS} springs, M springs/s:").map_err(io)?;
    for (name, rate) in rows {
        writeln!(out, "  {name:<18} {:>9.1}", rate.map_err(failed)?).map_err(io)?;
    }
    Ok(())
}
