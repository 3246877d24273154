//! The Khronos glTF validator reports 0 errors on what hooke writes: the bundled clips at two
//! scales, a one-frame clip, a clip without frames, a rig with two roots. Needs Node and the
//! validator (`npm ci` in tests/node); skipped without them unless
//! `HOOKE_REQUIRE_GLTF_VALIDATOR=1` (set by `.ci/run`), which makes their absence a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

use hooke_bvh::Bvh;
use hooke_gltf::{WriteOptions, write_glb};

fn node_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/node")
}

fn validator_ready() -> bool {
    let required = std::env::var("HOOKE_REQUIRE_GLTF_VALIDATOR").is_ok_and(|v| v == "1");
    let installed = node_dir().join("node_modules/gltf-validator").is_dir()
        && Command::new("node")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
    if required && !installed {
        panic!(
            "HOOKE_REQUIRE_GLTF_VALIDATOR=1 but node or tests/node/node_modules is missing (npm ci there)"
        );
    }
    if !installed {
        eprintln!(
            "skipped: the glTF validator is not installed (npm ci in {:?})",
            node_dir()
        );
    }
    installed
}

fn validate(files: &[PathBuf]) {
    let out = Command::new("node")
        .arg(node_dir().join("validate.mjs"))
        .args(files)
        .output()
        .expect("node runs");
    let report = String::from_utf8_lossy(&out.stdout);
    println!("{report}");
    assert!(
        out.status.success(),
        "the validator found errors:\n{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        report.matches(": 0 errors").count(),
        files.len(),
        "{report}"
    );
}

#[test]
fn every_file_hooke_writes_validates() {
    if !validator_ready() {
        return;
    }
    let dir = tempfile_dir();
    let cmu = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/cmu");
    let mut files = Vec::new();
    let mut write = |name: &str, bvh: &Bvh, scale: f32| {
        let path = dir.join(name);
        let options = WriteOptions {
            scale,
            ..Default::default()
        };
        std::fs::write(&path, write_glb(bvh, &options).unwrap()).unwrap();
        files.push(path);
    };
    for clip in ["01_01", "01_03"] {
        let bvh = Bvh::from_path(cmu.join(format!("{clip}.bvh"))).unwrap();
        write(&format!("{clip}.glb"), &bvh, 1.0);
        write(&format!("{clip}-metres.glb"), &bvh, 0.056444);
    }
    let one = "HIERARCHY ROOT A { OFFSET 0 0 0 CHANNELS 2 Zrotation Xposition } MOTION Frames: 1 Frame Time: 0.1\n10 1\n";
    write("one-frame.glb", &Bvh::parse(one).unwrap(), 1.0);
    let none = "HIERARCHY ROOT A { OFFSET 0 1 0 CHANNELS 0 End Site { OFFSET 0 1 0 } } MOTION Frames: 0 Frame Time: 0.1";
    write("no-frames.glb", &Bvh::parse(none).unwrap(), 1.0);
    let two = "HIERARCHY ROOT A { OFFSET 0 0 0 CHANNELS 1 Zrotation } ROOT B { OFFSET 1 0 0 CHANNELS 1 Xrotation } MOTION Frames: 2 Frame Time: 0.1\n1 2\n3 4\n";
    if let Ok(bvh) = Bvh::parse(two) {
        write("two-roots.glb", &bvh, 1.0);
    }
    validate(&files);
}

/// A fresh folder under the target directory (kept for inspection).
fn tempfile_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gltf-validator");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
