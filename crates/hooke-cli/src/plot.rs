//! `hooke plot`: SVG plots of spring responses for the documentation.

use std::io::Write;
use std::path::Path;

use hooke::scalar::{
    critical_spring_damper_exact, damper_exact, damper_fast, spring_damper_exact_ratio,
};
use plotters::prelude::*;

use crate::{CliError, gallery, output};

/// A named line: `(x, y)` points.
pub type Series = (String, Vec<(f32, f32)>);

/// A plot of `hooke plot`: file name, title, axis names, and its series.
type Entry = (
    &'static str,
    String,
    (&'static str, &'static str),
    Vec<Series>,
);

/// Writes the spring gallery into `folder` (`docs/img/` by default): the damping regimes,
/// dt-invariance, smooth damp, and every spring kind of [`crate::gallery`]; existing files only
/// with `force`. Every target is checked before anything is computed or written.
pub fn run(folder: &Path, force: bool, out: &mut dyn Write) -> Result<(), CliError> {
    const NAMES: [&str; 14] = [
        "responses.svg",
        "dt_invariance.svg",
        "smooth_damp.svg",
        "damper.svg",
        "springs.svg",
        "quaternion.svg",
        "tracking.svg",
        "character.svg",
        "stitch.svg",
        "resonance.svg",
        "dead_blend_curves.svg",
        "dead_blend_halflife.svg",
        "feet_height.svg",
        "feet_speed.svg",
    ];
    // The folder first (exit 2 naming it when it cannot be made), so the targets' checks can
    // see whether it can be written in.
    std::fs::create_dir_all(folder).map_err(|e| {
        CliError::Input(format!(
            "--out {}: cannot create the folder: {e}",
            folder.display()
        ))
    })?;
    for name in NAMES {
        output::check_target(&folder.join(name), &[], force)?;
    }
    let t = ("time (s)", "x");
    let entries: [Entry; 9] = [
        (
            "damper.svg",
            "Exact damper toward 1".into(),
            t,
            gallery::damper(),
        ),
        (
            "springs.svg",
            "Critical, double and timed springs, halflife 0.1 s".into(),
            t,
            gallery::springs(),
        ),
        (
            "quaternion.svg",
            "Quaternion spring turning 120°, halflife 0.15 s".into(),
            ("time (s)", "degrees"),
            gallery::quaternion(),
        ),
        (
            "tracking.svg",
            "Tracking spring over known discontinuities, halflife 0.1 s".into(),
            t,
            gallery::tracking(),
        ),
        (
            "character.svg",
            "Spring character controller and its predicted trajectory".into(),
            ("time (s)", "position (m)"),
            gallery::character(),
        ),
        (
            "stitch.svg",
            "Stitching two mocap clips: a hand's height at the seam".into(),
            ("time (s)", "height"),
            gallery::stitch_modes()?,
        ),
        (
            "resonance.svg",
            "Springs of frequency 2 Hz with three damping halflives".into(),
            t,
            gallery::resonance(),
        ),
        (
            "dead_blend_curves.svg",
            "Dead blending from a moving source: the cross-fade curves (0.3 s)".into(),
            t,
            gallery::dead_blend_curves(),
        ),
        (
            "dead_blend_halflife.svg",
            "Dead blend (1 s) from a bone moving at 2/s toward a pose 1 away".into(),
            t,
            gallery::dead_blend_halflife()?,
        ),
    ];
    let mut svgs = vec![
        (
            NAMES[0],
            plot(
                "Step responses, halflife 0.2 s",
                &regimes(),
                (0.0, 1.5),
                (-0.1, 1.6),
            ),
        ),
        (
            NAMES[1],
            plot(
                "Damper at 10, 30 and 120 Hz: exact vs fast_negexp",
                &dt_invariance(),
                (0.0, 1.0),
                (0.0, 1.05),
            ),
        ),
        (
            NAMES[2],
            plot(
                "Smooth damp (0.1 s) at 5, 10 and 60 Hz: exact vs Unity's formula",
                &smooth_damp_vs_unity(),
                (0.0, 0.6),
                (0.0, 1.05),
            ),
        ),
    ];
    for (name, title, (x, y), series) in &entries {
        svgs.push((name, lines(title, series, x, y)));
    }
    let feet = gallery::feet()?;
    svgs.push((NAMES[12], Ok(feet.height_svg)));
    svgs.push((NAMES[13], Ok(feet.speed_svg)));
    for (name, svg) in svgs {
        let path = folder.join(name);
        let svg =
            svg.map_err(|e| CliError::Failure(format!("plotting {}: {e}", path.display())))?;
        output::write_atomically(&path, svg.as_bytes(), &[], force)?;
    }
    writeln!(
        out,
        "wrote {} plots into {}: {}",
        NAMES.len(),
        folder.display(),
        NAMES.join(", ")
    )
    .map_err(CliError::Stdout)
}

pub(crate) fn regimes() -> Vec<Series> {
    let dt = 1.0 / 120.0;
    let mut out = Vec::new();
    for ratio in [0.2_f32, 0.5, 1.0, 2.0, 5.0] {
        let (mut x, mut v) = (0.0_f32, 0.0_f32);
        let mut points = vec![(0.0, 0.0)];
        for frame in 1..=180 {
            if ratio == 1.0 {
                critical_spring_damper_exact(&mut x, &mut v, 1.0, 0.0, 0.2, dt);
            } else {
                spring_damper_exact_ratio(&mut x, &mut v, 1.0, 0.0, ratio, 0.2, dt);
            }
            points.push((frame as f32 * dt, x));
        }
        out.push((format!("damping ratio {ratio}"), points));
    }
    out
}

fn dt_invariance() -> Vec<Series> {
    let rates = [10.0, 30.0, 120.0];
    let frames = |hz: f32| hz as usize;
    side_by_side(rates, frames, ["exact", "fast_negexp"], |x, which, dt| {
        let damp = [damper_exact, damper_fast][which];
        *x = damp(*x, 1.0, 0.15, dt);
        *x
    })
}

/// `hooke::scalar::smooth_damp` and `unity_smooth_damp` from 0 toward 1 with a smooth time of
/// 0.1 s at three frame rates: the exact one has the same value at every frame rate.
fn smooth_damp_vs_unity() -> Vec<Series> {
    use hooke::scalar::{smooth_damp, unity_smooth_damp};
    let rates = [5.0, 10.0, 60.0];
    let frames = |hz: f32| (0.6 * hz).round() as usize;
    let names = ["smooth_damp", "unity_smooth_damp"];
    side_by_side(
        rates,
        frames,
        names,
        |(x, v): &mut (f32, f32), which, dt| {
            let damp = [smooth_damp, unity_smooth_damp][which];
            *x = damp(*x, 1.0, v, 0.1, f32::INFINITY, dt);
            *x
        },
    )
}

/// Two methods (`which` 0 and 1), each from the default state at each frame rate, stepped frame
/// by frame for `frames(hz)` frames by `step(state, which, dt)`, which returns the value. One
/// series per method and rate, named `"{name}, {hz} Hz"`, starting at `(0, 0)`.
fn side_by_side<S: Default>(
    rates: [f32; 3],
    frames: impl Fn(f32) -> usize,
    names: [&str; 2],
    step: impl Fn(&mut S, usize, f32) -> f32,
) -> Vec<Series> {
    let mut out = Vec::new();
    for hz in rates {
        let dt = 1.0 / hz;
        let mut states = [S::default(), S::default()];
        let mut points = [vec![(0.0, 0.0)], vec![(0.0, 0.0)]];
        for frame in 1..=frames(hz) {
            for (which, (state, series)) in states.iter_mut().zip(&mut points).enumerate() {
                series.push((frame as f32 * dt, step(state, which, dt)));
            }
        }
        for (name, series) in names.iter().zip(points) {
            out.push((format!("{name}, {hz} Hz"), series));
        }
    }
    out
}

/// An SVG plot of `series` with axes fitted to the data.
pub fn lines(title: &str, series: &[Series], x_desc: &str, y_desc: &str) -> Result<String, String> {
    let points = series.iter().flat_map(|(_, p)| p.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    for &(x, y) in points {
        (x0, x1, y0, y1) = (x0.min(x), x1.max(x), y0.min(y), y1.max(y));
    }
    if x0 > x1 {
        return Err("nothing to plot".into());
    }
    let pad = 0.05 * (y1 - y0).max(1e-6);
    draw(
        title,
        series,
        (x0, x1.max(x0 + 1e-6)),
        (y0 - pad, y1 + pad),
        (x_desc, y_desc),
    )
}

fn plot(title: &str, series: &[Series], xr: (f32, f32), yr: (f32, f32)) -> Result<String, String> {
    draw(title, series, xr, yr, ("time (s)", "x"))
}

/// Renders the plot into an SVG string (written to disk by the caller, atomically).
fn draw(
    title: &str,
    series: &[Series],
    xr: (f32, f32),
    yr: (f32, f32),
    desc: (&str, &str),
) -> Result<String, String> {
    // The legend goes in a strip below the chart, two entries a row, so it never covers data.
    const CHART: (u32, u32) = (720, 420);
    const ROW: u32 = 20;
    let rows = u32::try_from(series.len().div_ceil(2)).unwrap_or(u32::MAX / ROW);
    let mut svg = String::new();
    {
        let size = (CHART.0, CHART.1 + 8 + rows.saturating_mul(ROW));
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        let err = |e: DrawingAreaErrorKind<_>| e.to_string();
        root.fill(&WHITE).map_err(err)?;
        let (top, legend) = root.split_vertically(CHART.1);
        let mut chart = ChartBuilder::on(&top)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(32)
            .y_label_area_size(44)
            .build_cartesian_2d(xr.0..xr.1, yr.0..yr.1)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(desc.0)
            .y_desc(desc.1)
            .draw()
            .map_err(err)?;
        for (i, (_, points)) in series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            chart
                .draw_series(LineSeries::new(
                    points.iter().copied(),
                    color.stroke_width(2),
                ))
                .map_err(err)?;
        }
        for (i, (name, _)) in series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            let column = i32::try_from(i % 2).unwrap_or(0);
            let row = i32::try_from(i / 2).unwrap_or(i32::MAX / 32);
            let (x, y) = (68 + column * 330, 4 + row * 20 + 10);
            legend
                .draw(&PathElement::new(
                    vec![(x, y), (x + 24, y)],
                    color.stroke_width(2),
                ))
                .map_err(err)?;
            legend
                .draw(&Text::new(
                    name.clone(),
                    (x + 32, y - 7),
                    ("sans-serif", 14).into_font(),
                ))
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(with_title(&svg, title))
}

/// `svg` with a `<title>` element (what viewers and screen readers show) right after the opening
/// `<svg ...>` tag.
fn with_title(svg: &str, title: &str) -> String {
    let escaped = title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    match svg
        .find("<svg")
        .and_then(|at| svg[at..].find('>').map(|end| at + end + 1))
    {
        Some(split) => format!(
            "{}\n<title>{escaped}</title>{}",
            &svg[..split],
            &svg[split..]
        ),
        None => svg.to_owned(),
    }
}
