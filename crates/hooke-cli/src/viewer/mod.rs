//! The animation viewer page of `hooke demo` and `hooke view`: one self-contained HTML file
//! (script, style, clip data and plots inline; no network request) that plays clips as
//! skeletons side by side in 3D on a canvas, with an orbit camera, a scrubber with seam
//! markers, play/pause, 0.25x slow motion, a ground grid and the trail of one joint. Beside
//! them: tables and SVG plots.
//!
//! The script (`viewer.js`) and style (`viewer.css`) live beside this file and are inlined at
//! build time; the clip data is encoded by [`encode`].

mod encode;

use std::fmt::Write as _;

use glam::Vec3;

/// One clip of the page: world-space joint positions (forward kinematics done), frame by frame.
#[derive(Debug, Clone)]
pub(crate) struct Clip3d {
    /// The panel's label ("inertialized", a file name).
    pub name: String,
    /// A line under the label (the file, the frames).
    pub detail: String,
    /// Joint names.
    pub joints: Vec<String>,
    /// Parent of each joint (a parent comes before its children).
    pub parents: Vec<Option<usize>>,
    /// Seconds per frame of `positions`.
    pub frame_time: f64,
    /// `joints.len()` positions per frame.
    pub positions: Vec<Vec3>,
    /// Frames where a seam starts (marked on the timeline).
    pub seams: Vec<usize>,
    /// The joint whose trail is drawn.
    pub trail: usize,
}

/// A table beside the viewer.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    /// Heading above it.
    pub caption: String,
    /// A sentence under the heading (may be empty).
    pub note: String,
    /// Column heads.
    pub header: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
}

/// An SVG plot beside the viewer, inlined.
#[derive(Debug, Clone)]
pub(crate) struct Figure {
    /// Its caption (the file it was also written to).
    pub caption: String,
    /// The SVG document.
    pub svg: String,
}

/// Everything on a page.
#[derive(Debug, Clone)]
pub(crate) struct Page<'a> {
    /// The page's title and heading.
    pub title: String,
    /// A sentence under the heading.
    pub intro: String,
    /// The clips, one panel each, in order.
    pub clips: &'a [Clip3d],
    /// Tables shown beside the viewer (after the table of clips).
    pub tables: Vec<Table>,
    /// Plots shown beside the viewer.
    pub figures: Vec<Figure>,
    /// The command that made the page (`demo`, `view`), for the footer.
    pub command: &'static str,
}

const TEMPLATE: &str = include_str!("page.html");
const SCRIPT: &str = include_str!("viewer.js");
const STYLE: &str = include_str!("viewer.css");

/// The whole page.
pub(crate) fn html(page: &Page<'_>) -> String {
    let steps = encode::steps(
        &page
            .clips
            .iter()
            .map(|c| (c.frame_time, frame_count(c), c.joints.len()))
            .collect::<Vec<_>>(),
    );
    let first = page.clips.first();
    let synced = page.clips.iter().all(|c| {
        first.is_some_and(|f| frame_count(c) == frame_count(f) && c.frame_time == f.frame_time)
    });
    let mut data = String::from("{\"synced\":");
    data.push_str(if synced { "true" } else { "false" });
    data.push_str(",\"clips\":[");
    let mut clip_rows = Vec::new();
    let mut precision = 0.0_f32;
    for (k, (clip, &step)) in page.clips.iter().zip(&steps).enumerate() {
        let q = encode::quantise(&clip.positions, clip.joints.len(), step);
        precision = precision.max(q.extent.max_element() / 65535.0 / 2.0);
        let dt = clip.frame_time * step as f64;
        let rate = |dt: f64| if dt > 0.0 { 1.0 / dt } else { 0.0 };
        clip_rows.push(vec![
            escape_html(&clip.name),
            clip.joints.len().to_string(),
            frame_count(clip).to_string(),
            format!("{:.0} Hz", rate(clip.frame_time)),
            format!("{:.1} s", frame_count(clip) as f64 * clip.frame_time),
            format!("{:.0} Hz", rate(dt)),
        ]);
        if k > 0 {
            data.push(',');
        }
        let seams: Vec<String> = clip
            .seams
            .iter()
            .map(|&s| format!("{:.6}", s as f64 * clip.frame_time))
            .collect();
        let _ = write!(
            data,
            "{{\"name\":{},\"detail\":{},\"joints\":[{}],\"parents\":[{}],\"frameTime\":{},\
             \"sourceFrameTime\":{},\"step\":{step},\"frames\":{},\"min\":[{},{},{}],\
             \"extent\":[{},{},{}],\"seams\":[{}],\"trail\":{},\"positions\":\"{}\"}}",
            json_string(&clip.name),
            json_string(&clip.detail),
            clip.joints
                .iter()
                .map(|j| json_string(j))
                .collect::<Vec<_>>()
                .join(","),
            clip.parents
                .iter()
                .map(|p| p.map_or("-1".into(), |p| p.to_string()))
                .collect::<Vec<_>>()
                .join(","),
            dt,
            clip.frame_time,
            q.frames,
            q.min.x,
            q.min.y,
            q.min.z,
            q.extent.x,
            q.extent.y,
            q.extent.z,
            seams.join(","),
            clip.trail.min(clip.joints.len().saturating_sub(1)),
            q.base64
        );
    }
    data.push_str("]}");

    let mut side = String::new();
    let clips_table = Table {
        caption: "Clips".into(),
        note: if page.clips.len() == 1 {
            String::new()
        } else if synced {
            "Same length: they play on one timeline.".into()
        } else {
            "Different lengths: each plays on its own timeline (see the bar under each panel)."
                .into()
        },
        header: ["clip", "joints", "frames", "rate", "length", "stored at"]
            .map(String::from)
            .to_vec(),
        rows: clip_rows,
    };
    for table in std::iter::once(&clips_table).chain(&page.tables) {
        push_table(&mut side, table, table.caption != "Clips");
    }
    for figure in &page.figures {
        let _ = writeln!(
            side,
            "<figure><figcaption>{}</figcaption>{}</figure>",
            escape_html(&figure.caption),
            strip_xml_declaration(&figure.svg)
        );
    }

    let rates: Vec<String> = page
        .clips
        .iter()
        .zip(&steps)
        .map(|(c, &s)| {
            let rate = if c.frame_time > 0.0 {
                1.0 / c.frame_time
            } else {
                0.0
            };
            if s == 1 {
                format!("at {rate:.0} Hz (every frame)")
            } else {
                format!(
                    "at {:.0} Hz (every {} frame of {rate:.0} Hz)",
                    rate / s as f64,
                    ordinal(s)
                )
            }
        })
        .collect();
    let stored = if rates.windows(2).all(|w| w[0] == w[1]) {
        rates.first().cloned().unwrap_or_default()
    } else {
        page.clips
            .iter()
            .zip(&rates)
            .map(|(c, r)| format!("{} {r}", escape_html(&c.name)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let footer = format!(
        "<p><b>Controls:</b> drag to orbit, wheel to zoom; space plays and pauses, ← → step a \
         frame, S toggles 0.25x; the orange marks are seams; untick <i>follow</i> to stop the \
         camera following each character.</p><p><b>Data:</b> made by hooke {} \
         (<code>hooke {}</code>). Joint positions are world space, computed from the BVH \
         rotations by forward kinematics in Rust; stored {}; quantised to 16-bit integers inside \
         each clip's bounding box (largest rounding error {precision:.4} BVH units) and \
         base64-encoded into this page, which is one file and makes no network request. Between \
         stored frames the viewer interpolates linearly.</p>",
        env!("CARGO_PKG_VERSION"),
        page.command,
        stored
    );
    TEMPLATE
        .replace("{{TITLE}}", &escape_html(&page.title))
        .replace("{{INTRO}}", &escape_html(&page.intro))
        .replace("{{STYLE}}", STYLE)
        .replace("{{SIDE}}", &side)
        .replace("{{FOOTER}}", &footer)
        .replace("{{SCRIPT}}", SCRIPT)
        // Last: the data holds no `{{` (JSON escaped, base64), and is the largest part.
        .replace("{{DATA}}", &data)
}

fn frame_count(clip: &Clip3d) -> usize {
    clip.positions.len() / clip.joints.len().max(1)
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn push_table(out: &mut String, table: &Table, escape_cells: bool) {
    let _ = write!(out, "<section><h2>{}</h2>", escape_html(&table.caption));
    if !table.note.is_empty() {
        let _ = write!(out, "<p>{}</p>", escape_html(&table.note));
    }
    if table.header.is_empty() && table.rows.is_empty() {
        out.push_str("</section>\n");
        return;
    }
    out.push_str("<table><thead><tr>");
    for head in &table.header {
        let _ = write!(out, "<th>{}</th>", escape_html(head));
    }
    out.push_str("</tr></thead><tbody>");
    for row in &table.rows {
        out.push_str("<tr>");
        for cell in row {
            // Cells of the clips table are escaped where they are made.
            let cell = if escape_cells {
                escape_html(cell)
            } else {
                cell.clone()
            };
            let _ = write!(out, "<td>{cell}</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></section>\n");
}

fn strip_xml_declaration(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(start) => &svg[start..],
        None => "",
    }
}

/// Text for HTML content and attributes.
pub(crate) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A JSON string literal that is also safe inside a `<script>` element (no `<`, `>`, `&`).
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || matches!(c, '<' | '>' | '&' | '\u{2028}' | '\u{2029}') => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clip(name: &str, frames: usize) -> Clip3d {
        Clip3d {
            name: name.into(),
            detail: "test".into(),
            joints: vec!["Hips".into(), "</script><b>".into()],
            parents: vec![None, Some(0)],
            frame_time: 1.0 / 120.0,
            positions: (0..frames * 2)
                .map(|i| Vec3::new(i as f32, 1.0, 2.0))
                .collect(),
            seams: vec![3],
            trail: 1,
        }
    }

    #[test]
    fn the_page_is_one_file_with_everything_inline_and_escaped() {
        let clips = [clip("a & <b>", 10), clip("c", 10)];
        let page = html(&Page {
            title: "T".into(),
            intro: "I".into(),
            clips: &clips,
            tables: vec![],
            command: "view",
            figures: vec![Figure {
                caption: "plot".into(),
                svg: "<?xml version=\"1.0\"?>\n<svg viewBox=\"0 0 1 1\"></svg>".into(),
            }],
        });
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(!page.contains("{{"), "a placeholder is left");
        assert!(page.contains("\"synced\":true"));
        assert!(page.contains("a &amp; &lt;b&gt;"));
        assert!(page.contains("\\u003c/script\\u003e"));
        assert_eq!(page.matches("</script>").count(), 2, "data and script only");
        assert!(page.contains("<figure><figcaption>plot</figcaption><svg"));
        assert!(page.contains("every 2nd frame of 120 Hz"));
        for external in ["src=\"http", "href=\"http", "@import", "url(http", "<link"] {
            assert!(!page.contains(external), "{external}");
        }
    }

    #[test]
    fn clips_of_different_lengths_get_their_own_timelines() {
        let clips = [clip("a", 10), clip("b", 12)];
        let page = html(&Page {
            title: "T".into(),
            intro: String::new(),
            clips: &clips,
            tables: vec![],
            figures: vec![],
            command: "view",
        });
        assert!(page.contains("\"synced\":false"));
        assert_eq!(ordinal(2), "2nd");
        assert_eq!(ordinal(12), "12th");
    }
}
