//! Writing a [`Bvh`] back to text.
//!
//! Numbers use Rust's shortest round-tripping formatting (never exponent notation, which some
//! BVH readers reject), so reading the output gives back bit-identical values.
//!
//! The output is linear in the size of the hierarchy: the writer walks the joints with an
//! explicit stack (no recursion, so any nesting depth is safe) and indents at most
//! [`MAX_INDENT`] tabs. Indenting every level would make a 10,000-deep chain (a 399 KB file)
//! 250 MB of tabs.

use std::fmt::{self, Write as _};
use std::path::Path;

use crate::{Bvh, BvhError};

impl fmt::Display for Bvh {
    /// Writes the file with tab indentation and LF line endings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_header(f, self.frame_count)?;
        self.fmt_frames(f)
    }
}

/// [`Bvh::write_header`]'s text.
struct Header<'a>(&'a Bvh, usize);

impl fmt::Display for Header<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_header(f, self.1)
    }
}

/// [`Bvh::write_frames`]'s text.
struct Frames<'a>(&'a Bvh);

impl fmt::Display for Frames<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_frames(f)
    }
}

impl Bvh {
    /// The hierarchy and the motion header, announcing `frame_count` frames.
    fn fmt_header(&self, f: &mut fmt::Formatter<'_>, frame_count: usize) -> fmt::Result {
        f.write_str("HIERARCHY\n")?;
        // Joints are stored depth-first, so a joint's ancestors are exactly the open joints that
        // remain after closing every open joint that is not its parent.
        let mut open: Vec<usize> = Vec::new();
        for (index, joint) in self.joints.iter().enumerate() {
            while let Some(&top) = open.last() {
                if Some(top) == joint.parent {
                    break;
                }
                open.pop();
                self.close(f, top, open.len())?;
            }
            let depth = open.len();
            let keyword = if joint.parent.is_some() {
                "JOINT"
            } else {
                "ROOT"
            };
            indent(f, depth)?;
            writeln!(f, "{keyword} {}", joint.name)?;
            indent(f, depth)?;
            f.write_str("{\n")?;
            indent(f, depth + 1)?;
            let o = joint.offset;
            writeln!(f, "OFFSET {} {} {}", o.x, o.y, o.z)?;
            indent(f, depth + 1)?;
            write!(f, "CHANNELS {}", joint.channels.len())?;
            for channel in &joint.channels {
                write!(f, " {channel}")?;
            }
            f.write_char('\n')?;
            open.push(index);
        }
        while let Some(top) = open.pop() {
            self.close(f, top, open.len())?;
        }

        f.write_str("MOTION\n")?;
        writeln!(f, "Frames: {frame_count}")?;
        writeln!(f, "Frame Time: {}", self.frame_time)
    }

    /// The motion lines, one per frame.
    fn fmt_frames(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for frame in 0..self.frame_count {
            let mut separator = "";
            for value in self.frame(frame) {
                write!(f, "{separator}{value}")?;
                separator = " ";
            }
            f.write_char('\n')?;
        }
        Ok(())
    }
}

/// The deepest indentation written, in tabs. Real rigs nest about 10 levels deep; joints deeper
/// than this are written at this indentation (readers go by the braces, not the tabs).
const MAX_INDENT: usize = 32;

fn indent(f: &mut fmt::Formatter<'_>, depth: usize) -> fmt::Result {
    const TABS: &str = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
    const _: () = assert!(TABS.len() == MAX_INDENT);
    f.write_str(&TABS[..depth.min(MAX_INDENT)])
}

impl Bvh {
    /// Writes the `End Site` (if any) and the closing brace of joint `index` at `depth`.
    fn close(&self, f: &mut fmt::Formatter<'_>, index: usize, depth: usize) -> fmt::Result {
        if let Some(site) = self.joints[index].end_site {
            indent(f, depth + 1)?;
            f.write_str("End Site\n")?;
            indent(f, depth + 1)?;
            f.write_str("{\n")?;
            indent(f, depth + 2)?;
            writeln!(f, "OFFSET {} {} {}", site.x, site.y, site.z)?;
            indent(f, depth + 1)?;
            f.write_str("}\n")?;
        }
        indent(f, depth)?;
        f.write_str("}\n")
    }

    /// Writes the file to `out` (the same text as [`to_string`](ToString::to_string)), through a
    /// buffer of its own and without building the whole text in memory first.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 1 Frame Time: 0.5\n1.25\n")?;
    /// let mut out = Vec::new();
    /// bvh.write(&mut out).unwrap();
    /// assert!(String::from_utf8(out).unwrap().ends_with("Frame Time: 0.5\n1.25\n"));
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn write<W: std::io::Write>(&self, out: W) -> std::io::Result<()> {
        use std::io::Write as _;
        let mut out = std::io::BufWriter::new(out);
        write!(out, "{self}")?;
        out.flush()
    }

    /// Writes the hierarchy and the motion header of a file of `frame_count` frames, without
    /// frames: with [`write_frames`](Self::write_frames) a tool writes a long file in pieces
    /// (each piece a `Bvh` of a few frames on the same skeleton) without holding all of it.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 1 Frame Time: 0.5\n1.25\n")?;
    /// let mut out = Vec::new();
    /// bvh.write_header(&mut out, 2).unwrap();
    /// bvh.write_frames(&mut out).unwrap();
    /// bvh.write_frames(&mut out).unwrap();
    /// let twice = hooke_bvh::Bvh::parse(std::str::from_utf8(&out).unwrap())?;
    /// assert_eq!((twice.frame_count(), twice.frame(1)), (2, &[1.25][..]));
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn write_header<W: std::io::Write>(
        &self,
        out: W,
        frame_count: usize,
    ) -> std::io::Result<()> {
        use std::io::Write as _;
        let mut out = std::io::BufWriter::new(out);
        write!(out, "{}", Header(self, frame_count))?;
        out.flush()
    }

    /// Writes the motion lines of this file's frames only (see [`write_header`](Self::write_header)).
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 1 Frame Time: 0.5\n1.25\n")?;
    /// let mut out = Vec::new();
    /// bvh.write_frames(&mut out).unwrap();
    /// assert_eq!(out, b"1.25\n");
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn write_frames<W: std::io::Write>(&self, out: W) -> std::io::Result<()> {
        use std::io::Write as _;
        let mut out = std::io::BufWriter::new(out);
        write!(out, "{}", Frames(self))?;
        out.flush()
    }

    /// Writes the file to `path`, replacing it. I/O errors name the path.
    ///
    /// ```
    /// # let bvh = hooke_bvh::Bvh::parse("HIERARCHY ROOT R { OFFSET 0 0 0 CHANNELS 1 Xrotation } MOTION Frames: 1 Frame Time: 0.5\n1.25\n")?;
    /// let path = std::env::temp_dir().join("hooke_bvh_doctest_write.bvh");
    /// bvh.write_to_path(&path)?;
    /// assert_eq!(hooke_bvh::Bvh::from_path(&path)?, bvh);
    /// # std::fs::remove_file(&path).ok();
    /// # Ok::<(), hooke_bvh::BvhError>(())
    /// ```
    pub fn write_to_path(&self, path: impl AsRef<Path>) -> Result<(), BvhError> {
        let path = path.as_ref();
        std::fs::write(path, self.to_string()).map_err(|source| BvhError::Io {
            path: path.to_path_buf(),
            source,
        })
    }
}
