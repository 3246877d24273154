//! `hooke`: the command-line tool of the hooke spring library (see the `hooke_cli` library).

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use hooke_cli::{Cli, CliError};

fn main() -> ExitCode {
    // Usage errors exit with status 2 here, with clap's message.
    let cli = Cli::parse();
    let mut stdout = std::io::stdout().lock();
    let result =
        hooke_cli::run(cli, &mut stdout).and_then(|()| stdout.flush().map_err(CliError::Stdout));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader has what it wanted (`hooke inertialize | head -1`): stop quietly.
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            // Nothing sensible is left to do if stderr cannot be written either.
            let _ = writeln!(std::io::stderr(), "hooke: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
