//! Outputs under hostile conditions (issue 21, rows 2, 2b, 4, 11, 13), end to end through the
//! `hooke` binary. Nothing here touches the machine's device nodes (CI runs as root): FIFOs,
//! symlinks and files in a temporary folder stand in for them, and `-o -` for standard output.

#![cfg(unix)]

use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;

fn bundled(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/cmu")
        .join(name)
}

/// A small clip: a root and two joints, `frames` frames.
fn small_bvh(frames: usize) -> String {
    let mut src = String::from(
        "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition Zposition \
         Zrotation Xrotation Yrotation\n JOINT A\n {\n  OFFSET 0 1 0\n  CHANNELS 3 Zrotation \
         Xrotation Yrotation\n  JOINT B\n  {\n   OFFSET 0 1 0\n   CHANNELS 3 Zrotation Xrotation \
         Yrotation\n   End Site\n   {\n    OFFSET 0 1 0\n   }\n  }\n }\n}\n",
    );
    src += &format!("MOTION\nFrames: {frames}\nFrame Time: 0.0333333\n");
    for f in 0..frames {
        let a = (f as f32 * 0.1).sin() * 30.0;
        src += &format!("{} 0 0 0 0 0 {a} 0 0 {a} 0 0\n", f as f32 * 0.01);
    }
    src
}

/// Runs `hooke` in `dir` with `args`; kills it and fails after 120 s (a hang is a defect).
fn hooke_in(dir: &Path, args: &[&std::ffi::OsStr]) -> Output {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("hooke"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Drain the pipes on threads so a large output cannot block the child.
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        so.read_to_end(&mut v).map(|_| v).unwrap_or_default()
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        se.read_to_end(&mut v).map(|_| v).unwrap_or_default()
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("hooke {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let output = Output {
        status,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    output
}

fn os(args: &[&str]) -> Vec<std::ffi::OsString> {
    args.iter().map(|s| s.into()).collect()
}

fn run(dir: &Path, args: &[std::ffi::OsString]) -> Output {
    let refs: Vec<&std::ffi::OsStr> = args.iter().map(|s| s.as_os_str()).collect();
    hooke_in(dir, &refs)
}

/// `O_NONBLOCK` (no libc dependency for one constant).
#[cfg(any(target_os = "linux", target_os = "android"))]
const O_NONBLOCK: i32 = 0o4000;
#[cfg(not(any(target_os = "linux", target_os = "android")))]
const O_NONBLOCK: i32 = 0x0004;

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

/// Reads a FIFO on a thread until every writer closed it. Call [`FifoReader::finish`] after the
/// command: it opens the FIFO for writing itself, so a reader whose command never opened it
/// is released.
struct FifoReader {
    path: PathBuf,
    thread: std::thread::JoinHandle<Vec<u8>>,
}

impl FifoReader {
    fn start(path: &Path) -> FifoReader {
        let p = path.to_path_buf();
        FifoReader {
            path: path.to_path_buf(),
            thread: std::thread::spawn(move || {
                let mut v = Vec::new();
                std::fs::File::open(&p)
                    .unwrap()
                    .read_to_end(&mut v)
                    .unwrap();
                v
            }),
        }
    }
    fn finish(self) -> Vec<u8> {
        // A reader still waiting in `open` (the command never opened the FIFO) is released by
        // a writer that opens and closes it; a non-blocking open fails (ENXIO) instead of
        // waiting when no reader is there (it finished, or has not opened yet: retry).
        while !self.thread.is_finished() {
            let writer = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(O_NONBLOCK)
                .open(&self.path);
            if writer.is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.thread.join().unwrap()
    }
}

/// What a path is, as far as "left as it was" goes.
#[derive(Debug, Clone, PartialEq)]
enum Node {
    Missing,
    Fifo,
    Folder(Vec<PathBuf>),
    Link(PathBuf),
    File { mode: u32, contents: Vec<u8> },
}

fn node(path: &Path) -> Node {
    let Ok(m) = path.symlink_metadata() else {
        return Node::Missing;
    };
    let t = m.file_type();
    if t.is_symlink() {
        Node::Link(std::fs::read_link(path).unwrap())
    } else if t.is_fifo() {
        Node::Fifo
    } else if t.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        Node::Folder(entries)
    } else {
        Node::File {
            mode: m.permissions().mode() & 0o7777,
            contents: std::fs::read(path).unwrap(),
        }
    }
}

/// The kinds of existing outputs of the property test.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Fifo,
    Folder,
    LinkToFile,
    LinkToFifo,
    ReadOnlyFile,
}

/// The commands that write files, and the output path (inside `dir`) each will write.
#[derive(Debug, Clone, Copy)]
enum Cmd {
    Stitch,
    Track,
    BenchPlot,
    Plot,
    Demo,
}

fn command(cmd: Cmd, dir: &Path, clip: &Path, force: bool) -> (Vec<std::ffi::OsString>, PathBuf) {
    let clip = clip.display().to_string();
    let (mut args, out) = match cmd {
        Cmd::Stitch => (
            os(&[
                "stitch",
                &format!("{clip}:0..20"),
                &format!("{clip}:5..30"),
                "-o",
                "out.bvh",
            ]),
            dir.join("out.bvh"),
        ),
        Cmd::Track => (os(&["track", &clip, "-o", "out.bvh"]), dir.join("out.bvh")),
        Cmd::BenchPlot => {
            let a = bundled("01_01.bvh").display().to_string();
            let b = bundled("01_03.bvh").display().to_string();
            (
                os(&[
                    "bench",
                    "--clip-a",
                    &a,
                    "--clip-b",
                    &b,
                    "--characters",
                    "2",
                    "--seconds",
                    "0.2",
                    "--plot",
                    "out.svg",
                ]),
                dir.join("out.svg"),
            )
        }
        Cmd::Plot => (
            os(&["plot", "--out", "plots"]),
            dir.join("plots/stitch.svg"),
        ),
        Cmd::Demo => (os(&["demo", "--out", "demo"]), dir.join("demo/summary.md")),
    };
    if force {
        args.push("--force".into());
    }
    (args, out)
}

/// Makes `path` an existing output of `kind`; returns the FIFO to read, if any.
fn make(kind: Kind, path: &Path) -> Option<PathBuf> {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let aside = path.with_extension("real");
    match kind {
        Kind::Fifo => {
            mkfifo(path);
            Some(path.to_path_buf())
        }
        Kind::Folder => {
            std::fs::create_dir(path).unwrap();
            None
        }
        Kind::LinkToFile => {
            std::fs::write(&aside, b"keep me").unwrap();
            std::os::unix::fs::symlink(&aside, path).unwrap();
            None
        }
        Kind::LinkToFifo => {
            mkfifo(&aside);
            std::os::unix::fs::symlink(&aside, path).unwrap();
            Some(aside)
        }
        Kind::ReadOnlyFile => {
            std::fs::write(path, b"keep me").unwrap();
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o444)).unwrap();
            None
        }
    }
}

fn check_output_left_alone_unless_forced(cmd: Cmd, kind: Kind, force: bool) {
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.bvh");
    std::fs::write(&clip, small_bvh(40)).unwrap();
    let (args, out) = command(cmd, dir.path(), &clip, force);
    let fifo = make(kind, &out);
    let aside = out.with_extension("real");
    let before = (node(&out), node(&aside));
    let reader = fifo.as_deref().map(FifoReader::start);
    let result = run(dir.path(), &args);
    let read = reader.map(FifoReader::finish);
    let after = (node(&out), node(&aside));
    let stderr = String::from_utf8_lossy(&result.stderr);
    let wrote = result.status.success();
    if !wrote {
        assert_eq!(result.status.code(), Some(2), "{cmd:?} {kind:?}: {stderr}");
    }
    match (kind, force && wrote) {
        (Kind::Folder, _) => {
            assert!(!wrote, "{cmd:?} wrote over a folder");
            assert!(stderr.contains("folder"), "{stderr}");
            assert_eq!(before, after);
        }
        (_, false) => {
            assert!(!wrote, "{cmd:?} {kind:?} without --force succeeded");
            assert_eq!(before, after, "{cmd:?} {kind:?}: {stderr}");
            assert!(read.unwrap_or_default().is_empty());
        }
        (Kind::Fifo | Kind::LinkToFifo, true) => {
            // Written through: the nodes are as they were, the reader got the output.
            assert_eq!(before, after, "{cmd:?} {kind:?}");
            assert!(
                !read.unwrap().is_empty(),
                "{cmd:?} {kind:?}: nothing written"
            );
        }
        (Kind::LinkToFile, true) => {
            assert_eq!(before.0, after.0, "{cmd:?}: the symlink was replaced");
            assert!(matches!(&after.1, Node::File { contents, .. } if contents != b"keep me"));
        }
        (Kind::ReadOnlyFile, true) => {
            let Node::File { mode, contents } = &after.0 else {
                panic!("{after:?}")
            };
            assert_eq!(*mode, 0o444, "{cmd:?}: a replaced file keeps its mode");
            assert_ne!(contents, b"keep me");
        }
    }
    // No temporary file is left anywhere.
    for entry in walk(dir.path()) {
        assert!(!entry.to_string_lossy().contains(".hooke-"), "{entry:?}");
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut all = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.symlink_metadata().unwrap().is_dir() {
            all.extend(walk(&p));
        }
        all.push(p);
    }
    all
}

fn kinds() -> impl Strategy<Value = Kind> {
    prop::sample::select(vec![
        Kind::Fifo,
        Kind::Folder,
        Kind::LinkToFile,
        Kind::LinkToFifo,
        Kind::ReadOnlyFile,
    ])
}

fn commands() -> impl Strategy<Value = Cmd> {
    prop_oneof![
        4 => Just(Cmd::Stitch),
        4 => Just(Cmd::Track),
        1 => Just(Cmd::BenchPlot),
        1 => Just(Cmd::Plot),
        1 => Just(Cmd::Demo),
    ]
}

proptest! {
    // Each case runs the binary (the demo for seconds): few cases, every kind and command seen.
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_command_leaves_an_existing_output_as_it_was_unless_forced_and_written(
        cmd in commands(),
        kind in kinds(),
        force in any::<bool>(),
    ) {
        check_output_left_alone_unless_forced(cmd, kind, force);
    }
}

#[test]
fn every_file_output_with_every_kind_of_existing_output() {
    // The property test's cases, all of them for the quick commands.
    for cmd in [Cmd::Stitch, Cmd::Track] {
        for kind in [
            Kind::Fifo,
            Kind::Folder,
            Kind::LinkToFile,
            Kind::LinkToFifo,
            Kind::ReadOnlyFile,
        ] {
            for force in [false, true] {
                check_output_left_alone_unless_forced(cmd, kind, force);
            }
        }
    }
}

#[test]
fn a_device_output_is_written_through_not_replaced_by_the_rename() {
    // Row 2: `-o /dev/full --force` replaced the device node with a regular file. A FIFO and a
    // symlink to one stand in for the device (and for `/proc/self/fd/1`).
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.bvh");
    std::fs::write(&clip, small_bvh(30)).unwrap();
    let fifo = dir.path().join("device");
    mkfifo(&fifo);
    let link = dir.path().join("fd1");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    for out in [&fifo, &link] {
        let reader = FifoReader::start(&fifo);
        let args = [
            "stitch".into(),
            format!("{}:0..10", clip.display()).into(),
            format!("{}:10..20", clip.display()).into(),
            "-o".into(),
            out.as_os_str().to_owned(),
            "--force".into(),
        ];
        let result = run(dir.path(), &args);
        let bvh = reader.finish();
        assert!(result.status.success(), "{result:?}");
        assert!(
            bvh.starts_with(b"HIERARCHY"),
            "{:?}",
            String::from_utf8_lossy(&bvh)
        );
        assert!(fifo.symlink_metadata().unwrap().file_type().is_fifo());
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    }
}

#[test]
fn a_write_error_on_a_written_through_output_is_reported_not_wrote() {
    // Row 2: "wrote /dev/full", exit 0. A FIFO whose reader leaves at once fails the write
    // (EPIPE), like a full device.
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.bvh");
    std::fs::write(&clip, small_bvh(2000)).unwrap();
    let fifo = dir.path().join("full");
    mkfifo(&fifo);
    let p = fifo.clone();
    let reader = std::thread::spawn(move || drop(std::fs::File::open(&p).unwrap()));
    let args = os(&["track", "clip.bvh", "-o", "full", "--force"]);
    let result = run(dir.path(), &args);
    reader.join().unwrap();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot write full"), "{stderr}");
    assert!(!String::from_utf8_lossy(&result.stdout).contains("wrote"));
    assert!(fifo.symlink_metadata().unwrap().file_type().is_fifo());
}

#[test]
fn dash_writes_the_bvh_to_standard_output_not_a_file_named_dash() {
    // Row 2: `-o -` created a file named `-`.
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.bvh");
    std::fs::write(&clip, small_bvh(30)).unwrap();
    for args in [
        os(&["stitch", "clip.bvh:0..10", "clip.bvh:15..30", "-o", "-"]),
        os(&["track", "clip.bvh", "-o", "-"]),
    ] {
        let result = run(dir.path(), &args);
        assert!(result.status.success(), "{result:?}");
        let bvh = hooke_bvh::Bvh::parse(&String::from_utf8(result.stdout).unwrap()).unwrap();
        assert!(bvh.frame_count() >= 25);
        // The report went to standard error.
        assert!(String::from_utf8_lossy(&result.stderr).contains("wrote -"));
        assert!(!dir.path().join("-").exists());
    }
}

#[test]
fn a_fifo_output_does_not_hang_the_same_file_check() {
    // Row 2b: the same-file check opened the output, which blocks on a FIFO without a writer
    // (hooke_in fails after 120 s).
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.bvh");
    std::fs::write(&clip, small_bvh(30)).unwrap();
    let fifo = dir.path().join("f");
    mkfifo(&fifo);
    for args in [
        os(&["stitch", "clip.bvh:0..10", "-o", "f"]),
        os(&["track", "clip.bvh", "-o", "f"]),
    ] {
        let result = run(dir.path(), &args);
        assert_eq!(result.status.code(), Some(2), "{result:?}");
        assert!(String::from_utf8_lossy(&result.stderr).contains("--force"));
        let mut forced = args.clone();
        forced.push("--force".into());
        let reader = FifoReader::start(&fifo);
        let result = run(dir.path(), &forced);
        assert!(result.status.success(), "{result:?}");
        assert!(reader.finish().starts_with(b"HIERARCHY"));
    }
}

#[test]
fn new_outputs_honour_the_umask_and_replaced_files_keep_their_mode() {
    // Row 4: outputs were 0600 whatever the umask, and --force made a 0644 file 0600.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("clip.bvh"), small_bvh(30)).unwrap();
    let hooke = assert_cmd::cargo::cargo_bin!("hooke");
    let sh = |script: &str| {
        let status = Command::new("sh")
            .arg("-c")
            .arg(script)
            .arg("sh")
            .arg(hooke)
            .current_dir(dir.path())
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "{script}");
    };
    let mode = |name: &str| {
        std::fs::metadata(dir.path().join(name))
            .unwrap()
            .permissions()
            .mode()
            & 0o7777
    };
    sh("umask 022; \"$1\" track clip.bvh -o a.bvh");
    assert_eq!(mode("a.bvh"), 0o644);
    sh("umask 027; \"$1\" stitch clip.bvh:0..10 clip.bvh:10..20 -o b.bvh");
    assert_eq!(mode("b.bvh"), 0o640);
    std::fs::set_permissions(
        dir.path().join("a.bvh"),
        std::fs::Permissions::from_mode(0o604),
    )
    .unwrap();
    sh("umask 077; \"$1\" track clip.bvh -o a.bvh --force");
    assert_eq!(mode("a.bvh"), 0o604);
    sh("umask 022; \"$1\" plot --out plots");
    assert_eq!(mode("plots/stitch.svg"), 0o644);
}

#[test]
fn a_missing_or_read_only_output_folder_is_refused_before_the_work() {
    // Row 11: the error came after all the work, exit 1, naming `.hooke-XXXX.tmp`.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("clip.bvh"), small_bvh(30)).unwrap();
    let result = run(
        dir.path(),
        &os(&["track", "clip.bvh", "--detect", "-o", "missing/x.bvh"]),
    );
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("missing"), "{stderr}");
    assert!(!stderr.contains(".hooke-"), "{stderr}");
    // Nothing was done: the detection report never printed.
    assert!(result.stdout.is_empty(), "{result:?}");

    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root may write in a read-only folder: then there is nothing to refuse.
    let root = std::fs::write(locked.join("probe"), b"").is_ok();
    if !root {
        let result = run(
            dir.path(),
            &os(&["track", "clip.bvh", "--detect", "-o", "locked/x.bvh"]),
        );
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("locked"), "{stderr}");
        assert!(!stderr.contains(".hooke-"), "{stderr}");
        assert!(result.stdout.is_empty(), "{result:?}");
    }
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn demo_out_an_existing_file_is_a_usage_error_naming_the_cause() {
    // Row 13: exit 1 "File exists (os error 17)".
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("existing"), b"x").unwrap();
    let result = run(dir.path(), &os(&["demo", "--out", "existing"]));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("existing") && stderr.contains("not a folder"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(dir.path().join("existing")).unwrap(), b"x");
}

#[test]
fn bench_with_another_skeleton_says_skeleton_not_resampling() {
    // Row 13: a skeleton mismatch was reported as "resampling is not supported".
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("small.bvh"), small_bvh(30)).unwrap();
    let a = bundled("01_01.bvh").display().to_string();
    let result = run(
        dir.path(),
        &os(&[
            "bench",
            "--clip-a",
            &a,
            "--clip-b",
            "small.bvh",
            "--seconds",
            "0.1",
        ]),
    );
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("skeleton"), "{stderr}");
    assert!(!stderr.contains("resampling"), "{stderr}");
}

#[test]
fn writing_to_a_closed_standard_output_with_dash_is_quiet() {
    // `-o -` into a reader that stops early behaves like the reports do (`| head -1`).
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("clip.bvh"), small_bvh(3000)).unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin!("hooke"))
        .args(["track", "clip.bvh", "-o", "-"])
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0_u8; 9];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // Dropping the pipe closes it.
    let out = child.wait_with_output().unwrap();
    assert_eq!(&first, b"HIERARCHY");
    assert!(out.status.code().is_some_and(|c| c == 0), "{out:?}");
}
