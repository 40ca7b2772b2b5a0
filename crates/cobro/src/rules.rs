//! Field primitives shared by every request kind: presence, type, length, enum,
//! digits, e-mail, https URL, integers and amounts. Each records its own issue, so
//! every kind words the same rule the same way.
//!
//! Patterns are checked by hand-written code, which costs less per check than a regex
//! engine on these short fields; the spec's regular expressions are kept as a test
//! oracle in `tests/patterns.rs`.

use std::borrow::Cow;

use crate::amount::{Amount, AmountError, MAX_INTEGER_DIGITS};
use crate::code::Code;
use crate::field;
use crate::json::Value;
use crate::report::{Ctx, MAX_UNKNOWN_FIELDS_LISTED, Path, StaticParams};
pub(crate) use crate::text::{
    Choices, char_count, choices, is_blank, is_digits, join, join_alternatives, joined, list, number, push_case_hint,
};

/// The members of a JSON object.
pub(crate) type Members<'v> = [(Cow<'v, str>, Value<'v>)];

/// Whether a field must be there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    /// Always required.
    Required,
    /// Required because of a condition, named in the issue's `when` param.
    RequiredWhen(&'static str),
    /// May be absent or null.
    Optional,
}

/// One well-formed address: `local@domain` with a dot inside the domain, no spaces,
/// exactly one `@` (DESIGN.md 9 row 15).
pub(crate) fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let bad = |c: char| c.is_whitespace() || c.is_control() || c == '@' || c == ',' || c == ';';
    !local.is_empty()
        && !domain.is_empty()
        && !local.chars().any(bad)
        && !domain.chars().any(bad)
        && domain
            .split('.')
            .all(|label| !label.is_empty() && !label.starts_with('-') && !label.ends_with('-'))
        && domain.contains('.')
}

/// An absolute https URL with a host (scheme case-insensitive, DESIGN.md 9 row 22).
/// Returns the path (`/` when none), or None.
pub(crate) fn https_path(s: &str) -> Option<&str> {
    let scheme = s.get(..8)?;
    if !scheme.eq_ignore_ascii_case("https://") {
        return None;
    }
    let rest = s.get(8..)?;
    // Printable ASCII holds no whitespace or control character: the byte check settles
    // the common case, the `char` check the rest.
    let printable_ascii = rest.bytes().all(|b| (0x21..0x7f).contains(&b));
    if !printable_ascii && rest.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return None;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = rest.get(..end)?;
    let host = authority.rsplit('@').next().unwrap_or(authority);
    let host = match host.rsplit_once(':') {
        Some((h, port)) if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) => h,
        Some((_, _)) => return None,
        None => host,
    };
    if host.is_empty() || host.starts_with('.') || host.starts_with('-') {
        return None;
    }
    let tail = rest.get(end..)?;
    let path_end = tail.find(['?', '#']).unwrap_or(tail.len());
    let path = tail.get(..path_end)?;
    Some(if path.is_empty() { "/" } else { path })
}

/// The field value as a string, recording a missing field or a wrong type.
/// `null` counts as absent.
pub(crate) fn string<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, need: Need) -> Option<&'v str> {
    match value {
        Some(Value::String(s)) => Some(s),
        None | Some(Value::Null) => {
            missing(ctx, path, need);
            None
        }
        Some(other) => {
            wrong_type(ctx, path, "string", other);
            None
        }
    }
}

/// The field value as object members, recording a missing field or a wrong type.
pub(crate) fn object<'v>(
    ctx: &mut Ctx,
    path: &Path<'_>,
    value: Option<&'v Value<'v>>,
    need: Need,
) -> Option<&'v Members<'v>> {
    match value {
        Some(Value::Object(m)) => Some(m),
        None | Some(Value::Null) => {
            missing(ctx, path, need);
            None
        }
        Some(other) => {
            wrong_type(ctx, path, "object", other);
            None
        }
    }
}

/// Records ERR_MISSING_FIELD unless the field is optional.
pub(crate) fn missing(ctx: &mut Ctx, path: &Path<'_>, need: Need) {
    match need {
        Need::Required => ctx.report(path, Code::MissingField, &[]),
        Need::RequiredWhen(when) => ctx.report(path, Code::MissingField, &[("when", when)]),
        Need::Optional => {}
    }
}

/// Records ERR_INVALID_TYPE.
pub(crate) fn wrong_type(ctx: &mut Ctx, path: &Path<'_>, expected: &'static str, found: &Value<'_>) {
    ctx.report(
        path,
        Code::InvalidType,
        &[("expected", expected), ("found", found.type_name())],
    );
}

/// Records ERR_EMPTY_FIELD when `s` is blank; returns whether it is not.
pub(crate) fn non_blank(ctx: &mut Ctx, path: &Path<'_>, s: &str) -> bool {
    ctx.check(path, field::non_blank(s)).is_some()
}

/// Records ERR_INVALID_LENGTH unless `min <= chars(s) <= max`.
pub(crate) fn length(ctx: &mut Ctx, path: &Path<'_>, s: &str, min: usize, max: usize) -> bool {
    ctx.check(path, field::length(s, min, max)).is_some()
}

/// Records ERR_INVALID_FIELD unless `s` is one of `allowed` (case-sensitive; a value
/// that differs only in case is named in the message, DESIGN.md 9 row 22).
pub(crate) fn one_of(ctx: &mut Ctx, path: &Path<'_>, s: &str, allowed: &Choices, when: Option<&'static str>) -> bool {
    match field::one_of(s, allowed) {
        Ok(()) => true,
        Err(e) => {
            let e = match when {
                Some(w) => e.when(w),
                None => e,
            };
            ctx.report_field(path, e);
            false
        }
    }
}

/// Records ERR_DUPLICATE_FIELD for every member whose key appeared earlier in the same
/// object. Sorting keeps this O(n log n) on hostile bodies with many keys.
pub(crate) fn repeated_keys(members: &Members<'_>) -> Vec<usize> {
    let mut order: Vec<usize> = (0..members.len()).collect();
    order.sort_by(|&a, &b| key_at(members, a).cmp(key_at(members, b)).then(a.cmp(&b)));
    let mut out: Vec<usize> = order
        .windows(2)
        .filter_map(|w| match w {
            [a, b] if key_at(members, *a) == key_at(members, *b) => Some(*b),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out
}

fn key_at<'m>(members: &'m Members<'_>, i: usize) -> &'m str {
    members.get(i).map(|(k, _)| k.as_ref()).unwrap_or_default()
}

/// The fields an object may hold: the slot of each name, and the name of each slot.
pub(crate) trait Shape {
    /// The slot of the field named `key` (names are case-sensitive).
    fn slot(&self, key: &str) -> Option<usize>;
    /// The name of the field in `slot`.
    fn name(&self, slot: usize) -> Option<&'static str>;
}

/// A list of names: each name's slot is its place in the list.
impl<const M: usize> Shape for [&'static str; M] {
    fn slot(&self, key: &str) -> Option<usize> {
        self.iter().position(|name| *name == key)
    }

    fn name(&self, slot: usize) -> Option<&'static str> {
        self.get(slot).copied()
    }
}

/// A list of names, as [`Shape`] for arrays.
impl Shape for [&'static str] {
    fn slot(&self, key: &str) -> Option<usize> {
        self.iter().position(|name| *name == key)
    }

    fn name(&self, slot: usize) -> Option<&'static str> {
        self.get(slot).copied()
    }
}

/// Dispatches the members of an object into `N` named slots by `shape`. Repeated keys
/// are ERR_DUPLICATE_FIELD (DESIGN.md 9 row 26), other keys WARN_UNKNOWN_FIELD (the
/// first [`MAX_UNKNOWN_FIELDS_LISTED`] listed, the rest counted); see [`unknown_keys`]
/// for a key that differs from a field's name only in letter case.
pub(crate) fn fields<'v, const N: usize, S: Shape + ?Sized>(
    ctx: &mut Ctx,
    path: &Path<'_>,
    members: &'v Members<'v>,
    shape: &S,
) -> [Option<&'v Value<'v>>; N] {
    let mut slots: [Option<&'v Value<'v>>; N] = [None; N];
    let mut unknown = 0usize;
    let mut repeated = false;
    for (key, value) in members {
        match shape.slot(key).and_then(|i| slots.get_mut(i)) {
            Some(place @ None) => *place = Some(value),
            Some(Some(_)) => repeated = true,
            None => unknown += 1,
        }
    }
    if unknown > 0 {
        unknown_keys(ctx, path, members, shape, &slots);
    }
    if repeated || unknown > 1 {
        for i in repeated_keys(members) {
            ctx.report(&path.body_key(key_at(members, i)), Code::DuplicateField, &[]);
        }
    }
    slots
}

/// WARN_UNKNOWN_FIELD for each key `shape` does not name, in body order (DESIGN.md 9
/// row 22 for letter case). A key that differs only in case from the name of a field
/// absent from the object (`PayinMerchantID`, a .NET serializer's default) is recorded
/// by [`Ctx::case_variant`]: listed whatever the cap, naming the field, and folded into
/// that field's ERR_MISSING_FIELD if one follows. A key that differs only in case from
/// a field that is present also names it. Only the first such key of each field is a
/// variant; a second is an ordinary unknown key.
#[cold]
fn unknown_keys<const N: usize, S: Shape + ?Sized>(
    ctx: &mut Ctx,
    path: &Path<'_>,
    members: &Members<'_>,
    shape: &S,
    slots: &[Option<&Value<'_>>; N],
) {
    let mut claimed = [false; N];
    let mut listed = 0usize;
    for (key, _) in members {
        if shape.slot(key).is_some() {
            continue;
        }
        let at = path.body_key(key);
        let resembles = (0..N).find_map(|i| {
            let name = shape.name(i)?;
            (name.len() == key.len() && name.eq_ignore_ascii_case(key)).then_some((i, name))
        });
        if let Some((i, name)) = resembles
            && matches!(slots.get(i), Some(None))
            && let Some(claim @ false) = claimed.get_mut(i)
        {
            *claim = true;
            ctx.case_variant(&path.key(name), name, &at, key);
            continue;
        }
        listed += 1;
        let named = resembles.map(|(_, name)| [("field_case_of", name)]);
        let params: StaticParams<'_> = named.as_ref().map_or(&[], |p| p.as_slice());
        if listed > MAX_UNKNOWN_FIELDS_LISTED {
            ctx.counting_only(|ctx| ctx.report(&at, Code::UnknownField, params));
        } else {
            ctx.report(&at, Code::UnknownField, params);
        }
    }
}

/// A whole number given as a JSON number or as a string of one, with no issue either
/// way (DESIGN.md 9 row 9: the provider's own samples send strings); judged on its
/// text, never through a float (row 27).
pub(crate) fn integer(
    ctx: &mut Ctx,
    path: &Path<'_>,
    value: Option<&Value<'_>>,
    need: Need,
    min: u64,
    max: u64,
) -> Option<u64> {
    let (text, found): (&str, &'static str) = match value {
        Some(Value::Number(n)) => (n, "number"),
        Some(Value::String(s)) => (s, "string"),
        None | Some(Value::Null) => {
            missing(ctx, path, need);
            return None;
        }
        Some(other) => {
            wrong_type(ctx, path, "integer", other);
            return None;
        }
    };
    ctx.check(path, field::integer(text, found, min, max))
}

/// A merchant id field (spec 2.3 merchantId, 2.4 payinMerchantID; range
/// `field::MERCHANT_ID`, shared with signing, DESIGN.md 9 row 32); returns the value
/// when valid.
pub(crate) fn merchant_id(ctx: &mut Ctx, path: &Path<'_>, value: Option<&Value<'_>>) -> Option<u64> {
    let (min, max) = field::MERCHANT_ID;
    integer(ctx, path, value, Need::Required, min, max)
}

/// A JSON whole number: an optional minus sign and ASCII digits (no fraction, no
/// exponent).
pub(crate) fn is_whole_number(text: &str) -> bool {
    is_digits(text.strip_prefix('-').unwrap_or(text))
}

/// DESIGN.md 9 row 28: a free-text field (the spec says string) that arrives as a JSON
/// whole number is accepted with WARN_NUMBER_FOR_STRING, and the number's JSON text is
/// its value: what is hashed, and what `prepare_payin` writes as a string. Any other
/// number (a fraction, an exponent) stays ERR_INVALID_TYPE: its text is not what the
/// merchant's program held. Returns the text of a string or of such a number.
pub(crate) fn free_text<'v>(ctx: &mut Ctx, path: &Path<'_>, value: &'v Value<'v>) -> Option<&'v str> {
    match value {
        Value::String(s) => Some(s),
        Value::Number(n) if is_whole_number(n) => {
            ctx.report(path, Code::NumberForString, &[]);
            Some(n)
        }
        other => {
            wrong_type(ctx, path, "string", other);
            None
        }
    }
}

/// An amount given as a JSON number or, where `strings_allowed`, a string of one, with no
/// issue either way (DESIGN.md 9 row 9); judged on its text (rows 10 and 27). `max_integer_digits` narrows the general
/// limit (the subscription amount allows five, spec 2.3).
pub(crate) fn amount(
    ctx: &mut Ctx,
    path: &Path<'_>,
    value: Option<&Value<'_>>,
    need: Need,
    strings_allowed: bool,
    max_integer_digits: usize,
) -> Option<Amount> {
    let text: &str = match value {
        Some(Value::Number(n)) => n,
        Some(Value::String(s)) if strings_allowed => {
            if is_blank(s) {
                ctx.report(path, Code::EmptyField, &[]);
                return None;
            }
            s
        }
        None | Some(Value::Null) => {
            missing(ctx, path, need);
            return None;
        }
        Some(other) => {
            wrong_type(ctx, path, "number", other);
            return None;
        }
    };
    let limit = max_integer_digits.min(MAX_INTEGER_DIGITS);
    let bad = |ctx: &mut Ctx, reason: AmountError| {
        ctx.report_with(
            path,
            Code::InvalidAmount,
            [
                ("reason", Cow::Borrowed(reason.as_str())),
                ("max_integer_digits", number(limit)),
            ],
        );
    };
    match Amount::parse(text) {
        Ok(a) if a.integer_digits() > limit => {
            bad(ctx, AmountError::TooLarge);
            None
        }
        Ok(a) => Some(a),
        Err(e) => {
            bad(ctx, e);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        for ok in ["a@b.co", "first.last+tag@sub.example.pe", "ñandú@correo.pe"] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in [
            "",
            "a",
            "a@b",
            "@b.co",
            "a@.co",
            "a@b.",
            "a b@c.co",
            "a@b@c.co",
            "a@b..co",
            "a@b.co,c@d.co",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }

    #[test]
    fn https_urls() {
        assert_eq!(
            https_path("https://cert.example.com/api-payin/v1/online-payments"),
            Some("/api-payin/v1/online-payments")
        );
        assert_eq!(https_path("HTTPS://shop.example.pe"), Some("/"));
        assert_eq!(https_path("https://shop.example.pe:8443/ok?x=1#f"), Some("/ok"));
        for bad in [
            "http://shop.example.pe",
            "https://",
            "https:///x",
            "ftp://a.b",
            "https://a b.c",
            "https://a:b/",
            "shop.example.pe",
        ] {
            assert_eq!(https_path(bad), None, "{bad}");
        }
    }

    #[test]
    fn blank_and_length() {
        assert!(is_blank("  \t"));
        assert!(!is_blank(" a "));
        assert_eq!(char_count("ñandú"), 5);
    }
}
