//! Text as `cobro listen` and the mock print it: a line a body's text reaches cannot
//! be broken, hidden or reordered on a terminal. Control characters (general category
//! Cc: a line break, a terminal's escape sequence), format characters (Cf: the
//! bidirectional marks, embeddings, overrides and isolates, a zero-width joiner, a soft
//! hyphen, a byte-order mark) and the line and paragraph separators (U+2028, U+2029)
//! are written as Rust escapes (`\n`, `\u{202e}`); every other character is kept.

use std::borrow::Cow;

use unicode_general_category::{GeneralCategory, get_general_category};

/// Whether `c` is escaped where a line is printed: a control or format character, or
/// a line or paragraph separator.
pub fn is_escaped(c: char) -> bool {
    c.is_control()
        || matches!(
            get_general_category(c),
            GeneralCategory::Format | GeneralCategory::LineSeparator | GeneralCategory::ParagraphSeparator
        )
}

/// `text` with each character [`is_escaped`] says written as its escape; the text
/// itself when it has none.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_escaped(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The most characters of a body's text a line shows.
pub(crate) const SHOWN_CHARS: usize = 64;

/// `text` from a body as a line shows it: at most [`SHOWN_CHARS`] of its characters,
/// then `…`, each [`is_escaped`] one escaped.
pub(crate) fn shown(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == SHOWN_CHARS {
            out.push('…');
            break;
        }
        if is_escaped(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_format_and_bidirectional_characters_are_escaped() {
        assert_eq!(printable("ORDER-1 é ñ 漢"), "ORDER-1 é ñ 漢");
        assert!(matches!(printable("plain"), Cow::Borrowed(_)));
        assert_eq!(
            printable("X\n#2\r\t\u{1b}[2K\u{7f}\u{85}"),
            "X\\n#2\\r\\t\\u{1b}[2K\\u{7f}\\u{85}"
        );
        for c in [
            '\u{ad}',
            '\u{600}',
            '\u{61c}',
            '\u{6dd}',
            '\u{70f}',
            '\u{180e}',
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202b}',
            '\u{202c}',
            '\u{202d}',
            '\u{202e}',
            '\u{2060}',
            '\u{2064}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{206f}',
            '\u{feff}',
            '\u{fff9}',
            '\u{fffb}',
            '\u{110bd}',
            '\u{1d173}',
            '\u{e0001}',
            '\u{e0020}',
            '\u{e007f}',
            '\u{2028}',
            '\u{2029}',
        ] {
            assert!(is_escaped(c), "{:x}", u32::from(c));
            let shown = printable(&format!("a{c}b")).into_owned();
            assert_eq!(shown, format!("a\\u{{{:x}}}b", u32::from(c)));
        }
        // Their neighbours are ordinary text.
        for c in [
            '\u{ac}', '\u{ae}', '\u{2010}', '\u{2027}', '\u{202f}', '\u{2070}', '\u{fefc}', ' ',
        ] {
            assert!(!is_escaped(c), "{:x}", u32::from(c));
        }
    }

    #[test]
    fn a_bodys_text_cannot_break_or_hide_a_line() {
        assert_eq!(shown("ORDER-1"), "ORDER-1");
        assert_eq!(shown("X\n#2 payin\u{1b}[2K"), "X\\n#2 payin\\u{1b}[2K");
        assert_eq!(shown("ORDER\u{202e}1-"), "ORDER\\u{202e}1-");
        let long = shown(&"é".repeat(1_000));
        assert_eq!(long.chars().count(), SHOWN_CHARS + 1);
    }
}
