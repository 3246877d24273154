//! Writing output files safely: never over an input, never over an existing file without
//! `--force`, and atomically (a temporary file in the target folder, renamed into place), so a
//! failed run never leaves a truncated file behind.

use std::io::Write as _;
use std::path::Path;

use crate::CliError;

/// Checks, before any work, that `path` may be written: it is not one of `inputs` (also through
/// a link) and it does not exist unless `force`.
pub(crate) fn check_target(path: &Path, inputs: &[&Path], force: bool) -> Result<(), CliError> {
    for input in inputs {
        if same_file::is_same_file(path, input).unwrap_or(false) {
            return Err(CliError::Input(format!(
                "refusing to write {} over the input {}",
                path.display(),
                input.display()
            )));
        }
    }
    if !force && path.symlink_metadata().is_ok() {
        return Err(CliError::Input(format!(
            "{} exists; pass --force to replace it",
            path.display()
        )));
    }
    Ok(())
}

/// Writes `contents` to `path` through a temporary file in the same folder. Checks the target
/// again at the end (an input or a file may have appeared meanwhile); without `force` the final
/// rename refuses to replace a file, so there is no window in which one could be clobbered.
pub(crate) fn write_atomically(
    path: &Path,
    contents: &[u8],
    inputs: &[&Path],
    force: bool,
) -> Result<(), CliError> {
    check_target(path, inputs, force)?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let failed = |e: &dyn std::fmt::Display| {
        CliError::Failure(format!("cannot write {}: {e}", path.display()))
    };
    let mut file = tempfile::Builder::new()
        .prefix(".hooke-")
        .suffix(".tmp")
        .tempfile_in(folder)
        .map_err(|e| failed(&e))?;
    file.write_all(contents).map_err(|e| failed(&e))?;
    file.as_file().sync_all().map_err(|e| failed(&e))?;
    let persisted = if force {
        file.persist(path).map(drop)
    } else {
        file.persist_noclobber(path).map(drop)
    };
    persisted.map_err(|e| {
        if e.error.kind() == std::io::ErrorKind::AlreadyExists {
            CliError::Input(format!(
                "{} exists; pass --force to replace it",
                path.display()
            ))
        } else {
            failed(&e.error)
        }
    })
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
}
