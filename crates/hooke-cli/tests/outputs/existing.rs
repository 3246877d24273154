//! An existing output of every kind (FIFO, folder, links, read-only file) is left as it was unless `--force`, for every command that writes a file (a property test and its cases).

use super::*;

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
