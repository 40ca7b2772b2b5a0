//! Reading bodies (a FILE or `-` for standard input) and credentials (an environment
//! variable or a file, never a command-line argument: arguments show up in `ps` and in
//! shell history).

use std::fs::File;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use cobro::{CivilDate, Code, Limits, Report, Secret, UnixSeconds};

use crate::outcome::CliError;

/// The environment variable holding the pay-in key (spec 5.3), which is also the
/// subscription key `<KEY_PAYIN>` (spec 5.2).
pub const PAYIN_KEY_VAR: &str = "COBRO_PAYIN_KEY";

/// The environment variable holding the virtual-account secret (spec 5.1).
pub const VA_SECRET_VAR: &str = "COBRO_VA_SECRET";

/// The limits bodies are read under: the core's default ones (DESIGN.md section 8), as
/// the commands have no option to change them and leave `max_bytes` to the core
/// (`None`). Reading stops at [`Limits::read_at_most`], one byte past the size limit, so
/// an oversized or endless body (`/dev/zero`, a runaway pipe) costs at most that much
/// memory before the core refuses it with ERR_BODY_TOO_LARGE.
pub const BODY_LIMITS: Limits = Limits::for_body(None);

/// Largest key or secret file read. Keys are tokens of tens of characters; 4 KiB holds
/// any real key with room to spare, while a wrong path (a log, an image, `/dev/zero`) is
/// refused before it is read whole.
pub const MAX_SECRET_FILE_BYTES: usize = 4096;

/// A body as read: whole, or its first [`Limits::read_at_most`] bytes when it is larger.
pub struct Body {
    /// The bytes read; [`Limits::too_large`] of their count means the body is too large.
    pub bytes: Vec<u8>,
    /// The whole size of a body over the limit, when it is known without reading it (a
    /// regular file).
    pub oversize: Option<u64>,
}

impl Body {
    /// Puts the body's whole size into the core's ERR_BODY_TOO_LARGE, which can only
    /// count the bytes it was given.
    pub fn correct(&self, report: &mut Report) {
        if let Some(size) = self.oversize {
            set_body_size(report, size);
        }
    }
}

/// Sets the `size` of the ERR_BODY_TOO_LARGE on the whole body in `report`.
pub fn set_body_size(report: &mut Report, size: u64) {
    for issue in &mut report.errors {
        if issue.code == Code::BodyTooLarge && issue.path.is_empty() {
            for (name, value) in &mut issue.params {
                if *name == "size" {
                    *value = size.to_string().into();
                }
            }
        }
    }
}

/// Reads a request body from `path`, or from standard input when `path` is absent or `-`:
/// at most [`Limits::read_at_most`] bytes of [`BODY_LIMITS`], enough for the core to
/// refuse a larger one.
pub fn read_body(path: Option<&Path>) -> Result<Body, CliError> {
    match path {
        Some(p) if p != Path::new("-") => {
            let cannot = |e: std::io::Error| {
                CliError::new(format!(
                    "cannot read {}: {e}; check the path (or pass - to read standard input)",
                    p.display()
                ))
            };
            let file = File::open(p).map_err(cannot)?;
            let size = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
            let bytes = read_at_most(file, BODY_LIMITS.read_at_most()).map_err(cannot)?;
            // A size the file system cannot vouch for (0 for `/proc` files, a file still
            // growing) is not reported: the core's count of the bytes read stands.
            let oversize = size.filter(|&s| BODY_LIMITS.too_large(bytes.len()) && s >= bytes.len() as u64);
            Ok(Body { bytes, oversize })
        }
        _ => {
            let stdin = std::io::stdin();
            // Someone at a terminal who left out FILE would otherwise see the command hang;
            // pipes and redirects get no notice, so scripts see only the report.
            if stdin.is_terminal() {
                eprintln!("reading the body from standard input; end it with Ctrl-D (or pass a FILE)");
            }
            let bytes = read_at_most(stdin.lock(), BODY_LIMITS.read_at_most())
                .map_err(|e| CliError::new(format!("cannot read standard input: {e}; pass a FILE instead")))?;
            Ok(Body { bytes, oversize: None })
        }
    }
}

/// Reads at most `count` bytes of `source`: one more than a limit accepts tells "too
/// large" apart from "exactly at the limit" without reading further.
pub fn read_at_most(source: impl Read, count: usize) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    source
        .take(u64::try_from(count).unwrap_or(u64::MAX))
        .read_to_end(&mut bytes)?;
    Ok(bytes)
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
                let bytes = File::open(path)
                    .and_then(|file| read_at_most(file, MAX_SECRET_FILE_BYTES + 1))
                    .map_err(|e| {
                        CliError::new(format!(
                            "cannot read {} {}: {e}; check the path",
                            self.flag,
                            path.display()
                        ))
                    })?;
                if bytes.len() > MAX_SECRET_FILE_BYTES {
                    return Err(CliError::new(format!(
                        "{} {} holds more than {MAX_SECRET_FILE_BYTES} bytes, which no key does; check the path",
                        self.flag,
                        path.display()
                    )));
                }
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

/// The pay-in key for `validate payin` and `listen`, only when `--key-file` is given or
/// `COBRO_PAYIN_KEY` is set (DESIGN.md 9 row 18: payinVerification is checked against
/// the key only when one is given); read as `prepare payin` reads it.
pub fn optional_payin_key(file: Option<&PathBuf>) -> Result<Option<Secret>, CliError> {
    if file.is_none() && std::env::var_os(PAYIN_KEY_VAR).is_none() {
        return Ok(None);
    }
    SecretSource::payin_key(file).load().map(Some)
}

/// The seconds of the option `name` (`--now`, or `--timestamp` where the value is the
/// signed X-Timestamp), or the system clock. Values that look like milliseconds are
/// refused with the hint to divide by 1000 (DESIGN.md section 4).
pub fn timestamp(given: Option<i64>, name: &str) -> Result<UnixSeconds, CliError> {
    let seconds = match given {
        Some(s) => s,
        None => i64::try_from(now_seconds()?)
            .map_err(|_| CliError::new(format!("the system clock is out of range; pass {name} SECONDS")))?,
    };
    UnixSeconds::new(seconds).map_err(|e| CliError::new(format!("{name}: {e}")))
}

/// The date the option `name` gives, or today's UTC date when it is absent.
pub fn date_option(name: &str, given: Option<&str>) -> Result<CivilDate, CliError> {
    match given {
        Some(text) => CivilDate::parse(text).ok_or_else(|| {
            CliError::new(format!(
                "{name} must be a calendar date written YYYY-MM-DD, e.g. 2026-11-22"
            ))
        }),
        None => Ok(CivilDate::from_unix_seconds(now_seconds()?)),
    }
}

fn now_seconds() -> Result<u64, CliError> {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .map_err(|_| CliError::new(cobro::SigningError::ClockBeforeEpoch.to_string()))
}
