//! A merchant's pay-in flow against the mock: every answer family, the payment
//! notification verified with the core, repeated operation numbers (the retries of the
//! same request are in tests/replay.rs), wrong keys, on-file charges without a
//! subscription, and the faults.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use cobro::payin::response::Experience;
use cobro::{CivilDate, PrepareOptions, PreparedRequest, UnixSeconds};
use common::*;

fn now() -> UnixSeconds {
    UnixSeconds::new(1_795_608_000).unwrap()
}

/// The example pay-in with fields changed, prepared (signed) with `key`.
fn payin(changes: &[(&str, serde_json::Value)], key: &cobro::Secret) -> PreparedRequest {
    let mut body: serde_json::Value = serde_json::from_slice(&example("payin-pe-banktransfer-unsigned.json")).unwrap();
    for (name, value) in changes {
        body[*name] = value.clone();
    }
    let text = serde_json::to_vec(&body).unwrap();
    cobro::prepare_payin(&text, key, now(), &PrepareOptions::default()).unwrap()
}

fn op(n: &str) -> (&'static str, serde_json::Value) {
    ("payinMerchantOperationNumber", serde_json::Value::from(n))
}

#[tokio::test(flavor = "multi_thread")]
async fn every_family_answers_in_its_shape() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    type Case<'a> = (&'a [(&'a str, serde_json::Value)], fn(&Experience) -> bool);
    let cases: [Case<'_>; 5] = [
        (&[], |e| matches!(e, Experience::Voucher { .. })),
        (&[("payinMethod", "Cash".into())], |e| {
            matches!(e, Experience::Voucher { .. })
        }),
        (&[("payinMethod", "QR".into())], |e| matches!(e, Experience::Qr { .. })),
        (
            &[
                ("payinMethod", "BankTransfer_Deeplink".into()),
                ("payinExpirationTime", 30.into()),
            ],
            |e| matches!(e, Experience::DeeplinkMethod { .. }),
        ),
        (&[("payinMethod", "TCTD".into())], |e| {
            matches!(e, Experience::Redirect { .. })
        }),
    ];
    for (i, (changes, expected)) in cases.iter().enumerate() {
        let mut changes = changes.to_vec();
        let number = format!("FAMILY-{i}");
        changes.push(op(&number));
        let (status, body) = send(&mock, &payin(&changes, &payin_key()), &[]).await;
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        let answer = cobro::parse_payin_response(&body).unwrap();
        assert!(
            answer.success && expected(&answer.experience),
            "{i}: {:?}",
            answer.experience
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn pay_and_receive_a_verified_notification() {
    let mut hook = webhook().await;
    let mock = mock(config(&hook.url));
    let (status, body) = send(&mock, &payin(&[op("ORDER-1")], &payin_key()), &[]).await;
    assert_eq!(status, 200);
    assert_eq!(cobro::parse_payin_response(&body).unwrap().error_code, "0000");

    // The same request again is a retry, answered as the first was (tests/replay.rs);
    // another request under the same operation number is refused, documented code.
    let (again, _) = send(&mock, &payin(&[op("ORDER-1")], &payin_key()), &[]).await;
    assert_eq!(again, 200);
    let other = [op("ORDER-1"), ("payinCustomerCity", "Cusco".into())];
    let (status, body) = send(&mock, &payin(&other, &payin_key()), &[]).await;
    assert_eq!(status, 400);
    assert_eq!(
        cobro::parse_payin_response(&body).unwrap().error_code,
        cobro::provider::payin::FALLBACK_CODE
    );

    // A wrong key: 0010. An unknown merchant: 0009. A missing amount: 0002.
    let wrong = cobro::Secret::new("not-the-merchant-key").unwrap();
    let (_, body) = send(&mock, &payin(&[op("ORDER-2")], &wrong), &[]).await;
    assert_eq!(cobro::parse_payin_response(&body).unwrap().error_code, "0010");
    let (_, body) = send(
        &mock,
        &payin(&[op("ORDER-3"), ("payinMerchantID", 999.into())], &payin_key()),
        &[],
    )
    .await;
    assert_eq!(cobro::parse_payin_response(&body).unwrap().error_code, "0009");
    let mut unsigned = payin(&[op("ORDER-4")], &payin_key());
    let mut emptied: serde_json::Value = serde_json::from_str(&unsigned.body).unwrap();
    emptied["payinAmount"] = "".into();
    unsigned.body = emptied.to_string();
    let (_, body) = send(&mock, &unsigned, &[]).await;
    assert_eq!(cobro::parse_payin_response(&body).unwrap().error_code, "0002");

    // Paid from the control API: the notification verifies with the merchant's key.
    let (status, reply) = control(&mock, "/_mock/payins/ORDER-1/pay", "").await;
    assert_eq!(status, 200, "{reply}");
    let n = cobro::verify_payin_notification(&hook.next().await, &payin_key()).unwrap();
    assert_eq!(
        (n.payin_state_id, n.payin_merchant_operation_number.as_str()),
        (5, "ORDER-1")
    );
    // Settled, refunded after settlement; a second payment is not a change the lifecycle allows.
    assert_eq!(control(&mock, "/_mock/payins/ORDER-1/settle", "").await.0, 200);
    assert_eq!(
        cobro::parse_payin_notification(&hook.next().await)
            .unwrap()
            .payin_state_id,
        9
    );
    assert_eq!(control(&mock, "/_mock/payins/ORDER-1/pay", "").await.0, 409);
    assert_eq!(control(&mock, "/_mock/payins/ORDER-1/refund", "").await.0, 200);
    assert_eq!(
        cobro::parse_payin_notification(&hook.next().await)
            .unwrap()
            .payin_state_id,
        11
    );
    assert_eq!(control(&mock, "/_mock/payins/NO-SUCH/pay", "").await.0, 404);
}

#[tokio::test(flavor = "multi_thread")]
async fn notification_faults() {
    let mut hook = webhook().await;
    let mock = mock(config(&hook.url));
    for n in ["F-1", "F-2", "F-3"] {
        assert_eq!(send(&mock, &payin(&[op(n)], &payin_key()), &[]).await.0, 200);
    }
    control(&mock, "/_mock/payins/F-1/pay", r#"{"wrong_signature":true}"#).await;
    assert!(cobro::verify_payin_notification(&hook.next().await, &payin_key()).is_err());
    control(&mock, "/_mock/payins/F-2/pay", r#"{"duplicate":true}"#).await;
    let (a, b) = (hook.next().await, hook.next().await);
    assert_eq!(a, b);
    control(&mock, "/_mock/payins/F-2/settle", r#"{"out_of_order":true}"#).await;
    assert!(hook.quiet(300).await, "a held notification waits for the next one");
    control(&mock, "/_mock/payins/F-3/deny", "").await;
    let first = cobro::parse_payin_notification(&hook.next().await).unwrap();
    let second = cobro::parse_payin_notification(&hook.next().await).unwrap();
    assert_eq!((first.payin_state_id, second.payin_state_id), (6, 9));
    assert_eq!(
        control(&mock, "/_mock/payins/F-3/pay", r#"{"explode":true}"#).await.0,
        400
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_on_file_charge_needs_an_authorized_subscription() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    let charge = [
        op("CHARGE-1"),
        ("payinMethod", "Wallet".into()),
        ("processorCode", "Wallet_on_file".into()),
        ("payinProductDescription", "MOBILE".into()),
        ("subscription", serde_json::json!({"chargeType": "RECURRENT"})),
    ];
    let (_, body) = send(&mock, &payin(&charge, &payin_key()), &[]).await;
    assert_eq!(cobro::parse_payin_response(&body).unwrap().error_code, "0044");
    let options = PrepareOptions::default();
    let create = cobro::prepare_subscription(&example("subscription-recurrent.json"), &payin_key(), &options).unwrap();
    let (_, body) = send(&mock, &create, &[]).await;
    let id = serde_json::from_slice::<serde_json::Value>(&body).unwrap()["subscriptionId"]
        .as_i64()
        .unwrap();
    assert_eq!(
        control(&mock, &format!("/_mock/subscriptions/{id}/authorize"), "")
            .await
            .0,
        200
    );
    let (status, body) = send(&mock, &payin(&charge, &payin_key()), &[]).await;
    let answer = cobro::parse_payin_response(&body).unwrap();
    assert_eq!((status, answer.error_code.as_str()), (200, "0000"));
    assert!(matches!(answer.experience, Experience::WalletOnFile));
}

#[tokio::test(flavor = "multi_thread")]
async fn request_faults() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    let (status, body) = send(
        &mock,
        &payin(&[op("X-1")], &payin_key()),
        &[("X-Cobro-Mock-Fault", "status=503")],
    )
    .await;
    assert_eq!(status, 503);
    assert_eq!(cobro::parse_payin_response(&body).unwrap().error_code, "0099");
    // Not handled: the same operation number is still free.
    assert_eq!(send(&mock, &payin(&[op("X-1")], &payin_key()), &[]).await.0, 200);

    let client = reqwest::Client::new();
    for (fault, op_number) in [("truncate", "X-2"), ("drop", "X-3")] {
        let request = payin(&[op(op_number)], &payin_key());
        let sent = client
            .post(format!("{}{}", mock.url(), request.path))
            .header("X-Cobro-Mock-Fault", fault)
            .body(request.body.clone())
            .send()
            .await;
        let whole = match sent {
            Ok(r) => r.bytes().await.map(|b| b.to_vec()),
            Err(e) => Err(e),
        };
        assert!(whole.is_err(), "{fault}: the answer must not arrive whole");
        // Handled: a retry of the same request gets the lost answer, whole.
        let (status, body) = send(&mock, &request, &[]).await;
        assert_eq!(status, 200, "{fault}");
        assert_eq!(cobro::parse_payin_response(&body).unwrap().error_code, "0000");
    }
    let started = std::time::Instant::now();
    let (status, _) = send(
        &mock,
        &payin(&[op("X-4")], &payin_key()),
        &[("X-Cobro-Mock-Fault", "delay=300")],
    )
    .await;
    assert!(status == 200 && started.elapsed().as_millis() >= 300);
    let (status, _) = send(
        &mock,
        &payin(&[op("X-5")], &payin_key()),
        &[("X-Cobro-Mock-Fault", "boom")],
    )
    .await;
    assert_eq!(status, 400);
}

/// The bytes a raw HTTP/1.1 client receives for `request` sent with the fault `fault`,
/// up to the server's close.
async fn raw_answer(mock: &cobro_mock::Mock, request: &PreparedRequest, fault: &str) -> String {
    use std::io::{Read, Write};
    let addr = mock.addr();
    let sent = format!(
        "POST {} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nX-Cobro-Mock-Fault: {fault}\r\nConnection: close\r\n\r\n{}",
        request.path,
        request.body.len(),
        request.body
    );
    tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(5)))
            .unwrap();
        stream.write_all(sent.as_bytes()).unwrap();
        let mut received = Vec::new();
        let _ = stream.read_to_end(&mut received);
        String::from_utf8_lossy(&received).into_owned()
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_truncated_answer_arrives_in_part_and_a_dropped_one_not_at_all() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    let cut = raw_answer(&mock, &payin(&[op("CUT-1")], &payin_key()), "truncate").await;
    let (head, body) = cut.split_once("\r\n\r\n").expect("the head of the answer");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let length: usize = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("content-length: ")
                .map(str::to_string)
        })
        .expect("a Content-Length")
        .parse()
        .unwrap();
    assert!(
        !body.is_empty() && body.len() < length,
        "{} of {length} bytes",
        body.len()
    );
    let dropped = raw_answer(&mock, &payin(&[op("CUT-2")], &payin_key()), "drop").await;
    assert_eq!(dropped, "");
}

#[tokio::test(flavor = "multi_thread")]
async fn every_notification_held_back_is_sent_after_the_next_one() {
    let mut hook = webhook().await;
    let mock = mock(config(&hook.url));
    for n in ["H-1", "H-2", "H-3"] {
        assert_eq!(send(&mock, &payin(&[op(n)], &payin_key()), &[]).await.0, 200);
    }
    for n in ["H-1", "H-2"] {
        let path = format!("/_mock/payins/{n}/pay");
        assert_eq!(control(&mock, &path, r#"{"out_of_order":true}"#).await.0, 200);
    }
    assert!(hook.quiet(300).await, "both wait for the next notification");
    control(&mock, "/_mock/payins/H-3/pay", "").await;
    let mut order = Vec::new();
    for _ in 0..3 {
        let n = cobro::parse_payin_notification(&hook.next().await).unwrap();
        order.push(n.payin_merchant_operation_number.as_str().to_string());
    }
    assert_eq!(order[0], "H-3");
    order[1..].sort();
    assert_eq!(order[1..], ["H-1", "H-2"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reset_forgets_the_notifications_held_back() {
    let mut hook = webhook().await;
    let mock = mock(config(&hook.url));
    assert_eq!(send(&mock, &payin(&[op("R-1")], &payin_key()), &[]).await.0, 200);
    control(&mock, "/_mock/payins/R-1/pay", r#"{"out_of_order":true}"#).await;
    assert_eq!(control(&mock, "/_mock/reset", "").await.0, 200);
    assert_eq!(send(&mock, &payin(&[op("R-2")], &payin_key()), &[]).await.0, 200);
    control(&mock, "/_mock/payins/R-2/pay", "").await;
    let n = cobro::parse_payin_notification(&hook.next().await).unwrap();
    assert_eq!(n.payin_merchant_operation_number.as_str(), "R-2");
    assert!(hook.quiet(500).await, "nothing of before the reset arrives");
}

/// `YYYY-MM-DD HH:MM:SS` of Unix seconds `unix` (UTC), as a voucher's `expiration`.
fn voucher_time(unix: u64) -> String {
    let day = unix % 86_400;
    let date = CivilDate::from_unix_seconds(unix);
    format!("{date} {:02}:{:02}:{:02}", day / 3600, day / 60 % 60, day % 60)
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_null_expiry_takes_the_countrys_figure_for_the_method() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    // Peru (spec 2.6): online methods 30 minutes, cash 2 hours; a given value is kept.
    let cases = [
        ("BankTransfer", serde_json::Value::Null, 30),
        ("Cash", serde_json::Value::Null, 120),
        ("Cash", "45".into(), 45),
    ];
    for (i, (method, given, minutes)) in cases.into_iter().enumerate() {
        let number = format!("EXPIRY-{i}");
        let changes = [
            op(&number),
            ("payinMethod", method.into()),
            ("payinExpirationTime", given),
        ];
        let before = unix_now();
        let (status, body) = send(&mock, &payin(&changes, &payin_key()), &[]).await;
        let after = unix_now();
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        let Experience::Voucher { voucher, .. } = cobro::parse_payin_response(&body).unwrap().experience else {
            panic!("not a voucher")
        };
        let expected: Vec<String> = (before..=after).map(|t| voucher_time(t + minutes * 60)).collect();
        assert!(
            expected.contains(&voucher.expiration.text),
            "{method}: {} not in {expected:?}",
            voucher.expiration.text
        );
    }
}
