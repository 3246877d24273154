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

/// `hooke --help`'s description.
const LONG_ABOUT: &str = "Exact springs and inertialization for animation.

Outputs are written atomically and never over an input or an existing file without --force; \
`-o -` writes a BVH to standard output. Exit status: 0 on success, 2 for bad arguments or \
input files, 1 when the run itself fails.";

/// Exact springs and inertialization for animation.
///
/// ```
/// use hooke_cli::{Cli, Command};
/// let cli = hooke_cli::parse_from(["hooke", "table", "--halflife", "0.3"])?;
/// assert!(matches!(cli.command, Command::Table { halflife } if halflife == 0.3));
/// # Ok::<(), clap::Error>(())
/// ```
#[derive(Debug, Parser)]
// The long help is written here: clap would otherwise show this item's rustdoc, example
// included, as raw text (issue 21 row 13c).
#[command(name = "hooke", version, about, long_about = LONG_ABOUT)]
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
    /// The main job: stitches, blends and cleans the bundled CMU clips and writes BVH files,
    /// SVG plots and summary.md into a folder.
    ///
    /// Example: `hooke demo --out target/hooke-demo`
    Demo {
        /// Output folder (created if needed). Without it: `target/hooke-demo/`, or on later
        /// runs the first of `target/hooke-demo-2/`, `-3/`, ... that does not exist yet (claimed
        /// by creating it, so runs started together never share one): a run never replaces an
        /// earlier one.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace existing files in the folder given with --out.
        #[arg(long)]
        force: bool,
    },
    /// Describe a BVH file: joint tree, channels, frames (header and data), frame time,
    /// duration, root travel.
    ///
    /// Example: `hooke info data/cmu/01_01.bvh`
    Info {
        /// The BVH file, or a glTF one (`.gltf`, `.glb`, `FILE.glb#ANIMATION`).
        file: PathBuf,
        /// How glTF inputs are read and `.glb` outputs written.
        #[command(flatten)]
        gltf: crate::GltfArgs,
    },
    /// Convert between BVH and binary glTF (by the outputs's extension, `.bvh` or `.glb`):
    /// glTF is metres, +Y up, right-handed; positions are scaled by --scale metres per BVH unit
    /// and axes kept. BVH -> glb -> BVH with the same --scale gives back the channels.
    ///
    /// Example: `hooke convert data/cmu/01_01.bvh walk.glb --scale 0.056444`
    Convert {
        /// The input: BVH, or glTF (`FILE.glb#ANIMATION` picks an animation).
        input: PathBuf,
        /// The output, `.bvh` or `.glb`.
        output: PathBuf,
        /// Replace an existing output file.
        #[arg(long)]
        force: bool,
        /// How glTF inputs are read and `.glb` outputs written.
        #[command(flatten)]
        gltf: crate::GltfArgs,
    },
    /// Join frame ranges of clips on one skeleton without pops.
    ///
    /// Ranges are half-open: `A.bvh:100..400` is frames 100 to 399, `A.bvh:100..` to the end,
    /// `A.bvh` all frames. Clips must share skeleton and frame time (clips at another rate are
    /// refused, not resampled). Prints the largest joint acceleration at each seam.
    ///
    /// Example: `hooke stitch data/cmu/01_01.bvh:100..400 data/cmu/01_03.bvh:20..300 -o out.bvh`
    Stitch {
        /// Clip ranges, `FILE[:START..[END]]`, in order.
        #[arg(required = true, num_args = 1.., value_parser = clip_range)]
        ranges: Vec<ClipRange>,
        /// Output BVH file; `-` for standard output (the report then goes to standard error).
        /// An existing FIFO or device (with --force) is written through, never replaced.
        #[arg(short, long)]
        out: PathBuf,
        /// How seams are blended.
        #[arg(long, value_enum, default_value_t = StitchMode::Inertialize)]
        mode: StitchMode,
        /// Blend halflife in seconds (0 or more).
        #[arg(long, default_value_t = 0.1, value_parser = halflife, allow_negative_numbers = true)]
        halflife: f32,
        /// Cross-fade time of dead blending in seconds (0 or more).
        #[arg(long, default_value_t = 0.2, value_parser = halflife, allow_negative_numbers = true)]
        blend_time: f32,
        /// Root motion: `anchored` continues from where the character is; `local` plays each
        /// clip's root where it was recorded.
        #[arg(long, value_enum, default_value_t = RootArg::Anchored)]
        root: RootArg,
        /// The joint the anchored root follows (default: detected, the highest joint carrying
        /// the first range's horizontal travel; e.g. the hips of a rig whose ROOT stays at the
        /// origin). The report names the joint used.
        #[arg(long, value_name = "NAME")]
        root_joint: Option<String>,
        /// Keep planted feet planted through the blends (docs/math.md §7): contacts detected on
        /// the destination clip (legs found by name: LeftUpLeg/LeftLeg/LeftFoot/LeftToeBase,
        /// thigh/calf/foot/ball, ...), toes held with a two-bone IK while a blend is in flight.
        #[arg(long)]
        lock_feet: bool,
        /// Replace an existing output file.
        #[arg(long)]
        force: bool,
        /// How glTF inputs are read and `.glb` outputs written.
        #[command(flatten)]
        gltf: crate::GltfArgs,
    },
    /// Remove discontinuities with the tracking spring over every channel (root position, joint
    /// rotations as quaternions), in its exact (frame-rate independent) form: the output follows
    /// the input's velocity and acceleration and returns onto it with a critical halflife.
    ///
    /// Discontinuities are given (`--cuts 120,480`), detected (`--detect`), or, with neither,
    /// handled by clamping velocity and acceleration targets.
    ///
    /// Example: `hooke track in.bvh --detect -o clean.bvh`
    Track {
        /// The BVH file.
        file: PathBuf,
        /// Output BVH file; `-` for standard output (the report then goes to standard error).
        /// An existing FIFO or device (with --force) is written through, never replaced.
        #[arg(short, long)]
        out: PathBuf,
        /// Frames that start after a discontinuity, comma-separated.
        #[arg(long, value_delimiter = ',', conflicts_with = "detect")]
        cuts: Vec<usize>,
        /// Detect discontinuities: frames whose joint acceleration exceeds --threshold times
        /// the clip's median largest acceleration; prints the frames found.
        #[arg(long)]
        detect: bool,
        /// Detection threshold, a multiple of the median largest acceleration (more than 0).
        #[arg(long, default_value_t = 8.0, value_parser = positive, allow_negative_numbers = true)]
        threshold: f32,
        /// Halflife in seconds with which the output returns onto the input after a
        /// discontinuity (more than 0).
        #[arg(long, default_value_t = 0.1, value_parser = positive, allow_negative_numbers = true)]
        halflife: f32,
        /// Replace an existing output file.
        #[arg(long)]
        force: bool,
        /// How glTF inputs are read and `.glb` outputs written.
        #[command(flatten)]
        gltf: crate::GltfArgs,
    },
    /// The crowd benchmark: characters switching between the bundled CMU clips, inertialized;
    /// reports the update speed, the pop reduction against hard cuts, and a spring-kernel table.
    #[command(alias = "inertialize")]
    Bench {
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
    /// Write a self-contained HTML page that plays clips as skeletons side by side in 3D (one
    /// timeline when they have the same length, each its own otherwise), for any browser,
    /// offline.
    ///
    /// Example: `hooke view data/cmu/01_01.bvh data/cmu/01_03.bvh -o clips.html`
    View {
        /// The BVH files, one panel each.
        #[arg(required = true, num_args = 1..)]
        files: Vec<PathBuf>,
        /// Output HTML file.
        #[arg(short, long)]
        out: PathBuf,
        /// The joint whose trail is drawn (default: LeftHand, or the last joint of a rig
        /// without one).
        #[arg(long)]
        trail: Option<String>,
        /// Replace an existing output file.
        #[arg(long)]
        force: bool,
        /// How glTF inputs are read and `.glb` outputs written.
        #[command(flatten)]
        gltf: crate::GltfArgs,
    },
}

/// A frame range of a clip: `FILE`, `FILE:START..`, `FILE:START..END` (half-open).
///
/// ```
/// let cli = hooke_cli::parse_from(["hooke", "stitch", "a.bvh:10..20", "b.bvh", "-o", "o.bvh"])?;
/// let hooke_cli::Command::Stitch { ranges, .. } = cli.command else { unreachable!() };
/// assert_eq!((ranges[0].start, ranges[0].end), (10, Some(20)));
/// assert_eq!((ranges[1].start, ranges[1].end), (0, None));
/// # Ok::<(), clap::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClipRange {
    /// The BVH file.
    pub path: PathBuf,
    /// First frame.
    pub start: usize,
    /// One past the last frame; `None` for the end of the clip.
    pub end: Option<usize>,
}

impl std::fmt::Display for ClipRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}..", self.path.display(), self.start)?;
        match self.end {
            Some(end) => write!(f, "{end}"),
            None => Ok(()),
        }
    }
}

/// How `hooke stitch` blends seams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum StitchMode {
    /// Inertialization: offsets decay with critical springs.
    Inertialize,
    /// Dead blending: extrapolate the old pose and cross-fade.
    DeadBlend,
    /// A hard cut.
    Cut,
}

impl StitchMode {
    /// The mode as a past participle, for reports ("inertialized").
    ///
    /// ```
    /// assert_eq!(hooke_cli::StitchMode::Cut.done(), "cut");
    /// ```
    pub fn done(self) -> &'static str {
        match self {
            StitchMode::Inertialize => "inertialized",
            StitchMode::DeadBlend => "dead-blended",
            StitchMode::Cut => "cut",
        }
    }
}

/// Root handling of `hooke stitch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RootArg {
    /// Each clip continues from where the character is.
    Anchored,
    /// The root is blended like any joint (clips play where they were recorded).
    Local,
}

/// Parses `FILE[:START..[END]]`: the text after the last `:` is a range when it contains `..`.
pub(crate) fn clip_range(text: &str) -> Result<ClipRange, String> {
    let whole = || ClipRange {
        path: PathBuf::from(text),
        start: 0,
        end: None,
    };
    let Some((path, range)) = text.rsplit_once(':') else {
        return Ok(whole());
    };
    let Some((start, end)) = range.split_once("..") else {
        return Ok(whole());
    };
    if path.is_empty() {
        return Err(format!("`{text}`: no file before the range"));
    }
    let frame = |s: &str| -> Result<usize, String> {
        s.trim()
            .parse()
            .map_err(|_| format!("`{text}`: expected a frame number, found `{s}`"))
    };
    let start = if start.is_empty() { 0 } else { frame(start)? };
    let end = if end.is_empty() {
        None
    } else {
        Some(frame(end)?)
    };
    if end.is_some_and(|end| end <= start) {
        return Err(format!(
            "`{text}`: the range is empty (half-open start..end)"
        ));
    }
    Ok(ClipRange {
        path: PathBuf::from(path),
        start,
        end,
    })
}

/// A finite number more than 0.
fn positive(text: &str) -> Result<f32, String> {
    let value = finite(text)?;
    if value > 0.0 {
        Ok(value)
    } else {
        Err(format!("expected more than 0, found {}", text.trim()))
    }
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
pub(crate) fn default_clip(name: &str) -> PathBuf {
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

    #[test]
    fn clip_ranges_are_half_open_and_checked_where_they_enter() {
        let parsed = |t: &str| clip_range(t).map(|r| (r.path, r.start, r.end));
        assert_eq!(parsed("a.bvh"), Ok(("a.bvh".into(), 0, None)));
        assert_eq!(parsed("a.bvh:100.."), Ok(("a.bvh".into(), 100, None)));
        assert_eq!(
            parsed("a.bvh:100..400"),
            Ok(("a.bvh".into(), 100, Some(400)))
        );
        assert_eq!(
            parsed("dir/a.bvh:..5"),
            Ok(("dir/a.bvh".into(), 0, Some(5)))
        );
        // A colon without a range belongs to the file name.
        assert_eq!(parsed("take:2.bvh"), Ok(("take:2.bvh".into(), 0, None)));
        for bad in [
            "a.bvh:5..5",
            "a.bvh:9..3",
            "a.bvh:x..3",
            "a.bvh:-1..3",
            "a.bvh:1..1e3",
            ":1..3",
            "a.bvh:99999999999999999999999..",
        ] {
            assert!(clip_range(bad).is_err(), "{bad}");
        }
        for bad in ["0", "-1", "inf", "NaN"] {
            assert!(positive(bad).is_err(), "{bad}");
        }
    }
}
