//! A merchant's virtual-account flow against the mock: prepare with the core, send over
//! HTTP, parse the answer with the core, receive the deposit notification and read it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use std::time::{SystemTime, UNIX_EPOCH};

use cobro::virtual_account::response::VirtualAccountAnswer;
use cobro::{DepositMode, PrepareOptions, UnixSeconds};
use common::*;

fn now() -> i64 {
    i64::try_from(SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()).unwrap()
}

fn prepared(body: &[u8], at: i64, secret: &cobro::Secret) -> cobro::PreparedRequest {
    let at = UnixSeconds::new(at).unwrap();
    cobro::prepare_virtual_account(
        body,
        API_KEY,
        secret,
        DepositMode::Owner,
        at,
        &PrepareOptions::default(),
    )
    .unwrap()
}

fn refusal(status: u16, body: &[u8]) -> (String, Vec<String>) {
    match cobro::parse_virtual_account_response(status, body).unwrap() {
        VirtualAccountAnswer::Error(e) => (
            e.error_type.as_str().to_string(),
            e.details.iter().map(|d| d.code.clone()).collect(),
        ),
        other => panic!("not an error: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn create_conflict_auth_errors_and_a_deposit() {
    let mut hook = webhook().await;
    let mock = mock(config(&hook.url));
    let body = example("virtual-account-pe.json");

    let (status, answer) = send(&mock, &prepared(&body, now(), &va_secret()), &[]).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
    let account = match cobro::parse_virtual_account_response(status, &answer).unwrap() {
        VirtualAccountAnswer::Account(a) => a,
        other => panic!("{other:?}"),
    };
    assert_eq!(account.status.as_str(), "ACTIVE");
    let number = account.account.number.as_str().to_string();
    assert!(cobro::document::per::cci::is_valid(&number), "{number}");

    // One account per user per merchant (spec 1, 8).
    let (status, answer) = send(&mock, &prepared(&body, now(), &va_secret()), &[]).await;
    assert_eq!(status, 409);
    assert_eq!(
        refusal(status, &answer),
        (
            "conflict_error".into(),
            vec![cobro::provider::virtual_account::ACCOUNT_EXISTS.into()]
        )
    );

    // A wrong secret, a stale timestamp, a missing header, an unknown API key.
    let wrong = cobro::Secret::new("not-the-merchant-secret").unwrap();
    let (status, answer) = send(&mock, &prepared(&body, now(), &wrong), &[]).await;
    assert_eq!(
        (status, refusal(status, &answer)),
        (
            401,
            ("authentication_error".into(), vec!["ERR_INVALID_SIGNATURE".into()])
        )
    );
    let (status, answer) = send(&mock, &prepared(&body, now() - 600, &va_secret()), &[]).await;
    assert_eq!(
        (status, refusal(status, &answer).1),
        (401, vec!["ERR_TIMESTAMP_OUT_OF_RANGE".to_string()])
    );
    let mut unsigned = prepared(&body, now(), &va_secret());
    unsigned.headers.retain(|(n, _)| n != "X-Signature");
    let (status, answer) = send(&mock, &unsigned, &[]).await;
    assert_eq!(
        (status, refusal(status, &answer).1),
        (400, vec!["ERR_MISSING_HEADER".to_string()])
    );
    let mut stranger = prepared(&body, now(), &va_secret());
    for (n, v) in &mut stranger.headers {
        if n == "X-Api-Key" {
            *v = "someone-else".into();
        }
    }
    let (status, answer) = send(&mock, &stranger, &[]).await;
    assert_eq!(
        (status, refusal(status, &answer).1),
        (401, vec!["ERR_UNAUTHORIZED".to_string()])
    );

    // An invalid body: every error in details.
    let invalid = example("virtual-account-invalid.json");
    let report = cobro::validate(
        cobro::Kind::VirtualAccount,
        &invalid,
        &cobro::ValidateOptions::default(),
    );
    let mut request = prepared(&body, now(), &va_secret());
    request.body = String::from_utf8(invalid).unwrap();
    let (status, answer) = send(&mock, &request, &[]).await;
    let (kind, codes) = refusal(status, &answer);
    assert_eq!(kind, "validation_error");
    assert_eq!(codes.len(), report.errors.len());

    // A deposit: the notification reaches the webhook and reads as one.
    let (status, _) = control(
        &mock,
        &format!("/_mock/virtual-accounts/{}/deposit", account.id),
        r#"{"amount":"200","currency":"PEN"}"#,
    )
    .await;
    assert_eq!(status, 200);
    let n = cobro::parse_deposit_notification(&hook.next().await).unwrap();
    assert_eq!(n.amount, "200.00");
    let echoed = n
        .deposit_details
        .and_then(|d| d.account)
        .and_then(|a| a.number)
        .unwrap();
    assert_eq!(echoed.as_str(), number);
    let (status, _) = control(
        &mock,
        &format!("/_mock/virtual-accounts/{}/deposit", account.id),
        r#"{"amount":"1","currency":"USD"}"#,
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_clock_offset_makes_a_fresh_timestamp_stale() {
    let hook = webhook().await;
    let mut config = config(&hook.url);
    config.clock_offset = 3600;
    let mock = mock(config);
    let (status, answer) = send(
        &mock,
        &prepared(&example("virtual-account-pe.json"), now(), &va_secret()),
        &[],
    )
    .await;
    assert_eq!(
        (status, refusal(status, &answer).1),
        (401, vec!["ERR_TIMESTAMP_OUT_OF_RANGE".to_string()])
    );
}
