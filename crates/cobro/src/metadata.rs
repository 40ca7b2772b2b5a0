//! Metadata rules shared by virtual accounts (an object, spec 2.1) and subscriptions
//! (an array of {key, value}, spec 2.3); limits of spec 8.
//!
//! DESIGN.md 9 row 5: keys are ASCII `[A-Za-z0-9_-]`, at most 20 characters; values are
//! at most 100 code points of Unicode letters and digits, U+0020, `- _ . : , / @` and
//! currency symbols (general category Sc). `{}`/`[]` (and null) pass with
//! WARN_EMPTY_METADATA; a repeated subscription key is WARN_DUPLICATE_METADATA_KEY.

use unicode_general_category::{GeneralCategory, get_general_category};

use crate::code::Code;
use crate::json::Value;
use crate::report::{Ctx, Path};
use crate::rules::{self, Need};

/// Most metadata entries (spec 8).
pub(crate) const MAX_ENTRIES: usize = 5;
/// Longest key (spec 8).
pub(crate) const MAX_KEY: usize = 20;
/// Longest value (spec 8).
pub(crate) const MAX_VALUE: usize = 100;

/// The characters of a key, as the inside of a character class (the schemas' pattern;
/// a test proves it is [`is_valid_key`]'s).
pub(crate) const KEY_CLASS: &str = "A-Za-z0-9_-";
/// The ASCII characters of a value, as the inside of a character class (the schemas'
/// pattern; a test proves it is [`is_valid_value`]'s).
pub(crate) const VALUE_ASCII_CLASS: &str = "A-Za-z0-9 _.:,/@$-";

/// Whether `key` is a valid metadata key.
pub(crate) fn is_valid_key(key: &str) -> bool {
    !key.is_empty() && key.len() <= MAX_KEY && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Whether `value` is a valid metadata value. The spec does not say whether a value may
/// be empty; an empty text breaks no stated rule, so it passes.
pub(crate) fn is_valid_value(value: &str) -> bool {
    rules::char_count(value) <= MAX_VALUE && value.chars().all(allowed_value_char)
}

fn allowed_value_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.' | ':' | ',' | '/' | '@' | '$');
    }
    use GeneralCategory::*;
    matches!(
        get_general_category(c),
        UppercaseLetter
            | LowercaseLetter
            | TitlecaseLetter
            | ModifierLetter
            | OtherLetter
            | DecimalNumber
            | CurrencySymbol
    )
}

fn too_many(ctx: &mut Ctx, path: &Path<'_>, count: usize) {
    if count > MAX_ENTRIES {
        ctx.report_with(
            path,
            Code::TooManyMetadataEntries,
            [("count", rules::number(count)), ("max", rules::number(MAX_ENTRIES))],
        );
    }
}

/// A metadata value: a string, or a JSON whole number whose text is the value
/// (WARN_NUMBER_FOR_STRING, DESIGN.md 9 row 28: metadata values are free text).
fn check_value(ctx: &mut Ctx, path: &Path<'_>, value: Option<&Value<'_>>, need: Need) {
    match value {
        None | Some(Value::Null) => rules::missing(ctx, path, need),
        Some(v) => {
            if let Some(s) = rules::free_text(ctx, path, v)
                && !is_valid_value(s)
            {
                ctx.report_with(path, Code::InvalidMetadataValue, [("max", rules::number(MAX_VALUE))]);
            }
        }
    }
}

/// Spec 2.1: `metadata` of a virtual account, an object mapping key to string value.
/// Issues are reported at `metadata.<key>`.
pub(crate) fn validate_object(ctx: &mut Ctx, path: &Path<'_>, value: &Value<'_>) {
    let members = match value {
        Value::Object(m) => m,
        Value::Null => {
            ctx.report(path, Code::EmptyMetadata, &[]);
            return;
        }
        other => {
            rules::wrong_type(ctx, path, "object", other);
            return;
        }
    };
    if members.is_empty() {
        ctx.report(path, Code::EmptyMetadata, &[]);
    }
    too_many(ctx, path, members.len());
    for (i, (key, v)) in members.iter().enumerate() {
        within_limit(ctx, i, |ctx| {
            let at = path.body_key(key);
            if !is_valid_key(key) {
                ctx.report_with(&at, Code::InvalidMetadataKey, [("max", rules::number(MAX_KEY))]);
            }
            check_value(ctx, &at, Some(v), Need::Required);
        });
    }
    if members.len() > 1 {
        for i in rules::repeated_keys(members) {
            if let Some((k, _)) = members.get(i) {
                within_limit(ctx, i, |ctx| ctx.report(&path.body_key(k), Code::DuplicateField, &[]));
            }
        }
    }
}

/// Runs the checks of element `i`: listed for the first [`MAX_ENTRIES`] elements, only
/// counted past them (the list is already refused as too long, and a body of the size
/// limit holds hundreds of thousands of elements).
fn within_limit(ctx: &mut Ctx, i: usize, f: impl FnOnce(&mut Ctx)) {
    if i < MAX_ENTRIES {
        f(ctx);
    } else {
        ctx.counting_only(f);
    }
}

/// Spec 2.3: `metadata` of a subscription, an array of `{key, value}` objects.
pub(crate) fn validate_array(ctx: &mut Ctx, path: &Path<'_>, value: &Value<'_>) {
    let items = match value {
        Value::Array(items) => items,
        Value::Null => {
            ctx.report(path, Code::EmptyMetadata, &[]);
            return;
        }
        other => {
            rules::wrong_type(ctx, path, "array", other);
            return;
        }
    };
    if items.is_empty() {
        ctx.report(path, Code::EmptyMetadata, &[]);
    }
    too_many(ctx, path, items.len());
    let mut keys: Vec<(&str, usize)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        within_limit(ctx, i, |ctx| {
            let at = path.index(i);
            let Some(members) = rules::object(ctx, &at, Some(item), Need::Required) else {
                return;
            };
            let [key, value] = rules::fields(ctx, &at, members, &["key", "value"]);
            let key_path = at.key("key");
            if let Some(k) = rules::string(ctx, &key_path, key, Need::Required) {
                if is_valid_key(k) {
                    keys.push((k, i));
                } else {
                    ctx.report_with(&key_path, Code::InvalidMetadataKey, [("max", rules::number(MAX_KEY))]);
                }
            }
            check_value(ctx, &at.key("value"), value, Need::Required);
        });
    }
    // Sorted by key, then position: each entry after the first of its key repeats it
    // (n log n however many entries a hostile body holds).
    keys.sort_unstable();
    let mut repeats: Vec<usize> = keys
        .windows(2)
        .filter_map(|w| match w {
            [(a, _), (b, i)] if a == b => Some(*i),
            _ => None,
        })
        .collect();
    repeats.sort_unstable();
    for i in repeats {
        let at = path.index(i);
        let key_path = at.key("key");
        within_limit(ctx, i, |ctx| ctx.report(&key_path, Code::DuplicateMetadataKey, &[]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys() {
        assert!(is_valid_key("order-id_2"));
        assert!(is_valid_key(&"k".repeat(20)));
        for bad in ["", "a b", "ñ", "a.b", &"k".repeat(21)] {
            assert!(!is_valid_key(bad), "{bad}");
        }
    }

    #[test]
    fn values() {
        for ok in ["", "Pedido 123: S/ 50.00, pagar@tienda", "€ 5", "ñandú-José_1/2", "١٢٣"] {
            assert!(is_valid_value(ok), "{ok}");
        }
        for bad in ["a\tb", "a#b", "<b>", "x\u{301}", &"v".repeat(101)] {
            assert!(!is_valid_value(bad), "{bad}");
        }
    }
}
