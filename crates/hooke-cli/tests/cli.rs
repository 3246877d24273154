//! The `hooke` binary end to end: the main job on the bundled clips, tables, plots, bad input.

use std::process::Command;

fn hooke(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_hooke"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn main_job_runs_on_the_bundled_clips_and_reports_the_pop_reduction() {
    let out = hooke(&["inertialize", "--characters", "40", "--seconds", "3"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("output finite: true"), "{stdout}");
    assert!(
        stdout.contains("hard cut / inertialized: median"),
        "{stdout}"
    );
}

#[test]
fn table_and_plots_are_written() {
    let out = hooke(&["table", "--halflife", "0.1"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("critical"));

    let dir = std::env::temp_dir().join(format!("hooke-cli-plots-{}", std::process::id()));
    let out = hooke(&["plot", "--out", dir.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in ["responses.svg", "dt_invariance.svg"] {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(svg.starts_with("<svg"), "{name}");
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_missing_clip_is_an_error_naming_the_file() {
    let out = hooke(&[
        "inertialize",
        "--clip-a",
        "no/such/clip.bvh",
        "--characters",
        "2",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/clip.bvh"));
}

#[test]
fn a_negative_halflife_is_an_error_naming_the_parameter() {
    let out = hooke(&[
        "inertialize",
        "--halflife=-0.5",
        "--characters",
        "2",
        "--seconds",
        "0.1",
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("halflife"), "{stderr}");
    let out = hooke(&["table", "--halflife=-1"]);
    assert!(!out.status.success());
}
