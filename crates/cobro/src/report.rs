//! The validation report (DESIGN.md section 3): issues with stable codes, paths, params
//! and rendered messages; errors apart from warnings; identical in every language.

use std::borrow::Cow;

use crate::code::Code;
pub use crate::code::Severity;
use crate::field::FieldError;
use crate::json::write_string;
use crate::locale::Locale;
use crate::messages::{render, render_into};
pub use crate::params::{Param, Params};
pub use crate::path::IssuePath;
pub(crate) use crate::path::Path;

/// One problem found in a request.
///
/// The path and the message are rendered on demand ([`IssuePath`], [`Issue::message`],
/// [`Report::to_json`]) from the code's template and the params, in the locale the
/// report was made in: a validation pass records facts and pays for text only when text
/// is asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// Dotted field path, `[i]` for array indexes; `""` is the whole body.
    pub path: IssuePath,
    /// The stable code.
    pub code: Code,
    /// Error, or warning (a warning under `strict` becomes an error).
    pub severity: Severity,
    /// The rule's figures as strings, in a fixed order.
    pub params: Params,
    /// The locale of the message.
    pub locale: Locale,
}

impl Issue {
    /// The message in the issue's locale; it names the field and the rule and never
    /// contains the field's value.
    pub fn message(&self) -> String {
        render(self.code, &self.path, &self.params, self.locale)
    }

    /// [`Issue::message`] appended to `out`: no allocation of its own, for bindings that
    /// write many messages into one buffer.
    pub fn write_message(&self, out: &mut String) {
        render_into(out, self.code, &self.path, &self.params, self.locale)
    }

    /// [`Issue::write_message`] with the issue's path already rendered as `path` (by
    /// [`IssuePath::write_to`]), for a binding that writes the path too: the path is
    /// then rendered once.
    pub fn write_message_at(&self, out: &mut String, path: &str) {
        render_into(out, self.code, path, &self.params, self.locale)
    }

    /// The message in another locale.
    pub fn message_in(&self, locale: Locale) -> String {
        render(self.code, &self.path, &self.params, locale)
    }
}

/// The outcome of validating one request: every problem at once.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Report {
    /// True when there is no error (warnings allowed unless `strict`).
    pub valid: bool,
    /// Problems that make the request invalid, in the order found.
    pub errors: Vec<Issue>,
    /// Hints and suggestions, in the order found.
    pub warnings: Vec<Issue>,
}

impl Report {
    /// The report as the JSON text of DESIGN.md section 3 (compact, fixed key order).
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(64 + 160 * (self.errors.len() + self.warnings.len()));
        let mut scratch = String::new();
        out.push_str("{\"valid\":");
        out.push_str(if self.valid { "true" } else { "false" });
        out.push_str(",\"errors\":");
        write_issues(&mut out, &mut scratch, &self.errors);
        out.push_str(",\"warnings\":");
        write_issues(&mut out, &mut scratch, &self.warnings);
        out.push('}');
        out
    }

    /// One line saying the request is invalid, how many errors the report holds and
    /// the codes and paths of the first few, in `locale`: the message of
    /// ERR_INVALID_REQUEST, every binding's "invalid request" error (DESIGN.md section
    /// 7). `the request is invalid: 1 error (ERR_MISSING_FIELD at payinCustomerName)`;
    /// in Spanish `la solicitud no es válida: 2 errores (...)`.
    pub fn invalid_message(&self, locale: Locale) -> String {
        let first = self.errors.iter().map(|i| (i.code, &i.path));
        let errors = crate::messages::error_list(self.errors.len(), first, locale);
        render(Code::InvalidRequest, "", &[("errors", errors)], locale)
    }

    /// The locale the report's messages were written in (English for a report with no
    /// issue): a binding's refusal of an invalid request speaks it too.
    pub fn locale(&self) -> Locale {
        self.issues().next().map_or(Locale::En, |i| i.locale)
    }

    /// The report's verdict and counts in one line, in `locale` (DESIGN.md section 3):
    /// `valid`, `valid (1 warning)`, `invalid: 2 errors, 1 warning`, in Spanish
    /// `inválido: 2 errores, 1 advertencia`, in Portuguese `inválido: 2 erros, 1 aviso`.
    pub fn summary(&self, locale: Locale) -> String {
        crate::messages::summary(self.valid, self.errors.len(), self.warnings.len(), locale)
    }

    /// Every issue, errors first.
    pub fn issues(&self) -> impl Iterator<Item = &Issue> {
        self.errors.iter().chain(self.warnings.iter())
    }
}

/// Writes `issues` as a JSON array; `scratch` holds one path or message at a time.
fn write_issues(out: &mut String, scratch: &mut String, issues: &[Issue]) {
    out.push('[');
    for (i, issue) in issues.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"path\":");
        scratch.clear();
        issue.path.write_to(scratch);
        write_string(out, scratch);
        out.push_str(",\"code\":");
        write_string(out, issue.code.as_str());
        out.push_str(",\"message\":");
        scratch.clear();
        issue.write_message(scratch);
        write_string(out, scratch);
        out.push_str(",\"severity\":");
        write_string(out, issue.severity.as_str());
        out.push_str(",\"params\":{");
        for (j, (k, v)) in issue.params.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            write_string(out, k);
            out.push(':');
            write_string(out, v);
        }
        out.push_str("}}");
    }
    out.push(']');
}

/// The most issues a report lists. A body of the size limit can break a rule in
/// hundreds of thousands of places (a list of 300,000 empty metadata entries); listing
/// each would make a report a hundred times larger than the body, while a person or a
/// program acting on a report needs the first problems and how many more there are.
/// Past the cap one more issue, WARN_TOO_MANY_ISSUES, says how many were not listed.
/// Errors go before warnings: an error found once the report is full takes the place of
/// the last warning listed, so an invalid report always lists an error. The note is a
/// warning, so a report whose unlisted issues are all warnings stays valid (under
/// `strict` every unlisted warning is an error, and the note becomes one too).
pub const MAX_ISSUES: usize = 100;

/// The most WARN_UNKNOWN_FIELD issues listed for one object: beyond a few, more names
/// of fields the spec does not know tell the merchant nothing new, and they would crowd
/// out the issues of the rest of the body. The rest are counted in WARN_TOO_MANY_ISSUES.
pub(crate) const MAX_UNKNOWN_FIELDS_LISTED: usize = 10;

/// Collects issues during one validation pass, at most [`MAX_ISSUES`] listed.
pub(crate) struct Ctx {
    locale: Locale,
    errors: Vec<Issue>,
    warnings: Vec<Issue>,
    /// Issues found and not listed.
    omitted: usize,
    /// How many of them are errors.
    omitted_errors: usize,
    /// While above zero, issues are counted, not listed (elements past a list's own
    /// limit, unknown fields past [`MAX_UNKNOWN_FIELDS_LISTED`]).
    counting_only: usize,
    /// Keys present in another letter case than an absent field's name, newest last, at
    /// most [`MAX_CASE_VARIANTS`] (see [`Ctx::case_variant`]).
    case_variants: Vec<CaseVariant>,
}

/// A key of the body that differs only in letter case from the name of a field absent
/// from the same object (DESIGN.md 9 row 22: `PayinMerchantID` for payinMerchantID).
struct CaseVariant {
    /// The rendered path of the absent field.
    field: Box<str>,
    /// The rendered path of the key as found, where its WARN_UNKNOWN_FIELD was recorded.
    at: Box<str>,
    /// Whether that warning was listed (else it was counted among the omitted).
    listed: bool,
    /// The key as found.
    key: Box<str>,
}

/// The most case variants waiting for their field's ERR_MISSING_FIELD. A field's
/// missing error follows its object's dispatch closely, so only the newest few can
/// still be claimed; the cap keeps the look-up constant on a body with thousands of
/// such keys (one past the cap keeps its WARN_UNKNOWN_FIELD, which names the field).
const MAX_CASE_VARIANTS: usize = 64;

/// A rule's figures that are all static text: `(name, value)` pairs.
pub(crate) type StaticParams<'a> = &'a [(&'static str, &'static str)];

impl Ctx {
    pub(crate) fn new(locale: Locale) -> Ctx {
        Ctx {
            locale,
            errors: Vec::new(),
            warnings: Vec::new(),
            omitted: 0,
            omitted_errors: 0,
            counting_only: 0,
            case_variants: Vec::new(),
        }
    }

    /// Records `code` at `path`; its severity comes from the code. The params are static
    /// text, borrowed by the issue.
    pub(crate) fn report(&mut self, path: &Path<'_>, code: Code, params: StaticParams<'_>) {
        if code == Code::MissingField && !self.case_variants.is_empty() {
            return self.report_missing(path, Params::from_static(params));
        }
        if self.admit(code) {
            self.push(IssuePath::of(path), code, Params::from_static(params));
        }
    }

    /// [`Ctx::report`] with params some of whose values were made for the issue.
    pub(crate) fn report_with(&mut self, path: &Path<'_>, code: Code, params: impl Into<Params>) {
        if code == Code::MissingField && !self.case_variants.is_empty() {
            return self.report_missing(path, params.into());
        }
        if self.admit(code) {
            self.push(IssuePath::of(path), code, params.into());
        }
    }

    /// Records WARN_UNKNOWN_FIELD at `at` for `key`, which differs only in letter case
    /// from the name of `field`, absent from the same object (DESIGN.md 9 row 22). The
    /// warning names the field (`field_case_of`), and is listed whatever the cap on
    /// unknown fields: it is the one fix that matters. Should `field` then be reported
    /// missing, the error names the key (`found`) and says keys are case-sensitive, and
    /// this warning is withdrawn: one fix, one issue.
    pub(crate) fn case_variant(&mut self, field: &Path<'_>, name: &'static str, at: &Path<'_>, key: &str) {
        let listed = self.admit(Code::UnknownField);
        let rendered = at.render();
        if listed {
            let params = Params::from_static(&[("field_case_of", name)]);
            self.push(IssuePath::from(rendered.as_str()), Code::UnknownField, params);
        }
        if self.case_variants.len() >= MAX_CASE_VARIANTS {
            self.case_variants.remove(0);
        }
        self.case_variants.push(CaseVariant {
            field: field.render().into_boxed_str(),
            at: rendered.into_boxed_str(),
            listed,
            key: key.into(),
        });
    }

    /// ERR_MISSING_FIELD at `path`, naming the key found in another letter case when
    /// there is one (see [`Ctx::case_variant`]).
    #[cold]
    fn report_missing(&mut self, path: &Path<'_>, mut params: Params) {
        let field = path.render();
        if let Some(at) = self.case_variants.iter().rposition(|v| *v.field == *field) {
            let variant = self.case_variants.remove(at);
            self.withdraw_unknown(&variant);
            params.push(("found", Cow::Owned(variant.key.into_string())));
            params.push(("keys_case_sensitive", Cow::Borrowed("true")));
        }
        if self.admit(Code::MissingField) {
            self.push(IssuePath::of(path), Code::MissingField, params);
        }
    }

    /// Takes back the WARN_UNKNOWN_FIELD of `variant`: from the list, or from the count
    /// of omitted issues when it was not listed or was displaced by an error once the
    /// report was full.
    fn withdraw_unknown(&mut self, variant: &CaseVariant) {
        let listed = variant.listed.then(|| {
            self.warnings
                .iter()
                .rposition(|w| w.code == Code::UnknownField && w.path == *variant.at)
        });
        match listed.flatten() {
            Some(i) => {
                self.warnings.remove(i);
            }
            None => self.omitted = self.omitted.saturating_sub(1),
        }
    }

    /// Records a value rule's error (DESIGN.md 9 row 32: the rule shared with signing).
    pub(crate) fn report_field(&mut self, path: &Path<'_>, error: FieldError) {
        if self.admit(error.code) {
            self.push(IssuePath::of(path), error.code, error.params());
        }
    }

    /// The value of `result`, or None after recording its error at `path`.
    pub(crate) fn check<T>(&mut self, path: &Path<'_>, result: Result<T, FieldError>) -> Option<T> {
        match result {
            Ok(v) => Some(v),
            Err(e) => {
                self.report_field(path, e);
                None
            }
        }
    }

    /// Runs `f` with every issue it finds counted, not listed: for the elements of a
    /// list past its own limit, already refused as a whole.
    pub(crate) fn counting_only<R>(&mut self, f: impl FnOnce(&mut Ctx) -> R) -> R {
        self.counting_only += 1;
        let out = f(self);
        self.counting_only -= 1;
        out
    }

    /// Whether an issue of `code` is to be listed; if not, it is counted. Decided before
    /// the path and params are rendered, so an issue past the cap costs no allocation.
    fn admit(&mut self, code: Code) -> bool {
        let warning = code.is_warning();
        let full = self.errors.len() + self.warnings.len() >= MAX_ISSUES;
        let listed = self.counting_only == 0 && (!full || (!warning && !self.warnings.is_empty()));
        if !listed {
            self.omit(warning);
        }
        listed
    }

    fn omit(&mut self, warning: bool) {
        self.omitted += 1;
        if !warning {
            self.omitted_errors += 1;
        }
    }

    // Inlined into each recording function, so the issue's parts are not moved through
    // one more call on their way into the list.
    #[inline(always)]
    fn push(&mut self, path: IssuePath, code: Code, params: Params) {
        if self.errors.len() + self.warnings.len() >= MAX_ISSUES && self.warnings.pop().is_some() {
            self.omit(true);
        }
        let warning = code.is_warning();
        let issue = Issue {
            path,
            code,
            severity: if warning { Severity::Warning } else { Severity::Error },
            params,
            locale: self.locale,
        };
        if warning {
            self.warnings.push(issue);
        } else {
            self.errors.push(issue);
        }
    }

    /// Ends the pass; under `strict` warnings become errors (after the errors found).
    /// When issues were left out, WARN_TOO_MANY_ISSUES comes last with their number.
    pub(crate) fn finish(mut self, strict: bool) -> Report {
        let omitted = self.omitted;
        if omitted > 0 {
            self.warnings.push(Issue {
                path: IssuePath::ROOT,
                code: Code::TooManyIssues,
                severity: Severity::Warning,
                params: Params::from([
                    ("count", crate::text::number(omitted)),
                    ("max", crate::text::number(MAX_ISSUES)),
                ]),
                locale: self.locale,
            });
        }
        if strict {
            for mut w in self.warnings.drain(..) {
                w.severity = Severity::Error;
                self.errors.push(w);
            }
        }
        Report {
            valid: self.errors.is_empty() && self.omitted_errors == 0,
            errors: self.errors,
            warnings: self.warnings,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_turns_warnings_into_errors() {
        let mut ctx = Ctx::new(Locale::En);
        ctx.report(&Path::Root.key("x"), Code::UnknownField, &[]);
        let r = ctx.finish(true);
        assert!(!r.valid);
        assert_eq!(r.errors[0].severity, Severity::Error);
        assert!(r.warnings.is_empty());
        assert_eq!(
            r.to_json(),
            r#"{"valid":false,"errors":[{"path":"x","code":"WARN_UNKNOWN_FIELD","message":"x is not a field of this request","severity":"error","params":{}}],"warnings":[]}"#
        );
    }

    fn fill(ctx: &mut Ctx, code: Code, n: usize) {
        for i in 0..n {
            ctx.report(&Path::Root.index(i), code, &[]);
        }
    }

    #[test]
    fn the_report_stops_at_its_cap_and_says_how_many_more() {
        let mut ctx = Ctx::new(Locale::En);
        fill(&mut ctx, Code::UnknownField, MAX_ISSUES + 50);
        let r = ctx.finish(false);
        assert!(r.valid, "left-out warnings leave the report valid");
        assert_eq!(r.warnings.len(), MAX_ISSUES + 1);
        let note = r.warnings.last().unwrap();
        assert_eq!((note.code, &*note.path.as_text()), (Code::TooManyIssues, ""));
        assert_eq!(note.params.get("count"), Some("50"));
        assert!(note.message().starts_with("50 more issues were found"));

        let mut ctx = Ctx::new(Locale::En);
        fill(&mut ctx, Code::UnknownField, MAX_ISSUES + 50);
        let r = ctx.finish(true);
        assert!(!r.valid);
        assert_eq!(r.errors.len(), MAX_ISSUES + 1);
        assert!(r.warnings.is_empty());
        assert_eq!(r.errors.last().unwrap().code, Code::TooManyIssues);
    }

    #[test]
    fn errors_take_the_place_of_warnings_past_the_cap() {
        let mut ctx = Ctx::new(Locale::En);
        fill(&mut ctx, Code::UnknownField, MAX_ISSUES);
        fill(&mut ctx, Code::MissingField, 3);
        let r = ctx.finish(false);
        assert!(!r.valid);
        assert_eq!(r.errors.len(), 3);
        assert_eq!(r.warnings.len(), MAX_ISSUES - 3 + 1);
        assert_eq!(r.warnings.last().unwrap().params[0].1, "3");

        let mut ctx = Ctx::new(Locale::En);
        fill(&mut ctx, Code::MissingField, MAX_ISSUES + 7);
        let r = ctx.finish(false);
        assert!(!r.valid);
        assert_eq!(r.errors.len(), MAX_ISSUES);
        assert_eq!(r.warnings.len(), 1);
        assert_eq!(r.warnings[0].params[0].1, "7");
    }

    #[test]
    fn counted_issues_are_not_listed() {
        let mut ctx = Ctx::new(Locale::Es);
        ctx.counting_only(|ctx| fill(ctx, Code::UnknownField, 4));
        fill(&mut ctx, Code::UnknownField, 1);
        let r = ctx.finish(false);
        assert!(r.valid);
        assert_eq!(r.warnings.len(), 2);
        assert!(r.warnings[1].message().starts_with("se encontraron 4 problemas más"));
    }

    #[test]
    fn write_message_appends_the_message() {
        for locale in Locale::ALL {
            let mut ctx = Ctx::new(locale);
            ctx.report(&Path::Root.key("x"), Code::MissingField, &[("when", "y=Z")]);
            ctx.report(&Path::Root, Code::MalformedJson, &[]);
            let r = ctx.finish(false);
            for issue in &r.errors {
                let mut out = String::from("head ");
                issue.write_message(&mut out);
                assert_eq!(out, format!("head {}", issue.message()));
                let mut out = String::from("head ");
                issue.write_message_at(&mut out, &issue.path.render());
                assert_eq!(out, format!("head {}", issue.message()));
            }
        }
    }
}
