//! Parses every body of `shared/provider-samples.json` (read at run time, never copied
//! into the project) that is valid JSON and is an answer or notification this library
//! types, and says how many parsed. Bodies of other endpoints (status queries, updates)
//! are listed as skipped, by name.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use std::path::PathBuf;

use cobro::parse::{DocumentKind, parse_document};

/// Which document a sample is, by its name; None for endpoints outside the spec.
fn kind_of(name: &str) -> Option<(DocumentKind, u16)> {
    let name = name.strip_prefix("guide_").unwrap_or(name);
    let starts = |p: &str| name.starts_with(p);
    if starts("payin_create_response") {
        Some((DocumentKind::PayinResponse, 200))
    } else if starts("payin_notification") {
        Some((DocumentKind::PayinNotification, 200))
    } else if starts("subscription_create_response")
        || starts("subscription_create_error")
        || starts("subscription_cancel_response")
        || starts("subscription_cancel_error")
    {
        Some((DocumentKind::SubscriptionResponse, 200))
    } else if starts("subscription_webhook") {
        Some((DocumentKind::SubscriptionWebhook, 200))
    } else if starts("va_create_response") || name == "va_get_details_response" || name == "va_update_info_response" {
        Some((DocumentKind::VirtualAccountResponse, 200))
    } else if starts("va_error") {
        Some((DocumentKind::VirtualAccountResponse, 400))
    } else if starts("va_deposit_notification") {
        Some((DocumentKind::DepositNotification, 200))
    } else {
        None
    }
}

#[test]
fn every_provider_answer_and_notification_parses() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/provider-samples.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("note: {} is absent; provider sample test skipped", path.display());
        return;
    };
    let all: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut parsed = Vec::new();
    let mut skipped = Vec::new();
    let mut failures = Vec::new();
    for sample in all["samples"].as_array().unwrap() {
        let name = sample["name"].as_str().unwrap();
        let (true, Some((kind, status))) = (sample["valid_json"].as_bool() == Some(true), kind_of(name)) else {
            skipped.push(name);
            continue;
        };
        match parse_document(kind, status, sample["body"].as_str().unwrap().as_bytes()) {
            Ok(_) => parsed.push(name),
            Err(e) => failures.push(format!("{name} as {}: {e}", kind.as_str())),
        }
    }
    println!("parsed {} provider samples: {parsed:?}", parsed.len());
    println!(
        "skipped {} (other endpoints, requests, or not JSON): {skipped:?}",
        skipped.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(parsed.len() >= 20, "only {} samples parsed", parsed.len());
}
