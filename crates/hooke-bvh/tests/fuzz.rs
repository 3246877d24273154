//! The parser must never panic: random text, random token soups and mutations of a valid file
//! all give `Ok` or `Err`. Whatever parses must also convert, write and re-read cleanly.

use hooke_bvh::{Bvh, Clip};
use proptest::prelude::*;

const GOOD: &str = "HIERARCHY
ROOT Hips
{
\tOFFSET 0 0 0
\tCHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation
\tJOINT Spine
\t{
\t\tOFFSET 0 1.5 0
\t\tCHANNELS 3 Xrotation Zrotation Yrotation
\t\tJOINT Arm
\t\t{
\t\t\tOFFSET 1 0 0
\t\t\tCHANNELS 6 Xposition Yposition Zposition Yrotation Xrotation Zrotation
\t\t\tEnd Site
\t\t\t{
\t\t\t\tOFFSET 0 0 .5
\t\t\t}
\t\t}
\t}
}
MOTION
Frames: 3
Frame Time: .0083333
0 1 0 0 0 0 0 0 0 0 0 0 0 0 0
0 1 0 5 10 -5 90 0 0 1 2 3 -90 45 10
0 1 0 5 10 -5 90 0 0 1 2 3 90 -45 170
";

const VOCAB: &[&str] = &[
    "HIERARCHY",
    "ROOT",
    "JOINT",
    "End",
    "Site",
    "{",
    "}",
    "OFFSET",
    "CHANNELS",
    "MOTION",
    "Frames:",
    "Frame",
    "Time:",
    ":",
    "Xposition",
    "Yrotation",
    "Zrotation",
    "0",
    "1",
    "3",
    "6",
    "7",
    "-1",
    ".5",
    "1e999",
    "NaN",
    "inf",
    "A",
    "\n",
    "\r\n",
    " ",
    "\t",
    "ü",
    "\u{feff}",
];

/// Parses, and for successful parses checks conversion and the write/read round trip.
fn check(src: &str) {
    if let Ok(bvh) = Bvh::parse(src) {
        let clip = Clip::from_bvh(&bvh);
        assert_eq!(clip.frame_count(), bvh.frame_count());
        let text = bvh.to_string();
        let again = Bvh::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.joints(), bvh.joints());
        assert_eq!(again.values(), bvh.values());
        let _ = clip.to_bvh().to_string();
    }
}

#[test]
fn every_truncation_of_a_valid_file() {
    for (i, _) in GOOD.char_indices() {
        check(&GOOD[..i]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_text(s in "\\PC{0,300}") {
        check(&s);
    }

    #[test]
    fn token_soup(tokens in prop::collection::vec(prop::sample::select(VOCAB), 0..120)) {
        check(&tokens.join(" "));
    }

    #[test]
    fn mutated_valid_file(
        edits in prop::collection::vec((0..GOOD.len(), 0..8usize, prop::sample::select(VOCAB)), 1..6)
    ) {
        let mut s = GOOD.to_owned();
        for (pos, len, insert) in edits {
            let mut start = pos.min(s.len());
            while !s.is_char_boundary(start) { start -= 1; }
            let mut end = (start + len).min(s.len());
            while !s.is_char_boundary(end) { end -= 1; }
            s.replace_range(start..end, insert);
        }
        check(&s);
    }
}
