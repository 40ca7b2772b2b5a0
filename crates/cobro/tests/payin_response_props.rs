//! Hostile input for the pay-in answer parser (DESIGN.md section 8): random bytes,
//! random JSON over the answer's field names, random voucherConfig texts, truncated
//! vector bodies and random markup. Nothing may panic, every error carries a catalogue
//! code, and the sanitized HTML never keeps a script, an event attribute or a
//! non-https link.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::Code;
use cobro::payin::markup::{ALLOWED_TAGS, Markup};
use cobro::payin::response::{Experience, PayinResponse, parse_payin_response};
use proptest::prelude::*;

const KEYS: &str = "(payinErrorCode|payinErrorMessage|payinTrxOperation|url|experienceVoucher|qrCode|deepLinks|\
paymentCode|status|expiration|amount|currencyCode|voucherConfig|generalInstructions|bankList|CashList|WalletList|\
bankCode|nroOrder|hexColor|paymentMethodInstructions|method|instructions|order|value|devices|code|processor|\
processoCode|collectorId|deepLink|x)";

fn strings() -> BoxedStrategy<String> {
    prop_oneof![
        Just("0000".to_string()),
        Just("2030-01-31 23:59:59".to_string()),
        Just("150.00".to_string()),
        Just("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNgYGD4DwABBAEAgLvRWwAAAABJRU5ErkJggg==".to_string()),
        Just(r#"{"bankList":[{"bankCode":"A","nroOrder":"1"}]}"#.to_string()),
        Just(r#""{\"CashList\":[]}""#.to_string()),
        "[ -~]{0,12}",
        ".{0,8}",
    ]
    .boxed()
}

/// Every parse either succeeds with a consistent value or fails with a catalogue code.
fn check(body: &[u8]) -> Result<(), TestCaseError> {
    match parse_payin_response(body) {
        Ok(answer) => consistent(&answer),
        Err(e) => {
            prop_assert!(Code::ALL.contains(&e.code));
            prop_assert!(!e.expected.is_empty());
            Ok(())
        }
    }
}

fn consistent(answer: &PayinResponse) -> Result<(), TestCaseError> {
    prop_assert_eq!(answer.success, answer.error_code == "0000");
    prop_assert_eq!(answer.success, !matches!(answer.experience, Experience::Failed));
    if let Experience::Qr { qr_png, .. } = &answer.experience {
        prop_assert!(qr_png.starts_with(&cobro::payin::qr::PNG_SIGNATURE));
    }
    let json = serde_json::to_value(answer).unwrap();
    prop_assert_eq!(json["experience"]["kind"].as_str(), Some(answer.kind()));
    Ok(())
}

/// Every `<` left in sanitized HTML opens an allowed tag (text `<` is escaped), whose
/// only attributes are an https `href` and `rel`.
fn safe_html(html: &str) -> Result<(), TestCaseError> {
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        let after = &rest[start + 1..];
        let end = after
            .find('>')
            .ok_or_else(|| TestCaseError::fail(format!("unclosed tag in {html}")))?;
        let tag = &after[..end];
        let body = tag.trim_start_matches('/');
        let name_end = body.find(|c: char| c.is_whitespace() || c == '/').unwrap_or(body.len());
        let name = &body[..name_end];
        prop_assert!(ALLOWED_TAGS.contains(&name), "tag {name} kept in {html}");
        // Attributes as the serializer writes them: name="value" (quotes in values escaped).
        let mut attrs = body[name_end..].trim_start();
        while !attrs.is_empty() && attrs != "/" {
            let (key, tail) = attrs
                .split_once("=\"")
                .ok_or_else(|| TestCaseError::fail(format!("attribute in {html}")))?;
            let (value, next) = tail
                .split_once('"')
                .ok_or_else(|| TestCaseError::fail(format!("value in {html}")))?;
            prop_assert!(key == "href" || key == "rel", "attribute {key} kept in {html}");
            if key == "href" {
                prop_assert!(value.starts_with("https://"), "href {value} kept in {html}");
            }
            attrs = next.trim_start();
        }
        rest = &after[end + 1..];
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(body in prop::collection::vec(any::<u8>(), 0..300)) {
        check(&body)?;
    }

    #[test]
    fn random_json(value in common::arb_json(strings(), KEYS, 5, 6)) {
        check(value.to_string().as_bytes())?;
    }

    #[test]
    fn random_voucher_config(config in common::arb_json(strings(), KEYS, 5, 5), double in any::<bool>(), qr in any::<bool>()) {
        let mut text = config.to_string();
        if double {
            text = serde_json::Value::String(text).to_string();
        }
        let mut voucher = serde_json::json!({
            "paymentCode": "1", "status": "PENDIENTE_PAGO", "expiration": "2030-01-31 23:59:59",
            "amount": "1.00", "currencyCode": "PEN", "voucherConfig": text
        });
        let mut body = serde_json::json!({"payinErrorCode": "0000"});
        if qr {
            voucher["generalInstructions"] = serde_json::json!([]);
            body["qrCode"] = serde_json::json!("data:image/png;base64,iVBORw0KGgo=");
        }
        body["experienceVoucher"] = voucher;
        check(body.to_string().as_bytes())?;
    }

    #[test]
    fn truncated_vector_bodies(cut in 0usize..4000, pick in 0usize..1000) {
        let bodies = vector_bodies();
        let body = &bodies[pick % bodies.len()];
        check(&body[..cut.min(body.len())])?;
    }

    #[test]
    fn random_markup(raw in r#"([a-z <>/="':&;#!-]|<script>|<a href="|javascript:|onclick=|<br>|<p>|</p>|<b>|&amp;|&#x3c;|<!--|<img src=x onerror=|style=|http://|https://b.example/|<iframe>){0,24}"#) {
        let m = Markup::new(&raw).unwrap();
        safe_html(&m.html)?;
        prop_assert!(m.text.lines().all(|l| l == l.trim_end()));
        prop_assert_eq!(m.raw, raw);
    }
}

fn vector_bodies() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for path in common::vector_files("responses") {
        if !path
            .file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("payin-response")
        {
            continue;
        }
        let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for case in file["cases"].as_array().unwrap() {
            if let Some(body) = case.get("body") {
                out.push(body.to_string().into_bytes());
            }
        }
    }
    assert!(!out.is_empty());
    out
}
