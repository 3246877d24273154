//! The demo's `index.html`: the three stitched clips (cut, inertialized, dead-blended) on one
//! timeline in the viewer (see [`crate::viewer`]), with the seam table and the demo's plots.

use glam::Vec3;
use hooke_bvh::Clip;

use crate::args::StitchMode;
use crate::stitch::SeamReport;
use crate::viewer::{self, Clip3d, Figure, Page, Table};

/// One stitched clip: world-space joint positions of every frame, and the seam frames.
pub(crate) struct Stitched {
    /// How its seams were blended.
    pub mode: StitchMode,
    /// Global joint positions, `skeleton.joint_count()` per frame.
    pub global: Vec<Vec3>,
    /// Frames that start a new segment.
    pub seams: Vec<usize>,
}

/// What the page shows beside the clips.
pub(crate) struct Extras<'a> {
    /// The stitched segments, e.g. `01_01.bvh:100..500`.
    pub labels: &'a [String],
    /// Seam reports of each mode, in the order of the stitched clips.
    pub reports: &'a [(StitchMode, Vec<SeamReport>)],
    /// A sentence on the tracking demo.
    pub tracking: String,
    /// `(file name, SVG)` of each plot.
    pub plots: Vec<(String, String)>,
}

/// The page: panels cut, inertialized, dead-blended (the order in which a seam gets better).
pub(crate) fn html(
    skeleton: &Clip,
    stitched: &[Stitched],
    hand: usize,
    extras: &Extras<'_>,
) -> String {
    let order = [
        StitchMode::Cut,
        StitchMode::Inertialize,
        StitchMode::DeadBlend,
    ];
    let clips: Vec<Clip3d> = order
        .iter()
        .filter_map(|mode| stitched.iter().find(|s| s.mode == *mode))
        .map(|s| Clip3d {
            name: s.mode.done().to_owned(),
            detail: match s.mode {
                StitchMode::Cut => "hard cuts at the seams".into(),
                StitchMode::Inertialize => "inertialization, halflife 0.1 s".into(),
                StitchMode::DeadBlend => "dead blending, cross-fade 0.2 s".into(),
            },
            joints: skeleton.joint_names().to_vec(),
            parents: skeleton.parents().to_vec(),
            frame_time: f64::from(skeleton.frame_time()),
            positions: s.global.clone(),
            seams: s.seams.clone(),
            trail: hand,
        })
        .collect();
    let blended = |mode: StitchMode, k: usize| {
        extras
            .reports
            .iter()
            .find(|(m, _)| *m == mode)
            .and_then(|(_, r)| r.get(k))
    };
    let rows = extras
        .reports
        .iter()
        .find(|(m, _)| *m == StitchMode::Cut)
        .map(|(_, r)| r.as_slice())
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(k, cut)| {
            let of = |mode| blended(mode, k).map_or("-".into(), |s| format!("{:.0}", s.blended));
            vec![
                format!("{} → {}", cut.from, cut.to),
                cut.frame.to_string(),
                format!("{:.0}", cut.cut),
                of(StitchMode::Inertialize),
                of(StitchMode::DeadBlend),
            ]
        })
        .collect();
    let seams = Table {
        caption: "Seams: largest joint acceleration (units/s²)".into(),
        note: format!(
            "{} joined with anchored root. The orange marks on the scrubber are the seams; \
             play them at 0.25x.",
            extras.labels.join(" + ")
        ),
        header: ["seam", "frame", "cut", "inertialized", "dead-blended"]
            .map(String::from)
            .to_vec(),
        rows,
    };
    let tracking = Table {
        caption: "Tracking".into(),
        note: extras.tracking.clone(),
        header: Vec::new(),
        rows: Vec::new(),
    };
    viewer::html(&Page {
        title: "hooke demo".into(),
        intro: "Three ways to stitch the bundled CMU clips, side by side: a hard cut, \
                inertialization and dead blending. The white line is the trail of the hand \
                plotted below."
            .into(),
        clips: &clips,
        command: "demo",
        tables: vec![seams, tracking],
        figures: extras
            .plots
            .iter()
            .map(|(file, svg)| Figure {
                caption: file.clone(),
                svg: svg.clone(),
            })
            .collect(),
    })
}
