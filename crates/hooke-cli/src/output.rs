//! Writing output files safely: never over an input, never over an existing file without
//! `--force`, and atomically (a temporary file in the target folder, renamed into place), so a
//! failed run never leaves a truncated file behind.
//!
//! What an output path may be (issue 21):
//! - `-`: standard output (for the commands that write one file: `stitch`, `track`).
//! - a path that does not exist, in an existing folder we can write in: created atomically with
//!   the umask's permissions (mode `0666 & !umask`, like any other tool's output).
//! - an existing regular file (with `--force`): replaced atomically, keeping its mode. A symlink
//!   to one is followed: the file it leads to is replaced, the link stays.
//! - an existing FIFO, device or socket, or a symlink to one (with `--force`): written through
//!   (opened for writing, never replaced: renaming over `/dev/null` would turn it into a file).
//! - a folder, or a symlink that leads nowhere: refused.
//!
//! The checks never open an existing output (opening a FIFO blocks until someone writes to it):
//! identities come from `stat`.

use std::fs::Metadata;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::CliError;

/// Where an output goes, as [`check_target`] found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    /// `-`: standard output.
    Stdout,
    /// A regular file (new, or replaced with `--force`) at this path (symlinks resolved).
    File(PathBuf),
    /// A FIFO, a device or a socket (`--force`): opened for writing and written through.
    Through(PathBuf),
}

/// Whether `path` means standard output (`-`).
pub(crate) fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// An I/O error's message without the path some crates add to it (a temporary file's name
/// means nothing to the user: the messages name the output).
fn plain(e: &std::io::Error) -> String {
    match e.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code).to_string(),
        None => e.kind().to_string(),
    }
}

/// The folder `path` is in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Whether two `stat` results are the same file (device and inode), without opening either.
#[cfg(unix)]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &Metadata, _: &Metadata) -> bool {
    // Compared by canonical path in `is_input` instead.
    false
}

/// Whether `path` (followed through links) is the input `input`.
fn is_input(path: &Path, target: Option<&Metadata>, input: &Path) -> bool {
    if is_stdout(input) {
        return false;
    }
    match (target, std::fs::metadata(input)) {
        (Some(a), Ok(b)) if same_file(a, &b) => true,
        _ => match (std::fs::canonicalize(path), std::fs::canonicalize(input)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        },
    }
}

/// Checks that a new file can be made in `folder`: it exists, is a folder, and we may write in
/// it (tried with a temporary file, removed at once), so a run never does all its work to fail
/// at the end.
fn check_folder(path: &Path, folder: &Path) -> Result<(), CliError> {
    match std::fs::metadata(folder) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => {
            return Err(CliError::Input(format!(
                "cannot write {}: {} is not a folder",
                path.display(),
                folder.display()
            )));
        }
        Err(e) => {
            return Err(CliError::Input(format!(
                "cannot write {}: the folder {}: {}",
                path.display(),
                folder.display(),
                plain(&e)
            )));
        }
    }
    tempfile::Builder::new()
        .prefix(".hooke-")
        .suffix(".tmp")
        .tempfile_in(folder)
        .map(drop)
        .map_err(|e| {
            CliError::Input(format!(
                "cannot write {}: cannot create a file in the folder {}: {}",
                path.display(),
                folder.display(),
                plain(&e)
            ))
        })
}

/// Checks, before any work, that `path` may be written: it is not one of `inputs` (also through
/// a link), it does not exist unless `force`, it is not a folder, and its folder exists and can
/// be written in. Never opens `path`. Returns where the output will go.
pub(crate) fn check_target(path: &Path, inputs: &[&Path], force: bool) -> Result<Target, CliError> {
    if is_stdout(path) {
        return Ok(Target::Stdout);
    }
    let link = match path.symlink_metadata() {
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            return Err(CliError::Input(format!(
                "cannot write {}: {}",
                path.display(),
                plain(&e)
            )));
        }
    };
    // What the path leads to (a symlink followed); None for a new path or a dangling link.
    let target = std::fs::metadata(path).ok();
    for input in inputs {
        if is_input(path, target.as_ref(), input) {
            return Err(CliError::Input(format!(
                "refusing to write {} over the input {}",
                path.display(),
                input.display()
            )));
        }
    }
    let Some(link) = link else {
        check_folder(path, folder_of(path))?;
        return Ok(Target::File(path.to_path_buf()));
    };
    let Some(target) = target else {
        return Err(CliError::Input(format!(
            "cannot write {}: it is a symbolic link that leads nowhere",
            path.display()
        )));
    };
    if target.is_dir() {
        return Err(CliError::Input(format!(
            "cannot write {}: it is a folder",
            path.display()
        )));
    }
    if !force {
        return Err(CliError::Input(format!(
            "{} exists; pass --force to replace it",
            path.display()
        )));
    }
    if !target.is_file() {
        return Ok(Target::Through(path.to_path_buf()));
    }
    // A regular file: replaced where it is, so a symlink to it stays a symlink.
    let resolved = if link.file_type().is_symlink() {
        std::fs::canonicalize(path).map_err(|e| {
            CliError::Input(format!("cannot write {}: {}", path.display(), plain(&e)))
        })?
    } else {
        path.to_path_buf()
    };
    check_folder(path, folder_of(&resolved))?;
    Ok(Target::File(resolved))
}

/// Writes `contents` to `path` (see the module's rules; `-` is `stdout` when given, a file
/// name otherwise). Checks the target again at the end (an input or a file may have appeared
/// meanwhile); without `force` the final rename refuses to replace a file, so there is no window
/// in which one could be clobbered.
pub(crate) fn write_output(
    path: &Path,
    contents: &[u8],
    inputs: &[&Path],
    force: bool,
    stdout: Option<&mut dyn Write>,
) -> Result<(), CliError> {
    write_output_with(path, inputs, force, stdout, &mut |w| {
        w.write_all(contents).map_err(written)
    })
}

/// The error a [`write_output_with`] writer returns for an I/O error; the error reported is
/// the I/O error itself, named after the output.
pub(crate) fn written(e: std::io::Error) -> CliError {
    CliError::Failure(e.to_string())
}

/// [`write_output`] of whatever `write` writes (through a buffer): a long output streamed in
/// pieces, never held whole in memory. An I/O error inside `write` is reported for the output
/// (standard output's as such, so a closed pipe stays quiet); `write`'s other errors as they are.
pub(crate) fn write_output_with(
    path: &Path,
    inputs: &[&Path],
    force: bool,
    stdout: Option<&mut dyn Write>,
    write: &mut dyn FnMut(&mut dyn Write) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let failed = |e: &std::io::Error| {
        CliError::Failure(format!("cannot write {}: {}", path.display(), plain(e)))
    };
    let target = match (check_target(path, inputs, force)?, stdout) {
        (Target::Stdout, Some(out)) => {
            let mut recorder = Recorder::new(out);
            return match write(&mut recorder).and_then(|()| recorder.flush().map_err(written)) {
                Ok(()) => Ok(()),
                Err(e) => Err(recorder.error.take().map_or(e, CliError::Stdout)),
            };
        }
        // `-` where standard output is not an option: a file named `-`.
        (Target::Stdout, None) => check_target(Path::new("./-"), inputs, force)?,
        (target, _) => target,
    };
    match target {
        Target::Stdout => unreachable!("resolved above"),
        Target::Through(device) => {
            // No truncation and no sync: a device or a FIFO has neither.
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(&device)
                .map_err(|e| failed(&e))?;
            let mut recorder = Recorder::new(file);
            match write(&mut recorder).and_then(|()| recorder.flush().map_err(written)) {
                Ok(()) => Ok(()),
                Err(e) => Err(recorder.error.take().map_or(e, |e| failed(&e))),
            }
        }
        Target::File(file_path) => write_file(&file_path, force, write).map_err(|e| match e {
            Written::Exists => CliError::Input(format!(
                "{} exists; pass --force to replace it",
                path.display()
            )),
            Written::Io(e) => failed(&e),
            Written::Cli(e) => e,
        }),
    }
}

/// A buffered writer that keeps the first I/O error it met (the caller reports it for its
/// output; the writing code only passes it up).
struct Recorder<W: Write> {
    inner: std::io::BufWriter<W>,
    error: Option<std::io::Error>,
}

impl<W: Write> Recorder<W> {
    fn new(inner: W) -> Self {
        Recorder {
            inner: std::io::BufWriter::with_capacity(1 << 16, inner),
            error: None,
        }
    }

    fn keep<T>(&mut self, result: std::io::Result<T>) -> std::io::Result<T> {
        result.inspect_err(|e| {
            let copy = match e.raw_os_error() {
                Some(code) => std::io::Error::from_raw_os_error(code),
                None => std::io::Error::new(e.kind(), e.to_string()),
            };
            self.error.get_or_insert(copy);
        })
    }
}

impl<W: Write> Write for Recorder<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.keep(r)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        let r = self.inner.write_all(buf);
        self.keep(r)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.keep(r)
    }
}

/// Why [`write_file`] failed.
enum Written {
    /// The file appeared meanwhile (without `force`).
    Exists,
    Io(std::io::Error),
    /// The writer's own error.
    Cli(CliError),
}

/// Writes a regular file atomically: a temporary file in its folder (created with mode 0666,
/// which the umask narrows, or with the mode of the file it replaces), synced, renamed.
fn write_file(
    path: &Path,
    force: bool,
    write: &mut dyn FnMut(&mut dyn Write) -> Result<(), CliError>,
) -> Result<(), Written> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".hooke-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let file = builder.tempfile_in(folder_of(path)).map_err(Written::Io)?;
    if let Ok(existing) = std::fs::metadata(path)
        && existing.is_file()
    {
        // A replaced file keeps its mode (a 0644 file does not become 0600).
        file.as_file()
            .set_permissions(existing.permissions())
            .map_err(Written::Io)?;
    }
    let mut recorder = Recorder::new(file);
    if let Err(e) = write(&mut recorder).and_then(|()| recorder.flush().map_err(written)) {
        return Err(recorder.error.take().map_or(Written::Cli(e), Written::Io));
    }
    let file = recorder
        .inner
        .into_inner()
        .map_err(|e| Written::Io(e.into_error()))?;
    file.as_file().sync_all().map_err(Written::Io)?;
    let persisted = if force {
        file.persist(path).map(drop)
    } else {
        file.persist_noclobber(path).map(drop)
    };
    persisted.map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            Written::Exists
        } else {
            Written::Io(e.error)
        }
    })
}

/// [`write_output`] for commands without a standard-output option (plots, the demo's files).
pub(crate) fn write_atomically(
    path: &Path,
    contents: &[u8],
    inputs: &[&Path],
    force: bool,
) -> Result<(), CliError> {
    write_output(path, contents, inputs, force, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_is_written_whole_and_never_over_an_input_or_without_force() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("plot.svg");
        write_atomically(&out, b"one", &[], false).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"one");
        let again = write_atomically(&out, b"two", &[], false).unwrap_err();
        assert!(again.to_string().contains("--force"), "{again}");
        assert_eq!(std::fs::read(&out).unwrap(), b"one");
        write_atomically(&out, b"two", &[], true).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"two");
        let input = dir.path().join("clip.bvh");
        std::fs::write(&input, b"clip").unwrap();
        let link = dir.path().join("link.bvh");
        std::fs::hard_link(&input, &link).unwrap();
        for target in [&input, &link] {
            let err = write_atomically(target, b"svg", &[&input], true).unwrap_err();
            assert!(matches!(err, CliError::Input(_)), "{err}");
        }
        assert_eq!(std::fs::read(&input).unwrap(), b"clip");
        // Only the outputs are left: no temporary files.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
    }

    #[test]
    fn dash_is_standard_output_when_the_command_has_one() {
        let mut out = Vec::new();
        write_output(Path::new("-"), b"bvh", &[], false, Some(&mut out)).unwrap();
        assert_eq!(out, b"bvh");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_to_a_file_stays_a_symlink_and_its_file_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("real.bvh");
        std::fs::write(&file, b"old").unwrap();
        let link = dir.path().join("link.bvh");
        std::os::unix::fs::symlink(&file, &link).unwrap();
        write_atomically(&link, b"new", &[], true).unwrap();
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
    }
}
