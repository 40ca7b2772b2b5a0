//! The regular expressions of the schemas, each built from the constants the
//! hand-written check it mirrors uses (the checks themselves run no regex engine, see
//! `rules.rs`). Tests run every pattern against its check.
//!
//! JSON Schema patterns are ECMA-262 and most validators run them through their
//! language's own engine, so these keep to what ECMA-262, Python's `re` and Rust's
//! `regex` read alike: explicit character classes (`\d`, `\s` and `\w` differ between
//! engines once text leaves ASCII), `\uXXXX` escapes, no flags. An anchored pattern ends
//! with `(?![\s\S])` rather than `$`, since Python's `$` also matches before a final
//! newline.

use crate::text::WHITE_SPACE;

/// The end of the text, in every engine (see the module doc).
pub(crate) const END: &str = r"(?![\s\S])";

/// `body` matched against the whole text.
pub(crate) fn anchored(body: &str) -> String {
    format!("^(?:{body}){END}")
}

/// The ranges as the inside of a character class, each code point as `\uXXXX`.
fn class_ranges(ranges: &[(char, char)]) -> String {
    let mut out = String::new();
    for &(a, b) in ranges {
        out.push_str(&format!("\\u{:04x}", u32::from(a)));
        if b != a {
            out.push_str(&format!("-\\u{:04x}", u32::from(b)));
        }
    }
    out
}

/// Unicode's White_Space characters, what `char::is_whitespace` and so blank text
/// (DESIGN.md 9 row 6) mean, as the inside of a character class.
fn white_space() -> String {
    class_ranges(WHITE_SPACE)
}

/// Control characters (general category Cc), what `char::is_control` means.
const CONTROLS: &[(char, char)] = &[('\u{0}', '\u{1f}'), ('\u{7f}', '\u{9f}')];

/// DESIGN.md 9 row 6: a text that is not blank holds a character that is not white
/// space (unanchored: it is found anywhere).
pub(crate) fn non_blank() -> String {
    format!("[^{}]", white_space())
}

/// ASCII digits, one or more (`text::is_digits`), exactly `count` when given.
pub(crate) fn digits(count: Option<usize>) -> String {
    match count {
        Some(n) => anchored(&format!("[0-9]{{{n}}}")),
        None => anchored("[0-9]+"),
    }
}

/// DESIGN.md 9 row 15 (`rules::is_email`): `local@domain`, neither holding white space,
/// a control character, `@`, `,` or `;`; the domain is two or more dot-separated labels,
/// none empty and none starting or ending with `-`.
pub(crate) fn email() -> String {
    let not = format!("@,;{}{}", white_space(), class_ranges(CONTROLS));
    let label = format!("[^{not}.\\-](?:[^{not}.]*[^{not}.\\-])?");
    anchored(&format!("[^{not}]+@{label}(?:\\.{label})+"))
}

/// `rules::https_path`: `https://` in any case, then no white space or control
/// character; the authority ends at the first `/`, `?` or `#`; its host (after the last
/// `@`) is not empty, does not start with `.` or `-`, and a `:` in it is followed by the
/// digits of a port up to the authority's end.
pub(crate) fn https_url() -> String {
    let not = format!("{}{}", white_space(), class_ranges(CONTROLS));
    anchored(&format!(
        "[Hh][Tt][Tt][Pp][Ss]://(?:[^{not}/?#]*@)?(?:[^{not}/?#@:.\\-][^{not}/?#@:]*|[^{not}/?#@.\\-][^{not}/?#@]*:[0-9]+)(?:[/?#][^{not}]*)?"
    ))
}

/// `field::integer` on a string: the digit strings (leading zeros allowed) of the whole
/// numbers `min..=max`, for `min` 0 or 1 (`-0` is 0).
pub(crate) fn integer_text(min: u64, max: u64) -> String {
    let top = max.to_string();
    let len = top.len();
    let mut alternatives: Vec<String> = Vec::new();
    if len >= 2 {
        alternatives.push(format!("[1-9]{}", repeat_digits(0, len - 2)));
    }
    for (i, d) in top.bytes().enumerate() {
        let low = if i == 0 { b'1' } else { b'0' };
        if d > low {
            let prefix = top.get(..i).unwrap_or_default();
            let class = if d - 1 == low {
                char::from(low).to_string()
            } else {
                format!("[{}-{}]", char::from(low), char::from(d - 1))
            };
            let rest = len - 1 - i;
            let tail = if rest == 0 {
                String::new()
            } else {
                format!("[0-9]{{{rest}}}")
            };
            alternatives.push(format!("{prefix}{class}{tail}"));
        }
    }
    alternatives.push(top);
    let positive = format!("0*(?:{})", alternatives.join("|"));
    if min == 0 {
        anchored(&format!("{positive}|-?0+"))
    } else {
        anchored(&positive)
    }
}

/// `[0-9]{min,max}`, or nothing when `max` is 0.
fn repeat_digits(min: usize, max: usize) -> String {
    match max {
        0 => String::new(),
        _ if min == max => format!("[0-9]{{{max}}}"),
        _ => format!("[0-9]{{{min},{max}}}"),
    }
}

/// `Amount::parse` on a string (DESIGN.md 9 row 10): ASCII digits (leading zeros
/// allowed) with at most `max_integer_digits` significant ones, then optionally `.` and
/// one or two digits; greater than zero.
pub(crate) fn amount_text(max_integer_digits: usize) -> String {
    anchored(&format!(
        "0*[1-9]{}(?:\\.[0-9]{{1,2}})?|0+\\.(?:0[1-9]|[1-9][0-9]?)",
        repeat_digits(0, max_integer_digits.saturating_sub(1))
    ))
}

/// Two digits `00..=max` for `max` 23, 59 or 60.
fn two_digits(max: u8) -> &'static str {
    match max {
        23 => "(?:[01][0-9]|2[0-3])",
        59 => "[0-5][0-9]",
        _ => "(?:[0-5][0-9]|60)",
    }
}

/// A month `01..=12` and a day `01..=31` (the day is not judged against the month).
const MONTH_DAY: &str = "(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])";

/// `virtual_account::response::is_iso_datetime` (spec 2.2, 7.1): `YYYY-MM-DDTHH:MM:SS`,
/// an optional fraction of 1-9 digits, then `Z` or an offset `+HH:MM`/`-HH:MM`.
pub(crate) fn iso_datetime() -> String {
    anchored(&format!(
        "[0-9]{{4}}-{MONTH_DAY}T{h}:{m}:{s}(?:\\.[0-9]{{1,9}})?(?:Z|[+-]{h}:{m})",
        h = two_digits(23),
        m = two_digits(59),
        s = two_digits(60),
    ))
}

/// `payin::voucher::VoucherExpiration::parse` (spec 2.8): `YYYY-MM-DD HH:MM:SS`.
pub(crate) fn voucher_expiration() -> String {
    anchored(&format!(
        "[0-9]{{4}}-{MONTH_DAY} {h}:{m}:{m}",
        h = two_digits(23),
        m = two_digits(59),
    ))
}

/// `CivilDate::parse`: `YYYY-MM-DD` (the day is not judged against the month).
pub(crate) fn civil_date() -> String {
    anchored(&format!("[0-9]{{4}}-{MONTH_DAY}"))
}

/// `reader::parse_int` on a string: ASCII digits, an optional leading `-`.
pub(crate) fn whole_text() -> String {
    anchored("-?[0-9]+")
}

/// A notification's amount (`payin::notification`, `virtual_account::notification`):
/// digits, optionally a dot and digits.
pub(crate) fn plain_decimal() -> String {
    anchored("[0-9]+(?:\\.[0-9]+)?")
}

/// The frame of `payin::qr::decode_png_data_uri` (spec 2.8): `data:image/png`, any
/// parameters, `;base64,`, then Base64 characters and ASCII white space, the fixed
/// words in any case.
pub(crate) fn png_data_uri() -> String {
    anchored(
        "[Dd][Aa][Tt][Aa]:[Ii][Mm][Aa][Gg][Ee]/[Pp][Nn][Gg](?:;[^,]*)?;[Bb][Aa][Ss][Ee]64,[A-Za-z0-9+/=\\t\\n\\f\\r ]*",
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests may unwrap
mod tests {
    use super::*;
    use crate::amount::Amount;
    use crate::{field, rules, text};
    use proptest::prelude::*;
    use regex::Regex;

    /// The pattern in Rust's `regex`, which has no look-around: [`END`] is its `$`.
    fn re(pattern: &str) -> Regex {
        Regex::new(&pattern.replace(END, "$")).unwrap()
    }

    #[test]
    fn white_space_is_chars_white_space() {
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let listed = WHITE_SPACE.iter().any(|&(a, b)| (a..=b).contains(&c));
            assert_eq!(listed, c.is_whitespace(), "{:04x}", u32::from(c));
            let control = CONTROLS.iter().any(|&(a, b)| (a..=b).contains(&c));
            assert_eq!(control, c.is_control(), "{:04x}", u32::from(c));
        }
        let non_blank = re(&non_blank());
        for s in ["", " ", "\u{3000}\t\n", "\u{85}"] {
            assert!(text::is_blank(s) && !non_blank.is_match(s), "{s:?}");
        }
        for s in ["a", " \u{0}", "\u{1c}", " x "] {
            assert!(!text::is_blank(s) && non_blank.is_match(s), "{s:?}");
        }
    }

    const SAMPLES: &[&str] = &[
        "",
        "a@b.co",
        "a@b",
        "a@b..co",
        "a@-b.co",
        "a@b-.co",
        "a@b.c-o",
        "ñandú@correo.pe",
        "a b@c.co",
        "a@b@c.co",
        "a,b@c.co",
        "a@b.co\n",
        "https://a",
        "HTTPS://shop.example.pe:8443/ok?x=1#f",
        "https://u@h@host.pe/x",
        "https://a:b/",
        "https://a:/",
        "https://[::1]:80/",
        "https://::80",
        "https://.a",
        "https://-a",
        "https://a b",
        "https://a/\u{85}",
        "https://@a",
        "https://a@",
        "https://a?x",
        "https://a#",
        "http://a",
        "https:///x",
        "https://a\n",
    ];

    #[test]
    fn email_and_url_agree_with_their_checks() {
        let (email, url) = (re(&email()), re(&https_url()));
        for s in SAMPLES {
            assert_eq!(email.is_match(s), rules::is_email(s), "email {s:?}");
            assert_eq!(url.is_match(s), rules::https_path(s).is_some(), "url {s:?}");
        }
    }

    #[test]
    fn integers_agree_with_field_integer() {
        for (min, max) in [
            (1, i64::MAX.unsigned_abs()),
            (0, i64::MAX.unsigned_abs()),
            (1, i32::MAX as u64),
            (1, 9),
            (1, 10),
            (0, 100),
        ] {
            let pattern = re(&integer_text(min, max));
            let mut texts: Vec<String> = ["", " ", "-", "-0", "0", "00", "-1", "1.5", "1e2", "+1", "01"]
                .iter()
                .map(|s| s.to_string())
                .collect();
            for v in [
                0,
                1,
                2,
                9,
                10,
                11,
                99,
                100,
                101,
                max.saturating_sub(1),
                max,
                max.saturating_add(1),
                u64::MAX,
            ] {
                texts.push(v.to_string());
                texts.push(format!("000{v}"));
            }
            texts.push("99999999999999999999999".to_string());
            for t in texts {
                let ok = field::integer(&t, "string", min, max).is_ok();
                assert_eq!(pattern.is_match(&t), ok, "{min}..={max} {t:?}");
            }
        }
    }

    #[test]
    fn amounts_agree_with_amount_parse() {
        let pattern = re(&amount_text(crate::amount::MAX_INTEGER_DIGITS));
        for t in [
            "",
            "0",
            "0.0",
            "0.00",
            "0.01",
            "0.1",
            "0.10",
            "00.50",
            ".5",
            "1.",
            "1",
            "1.5",
            "1.50",
            "1.505",
            "-1",
            "1e2",
            "1,5",
            " 1",
            "999999999999999.99",
            "1000000000000000",
            "0001000000000000",
            "١",
        ] {
            assert_eq!(pattern.is_match(t), Amount::parse(t).is_ok(), "{t:?}");
        }
    }

    proptest! {
        #[test]
        fn generated_texts_agree(s in "[a-zA-Z0-9@.,;: /?#_\\-\u{a0}\u{3000}ñ]{0,16}") {
            prop_assert_eq!(re(&email()).is_match(&s), rules::is_email(&s));
            let url = format!("https://{s}");
            prop_assert_eq!(re(&https_url()).is_match(&url), rules::https_path(&url).is_some());
        }

        #[test]
        fn generated_numbers_agree(s in "-?[0-9.]{0,22}") {
            let max = i64::MAX.unsigned_abs();
            prop_assert_eq!(re(&integer_text(1, max)).is_match(&s), field::integer(&s, "string", 1, max).is_ok());
            prop_assert_eq!(re(&amount_text(15)).is_match(&s), Amount::parse(&s).is_ok());
        }
    }

    #[test]
    fn answer_patterns_agree_with_their_readers() {
        let iso = re(&iso_datetime());
        for t in [
            "2025-11-10T15:14:22Z",
            "2025-11-10T15:14:22.123456789+05:30",
            "2025-11-10T15:14:22.1234567890Z",
            "2025-11-10T15:14:60-23:59",
            "2025-11-10T24:00:00Z",
            "2025-13-10T10:00:00Z",
            "2025-11-10 15:14:22Z",
            "2025-11-10T15:14:22",
            "2025-11-10T15:14:22+5:30",
            "2025-11-10T15:14:22.Z",
            "2025-11-10T15:14:22Z\n",
        ] {
            let by_reader = crate::virtual_account::response::is_iso_datetime(t);
            assert_eq!(iso.is_match(t), by_reader, "{t:?}");
        }
        let expiration = re(&voucher_expiration());
        for t in [
            "2030-01-31 23:59:59",
            "2030-01-31T23:59:59",
            "2030-1-31 23:59:59",
            "2030-01-31 24:00:00",
            "2030-01-31 23:60:00",
            "2030-00-10 10:00:00",
            "2030-01-31 23:59:59 ",
        ] {
            let by_reader = crate::payin::voucher::VoucherExpiration::parse(t).is_some();
            assert_eq!(expiration.is_match(t), by_reader, "{t:?}");
        }
        let uri = re(&png_data_uri());
        for (t, frame) in [
            ("data:image/png;base64,iVBORw0KGgo=", true),
            ("DATA:Image/PNG;charset=x;BASE64,iVBO\nRw0KGgo", true),
            ("data:image/jpeg;base64,iVBORw0KGgo=", false),
            ("data:image/png,iVBORw0KGgo=", false),
            ("data:image/png;base64,iVBO-Rw0KGgo", false),
        ] {
            assert_eq!(uri.is_match(t), frame, "{t:?}");
        }
    }
}
