//! Spec 2.3: subscription creation (endpoint 4.2) and cancellation (endpoint 4.3)
//! requests, with the metadata limits of spec 8. The service's own answers to a bad
//! request are the errors of spec 7.2 (B400 for an invalid field); this module finds
//! those problems before the request is sent.
//!
//! Order of the issues (the order of the `errors` and `warnings` lists): the body is
//! walked top-down. In each object, unknown keys (WARN_UNKNOWN_FIELD, in input order)
//! and repeated keys (ERR_DUPLICATE_FIELD) come first; then its fields are checked in
//! the order of the spec 2.3 tables, each field's checks before the next field's:
//! `merchantId`, `subscriptionDetails` (its own keys, then `type`, `device`,
//! `customerId`, `processorCode`, `periodicity`, `amount`), then `metadata` (creation
//! only). The rules that depend on `type` (periodicity and amount required or ignored)
//! are applied at those two fields, so they keep the table order too.
//!
//! DESIGN.md 9 row 19: "one pending subscription request per mobile number" (spec 3 and
//! spec 8) depends on the requests already sent, so it cannot be checked from one
//! request; it is not faked here. The lifecycle helpers answer it from the merchant's
//! stored statuses.

pub mod lifecycle;
pub mod response;
pub mod webhook;

use crate::code::Code;
use crate::json::Value;
use crate::metadata;
use crate::report::{Ctx, Params, Path};
use crate::rules::{self, Members, Need};
use crate::{field, processor};

/// The condition named in the `when` / `applies_when` params of periodicity and amount.
const WHEN_RECURRENT: &str = "type=RECURRENT";

/// DESIGN.md 9 row 14: periodicity is a digit string whose value is at least 1 (leading
/// zeros are allowed, "01" is one month); this pattern says exactly that.
pub(crate) const PERIODICITY_FORMAT: &str = "0*[1-9][0-9]*";

/// The on-file processor codes, for the `known` param.
const ON_FILE_LIST: &str = rules::joined!(processor::ON_FILE, ", ");

/// DESIGN.md 9 row 10: the subscription amount is `#####.##`, at most 5 integer digits.
pub(crate) const AMOUNT_INTEGER_DIGITS: usize = 5;

/// Which request is being validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    /// Spec 2.3 creation request (4.2).
    Create,
    /// Spec 2.3 cancellation request (4.3).
    Cancel,
}

/// Spec 2.3 / 4.2: validates a subscription creation body
/// (`merchantId`, `subscriptionDetails`, optional `metadata`).
pub(crate) fn validate_create(ctx: &mut Ctx, value: &Value<'_>) {
    validate(ctx, value, Op::Create);
}

/// Spec 2.3 / 4.3: validates a subscription cancellation body (`merchantId`,
/// `subscriptionDetails` with `type`, `customerId`, `processorCode`). Fields of the
/// creation request that the cancellation does not list (`metadata`, `device`,
/// `periodicity`, `amount`) are WARN_UNKNOWN_FIELD.
pub(crate) fn validate_cancel(ctx: &mut Ctx, value: &Value<'_>) {
    validate(ctx, value, Op::Cancel);
}

/// Spec 2.3: the body, an object. Unknown keys are WARN_UNKNOWN_FIELD and repeated keys
/// ERR_DUPLICATE_FIELD (DESIGN.md 9 row 26).
fn validate(ctx: &mut Ctx, value: &Value<'_>, op: Op) {
    let root = Path::Root;
    let Value::Object(members) = value else {
        rules::wrong_type(ctx, &root, "object", value);
        return;
    };
    // The cancellation names no metadata (a metadata key there is an unknown field).
    let names: &[&str] = match op {
        Op::Create => &["merchantId", "subscriptionDetails", "metadata"],
        Op::Cancel => &["merchantId", "subscriptionDetails"],
    };
    let [merchant_id, details, meta] = rules::fields(ctx, &root, members, names);
    merchant(ctx, &root.key("merchantId"), merchant_id);
    let details_path = root.key("subscriptionDetails");
    if let Some(details) = rules::object(ctx, &details_path, details, Need::Required) {
        match op {
            Op::Create => details_create(ctx, &details_path, details),
            Op::Cancel => details_cancel(ctx, &details_path, details),
        }
    }
    if let Some(meta) = meta {
        metadata::validate_array(ctx, &root.key("metadata"), meta);
    }
}

/// Spec 2.3: merchantId, a required integer. DESIGN.md 9 row 9: a string of the number
/// is accepted with no issue (merchant ids as integers or digit strings, never floats:
/// `1.5` and `1e2` are ERR_INVALID_TYPE, row 27). The range is the one signing applies
/// (row 32).
fn merchant(ctx: &mut Ctx, path: &Path<'_>, value: Option<&Value<'_>>) {
    rules::merchant_id(ctx, path, value);
}

/// Spec 2.3: subscriptionDetails of a creation request.
fn details_create(ctx: &mut Ctx, path: &Path<'_>, members: &Members<'_>) {
    let [kind, device, customer, processor, periodicity, amount] = rules::fields(
        ctx,
        path,
        members,
        &["type", "device", "customerId", "processorCode", "periodicity", "amount"],
    );
    let kind = subscription_type(ctx, &path.key("type"), kind);
    let device_path = path.key("device");
    if let Some(d) = rules::string(ctx, &device_path, device, Need::Required) {
        rules::one_of(ctx, &device_path, d, &field::DEVICE_CHOICES, None);
    }
    customer_id(ctx, &path.key("customerId"), customer);
    processor_code(ctx, &path.key("processorCode"), processor);
    let need = recurrent_need(kind);
    let periodicity_path = path.key("periodicity");
    if let Some(need) = need {
        periodicity_rule(ctx, &periodicity_path, periodicity, need);
    } else {
        ignored(ctx, &periodicity_path, periodicity);
    }
    let amount_path = path.key("amount");
    if let Some(need) = need {
        amount_rule(ctx, &amount_path, amount, need);
    } else {
        ignored(ctx, &amount_path, amount);
    }
}

/// Spec 2.3: subscriptionDetails of a cancellation request: type, customerId and
/// processorCode, all required, with the same rules as in a creation request.
fn details_cancel(ctx: &mut Ctx, path: &Path<'_>, members: &Members<'_>) {
    let [kind, customer, processor] = rules::fields(ctx, path, members, &["type", "customerId", "processorCode"]);
    subscription_type(ctx, &path.key("type"), kind);
    customer_id(ctx, &path.key("customerId"), customer);
    processor_code(ctx, &path.key("processorCode"), processor);
}

/// Spec 2.3: `type`, required, ON_DEMAND or RECURRENT (case-sensitive, DESIGN.md 9 row
/// 22; the rule signing applies too, row 32). Returns the value when it is one of the
/// two.
fn subscription_type<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) -> Option<&'v str> {
    let t = rules::string(ctx, path, value, Need::Required)?;
    ctx.check(path, field::subscription_type(t)).map(|()| t)
}

/// Whether periodicity and amount are needed, from the type: required for RECURRENT,
/// ignored for ON_DEMAND (`None`), and checked only when present (optional) when the
/// type is missing or invalid, since the condition is then unknown (the type's own error
/// is already reported).
fn recurrent_need(kind: Option<&str>) -> Option<Need> {
    match kind {
        Some(field::RECURRENT) => Some(Need::RequiredWhen(WHEN_RECURRENT)),
        Some(_) => None,
        None => Some(Need::Optional),
    }
}

/// Spec 2.3: periodicity and amount only apply to RECURRENT subscriptions. Given for an
/// ON_DEMAND one, they are WARN_FIELD_IGNORED and not checked further: like the unused
/// owner fields of DESIGN.md 9 row 17, a field with no effect is not an error. `null`
/// counts as absent.
fn ignored(ctx: &mut Ctx, path: &Path<'_>, value: Option<&Value<'_>>) {
    if matches!(value, Some(v) if *v != Value::Null) {
        ctx.report(path, Code::FieldIgnored, &[("applies_when", WHEN_RECURRENT)]);
    }
}

/// Spec 2.3 and DESIGN.md 9 row 14: customerId, the customer's mobile number: required,
/// not blank (ERR_EMPTY_FIELD), ASCII digits only (ERR_INVALID_FORMAT; no `+`, spaces or
/// hyphens). The spec gives no length, so none is checked. A JSON number is
/// ERR_INVALID_TYPE: its digits carry meaning and may have lost a leading zero (row 28).
/// The rule signing applies too (row 32).
fn customer_id(ctx: &mut Ctx, path: &Path<'_>, value: Option<&Value<'_>>) {
    if let Some(s) = rules::string(ctx, path, value, Need::Required) {
        ctx.check(path, field::customer_id(s));
    }
}

/// Spec 2.3 and DESIGN.md 9 row 13: processorCode, required, not blank
/// (ERR_EMPTY_FIELD), `[A-Za-z0-9_]+` (ERR_INVALID_FORMAT), the rules signing applies too
/// (row 32). `Wallet_on_file` and its provider name `Yape_on_file` pass with no issue;
/// another well-formed code is WARN_UNKNOWN_PROCESSOR_CODE. The comparison is
/// case-sensitive (row 22): a code that differs from a known one only in case says so.
fn processor_code(ctx: &mut Ctx, path: &Path<'_>, value: Option<&Value<'_>>) {
    let Some(s) = rules::string(ctx, path, value, Need::Required) else {
        return;
    };
    if ctx.check(path, field::processor_code(s)).is_none() || processor::is_on_file(s) {
        return;
    }
    let mut params = Params::from_static(&[("known", ON_FILE_LIST)]);
    rules::push_case_hint(&mut params, s, processor::ON_FILE);
    ctx.report_with(path, Code::UnknownProcessorCode, params);
}

/// Whether `s` is a digit string whose value is at least 1 (DESIGN.md 9 row 14).
fn is_periodicity(s: &str) -> bool {
    rules::is_digits(s) && s.bytes().any(|b| b != b'0')
}

/// Spec 2.3 and DESIGN.md 9 row 14: periodicity, months, required when type=RECURRENT:
/// a string (a JSON number is ERR_INVALID_TYPE: row 9 lets only merchantId among the
/// subscription fields switch between number and string), not blank, a digit string
/// of value >= 1 (ERR_INVALID_FORMAT, `0*[1-9][0-9]*`). No upper bound is stated.
fn periodicity_rule(ctx: &mut Ctx, path: &Path<'_>, value: Option<&Value<'_>>, need: Need) {
    let Some(s) = rules::string(ctx, path, value, need) else {
        return;
    };
    if rules::non_blank(ctx, path, s) && !is_periodicity(s) {
        ctx.report(path, Code::InvalidFormat, &[("format", PERIODICITY_FORMAT)]);
    }
}

/// Spec 2.3 and DESIGN.md 9 row 10: amount, required when type=RECURRENT: a JSON
/// number (a string is ERR_INVALID_TYPE; row 9 does not list it), > 0, at most two
/// decimals, no exponent, at most 5 integer digits (`#####.##`), judged on its JSON
/// text (row 27).
fn amount_rule(ctx: &mut Ctx, path: &Path<'_>, value: Option<&Value<'_>>, need: Need) {
    rules::amount(ctx, path, value, need, false, AMOUNT_INTEGER_DIGITS);
}

/// The first member named `key`.
fn member<'v>(members: &'v Members<'v>, key: &str) -> Option<&'v Value<'v>> {
    members.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// The first member named `key`, when it is a string.
fn member_str<'v>(members: &'v Members<'v>, key: &str) -> Option<&'v str> {
    match member(members, key)? {
        Value::String(s) => Some(s),
        _ => None,
    }
}

/// Spec 5.2: the texts the subscription Authorization hash covers, as they appear in a
/// creation or cancellation body: merchantId (the JSON number's text, or the content of
/// a digit string, DESIGN.md 9 row 9), `subscriptionDetails.type`,
/// `subscriptionDetails.customerId` and `subscriptionDetails.processorCode`. None when
/// any is missing or of the wrong type (a merchantId that is not an unsigned integer
/// text counts as the wrong type). Values are not otherwise checked: validate first.
/// Used by the subscription prepare code (spec 4.2, 4.3) that signs the body.
pub(crate) fn authorization_parts<'v>(value: &'v Value<'v>) -> Option<(&'v str, &'v str, &'v str, &'v str)> {
    let Value::Object(root) = value else {
        return None;
    };
    let merchant: &'v str = match member(root, "merchantId")? {
        Value::Number(n) => n,
        Value::String(s) => s,
        _ => return None,
    };
    if !rules::is_digits(merchant) {
        return None;
    }
    let Value::Object(details) = member(root, "subscriptionDetails")? else {
        return None;
    };
    Some((
        merchant,
        member_str(details, "type")?,
        member_str(details, "customerId")?,
        member_str(details, "processorCode")?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;
    use crate::json::parse_str;

    fn parts(text: &str) -> Option<(String, String, String, String)> {
        let parsed = parse_str(text, Limits::default());
        assert!(parsed.is_ok(), "{text}");
        let Ok(v) = parsed else { return None };
        authorization_parts(&v).map(|(m, t, c, p)| (m.to_string(), t.to_string(), c.to_string(), p.to_string()))
    }

    fn owned(m: &str, t: &str, c: &str, p: &str) -> Option<(String, String, String, String)> {
        Some((m.to_string(), t.to_string(), c.to_string(), p.to_string()))
    }

    #[test]
    fn authorization_parts_of_create_and_cancel_bodies() {
        let create = r#"{"merchantId": 1234, "subscriptionDetails": {"type": "RECURRENT", "device": "MOBILE",
            "customerId": "987654321", "processorCode": "Wallet_on_file", "periodicity": "1", "amount": 10.50},
            "metadata": [{"key": "k", "value": "v"}]}"#;
        assert_eq!(parts(create), owned("1234", "RECURRENT", "987654321", "Wallet_on_file"));
        let cancel = r#"{"subscriptionDetails": {"processorCode": "Yape_on_file", "customerId": "5",
            "type": "ON_DEMAND"}, "merchantId": "0042"}"#;
        assert_eq!(parts(cancel), owned("0042", "ON_DEMAND", "5", "Yape_on_file"));
        // Escapes are decoded: the hash covers the string's content, not its JSON text.
        let escaped = r#"{"merchantId": 7, "subscriptionDetails": {"type": "ON_\u0044EMAND",
            "customerId": "9", "processorCode": "Wallet_on_file"}}"#;
        assert_eq!(parts(escaped), owned("7", "ON_DEMAND", "9", "Wallet_on_file"));
    }

    #[test]
    fn authorization_parts_none_when_missing_or_wrong_type() {
        let ok = r#"{"merchantId": 1, "subscriptionDetails": {"type": "ON_DEMAND", "customerId": "9", "processorCode": "P"}}"#;
        assert!(parts(ok).is_some());
        for bad in [
            "[]",
            "null",
            r#"{"subscriptionDetails": {"type": "ON_DEMAND", "customerId": "9", "processorCode": "P"}}"#,
            r#"{"merchantId": 1.5, "subscriptionDetails": {"type": "ON_DEMAND", "customerId": "9", "processorCode": "P"}}"#,
            r#"{"merchantId": 1e2, "subscriptionDetails": {"type": "ON_DEMAND", "customerId": "9", "processorCode": "P"}}"#,
            r#"{"merchantId": -1, "subscriptionDetails": {"type": "ON_DEMAND", "customerId": "9", "processorCode": "P"}}"#,
            r#"{"merchantId": "", "subscriptionDetails": {"type": "ON_DEMAND", "customerId": "9", "processorCode": "P"}}"#,
            r#"{"merchantId": true, "subscriptionDetails": {"type": "ON_DEMAND", "customerId": "9", "processorCode": "P"}}"#,
            r#"{"merchantId": 1, "subscriptionDetails": []}"#,
            r#"{"merchantId": 1}"#,
            r#"{"merchantId": 1, "subscriptionDetails": {"customerId": "9", "processorCode": "P"}}"#,
            r#"{"merchantId": 1, "subscriptionDetails": {"type": null, "customerId": "9", "processorCode": "P"}}"#,
            r#"{"merchantId": 1, "subscriptionDetails": {"type": "ON_DEMAND", "customerId": 9, "processorCode": "P"}}"#,
            r#"{"merchantId": 1, "subscriptionDetails": {"type": "ON_DEMAND", "customerId": "9"}}"#,
        ] {
            assert_eq!(parts(bad), None, "{bad}");
        }
    }

    #[test]
    fn field_patterns() {
        assert!(processor::is_well_formed("Wallet_on_file"));
        assert!(processor::is_well_formed("Yape_on_file2"));
        for bad in ["", "Wallet on file", "Wallet-on-file", "Wallét"] {
            assert!(!processor::is_well_formed(bad), "{bad}");
        }
        for ok in ["1", "01", "12", "120"] {
            assert!(is_periodicity(ok), "{ok}");
        }
        for bad in ["", "0", "00", "-1", "1.5", " 1", "١"] {
            assert!(!is_periodicity(bad), "{bad}");
        }
    }

    #[test]
    fn hostile_shapes_are_reported_not_panicked() {
        use crate::{Kind, ValidateOptions, validate};
        let many_keys = {
            let mut s = String::from("{");
            for i in 0..5000 {
                s.push_str(&format!("\"k{i}\": 1, \"merchantId\": {i}, "));
            }
            s.push_str("\"subscriptionDetails\": {}}");
            s
        };
        let bodies = [
            r#"{"merchantId": {"a": [[[]]]}, "subscriptionDetails": {"type": [1], "device": {}, "customerId": null,
                "processorCode": false, "periodicity": [], "amount": {}}, "metadata": [1, "x", null, [], {}]}"#,
            r#"{"merchantId": 1e400, "subscriptionDetails": {"type": "RECURRENT", "amount": 1e400, "periodicity": "99999999999999999999999"}}"#,
            r#"{"merchantId": -0, "subscriptionDetails": {"type": "RECURRENT", "amount": -0.0, "periodicity": "\u0000"}}"#,
            "null",
            "\"\"",
            many_keys.as_str(),
        ];
        for kind in [Kind::Subscription, Kind::SubscriptionCancel] {
            for body in bodies {
                let report = validate(kind, body.as_bytes(), &ValidateOptions::default());
                assert!(!report.valid, "{kind:?}: {body:.60}");
                for issue in report.issues() {
                    assert!(!issue.message().contains('?'), "{}", issue.message());
                }
            }
        }
    }

    #[test]
    fn type_decides_periodicity_and_amount() {
        assert_eq!(
            recurrent_need(Some("RECURRENT")),
            Some(Need::RequiredWhen("type=RECURRENT"))
        );
        assert_eq!(recurrent_need(Some("ON_DEMAND")), None);
        assert_eq!(recurrent_need(None), Some(Need::Optional));
        assert_eq!(field::MERCHANT_ID, (1, 9_223_372_036_854_775_807));
    }
}
