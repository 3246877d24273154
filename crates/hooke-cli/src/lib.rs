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
mod bench;
mod clipio;
mod convert;
mod demo;
mod demo_feet;
mod demo_page;
mod error;
mod gallery;
mod gltfio;
mod info;
mod kernels;
mod output;
mod plan;
mod plot;
mod progress;
mod sliding;
mod stitch;
mod table;
mod track;
mod travel;
mod view;
mod viewer;

use std::io::Write;

pub use args::{
    Cli, ClipRange, Command, MAX_CHARACTERS, MAX_SECONDS, RootArg, StitchMode, parse_from,
};
pub use error::CliError;
pub use gltfio::GltfArgs;
pub use plan::{MAX_BONE_LANES, MAX_BONE_UPDATES, MAX_FRAMES, Plan};

/// Runs a parsed command, writing its report to `out` (standard output in the binary).
///
/// ```
/// let cli = hooke_cli::parse_from(["hooke", "bench", "--clip-a", "/no/such.bvh"])?;
/// let err = hooke_cli::run(cli, &mut Vec::new()).unwrap_err();
/// assert_eq!(err.exit_code(), 2);
/// assert!(err.to_string().contains("/no/such.bvh"), "{err}");
/// # Ok::<(), clap::Error>(())
/// ```
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), CliError> {
    match cli.command {
        Command::Demo { out: folder, force } => demo::run(folder.as_deref(), force, out),
        Command::Info { file, gltf } => info::run(&file, &gltf, out),
        Command::Convert {
            input,
            output,
            force,
            gltf,
        } => convert::run(&input, &output, force, &gltf, out),
        Command::Stitch {
            ranges,
            out: path,
            mode,
            halflife,
            blend_time,
            root,
            root_joint,
            lock_feet,
            force,
            gltf,
        } => stitch::run(
            &stitch::Settings {
                ranges,
                out: path,
                blend: stitch::Blend {
                    mode,
                    halflife,
                    blend_time,
                    root,
                    root_joint: None,
                    lock_feet,
                },
                root_joint,
                force,
                gltf,
            },
            out,
        ),
        Command::Track {
            file,
            out: path,
            cuts,
            detect,
            threshold,
            halflife,
            force,
            gltf,
        } => track::run(
            &track::Settings {
                input: file,
                out: path,
                cuts,
                detect,
                threshold,
                halflife,
                force,
                gltf,
            },
            out,
        ),
        Command::Bench {
            clip_a,
            clip_b,
            characters,
            seconds,
            halflife,
            switch_every,
            plot,
            force,
            single_thread,
        } => bench::run(
            &bench::Settings {
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
        Command::View {
            files,
            out: path,
            trail,
            force,
            gltf,
        } => view::run(
            &view::Settings {
                files,
                out: path,
                trail,
                force,
                gltf,
            },
            out,
        ),
    }
}

/// Writes the first line of a command's report: the version and the SIMD path in use, with
/// `mode` (such as `" demo"`) after the version.
fn write_banner(out: &mut dyn Write, mode: &str) -> Result<(), CliError> {
    writeln!(
        out,
        "hooke {}{mode} — SIMD path: {}",
        env!("CARGO_PKG_VERSION"),
        hooke::simd_backend().name()
    )
    .map_err(CliError::Stdout)
}
