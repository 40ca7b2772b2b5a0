//! Reading bodies (a FILE or `-` for standard input) and credentials (an environment
//! variable or a file, never a command-line argument: arguments show up in `ps` and in
//! shell history).

use std::io::Read;
use std::path::{Path, PathBuf};

use cobro::{CivilDate, Secret, UnixSeconds};

use crate::CliError;

/// The environment variable holding the pay-in key (spec 5.3), which is also the
/// subscription key `<KEY_PAYIN>` (spec 5.2).
pub const PAYIN_KEY_VAR: &str = "COBRO_PAYIN_KEY";

/// The environment variable holding the virtual-account secret (spec 5.1).
pub const VA_SECRET_VAR: &str = "COBRO_VA_SECRET";

/// Reads a request body from `path`, or from standard input when `path` is absent or `-`.
pub fn read_body(path: Option<&Path>) -> Result<Vec<u8>, CliError> {
    match path {
        None => read_stdin(),
        Some(p) if p == Path::new("-") => read_stdin(),
        Some(p) => std::fs::read(p).map_err(|e| {
            CliError::new(format!(
                "cannot read {}: {e}; check the path (or pass - to read standard input)",
                p.display()
            ))
        }),
    }
}

fn read_stdin() -> Result<Vec<u8>, CliError> {
    let mut body = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut body)
        .map_err(|e| CliError::new(format!("cannot read standard input: {e}; pass a FILE instead")))?;
    Ok(body)
}

/// Where a secret comes from: `--key-file`/`--secret-file` when given, else the
/// environment variable `var`. `flag` is the file option's name, for the error message.
pub struct SecretSource<'a> {
    /// The environment variable.
    pub var: &'static str,
    /// The file option (`--key-file` or `--secret-file`).
    pub flag: &'static str,
    /// The file, when the option was given.
    pub file: Option<&'a PathBuf>,
}

impl SecretSource<'_> {
    /// The pay-in key: `COBRO_PAYIN_KEY` or `--key-file PATH`.
    pub fn payin_key(file: Option<&PathBuf>) -> SecretSource<'_> {
        SecretSource {
            var: PAYIN_KEY_VAR,
            flag: "--key-file",
            file,
        }
    }

    /// The virtual-account secret: `COBRO_VA_SECRET` or `--secret-file PATH`.
    pub fn va_secret(file: Option<&PathBuf>) -> SecretSource<'_> {
        SecretSource {
            var: VA_SECRET_VAR,
            flag: "--secret-file",
            file,
        }
    }

    /// Loads the secret. A file's content loses ONE trailing newline (what an editor or
    /// `echo` adds) and nothing else, so a key is never silently altered; whatever
    /// whitespace is left is refused by [`Secret::new`] with a message that says so.
    /// No error message ever contains the secret.
    pub fn load(&self) -> Result<Secret, CliError> {
        match self.file {
            Some(path) => {
                let bytes = std::fs::read(path).map_err(|e| {
                    CliError::new(format!(
                        "cannot read {} {}: {e}; check the path",
                        self.flag,
                        path.display()
                    ))
                })?;
                let mut text = String::from_utf8(bytes).map_err(|_| {
                    CliError::new(format!(
                        "{} {} is not UTF-8 text; store the key as text",
                        self.flag,
                        path.display()
                    ))
                })?;
                if text.ends_with('\n') {
                    text.pop();
                }
                Secret::new(text)
                    .map_err(|e| CliError::new(format!("the key in {} {}: {e}", self.flag, path.display())))
            }
            None => match std::env::var(self.var) {
                Ok(value) => Secret::new(value).map_err(|e| CliError::new(format!("{}: {e}", self.var))),
                Err(std::env::VarError::NotPresent) => Err(CliError::new(format!(
                    "{} is not set; export it or pass {} PATH",
                    self.var, self.flag
                ))),
                Err(std::env::VarError::NotUnicode(_)) => Err(CliError::new(format!(
                    "{} is not valid UTF-8; set it to the key as text or pass {} PATH",
                    self.var, self.flag
                ))),
            },
        }
    }
}

/// The pay-in key for `validate payin`, only when `COBRO_PAYIN_KEY` is set (DESIGN.md 9
/// row 18: payinVerification is checked against the key only when one is given).
pub fn optional_payin_key() -> Result<Option<Secret>, CliError> {
    if std::env::var_os(PAYIN_KEY_VAR).is_none() {
        return Ok(None);
    }
    SecretSource::payin_key(None).load().map(Some)
}

/// `--timestamp SECONDS`, or the system clock. Values that look like milliseconds are
/// refused with the hint to divide by 1000 (DESIGN.md section 4).
pub fn timestamp(given: Option<i64>) -> Result<UnixSeconds, CliError> {
    let seconds = match given {
        Some(s) => s,
        None => i64::try_from(now_seconds()?)
            .map_err(|_| CliError::new("the system clock is out of range; pass --timestamp SECONDS"))?,
    };
    UnixSeconds::new(seconds).map_err(|e| CliError::new(format!("--timestamp: {e}")))
}

/// `--date YYYY-MM-DD`, or today's UTC date from the system clock.
pub fn date(given: Option<&str>) -> Result<CivilDate, CliError> {
    match given {
        Some(text) => CivilDate::parse(text)
            .ok_or_else(|| CliError::new("--date must be a calendar date written YYYY-MM-DD, e.g. 2026-11-22")),
        None => Ok(CivilDate::from_unix_seconds(now_seconds()?)),
    }
}

fn now_seconds() -> Result<u64, CliError> {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .map_err(|_| CliError::new("the system clock is before 1970; pass the value explicitly"))
}
