//! glTF in the `hooke` tool: `convert` both ways, `info`, `stitch` and `track` on `.glb` files
//! (`FILE.glb#ANIMATION:RANGE`), `.glb` outputs, and malformed files as exit status 2 naming the
//! file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;
use common::bundled;

fn hooke(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hooke"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = hooke(args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{args:?}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("gltf-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn convert_info_stitch_and_track_on_glb() {
    let dir = folder("commands");
    let (a, b) = (dir.join("a.glb"), dir.join("b.glb"));
    let scale = ["--scale", "0.056444"];
    let report = ok(&[&["convert", &bundled("01_01.bvh"), s(&a)][..], &scale].concat());
    assert!(report.contains("31 joints, 2752 frames"), "{report}");
    ok(&[&["convert", &bundled("01_03.bvh"), s(&b)][..], &scale].concat());

    let info = ok(&["info", s(&a), "--scale", "0.056444"]);
    assert!(
        info.contains(
            "glTF animation: a, skin: skeleton, keys at 120.000 Hz, interpolation: LINEAR x93"
        ),
        "{info}"
    );
    assert!(
        info.contains("Hips [Xposition Yposition Zposition Zrotation Yrotation Xrotation]"),
        "{info}"
    );
    assert!(info.contains("frames: 2752"), "{info}");

    // Back to BVH: the same numbers as the bundled file (to 1e-4) on the root's channels.
    let back = dir.join("a.bvh");
    ok(&[&["convert", s(&a), s(&back)][..], &scale].concat());
    let text = std::fs::read_to_string(&back).unwrap();
    assert!(
        text.contains("CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation")
    );

    // The example, with an animation named and one by default.
    let out = dir.join("out.glb");
    let a0 = format!("{}:0..100", a.display());
    let b20 = format!("{}#b:20..120", b.display());
    let report = ok(&["stitch", &a0, &b20, "-o", s(&out)]);
    assert!(
        report.contains("(200 frames, 1 seam(s), inertialized)"),
        "{report}"
    );
    let info = ok(&["info", s(&out)]);
    assert!(info.contains("frames: 200"), "{info}");

    let tracked = dir.join("tracked.glb");
    let report = ok(&["track", s(&out), "--detect", "-o", s(&tracked)]);
    assert!(report.contains("200 frames"), "{report}");

    // Outputs never replace an input, nor an existing file without --force.
    let again = hooke(&[
        "stitch",
        &format!("{}#a:0..10", a.display()),
        "-o",
        s(&a),
        "--force",
    ]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("over the input"));
    let exists = hooke(&["convert", &bundled("01_01.bvh"), s(&a)]);
    assert_eq!(exists.status.code(), Some(2));
    let text_gltf = hooke(&["convert", &bundled("01_01.bvh"), s(&dir.join("x.gltf"))]);
    assert_eq!(text_gltf.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&text_gltf.stderr).contains(".glb"));

    // An animation that is not there names the ones that are.
    let missing = hooke(&["info", &format!("{}#run", a.display())]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&missing.stderr)
            .contains("no animation `run`; the file has `a` (#0)")
    );
}

#[test]
fn malformed_gltf_is_exit_status_2_naming_the_file() {
    let dir = folder("malformed");
    let good = dir.join("good.glb");
    ok(&["convert", &bundled("01_01.bvh"), s(&good)]);
    let bytes = std::fs::read(&good).unwrap();
    let cases: [(&str, Vec<u8>, &str); 3] = [
        (
            "truncated.glb",
            bytes[..bytes.len() / 2].to_vec(),
            "truncated GLB",
        ),
        (
            "json.gltf",
            b"{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [{\"children\": [0]}]}".to_vec(),
            "nodes[0]",
        ),
        ("text.glb", b"not a glb".to_vec(), "not glTF 2.0 JSON"),
    ];
    for (name, data, message) in cases {
        let path = dir.join(name);
        std::fs::write(&path, data).unwrap();
        let out = hooke(&["info", s(&path)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(s(&path)) && stderr.contains(message),
            "{name}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn the_buffer_file_a_gltf_reads_is_never_written_over_even_with_force() {
    // A `.gltf` whose buffer is `data.glb` (or `data.bvh`): `convert` and `track` replaced it
    // with `--force`, destroying the input they had just read.
    let dir = folder("buffer-input");
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../hooke-gltf/tests/fixtures");
    let text = std::fs::read_to_string(format!("{fixtures}/transform.gltf")).unwrap();
    let bin = std::fs::read(format!("{fixtures}/transform.bin")).unwrap();
    for (name, buffer, command) in [
        ("a.gltf", "data.glb", vec!["convert", "a.gltf", "data.glb"]),
        (
            "b.gltf",
            "data.bvh",
            vec!["track", "b.gltf", "-o", "data.bvh"],
        ),
        (
            "c.gltf",
            "data.bvh",
            vec!["stitch", "c.gltf", "-o", "data.bvh"],
        ),
    ] {
        let path = |f: &str| s(&dir.join(f)).to_owned();
        std::fs::write(dir.join(name), text.replace("transform.bin", buffer)).unwrap();
        std::fs::write(dir.join(buffer), &bin).unwrap();
        let args: Vec<String> = command
            .iter()
            .map(|a| {
                if a.contains('.') {
                    path(a)
                } else {
                    (*a).to_owned()
                }
            })
            .chain(["--force".to_owned()])
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = hooke(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("over the input"), "{stderr}");
        assert!(stderr.contains(buffer), "{stderr}");
        assert_eq!(std::fs::read(dir.join(buffer)).unwrap(), bin, "{args:?}");
    }
}

#[test]
fn a_clip_that_glb_cannot_hold_is_an_input_error_and_nothing_is_written() {
    // Finite offsets whose sum overflows f32: written as .glb this exited 1 (a failure of the
    // run), where every other refusal of the clip exits 2.
    let dir = folder("glb-refused");
    let clip = dir.join("huge.bvh");
    let src = "HIERARCHY\nROOT Hips\n{\n OFFSET 3e38 0 0\n CHANNELS 6 Xposition Yposition \
               Zposition Zrotation Xrotation Yrotation\n JOINT Head\n {\n  OFFSET 3e38 0 0\n  \
               CHANNELS 3 Zrotation Xrotation Yrotation\n  End Site\n  {\n   OFFSET 0 1 0\n  \
               }\n }\n}\nMOTION\nFrames: 2\nFrame Time: 0.5\n0 0 0 0 0 0 0 0 0\n\
               0 0 0 0 0 0 0 0 0\n";
    std::fs::write(&clip, src).unwrap();
    let out_path = dir.join("huge.glb");
    let out = hooke(&["convert", s(&clip), s(&out_path)]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not finite"), "{stderr}");
    assert!(!out_path.exists());
}
