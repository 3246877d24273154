//! The BVH grammar: a token-based HIERARCHY reader and a line-based MOTION reader.
//!
//! The hierarchy is parsed with an explicit stack instead of recursion so that absurdly deep
//! nesting in a hostile file cannot overflow the call stack.

use glam::Vec3;

use crate::bvh::{Bvh, Channel, Joint};
use crate::lexer::{Lexer, Token, column_of};
use crate::{BvhError, BvhWarning, MAX_JOINT_FRAMES};

const JOINT_ITEM: &str = "`JOINT`, `End Site` or `}`";

pub(crate) fn parse(src: &str) -> Result<Bvh, BvhError> {
    // A byte order mark is invisible in editors, so it should not make a file unreadable.
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let mut p = Parser {
        lex: Lexer::new(src),
    };
    let joints = p.hierarchy()?;
    let channel_count = joints.iter().map(|j| j.channels.len()).sum();
    let (frames_line, declared, frame_time) = p.motion_header()?;
    let (values, frame_count) = read_frames(
        src,
        p.lex.position(),
        p.lex.line(),
        channel_count,
        joints.len(),
    )?;
    let frame_count = frame_count.unwrap_or(values.len() / channel_count.max(1));
    let mut warnings = Vec::new();
    if frame_count != declared {
        warnings.push(BvhWarning::FrameCountMismatch {
            line: frames_line,
            declared,
            found: frame_count,
        });
    }
    Ok(Bvh {
        joints,
        channel_count,
        frame_count,
        frame_time,
        values,
        warnings,
    })
}

struct Parser<'a> {
    lex: Lexer<'a>,
}

impl<'a> Parser<'a> {
    fn eof(&self, expected: &'static str) -> BvhError {
        let (line, column) = self.lex.eof_position();
        BvhError::UnexpectedEof {
            line,
            column,
            expected,
        }
    }

    fn unexpected(&self, tok: Token<'_>, expected: &'static str) -> BvhError {
        BvhError::Unexpected {
            line: tok.line,
            column: tok.column(self.lex.src()),
            expected,
            found: tok.text.to_owned(),
        }
    }

    fn bad_number(&self, tok: Token<'_>, expected: &'static str) -> BvhError {
        BvhError::BadNumber {
            line: tok.line,
            column: tok.column(self.lex.src()),
            expected,
            text: tok.text.to_owned(),
        }
    }

    fn token(&mut self, expected: &'static str) -> Result<Token<'a>, BvhError> {
        self.lex.next_token().ok_or_else(|| self.eof(expected))
    }

    fn keyword(&mut self, keyword: &str, expected: &'static str) -> Result<Token<'a>, BvhError> {
        let tok = self.token(expected)?;
        if tok.text == keyword {
            Ok(tok)
        } else {
            Err(self.unexpected(tok, expected))
        }
    }

    fn float(&mut self, expected: &'static str) -> Result<f32, BvhError> {
        let tok = self.token(expected)?;
        let v: f32 = tok
            .text
            .parse()
            .map_err(|_| self.bad_number(tok, expected))?;
        if !v.is_finite() {
            return Err(BvhError::NonFinite {
                line: tok.line,
                column: tok.column(self.lex.src()),
                text: tok.text.to_owned(),
            });
        }
        Ok(v)
    }

    fn offset(&mut self) -> Result<Vec3, BvhError> {
        self.keyword("OFFSET", "`OFFSET`")?;
        let x = self.float("an offset component")?;
        let y = self.float("an offset component")?;
        let z = self.float("an offset component")?;
        Ok(Vec3::new(x, y, z))
    }

    fn hierarchy(&mut self) -> Result<Vec<Joint>, BvhError> {
        self.keyword("HIERARCHY", "`HIERARCHY`")?;
        let mut joints = Vec::new();
        self.keyword("ROOT", "`ROOT`")?;
        loop {
            self.joint_tree(&mut joints)?;
            // Several roots are allowed (some exporters write props as separate hierarchies).
            let tok = self.token("`ROOT` or `MOTION`")?;
            match tok.text {
                "ROOT" => continue,
                "MOTION" => return Ok(joints),
                _ => return Err(self.unexpected(tok, "`ROOT` or `MOTION`")),
            }
        }
    }

    /// Parses a root joint (its `ROOT` keyword already consumed) and all its descendants.
    fn joint_tree(&mut self, joints: &mut Vec<Joint>) -> Result<(), BvhError> {
        let root = self.joint_header(joints, None)?;
        let mut open = vec![root];
        while let Some(&current) = open.last() {
            let tok = self.token(JOINT_ITEM)?;
            match tok.text {
                "JOINT" => {
                    let child = self.joint_header(joints, Some(current))?;
                    open.push(child);
                }
                "End" => {
                    self.keyword("Site", "`Site` after `End`")?;
                    self.keyword("{", "`{`")?;
                    let site = self.offset()?;
                    self.keyword("}", "`}` closing the End Site")?;
                    let joint = &mut joints[current];
                    if joint.end_site.is_some() {
                        return Err(self.unexpected(tok, "`JOINT` or `}` (one End Site per joint)"));
                    }
                    joint.end_site = Some(site);
                }
                "}" => {
                    open.pop();
                }
                _ => return Err(self.unexpected(tok, JOINT_ITEM)),
            }
        }
        Ok(())
    }

    /// Parses `name { OFFSET x y z CHANNELS n ...`, pushes the joint and returns its index.
    fn joint_header(
        &mut self,
        joints: &mut Vec<Joint>,
        parent: Option<usize>,
    ) -> Result<usize, BvhError> {
        let name = self.token("a joint name")?;
        if name.text == "{" || name.text == "}" {
            return Err(self.unexpected(name, "a joint name"));
        }
        self.keyword("{", "`{`")?;
        let offset = self.offset()?;
        self.keyword("CHANNELS", "`CHANNELS`")?;
        let count_tok = self.token("a channel count")?;
        let count: usize = count_tok
            .text
            .parse()
            .map_err(|_| self.bad_number(count_tok, "a channel count"))?;
        if count > 6 {
            return Err(BvhError::TooManyChannels {
                line: count_tok.line,
                column: count_tok.column(self.lex.src()),
                count,
            });
        }
        let mut channels = Vec::with_capacity(count);
        for _ in 0..count {
            let tok = self.token("a channel name")?;
            let channel: Channel = tok.text.parse().map_err(|_| BvhError::UnknownChannel {
                line: tok.line,
                column: tok.column(self.lex.src()),
                name: tok.text.to_owned(),
            })?;
            if channels.contains(&channel) {
                return Err(BvhError::DuplicateChannel {
                    line: tok.line,
                    column: tok.column(self.lex.src()),
                    name: tok.text.to_owned(),
                });
            }
            channels.push(channel);
        }
        let first_channel = joints
            .last()
            .map_or(0, |j| j.first_channel + j.channels.len());
        joints.push(Joint {
            name: name.text.to_owned(),
            parent,
            offset,
            channels,
            first_channel,
            end_site: None,
        });
        Ok(joints.len() - 1)
    }

    /// Reads `label:` written as `label:`, `label :` or glued to its value (`label:12`).
    /// Returns the value token.
    fn label(&mut self, label: &str, expected: &'static str) -> Result<Token<'a>, BvhError> {
        let tok = self.token(expected)?;
        let Some(rest) = tok.text.strip_prefix(label) else {
            return Err(self.unexpected(tok, expected));
        };
        match rest {
            "" => {
                self.keyword(":", expected)?;
                self.token("a value")
            }
            ":" => self.token("a value"),
            _ => match rest.strip_prefix(':') {
                Some(value) => Ok(Token {
                    text: value,
                    start: tok.start + label.len() + 1,
                    ..tok
                }),
                None => Err(self.unexpected(tok, expected)),
            },
        }
    }

    /// Parses `Frames: n` and `Frame Time: t`; returns the line of `Frames:`, `n` and `t`.
    fn motion_header(&mut self) -> Result<(usize, usize, f64), BvhError> {
        let frames_line = self.lex.peek_line();
        let tok = self.label("Frames", "`Frames:`")?;
        let declared: usize = tok
            .text
            .parse()
            .map_err(|_| self.bad_number(tok, "a frame count"))?;
        self.keyword("Frame", "`Frame Time:`")?;
        let tok = self.label("Time", "`Frame Time:`")?;
        let frame_time: f64 = tok
            .text
            .parse()
            .map_err(|_| self.bad_number(tok, "a frame time in seconds"))?;
        let column = tok.column(self.lex.src());
        if !frame_time.is_finite() {
            return Err(BvhError::NonFinite {
                line: tok.line,
                column,
                text: tok.text.to_owned(),
            });
        }
        // Clip maths runs in f32: a time that is 0 or subnormal there gives NaN or infinite
        // velocities, one above f32::MAX an infinite time (see `MIN_FRAME_TIME`).
        if frame_time <= 0.0 || !(frame_time as f32).is_normal() {
            return Err(BvhError::BadFrameTime {
                line: tok.line,
                column,
                value: frame_time,
            });
        }
        Ok((frames_line, declared, frame_time))
    }
}

/// Reads the motion lines that follow byte `pos` (just after the frame time, on line `line`).
///
/// Returns the values and, only when there are no channels (so lines carry no values and cannot
/// be told apart from blank ones), the frame count taken from the number of lines. Refuses more
/// than [`MAX_JOINT_FRAMES`] joint-frames for `joints` joints.
fn read_frames(
    src: &str,
    pos: usize,
    line: usize,
    channel_count: usize,
    joints: usize,
) -> Result<(Vec<f32>, Option<usize>), BvhError> {
    let max_frames = MAX_JOINT_FRAMES / joints.max(1);
    let too_many = |frame_line: usize| BvhError::TooManyFrames {
        line: frame_line,
        column: 1,
        frame: max_frames,
        joints,
        limit: MAX_JOINT_FRAMES,
    };
    let rest = src.get(pos..).unwrap_or("");
    let mut lines = rest.split('\n');
    // The remainder of the `Frame Time:` line must be empty: frames start on the next line.
    let tail = lines.next().unwrap_or("");
    if let Some(word) = tail.split_ascii_whitespace().next() {
        let line_start = src[..pos].rfind('\n').map_or(0, |i| i + 1);
        return Err(BvhError::Unexpected {
            line,
            column: column_of(src, line_start, pos + offset_in(tail, word)),
            expected: "a line break after the frame time",
            found: word.to_owned(),
        });
    }

    // Each value needs at least two bytes ("0 "), which bounds the reservation for hostile
    // inputs whose line count times channel count would be huge.
    let line_estimate = rest.bytes().filter(|&b| b == b'\n').count();
    // Fallible: a huge file under a memory limit is an error, not an abort (issue 21).
    let reserve = line_estimate
        .saturating_mul(channel_count)
        .min(rest.len() / 2 + 1);
    let mut values = Vec::new();
    values
        .try_reserve_exact(reserve)
        .map_err(|_| BvhError::OutOfMemory { values: reserve })?;
    let mut frame = 0;
    let mut pieces = 0;
    let mut last_blank = false;
    for (i, text) in lines.enumerate() {
        let line = line + 1 + i;
        pieces += 1;
        let mut found = 0;
        for word in text.split_ascii_whitespace() {
            if found == channel_count {
                // Surplus value: report it, counting the rest for the message.
                let after = offset_in(text, word) + word.len();
                let count = channel_count + 1 + text[after..].split_ascii_whitespace().count();
                return Err(BvhError::WrongValueCount {
                    line,
                    column: column_of(text, 0, offset_in(text, word)),
                    frame,
                    expected: channel_count,
                    found: count,
                });
            }
            values.push(parse_value(text, word, line)?);
            found += 1;
        }
        last_blank = found == 0;
        if found == 0 {
            // Blank lines (typically trailing ones) are not frames.
            continue;
        }
        if found < channel_count {
            return Err(BvhError::WrongValueCount {
                line,
                column: column_of(text, 0, text.trim_end().len()),
                frame,
                expected: channel_count,
                found,
            });
        }
        if frame == max_frames {
            return Err(too_many(line));
        }
        frame += 1;
    }
    if channel_count == 0 {
        // Without channels every line is a (valueless) frame; a blank piece after the final
        // line break is not a line.
        let frames = if last_blank { pieces - 1 } else { pieces };
        if frames > max_frames {
            return Err(too_many(line + 1 + max_frames));
        }
        return Ok((values, Some(frames)));
    }
    Ok((values, None))
}

/// Byte offset of `word` (a subslice of `text`) within `text`.
fn offset_in(text: &str, word: &str) -> usize {
    (word.as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

fn parse_value(text: &str, word: &str, line: usize) -> Result<f32, BvhError> {
    let column = || column_of(text, 0, offset_in(text, word));
    let v: f32 = word.parse().map_err(|_| BvhError::BadNumber {
        line,
        column: column(),
        expected: "a channel value",
        text: word.to_owned(),
    })?;
    if !v.is_finite() {
        return Err(BvhError::NonFinite {
            line,
            column: column(),
            text: word.to_owned(),
        });
    }
    Ok(v)
}
