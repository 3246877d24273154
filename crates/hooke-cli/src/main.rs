//! `hooke`: the command-line tool of the hooke spring library.

mod inertialize;
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
    /// The main job: a crowd switching between the bundled CMU clips, inertialized. Reports the
    /// update speed and the pop reduction against hard cuts.
    Inertialize {
        /// The first clip.
        #[arg(long, default_value_os_t = default_clip("01_01.bvh"))]
        clip_a: PathBuf,
        /// The second clip (same skeleton).
        #[arg(long, default_value_os_t = default_clip("01_03.bvh"))]
        clip_b: PathBuf,
        /// Number of characters.
        #[arg(long, default_value_t = 1000)]
        characters: usize,
        /// Simulated seconds.
        #[arg(long, default_value_t = 10.0)]
        seconds: f32,
        /// Inertialization halflife, in seconds.
        #[arg(long, default_value_t = 0.1)]
        halflife: f32,
        /// Seconds between two switches of a character.
        #[arg(long, default_value_t = 1.0)]
        switch_every: f32,
        /// Write an SVG plot of one joint of character 0 here.
        #[arg(long)]
        plot: Option<PathBuf>,
        /// Run the update on the calling thread only.
        #[arg(long)]
        single_thread: bool,
    },
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

/// The bundled clip `name`: `data/cmu/name` under the current folder if it is there (running
/// from the repository), else beside this crate's sources.
fn default_clip(name: &str) -> PathBuf {
    let here = PathBuf::from("data/cmu").join(name);
    if here.exists() {
        here
    } else {
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu")).join(name)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Inertialize {
            clip_a,
            clip_b,
            characters,
            seconds,
            halflife,
            switch_every,
            plot,
            single_thread,
        } => inertialize::run(&inertialize::Settings {
            clips: [clip_a, clip_b],
            characters,
            seconds,
            halflife,
            switch_every,
            plot,
            single_thread,
        }),
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
