//! Spec 2.4-2.7, 4.4, 5.3 and 8: validation of the pay-in transaction request.
//!
//! The body is the pay-in object itself or that object wrapped as `{"data": {...}}`
//! (spec 4.4, DESIGN.md section 2); both validate the same and paths are relative to
//! the pay-in object, never prefixed with `data.`.
//!
//! # Order of the issues
//!
//! 1. While the members are dispatched (in body order): WARN_UNKNOWN_FIELD for keys
//!    spec 2.4 does not name, then ERR_DUPLICATE_FIELD for repeated keys.
//! 2. The fields in the order of spec 2.4's table (the field list in `fields.rs`), each field's
//!    checks before the next field's: presence, JSON type, emptiness, format, then the
//!    field's per-country rules and hints. The country (from payinCurrency, DESIGN.md 9
//!    row 11) and the method are read before the walk, so a field early in the table can
//!    use them.
//! 3. Cross-field rules: the wallet-processor rules of spec 2.4 (payinMethod, then
//!    payinProductDescription), the subscription workflow (DESIGN.md 9 row 25), and last
//!    the payinVerification check against the key (DESIGN.md 9 row 18).
//!
//! # Errors and hints
//!
//! Errors are the rules spec 2.4, 2.7 and 8 state. The hints of spec 2.6 (suggested
//! expiration minimums, Mexico's 50-cent steps), methods and document types the spec
//! does not name (its lists are "not shown", DESIGN.md 9 row 12), an unsupported voucher
//! theme (2.7: the standard voucher is used), a date not written as in the samples, a
//! URLMonnet path other than the samples' (row 21) and a country field that disagrees
//! with the currency (row 11) are warnings: the service may still accept the request.
//! Rules about state (DESIGN.md 9 row 19) cannot be judged from one request and are not
//! attempted.

pub mod catalog;
pub(crate) mod checks;
pub(crate) mod fields;
pub mod lifecycle;
pub mod markup;
pub mod notification;
pub mod qr;
pub mod response;
pub mod status;
pub mod voucher;
pub(crate) mod wallet;

pub(crate) use fields::{Blank, FIELDS, FieldSpec};

/// The row of spec 2.4's table for the JSON key `name`.
pub(crate) fn field_spec(name: &str) -> Option<&'static FieldSpec> {
    fields::slot(name).and_then(|i| FIELDS.get(i))
}

use crate::code::Code;
use crate::country::{self, Country, PayinRules};
use crate::json::Value;
use crate::report::{Ctx, Path};
use crate::rules::{self, Members};
use crate::signing::{self, Secret};

/// Spec 2.5: the deeplink method, whose names are limited to 30 characters in every
/// country (spec 2.4, 8) and whose expiration may not be null (spec 2.4).
pub(crate) const DEEPLINK_METHOD: &str = "BankTransfer_Deeplink";

// Here rather than beside the table: which figure a method takes is the pay-in's rule,
// and the country table names no method.
impl PayinRules {
    /// The suggested minimum payinExpirationTime of `method` (spec 2.6): the cash figure
    /// for Cash, the deeplink figure for BankTransfer_Deeplink, the online figure for
    /// every other method; None where the spec gives this country none.
    pub fn suggested_minutes(&self, method: &str) -> Option<u32> {
        match method {
            CASH_METHOD => self.cash_minutes,
            DEEPLINK_METHOD => self.deeplink_minutes,
            _ => self.online_minutes,
        }
    }
}

/// Spec 2.4: typePost is the constant `json` (validation requires it, prepare writes it).
pub(crate) const TYPE_POST: &str = "json";
/// Spec 2.6: the cash method, with its own suggested expiration minimum.
pub(crate) const CASH_METHOD: &str = "Cash";
/// Spec 2.4: the longest customer name for the deeplink method, in any country.
pub(crate) const DEEPLINK_NAME_MAX: usize = 30;

/// The pay-in object: the root, or the object inside a `{"data": {...}}` wrapper (a root
/// object whose only key is `data`). None when the root is not an object or `data` does
/// not hold one.
pub(crate) fn payin_members<'v>(root: &'v Value<'v>) -> Option<(&'v Members<'v>, bool)> {
    let Value::Object(members) = root else {
        return None;
    };
    match members.as_slice() {
        [(key, Value::Object(inner))] if key == "data" => Some((inner, true)),
        [(key, _)] if key == "data" => None,
        _ => Some((members, false)),
    }
}

/// The pay-in object of a request body (spec 2.4 and the provider's samples): the
/// object inside a `{"data": {...}}` wrapper (a root object whose only key is `data`),
/// or else the root itself, as validation reads it.
pub fn payin_object<'v, 'a>(root: &'v Value<'a>) -> &'v Value<'a> {
    match root {
        Value::Object(members) => match members.as_slice() {
            [(key, inner @ Value::Object(_))] if key == "data" => inner,
            _ => root,
        },
        _ => root,
    }
}

/// What the walk knows about the request before it starts: the dispatched fields, the
/// country of the currency and the method.
pub(crate) struct Request<'v> {
    /// The value of each field of [`FIELDS`], by slot.
    pub(crate) slots: [Option<&'v Value<'v>>; fields::COUNT],
    /// The pay-in country of payinCurrency (DESIGN.md 9 row 11); None for an unknown or
    /// malformed currency, which then gets the generic rules only.
    pub(crate) country: Option<(&'static Country, &'static PayinRules)>,
    /// payinMethod when it is a non-blank string.
    pub(crate) method: Option<&'v str>,
}

impl<'v> Request<'v> {
    fn new(slots: [Option<&'v Value<'v>>; fields::COUNT]) -> Request<'v> {
        let text = |i: usize| match slots.get(i).copied().flatten() {
            Some(Value::String(s)) if !rules::is_blank(s) => Some(s.as_ref()),
            _ => None,
        };
        let country = text(fields::CURRENCY).and_then(country::payin_country);
        let method = text(fields::METHOD);
        Request { slots, country, method }
    }

    /// The value of the field in `slot`, if present.
    pub(crate) fn get(&self, slot: usize) -> Option<&'v Value<'v>> {
        self.slots.get(slot).copied().flatten()
    }

    /// The non-blank string value of the field in `slot`.
    pub(crate) fn text(&self, slot: usize) -> Option<&'v str> {
        match self.get(slot) {
            Some(Value::String(s)) if !rules::is_blank(s) => Some(s),
            _ => None,
        }
    }
}

/// The four texts payinVerification covers (spec 5.3), exactly as written in the body,
/// kept only when each passed its own checks.
#[derive(Default)]
pub(crate) struct Signed<'v> {
    /// payinMerchantID: the number's text or the string's content.
    pub(crate) merchant_id: Option<&'v str>,
    /// payinMerchantOperationNumber.
    pub(crate) operation_number: Option<&'v str>,
    /// payinAmount exactly as written.
    pub(crate) amount: Option<&'v str>,
    /// payinCurrency.
    pub(crate) currency: Option<&'v str>,
    /// payinVerification, when it is 128 hex characters.
    pub(crate) verification: Option<&'v str>,
}

/// What became of the check of payinVerification against a key (DESIGN.md 9 row 18), as
/// [`crate::validate_payin`] tells it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignatureCheck {
    /// payinVerification is the hash of the four signed texts under the key.
    Matches,
    /// It is not: the report holds ERR_INVALID_SIGNATURE at payinVerification.
    DoesNotMatch,
    /// Not checked, so that one mistake is not reported twice: the fields named failed
    /// their own checks, whose errors the report holds. No field named: the body could
    /// not be read as a pay-in object.
    NotChecked {
        /// Of payinMerchantID, payinMerchantOperationNumber, payinAmount, payinCurrency
        /// and payinVerification, in that order, those in error.
        invalid: Vec<&'static str>,
    },
}

impl SignatureCheck {
    /// The check of a body that could not be read as a pay-in object.
    pub(crate) fn unreadable() -> SignatureCheck {
        SignatureCheck::NotChecked { invalid: Vec::new() }
    }
}

/// Validates a pay-in body, flat or wrapped in `data` (spec 2.4, 4.4); with a key, what
/// became of the payinVerification check.
pub(crate) fn validate(ctx: &mut Ctx, value: &Value<'_>, key: Option<&Secret>) -> Option<SignatureCheck> {
    let root = Path::Root;
    let Some((members, _wrapped)) = payin_members(value) else {
        match value {
            Value::Object(m) => {
                if let Some((k, inner)) = m.first() {
                    rules::wrong_type(ctx, &root.body_key(k), "object", inner);
                }
            }
            other => rules::wrong_type(ctx, &root, "object", other),
        }
        return key.map(|_| SignatureCheck::unreadable());
    };
    let slots = rules::fields(ctx, &root, members, &fields::Table);
    let req = Request::new(slots);
    let signed = checks::walk(ctx, &req);
    wallet::cross_checks(ctx, &req);
    key.map(|key| check_signature(ctx, &signed, key))
}

/// DESIGN.md 9 row 18: with a key, payinVerification must be the SHA-512 of the four
/// texts as written in the body (spec 5.3; the amount exactly as written, so a hash over
/// `150.5` does not match a body saying `150.50`). Checked only when every input and the
/// hash itself passed their own checks, so one mistake is not reported twice. Hex case
/// does not matter (the comparison decodes it).
fn check_signature(ctx: &mut Ctx, signed: &Signed<'_>, key: &Secret) -> SignatureCheck {
    let (Some(m), Some(o), Some(a), Some(c), Some(v)) = (
        signed.merchant_id,
        signed.operation_number,
        signed.amount,
        signed.currency,
        signed.verification,
    ) else {
        let inputs = [
            ("payinMerchantID", signed.merchant_id),
            ("payinMerchantOperationNumber", signed.operation_number),
            ("payinAmount", signed.amount),
            ("payinCurrency", signed.currency),
            ("payinVerification", signed.verification),
        ];
        let invalid = inputs.iter().filter(|(_, text)| text.is_none()).map(|(name, _)| *name);
        return SignatureCheck::NotChecked {
            invalid: invalid.collect(),
        };
    };
    if signing::verify_payin_verification(m, o, a, c, v, key) {
        SignatureCheck::Matches
    } else {
        ctx.report(
            &Path::Root.key("payinVerification"),
            Code::InvalidSignature,
            &notification::SIGNED_PARAMS,
        );
        SignatureCheck::DoesNotMatch
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests may unwrap (common brief); the workspace lint denies it
mod tests {
    use super::*;
    use crate::Limits;
    use crate::json::parse_str;

    #[test]
    fn members_flat_or_wrapped() {
        let flat = parse_str(r#"{"a": 1, "data": {}}"#, Limits::default()).unwrap();
        assert_eq!(payin_members(&flat).map(|(m, w)| (m.len(), w)), Some((2, false)));
        let wrapped = parse_str(r#"{"data": {"a": 1}}"#, Limits::default()).unwrap();
        assert_eq!(payin_members(&wrapped).map(|(m, w)| (m.len(), w)), Some((1, true)));
        let bad = parse_str(r#"{"data": 5}"#, Limits::default()).unwrap();
        assert!(payin_members(&bad).is_none());
        let array = parse_str("[]", Limits::default()).unwrap();
        assert!(payin_members(&array).is_none());
        assert!(matches!(payin_object(&flat), Value::Object(m) if m.len() == 2));
        assert!(matches!(payin_object(&wrapped), Value::Object(m) if m[0].0 == "a"));
        assert!(matches!(payin_object(&bad), Value::Object(m) if m[0].0 == "data"));
    }
}
