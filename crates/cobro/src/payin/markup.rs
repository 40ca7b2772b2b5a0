//! Spec 2.8: instruction values are "localized text, may contain markup". A merchant
//! builds its own voucher page from them, so each value is offered three ways
//! ([`Markup`]): as received, as plain text, and as sanitized HTML.
//!
//! Decisions (the spec names no markup language or allowed tags):
//! - The plain text comes from `html2text` (no decorations, no wrapping): tags are
//!   dropped, entities decoded, `<br>` and the end of a block (`<p>`, `<div>`, `<li>`,
//!   headings, table cells...) become line breaks; no decoration is added (no bullets,
//!   list numbers, emphasis marks or link targets). The text of `<script>` and `<style>` is
//!   never shown. The text is then tidied: trailing spaces removed from every line,
//!   blank lines at the start and end removed, runs of blank lines folded into one.
//! - The HTML comes from `ammonia` with an allow-list of simple formatting tags
//!   ([`ALLOWED_TAGS`]); every attribute is removed except `href` on `<a>`, and only
//!   absolute `https` links survive (relative, `http`, `javascript:` and `data:` links
//!   lose their `href`); links get `rel="noopener noreferrer"`. Scripts, styles and
//!   comments are removed with their content; other tags are removed and their text kept.
//! - A value may hold at most [`MAX_TAGS`] `<` characters. HTML parsing costs time that
//!   grows with the square of the nesting depth (thousands of nested `<div>` take
//!   seconds), and a real instruction holds a few tags; a value past the bound is
//!   refused ([`TooManyTags`]; in an answer, ERR_INVALID_VALUE at the value's path)
//!   rather than rendered slowly.
//! - An answer may hold at most [`MAX_DISTINCT_VALUES`] distinct instruction values;
//!   each is rendered once and repeats share the result, so the work of any answer
//!   under the size limit is bounded. Past the bound the answer is refused
//!   (ERR_INVALID_VALUE at the first value past it): every value of a parsed answer is
//!   rendered, none left out. Likewise the distinct values of an answer may hold at
//!   most [`MAX_TAGS_PER_ANSWER`] `<` characters in all.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use serde::Serialize;

use crate::code::Code;
use crate::reader::ParseError;

/// The tags kept in [`Markup::html`]: simple formatting, paragraphs, lists and links.
pub const ALLOWED_TAGS: [&str; 14] = [
    "a", "b", "br", "div", "em", "i", "li", "ol", "p", "small", "span", "strong", "u", "ul",
];

/// The figures of the bounds below, as literals: each bound is written once and named
/// in its error's text (`concat!` needs a literal).
macro_rules! max_tags {
    () => {
        256
    };
}
macro_rules! max_distinct_values {
    () => {
        1000
    };
}
macro_rules! max_tags_per_answer {
    () => {
        4096
    };
}

/// The most `<` characters a value may hold (an upper bound of its tags and so of its
/// nesting depth; see the module documentation).
pub const MAX_TAGS: usize = max_tags!();

/// A value holds more than [`MAX_TAGS`] `<` characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyTags;

impl std::fmt::Display for TooManyTags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "markup with more than {MAX_TAGS} tags")
    }
}

impl std::error::Error for TooManyTags {}

/// One instruction value of a voucher (spec 2.8), in the three forms a merchant may
/// want. Build it with [`Markup::new`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Markup {
    /// The value exactly as received: may hold markup; never insert it into a page as
    /// HTML.
    pub raw: String,
    /// Plain text: tags dropped, entities decoded, line breaks for `<br>` and block ends.
    pub text: String,
    /// Sanitized HTML, safe to insert into a page (see the module documentation).
    pub html: String,
}

impl Markup {
    /// Renders `raw` as plain text and as sanitized HTML; refuses a value with more
    /// than [`MAX_TAGS`] `<` characters.
    pub fn new(raw: &str) -> Result<Markup, TooManyTags> {
        if tag_count(raw) > MAX_TAGS {
            return Err(TooManyTags);
        }
        Ok(Markup::rendered(raw))
    }

    fn rendered(raw: &str) -> Markup {
        Markup {
            raw: raw.to_string(),
            text: plain_text(raw),
            html: sanitized_html(raw),
        }
    }
}

/// The `<` characters of `raw`: an upper bound of its tags.
fn tag_count(raw: &str) -> usize {
    raw.bytes().filter(|&b| b == b'<').count()
}

/// The most distinct instruction values one answer may hold. Rendering a value costs a
/// few microseconds however short it is (two HTML parsers are set up for it), and a body
/// of the size limit can hold a quarter of a million one-character values; a real
/// voucher holds a few dozen, most repeated from bank to bank. Each distinct value is
/// rendered once per answer and repeats reuse it, so this bound bounds the work; an
/// answer with more distinct values is refused (ERR_INVALID_VALUE at the first value
/// past the bound) rather than parsed slowly or with values left unrendered.
pub const MAX_DISTINCT_VALUES: usize = max_distinct_values!();

/// The most `<` characters the distinct instruction values of one answer may hold in
/// all. [`MAX_TAGS`] bounds one value, but a body of the size limit holds hundreds of
/// values each nested [`MAX_TAGS`] deep, and their rendering costs the square of the
/// depth each (over half a second in all); a real voucher holds a few hundred tags.
pub const MAX_TAGS_PER_ANSWER: usize = max_tags_per_answer!();

/// Renders the instruction values of one answer: each distinct value once, at most
/// [`MAX_DISTINCT_VALUES`] of them holding at most [`MAX_TAGS_PER_ANSWER`] tags.
#[derive(Debug, Default)]
pub(crate) struct Renderer {
    done: HashMap<String, Markup>,
    tags: usize,
}

impl Renderer {
    /// The markup of the value at `path` of an answer, or ERR_INVALID_VALUE there (too
    /// many tags, or too many distinct values in the answer). The path is built only for
    /// an error: an answer may hold a quarter of a million values.
    pub(crate) fn read(&mut self, raw: &str, path: impl FnOnce() -> String) -> Result<Markup, ParseError> {
        if let Some(done) = self.done.get(raw) {
            return Ok(done.clone());
        }
        if self.done.len() >= MAX_DISTINCT_VALUES {
            return Err(ParseError::new(
                Code::InvalidValue,
                &path(),
                concat!(
                    "at most ",
                    max_distinct_values!(),
                    " distinct instruction values in one answer"
                ),
            ));
        }
        let tags = tag_count(raw);
        if tags > MAX_TAGS {
            return Err(ParseError::new(
                Code::InvalidValue,
                &path(),
                concat!("markup with at most ", max_tags!(), " tags"),
            ));
        }
        self.tags += tags;
        if self.tags > MAX_TAGS_PER_ANSWER {
            return Err(ParseError::new(
                Code::InvalidValue,
                &path(),
                concat!(
                    "at most ",
                    max_tags_per_answer!(),
                    " tags in the instruction values of one answer"
                ),
            ));
        }
        let markup = Markup::rendered(raw);
        self.done.insert(raw.to_string(), markup.clone());
        Ok(markup)
    }
}

static SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::empty();
    let href: HashSet<&'static str> = ["href"].into_iter().collect();
    builder
        .tags(ALLOWED_TAGS.into_iter().collect())
        .clean_content_tags(["script", "style"].into_iter().collect())
        .tag_attributes(HashMap::from([("a", href)]))
        .url_schemes(["https"].into_iter().collect())
        .url_relative(ammonia::UrlRelative::Deny)
        .link_rel(Some("noopener noreferrer"))
        .strip_comments(true);
    builder
});

/// `raw` sanitized by ammonia with the allow-list of [`ALLOWED_TAGS`].
fn sanitized_html(raw: &str) -> String {
    SANITIZER.clean(raw).to_string()
}

/// `raw` rendered as plain text by html2text, then tidied (see the module documentation).
fn plain_text(raw: &str) -> String {
    let rendered = html2text::config::with_decorator(html2text::render::TrivialDecorator::new())
        .raw_mode(true)
        .allow_width_overflow()
        .no_link_wrapping()
        .string_from_read(raw.as_bytes(), text_width(raw));
    match rendered {
        Ok(text) => tidy(&text),
        // Not reachable with an in-memory reader and width overflow allowed; should it
        // ever happen, show the text of the sanitized HTML with every tag removed
        // rather than the raw markup.
        Err(_) => tidy(&ammonia::Builder::empty().clean(raw).to_string()),
    }
}

/// Width handed to the text renderer: wider than any line of `raw` can be (a character
/// takes at most two columns), so nothing is wrapped; the renderer may also overflow it,
/// so it never fails for being too narrow.
fn text_width(raw: &str) -> usize {
    raw.len().saturating_mul(2).saturating_add(8)
}

/// Trailing spaces removed from each line; blank lines trimmed at both ends and folded.
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank_run = false;
    for line in text.lines().map(str::trim_end) {
        if line.is_empty() {
            blank_run = !out.is_empty();
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
            if blank_run {
                out.push('\n');
            }
        }
        blank_run = false;
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(raw: &str) -> String {
        plain_text(raw)
    }

    #[test]
    fn line_breaks_for_br_and_blocks() {
        assert_eq!(
            text("Ingresa a tu app<br>Elige <b>Pagar</b>"),
            "Ingresa a tu app\nElige Pagar"
        );
        assert_eq!(text("<p>Uno</p><p>Dos</p>"), "Uno\n\nDos");
        assert_eq!(text("<div>Uno</div><div>Dos</div>"), "Uno\nDos");
        assert_eq!(text("Paso 1<br/>Paso 2<br />Paso 3"), "Paso 1\nPaso 2\nPaso 3");
    }

    #[test]
    fn entities_decoded_and_whitespace_tidy() {
        assert_eq!(
            text("Pag&aacute; S/ 10 &amp; listo&nbsp;ya"),
            "Pagá S/ 10 & listo\u{a0}ya"
        );
        assert_eq!(text("  a   b  \n  c "), "a b c");
        assert_eq!(text("<br><br>x<br><br><br><br>y<br>"), "x\n\ny");
        assert_eq!(text(""), "");
    }

    #[test]
    fn plain_text_has_no_decorations() {
        assert_eq!(text("<strong>a</strong> <em>b</em> <u>c</u>"), "a b c");
        assert_eq!(text(r#"<a href="https://bank.example/pay">Banco</a>"#), "Banco");
        assert_eq!(text("<ul><li>uno</li><li>dos</li></ul>"), "uno\ndos");
        assert_eq!(text("<ol><li>uno</li><li>dos</li></ol>"), "uno\ndos");
        assert_eq!(
            text("<h2>Paso</h2>uno<table><tr><td>a</td><td>b</td></tr></table>"),
            "Paso\n\nuno\n\na\nb"
        );
    }

    #[test]
    fn hostile_markup_in_plain_text() {
        assert_eq!(text("a<script>alert(1)</script>b"), "ab");
        assert_eq!(text("<style>p{color:red}</style>ok"), "ok");
        assert_eq!(text(r#"<b onclick="steal()">x</b>"#), "x");
        assert_eq!(text("<b><i>nested</b> unclosed"), "nested unclosed");
        assert_eq!(text("1 &lt; 2 &#x41;"), "1 < 2 A");
    }

    #[test]
    fn sanitized_html_keeps_simple_formatting() {
        assert_eq!(
            sanitized_html("Elige <b>Pagar</b><br>y <em>listo</em>"),
            "Elige <b>Pagar</b><br>y <em>listo</em>"
        );
        assert_eq!(sanitized_html("<ul><li>uno</li></ul>"), "<ul><li>uno</li></ul>");
        assert_eq!(
            sanitized_html(r#"<a href="https://bank.example/pay" target="_blank">Banco</a>"#),
            r#"<a href="https://bank.example/pay" rel="noopener noreferrer">Banco</a>"#
        );
    }

    #[test]
    fn sanitized_html_removes_hostile_markup() {
        assert_eq!(sanitized_html("a<script>alert(1)</script>b"), "ab");
        assert_eq!(
            sanitized_html(r#"<b onclick="steal()" style="color:red">x</b>"#),
            "<b>x</b>"
        );
        assert_eq!(
            sanitized_html(r#"<a href="javascript:alert(1)">x</a>"#),
            r#"<a rel="noopener noreferrer">x</a>"#
        );
        assert_eq!(
            sanitized_html(r#"<a href="http://bank.example/">x</a>"#),
            r#"<a rel="noopener noreferrer">x</a>"#
        );
        assert_eq!(
            sanitized_html(r#"<a href="/relative">x</a>"#),
            r#"<a rel="noopener noreferrer">x</a>"#
        );
        assert_eq!(sanitized_html(r#"<img src=x onerror="alert(1)">ok"#), "ok");
        assert_eq!(sanitized_html("<iframe src=\"https://x.example\"></iframe>ok"), "ok");
        assert_eq!(
            sanitized_html("<b><i>nested</b> unclosed"),
            "<b><i>nested</i></b><i> unclosed</i>"
        );
        assert_eq!(sanitized_html("1 &lt; 2 & 3 <!-- c -->"), "1 &lt; 2 &amp; 3 ");
        assert_eq!(sanitized_html("<h1>Title</h1>"), "Title");
    }

    #[test]
    fn markup_serializes_three_forms() {
        let m = Markup::new("a<br>b").unwrap();
        let v = serde_json::to_value(&m).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"raw": "a<br>b", "text": "a\nb", "html": "a<br>b"})
        );
    }

    #[test]
    fn tag_bound() {
        assert!(Markup::new(&"<div>".repeat(MAX_TAGS)).is_ok());
        assert_eq!(Markup::new(&"<div>".repeat(MAX_TAGS + 1)), Err(TooManyTags));
        let e = Renderer::default()
            .read(&"<".repeat(MAX_TAGS + 1), || "v".into())
            .unwrap_err();
        assert_eq!(e.expected, format!("markup with at most {MAX_TAGS} tags"));
    }

    #[test]
    fn distinct_values_are_rendered_once_and_bounded() {
        let mut renderer = Renderer::default();
        for _ in 0..3 {
            for i in 0..MAX_DISTINCT_VALUES {
                assert_eq!(
                    renderer.read(&format!("<b>{i}</b>"), || "v".into()).unwrap().text,
                    i.to_string()
                );
            }
        }
        assert_eq!(renderer.done.len(), MAX_DISTINCT_VALUES);
        let e = renderer.read("one more", || "v".into()).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (Code::InvalidValue, "v"));
        assert_eq!(
            e.expected,
            format!("at most {MAX_DISTINCT_VALUES} distinct instruction values in one answer")
        );
        let mut renderer = Renderer::default();
        let deep = "<div>".repeat(MAX_TAGS);
        for i in 0..MAX_TAGS_PER_ANSWER / MAX_TAGS {
            assert!(renderer.read(&format!("{i}{deep}"), || "v".into()).is_ok());
        }
        let e = renderer.read("<b>x</b>", || "w".into()).unwrap_err();
        assert_eq!((e.code, e.path.as_str()), (Code::InvalidValue, "w"));
        assert_eq!(
            e.expected,
            format!("at most {MAX_TAGS_PER_ANSWER} tags in the instruction values of one answer")
        );
    }

    #[test]
    fn long_values_are_not_wrapped() {
        let long = "x".repeat(200_000);
        assert_eq!(text(&long).len(), 200_000);
        let words = "palabra ".repeat(30_000);
        assert_eq!(text(&words).lines().count(), 1);
    }
}
