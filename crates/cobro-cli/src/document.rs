//! `cobro document <COUNTRY> <TYPE> <NUMBER> [--json]`: check a document or account
//! number with the library's module for it. The number is the user's own
//! input; it is printed back only in its compact and display forms.

use std::io::Write;

use clap::Args;
use cobro::Locale;
use cobro::document::{self, DocumentWarning};
use serde::Serialize;

use crate::outcome::{CliError, Verdict};

/// Arguments of `cobro document`.
#[derive(Args, Debug)]
pub struct DocumentArgs {
    /// ISO 3166-1 alpha-2 or alpha-3 country code (AR, ARG, MX, MEX, ...).
    pub country: String,
    /// Document or account type: CUIT, CUIL, DNI, RFC, CURP, CLABE, CBU, CVU, RUC, CE,
    /// CCI, RUN, RUT, CPF, CNPJ, CIE, RNC, NIT, CC.
    #[arg(value_name = "TYPE")]
    pub number_type: String,
    /// The number, with or without its usual separators.
    pub number: String,
    /// Print `{"valid", "code", "compact", "formatted", "warnings"}` as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The `--json` output. A struct, not `serde_json::json!`: its members are printed in
/// the order the help and the README document (`json!` builds a map sorted by key).
#[derive(Serialize)]
struct DocumentJson<'a> {
    valid: bool,
    code: Option<&'static str>,
    compact: &'a str,
    formatted: &'a str,
    warnings: Vec<&'static str>,
}

/// Runs `cobro document`: exit 0 valid, 1 invalid, 2 unknown country or type.
pub fn run(args: &DocumentArgs) -> Result<Verdict, CliError> {
    let kind = document::find(&args.country, &args.number_type)
        .map_err(|e| CliError::new(e.message(&args.country, Locale::En)))?;
    let result = (kind.validate)(&args.number);
    let compact = (kind.compact)(&args.number);
    let formatted = (kind.format)(&args.number);
    let mut out = std::io::stdout().lock();
    if args.json {
        let warnings: Vec<&str> = match &result {
            Ok(valid) => valid.warnings.iter().map(|w| warning_name(*w)).collect(),
            Err(_) => Vec::new(),
        };
        let value = DocumentJson {
            valid: result.is_ok(),
            code: result.as_ref().err().map(|e| e.code().as_str()),
            compact: &compact,
            formatted: &formatted,
            warnings,
        };
        let text = serde_json::to_string(&value).map_err(|e| CliError::new(format!("cannot print JSON: {e}")))?;
        writeln!(out, "{text}")?;
    } else {
        match &result {
            Ok(valid) => {
                writeln!(out, "valid {} {} {formatted}", kind.country, kind.name)?;
                for w in &valid.warnings {
                    writeln!(out, "warning: {}", warning_text(*w))?;
                }
            }
            Err(e) => writeln!(
                out,
                "invalid {} {}: {} ({})",
                kind.country,
                kind.name,
                e.message(kind, "number", Locale::En),
                e.code()
            )?,
        }
    }
    Ok(if result.is_ok() { Verdict::Ok } else { Verdict::Invalid })
}

fn warning_name(w: DocumentWarning) -> &'static str {
    match w {
        DocumentWarning::CheckDigit => "check_digit",
        DocumentWarning::UnknownInstitution => "unknown_institution",
        DocumentWarning::InconvenientWord => "inconvenient_word",
    }
}

fn warning_text(w: DocumentWarning) -> &'static str {
    match w {
        DocumentWarning::CheckDigit => "the check digit does not match (numbers that fail it are issued)",
        DocumentWarning::UnknownInstitution => "the bank or institution code is not in the known list",
        DocumentWarning::InconvenientWord => {
            "the first four letters are an inconvenient word, never issued (the authority replaces a letter with X)"
        }
    }
}
