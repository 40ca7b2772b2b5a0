//! How prepare completes a body before it signs and sends it (DESIGN.md section 5): the
//! one completion that `prepare_*` sends and that validation before prepare judges, so
//! the two cannot disagree.

use crate::amount::Amount;
use crate::json::{Value, write_string, write_value};
use crate::limits::Limits;
use crate::payin::{self, Blank};
use crate::request::Kind;
use crate::rules::Members;
use crate::signing::{self, Secret, UnixSeconds};

/// A body as prepare completes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Completion {
    /// The compact JSON text prepare sends.
    pub(crate) text: String,
    /// The fields prepare wrote a value of its own choosing into, in the order written.
    pub(crate) filled: Vec<String>,
    /// Whether payinVerification was computed (pay-in only; false without a key or when
    /// one of its inputs is unusable, which validation then reports).
    pub(crate) signed: bool,
}

impl Completion {
    /// The limits the completed text is read back under, given those the caller's body
    /// was read under: they bound what the caller gave, not what prepare adds to it (a
    /// fixed set of fields, an amount's two decimals, the `{"data": ...}` wrapper's one
    /// level), so a body within them is never refused for prepare's own part, and the
    /// growth stays bounded by the completion's fixed fields.
    pub(crate) fn limits(&self, given: Limits) -> Limits {
        Limits {
            max_bytes: given.max_bytes.max(self.text.len()),
            max_depth: given.max_depth.saturating_add(1),
        }
    }
}

/// The body prepare sends for `root`, a body of `kind`: `None` when it sends the body as
/// given (a virtual account, or a body that is not an object, which validation refuses).
/// `key` signs a pay-in (without it payinVerification is left as given or out); `now`
/// gives a pay-in's date; `wrap` writes a pay-in as `{"data": {...}}`.
pub(crate) fn complete(
    kind: Kind,
    root: &Value<'_>,
    key: Option<&Secret>,
    now: UnixSeconds,
    wrap: bool,
) -> Option<Completion> {
    match kind {
        Kind::VirtualAccount => None,
        Kind::Subscription | Kind::SubscriptionCancel => {
            let Value::Object(members) = root else {
                return None;
            };
            let mut text = String::new();
            write_subscription(&mut text, members, kind == Kind::Subscription);
            Some(Completion {
                text,
                filled: Vec::new(),
                signed: false,
            })
        }
        Kind::Payin => {
            let (members, _) = payin::payin_members(root)?;
            let mut done = complete_payin(members, key, now);
            if wrap {
                done.text = format!("{{\"data\":{}}}", done.text);
            }
            Some(done)
        }
    }
}

/// The amount a JSON value writes, a number's text or a string's content, as
/// [`Amount::parse`] reads it: what every amount field of every kind takes (DESIGN.md 9
/// rows 9 and 10), which prepare writes in its canonical two-decimal text.
pub(crate) fn amount_of(value: &Value<'_>) -> Option<Amount> {
    match value {
        Value::Number(n) => Amount::parse(n).ok(),
        Value::String(s) => Amount::parse(s).ok(),
        _ => None,
    }
}

/// Digits only, within u64: the integer they write.
pub(crate) fn canonical_integer(text: &str) -> Option<u64> {
    if crate::rules::is_digits(text) {
        text.parse().ok()
    } else {
        None
    }
}

/// The whole number a JSON number or a string of digits writes.
fn integer_text(value: &Value<'_>) -> Option<u64> {
    match value {
        Value::Number(n) => canonical_integer(n),
        Value::String(s) => canonical_integer(s),
        _ => None,
    }
}

/// A subscription object: merchantId as a digit string becomes the JSON number it
/// writes (DESIGN.md 9 row 9), and on creation subscriptionDetails.amount, a number or a
/// string, becomes its canonical two-decimal text as a JSON number (spec 2.3 types it
/// number, `#####.##`). Everything else is written as given.
fn write_subscription(out: &mut String, members: &Members<'_>, create: bool) {
    out.push('{');
    for (i, (k, v)) in members.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(out, k);
        out.push(':');
        match (k.as_ref(), v) {
            ("merchantId", Value::String(s)) if canonical_integer(s).is_some() => {
                out.push_str(&canonical_integer(s).unwrap_or_default().to_string());
            }
            ("subscriptionDetails", Value::Object(details)) if create => {
                out.push('{');
                for (j, (dk, dv)) in details.iter().enumerate() {
                    if j > 0 {
                        out.push(',');
                    }
                    write_string(out, dk);
                    out.push(':');
                    match (dk.as_ref(), amount_of(dv)) {
                        ("amount", Some(amount)) => out.push_str(&amount.to_string()),
                        _ => write_value(out, dv),
                    }
                }
                out.push('}');
            }
            _ => write_value(out, v),
        }
    }
    out.push('}');
}

/// The four texts payinVerification covers, in canonical form, when all are usable.
fn hash_inputs<'m>(members: &'m Members<'_>) -> Option<(u64, &'m str, Amount, &'m str)> {
    let get = |name: &str| members.iter().find(|(k, _)| k == name).map(|(_, v)| v);
    let merchant = integer_text(get("payinMerchantID")?)?;
    // DESIGN.md 9 row 28: a whole number's JSON text is the operation number, as
    // validation reads it.
    let operation = match get("payinMerchantOperationNumber")? {
        Value::String(s) => s.as_ref(),
        Value::Number(n) if crate::rules::is_whole_number(n) => n,
        _ => return None,
    };
    let amount = amount_of(get("payinAmount")?)?;
    let currency = get("payinCurrency")?.as_str().filter(|s| !s.is_empty())?;
    Some((merchant, operation, amount, currency))
}

/// Spec 2.4 and DESIGN.md section 5: the completed pay-in object. Optional fields left
/// out become `""` (row 6), `typePost` becomes `json`, a missing or blank payinDateTime
/// becomes today's date in the currency's country at `now`, a blank payinCustomerRegion
/// the country's default region (row 20); payinMerchantID and payinExpirationTime are
/// written as strings of their whole number (row 9), payinAmount and payinProductAmount
/// as strings of their canonical two-decimal text (row 10), a whole number in another
/// free-text field as the string of its JSON text (row 28); payinVerification is
/// computed with `key` over that same text. Values the spec requires from the merchant
/// are never invented.
fn complete_payin(members: &Members<'_>, key: Option<&Secret>, now: UnixSeconds) -> Completion {
    let inputs = hash_inputs(members);
    let verification = key
        .zip(inputs)
        .and_then(|(key, (m, o, a, c))| signing::payin_verification(m, o, a, c, key).ok());
    let currency = members
        .iter()
        .find(|(k, _)| k == "payinCurrency")
        .and_then(|(_, v)| v.as_str());
    let region = currency
        .and_then(crate::country::payin_country)
        .and_then(|(_, rules)| rules.default_region);
    let today = crate::country::payin_today(currency, now).to_string();
    let mut out = String::with_capacity(2048);
    let mut filled = Vec::new();
    out.push('{');
    let mut first = true;
    let mut field = |out: &mut String, name: &str| {
        if !first {
            out.push(',');
        }
        first = false;
        write_string(out, name);
        out.push(':');
    };
    let blank = |v: &Value<'_>| matches!(v, Value::String(s) if crate::rules::is_blank(s));
    for (k, v) in members {
        let name: &str = k;
        field(&mut out, name);
        match (name, v) {
            ("payinMerchantID" | "payinExpirationTime", v) if integer_text(v).is_some() => {
                write_string(&mut out, &integer_text(v).unwrap_or_default().to_string());
            }
            ("payinAmount" | "payinProductAmount", v) if amount_of(v).is_some() => {
                write_string(&mut out, &amount_of(v).map(|a| a.to_string()).unwrap_or_default());
            }
            ("payinVerification", _) if verification.is_some() => {
                write_string(&mut out, verification.as_deref().unwrap_or_default());
            }
            ("payinDateTime", v) if blank(v) => {
                write_string(&mut out, &today);
                filled.push(name.to_string());
            }
            ("payinCustomerRegion", v) if blank(v) && region.is_some() => {
                write_string(&mut out, region.unwrap_or_default());
                filled.push(name.to_string());
            }
            // DESIGN.md 9 row 28: a whole number in a free-text field is sent as the
            // string of its JSON text, the text that was validated and hashed.
            (_, Value::Number(n))
                if crate::rules::is_whole_number(n) && payin::field_spec(name).is_some_and(|f| f.number_as_text) =>
            {
                write_string(&mut out, n);
            }
            _ => write_value(&mut out, v),
        }
    }
    for spec in payin::FIELDS {
        if members.iter().any(|(k, _)| k == spec.name) {
            continue;
        }
        let value: Option<String> = match (spec.name, &spec.blank) {
            ("payinVerification", _) => verification.clone(),
            ("typePost", _) => Some(payin::TYPE_POST.to_string()),
            ("payinDateTime", _) => Some(today.clone()),
            ("payinCustomerRegion", _) if region.is_some() => region.map(str::to_string),
            (_, Blank::Allowed | Blank::CouponByCountry) => Some(String::new()),
            _ => None,
        };
        if let Some(v) = value {
            field(&mut out, spec.name);
            write_string(&mut out, &v);
            // The signature is what prepare is asked for; every other value is one the
            // merchant left to prepare, which the result names.
            if spec.name != "payinVerification" {
                filled.push(spec.name.to_string());
            }
        }
    }
    out.push('}');
    Completion {
        text: out,
        filled,
        signed: verification.is_some(),
    }
}
