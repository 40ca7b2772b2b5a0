//! The pay-in status query (DESIGN.md section 9 row 36), served from the mock's state:
//! found by operation number, every transaction, or by the day the mock created it; the
//! state the control API moved it to; a wrong `authorization` refused; a start date
//! that is not before today refused naming the field; the answer read by cobro.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use cobro::{CivilDate, PayinStatusQuery, parse_payin_status, prepare_payin_status};
use common::*;

/// The UTC day `days_ago` days before now.
fn day(days_ago: u64) -> CivilDate {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    CivilDate::from_unix_seconds(now - days_ago * 86_400)
}

async fn ask(mock: &cobro_mock::Mock, query: &PayinStatusQuery) -> (u16, Vec<u8>) {
    let request = prepare_payin_status(MERCHANT_ID, &payin_key(), query).unwrap();
    send(mock, &request, &[]).await
}

#[tokio::test(flavor = "multi_thread")]
async fn the_status_query_finds_what_the_mock_holds() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    for op in ["STATUS-1", "STATUS-2"] {
        assert_eq!(send(&mock, &payin_request(op), &[]).await.0, 200);
    }
    let (status, _) = control(&mock, "/_mock/payins/STATUS-1/pay", "").await;
    assert_eq!(status, 200);
    let today = day(0);

    let one = PayinStatusQuery::new(Some("STATUS-1"), None, None, today).unwrap();
    let (status, body) = ask(&mock, &one).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let answer = parse_payin_status(&body).unwrap();
    assert_eq!(answer.payin_merchant_id, MERCHANT_ID.to_string());
    assert_eq!(answer.operations.len(), 1);
    let op = &answer.operations[0];
    assert_eq!(
        (op.payin_state_id, op.payin_merchant_operation_number.as_str()),
        (5, "STATUS-1")
    );
    assert!(op.state.unwrap().paid);
    assert_eq!(op.payin_amount_two_decimals.as_deref(), Some(op.payin_amount.as_str()));

    let every = PayinStatusQuery::new(Some(""), None, None, today).unwrap();
    let numbers: Vec<String> = parse_payin_status(&ask(&mock, &every).await.1)
        .unwrap()
        .operations
        .into_iter()
        .map(|o| o.payin_merchant_operation_number)
        .collect();
    assert_eq!(numbers, ["STATUS-1", "STATUS-2"], "oldest first");

    let yesterday = day(1);
    let range = PayinStatusQuery::new(None, Some(yesterday), Some(today), today).unwrap();
    assert_eq!(
        parse_payin_status(&ask(&mock, &range).await.1)
            .unwrap()
            .operations
            .len(),
        2
    );
    let before = PayinStatusQuery::new(None, Some(day(2)), Some(yesterday), today).unwrap();
    assert!(
        parse_payin_status(&ask(&mock, &before).await.1)
            .unwrap()
            .operations
            .is_empty()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_status_query_refuses_what_the_provider_refuses() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    let today = day(0);
    let query = PayinStatusQuery::new(Some("X"), None, None, today).unwrap();
    let mut request = prepare_payin_status(MERCHANT_ID, &payin_key(), &query).unwrap();
    let wrong = cobro::Secret::new("not-the-merchant-key").unwrap();
    request.headers = prepare_payin_status(MERCHANT_ID, &wrong, &query).unwrap().headers;
    let (status, body) = send(&mock, &request, &[]).await;
    assert_eq!(status, 401, "{}", String::from_utf8_lossy(&body));
    assert!(!String::from_utf8_lossy(&body).contains("not-the-merchant-key"));
    // Another merchant's path with this merchant's credential.
    let other = prepare_payin_status(MERCHANT_ID + 1, &payin_key(), &query).unwrap();
    assert_eq!(send(&mock, &other, &[]).await.0, 401);

    let mut late = prepare_payin_status(MERCHANT_ID, &payin_key(), &query).unwrap();
    late.body = format!(r#"{{"payinStartDate":"{today}","payinEndDate":"{today}"}}"#);
    let (status, body) = send(&mock, &late, &[]).await;
    assert_eq!(status, 400);
    let refusal: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(refusal["field"], "payinStartDate");

    // A body past the mock's limit is said to be too large, not to be bad JSON.
    let mut huge = prepare_payin_status(MERCHANT_ID, &payin_key(), &query).unwrap();
    huge.body = format!(r#"{{"payinMerchantOperationNumber":"{}"}}"#, "X".repeat(2 << 20));
    let (status, body) = send(&mock, &huge, &[]).await;
    assert_eq!(status, 413, "{}", String::from_utf8_lossy(&body));
    assert!(String::from_utf8_lossy(&body).contains("larger than"));
}
