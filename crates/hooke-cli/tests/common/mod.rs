//! Helpers shared by the end-to-end tests of the `hooke` binary.

#![allow(dead_code)] // each test binary uses its own subset

use std::path::{Path, PathBuf};

use assert_cmd::cargo::cargo_bin_cmd;

/// The outcome of one run of the binary.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `hooke` with `args`; a panic message on stderr fails the test whatever the exit status.
pub fn hooke<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Run {
    let out = cargo_bin_cmd!("hooke").args(args).output().unwrap();
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run
}

/// The path of a bundled CMU clip (`data/cmu/<name>`).
pub fn bundled_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/cmu")
        .join(name)
}

/// [`bundled_path`] as a command-line argument.
pub fn bundled(name: &str) -> String {
    bundled_path(name).display().to_string()
}
