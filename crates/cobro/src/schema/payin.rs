//! Spec 2.4-2.7 and 8: the schema of the pay-in request, from the one field list
//! (`payin::fields`), the checks' constants and the per-country table.

use super::node::{Defs, Node, Obj, texts};
use super::{is, matching, merchant_id, non_blank, object, one_of, patterns, property, string, unexpressed, when};
use crate::amount::MAX_INTEGER_DIGITS;
use crate::country::COUNTRIES;
use crate::field::{self, OPERATION_NUMBER_MAX, SUBSCRIPTION_ID};
use crate::payin::checks::{EMAIL_MAX, EXPIRATION_MAX, HASH_HEX_LEN, LANGUAGE_LETTERS, URL_MAX};
use crate::payin::fields::{self, Blank, FIELDS};
use crate::payin::wallet::WALLET_METHOD;
use crate::payin::{DEEPLINK_METHOD, DEEPLINK_NAME_MAX, TYPE_POST};
use crate::processor::WALLET_PROCESSORS;

/// What a whole number in a free-text field cannot state.
const NUMBER_FOR_STRING: &str =
    "WARN_NUMBER_FOR_STRING: a whole number is accepted with a warning, its JSON text the value (DESIGN.md 9 row 28)";

/// Spec 4.4 and DESIGN.md section 2: the pay-in object (`Payin`), or that object
/// wrapped as `{"data": {...}}` (`PayinEnvelope`, a body whose only key is `data`).
/// No body is both: the flat object requires its fields, the envelope has one key.
pub(super) fn body(defs: &mut Defs) -> Obj {
    let payin = payin(defs);
    let payin = defs.name("Payin", payin);
    let envelope = object(&["data"], Obj::new().with("data", payin.clone())).with("maxProperties", 1usize);
    Obj::new().with(
        "oneOf",
        vec![Node::from(payin), defs.name("PayinEnvelope", envelope).into()],
    )
}

/// Spec 2.4: the pay-in object.
fn payin(defs: &mut Defs) -> Obj {
    let required: Vec<&str> = FIELDS
        .iter()
        .filter(|f| f.blank != Blank::Optional)
        .map(|f| f.name)
        .collect();
    let mut properties = Obj::new();
    for (slot, spec) in FIELDS.iter().enumerate() {
        properties.push(spec.name, field_schema(slot, defs));
    }
    object(&required, properties).with("allOf", conditions())
}

/// What to send as payinAmount (DESIGN.md 9 rows 9 and 10).
const AMOUNT_TO_SEND: &str = "Send a string with exactly two decimals, such as \"29.90\": the text payinVerification covers (spec 5.3) and the form every provider sample uses. A JSON number, or a string with fewer decimals, is accepted with WARN_AMOUNT_FORMAT.";

/// What cobro accepts with a warning: one form this schema accepts, one it leaves out.
const AMOUNT_FORMAT: &str = "WARN_AMOUNT_FORMAT: a string not in canonical two-decimal form (\"29.9\", \"30\", \"029.90\") is accepted with a warning; so is a JSON number, which this schema leaves out so that generated types hold the string to send (DESIGN.md 9 rows 9 and 10)";

/// A whole number besides a string (DESIGN.md 9 row 28).
fn or_number(text: Obj) -> Obj {
    unexpressed(
        Obj::new().with(
            "anyOf",
            vec![Node::from(text), Obj::new().with("type", "integer").into()],
        ),
        &[NUMBER_FOR_STRING],
    )
}

/// An https URL of at most [`URL_MAX`] characters (spec 2.4 and 8).
fn url() -> Obj {
    string()
        .with("maxLength", URL_MAX)
        .with("pattern", patterns::https_url())
}

/// The schema of the field in `slot` of [`FIELDS`] on its own; the rules that depend on
/// other fields are [`conditions`].
fn field_schema(slot: usize, defs: &mut Defs) -> Obj {
    let Some(spec) = FIELDS.get(slot) else {
        return Obj::new();
    };
    match slot {
        fields::MERCHANT_ID => merchant_id(),
        fields::AMOUNT => unexpressed(
            matching(patterns::amount_text(MAX_INTEGER_DIGITS))
                .with("description", AMOUNT_TO_SEND)
                .with("examples", texts(["29.90"])),
            &[
                AMOUNT_FORMAT,
                "WARN_AMOUNT_STEP: cents not in the country's steps (spec 2.6: MXN, 0.50)",
            ],
        ),
        fields::CURRENCY => unexpressed(
            matching(patterns::anchored("[A-Z]{3}")),
            &["WARN_UNSUPPORTED_CURRENCY: a currency of no pay-in country of the spec (DESIGN.md 9 row 11)"],
        ),
        fields::OPERATION_NUMBER => unexpressed(
            or_number(non_blank().with("maxLength", OPERATION_NUMBER_MAX)),
            &[
                NUMBER_FOR_STRING,
                "ERR_INVALID_LENGTH: a whole number's JSON text has at most 50 characters too",
            ],
        ),
        fields::METHOD => unexpressed(
            non_blank(),
            &["WARN_UNKNOWN_METHOD: a method spec 2.5 does not name for the country (DESIGN.md 9 row 12)"],
        ),
        fields::VERIFICATION => unexpressed(
            matching(patterns::anchored(&format!("[0-9A-Fa-f]{{{HASH_HEX_LEN}}}"))),
            &["ERR_INVALID_SIGNATURE: the SHA-512 of spec 5.3, checked when a key is given (DESIGN.md 9 row 18)"],
        ),
        fields::OK_URL | fields::ERROR_URL => url(),
        fields::EXPIRATION => unexpressed(
            Obj::new().with(
                "anyOf",
                vec![
                    Node::from(Obj::new().with("type", "null")),
                    Obj::new()
                        .with("type", "integer")
                        .with("minimum", 1u64)
                        .with("maximum", EXPIRATION_MAX)
                        .into(),
                    matching(patterns::integer_text(1, EXPIRATION_MAX)).into(),
                ],
            ),
            &["WARN_EXPIRATION_BELOW_SUGGESTED: below spec 2.6's suggested minimum for the country and method"],
        ),
        fields::LANGUAGE => matching(patterns::anchored(&format!("[A-Za-z]{{{LANGUAGE_LETTERS}}}"))),
        fields::EMAIL => string()
            .with("minLength", 1usize)
            .with("maxLength", EMAIL_MAX)
            .with("pattern", patterns::email()),
        fields::TYPE_DOCUMENT => unexpressed(
            non_blank(),
            &["WARN_UNKNOWN_DOCUMENT_TYPE: a type spec 2.5 does not name for the country (DESIGN.md 9 row 12)"],
        ),
        fields::DOCUMENT => unexpressed(
            non_blank(),
            &[
                "WARN_CHECK_DIGIT: the check digit of the document type",
                "WARN_DOCUMENT_FORMAT: the real format of the document type (DESIGN.md 9 row 33)",
            ],
        ),
        fields::PHONE => matching(patterns::digits(None)),
        fields::COUNTRY | fields::SHIPPING_COUNTRY => unexpressed(
            string(),
            &["WARN_COUNTRY_MISMATCH: names another country than the currency's (DESIGN.md 9 row 11)"],
        ),
        fields::COUPON => or_number(string()),
        fields::VOUCHER_THEME => unexpressed(
            string(),
            &[
                "WARN_UNSUPPORTED_VOUCHER_THEME: not of the form THEME_PE_<NAME> (spec 2.7: the standard voucher is used)",
            ],
        ),
        fields::DATE_TIME => unexpressed(
            non_blank(),
            &["WARN_DATE_FORMAT: not a date written YYYY-MM-DD as in the samples"],
        ),
        fields::URL_MONNET => unexpressed(
            url(),
            &[
                "WARN_UNEXPECTED_URL_PATH: a path other than the online-payments operation v1 or v3 (DESIGN.md 9 row 21)",
            ],
        ),
        fields::TYPE_POST => string().with("const", TYPE_POST),
        fields::PROCESSOR_CODE => defs.name("WalletProcessorCode", one_of(WALLET_PROCESSORS)),
        fields::SUBSCRIPTION => {
            let (min, max) = SUBSCRIPTION_ID;
            let id = super::integer(min, max);
            let id = Obj::new().with("anyOf", vec![Node::from(Obj::new().with("type", "null")), id.into()]);
            let subscription = unexpressed(
                object(
                    &["chargeType"],
                    Obj::new()
                        .with("chargeType", super::subscription::subscription_type(defs))
                        .with("subscriptionId", id),
                ),
                &[
                    "WARN_FIELD_IGNORED: given without an on-file processorCode (DESIGN.md 9 row 25)",
                    "WARN_MISSING_SUBSCRIPTION: absent with an on-file processorCode (DESIGN.md 9 row 25)",
                ],
            );
            defs.name("PayinSubscription", subscription)
        }
        _ => {
            let text = match spec.blank {
                Blank::Never => non_blank(),
                Blank::Allowed | Blank::CouponByCountry | Blank::Optional => string(),
            };
            if spec.number_as_text { or_number(text) } else { text }
        }
    }
}

/// The name of the field in `slot`.
fn name(slot: usize) -> &'static str {
    FIELDS.get(slot).map_or("", |f| f.name)
}

/// The rules of spec 2.4-2.7 that depend on another field: the country of payinCurrency
/// (DESIGN.md 9 row 11), the method and the processor code. The countries' rules are
/// one chain of if/else on payinCurrency, as only one currency applies: a flat list of
/// a condition per rule is more than property-based testers resolve.
fn conditions() -> Vec<Node> {
    let currency = name(fields::CURRENCY);
    let method = name(fields::METHOD);
    let names = |max: usize| {
        Obj::new()
            .with(name(fields::NAME), string().with("maxLength", max))
            .with(name(fields::LAST_NAME), string().with("maxLength", max))
    };
    let mut chain: Option<Obj> = None;
    for (c, r) in COUNTRIES.iter().rev().filter_map(|c| c.payin.map(|r| (c, r))) {
        let mut rules: Vec<Node> = Vec::new();
        if let Some(max) = r.name_max {
            rules.push(Obj::new().with("properties", names(max)).into());
        }
        if let Some(n) = r.phone_digits {
            rules.push(property(name(fields::PHONE), matching(patterns::digits(Some(n)))).into());
        }
        // DESIGN.md 9 row 7: a coupon that is not blank where the country requires one.
        if r.coupon_required {
            rules.push(property(name(fields::COUPON), or_number(non_blank())).into());
        }
        for d in r.documents {
            if let Some(n) = d.digits {
                rules.push(when(
                    is(name(fields::TYPE_DOCUMENT), d.name),
                    property(name(fields::DOCUMENT), matching(patterns::digits(Some(n)))),
                ));
            }
        }
        if rules.is_empty() {
            continue;
        }
        let mut link = Obj::new()
            .with("if", is(currency, c.currency))
            .with("then", Obj::new().with("allOf", rules));
        if let Some(rest) = chain.take() {
            link.push("else", rest);
        }
        chain = Some(link);
    }
    let mut out: Vec<Node> = chain.into_iter().map(Node::from).collect();
    // Spec 2.4: names of at most 30 characters for the deeplink method in any country,
    // and an expiration that is never null (DESIGN.md 9 row 8).
    out.push(when(
        is(method, DEEPLINK_METHOD),
        Obj::new().with(
            "properties",
            names(DEEPLINK_NAME_MAX).with(
                name(fields::EXPIRATION),
                Obj::new().with("not", Obj::new().with("type", "null")),
            ),
        ),
    ));
    // Spec 2.7: a theme that is not blank only for the countries and methods listed.
    let theme = name(fields::VOUCHER_THEME);
    let allowed: Vec<Node> = COUNTRIES
        .iter()
        .filter_map(|c| c.payin.map(|r| (c, r)))
        .filter(|(_, r)| !r.voucher_theme_methods.is_empty())
        .map(|(c, r)| {
            Obj::new()
                .with("required", texts([currency, method]))
                .with(
                    "properties",
                    Obj::new()
                        .with(currency, Obj::new().with("const", c.currency))
                        .with(method, one_of(r.voucher_theme_methods.iter().copied())),
                )
                .into()
        })
        .collect();
    out.push(when(
        Obj::new()
            .with("required", texts([theme]))
            .with("properties", Obj::new().with(theme, non_blank())),
        Obj::new().with("anyOf", allowed),
    ));
    // Spec 2.4: a wallet processor's method and user experience (DESIGN.md 9 row 25).
    out.push(when(
        Obj::new().with("required", texts([name(fields::PROCESSOR_CODE)])).with(
            "properties",
            Obj::new().with(name(fields::PROCESSOR_CODE), one_of(WALLET_PROCESSORS)),
        ),
        Obj::new().with(
            "properties",
            Obj::new()
                .with(method, Obj::new().with("const", WALLET_METHOD))
                .with(name(fields::PRODUCT_DESCRIPTION), one_of(field::DEVICES)),
        ),
    ));
    out
}
