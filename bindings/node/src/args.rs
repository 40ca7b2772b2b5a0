//! JS arguments to core types: keys, amounts (decimal strings, or numbers judged on
//! their shortest text by the core), merchant ids (safe integers, bigints, digit
//! strings), Unix seconds, dates and locales. Each conversion checks only the JS type;
//! the value is judged by the core.

use cobro::signing::WholeArgument;
use cobro::{CivilDate, Locale, SigningError, UnixSeconds};
use napi::bindgen_prelude::{BigInt, FromNapiValue, JsObjectValue, Object, Utf16String};
use napi::{JsValue, Unknown, ValueType};

use crate::errors::{Fail, Res, signing, type_error, type_error_found};
use crate::utf16::Utf16Text;

/// The text of a string argument that is hashed or is a key, read as UTF-16 because
/// napi's UTF-8 conversion would put U+FFFD in place of a lone surrogate and sign
/// another text than the caller's: such text is a `SigningError` (never echoed).
pub fn text(value: &Utf16Text, name: &'static str) -> Res<String> {
    value.text().ok_or_else(|| signing(&SigningError::not_unicode(name)))
}

/// A key (the pay-in key, the subscription key or the virtual-account secret), named
/// `name` in errors.
pub fn secret(value: &Utf16Text, name: &'static str) -> Res<cobro::Secret> {
    cobro::Secret::new(text(value, name)?).map_err(|e| signing(&e))
}

/// The keys an options object of the binding takes (its fields, as JS names them).
pub trait Keys {
    /// Every key, in the order of the fields.
    const KEYS: &'static [&'static str];
}

/// What JS calls the type of a value that is not an options object.
pub fn js_type(value: &Unknown<'_>) -> Res<&'static str> {
    Ok(match value.get_type()? {
        ValueType::Undefined => "undefined",
        ValueType::Null => "null",
        ValueType::Boolean => "a boolean",
        ValueType::Number => "a number",
        ValueType::String => "a string",
        ValueType::Symbol => "a symbol",
        ValueType::Function => "a function",
        ValueType::BigInt => "a bigint",
        ValueType::Object if value.is_array()? => "an array",
        ValueType::Object => "an object",
        _ => "another type",
    })
}

/// The options object `value` (argument `name`) as `T`. Anything but a non-array object
/// is a `TypeError`, and so is an enumerable key `T` does not take (a misspelt `key`
/// would otherwise skip a signature check in silence); the error names the key, never a
/// value.
pub fn options<T: FromNapiValue + Keys>(value: Unknown<'_>, name: &str) -> Res<T> {
    plain_object(&value, name)?;
    let object = Object::from_unknown(value)?;
    let keys = object.get_property_names()?;
    for i in 0..keys.get_array_length()? {
        let key: Unknown<'_> = keys.get_element(i)?;
        let key = String::from_utf16_lossy(&Utf16String::from_unknown(key)?);
        if !T::KEYS.contains(&key.as_str()) {
            // The clock's former names, refused with a message naming `now`.
            if matches!(key.as_str(), "today" | "timestamp") && T::KEYS.contains(&"now") {
                return Err(Fail::Type(format!(
                    "{name}: {}",
                    cobro::host::HostText::ArgumentRenamed.render(&[("old", &key), ("new", "now")])
                )));
            }
            return Err(Fail::Type(format!(
                "{name} has an unknown key {key:?} (it takes: {})",
                T::KEYS.join(", ")
            )));
        }
    }
    Ok(T::from_unknown(value)?)
}

/// A `TypeError` naming the argument `name` unless `value` is an object and not an array.
fn plain_object(value: &Unknown<'_>, name: &str) -> Res<()> {
    if value.get_type()? != ValueType::Object || value.is_array()? {
        let found = js_type(value)?;
        return Err(type_error_found(name, "an object", found));
    }
    Ok(())
}

/// The object argument `name` (not an options object: any key) as `T`, e.g. headers.
pub fn object<T: FromNapiValue>(value: Unknown<'_>, name: &str) -> Res<T> {
    plain_object(&value, name)?;
    Ok(T::from_unknown(value)?)
}

/// The string argument `name` (a kind or document name), or a `TypeError` naming it.
pub fn string(value: Unknown<'_>, name: &str, expected: &str) -> Res<String> {
    if value.get_type()? != ValueType::String {
        let found = js_type(&value)?;
        return Err(type_error_found(name, expected, found));
    }
    Ok(String::from_unknown(value)?)
}

/// An optional options object: `undefined` and `null` are none, anything else as
/// [`options`].
pub fn optional<T: FromNapiValue + Keys>(value: Option<Unknown<'_>>, name: &str) -> Res<Option<T>> {
    match value {
        Some(v) if !matches!(v.get_type()?, ValueType::Undefined | ValueType::Null) => options(v, name).map(Some),
        _ => Ok(None),
    }
}

/// The largest integer a JS number holds exactly.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A whole JS number within the safe integers, or `None`.
fn safe_integer(n: f64) -> Option<i64> {
    (n.is_finite() && n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER).then_some(n as i64)
}

/// An optional argument or field: `undefined` (and, for a field, a key left out) is
/// absent; anything else is read by `read`.
pub fn field<'a, T>(value: Option<Unknown<'a>>, read: impl FnOnce(Unknown<'a>) -> Res<T>) -> Res<Option<T>> {
    match value {
        Some(v) if v.get_type()? != ValueType::Undefined => read(v).map(Some),
        _ => Ok(None),
    }
}

/// The argument `name` when it is of the JS type `wanted`, or a `TypeError` naming it,
/// what it takes (`expected`) and the type it was given.
fn of_type<'a>(value: Unknown<'a>, wanted: ValueType, name: &str, expected: &str) -> Res<Unknown<'a>> {
    if value.get_type()? != wanted {
        let found = js_type(&value)?;
        return Err(type_error_found(name, expected, found));
    }
    Ok(value)
}

/// A text argument read as UTF-16 (a key or a signed text: see [`text`]), or a
/// `TypeError` naming it.
pub fn utf16(value: Unknown<'_>, name: &str) -> Res<Utf16Text> {
    utf16_as(value, name, "a string")
}

/// [`utf16`], saying what the argument takes as `expected` (e.g. an object's values).
pub fn utf16_as(value: Unknown<'_>, name: &str, expected: &str) -> Res<Utf16Text> {
    Ok(Utf16Text::from_unknown(of_type(
        value,
        ValueType::String,
        name,
        expected,
    )?)?)
}

/// A boolean argument, or a `TypeError` naming it.
pub fn boolean(value: Unknown<'_>, name: &str) -> Res<bool> {
    Ok(bool::from_unknown(of_type(
        value,
        ValueType::Boolean,
        name,
        "a boolean",
    )?)?)
}

/// A number argument, or a `TypeError` naming it and what it takes (`expected`).
pub fn number(value: Unknown<'_>, name: &str, expected: &str) -> Res<f64> {
    Ok(f64::from_unknown(of_type(value, ValueType::Number, name, expected)?)?)
}

/// An array of strings, or a `TypeError` naming the argument.
pub fn strings(value: Unknown<'_>, name: &str) -> Res<Vec<String>> {
    const EXPECTED: &str = "an array of strings";
    if value.get_type()? != ValueType::Object || !value.is_array()? {
        let found = js_type(&value)?;
        return Err(type_error_found(name, EXPECTED, found));
    }
    let array = Object::from_unknown(value)?;
    let mut out = Vec::new();
    for i in 0..array.get_array_length()? {
        let element: Unknown<'_> = array.get_element(i)?;
        if element.get_type()? != ValueType::String {
            return Err(type_error(name, EXPECTED));
        }
        out.push(String::from_unknown(element)?);
    }
    Ok(out)
}

/// An amount: a decimal string, or a JS number judged on its shortest text by the core's
/// rule (DESIGN.md section 4: at most two decimals and 15 significant digits; `0.1 + 0.2`
/// is ERR_INVALID_AMOUNT, as its text would be).
pub fn amount(value: Unknown<'_>) -> Res<cobro::Amount> {
    let parsed = match value.get_type()? {
        ValueType::String => cobro::Amount::parse(&String::from_unknown(value)?),
        ValueType::Number => {
            cobro::Amount::from_js_number_text(&crate::body::js_number_text(f64::from_unknown(value)?))
        }
        _ => {
            let found = js_type(&value)?;
            return Err(type_error_found("amount", "a decimal string or a number", found));
        }
    };
    parsed.map_err(|e| signing(&SigningError::InvalidAmount(e)))
}

/// A merchant id: a safe integer, a bigint or a string of ASCII digits, within the
/// core's `u64`.
pub fn merchant_id(value: Unknown<'_>) -> Res<u64> {
    const EXPECTED: &str = "a safe integer, a bigint or a digit string";
    let checked = match value.get_type()? {
        ValueType::Number => {
            let whole = safe_integer(f64::from_unknown(value)?).ok_or_else(|| type_error("merchantId", EXPECTED))?;
            cobro::signing::merchant_id_from_integer("merchantId", i128::from(whole))
        }
        // A bigint past 128 bits is past any merchant id: judged at the bound.
        ValueType::BigInt => {
            let (n, lossless) = BigInt::from_unknown(value)?.get_i128();
            let n = if lossless { n } else { i128::MAX };
            cobro::signing::merchant_id_from_integer("merchantId", n)
        }
        ValueType::String => cobro::signing::merchant_id_from_text("merchantId", &String::from_unknown(value)?),
        _ => {
            let found = js_type(&value)?;
            return Err(type_error_found("merchantId", EXPECTED, found));
        }
    };
    checked.map_err(|e| signing(&e))
}

/// A JS number with no fraction as an `i128` (one past 128 bits as the bound on its
/// side); `None` for a fraction, NaN or an infinity, which are not whole numbers.
fn whole_number(n: f64) -> Option<i128> {
    // The cast saturates; no money passes here, only counts and ids.
    (n.is_finite() && n.fract() == 0.0).then_some(n as i128)
}

/// A bigint as an `i128`, one past 128 bits as the bound on its side.
fn bigint(b: &BigInt) -> i128 {
    match b.get_i128() {
        (n, true) => n,
        _ if b.sign_bit => i128::MIN,
        _ => i128::MAX,
    }
}

/// A whole-number argument as the core's type `T`: a fraction is a `TypeError`, a whole
/// number outside `T`'s range the core's `SigningError` ERR_OUT_OF_RANGE.
pub fn whole_as<T: WholeArgument>(n: f64, name: &'static str, expected: &str) -> Res<T> {
    let n = whole_number(n).ok_or_else(|| type_error(name, expected))?;
    cobro::signing::whole_argument(name, n).map_err(|e| signing(&e))
}

/// A whole-number argument of any JS type as the core's type `T`: what is not a number
/// is a `TypeError` too.
pub fn whole<T: WholeArgument>(value: Unknown<'_>, name: &'static str, expected: &str) -> Res<T> {
    whole_as(number(value, name, expected)?, name, expected)
}

/// A non-negative whole number (sizes, windows).
pub fn size(value: Option<Unknown<'_>>, name: &'static str) -> Res<Option<u64>> {
    field(value, |v| whole(v, name, "a whole number"))
}

/// An HTTP status (a whole number within 0..=65535); absent is the core's
/// [`cobro::parse::DEFAULT_HTTP_STATUS`].
pub fn http_status(value: Option<Unknown<'_>>) -> Res<u16> {
    Ok(field(value, |v| whole(v, "httpStatus", "a whole number"))?.unwrap_or(cobro::parse::DEFAULT_HTTP_STATUS))
}

/// A pay-in state id (`payinStateID`): a whole number, a bigint, or a string of decimal
/// digits (optionally after `-`), the form a parsed notification holds it in; one past
/// 64 bits is the core's ERR_OUT_OF_RANGE.
pub fn state_id(value: Unknown<'_>, name: &'static str) -> Res<i64> {
    let expected = "a whole number, a bigint or a string of decimal digits";
    let n = match value.get_type()? {
        ValueType::Number => whole_number(f64::from_unknown(value)?).ok_or_else(|| type_error(name, expected))?,
        ValueType::BigInt => bigint(&BigInt::from_unknown(value)?),
        ValueType::String => {
            let text = String::from_unknown(value)?;
            let digits = text.strip_prefix('-').unwrap_or(&text);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(type_error(name, expected));
            }
            match text.parse::<i128>() {
                Ok(n) => n,
                Err(_) if text.starts_with('-') => i128::MIN,
                Err(_) => i128::MAX,
            }
        }
        _ => {
            let found = js_type(&value)?;
            return Err(type_error_found(name, expected, found));
        }
    };
    cobro::signing::whole_argument(name, n).map_err(|e| signing(&e))
}

/// `maxBytes` as the core's `max_bytes`: absent stays `None` (the core's default), a
/// number is a number of bytes, what each means is the core's (`cobro::Limits::for_body`,
/// `cobro::signing::size_argument`).
pub fn max_bytes(value: Option<Unknown<'_>>) -> Res<Option<usize>> {
    let Some(n) = field(value, |v| number(v, "maxBytes", "a whole number"))? else {
        return Ok(None);
    };
    let n = whole_number(n).ok_or_else(|| type_error("maxBytes", "a whole number"))?;
    cobro::signing::size_argument("maxBytes", n)
        .map(Some)
        .map_err(|e| signing(&e))
}

fn now() -> Res<u64> {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .map_err(|_| signing(&SigningError::ClockBeforeEpoch))
}

/// Seconds since the epoch from a whole number, or the system clock when absent.
pub fn unix_seconds(value: Option<Unknown<'_>>, name: &'static str) -> Res<UnixSeconds> {
    let seconds = match field(value, |v| whole::<i64>(v, name, "a whole number of seconds"))? {
        Some(n) => n,
        None => i64::try_from(now()?).unwrap_or(i64::MAX),
    };
    UnixSeconds::new(seconds).map_err(|e| signing(&e))
}

/// A date `"YYYY-MM-DD"`; today's UTC date when absent (as the CLI does).
pub fn civil_date(value: Option<Unknown<'_>>, name: &'static str) -> Res<CivilDate> {
    let Some(text) = field(value, |v| string(v, name, "a string \"YYYY-MM-DD\""))? else {
        return Ok(CivilDate::from_unix_seconds(now()?));
    };
    CivilDate::parse(&text).ok_or_else(|| signing(&SigningError::InvalidDate { name }))
}

/// The message locale: one of the core's tags (`"en"`, `"es"`, `"pt"`); absent is the
/// core's default (English). Any other tag is the core's `SigningError`
/// ERR_INVALID_ARGUMENT, another type than a string a `TypeError`.
pub fn locale(value: Option<Unknown<'_>>) -> Res<Locale> {
    match field(value, |v| string(v, "locale", "a string"))? {
        Some(tag) => Locale::parse(&tag).map_err(|e| signing(&e)),
        None => Ok(Locale::default()),
    }
}

/// An optional text field read as UTF-16 (a key or a signed text).
pub fn optional_utf16(value: Option<Unknown<'_>>, name: &str) -> Res<Option<Utf16Text>> {
    field(value, |v| utf16(v, name))
}

/// An optional string field (a name or a choice), or a `TypeError` naming it.
pub fn optional_string(value: Option<Unknown<'_>>, name: &str) -> Res<Option<String>> {
    field(value, |v| string(v, name, "a string"))
}

/// An optional boolean field, or a `TypeError` naming it.
pub fn optional_bool(value: Option<Unknown<'_>>, name: &str) -> Res<Option<bool>> {
    field(value, |v| boolean(v, name))
}
