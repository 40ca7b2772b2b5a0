//! What a command ends with: a verdict on the request (exit 0 or 1) or an error that
//! is not one (exit 2, one line on stderr).

/// A failure that is not a verdict on the request: exit code 2.
#[derive(Debug)]
pub struct CliError {
    pub(crate) message: String,
    /// Nothing to print (standard output was closed, e.g. piped into `head`).
    pub(crate) quiet: bool,
}

impl CliError {
    /// An error whose message says what went wrong and what to do.
    pub fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            quiet: false,
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError {
            quiet: e.kind() == std::io::ErrorKind::BrokenPipe,
            message: format!("cannot write the output: {e}"),
        }
    }
}

/// The verdict on a request: exit 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Valid (or the command did its job).
    Ok,
    /// At least one request is invalid.
    Invalid,
}
