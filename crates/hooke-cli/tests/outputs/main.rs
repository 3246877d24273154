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

mod existing;
mod special;

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
