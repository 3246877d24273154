//! What can go wrong in a `hooke` run, and the exit status each kind gives.

/// An error that ends a `hooke` run.
///
/// ```
/// use hooke_cli::CliError;
/// assert_eq!(CliError::Input("bad clip".into()).exit_code(), 2);
/// assert_eq!(CliError::Failure("disk full".into()).exit_code(), 1);
/// let closed = CliError::Stdout(std::io::ErrorKind::BrokenPipe.into());
/// assert!(closed.is_broken_pipe());
/// ```
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input: an argument, a combination of arguments, a file that cannot be read or does
    /// not fit, an output that would clobber something. Exit status 2, like clap's usage errors.
    #[error("{0}")]
    Input(String),
    /// Standard output could not be written (a closed pipe, a full disk).
    #[error("cannot write to standard output: {0}")]
    Stdout(#[source] std::io::Error),
    /// The run itself failed (writing an output file, a non-finite result). Exit status 1.
    #[error("{0}")]
    Failure(String),
}

impl CliError {
    /// The process exit status for this error: 2 for input errors, 1 otherwise.
    ///
    /// ```
    /// let err = hooke_cli::CliError::Stdout(std::io::ErrorKind::StorageFull.into());
    /// assert_eq!(err.exit_code(), 1);
    /// ```
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Stdout(_) | CliError::Failure(_) => 1,
        }
    }

    /// Whether this is standard output closed by its reader (`hooke ... | head -1`): not worth
    /// a message, the reader has what it wanted.
    ///
    /// ```
    /// let err = hooke_cli::CliError::Stdout(std::io::ErrorKind::StorageFull.into());
    /// assert!(!err.is_broken_pipe());
    /// ```
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Stdout(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
