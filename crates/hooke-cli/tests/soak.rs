//! Memory soak (issue 21 row 3, release only: `cargo test --release -p hooke-cli --test soak --
//! --ignored`, run by `.ci/run`): `hooke stitch` of 10 ranges of one generated 200,000-frame
//! take (150 MB, the bundled CMU walk repeated), `hooke info` of the result, and `hooke track`
//! and `hooke bench` of the take stay within 3 times the input file's size. Every range used to re-parse the file
//! and keep a full copy (6.4 GB).
//!
//! Peak memory is the children's high-water mark (`getrusage(RUSAGE_CHILDREN)`): this binary's
//! only test, so the `hooke` runs are its only children.

#![cfg(unix)]

use std::io::{BufRead, BufWriter, Write};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use nix::sys::resource::{UsageWho, getrusage};

const FRAMES: usize = 200_000;

/// Writes a `FRAMES`-frame take: the bundled clip's hierarchy and frame time, its motion lines
/// repeated.
fn generate(path: &Path) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/cmu/01_01.bvh");
    let text = std::fs::read_to_string(source).unwrap();
    let (hierarchy, motion) = text.split_at(text.find("MOTION").unwrap());
    let mut lines = motion.lines();
    let (_, _, frame_time) = (lines.next(), lines.next(), lines.next().unwrap());
    let frames: Vec<&str> = lines.filter(|l| !l.trim().is_empty()).collect();
    let mut out = BufWriter::new(std::fs::File::create(path).unwrap());
    write!(out, "{hierarchy}MOTION\nFrames: {FRAMES}\n{frame_time}\n").unwrap();
    for f in 0..FRAMES {
        writeln!(out, "{}", frames[f % frames.len()]).unwrap();
    }
    out.flush().unwrap();
}

/// The largest resident set of the children waited for so far, in bytes.
fn children_peak() -> u64 {
    let usage = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap();
    // Linux reports kilobytes (macOS bytes; this bound is checked on Linux CI).
    usage.max_rss() as u64 * 1024
}

fn hooke(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_hooke"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "hooke {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
#[ignore = "release soak: a 150 MB take; run by .ci/run"]
fn stitching_10_ranges_of_a_200000_frame_take_stays_within_3x_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let take = dir.path().join("take.bvh");
    generate(&take);
    let size = std::fs::metadata(&take).unwrap().len();
    let started = Instant::now();
    // 10 ranges of 20,000 frames spread over the take (each file read once, shared).
    let ranges: Vec<String> = (0..10)
        .map(|k| {
            let start = k * 19_000 + 500;
            format!("take.bvh:{start}..{}", start + 20_000)
        })
        .collect();
    let mut args: Vec<&str> = vec!["stitch"];
    args.extend(ranges.iter().map(String::as_str));
    args.extend(["-o", "stitched.bvh"]);
    let report = hooke(dir.path(), &args);
    assert!(
        report.contains("wrote stitched.bvh (200000 frames, 9 seam(s)"),
        "{report}"
    );
    let stitch_peak = children_peak();
    let info = hooke(dir.path(), &["info", "stitched.bvh"]);
    assert!(
        info.contains("frames: 200000 (header and data agree)"),
        "{info}"
    );
    let info_peak = children_peak();
    let tracked = hooke(dir.path(), &["track", "take.bvh", "-o", "tracked.bvh"]);
    assert!(
        tracked.contains("wrote tracked.bvh (200000 frames)"),
        "{tracked}"
    );
    let track_peak = children_peak();
    // The same take as both clips: read once.
    let bench = hooke(
        dir.path(),
        &[
            "bench",
            "--clip-a",
            "take.bvh",
            "--clip-b",
            "./take.bvh",
            "--characters",
            "8",
            "--seconds",
            "1",
        ],
    );
    assert!(bench.contains("output finite: true"), "{bench}");
    let peak = children_peak();
    eprintln!(
        "take {:.0} MB: peak {:.0} MB for stitch, {:.0} MB with info, {:.0} MB with track, \
         {:.0} MB with bench ({:.1} s)",
        size as f64 / 1e6,
        stitch_peak as f64 / 1e6,
        info_peak as f64 / 1e6,
        track_peak as f64 / 1e6,
        peak as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    assert!(
        peak <= 3 * size,
        "peak {peak} bytes over 3 x the input's {size} bytes"
    );
    // The output is a whole file hooke reads back (the frames were checked above).
    let lines =
        std::io::BufReader::new(std::fs::File::open(dir.path().join("stitched.bvh")).unwrap())
            .lines()
            .count();
    assert!(lines > FRAMES);
}
