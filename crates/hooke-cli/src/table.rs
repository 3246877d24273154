//! `hooke table`: step responses of the spring family, as text.

use std::io::Write;

use hooke::SpringParams;
use hooke::scalar::{damper_exact, spring_damper_exact_stiffness_damping};

use crate::CliError;

/// Prints the responses of a damper and four springs, from 0 toward 1, sampled every 0.1 s.
pub fn run(halflife: f32, out: &mut dyn Write) -> Result<(), CliError> {
    let dt = 1.0 / 60.0;
    let springs = [
        ("critical", SpringParams::critical(halflife)),
        ("r=0.3", SpringParams::damping_ratio_halflife(0.3, halflife)),
        ("r=3", SpringParams::damping_ratio_halflife(3.0, halflife)),
        (
            "s=0",
            SpringParams::new(0.0, 4.0 * std::f32::consts::LN_2 / halflife.max(1e-6)),
        ),
    ];
    let mut rows = Vec::new();
    for (name, params) in springs {
        let params = params.map_err(|e| CliError::Input(format!("{name}: {e}")))?;
        rows.push((name, params.stiffness() as f32, params.damping() as f32));
    }
    let io = CliError::Stdout;
    crate::write_banner(out, "")?;
    writeln!(
        out,
        "Step response from x = 0 toward 1 (v0 = 1 for s=0), halflife {halflife} s, 60 Hz"
    )
    .map_err(io)?;
    write!(out, "{:>6} {:>9}", "t", "damper").map_err(io)?;
    for (name, _, _) in &rows {
        write!(out, " {name:>9}").map_err(io)?;
    }
    writeln!(out).map_err(io)?;
    let mut damper = 0.0_f32;
    let mut state: Vec<(f32, f32)> = rows
        .iter()
        .map(|(name, _, _)| (0.0, if *name == "s=0" { 1.0 } else { 0.0 }))
        .collect();
    for frame in 0..=60 {
        if frame % 6 == 0 {
            write!(out, "{:>6.2} {damper:>9.5}", frame as f32 * dt).map_err(io)?;
            for (x, _) in &state {
                write!(out, " {x:>9.5}").map_err(io)?;
            }
            writeln!(out).map_err(io)?;
        }
        damper = damper_exact(damper, 1.0, halflife, dt);
        for ((x, v), (_, s, d)) in state.iter_mut().zip(&rows) {
            spring_damper_exact_stiffness_damping(x, v, 1.0, 0.0, *s, *d, dt);
        }
    }
    Ok(())
}
