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

#[test]
fn empty_file() {
    let e = err("");
    assert!(
        matches!(
            e,
            BvhError::UnexpectedEof {
                line: 1,
                column: 1,
                expected: "`HIERARCHY`"
            }
        ),
        "{e:?}"
    );
    let e = err(" \n\t ");
    assert!(
        matches!(
            e,
            BvhError::UnexpectedEof {
                line: 2,
                column: 3,
                ..
            }
        ),
        "{e:?}"
    );
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
    let e = err("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0");
    assert!(
        matches!(
            e,
            BvhError::UnexpectedEof {
                line: 4,
                column: 13,
                expected: "an offset component"
            }
        ),
        "{e:?}"
    );
    let e = err(&GOOD[..GOOD.find("  JOINT").unwrap()]);
    assert!(
        matches!(
            e,
            BvhError::UnexpectedEof {
                expected: "`JOINT`, `End Site` or `}`",
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn truncated_motion_header() {
    let e = err(&GOOD[..GOOD.find("Frames").unwrap()]);
    assert!(
        matches!(
            e,
            BvhError::UnexpectedEof {
                expected: "`Frames:`",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&GOOD[..GOOD.find("Frame Time").unwrap()]);
    assert!(
        matches!(
            e,
            BvhError::UnexpectedEof {
                expected: "`Frame Time:`",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&GOOD[..GOOD.find(" 0.0083333").unwrap()]);
    assert!(
        matches!(
            e,
            BvhError::UnexpectedEof {
                expected: "a value",
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn missing_motion_section() {
    let e = err(&GOOD[..GOOD.find("MOTION").unwrap()]);
    assert!(
        matches!(
            e,
            BvhError::UnexpectedEof {
                line: 16,
                column: 1,
                expected: "`ROOT` or `MOTION`"
            }
        ),
        "{e:?}"
    );
}

#[test]
fn bad_numbers() {
    let e = err(&with("OFFSET 0 1 0", "OFFSET 0 1.2.3 0"));
    match e {
        BvhError::BadNumber {
            line: 8,
            column: 14,
            ref text,
            expected,
        } => {
            assert_eq!(text, "1.2.3");
            assert_eq!(expected, "an offset component");
        }
        _ => panic!("{e:?}"),
    }
    let e = err(&with("0 1 0 5 0", "0 1 0 5x 0"));
    assert!(
        matches!(e, BvhError::BadNumber { line: 20, column: 7, expected: "a channel value", ref text } if text == "5x"),
        "{e:?}"
    );
    let e = err(&with("CHANNELS 3", "CHANNELS three"));
    assert!(
        matches!(
            e,
            BvhError::BadNumber {
                line: 9,
                column: 14,
                expected: "a channel count",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("CHANNELS 3", "CHANNELS -3"));
    assert!(matches!(e, BvhError::BadNumber { .. }), "{e:?}");
    let e = err(&with("Frames: 2", "Frames: two"));
    assert!(
        matches!(
            e,
            BvhError::BadNumber {
                line: 17,
                column: 9,
                expected: "a frame count",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("Frames: 2", "Frames: -2"));
    assert!(matches!(e, BvhError::BadNumber { .. }), "{e:?}");
    let e = err(&with("Frame Time: 0.0083333", "Frame Time: fast"));
    assert!(
        matches!(
            e,
            BvhError::BadNumber {
                line: 18,
                column: 13,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn non_finite_values() {
    for bad in ["inf", "-inf", "NaN", "infinity", "1e999", "-3e40"] {
        let e = err(&with("OFFSET 0 1 0", &format!("OFFSET 0 {bad} 0")));
        assert!(
            matches!(e, BvhError::NonFinite { line: 8, column: 14, ref text } if text == bad),
            "{e:?}"
        );
        let e = err(&with("0 1 0 5 0", &format!("0 1 0 {bad} 0")));
        assert!(
            matches!(
                e,
                BvhError::NonFinite {
                    line: 20,
                    column: 7,
                    ..
                }
            ),
            "{e:?}"
        );
    }
    // The frame time is read as f64, so only overflow of f64 is non-finite there.
    for bad in ["inf", "NaN", "1e999"] {
        let e = err(&with("0.0083333", bad));
        assert!(
            matches!(
                e,
                BvhError::NonFinite {
                    line: 18,
                    column: 13,
                    ..
                }
            ),
            "{e:?}"
        );
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
    let e = err(&with(
        "Zrotation Yrotation Xrotation\n  JOINT",
        "Zrotation Wrotation Xrotation\n  JOINT",
    ));
    assert!(
        matches!(e, BvhError::UnknownChannel { line: 5, column: 54, ref name } if name == "Wrotation"),
        "{e:?}"
    );
    // Channel names are case-sensitive.
    let e = err(&with("Xposition", "xposition"));
    assert!(matches!(e, BvhError::UnknownChannel { .. }), "{e:?}");
    // Fewer names than the count: the next keyword is taken as a (bad) channel name.
    let e = err(&with(
        "CHANNELS 3 Zrotation Yrotation Xrotation\n    End",
        "CHANNELS 3 Zrotation Yrotation\n    End",
    ));
    assert!(
        matches!(e, BvhError::UnknownChannel { line: 10, column: 5, ref name } if name == "End"),
        "{e:?}"
    );
}

#[test]
fn duplicate_and_too_many_channels() {
    let e = err(&with(
        "Zrotation Yrotation Xrotation\n    End",
        "Zrotation Zrotation Xrotation\n    End",
    ));
    assert!(
        matches!(
            e,
            BvhError::DuplicateChannel {
                line: 9,
                column: 26,
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("CHANNELS 3", "CHANNELS 7"));
    assert!(
        matches!(
            e,
            BvhError::TooManyChannels {
                line: 9,
                column: 14,
                count: 7
            }
        ),
        "{e:?}"
    );
    let e = err(&with("CHANNELS 3", "CHANNELS 99999999999999999999999"));
    assert!(matches!(e, BvhError::BadNumber { .. }), "{e:?}");
}

#[test]
fn wrong_number_of_values_on_a_motion_line() {
    let e = err(&with("0 1 0 5 0 0 0 0 0", "0 1 0 5 0 0 0 0"));
    assert!(
        matches!(
            e,
            BvhError::WrongValueCount {
                line: 20,
                column: 16,
                frame: 1,
                expected: 9,
                found: 8
            }
        ),
        "{e:?}"
    );
    let e = err(&with("0 1 0 5 0 0 0 0 0", "0 1 0 5 0 0 0 0 0 7 8"));
    assert!(
        matches!(
            e,
            BvhError::WrongValueCount {
                line: 20,
                column: 19,
                frame: 1,
                expected: 9,
                found: 11
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("frame 1 has 11 values, expected 9"));
    // Values on the `Frame Time:` line itself are not a frame.
    let e = err(&with("0.0083333\n", "0.0083333 0 1 0 0 0 0 0 0 0\n"));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                line: 18,
                column: 23,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn missing_braces() {
    let e = err(&with("ROOT Hips\n{", "ROOT Hips\n"));
    assert!(
        matches!(e, BvhError::Unexpected { line: 4, column: 3, expected: "`{`", ref found } if found == "OFFSET"),
        "{e:?}"
    );
    let e = err(&with("    }\n  }\n}\n", "    }\n  }\n"));
    assert!(
        matches!(e, BvhError::Unexpected { line: 15, column: 1, ref found, .. } if found == "MOTION"),
        "{e:?}"
    );
    let e = err(&with("End Site\n    {", "End Site\n    "));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                expected: "`{`",
                ..
            }
        ),
        "{e:?}"
    );
    // A stray closing brace after the root is not `ROOT` or `MOTION`.
    let e = err(&with("}\nMOTION", "}\n}\nMOTION"));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                line: 16,
                column: 1,
                expected: "`ROOT` or `MOTION`",
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn unknown_keywords() {
    let e = err(&with("HIERARCHY", "HIERARCHIE"));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                line: 1,
                column: 1,
                expected: "`HIERARCHY`",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("JOINT Spine", "JIONT Spine"));
    assert!(
        matches!(e, BvhError::Unexpected { line: 6, column: 3, expected: "`JOINT`, `End Site` or `}`", ref found } if found == "JIONT"),
        "{e:?}"
    );
    let e = err(&with("ROOT", "BONE"));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                expected: "`ROOT`",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("OFFSET 0 1 0", "OFFSETS 0 1 0"));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                expected: "`OFFSET`",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("End Site", "End Sight"));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                expected: "`Site` after `End`",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("MOTION", "MOTIONS"));
    assert!(matches!(e, BvhError::Unexpected { .. }), "{e:?}");
    let e = err(&with("Frames:", "Frame:"));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                expected: "`Frames:`",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("Frame Time:", "Frame Rate:"));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                expected: "`Frame Time:`",
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("JOINT Spine", "JOINT {"));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                expected: "a joint name",
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn two_end_sites_on_one_joint() {
    let e = err(&with(
        "    }\n  }\n}",
        "    }\n    End Site { OFFSET 0 0 0 }\n  }\n}",
    ));
    assert!(
        matches!(
            e,
            BvhError::Unexpected {
                line: 14,
                column: 5,
                ..
            }
        ),
        "{e:?}"
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    let e = err(&with(
        "JOINT Spine\n  {\n    OFFSET 0 1 0",
        "JOINT Wirbelsäule\n  {\n    OFFSET 0 1 x",
    ));
    assert!(
        matches!(
            e,
            BvhError::BadNumber {
                line: 8,
                column: 16,
                ..
            }
        ),
        "{e:?}"
    );
    let e = err(&with("Frames: 2", "Frames: ü"));
    assert!(
        matches!(
            e,
            BvhError::BadNumber {
                line: 17,
                column: 9,
                ..
            }
        ),
        "{e:?}"
    );
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
