//! Runs `tests/vectors/receive/`: for each notification body, what `receive` answers
//! (verdict, HTTP status, code, idempotency key, whether it moves the stored state
//! forward and must be confirmed, whether the peer is allowed). Failures name the case.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use cobro::receive::{AllowList, NotificationKind, ReceiveOptions, receive};
use cobro::{Locale, Secret};
use serde_json::Value;

#[test]
fn every_receive_vector() {
    let text = std::fs::read_to_string(common::vectors_dir().join("receive").join("receive.json")).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    let cases = file["cases"].as_array().unwrap();
    assert!(cases.len() >= 15);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let kind = NotificationKind::from_name(case["kind"].as_str().unwrap()).unwrap();
        let key = case["key"].as_str().map(|k| Secret::new(k).unwrap());
        let allow_list = case["allow_list"]
            .as_array()
            .map(|l| AllowList::parse(l.iter().map(|e| e.as_str().unwrap())).unwrap());
        let options = ReceiveOptions {
            key: key.as_ref(),
            peer: case["peer"].as_str().map(|p| p.parse().unwrap()),
            allow_list: allow_list.as_ref(),
            stored_state: case["stored_state"].as_i64(),
            trust_unsigned: case["trust_unsigned"].as_bool().unwrap_or(false),
            merchant_id: case["merchant_id"].as_u64(),
            locale: Locale::En,
        };
        let got =
            serde_json::to_value(receive(kind, case["body_text"].as_str().unwrap().as_bytes(), &options)).unwrap();
        let want = &case["expected"];
        for field in [
            "verdict",
            "action",
            "http_status",
            "code",
            "idempotency_key",
            "moves_forward",
            "confirm_with_status_query",
            "peer_allowed",
        ] {
            assert_eq!(got[field], want[field], "{name}: {field}");
        }
        let read = ["payin", "subscription", "deposit"]
            .iter()
            .filter(|k| !got[**k].is_null())
            .count();
        assert_eq!(
            read,
            usize::from(want["verdict"] != "refused"),
            "{name}: the event is given when accepted"
        );
    }
}
