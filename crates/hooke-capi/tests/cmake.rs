//! The engine-style proof: `tests/cmake/` is a CMake project that links `libhooke_capi.a` through
//! `add_library(hooke STATIC IMPORTED)` (as `docs/engine-integration.md` shows) and builds
//!
//! - `crowd` (C++): 100 characters x 31 bones of the bundled CMU clips, walk -> climb at staggered
//!   frames (a quarter of them dead-blended, odd frames on the parallel update), poses in an
//!   engine transform struct `{float t[3]; float pad; float q[4]; float s[3]; float pad;}` passed
//!   through strided views; it compares every output value with the Rust API's (computed here and
//!   written to a frames file) and fails beyond 1e-5;
//! - `errors` (C): every error path of the inertializer and the views.
//!
//! With `HOOKE_VALGRIND=1` (set by `.ci/run`) both run under valgrind, which must report no
//! invalid access and no definite or indirect leak. Without `cmake` on the PATH the test is
//! skipped with a note, unless `HOOKE_REQUIRE_CMAKE=1` (also set by `.ci/run`, which installs it).
#![cfg(unix)]

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use hooke_bvh::{Bvh, Clip};
use hooke_inertia::{BlendMode, BlendProfile, Inertializer, Pose, PoseBatch, RootPolicy};

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");
const TMP_DIR: &str = env!("CARGO_TARGET_TMPDIR");
const WALK: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_01.bvh");
const CLIMB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/cmu/01_03.bvh");

const CHARACTERS: usize = 100;
const FRAMES: usize = 24;

fn clip(path: &str) -> Clip {
    Clip::from_bvh(&Bvh::from_path(path).expect("CMU clip in data/cmu"))
}

fn put_bones(out: &mut Vec<u8>, pose: &Pose) {
    for b in 0..pose.positions.len() {
        let floats = [
            pose.positions[b].to_array().as_slice(),
            &pose.velocities[b].to_array(),
            &pose.rotations[b].to_array(),
            &pose.angular_velocities[b].to_array(),
        ]
        .concat();
        for f in floats {
            out.extend_from_slice(&f.to_le_bytes());
        }
    }
}

/// Runs the scenario with the Rust API and writes the frames file `crowd.cpp` reads (format in
/// its header comment), with the expected output of every frame.
fn write_frames(path: &Path) {
    let (walk, climb) = (clip(WALK), clip(CLIMB));
    let bones = walk.joint_count();
    assert_eq!(bones, 31, "the CMU rig");
    assert_eq!(climb.joint_count(), bones);
    let dt = walk.frame_time();
    let mut halflives = vec![0.1_f32; bones];
    halflives[0] = 0.2;
    let profile = BlendProfile::from_halflives(&halflives).unwrap();
    let mut inertializer = Inertializer::new(CHARACTERS, profile, RootPolicy::Local).unwrap();
    for c in (3..CHARACTERS).step_by(4) {
        let mode = BlendMode::DeadBlend {
            blend_time: 0.3,
            halflife: 0.1,
        };
        inertializer.set_mode(c, mode).unwrap();
    }
    let walk_start = |c: usize| (c * 37) % (walk.frame_count() - FRAMES);
    let climb_start = |c: usize| (c * 53) % (climb.frame_count() - FRAMES);
    let switch = |c: usize| c % 12;
    let mut input = PoseBatch::new(CHARACTERS, bones, 0).unwrap();
    let mut output = PoseBatch::new(CHARACTERS, bones, 0).unwrap();

    let mut out = Vec::new();
    for v in [CHARACTERS as u32, bones as u32, FRAMES as u32] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&dt.to_le_bytes());
    for f in 0..FRAMES {
        let switching: Vec<usize> = (0..CHARACTERS).filter(|&c| switch(c) == f).collect();
        out.extend_from_slice(&(switching.len() as u32).to_le_bytes());
        for &c in &switching {
            let source = Pose::from_clip(&walk, walk_start(c) + f);
            let destination = Pose::from_clip(&climb, climb_start(c) + f);
            inertializer
                .transition(c, source.as_ref(), destination.as_ref())
                .unwrap();
            out.extend_from_slice(&(c as u32).to_le_bytes());
            put_bones(&mut out, &source);
            put_bones(&mut out, &destination);
        }
        for c in 0..CHARACTERS {
            let pose = if f < switch(c) {
                Pose::from_clip(&walk, walk_start(c) + f)
            } else {
                Pose::from_clip(&climb, climb_start(c) + f)
            };
            input.set_character(c, pose.as_ref()).unwrap();
            put_bones(&mut out, &pose);
        }
        if f % 2 == 1 {
            inertializer.par_update(dt, &input, &mut output).unwrap();
        } else {
            inertializer.update(dt, &input, &mut output).unwrap();
        }
        for c in 0..CHARACTERS {
            put_bones(&mut out, &output.character(c).unwrap());
        }
    }
    std::fs::File::create(path)
        .and_then(|mut file| file.write_all(&out))
        .unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

fn run(cmd: &mut Command) -> String {
    let output = cmd
        .output()
        .unwrap_or_else(|e| panic!("could not run {cmd:?}: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{cmd:?} failed ({}):\n{stdout}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// `exe args`, under valgrind when `HOOKE_VALGRIND=1`.
fn checked_run(exe: &Path, args: &[&Path]) -> String {
    run(common::command(exe).args(args))
}

fn cmake_build() -> Option<PathBuf> {
    if !common::has("cmake") {
        assert!(
            std::env::var_os("HOOKE_REQUIRE_CMAKE").is_none(),
            "HOOKE_REQUIRE_CMAKE is set but cmake is not installed"
        );
        eprintln!("note: cmake not found: skipped the CMake engine example (install cmake)");
        return None;
    }
    let lib = common::staticlib();
    let build = Path::new(TMP_DIR).join("cmake-engine-example");
    run(Command::new("cmake")
        .arg("-S")
        .arg(Path::new(MANIFEST_DIR).join("tests/cmake"))
        .arg("-B")
        .arg(&build)
        .arg(format!("-DHOOKE_LIBRARY={}", lib.display()))
        .arg(format!(
            "-DHOOKE_INCLUDE_DIR={}",
            Path::new(MANIFEST_DIR).join("include").display()
        ))
        .arg("-DCMAKE_BUILD_TYPE=RelWithDebInfo"));
    run(Command::new("cmake").arg("--build").arg(&build));
    Some(build)
}

#[test]
fn cmake_engine_example_matches_the_rust_api_and_every_error_path_is_clean() {
    let Some(build) = cmake_build() else { return };
    let frames = Path::new(TMP_DIR).join("crowd-frames.bin");
    write_frames(&frames);
    let stdout = checked_run(&build.join("crowd"), &[&frames]);
    assert!(
        stdout.starts_with("characters 100 bones 31 frames 24"),
        "unexpected output: {stdout}"
    );
    let stdout = checked_run(&build.join("errors"), &[]);
    assert_eq!(stdout.trim(), "errors: ok");
}

/// The 30-line example of `docs/engine-integration.md` compiles, links and converges.
#[test]
fn engine_integration_doc_example_runs() {
    let doc =
        std::fs::read_to_string(Path::new(MANIFEST_DIR).join("../../docs/engine-integration.md"))
            .expect("docs/engine-integration.md");
    let start = doc.find("```cpp\n").expect("a C++ example") + "```cpp\n".len();
    let code = &doc[start..start + doc[start..].find("```").unwrap()];
    let source = Path::new(TMP_DIR).join("engine_integration_example.cpp");
    std::fs::write(&source, code).unwrap();
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_owned());
    let exe = Path::new(TMP_DIR).join("engine_integration_example");
    run(Command::new(&cxx)
        .args(["-std=c++17", "-Wall", "-Wextra", "-Werror"])
        .arg("-I")
        .arg(Path::new(MANIFEST_DIR).join("include"))
        .arg(&source)
        .arg(common::staticlib())
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe));
    checked_run(&exe, &[]);
}
