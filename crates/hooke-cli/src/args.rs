//! The command line: clap definitions, and value parsers that check every number where it
//! enters (finite, in range), so a bad argument is a usage error (exit status 2) that says what
//! is wrong before anything runs.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// The most characters `hooke inertialize` simulates (about 500 MB of state with the bundled
/// 31-joint clips).
pub const MAX_CHARACTERS: usize = 65_536;

/// The longest simulated time `hooke inertialize` accepts, in seconds.
pub const MAX_SECONDS: f32 = 3600.0;

/// Exact springs and inertialization for animation.
///
/// ```
/// use hooke_cli::{Cli, Command};
/// let cli = hooke_cli::parse_from(["hooke", "table", "--halflife", "0.3"])?;
/// assert!(matches!(cli.command, Command::Table { halflife } if halflife == 0.3));
/// # Ok::<(), clap::Error>(())
/// ```
#[derive(Debug, Parser)]
#[command(name = "hooke", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
///
/// ```
/// let cli = hooke_cli::parse_from(["hooke", "plot", "--out", "plots", "--force"])?;
/// assert!(matches!(cli.command, hooke_cli::Command::Plot { force: true, .. }));
/// # Ok::<(), clap::Error>(())
/// ```
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The main job: a crowd switching between the bundled CMU clips, inertialized. Reports the
    /// update speed and the pop reduction against hard cuts.
    Inertialize {
        /// The first clip.
        #[arg(long, default_value_os_t = default_clip("01_01.bvh"))]
        clip_a: PathBuf,
        /// The second clip (same skeleton and frame time).
        #[arg(long, default_value_os_t = default_clip("01_03.bvh"))]
        clip_b: PathBuf,
        /// Number of characters (1 to 65,536).
        #[arg(long, default_value_t = 1000, value_parser = characters, allow_negative_numbers = true)]
        characters: usize,
        /// Simulated seconds (more than 0, at most 3600).
        #[arg(long, default_value_t = 10.0, value_parser = seconds, allow_negative_numbers = true)]
        seconds: f32,
        /// Inertialization halflife in seconds (0 or more).
        #[arg(long, default_value_t = 0.1, value_parser = halflife, allow_negative_numbers = true)]
        halflife: f32,
        /// Seconds between two switches of a character (more than 0, at most 3600; at least two
        /// frames of the clips).
        #[arg(long, default_value_t = 1.0, value_parser = seconds, allow_negative_numbers = true)]
        switch_every: f32,
        /// Write an SVG plot of one joint of character 0 here (never over a clip; an existing
        /// file only with --force).
        #[arg(long)]
        plot: Option<PathBuf>,
        /// Replace an existing plot file.
        #[arg(long)]
        force: bool,
        /// Run the update on the calling thread only.
        #[arg(long)]
        single_thread: bool,
    },
    /// Print a table of step responses (damper, critical, under- and over-damped springs).
    Table {
        /// Halflife of the springs in seconds (0 or more).
        #[arg(long, default_value_t = 0.2, value_parser = halflife, allow_negative_numbers = true)]
        halflife: f32,
    },
    /// Write SVG plots of spring responses (and dt-invariance) into a folder.
    Plot {
        /// Output folder.
        #[arg(long, default_value = "docs/img")]
        out: PathBuf,
        /// Replace existing plot files.
        #[arg(long)]
        force: bool,
    },
}

/// Parses a command line (program name first) into a [`Cli`], checking every value. Never
/// panics; `--help` and `--version` come back as errors of their kind, as in clap.
///
/// ```
/// let err = hooke_cli::parse_from(["hooke", "inertialize", "--seconds", "inf"]).unwrap_err();
/// assert!(err.to_string().contains("finite"), "{err}");
/// assert_eq!(err.exit_code(), 2);
/// ```
pub fn parse_from<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    Cli::try_parse_from(args)
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

fn number<T: std::str::FromStr>(text: &str, kind: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("expected {kind}, found `{text}`"))
}

fn finite(text: &str) -> Result<f32, String> {
    let value: f32 = number(text, "a number")?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(format!(
            "expected a finite number, found `{text}` (which is {value} as f32)"
        ))
    }
}

/// A character count from 1 to [`MAX_CHARACTERS`].
fn characters(text: &str) -> Result<usize, String> {
    let value: i128 = number(text, "a whole number of characters")?;
    match usize::try_from(value) {
        Ok(n @ 1..=MAX_CHARACTERS) => Ok(n),
        _ => Err(format!(
            "expected from 1 to {MAX_CHARACTERS} characters, found {value}"
        )),
    }
}

/// A duration in seconds: finite, positive, at most [`MAX_SECONDS`].
fn seconds(text: &str) -> Result<f32, String> {
    let value = finite(text)?;
    if value > 0.0 && value <= MAX_SECONDS {
        Ok(value)
    } else {
        Err(format!(
            "expected more than 0 and at most {MAX_SECONDS} seconds, found {}",
            text.trim()
        ))
    }
}

/// A halflife in seconds: finite, 0 or more.
fn halflife(text: &str) -> Result<f32, String> {
    let value = finite(text)?;
    if value >= 0.0 {
        Ok(value)
    } else {
        Err(format!(
            "expected a halflife of 0 seconds or more, found {}",
            text.trim()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_is_checked_where_it_enters() {
        for bad in [
            "inf", "-inf", "NaN", "1e30", "-1", "0", "-0", "1e39", "", "x", "3600.5",
        ] {
            assert!(seconds(bad).is_err(), "seconds {bad}");
        }
        assert_eq!(seconds("3600"), Ok(3600.0));
        assert_eq!(seconds(" 0.5 "), Ok(0.5));
        for bad in [
            "0",
            "-1",
            "65537",
            "1000000000",
            "18446744073709551615",
            "1e3",
            "1.5",
            "",
        ] {
            assert!(characters(bad).is_err(), "characters {bad}");
        }
        assert_eq!(characters("65536"), Ok(MAX_CHARACTERS));
        for bad in ["-0.5", "NaN", "inf"] {
            assert!(halflife(bad).is_err(), "halflife {bad}");
        }
        assert_eq!(halflife("0"), Ok(0.0));
    }
}
