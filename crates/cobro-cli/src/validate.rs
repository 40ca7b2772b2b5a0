//! `cobro validate <KIND> [FILE|-]` and `cobro validate <KIND> --jsonl FILE`, and the
//! report printing shared with `cobro prepare`.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use cobro::{Kind, Locale, Report, SignatureCheck, ValidateOptions};

use crate::args::{ReportArgs, kind_parser};
use crate::input::{optional_payin_key, read_body};
use crate::jsonl;
use crate::outcome::{CliError, Verdict};
use crate::report_text::write_human;

/// Arguments of `cobro validate`.
#[derive(Args)]
pub struct ValidateArgs {
    /// The kind of request.
    #[arg(value_name = "KIND", value_parser = kind_parser())]
    kind: Kind,
    /// The body: a file, or - (the default) for standard input.
    #[arg(value_name = "FILE|-", conflicts_with = "jsonl")]
    file: Option<PathBuf>,
    /// Validate every non-blank line of FILE as one body (JSON Lines).
    #[arg(long, value_name = "FILE")]
    jsonl: Option<PathBuf>,
    /// Pay-ins: check payinVerification against the pay-in key read from this file instead
    /// of COBRO_PAYIN_KEY (with neither, only its form is checked).
    #[arg(long, value_name = "PATH")]
    key_file: Option<PathBuf>,
    /// Judge the body as `cobro prepare` will complete it (DESIGN.md section 5): what
    /// prepare fills or rewrites draws no issue, so every error is one prepare refuses with.
    #[arg(long)]
    before_prepare: bool,
    #[command(flatten)]
    report: ReportArgs,
}

/// Runs `cobro validate`. For pay-ins, payinVerification is also checked against the
/// key of `--key-file` or COBRO_PAYIN_KEY when one is given (DESIGN.md 9 row 18).
pub fn run(args: &ValidateArgs) -> Result<Verdict, CliError> {
    let key = match args.kind {
        Kind::Payin => optional_payin_key(args.key_file.as_ref())?,
        // A key file given to another kind would be silently unused.
        _ if args.key_file.is_some() => {
            return Err(CliError::new(
                "--key-file is the pay-in key, which only `cobro validate payin` checks; leave it out",
            ));
        }
        _ => None,
    };
    let options = ValidateOptions {
        strict: args.report.strict,
        locale: args.report.locale,
        // The default, which `read_body` and the JSONL reader read under (`BODY_LIMITS`).
        max_bytes: None,
        payin_key: key.as_ref(),
        before_prepare: args.before_prepare,
    };
    match &args.jsonl {
        Some(path) => jsonl::run(args.kind, path, &options, args.report.json),
        None => {
            let body = read_body(args.file.as_deref())?;
            let (mut report, check) = match args.kind {
                Kind::Payin => cobro::validate_payin(&body.bytes, &options),
                kind => (cobro::validate(kind, &body.bytes, &options), None),
            };
            body.correct(&mut report);
            let verdict = print_report(&report, args.report.json, args.report.locale)?;
            // The JSON report is the core's, the same in every language: the line is text only.
            if let Some(check) = check.filter(|_| !args.report.json) {
                let mut out = std::io::stdout().lock();
                writeln!(out, "{}", signature_line(&check))?;
                out.flush()?;
            }
            Ok(verdict)
        }
    }
}

/// The last line of `validate payin` with a key: whether payinVerification was checked
/// against it, and with what result. It never shows the key, nor the hash.
fn signature_line(check: &SignatureCheck) -> String {
    match check {
        SignatureCheck::Matches => "payinVerification checked against the key: matches".to_string(),
        SignatureCheck::DoesNotMatch => "payinVerification checked against the key: does not match".to_string(),
        SignatureCheck::NotChecked { invalid } if invalid.is_empty() => {
            "payinVerification not checked against the key: the body could not be read as a pay-in".to_string()
        }
        SignatureCheck::NotChecked { invalid } => {
            format!(
                "payinVerification not checked against the key: first fix the errors of {}",
                invalid.join(", ")
            )
        }
    }
}

/// Prints a report (text lines or its JSON) on stdout; the verdict follows `valid`.
pub fn print_report(report: &Report, json: bool, locale: Locale) -> Result<Verdict, CliError> {
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", report.to_json())?;
    } else {
        write_human(&mut out, report, locale)?;
    }
    out.flush()?;
    Ok(if report.valid { Verdict::Ok } else { Verdict::Invalid })
}
