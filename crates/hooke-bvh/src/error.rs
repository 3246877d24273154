//! Errors and warnings produced while reading or writing BVH files.

use std::path::PathBuf;

/// Everything that can go wrong while reading or writing a BVH file.
///
/// Every syntax variant carries the 1-based `line` and `column` (counted in characters, a tab
/// is one column) of the offending token, and most say what the parser expected there, so a
/// message points straight at the problem. Parsing never panics and never returns a partial
/// result: a file is read whole or not at all.
///
/// ```
/// use hooke_bvh::{Bvh, BvhError};
///
/// let err = Bvh::parse("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 x 0\n").unwrap_err();
/// assert_eq!(err.position(), Some((4, 12)));
/// assert!(matches!(err, BvhError::BadNumber { ref text, .. } if text == "x"));
/// assert_eq!(err.to_string(), "line 4, column 12: expected an offset component, found `x`");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BvhError {
    /// The file could not be read or written.
    #[error("cannot access BVH file `{}`: {source}", path.display())]
    Io {
        /// The file that was being read or written.
        path: PathBuf,
        /// The underlying I/O error.
        #[source]
        source: std::io::Error,
    },
    /// The file is not valid UTF-8 (BVH is a text format).
    #[error("line {line}, column {column}: invalid UTF-8")]
    InvalidUtf8 {
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 1-based column of the first invalid byte.
        column: usize,
    },
    /// The input ended where more was required (this includes an empty file).
    #[error("line {line}, column {column}: expected {expected}, found end of file")]
    UnexpectedEof {
        /// 1-based line of the end of the input.
        line: usize,
        /// 1-based column just after the last character.
        column: usize,
        /// What the parser was looking for.
        expected: &'static str,
    },
    /// A token that does not belong here: an unknown keyword, a missing brace, a stray word.
    #[error("line {line}, column {column}: expected {expected}, found `{found}`")]
    Unexpected {
        /// 1-based line of the token.
        line: usize,
        /// 1-based column of the token.
        column: usize,
        /// What the parser was looking for.
        expected: &'static str,
        /// The token that was found instead.
        found: String,
    },
    /// A token that should have been a number (or a count) but is not one.
    #[error("line {line}, column {column}: expected {expected}, found `{text}`")]
    BadNumber {
        /// 1-based line of the token.
        line: usize,
        /// 1-based column of the token.
        column: usize,
        /// What kind of number was expected.
        expected: &'static str,
        /// The text that failed to parse.
        text: String,
    },
    /// A number that parses but is infinite or NaN (`inf`, `NaN`, `1e999`), or is finite but
    /// beyond `f32`'s range (`1e308`: the message says so).
    ///
    /// ```
    /// let src = |v: &str| format!(
    ///     "HIERARCHY ROOT R {{ OFFSET 0 0 0 CHANNELS 1 Xposition }} MOTION Frames: 1 Frame Time: 1\n{v}\n"
    /// );
    /// let e = hooke_bvh::Bvh::parse(&src("1e308")).unwrap_err();
    /// assert!(e.to_string().ends_with("`1e308` is out of range for f32 (magnitudes up to 3.4028235e38)"), "{e}");
    /// let e = hooke_bvh::Bvh::parse(&src("inf")).unwrap_err();
    /// assert!(e.to_string().ends_with("expected a finite number, found `inf`"), "{e}");
    /// ```
    #[error("line {line}, column {column}: {}", non_finite(text))]
    NonFinite {
        /// 1-based line of the token.
        line: usize,
        /// 1-based column of the token.
        column: usize,
        /// The offending text.
        text: String,
    },
    /// A channel name other than `Xposition`, `Yposition`, `Zposition`, `Xrotation`,
    /// `Yrotation`, `Zrotation`.
    #[error(
        "line {line}, column {column}: expected a channel name (Xposition, Yposition, Zposition, Xrotation, Yrotation or Zrotation), found `{name}`"
    )]
    UnknownChannel {
        /// 1-based line of the token.
        line: usize,
        /// 1-based column of the token.
        column: usize,
        /// The unknown name.
        name: String,
    },
    /// The same channel listed twice for one joint, which has no well-defined meaning.
    #[error("line {line}, column {column}: channel `{name}` is listed twice for this joint")]
    DuplicateChannel {
        /// 1-based line of the second occurrence.
        line: usize,
        /// 1-based column of the second occurrence.
        column: usize,
        /// The repeated channel name.
        name: String,
    },
    /// `CHANNELS n` with `n` greater than 6 (there are only six distinct channels).
    #[error("line {line}, column {column}: expected a channel count from 0 to 6, found {count}")]
    TooManyChannels {
        /// 1-based line of the count.
        line: usize,
        /// 1-based column of the count.
        column: usize,
        /// The declared count.
        count: usize,
    },
    /// `Frame Time:` is zero, negative, or outside the range of positive normal `f32` values
    /// ([`MIN_FRAME_TIME`](crate::MIN_FRAME_TIME) to `f32::MAX` seconds): a frame time that
    /// rounds to 0 or to a subnormal as `f32` would make every velocity NaN or infinite.
    #[error(
        "line {line}, column {column}: expected a positive frame time from {min:e} to {max:e} seconds, found {value:e}",
        min = crate::MIN_FRAME_TIME,
        max = f32::MAX
    )]
    BadFrameTime {
        /// 1-based line of the value.
        line: usize,
        /// 1-based column of the value.
        column: usize,
        /// The value that was read.
        value: f64,
    },
    /// A motion line whose number of values differs from the hierarchy's channel count.
    #[error(
        "line {line}, column {column}: frame {frame} has {found} values, expected {expected} (one per channel)"
    )]
    WrongValueCount {
        /// 1-based line of the motion line.
        line: usize,
        /// 1-based column: the start of the first surplus value, or the end of a short line.
        column: usize,
        /// 0-based frame index.
        frame: usize,
        /// Total channel count of the hierarchy.
        expected: usize,
        /// Number of values on the line.
        found: usize,
    },
    /// Memory for the file's motion values could not be allocated (a huge file under a memory
    /// limit): an error, never an abort.
    ///
    /// ```
    /// let e = hooke_bvh::BvhError::OutOfMemory { values: 1 << 40 };
    /// assert!(e.to_string().contains("1099511627776 motion values"));
    /// assert_eq!(e.position(), None);
    /// ```
    #[error("out of memory: cannot allocate {values} motion values")]
    OutOfMemory {
        /// How many values were to be stored.
        values: usize,
    },
    /// The file holds more joint-frames (frames times joints) than
    /// [`MAX_JOINT_FRAMES`](crate::MAX_JOINT_FRAMES): converted to a [`Clip`](crate::Clip) it
    /// would need more memory than any real capture does (a few bytes of text, or a blank line
    /// under joints without channels, can stand for a whole frame of every joint).
    #[error(
        "line {line}, column {column}: frame {frame} makes {frame_count_so_far} frames of {joints} joints, more than the {limit} joint-frames hooke-bvh reads (MAX_JOINT_FRAMES)",
        frame_count_so_far = frame + 1
    )]
    TooManyFrames {
        /// 1-based line of the first frame over the limit.
        line: usize,
        /// 1-based column (always 1: the start of that frame's line).
        column: usize,
        /// 0-based index of the first frame over the limit.
        frame: usize,
        /// Number of joints in the hierarchy.
        joints: usize,
        /// The limit, [`MAX_JOINT_FRAMES`](crate::MAX_JOINT_FRAMES).
        limit: usize,
    },
    /// A skeleton built in code ([`Bvh::skeleton`](crate::Bvh::skeleton)) that no BVH file
    /// could hold: the message names the joint and what is wrong.
    #[error("{message}")]
    Invalid {
        /// What is wrong, naming the joint.
        message: String,
    },
}

impl BvhError {
    /// The 1-based `(line, column)` of a syntax error, or `None` for I/O errors and built
    /// skeletons.
    ///
    /// ```
    /// let err = hooke_bvh::Bvh::parse("").unwrap_err();
    /// assert_eq!(err.position(), Some((1, 1)));
    /// ```
    pub fn position(&self) -> Option<(usize, usize)> {
        match *self {
            BvhError::Io { .. } | BvhError::OutOfMemory { .. } | BvhError::Invalid { .. } => None,
            BvhError::InvalidUtf8 { line, column }
            | BvhError::UnexpectedEof { line, column, .. }
            | BvhError::Unexpected { line, column, .. }
            | BvhError::BadNumber { line, column, .. }
            | BvhError::NonFinite { line, column, .. }
            | BvhError::UnknownChannel { line, column, .. }
            | BvhError::DuplicateChannel { line, column, .. }
            | BvhError::TooManyChannels { line, column, .. }
            | BvhError::BadFrameTime { line, column, .. }
            | BvhError::WrongValueCount { line, column, .. }
            | BvhError::TooManyFrames { line, column, .. } => Some((line, column)),
        }
    }
}

/// Something suspicious that did not stop the file from being read.
///
/// Warnings are returned with the parsed file ([`Bvh::warnings`](crate::Bvh::warnings)) rather
/// than printed, so the caller decides whether they matter.
///
/// ```
/// use hooke_bvh::{Bvh, BvhWarning};
///
/// let src = "HIERARCHY\nROOT A\n{\nOFFSET 0 0 0\nCHANNELS 1 Xrotation\n}\n\
///            MOTION\nFrames: 3\nFrame Time: 0.5\n10\n20\n";
/// let bvh = Bvh::parse(src).unwrap();
/// assert_eq!(bvh.frame_count(), 2);
/// assert_eq!(
///     bvh.warnings(),
///     &[BvhWarning::FrameCountMismatch { line: 8, declared: 3, found: 2 }]
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BvhWarning {
    /// `Frames:` declares a different number of frames than there are motion lines; the motion
    /// lines win.
    #[error(
        "line {line}: `Frames:` declares {declared} frames but the file has {found}; using {found}"
    )]
    FrameCountMismatch {
        /// 1-based line of the `Frames:` header.
        line: usize,
        /// The count written in the header.
        declared: usize,
        /// The number of motion lines actually present.
        found: usize,
    },
}

/// [`BvhError::NonFinite`]'s message: a number that f64 holds but f32 does not is out of range,
/// not infinite.
fn non_finite(text: &str) -> String {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => {
            format!(
                "`{text}` is out of range for f32 (magnitudes up to {:e})",
                f32::MAX
            )
        }
        _ => format!("expected a finite number, found `{text}`"),
    }
}
