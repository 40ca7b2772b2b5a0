//! Message rendering in English, Spanish and Portuguese (DESIGN.md section 3), from the
//! templates of the catalogue ([`crate::code`]).
//!
//! A message names the field and the rule and is rendered from the issue's `params`;
//! it never contains the field's value (documents, e-mails and phones are personal
//! data). `{path}` is the field path, `{name}` any param; a `when` param adds the
//! condition that made the rule apply.

use std::sync::LazyLock;

use crate::code::{Code, OPTIONAL_PARAMS};
pub use crate::locale::Locale;
use crate::path::IssuePath;
use crate::template::{Piece, pieces};

/// The words of a summary line in one locale.
struct SummaryWords {
    valid: &'static str,
    invalid: &'static str,
    error: &'static str,
    errors: &'static str,
    warning: &'static str,
    warnings: &'static str,
}

impl SummaryWords {
    fn of(locale: Locale) -> SummaryWords {
        match locale {
            Locale::En => SummaryWords {
                valid: "valid",
                invalid: "invalid",
                error: "error",
                errors: "errors",
                warning: "warning",
                warnings: "warnings",
            },
            Locale::Es => SummaryWords {
                valid: "válido",
                invalid: "inválido",
                error: "error",
                errors: "errores",
                warning: "advertencia",
                warnings: "advertencias",
            },
            Locale::Pt => SummaryWords {
                valid: "válido",
                invalid: "inválido",
                error: "erro",
                errors: "erros",
                warning: "aviso",
                warnings: "avisos",
            },
        }
    }
}

/// `n` things in the singular or the plural: `1 error`, `2 errors`.
fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// The one-line verdict on a report with `errors` errors and `warnings` warnings, in
/// `locale` (DESIGN.md section 3): `valid`, `valid (1 warning)`, `invalid: 2 errors,
/// 1 warning`; in Spanish `válido`, `válido (1 advertencia)`, `inválido: 2 errores,
/// 1 advertencia`; in Portuguese `válido (1 aviso)`, `inválido: 2 erros, 1 aviso`.
pub(crate) fn summary(valid: bool, errors: usize, warnings: usize, locale: Locale) -> String {
    let words = SummaryWords::of(locale);
    let warnings_text = counted(warnings, words.warning, words.warnings);
    let errors_text = counted(errors, words.error, words.errors);
    match (valid, warnings) {
        (true, 0) => words.valid.to_string(),
        (true, _) => format!("{} ({warnings_text})", words.valid),
        (false, 0) => format!("{}: {errors_text}", words.invalid),
        (false, _) => format!("{}: {errors_text}, {warnings_text}", words.invalid),
    }
}

/// How many errors a refusal ([`error_list`]) names; the rest are counted.
const LISTED_IN_REFUSAL: usize = 3;

/// `count` errors counted in `locale`, with the code and path of each of `first` (at
/// most [`LISTED_IN_REFUSAL`] are shown): `1 error (ERR_MISSING_FIELD at
/// payinCustomerName)`, `5 errors (A at a, B at b, C at c and 2 more)`; in Spanish `2
/// errores (A en a, B en b)`, in Portuguese `1 erro (A em a)`. Paths and codes only,
/// never a value.
pub(crate) fn error_list<'i>(
    count: usize,
    first: impl Iterator<Item = (Code, &'i IssuePath)>,
    locale: Locale,
) -> String {
    let words = SummaryWords::of(locale);
    let (at, and_more) = match locale {
        Locale::En => (" at ", " and {n} more"),
        Locale::Es => (" en ", " y {n} más"),
        Locale::Pt => (" em ", " e mais {n}"),
    };
    let mut out = counted(count, words.error, words.errors);
    let mut listed = 0;
    for (code, path) in first.take(LISTED_IN_REFUSAL) {
        out.push_str(if listed == 0 { " (" } else { ", " });
        out.push_str(code.as_str());
        out.push_str(at);
        if path.is_empty() {
            out.push_str(body_name(locale));
        } else {
            path.write_to(&mut out);
        }
        listed += 1;
    }
    if listed > 0 {
        if count > listed {
            out.push_str(&and_more.replace("{n}", &(count - listed).to_string()));
        }
        out.push(')');
    }
    out
}

/// How a message names the whole body (path `""`) in `locale`.
fn body_name(locale: Locale) -> &'static str {
    match locale {
        Locale::En => "the body",
        Locale::Es => "el cuerpo",
        Locale::Pt => "o corpo",
    }
}

/// A field path as a message names it: a text, or an issue's compact path.
pub(crate) trait PathText {
    /// Whether it is the whole body (`""`, shown as "the body").
    fn is_body(&self) -> bool;
    /// Appends the path to `out`.
    fn write_path(&self, out: &mut String);
}

impl PathText for str {
    fn is_body(&self) -> bool {
        self.is_empty()
    }

    fn write_path(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl PathText for String {
    fn is_body(&self) -> bool {
        self.is_empty()
    }

    fn write_path(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl PathText for IssuePath {
    fn is_body(&self) -> bool {
        self.is_empty()
    }

    fn write_path(&self, out: &mut String) {
        self.write_to(out);
    }
}

/// Renders the message of `code` at `path` with `params`, in `locale`.
pub(crate) fn render<P, V>(code: Code, path: &P, params: &[(&'static str, V)], locale: Locale) -> String
where
    P: PathText + ?Sized,
    V: AsRef<str>,
{
    let text = code.template(locale);
    let params_len: usize = params.iter().map(|(k, v)| k.len() + v.as_ref().len()).sum();
    let mut out = String::with_capacity(text.len() + 32 + params_len + 8);
    render_into(&mut out, code, path, params, locale);
    out
}

/// [`render`], appended to `out`.
pub(crate) fn render_into<P, V>(out: &mut String, code: Code, path: &P, params: &[(&'static str, V)], locale: Locale)
where
    P: PathText + ?Sized,
    V: AsRef<str>,
{
    let body = path.is_body();
    let shown = |out: &mut String| {
        if body {
            out.push_str(body_name(locale));
        } else {
            path.write_path(out);
        }
    };
    let templates = &*TEMPLATES;
    let at = |code_at: usize| code_at * Locale::ALL.len() + locale.index();
    match templates.codes.get(at(code.index())) {
        Some(pieces) => fill(out, pieces, &shown, params),
        None => substitute(out, code.template(locale), &shown, params),
    }
    // Most issues have no optional param: one look at the issue's own params settles it.
    if params.iter().any(|(k, _)| is_optional(k)) {
        for (i, optional) in OPTIONAL_PARAMS.iter().enumerate() {
            if !params.iter().any(|(k, _)| *k == optional.name) {
                continue;
            }
            match templates.optional.get(at(i)) {
                Some(pieces) => fill(out, pieces, &shown, params),
                None => substitute(out, optional.template(locale), &shown, params),
            }
        }
    }
}

/// Whether `name` is one of [`OPTIONAL_PARAMS`].
fn is_optional(name: &str) -> bool {
    OPTIONAL_PARAMS.iter().any(|p| p.name == name)
}

/// Every template cut into its pieces once, so rendering a message copies pieces rather
/// than scanning the template for `{name}`: the codes' templates in catalogue order and
/// then the optional clauses, each in the order of [`Locale::ALL`].
struct Templates {
    codes: Vec<Vec<Piece>>,
    optional: Vec<Vec<Piece>>,
}

static TEMPLATES: LazyLock<Templates> = LazyLock::new(|| Templates {
    codes: Code::ALL
        .iter()
        .flat_map(|c| Locale::ALL.map(|l| pieces(c.template(l))))
        .collect(),
    optional: OPTIONAL_PARAMS
        .iter()
        .flat_map(|p| Locale::ALL.map(|l| pieces(p.template(l))))
        .collect(),
});

/// Appends the pieces of a template with the path and the params in place; a param the
/// issue lacks is `?`.
fn fill<V: AsRef<str>>(out: &mut String, pieces: &[Piece], path: &dyn Fn(&mut String), params: &[(&'static str, V)]) {
    for piece in pieces {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Path => path(out),
            Piece::Param(name) => match params.iter().find(|(k, _)| k == name) {
                Some((_, v)) => out.push_str(v.as_ref()),
                None => out.push('?'),
            },
        }
    }
}

/// [`fill`] reading the template as it goes: for a template the table does not hold.
fn substitute<V: AsRef<str>>(
    out: &mut String,
    text: &'static str,
    path: &dyn Fn(&mut String),
    params: &[(&'static str, V)],
) {
    fill(out, &pieces(text), path, params);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_counts_in_the_singular_and_names_the_first_errors() {
        use crate::{Kind, ValidateOptions, validate};
        let one = validate(
            Kind::SubscriptionCancel,
            br#"{"merchantId": 1}"#,
            &ValidateOptions::default(),
        );
        assert_eq!(
            one.invalid_message(Locale::En),
            "the request is invalid: 1 error (ERR_MISSING_FIELD at subscriptionDetails)"
        );
        for (locale, text) in [
            (
                Locale::Es,
                "la solicitud no es válida: 1 error (ERR_MISSING_FIELD en subscriptionDetails)",
            ),
            (
                Locale::Pt,
                "a requisição é inválida: 1 erro (ERR_MISSING_FIELD em subscriptionDetails)",
            ),
        ] {
            assert_eq!(one.invalid_message(locale), text);
        }
        let many = validate(Kind::VirtualAccount, b"{}", &ValidateOptions::default());
        assert_eq!(
            many.invalid_message(Locale::En),
            "the request is invalid: 2 errors (ERR_MISSING_FIELD at owner, ERR_MISSING_FIELD at account)"
        );
        let body = validate(Kind::Payin, b"[]", &ValidateOptions::default());
        assert_eq!(
            body.invalid_message(Locale::Es),
            "la solicitud no es válida: 1 error (ERR_INVALID_TYPE en el cuerpo)"
        );
        let payin = validate(Kind::Payin, b"{}", &ValidateOptions::default());
        let n = payin.errors.len();
        assert!(n > 3);
        let message = payin.invalid_message(Locale::Pt);
        assert!(
            message.starts_with(&format!(
                "a requisição é inválida: {n} erros (ERR_MISSING_FIELD em payinMerchantID, "
            )),
            "{message}"
        );
        assert!(message.ends_with(&format!(" e mais {})", n - 3)), "{message}");
        for locale in Locale::ALL {
            for report in [&one, &many, &payin] {
                let text = report.invalid_message(locale);
                assert!(
                    !text.contains(" 1 errors") && !text.contains(" 1 errores") && !text.contains(" 1 erros"),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn renders_params_and_condition() {
        let params = vec![("when", "owner.type=PERSON".to_string())];
        assert_eq!(
            render(Code::MissingField, "owner.firstName", &params, Locale::En),
            "owner.firstName is required (when owner.type=PERSON)"
        );
        assert_eq!(
            render(Code::MissingField, "owner.firstName", &params, Locale::Es),
            "owner.firstName es obligatorio (cuando owner.type=PERSON)"
        );
        assert_eq!(
            render(Code::MissingField, "owner.firstName", &params, Locale::Pt),
            "owner.firstName é obrigatório (quando owner.type=PERSON)"
        );
        assert_eq!(
            render::<_, &str>(Code::EmptyField, "", &[], Locale::Pt),
            "o corpo não pode estar vazio"
        );
        assert_eq!(
            render::<_, &str>(Code::EmptyField, "", &[], Locale::En),
            "the body must not be empty"
        );
    }

    #[test]
    fn templates_cut_into_pieces_render_as_written() {
        assert_eq!(
            pieces("{path} is {x}; {y"),
            vec![Piece::Path, Piece::Text(" is "), Piece::Param("x"), Piece::Text("; {y")]
        );
        assert_eq!(pieces("plain"), vec![Piece::Text("plain")]);
        for &code in Code::ALL {
            for locale in Locale::ALL {
                let params: Vec<(&'static str, String)> =
                    code.params().into_iter().map(|p| (p, format!("<{p}>"))).collect();
                let text = render(code, "a.b", &params, locale);
                let mut expected = code.template(locale).replace("{path}", "a.b");
                for (k, v) in &params {
                    expected = expected.replace(&format!("{{{k}}}"), v);
                }
                assert_eq!(text, expected);
            }
        }
    }

    #[test]
    fn summary_counts_in_each_locale() {
        assert_eq!(summary(true, 0, 0, Locale::En), "valid");
        assert_eq!(summary(true, 0, 1, Locale::En), "valid (1 warning)");
        assert_eq!(summary(false, 2, 1, Locale::En), "invalid: 2 errors, 1 warning");
        assert_eq!(summary(false, 4, 0, Locale::En), "invalid: 4 errors");
        assert_eq!(summary(true, 0, 0, Locale::Es), "válido");
        assert_eq!(summary(true, 0, 2, Locale::Es), "válido (2 advertencias)");
        assert_eq!(summary(false, 1, 1, Locale::Es), "inválido: 1 error, 1 advertencia");
        assert_eq!(summary(false, 4, 0, Locale::Es), "inválido: 4 errores");
        assert_eq!(summary(true, 0, 0, Locale::Pt), "válido");
        assert_eq!(summary(true, 0, 1, Locale::Pt), "válido (1 aviso)");
        assert_eq!(summary(true, 0, 2, Locale::Pt), "válido (2 avisos)");
        assert_eq!(summary(false, 1, 1, Locale::Pt), "inválido: 1 erro, 1 aviso");
        assert_eq!(summary(false, 4, 3, Locale::Pt), "inválido: 4 erros, 3 avisos");
        assert_eq!(summary(false, 4, 0, Locale::Pt), "inválido: 4 erros");
    }

    #[test]
    fn dni_with_its_check_character_names_the_form_sent() {
        let params = vec![
            ("document_type", "DNI".to_string()),
            ("format", "[0-9]+".to_string()),
            ("sent_form", "[0-9] (8)".to_string()),
        ];
        assert_eq!(
            render(
                Code::InvalidDocumentNumber,
                "owner.document.number",
                &params,
                Locale::En
            ),
            "owner.document.number must match [0-9]+ for document type DNI; the provider takes [0-9] (8), \
             without the check character"
        );
        let params = vec![
            ("document_type", "DNI".to_string()),
            ("problem", "check_character".to_string()),
            ("sent_form", "[0-9] (8)".to_string()),
        ];
        assert_eq!(
            render(Code::DocumentFormat, "payinCustomerDocument", &params, Locale::Es),
            "payinCustomerDocument no tiene la forma de un DNI válido (check_character); el proveedor recibe \
             [0-9] (8), sin el carácter verificador"
        );
    }
}
