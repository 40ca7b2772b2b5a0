//! Reports as a person reads them: one aligned line per issue and the summary, or one
//! line per body of a `--jsonl` run. Shared by `cobro validate`, its `--jsonl` mode and
//! `cobro prepare`.

use std::borrow::Cow;
use std::io::Write;

use cobro::{Issue, Locale, Report};

/// One aligned line per issue (`error   owner.firstName  ERR_MISSING_FIELD  message`),
/// then the core's summary line in the report's locale.
pub(crate) fn write_human(out: &mut impl Write, report: &Report, locale: Locale) -> std::io::Result<()> {
    let path_width = report
        .issues()
        .map(|i| shown_path(i).chars().count())
        .max()
        .unwrap_or(0);
    let code_width = report.issues().map(|i| i.code.as_str().len()).max().unwrap_or(0);
    for issue in report.issues() {
        writeln!(
            out,
            "{:<8}{:<path_width$}  {:<code_width$}  {}",
            issue.severity.as_str(),
            shown_path(issue),
            issue.code.as_str(),
            issue.message()
        )?;
    }
    writeln!(out, "{}", report.summary(locale))
}

/// The path as shown to a person: the whole body (path `""`) is `(body)`.
fn shown_path(issue: &Issue) -> Cow<'_, str> {
    if issue.path.is_empty() {
        Cow::Borrowed("(body)")
    } else {
        issue.path.as_text()
    }
}

/// `ERR_X at path, ERR_Y at path`.
fn code_list(issues: &[Issue]) -> String {
    let mut out = String::new();
    for issue in issues {
        if !out.is_empty() {
            out.push_str(", ");
        }
        out.push_str(issue.code.as_str());
        out.push_str(" at ");
        out.push_str(&shown_path(issue));
    }
    out
}

/// One `--jsonl` result: `line N: valid`, `line N: invalid (codes)`, or its JSON.
pub(crate) fn write_jsonl_result(
    out: &mut impl Write,
    line: usize,
    report: &Report,
    json: bool,
) -> std::io::Result<()> {
    if json {
        writeln!(out, "{{\"line\":{line},\"report\":{}}}", report.to_json())
    } else if !report.valid {
        writeln!(out, "line {line}: invalid ({})", code_list(&report.errors))
    } else if report.warnings.is_empty() {
        writeln!(out, "line {line}: valid")
    } else {
        writeln!(out, "line {line}: valid ({})", code_list(&report.warnings))
    }
}
