//! `cobro parse <DOCUMENT> [FILE|-] [--json]` and `cobro verify payin-notification FILE`:
//! answers and notifications of the service as typed values. Reading and
//! printing only: every rule lives in the library.

use std::io::Write;
use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand};
use cobro::parse::{DocumentKind, parse_document};
use cobro::payin::notification::verify_payin_notification;

use crate::input::{SecretSource, read_body};
use crate::outcome::{CliError, Verdict};
use crate::render;

/// Arguments of `cobro parse`.
#[derive(Args, Debug)]
pub struct ParseArgs {
    /// What the body is.
    #[arg(value_name = "DOCUMENT", value_parser = document_parser())]
    pub document: DocumentKind,
    /// The body (a FILE, or `-` or nothing for standard input).
    pub file: Option<PathBuf>,
    /// Print the typed value as JSON (QR images as base64).
    #[arg(long)]
    pub json: bool,
    /// The HTTP status the body came with (virtual-account answers differ by status).
    #[arg(long, value_name = "CODE", default_value_t = cobro::parse::DEFAULT_HTTP_STATUS)]
    pub status: u16,
    /// Write the QR image of a pay-in answer to this PNG file.
    #[arg(long, value_name = "FILE")]
    pub qr_out: Option<PathBuf>,
    /// Print only the value of this field of the parsed value, by its dotted path
    /// (`subscription_id`, `account.number`, `operations[0].state.paid`): to keep an id
    /// from an answer in a shell variable.
    #[arg(long, value_name = "FIELD", conflicts_with = "json")]
    pub get: Option<String>,
}

fn document_parser() -> impl TypedValueParser<Value = DocumentKind> {
    PossibleValuesParser::new(DocumentKind::ALL.map(DocumentKind::as_str))
        .try_map(|name| DocumentKind::from_name(&name).ok_or("unknown document"))
}

/// Runs `cobro parse`: exit 0 when the body parses (an API error answer is a parsed
/// value), 2 when it does not parse or cannot be read.
pub fn run(args: &ParseArgs) -> Result<Verdict, CliError> {
    let body = read_body(args.file.as_deref())?;
    let parsed = parse_document(args.document, args.status, &body.bytes).map_err(|e| {
        CliError::new(format!(
            "the body is not a valid {}: {e} ({})",
            args.document.as_str(),
            e.code
        ))
    })?;
    if let Some(path) = &args.qr_out {
        let Some(png) = render::qr_png(&parsed) else {
            return Err(CliError::new("--qr-out: this answer carries no QR image"));
        };
        std::fs::write(path, png)
            .map_err(|e| CliError::new(format!("cannot write {}: {e}; check the path", path.display())))?;
    }
    let mut out = std::io::stdout().lock();
    if let Some(field) = &args.get {
        let value = serde_json::to_value(&parsed).map_err(|e| CliError::new(format!("cannot read the value: {e}")))?;
        let found = field_at(&value, field).ok_or_else(|| {
            CliError::new(format!(
                "--get {field}: the parsed {} has no such field",
                args.document.as_str()
            ))
        })?;
        match found {
            serde_json::Value::String(text) => writeln!(out, "{text}")?,
            other => writeln!(out, "{other}")?,
        }
    } else if args.json {
        let text = serde_json::to_string(&parsed).map_err(|e| CliError::new(format!("cannot print JSON: {e}")))?;
        writeln!(out, "{text}")?;
    } else {
        render::human(&mut out, &parsed, args.qr_out.as_deref())?;
    }
    Ok(Verdict::Ok)
}

/// The value at `path` (`a.b`, `list[0].c`) in `value`.
fn field_at<'v>(value: &'v serde_json::Value, path: &str) -> Option<&'v serde_json::Value> {
    let mut at = value;
    for part in path.split('.') {
        let (name, indexes) = part.split_once('[').map_or((part, ""), |(n, rest)| (n, rest));
        if !name.is_empty() {
            at = at.get(name)?;
        }
        for index in indexes.split('[').filter(|i| !i.is_empty()) {
            at = at.get(index.strip_suffix(']')?.parse::<usize>().ok()?)?;
        }
    }
    Some(at)
}

/// The `verify` subcommands.
#[derive(Subcommand, Debug)]
pub enum VerifyCommand {
    /// Check a pay-in payment notification's payinVerification (key from COBRO_PAYIN_KEY).
    PayinNotification {
        /// The notification body (a FILE, or `-` for standard input).
        file: Option<PathBuf>,
        /// Read the pay-in key from this file instead of COBRO_PAYIN_KEY.
        #[arg(long, value_name = "PATH")]
        key_file: Option<PathBuf>,
    },
}

/// Runs `cobro verify`: exit 0 authentic, 1 not authentic, 2 unreadable input or key.
pub fn verify(command: &VerifyCommand) -> Result<Verdict, CliError> {
    let VerifyCommand::PayinNotification { file, key_file } = command;
    let key = SecretSource::payin_key(key_file.as_ref()).load()?;
    let body = read_body(file.as_deref())?;
    let mut out = std::io::stdout().lock();
    match verify_payin_notification(&body.bytes, &key) {
        Ok(n) => {
            let state = n.state.map_or("unknown state", |s| s.name_en);
            writeln!(out, "authentic: state {} ({state})", n.payin_state_id)?;
            Ok(Verdict::Ok)
        }
        Err(cobro::payin::notification::NotificationError::Parse(e)) => Err(CliError::new(format!(
            "the body is not a valid payin-notification: {e} ({})",
            e.code
        ))),
        Err(e) => {
            writeln!(out, "not authentic: {e} ({})", e.code())?;
            Ok(Verdict::Invalid)
        }
    }
}
