//! The receiver's own tests; the shared vectors (`tests/vectors/receive`) hold the cases
//! every language runs.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests may unwrap

use super::*;

const KEY: &str = "fake-payin-key-receive";

fn body(state: &str, amount: &str) -> Vec<u8> {
    let key = Secret::new(KEY).unwrap();
    let hash = crate::signing::payin_verification_text("1234", "ORDER-1", amount, "PEN", &key);
    format!(
        r#"{{"payinStateID":"{state}","payinMerchantID":"1234","payinAmount":"{amount}","payinCurrency":"PEN","payinMerchantOperationNumber":"ORDER-1","payinVerification":"{hash}"}}"#
    )
    .into_bytes()
}

fn options<'a>(key: Option<&'a Secret>, stored_state: Option<i64>) -> ReceiveOptions<'a> {
    ReceiveOptions {
        key,
        peer: None,
        allow_list: None,
        stored_state,
        locale: Locale::En,
    }
}

#[test]
fn two_deliveries_of_a_state_are_one_event_and_another_state_is_another() {
    let key = Secret::new(KEY).unwrap();
    let first = receive(
        NotificationKind::PayinNotification,
        &body("5", "30.0"),
        &options(Some(&key), Some(2)),
    );
    let again = receive(
        NotificationKind::PayinNotification,
        &body("5", "30.0"),
        &options(Some(&key), Some(5)),
    );
    assert_eq!(first.idempotency_key, again.idempotency_key);
    assert_eq!((first.moves_forward, again.moves_forward), (Some(true), Some(false)));
    assert_eq!((first.http_status, again.http_status), (200, 200));
    let later = receive(
        NotificationKind::PayinNotification,
        &body("9", "30.0"),
        &options(Some(&key), Some(5)),
    );
    assert_ne!(later.idempotency_key, first.idempotency_key);
}

#[test]
fn a_refusal_never_shows_the_body_or_the_key() {
    let key = Secret::new(KEY).unwrap();
    let mut tampered = body("5", "30.0");
    let at = tampered.windows(4).position(|w| w == b"30.0").unwrap();
    tampered[at] = b'9';
    let r = receive(
        NotificationKind::PayinNotification,
        &tampered,
        &options(Some(&key), None),
    );
    assert_eq!((r.verdict, r.http_status), (ReceiptVerdict::Refused, 401));
    let message = r.message.unwrap();
    assert!(
        !message.contains("90.0") && !message.contains(KEY) && !message.contains("ORDER-1"),
        "{message}"
    );
    assert!(r.payin.is_none() && r.idempotency_key.is_none());
}

#[test]
fn without_a_key_a_payin_notification_is_not_authentic() {
    let r = receive(
        NotificationKind::PayinNotification,
        &body("5", "30.0"),
        &options(None, None),
    );
    assert_eq!(
        (r.verdict, r.http_status, r.code.as_deref()),
        (ReceiptVerdict::Refused, 401, Some("ERR_MISSING_SIGNATURE"))
    );
    let r = receive(NotificationKind::PayinNotification, b"[]", &options(None, None));
    assert_eq!(r.http_status, 400);
}

#[test]
fn kinds_by_name() {
    for kind in NotificationKind::ALL {
        assert_eq!(NotificationKind::from_name(kind.as_str()), Some(kind));
    }
    assert_eq!(NotificationKind::from_name("payin"), None);
    let refused = NotificationKind::parse("payin").unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(refused.to_string().contains("subscription-webhook"), "{refused}");
}

#[test]
fn peers_by_text() {
    assert_eq!(parse_peer(" 203.0.113.7 ").unwrap().to_string(), "203.0.113.7");
    assert_eq!(
        parse_peer("::ffff:203.0.113.7").unwrap().to_string(),
        "::ffff:203.0.113.7"
    );
    for bad in ["", "203.0.113.7:443", "localhost", "203.0.113.0/24"] {
        let refused = parse_peer(bad).unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "{bad}");
        assert!(refused.to_string().contains("peer"), "{refused}");
    }
}

#[test]
fn the_kind_of_a_body() {
    assert_eq!(
        detect_kind(&body("5", "30.0")),
        Some(NotificationKind::PayinNotification)
    );
    assert_eq!(
        detect_kind(br#"{"subscriptionId":7,"status":"AUTHORIZED"}"#),
        Some(NotificationKind::SubscriptionWebhook)
    );
    assert_eq!(
        detect_kind(br#"{"operationId":"op-1"}"#),
        Some(NotificationKind::DepositNotification)
    );
    for other in [&b"[]"[..], b"{}", b"not json", br#"{"payinstateid":"5"}"#] {
        assert_eq!(detect_kind(other), None);
    }
}
