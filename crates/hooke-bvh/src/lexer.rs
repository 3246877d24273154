//! A zero-allocation tokenizer for the HIERARCHY section.
//!
//! Tokens are borrowed slices of the input; line and column are only turned into numbers when a
//! token is actually produced, and the column (a character count) only when an error needs it.

/// One whitespace-separated word, or a single `{` / `}`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Token<'a> {
    pub text: &'a str,
    /// Byte offset of the token in the source.
    pub start: usize,
    /// 1-based line.
    pub line: usize,
    /// Byte offset of the start of the token's line.
    pub line_start: usize,
}

impl Token<'_> {
    /// 1-based column in characters, computed on demand (only errors need it).
    pub fn column(&self, src: &str) -> usize {
        column_of(src, self.line_start, self.start)
    }
}

/// 1-based character column of byte `pos`, given the byte offset of its line start.
pub(crate) fn column_of(src: &str, line_start: usize, pos: usize) -> usize {
    src.get(line_start..pos)
        .map_or(1, |s| s.chars().count() + 1)
}

pub(crate) struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    line: usize,
    line_start: usize,
    peeked: Option<Option<Token<'a>>>,
}

/// BVH separates tokens by any ASCII whitespace; `\r` is whitespace, so CRLF needs no special case.
fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace()
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer {
            src,
            pos: 0,
            line: 1,
            line_start: 0,
            peeked: None,
        }
    }

    pub fn src(&self) -> &'a str {
        self.src
    }

    /// Skips whitespace, keeping the line count.
    fn skip_space(&mut self) {
        let bytes = self.src.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if !is_space(b) {
                break;
            }
            self.pos += 1;
            if b == b'\n' {
                self.line += 1;
                self.line_start = self.pos;
            }
        }
    }

    fn lex(&mut self) -> Option<Token<'a>> {
        self.skip_space();
        let bytes = self.src.as_bytes();
        let start = self.pos;
        let first = *bytes.get(start)?;
        // Braces are tokens of their own even when glued to a word (`Hips{`), because some
        // exporters omit the space.
        let end = if first == b'{' || first == b'}' {
            start + 1
        } else {
            let mut end = start;
            while let Some(&b) = bytes.get(end) {
                if is_space(b) || b == b'{' || b == b'}' {
                    break;
                }
                end += 1;
            }
            end
        };
        self.pos = end;
        // Splitting only at ASCII bytes keeps `start..end` on UTF-8 boundaries.
        let text = self.src.get(start..end)?;
        Some(Token {
            text,
            start,
            line: self.line,
            line_start: self.line_start,
        })
    }

    pub fn next_token(&mut self) -> Option<Token<'a>> {
        match self.peeked.take() {
            Some(t) => t,
            None => self.lex(),
        }
    }

    pub fn peek(&mut self) -> Option<Token<'a>> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lex());
        }
        self.peeked.flatten()
    }

    /// Line of the next token (or of the end of input).
    pub fn peek_line(&mut self) -> usize {
        match self.peek() {
            Some(t) => t.line,
            None => self.line,
        }
    }

    /// The position just after the last character, for end-of-file errors.
    pub fn eof_position(&self) -> (usize, usize) {
        let mut line = 1;
        let mut line_start = 0;
        for (i, b) in self.src.bytes().enumerate() {
            if b == b'\n' {
                line += 1;
                line_start = i + 1;
            }
        }
        (line, column_of(self.src, line_start, self.src.len()))
    }

    /// Byte offset just after the last consumed token (used to hand over to the line-based
    /// MOTION reader). Must not be called with a peeked token pending.
    pub fn position(&self) -> usize {
        debug_assert!(self.peeked.is_none());
        self.pos
    }

    /// Line number at [`position`](Self::position).
    pub fn line(&self) -> usize {
        self.line
    }
}
