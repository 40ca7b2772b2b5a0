//! The payloads the benchmarks measure, one valid and one invalid body per kind.
//!
//! Valid bodies are the repository's `examples/` (the pay-in one is the full Peru
//! BankTransfer body of spec 2.4); invalid ones are the same bodies with a few values
//! edited, so both sides of a comparison read the same amount of JSON.
//!
//! [`load`] drives the mock (`cobro-mock`) over HTTP for its load test and its bench.

use std::time::Duration;

use cobro::Kind;
use criterion::Criterion;

pub mod load;

/// The criterion settings of every benchmark: short enough that the whole
/// `cargo bench -p cobro-benches` takes about two minutes on two shared cores.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_secs(1))
}

const PAYIN: &str = include_str!("../../examples/payin-pe-banktransfer.json");
const VIRTUAL_ACCOUNT: &str = include_str!("../../examples/virtual-account-pe.json");
const VIRTUAL_ACCOUNT_INVALID: &str = include_str!("../../examples/virtual-account-invalid.json");
const SUBSCRIPTION: &str = include_str!("../../examples/subscription-recurrent.json");
/// Spec 2.3: a cancellation (no example file exists for it).
const SUBSCRIPTION_CANCEL: &str = r#"{
  "merchantId": 1234,
  "subscriptionDetails": {
    "type": "RECURRENT",
    "customerId": "987654321",
    "processorCode": "Wallet_on_file"
  }
}
"#;

/// One benchmark input.
#[derive(Debug, Clone)]
pub struct Payload {
    /// The criterion group name, e.g. `payin_valid`.
    pub name: &'static str,
    /// The kind to validate it as.
    pub kind: Kind,
    /// The body.
    pub body: Vec<u8>,
    /// Whether the body is meant to be valid.
    pub valid: bool,
}

/// `text` with each `(from, to)` replaced once; `None` when a `from` is not found, so an
/// edit that silently missed never turns an invalid payload into a valid one.
fn edited(text: &str, edits: &[(&str, &str)]) -> Option<Vec<u8>> {
    let mut out = text.to_string();
    for (from, to) in edits {
        if !out.contains(from) {
            return None;
        }
        out = out.replacen(from, to, 1);
    }
    Some(out.into_bytes())
}

/// Every payload: for each kind a valid body and an invalid one.
pub fn payloads() -> Vec<Payload> {
    let mut all = Vec::new();
    let mut push = |name, kind, body: Option<Vec<u8>>, valid| {
        if let Some(body) = body {
            all.push(Payload {
                name,
                kind,
                body,
                valid,
            });
        }
    };
    push(
        "virtual_account_valid",
        Kind::VirtualAccount,
        Some(VIRTUAL_ACCOUNT.into()),
        true,
    );
    push(
        "virtual_account_invalid",
        Kind::VirtualAccount,
        Some(VIRTUAL_ACCOUNT_INVALID.into()),
        false,
    );
    push(
        "subscription_valid",
        Kind::Subscription,
        Some(SUBSCRIPTION.into()),
        true,
    );
    push(
        "subscription_invalid",
        Kind::Subscription,
        edited(
            SUBSCRIPTION,
            &[
                ("\"MOBILE\"", "\"TABLET\""),
                ("\"1\"", "\"monthly\""),
                ("49.90", "49.999"),
            ],
        ),
        false,
    );
    push(
        "subscription_cancel_valid",
        Kind::SubscriptionCancel,
        Some(SUBSCRIPTION_CANCEL.into()),
        true,
    );
    push(
        "subscription_cancel_invalid",
        Kind::SubscriptionCancel,
        edited(
            SUBSCRIPTION_CANCEL,
            &[("\"RECURRENT\"", "\"WEEKLY\""), ("\"987654321\"", "\"\"")],
        ),
        false,
    );
    push("payin_valid", Kind::Payin, Some(PAYIN.into()), true);
    push(
        "payin_invalid",
        Kind::Payin,
        edited(
            PAYIN,
            &[
                ("\"ana.perez@example.com\"", "\"ana.perez(at)example.com\""),
                (
                    "\"payinCustomerPhone\": \"987654321\"",
                    "\"payinCustomerPhone\": \"98765\"",
                ),
                (
                    "https://shop.example.com/checkout/ok",
                    "http://shop.example.com/checkout/ok",
                ),
                ("\"150.50\",", "\"150.505\","),
            ],
        ),
        false,
    );
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_edit_applies() {
        assert_eq!(payloads().len(), 8);
    }

    /// The benchmark numbers only mean something when the payloads are what their names
    /// say: the valid ones must validate, the invalid ones must not.
    #[test]
    fn payloads_have_the_verdict_their_name_says() {
        for p in payloads() {
            let report = cobro::validate(p.kind, &p.body, &Default::default());
            assert_eq!(report.valid, p.valid, "{}: {}", p.name, report.to_json());
            if !p.valid {
                // The README says invalid payloads carry 2 to 5 problems each.
                let n = report.errors.len() + report.warnings.len();
                assert!((2..=5).contains(&n), "{}: {n} issues", p.name);
            }
            assert_eq!(
                report.warnings.len() + report.errors.len() == 0,
                p.valid,
                "{}: {}",
                p.name,
                report.to_json()
            );
        }
    }
}
