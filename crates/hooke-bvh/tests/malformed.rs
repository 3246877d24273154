//! Every kind of malformed input gives a typed error with the right position — never a panic.

use hooke_bvh::{Bvh, BvhError};

/// A valid file; the tests break it in one place at a time.
const GOOD: &str = "HIERARCHY
ROOT Hips
{
  OFFSET 0 0 0
  CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation
  JOINT Spine
  {
    OFFSET 0 1 0
    CHANNELS 3 Zrotation Yrotation Xrotation
    End Site
    {
      OFFSET 0 1 0
    }
  }
}
MOTION
Frames: 2
Frame Time: 0.0083333
0 1 0 0 0 0 0 0 0
0 1 0 5 0 0 0 0 0
";

fn err(src: &str) -> BvhError {
    match Bvh::parse(src) {
        Ok(_) => panic!("parsed, but should have failed:\n{src}"),
        Err(e) => {
            // Every syntax error has a position and a readable message.
            assert!(e.position().is_some());
            assert!(e.to_string().starts_with("line "), "{e}");
            e
        }
    }
}

fn with(from: &str, to: &str) -> String {
    assert!(GOOD.contains(from), "{from}");
    GOOD.replacen(from, to, 1)
}

#[test]
fn good_file_parses() {
    assert_eq!(Bvh::parse(GOOD).unwrap().frame_count(), 2);
}

/// Parses `$src`, asserts that it fails with an error matching the pattern (see [`err`]) and
/// returns the error. One line per malformed input.
macro_rules! fails {
    ($src:expr => $pattern:pat $(if $guard:expr)?) => {{
        let e = err($src);
        assert!(matches!(e, $pattern $(if $guard)?), "{e:?}");
        e
    }};
}

/// `GOOD` up to the first `marker`.
fn before(marker: &str) -> &'static str {
    &GOOD[..GOOD.find(marker).unwrap()]
}

#[test]
fn empty_file() {
    fails!("" => BvhError::UnexpectedEof { line: 1, column: 1, expected: "`HIERARCHY`" });
    let e = fails!(" \n\t " => BvhError::UnexpectedEof { line: 2, column: 3, .. });
    assert_eq!(
        e.to_string(),
        "line 2, column 3: expected `HIERARCHY`, found end of file"
    );
}

#[test]
fn truncated_hierarchy() {
    // Cut at every token boundary of the hierarchy: always an end-of-file error.
    let hierarchy_end = GOOD.find("MOTION").unwrap();
    for (cut, _) in GOOD[..hierarchy_end].match_indices(char::is_whitespace) {
        let e = err(&GOOD[..cut]);
        assert!(
            matches!(e, BvhError::UnexpectedEof { .. }),
            "cut at {cut}: {e:?}"
        );
    }
    fails!("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0"
        => BvhError::UnexpectedEof { line: 4, column: 13, expected: "an offset component" });
    fails!(before("  JOINT")
        => BvhError::UnexpectedEof { expected: "`JOINT`, `End Site` or `}`", .. });
}

#[test]
fn truncated_motion_header() {
    fails!(before("Frames") => BvhError::UnexpectedEof { expected: "`Frames:`", .. });
    fails!(before("Frame Time") => BvhError::UnexpectedEof { expected: "`Frame Time:`", .. });
    fails!(before(" 0.0083333") => BvhError::UnexpectedEof { expected: "a value", .. });
}

#[test]
fn missing_motion_section() {
    fails!(before("MOTION")
        => BvhError::UnexpectedEof { line: 16, column: 1, expected: "`ROOT` or `MOTION`" });
}

#[test]
fn bad_numbers() {
    fails!(&with("OFFSET 0 1 0", "OFFSET 0 1.2.3 0")
        => BvhError::BadNumber { line: 8, column: 14, ref text, expected: "an offset component" }
            if text == "1.2.3");
    fails!(&with("0 1 0 5 0", "0 1 0 5x 0")
        => BvhError::BadNumber { line: 20, column: 7, expected: "a channel value", ref text }
            if text == "5x");
    fails!(&with("CHANNELS 3", "CHANNELS three")
        => BvhError::BadNumber { line: 9, column: 14, expected: "a channel count", .. });
    fails!(&with("CHANNELS 3", "CHANNELS -3") => BvhError::BadNumber { .. });
    fails!(&with("Frames: 2", "Frames: two")
        => BvhError::BadNumber { line: 17, column: 9, expected: "a frame count", .. });
    fails!(&with("Frames: 2", "Frames: -2") => BvhError::BadNumber { .. });
    fails!(&with("Frame Time: 0.0083333", "Frame Time: fast")
        => BvhError::BadNumber { line: 18, column: 13, .. });
}

#[test]
fn non_finite_values() {
    for bad in ["inf", "-inf", "NaN", "infinity", "1e999", "-3e40"] {
        fails!(&with("OFFSET 0 1 0", &format!("OFFSET 0 {bad} 0"))
            => BvhError::NonFinite { line: 8, column: 14, ref text } if text == bad);
        fails!(&with("0 1 0 5 0", &format!("0 1 0 {bad} 0"))
            => BvhError::NonFinite { line: 20, column: 7, .. });
    }
    // The frame time is read as f64, so only overflow of f64 is non-finite there.
    for bad in ["inf", "NaN", "1e999"] {
        fails!(&with("0.0083333", bad) => BvhError::NonFinite { line: 18, column: 13, .. });
    }
}

#[test]
fn zero_or_negative_frame_time() {
    for bad in ["0", "-0.0083333", "-0"] {
        let e = err(&with("0.0083333", bad));
        assert!(
            matches!(
                e,
                BvhError::BadFrameTime {
                    line: 18,
                    column: 13,
                    ..
                }
            ),
            "{bad}: {e:?}"
        );
    }
}

#[test]
fn unknown_channel_name() {
    fails!(&with("Zrotation Yrotation Xrotation\n  JOINT", "Zrotation Wrotation Xrotation\n  JOINT")
        => BvhError::UnknownChannel { line: 5, column: 54, ref name } if name == "Wrotation");
    // Channel names are case-sensitive.
    fails!(&with("Xposition", "xposition") => BvhError::UnknownChannel { .. });
    // Fewer names than the count: the next keyword is taken as a (bad) channel name.
    fails!(&with(
            "CHANNELS 3 Zrotation Yrotation Xrotation\n    End",
            "CHANNELS 3 Zrotation Yrotation\n    End",
        ) => BvhError::UnknownChannel { line: 10, column: 5, ref name } if name == "End");
}

#[test]
fn duplicate_and_too_many_channels() {
    fails!(&with("Zrotation Yrotation Xrotation\n    End", "Zrotation Zrotation Xrotation\n    End")
        => BvhError::DuplicateChannel { line: 9, column: 26, .. });
    fails!(&with("CHANNELS 3", "CHANNELS 7")
        => BvhError::TooManyChannels { line: 9, column: 14, count: 7 });
    fails!(&with("CHANNELS 3", "CHANNELS 99999999999999999999999") => BvhError::BadNumber { .. });
}

#[test]
fn wrong_number_of_values_on_a_motion_line() {
    fails!(&with("0 1 0 5 0 0 0 0 0", "0 1 0 5 0 0 0 0")
        => BvhError::WrongValueCount { line: 20, column: 16, frame: 1, expected: 9, found: 8 });
    let e = fails!(&with("0 1 0 5 0 0 0 0 0", "0 1 0 5 0 0 0 0 0 7 8")
        => BvhError::WrongValueCount { line: 20, column: 19, frame: 1, expected: 9, found: 11 });
    assert!(e.to_string().contains("frame 1 has 11 values, expected 9"));
    // Values on the `Frame Time:` line itself are not a frame.
    fails!(&with("0.0083333\n", "0.0083333 0 1 0 0 0 0 0 0 0\n")
        => BvhError::Unexpected { line: 18, column: 23, .. });
}

#[test]
fn missing_braces() {
    fails!(&with("ROOT Hips\n{", "ROOT Hips\n")
        => BvhError::Unexpected { line: 4, column: 3, expected: "`{`", ref found }
            if found == "OFFSET");
    fails!(&with("    }\n  }\n}\n", "    }\n  }\n")
        => BvhError::Unexpected { line: 15, column: 1, ref found, .. } if found == "MOTION");
    fails!(&with("End Site\n    {", "End Site\n    ")
        => BvhError::Unexpected { expected: "`{`", .. });
    // A stray closing brace after the root is not `ROOT` or `MOTION`.
    fails!(&with("}\nMOTION", "}\n}\nMOTION")
        => BvhError::Unexpected { line: 16, column: 1, expected: "`ROOT` or `MOTION`", .. });
}

#[test]
fn unknown_keywords() {
    fails!(&with("HIERARCHY", "HIERARCHIE")
        => BvhError::Unexpected { line: 1, column: 1, expected: "`HIERARCHY`", .. });
    fails!(&with("JOINT Spine", "JIONT Spine")
        => BvhError::Unexpected { line: 6, column: 3, ref found, expected }
            if found == "JIONT" && expected == "`JOINT`, `End Site` or `}`");
    // (input, replacement, the keyword expected instead)
    let cases = [
        ("ROOT", "BONE", "`ROOT`"),
        ("OFFSET 0 1 0", "OFFSETS 0 1 0", "`OFFSET`"),
        ("End Site", "End Sight", "`Site` after `End`"),
        ("Frames:", "Frame:", "`Frames:`"),
        ("Frame Time:", "Frame Rate:", "`Frame Time:`"),
        ("JOINT Spine", "JOINT {", "a joint name"),
    ];
    for (from, to, keyword) in cases {
        fails!(&with(from, to) => BvhError::Unexpected { expected, .. } if expected == keyword);
    }
    fails!(&with("MOTION", "MOTIONS") => BvhError::Unexpected { .. });
}

#[test]
fn two_end_sites_on_one_joint() {
    fails!(&with("    }\n  }\n}", "    }\n    End Site { OFFSET 0 0 0 }\n  }\n}")
        => BvhError::Unexpected { line: 14, column: 5, .. });
}

#[test]
fn columns_count_characters_not_bytes() {
    fails!(&with("JOINT Spine\n  {\n    OFFSET 0 1 0", "JOINT Wirbelsäule\n  {\n    OFFSET 0 1 x")
        => BvhError::BadNumber { line: 8, column: 16, .. });
    fails!(&with("Frames: 2", "Frames: ü") => BvhError::BadNumber { line: 17, column: 9, .. });
}

#[test]
fn file_errors_name_the_path() {
    let missing = std::env::temp_dir().join("hooke_bvh_definitely_missing/none.bvh");
    let e = Bvh::from_path(&missing).unwrap_err();
    assert!(
        matches!(e, BvhError::Io { ref path, .. } if *path == missing),
        "{e:?}"
    );
    assert!(e.to_string().contains("none.bvh"));
    assert_eq!(e.position(), None);

    let dir = std::env::temp_dir().join(format!("hooke_bvh_test_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("latin1.bvh");
    std::fs::write(&bad, b"HIERARCHY\nROOT H\xfcfte\n").unwrap();
    let e = Bvh::from_path(&bad).unwrap_err();
    assert!(
        matches!(e, BvhError::InvalidUtf8 { line: 2, column: 7 }),
        "{e:?}"
    );
    // Writing to a directory fails, naming the path.
    let e = Bvh::parse(GOOD).unwrap().write_to_path(&dir).unwrap_err();
    assert!(
        matches!(e, BvhError::Io { ref path, .. } if *path == dir),
        "{e:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
