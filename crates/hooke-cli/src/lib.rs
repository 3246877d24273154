//! The `hooke` command-line tool as a library: argument parsing and checking ([`parse_from`],
//! [`Plan`]), and running a parsed command ([`run`]). The `hooke` binary is a thin `main` over
//! this; the fuzz target `cli_args` drives the same parsing and checking.
//!
//! Exit statuses: 0 on success (also when the reader of standard output stops early, as
//! `hooke inertialize | head -1` does), 2 for usage and input errors ([`CliError::Input`]: a bad
//! argument, a clip that cannot be read or does not fit, an output that would clobber a file),
//! 1 when the run itself fails.
//!
//! ```
//! let cli = hooke_cli::parse_from(["hooke", "table", "--halflife", "0.1"])?;
//! let mut out = Vec::new();
//! hooke_cli::run(cli, &mut out)?;
//! assert!(String::from_utf8(out).unwrap().contains("critical"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod args;
mod error;
mod inertialize;
mod output;
mod plan;
mod plot;
mod table;

use std::io::Write;

pub use args::{Cli, Command, MAX_CHARACTERS, MAX_SECONDS, parse_from};
pub use error::CliError;
pub use plan::{MAX_BONE_LANES, MAX_BONE_UPDATES, MAX_FRAMES, Plan};

/// Runs a parsed command, writing its report to `out` (standard output in the binary).
///
/// ```
/// let cli = hooke_cli::parse_from(["hooke", "inertialize", "--clip-a", "/no/such.bvh"])?;
/// let err = hooke_cli::run(cli, &mut Vec::new()).unwrap_err();
/// assert_eq!(err.exit_code(), 2);
/// assert!(err.to_string().contains("/no/such.bvh"), "{err}");
/// # Ok::<(), clap::Error>(())
/// ```
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match cli.command {
        Command::Inertialize {
            clip_a,
            clip_b,
            characters,
            seconds,
            halflife,
            switch_every,
            plot,
            force,
            single_thread,
        } => inertialize::run(
            &inertialize::Settings {
                clips: [clip_a, clip_b],
                characters,
                seconds,
                halflife,
                switch_every,
                plot,
                force,
                single_thread,
            },
            out,
        ),
        Command::Table { halflife } => table::run(halflife, out),
        Command::Plot { out: folder, force } => plot::run(&folder, force, out),
    }
}
