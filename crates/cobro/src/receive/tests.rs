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
        trust_unsigned: false,
        merchant_id: None,
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
    assert_eq!(parse_peer("fe80::1%eth0").unwrap().to_string(), "fe80::1");
    for bad in [
        "",
        "203.0.113.7:443",
        "localhost",
        "203.0.113.0/24",
        "203.0.113.7%eth0",
        "fe80::1%",
        "%eth0",
    ] {
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

/// The hash covers the four texts joined with no separator: a signed notification cut
/// at other edges (a zero moved before the amount, a letter before the currency, a
/// merchant id with a leading zero) is refused as not a notification, not taken as an
/// authentic one for another order.
#[test]
fn a_signed_text_cut_at_other_edges_is_refused() {
    let key = Secret::new(KEY).unwrap();
    let hash = crate::signing::payin_verification_text("1234", "100", "25.00", "PEN", &key);
    let forged = |mid: &str, op: &str, amount: &str, currency: &str| {
        format!(
            r#"{{"payinStateID":"6","payinMerchantID":"{mid}","payinAmount":"{amount}","payinCurrency":"{currency}","payinMerchantOperationNumber":"{op}","payinVerification":"{hash}"}}"#
        )
    };
    let genuine = receive(
        NotificationKind::PayinNotification,
        forged("1234", "100", "25.00", "PEN").as_bytes(),
        &options(Some(&key), None),
    );
    assert_eq!(genuine.verdict, ReceiptVerdict::Authentic);
    for (mid, op, amount, currency, field) in [
        ("1234", "10", "025.00", "PEN", "payinAmount"),
        ("1234", "100", "25.0", "0PEN", "payinCurrency"),
    ] {
        let r = receive(
            NotificationKind::PayinNotification,
            forged(mid, op, amount, currency).as_bytes(),
            &options(Some(&key), None),
        );
        assert_eq!((r.verdict, r.http_status), (ReceiptVerdict::Refused, 400), "{field}");
        assert!(
            r.message.as_deref().unwrap_or_default().contains(field),
            "{:?}",
            r.message
        );
    }
}

/// Two webhooks whose texts differ only in where a `:` falls are two events, and a
/// key's size does not grow with the body.
#[test]
fn idempotency_keys_are_fixed_in_size_and_tell_events_apart() {
    let webhook = |origin: &str, status: &str, code: &str| {
        let body = format!(
            r#"{{"subscriptionId":7,"chargeType":"ON_DEMAND","customerId":"c","originType":"{origin}","status":"{status}","errorDetails":{{"code":"{code}","message":""}}}}"#
        );
        let trusted = ReceiveOptions {
            trust_unsigned: true,
            ..options(None, None)
        };
        receive(NotificationKind::SubscriptionWebhook, body.as_bytes(), &trusted)
    };
    let a = webhook("WEB", "AUTHORIZED", ":9099");
    let b = webhook("WEB:AUTHORIZED", "", "9099");
    let (Some(a), Some(b)) = (a.idempotency_key, b.idempotency_key) else {
        panic!("both are webhooks")
    };
    assert_ne!(a, b);
    let long = webhook(&"W".repeat(100_000), "AUTHORIZED", "");
    for key in [&a, &b, long.idempotency_key.as_ref().unwrap()] {
        assert_eq!(key.len(), "subscription-webhook:".len() + 64, "{key}");
    }
    assert_eq!(webhook("WEB", "AUTHORIZED", ":9099").idempotency_key.unwrap(), a);
}

/// Digits moved between the merchant id and the operation number keep the hash: given
/// the merchant's own id, the receiver refuses the notification that names another.
#[test]
fn a_notification_naming_another_merchant_is_refused_given_the_merchants_id() {
    let key = Secret::new(KEY).unwrap();
    let hash = crate::signing::payin_verification_text("1234", "5678", "25.00", "PEN", &key);
    let body = |mid: &str, op: &str| {
        format!(
            r#"{{"payinStateID":"6","payinMerchantID":"{mid}","payinAmount":"25.00","payinCurrency":"PEN","payinMerchantOperationNumber":"{op}","payinVerification":"{hash}"}}"#
        )
    };
    let mine = ReceiveOptions {
        merchant_id: Some(1234),
        ..options(Some(&key), None)
    };
    let genuine = receive(
        NotificationKind::PayinNotification,
        body("1234", "5678").as_bytes(),
        &mine,
    );
    assert_eq!(genuine.verdict, ReceiptVerdict::Authentic);
    let moved = body("12345", "678");
    let unchecked = receive(
        NotificationKind::PayinNotification,
        moved.as_bytes(),
        &options(Some(&key), None),
    );
    assert_eq!(
        unchecked.verdict,
        ReceiptVerdict::Authentic,
        "the hash alone cannot tell"
    );
    let r = receive(NotificationKind::PayinNotification, moved.as_bytes(), &mine);
    assert_eq!(
        (r.verdict, r.http_status, r.code.as_deref()),
        (ReceiptVerdict::Refused, 401, Some("ERR_OTHER_MERCHANT"))
    );
    assert!(r.payin.is_none() && r.idempotency_key.is_none());
}

const WEBHOOK: &[u8] =
    br#"{"subscriptionId":7,"chargeType":"ON_DEMAND","customerId":"1","originType":"WEB","status":"AUTHORIZED"}"#;
const DEPOSIT: &[u8] = br#"{"operationId":"op-1","amount":"30.00","currency":"PEN","status":{"code":5}}"#;

/// Given an allow-list, a peer the server could not name (a reset connection, a Unix
/// socket) is refused like one outside it, in every kind, before the body is read.
#[test]
fn an_unknown_peer_is_refused_when_an_allow_list_is_given() {
    let key = Secret::new(KEY).unwrap();
    let list = AllowList::parse(["203.0.113.0/24"]).unwrap();
    let payin = body("5", "30.0");
    for (kind, raw) in [
        (NotificationKind::PayinNotification, &payin[..]),
        (NotificationKind::SubscriptionWebhook, WEBHOOK),
        (NotificationKind::DepositNotification, DEPOSIT),
    ] {
        let unknown = ReceiveOptions {
            allow_list: Some(&list),
            trust_unsigned: true,
            ..options(Some(&key), None)
        };
        let r = receive(kind, raw, &unknown);
        assert_eq!(
            (r.verdict, r.action, r.http_status, r.code.as_deref(), r.peer_allowed),
            (
                ReceiptVerdict::Refused,
                ReceiptAction::Ignore,
                403,
                Some("ERR_PEER_UNKNOWN"),
                Some(false)
            ),
            "{kind:?}"
        );
        assert!(r.message.unwrap().contains("allow-list"));
        let outside = ReceiveOptions {
            peer: Some("198.51.100.1".parse().unwrap()),
            ..unknown
        };
        assert_eq!(
            receive(kind, raw, &outside).code.as_deref(),
            Some("ERR_PEER_NOT_ALLOWED")
        );
        let inside = ReceiveOptions {
            peer: Some("203.0.113.9".parse().unwrap()),
            ..unknown
        };
        assert_eq!(receive(kind, raw, &inside).http_status, 200, "{kind:?}");
    }
}

/// Nothing in an unsigned body vouches for it: it is acted on only from a peer the
/// allow-list admitted, or when the caller trusts unsigned notifications; otherwise it
/// is refused with a message that names the allow-list, in every locale.
#[test]
fn an_unsigned_notification_is_acted_on_only_when_something_vouches_for_it() {
    let list = AllowList::parse(["203.0.113.0/24"]).unwrap();
    for (kind, raw) in [
        (NotificationKind::SubscriptionWebhook, WEBHOOK),
        (NotificationKind::DepositNotification, DEPOSIT),
    ] {
        let from_anyone = ReceiveOptions {
            peer: Some("198.51.100.1".parse().unwrap()),
            ..options(None, None)
        };
        let r = receive(kind, raw, &from_anyone);
        assert_eq!(
            (r.verdict, r.action, r.http_status, r.code.as_deref()),
            (
                ReceiptVerdict::Refused,
                ReceiptAction::Ignore,
                403,
                Some("ERR_UNSIGNED_NOT_TRUSTED")
            ),
            "{kind:?}"
        );
        assert!(r.idempotency_key.is_none() && r.subscription.is_none() && r.deposit.is_none());
        let message = r.message.unwrap();
        assert!(
            message.contains(kind.as_str()) && message.contains("allow-list"),
            "{message}"
        );
        for (locale, word) in [(Locale::Es, "permitidas"), (Locale::Pt, "permitidos")] {
            let r = receive(kind, raw, &ReceiveOptions { locale, ..from_anyone });
            assert!(r.message.unwrap().contains(word), "{locale:?}");
        }
        // Read first: a body that is not one is a 400 whoever sends it.
        assert_eq!(receive(kind, b"[]", &from_anyone).http_status, 400);
        for vouched in [
            ReceiveOptions {
                peer: Some("203.0.113.9".parse().unwrap()),
                allow_list: Some(&list),
                ..from_anyone
            },
            ReceiveOptions {
                trust_unsigned: true,
                ..from_anyone
            },
            ReceiveOptions {
                peer: None,
                trust_unsigned: true,
                ..from_anyone
            },
        ] {
            let r = receive(kind, raw, &vouched);
            assert_eq!(
                (r.verdict, r.action, r.http_status),
                (ReceiptVerdict::Unverifiable, ReceiptAction::Act, 200),
                "{kind:?}"
            );
        }
        // Trusting unsigned notifications does not override an allow-list.
        let outside = ReceiveOptions {
            allow_list: Some(&list),
            trust_unsigned: true,
            ..from_anyone
        };
        assert_eq!(
            receive(kind, raw, &outside).code.as_deref(),
            Some("ERR_PEER_NOT_ALLOWED")
        );
    }
}

/// A pay-in notification's state is not signed: it is a reason to ask the status
/// query, never acted on itself; nothing to ask when it changes nothing.
#[test]
fn what_a_payin_notification_lets_the_merchant_do() {
    let key = Secret::new(KEY).unwrap();
    for (stored, state, action) in [
        (None, "5", ReceiptAction::Confirm),
        (None, "2", ReceiptAction::Confirm),
        (Some(2), "5", ReceiptAction::Confirm),
        (Some(1), "2", ReceiptAction::Confirm),
        (Some(5), "10", ReceiptAction::Confirm),
        (Some(5), "5", ReceiptAction::Ignore),
        (Some(5), "2", ReceiptAction::Ignore),
        (Some(6), "3", ReceiptAction::Ignore),
        // A paid state behind the stored one is asked about: the stored state may come
        // from a replay whose state was swapped.
        (Some(6), "5", ReceiptAction::Confirm),
        (Some(10), "9", ReceiptAction::Confirm),
    ] {
        let r = receive(
            NotificationKind::PayinNotification,
            &body(state, "30.0"),
            &options(Some(&key), stored),
        );
        assert_eq!(
            (r.verdict, r.action),
            (ReceiptVerdict::Authentic, action),
            "{stored:?} {state}"
        );
    }
    let refused = receive(
        NotificationKind::PayinNotification,
        &body("5", "30.0"),
        &options(None, None),
    );
    assert_eq!(refused.action, ReceiptAction::Ignore);
}
