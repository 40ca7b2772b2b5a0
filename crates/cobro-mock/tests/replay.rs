//! A repeated pay-in operation number (DESIGN.md section 9 row 34): the same request
//! again, a retry after a lost answer, gets the first answer byte for byte and creates
//! nothing (no second record, notification or automatic payment); another request under
//! the number is refused with 0099 naming the field; what is kept for the retry counts
//! in the mock's bytes, and a reset forgets it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use std::time::Duration;

use cobro::provider::payin::{FALLBACK_CODE, RequestDigest};
use common::*;

/// The `detail` of each pay-in creation in the log, oldest first.
fn creations(log: &serde_json::Value) -> Vec<String> {
    log["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["what"] == "POST /api-payin/v3/online-payments")
        .map(|e| e["detail"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_payin_twice_is_answered_twice_and_created_once() {
    let mut hook = webhook().await;
    let mut config = config(&hook.url);
    config.auto_pay = Some(Duration::from_millis(200));
    let mock = mock(config);
    let request = payin_request("RETRY-1");
    let (status, first) = send(&mock, &request, &[]).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&first));
    assert_eq!(cobro::parse_payin_response(&first).unwrap().error_code, "0000");

    let (again_status, again) = send(&mock, &request, &[]).await;
    assert_eq!((again_status, &again), (status, &first), "the same bytes again");
    // The same pay-in object wrapped in `data`, its members reordered and spaced.
    let mut wrapped = request.clone();
    let mut members: Vec<(String, serde_json::Value)> = serde_json::from_str::<serde_json::Map<_, _>>(&request.body)
        .unwrap()
        .into_iter()
        .collect();
    members.reverse();
    let reordered: Vec<String> = members
        .iter()
        .map(|(k, v)| format!("{}: {v}", serde_json::Value::from(k.as_str())))
        .collect();
    wrapped.body = format!("{{\"data\": {{ {} }} }}", reordered.join(",\n  "));
    assert_eq!(send(&mock, &wrapped, &[]).await, (status, first.clone()));

    // One notification: the automatic payment of the one pay-in.
    let paid = cobro::verify_payin_notification(&hook.next().await, &payin_key()).unwrap();
    assert_eq!(paid.payin_merchant_operation_number.as_str(), "RETRY-1");
    assert!(hook.quiet(600).await, "a replay pays nothing again");
    // After the payment the retry still gets the first answer.
    assert_eq!(send(&mock, &request, &[]).await, (status, first));

    let log = events(&mock).await;
    assert_eq!(log["counts"]["payins"], 1);
    assert_eq!(
        creations(&log),
        ["0000", "0000 replayed", "0000 replayed", "0000 replayed"]
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn another_request_under_a_used_number_is_refused_naming_the_field() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    let request = payin_request("RETRY-2");
    assert_eq!(send(&mock, &request, &[]).await.0, 200);
    let mut other = request.clone();
    let mut body: serde_json::Value = serde_json::from_str(&request.body).unwrap();
    body["payinCustomerCity"] = "Cusco".into();
    other.body = body.to_string();
    let (status, answer) = send(&mock, &other, &[]).await;
    assert_eq!(status, 400);
    let parsed = cobro::parse_payin_response(&answer).unwrap();
    assert_eq!(parsed.error_code, FALLBACK_CODE);
    let message = parsed.error_message.unwrap_or_default();
    assert!(message.contains("payinMerchantOperationNumber"), "{message}");
    // The refusal does not take the first request's place: it is still replayed.
    assert_eq!(send(&mock, &request, &[]).await.0, 200);
    let log = events(&mock).await;
    assert_eq!(log["counts"]["payins"], 1);
    assert_eq!(creations(&log), ["0000", FALLBACK_CODE, "0000 replayed"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_first_answer_counts_in_the_stored_bytes_until_a_reset() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    let stored = |log: &serde_json::Value| log["stored_bytes"].as_u64().unwrap();
    let before = stored(&events(&mock).await);
    let request = payin_request("RETRY-3");
    let (_, first) = send(&mock, &request, &[]).await;
    let created = stored(&events(&mock).await);
    // The pay-in's record and its log entry are a few hundred bytes; the kept answer
    // and digest are counted besides.
    let kept = u64::try_from(first.len() + RequestDigest::LEN).unwrap();
    assert!(created - before >= kept, "{before} -> {created}, {kept} kept");
    // A replay keeps nothing more than its log entry.
    send(&mock, &request, &[]).await;
    let replayed = stored(&events(&mock).await);
    assert!(replayed - created < kept, "{created} -> {replayed}");

    // A reset forgets the answer: the same request then creates a pay-in again.
    assert_eq!(control(&mock, "/_mock/reset", "").await.0, 200);
    // What is left is the log's entry of the reset itself.
    assert!(stored(&events(&mock).await) < kept);
    assert_eq!(send(&mock, &request, &[]).await.0, 200);
    let log = events(&mock).await;
    assert_eq!(log["counts"]["payins"], 1);
    assert_eq!(creations(&log), ["0000"]);
}
