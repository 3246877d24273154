//! The viewer page of `hooke view` and `hooke demo` from the outside: one self-contained file,
//! never written over an existing one without `--force`, bad arguments named. The page in a
//! real browser is tested by `tests/browser/viewer.test.mjs`, which `.ci/run` runs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn hooke(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hooke"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn bundled(name: &str) -> String {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu"))
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// Everything is inline: no script, style, image or frame comes from elsewhere.
fn assert_self_contained(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>"));
    for external in [
        "src=\"http",
        "href=\"http",
        "src=\"//",
        "<link",
        "@import",
        "url(",
        "<iframe",
        "fetch(",
        "XMLHttpRequest",
        "<script src",
    ] {
        assert!(!page.contains(external), "the page holds {external:?}");
    }
    assert!(
        page.contains("default-src 'none'"),
        "no content security policy"
    );
    assert!(page.contains("window.hookeViewer"), "no test hook");
}

#[test]
fn view_writes_one_self_contained_page_and_never_over_a_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("clips.html");
    let (a, b) = (bundled("01_01.bvh"), bundled("01_03.bvh"));
    let run = hooke(&["view", &a, &b, "-o", arg(&page)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(
        text(&run.stdout).contains(arg(&page)),
        "{}",
        text(&run.stdout)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert_self_contained(&html);
    // Different lengths: each clip on its own timeline.
    assert!(html.contains("\"synced\":false"));
    assert!(html.contains("01_01.bvh") && html.contains("01_03.bvh"));
    assert!(html.contains("every 2nd frame of 120 Hz"), "footer");
    assert!(html.len() < 2_000_000, "{} bytes", html.len());

    let again = hooke(&["view", &a, "-o", arg(&page)]);
    assert_eq!(again.status.code(), Some(2));
    let err = text(&again.stderr);
    assert!(err.contains(arg(&page)) && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&page).unwrap(), html);

    let forced = hooke(&["view", &a, &a, "-o", arg(&page), "--force"]);
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("\"synced\":true"),
        "same clip twice: one timeline"
    );
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn view_refuses_bad_input_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let missing = hooke(&["view", "no/such/clip.bvh", "-o", arg(&page)]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("no/such/clip.bvh"));

    let a = bundled("01_01.bvh");
    let trail = hooke(&["view", &a, "-o", arg(&page), "--trail", "Tail"]);
    assert_eq!(trail.status.code(), Some(2));
    let err = text(&trail.stderr);
    assert!(err.contains("01_01.bvh") && err.contains("Tail"), "{err}");

    let garbage = dir.path().join("garbage.bvh");
    std::fs::write(&garbage, "HIERARCHY\nROOT {").unwrap();
    let bad = hooke(&["view", arg(&garbage), "-o", arg(&page)]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("garbage.bvh"));

    // Never over an input.
    let over = hooke(&["view", &a, "-o", &a, "--force"]);
    assert_eq!(over.status.code(), Some(2));
    assert!(!page.exists(), "nothing written on a refused run");

    let usage = hooke(&["view", "-o", arg(&page)]);
    assert_eq!(usage.status.code(), Some(2));
}

#[test]
fn demo_writes_the_viewer_page_last_with_its_seams_table_and_plots() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("demo");
    let run = hooke(&["demo", "--out", arg(&out)]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let stdout = text(&run.stdout);
    let index = out.join("index.html");
    assert_eq!(
        stdout.lines().last().map(str::trim),
        Some(arg(&index)),
        "{stdout}"
    );
    let html = std::fs::read_to_string(&index).unwrap();
    assert_self_contained(&html);
    assert!(html.contains("\"synced\":true"));
    for needle in [
        "\"name\":\"cut\"",
        "\"name\":\"inertialized\"",
        "\"name\":\"dead-blended\"",
        "Seams: largest joint acceleration",
        "seams_acceleration.svg",
        "springs.svg",
        "LeftHand",
    ] {
        assert!(html.contains(needle), "{needle:?} not in index.html");
    }
    // The panels run cut, inertialized, dead-blended; the plots are inline.
    let at = |s: &str| html.find(s).unwrap();
    assert!(at("\"name\":\"cut\"") < at("\"name\":\"inertialized\""));
    assert!(at("\"name\":\"inertialized\"") < at("\"name\":\"dead-blended\""));
    assert!(html.matches("<svg").count() >= 4);
    assert!(html.len() < 2_000_000, "{} bytes", html.len());
}
