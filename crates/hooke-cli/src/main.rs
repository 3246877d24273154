//! `hooke`: the command-line tool of the hooke spring library.

mod plot;
mod table;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exact springs and inertialization for animation.
#[derive(Debug, Parser)]
#[command(name = "hooke", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print a table of step responses (damper, critical, under- and over-damped springs).
    Table {
        /// Halflife of the springs, in seconds.
        #[arg(long, default_value_t = 0.2)]
        halflife: f32,
    },
    /// Write SVG plots of spring responses (and dt-invariance) into a folder.
    Plot {
        /// Output folder.
        #[arg(long, default_value = "docs/img")]
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Table { halflife } => table::run(halflife),
        Command::Plot { out } => plot::run(&out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("hooke: {message}");
            ExitCode::FAILURE
        }
    }
}
