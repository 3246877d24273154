//! Proves the C ABI from C: compiles `tests/c/smoke.c` (and a program taking the address of every
//! function declared in `include/hooke.h`) with the system C compiler, links them against the
//! staticlib `libhooke_capi.a`, runs them and compares their output with the Rust API.
//!
//! # How the staticlib is found
//!
//! `cargo test` compiles this crate's library for the tests, but does not promise to produce (or
//! to copy next to the test binaries) the `staticlib` crate type, and a `libhooke_capi.a` lying in
//! the target directory may be stale. So the test builds it explicitly, with a nested
//! `$CARGO build -p hooke-capi --lib` into `<target-dir>/hooke-capi-staticlib` (a directory of its
//! own, so that it cannot replace the artefacts the doctests of a `--workspace` run link against):
//!
//! - the profile is the one of this test binary, read from its path
//!   (`<target-dir>/[<triple>/]<profile-dir>/deps/c_abi-*`): `debug` is the `test` profile
//!   (which `cargo test` uses); any other directory is the profile of that name (`release` for
//!   `cargo test --release`, or a custom `--profile`); the first run compiles the library and its
//!   dependencies there once, later runs are no-ops;
//! - the target directory and triple come from the same path, so `CARGO_TARGET_DIR`,
//!   `--target-dir`, `--target` and `build.target-dir` all work; `RUSTFLAGS` and the rest of the
//!   environment are inherited, so e.g. `RUSTFLAGS="-C target-cpu=x86-64"
//!   CARGO_TARGET_DIR=target/baseline cargo test` links a baseline library;
//! - `cargo test` has released its build lock before running tests, so the nested cargo does not
//!   block.
//!
//! This keeps the C compiler out of the library's own build (no build script, no `cc` crate
//! dependency for engines that only link the library) and tests the real linkable artefact.
//! The C compiler is `$CC` or `cc`; if it is missing the test fails with a message saying so.
#![cfg(unix)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use glam::{Quat, Vec3};
use hooke::batch::{CriticalSprings, QuatDecaySprings};
use hooke::scalar;
use hooke_capi::HookeStatus;

mod common;

use common::staticlib;

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");
const TMP_DIR: &str = env!("CARGO_TARGET_TMPDIR");

/// Compiles and links `sources` against the staticlib, returning the executable's path.
fn compile_c(name: &str, sources: &[PathBuf], lib: &Path) -> PathBuf {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let out = Path::new(TMP_DIR).join(name);
    let mut cmd = Command::new(&cc);
    cmd.args([
        "-std=c99",
        "-Wall",
        "-Wextra",
        "-Wpedantic",
        "-Werror",
        "-O1",
    ])
    .arg("-I")
    .arg(Path::new(MANIFEST_DIR).join("include"))
    .args(sources)
    .arg(lib)
    .args(["-lpthread", "-ldl", "-lm", "-o"])
    .arg(&out);
    let output = cmd.output().unwrap_or_else(|e| {
        panic!(
            "could not run the C compiler `{cc}` ({e}). This test needs a C compiler: install \
             gcc or clang, or point $CC at one."
        )
    });
    assert!(
        output.status.success(),
        "compiling with `{cmd:?}` failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// Builds `tests/c/<source>` against the static library as `name` and runs it; its stdout.
fn run_c_program(name: &str, source: &str) -> String {
    let lib = staticlib();
    let source = Path::new(MANIFEST_DIR).join("tests/c").join(source);
    run(&compile_c(name, &[source], &lib))
}

/// A C program's `key: value` lines.
fn keyed(stdout: &str) -> BTreeMap<&str, &str> {
    stdout
        .lines()
        .filter_map(|line| line.split_once(": "))
        .collect()
}

fn run(exe: &Path) -> String {
    // Under valgrind with HOOKE_VALGRIND=1 (.ci/run).
    let output = common::command(exe)
        .output()
        .unwrap_or_else(|e| panic!("could not run {}: {e}", exe.display()));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{} failed ({}):\n{stdout}\n{}",
        exe.display(),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

fn hex(values: &[f32]) -> String {
    values
        .iter()
        .map(|v| format!("{:08x}", v.to_bits()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The lines the C program must print, computed with the Rust API.
fn expected() -> BTreeMap<&'static str, String> {
    let mut e = BTreeMap::new();

    let (mut x, mut v) = (0.0_f32, 0.0_f32);
    for _ in 0..3 {
        scalar::critical_spring_damper_exact(&mut x, &mut v, 1.0, 0.0, 0.1, 1.0 / 60.0);
    }
    e.insert("critical", hex(&[x, v]));
    let coeffs_step = {
        let (mut x, mut v) = (0.0_f32, 0.0_f32);
        scalar::critical_spring_damper_exact(&mut x, &mut v, 1.0, 0.0, 0.1, 1.0 / 60.0);
        hex(&[x, v])
    };
    e.insert("coeffs", coeffs_step);

    let (mut x, mut v) = (0.5_f32, -1.0_f32);
    scalar::spring_damper_exact_stiffness_damping(&mut x, &mut v, 2.0, 0.1, 100.0, 5.0, 0.02);
    e.insert("stiffness_damping", hex(&[x, v]));

    e.insert("damper", hex(&[scalar::damper_exact(0.0, 1.0, 0.5, 0.1)]));

    let (mut q, mut w) = (Quat::IDENTITY, Vec3::ZERO);
    let goal = Quat::from_xyzw(0.6, 0.0, 0.0, 0.8);
    for _ in 0..5 {
        scalar::simple_spring_damper_exact_quat(&mut q, &mut w, goal, 0.2, 1.0 / 30.0);
    }
    e.insert("quat", hex(&[q.x, q.y, q.z, q.w, w.x, w.y, w.z]));

    let (mut x, mut v, mut a) = (0.0_f32, 0.0_f32, 0.0_f32);
    scalar::spring_character_update(&mut x, &mut v, &mut a, 3.0, 0.1, 0.25);
    e.insert("character", hex(&[x, v, a]));

    let (mut x, mut v) = (Vec3::ZERO, Vec3::ZERO);
    scalar::critical_spring_damper_exact_vec3(
        &mut x,
        &mut v,
        Vec3::new(1.0, -2.0, 3.0),
        Vec3::ZERO,
        0.15,
        0.05,
    );
    e.insert("vec3", hex(&[x.x, x.y, x.z, v.x, v.y, v.z]));

    const N: usize = 11;
    let halflives: Vec<f32> = (0..N).map(|i| 0.05 * (i + 1) as f32).collect();
    let mut s = CriticalSprings::with_halflives(&halflives).unwrap();
    for i in 0..N {
        s.x_mut()[i] = -(i as f32);
        s.goal_mut()[i] = 0.5 * i as f32;
        s.goal_velocity_mut()[i] = 0.25;
    }
    for _ in 0..10 {
        s.update(1.0 / 60.0).unwrap();
    }
    for _ in 0..10 {
        s.par_update(1.0 / 60.0).unwrap();
    }
    e.insert("batch_x", hex(s.x()));
    e.insert("batch_v", hex(s.v()));

    let mut r = QuatDecaySprings::new(4, 0.1).unwrap();
    r.set(1, Quat::from_xyzw(0.0, 0.0, 0.6, 0.8), Vec3::Z)
        .unwrap();
    r.update(0.05).unwrap();
    let (q, w) = (r.rotation(1), r.angular_velocity(1));
    e.insert("quat_batch", hex(&[q.x, q.y, q.z, q.w, w.x, w.y, w.z]));

    e.insert("invalid_status", "2".to_owned()); // HOOKE_INVALID_PARAMETER
    e.insert(
        "invalid_message",
        hooke::SpringParams::critical(-0.1).unwrap_err().to_string(),
    );
    e.insert(
        "invalid_at_message",
        "parameter `halflife` at index 2 is NaN, expected a finite value >= 0".to_owned(),
    );
    e.insert("null_status", "1".to_owned()); // HOOKE_NULL_POINTER
    e.insert("null_message", "argument `x` is a null pointer".to_owned());
    e.insert(
        "coeffs_error",
        "parameter `dt` is -1, expected a finite value >= 0".to_owned(),
    );
    e.insert(
        "update_error",
        "parameter `dt` is -1, expected a finite value >= 0".to_owned(),
    );
    e.insert(
        "length_error",
        "column `halflife` has length 10, expected 11".to_owned(),
    );
    e.insert(
        "index_error",
        "index 4 is out of range for a batch of 4 springs".to_owned(),
    );
    e.insert("version", env!("CARGO_PKG_VERSION").to_owned());
    e.insert("failures", "0".to_owned());
    e
}

#[test]
fn c_program_matches_the_rust_api() {
    let stdout = run_c_program("hooke_capi_smoke", "smoke.c");
    let got = keyed(&stdout);
    for (key, want) in expected() {
        assert_eq!(
            got.get(key).copied(),
            Some(want.as_str()),
            "C output `{key}` differs from Rust; full output:\n{stdout}"
        );
    }
}

#[test]
fn c_program_locks_feet() {
    let stdout = run_c_program("hooke_capi_feet", "feet.c");
    let got = keyed(&stdout);
    let invalid = (HookeStatus::InvalidParameter as i32).to_string();
    for (key, want) in [
        ("bad_leg", invalid.as_str()),
        ("locked", "1"),
        ("toe_held", "1"),
        ("root_moved", "1"),
        ("unit", "1"),
        ("failures", "0"),
    ] {
        assert_eq!(
            got.get(key).copied(),
            Some(want),
            "`{key}`; full output:\n{stdout}"
        );
    }
}

/// Every function name declared in `hooke.h`, in order of appearance.
fn declared_functions() -> Vec<String> {
    let header = std::fs::read_to_string(Path::new(MANIFEST_DIR).join("include/hooke.h")).unwrap();
    let mut names = Vec::new();
    for line in header.lines().filter(|l| !l.trim_start().starts_with('*')) {
        let mut rest = line;
        while let Some(start) = rest.find("hooke_") {
            let tail = &rest[start..];
            let end = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(tail.len());
            if tail[end..].starts_with('(') && !names.iter().any(|n| n == &tail[..end]) {
                names.push(tail[..end].to_owned());
            }
            rest = &tail[end..];
        }
    }
    names
}

#[test]
fn every_declared_function_links() {
    let names = declared_functions();
    assert!(
        names.len() > 60,
        "only {} functions found in hooke.h",
        names.len()
    );
    let mut src = String::from(
        "#include <stdio.h>\n#include \"hooke.h\"\n\ntypedef void (*fn_ptr)(void);\n\
         static const fn_ptr all[] = {\n",
    );
    for name in &names {
        src.push_str(&format!("    (fn_ptr){name},\n"));
    }
    src.push_str(
        "};\n\nint main(void) {\n    printf(\"%u\\n\", (unsigned)(sizeof all / sizeof all[0]));\n\
         \x20   return 0;\n}\n",
    );
    let path = Path::new(TMP_DIR).join("hooke_capi_all_symbols.c");
    std::fs::write(&path, src).unwrap();
    let lib = staticlib();
    let exe = compile_c("hooke_capi_all_symbols", &[path], &lib);
    assert_eq!(run(&exe).trim(), names.len().to_string());

    // And the other way round: every `hooke_*` symbol the library exports is declared.
    if let Ok(out) = Command::new("nm")
        .args(["-g", "--defined-only"])
        .arg(&lib)
        .output()
    {
        if out.status.success() {
            let exported: Vec<String> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .filter_map(|l| l.split_whitespace().nth(2))
                .filter(|s| s.starts_with("hooke_") && !s.contains("$"))
                .map(str::to_owned)
                .collect();
            let missing: Vec<&String> = exported.iter().filter(|s| !names.contains(s)).collect();
            assert!(
                missing.is_empty(),
                "exported but not declared in hooke.h: {missing:?}"
            );
        }
    } else {
        eprintln!("note: `nm` not found; skipped checking exports against hooke.h");
    }
}

/// The C++ example of the README, compiled as C++ and run (skipped without a C++ compiler).
#[test]
fn readme_cpp_example_runs() {
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_owned());
    if Command::new(&cxx).arg("--version").output().is_err() {
        eprintln!("note: no C++ compiler `{cxx}`: skipped the C++ example (set $CXX)");
        return;
    }
    let example = Path::new(MANIFEST_DIR).join("tests/c/example.cpp");
    let readme = std::fs::read_to_string(Path::new(MANIFEST_DIR).join("README.md")).unwrap();
    let code = std::fs::read_to_string(&example).unwrap();
    assert!(
        readme.contains(code.trim()),
        "README.md must contain tests/c/example.cpp verbatim"
    );
    let lib = staticlib();
    let out = Path::new(TMP_DIR).join("hooke_capi_example_cpp");
    let output = Command::new(&cxx)
        .args(["-std=c++17", "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(Path::new(MANIFEST_DIR).join("include"))
        .arg(&example)
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "compiling the C++ example failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = run(&out);
    assert!(
        stdout.starts_with("x[0] = 0.974"),
        "unexpected output: {stdout}"
    );
}
