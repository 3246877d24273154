//! Shared by the C tests: building the staticlib they link (see `c_abi.rs` for why a nested
//! `cargo build` into a target directory of its own).
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");

/// Where this test binary lives: `(target_dir, triple, profile_dir)`.
fn layout() -> (PathBuf, Option<String>, PathBuf) {
    let exe = std::env::current_exe().expect("path of the test executable");
    // <target-dir>/[<triple>/]<profile-dir>/deps/c_abi-<hash>
    let deps = exe.parent().expect("deps directory");
    let profile_dir = deps.parent().expect("profile directory").to_path_buf();
    let above = profile_dir
        .parent()
        .expect("target directory")
        .to_path_buf();
    // Cargo marks the root of a target directory with CACHEDIR.TAG; if the directory above the
    // profile is not the root, it is a `--target <triple>` directory.
    if above.join("CACHEDIR.TAG").exists() {
        (above, None, profile_dir)
    } else {
        let triple = above.file_name().unwrap().to_string_lossy().into_owned();
        let root = above.parent().expect("target directory").to_path_buf();
        (root, Some(triple), profile_dir)
    }
}

/// Builds (or finds up to date) `libhooke_capi.a` for this test's profile and flags, once per
/// test process.
pub fn staticlib() -> PathBuf {
    static LIB: OnceLock<PathBuf> = OnceLock::new();
    LIB.get_or_init(build_staticlib).clone()
}

fn build_staticlib() -> PathBuf {
    let (target_dir, triple, profile_dir) = layout();
    let nested_dir = target_dir.join("hooke-capi-staticlib");
    let profile = match profile_dir.file_name().unwrap().to_str().unwrap() {
        "debug" => "test".to_owned(),
        custom => custom.to_owned(),
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut cmd = Command::new(&cargo);
    cmd.args([
        "build",
        "--quiet",
        "-p",
        "hooke-capi",
        "--lib",
        "--profile",
        &profile,
    ])
    // A target directory of its own: `cargo build -p hooke-capi` alone can resolve dependency
    // features differently from the `cargo test --workspace` run that started this test, and in
    // the shared directory it would overwrite the library the doctests link against with one
    // built on another `glam`.
    .arg("--target-dir")
    .arg(&nested_dir)
    .current_dir(MANIFEST_DIR);
    if let Some(triple) = &triple {
        cmd.args(["--target", triple]);
    }
    let status = cmd
        .status()
        .unwrap_or_else(|e| panic!("could not run `{cargo}` to build the staticlib: {e}"));
    assert!(status.success(), "`{cmd:?}` failed");
    let mut lib_dir = nested_dir.clone();
    if let Some(triple) = &triple {
        lib_dir.push(triple);
    }
    lib_dir.push(profile_dir.file_name().expect("a profile directory"));
    let lib = lib_dir.join("libhooke_capi.a");
    assert!(
        lib.exists(),
        "{} was not produced by `{cmd:?}`",
        lib.display()
    );
    lib
}

/// Whether `tool --version` runs.
pub fn has(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok()
}

/// A command running `exe` directly, or under valgrind when `HOOKE_VALGRIND=1` (set by
/// `.ci/run`): any invalid access or definite/indirect leak then makes it exit with status 99.
/// (rayon's pool threads, alive until exit, are only "possibly lost"/"still reachable".)
pub fn command(exe: &std::path::Path) -> Command {
    if std::env::var_os("HOOKE_VALGRIND").is_some_and(|v| v == "1") {
        assert!(
            has("valgrind"),
            "HOOKE_VALGRIND=1 but valgrind is not installed"
        );
        let mut cmd = Command::new("valgrind");
        cmd.args([
            "--quiet",
            "--error-exitcode=99",
            "--leak-check=full",
            "--errors-for-leak-kinds=definite,indirect",
            "--show-leak-kinds=definite,indirect",
        ])
        .arg(exe);
        cmd
    } else {
        Command::new(exe)
    }
}
