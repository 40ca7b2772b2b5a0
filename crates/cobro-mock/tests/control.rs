//! The control side of the mock: deliveries retried until the webhook takes them, the
//! log (with no key in it), reset, the merchants list, the checkout page, automatic
//! payment and the reference-id signature variant.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cobro::{DepositMode, PrepareOptions, UnixSeconds, VaSignatureVariant};
use common::*;

#[tokio::test(flavor = "multi_thread")]
async fn deliveries_are_retried_and_logged_without_keys() {
    let mut hook = webhook_refusing(2).await;
    let mock = mock(config(&hook.url));
    assert_eq!(send(&mock, &payin_request("R-1"), &[]).await.0, 200);
    assert_eq!(control(&mock, "/_mock/payins/R-1/pay", "").await.0, 200);
    let body = hook.next().await;
    assert!(cobro::verify_payin_notification(&body, &payin_key()).is_ok());
    // The mock logs a delivery once the webhook's answer reaches it, which may be just
    // after the webhook has the body: wait for the third entry (bounded).
    let deliveries = |log: &serde_json::Value| {
        log["events"]
            .as_array()
            .map_or(0, |events| events.iter().filter(|e| e["kind"] == "delivery").count())
    };
    let mut log = events(&mock).await;
    for _ in 0..100 {
        if deliveries(&log) >= 3 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        log = events(&mock).await;
    }
    assert_eq!(log["counts"]["payins"], 1);
    let attempts: Vec<&str> = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "delivery")
        .map(|e| e["detail"].as_str().unwrap())
        .collect();
    assert_eq!(attempts.len(), 3, "{attempts:?}");
    assert!(
        attempts[0].contains("refused") && attempts[2].contains("delivered"),
        "{attempts:?}"
    );
    let kinds: Vec<(&str, &str)> = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] != "delivery")
        .map(|e| (e["what"].as_str().unwrap(), e["detail"].as_str().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("POST /api-payin/v3/online-payments", "0000"),
            ("POST /_mock/payins/R-1/pay", "5")
        ]
    );
    // Every request is listed: an unknown path and a fault's answer too.
    let _ = reqwest::Client::new()
        .post(format!("{}/no/such/path", mock.url()))
        .send()
        .await
        .unwrap();
    let faulted = send(&mock, &payin_request("R-2"), &[("X-Cobro-Mock-Fault", "status=500")]).await;
    assert_eq!(faulted.0, 500);
    let statuses: Vec<u64> = events(&mock).await["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "request")
        .map(|e| e["status"].as_u64().unwrap())
        .collect();
    assert_eq!(statuses, [200, 404, 500]);
    let text = log.to_string();
    for secret in [PAYIN_KEY, VA_SECRET] {
        assert!(!text.contains(secret));
    }
    let merchants = reqwest::get(format!("{}/_mock/merchants", mock.url()))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(merchants.contains(API_KEY) && !merchants.contains(PAYIN_KEY) && !merchants.contains(VA_SECRET));

    assert_eq!(control(&mock, "/_mock/reset", "").await.0, 200);
    assert_eq!(events(&mock).await["counts"]["payins"], 0);
    assert_eq!(
        send(&mock, &payin_request("R-1"), &[]).await.0,
        200,
        "a reset forgets the operation numbers"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_checkout_page_pays() {
    let mut hook = webhook().await;
    let mock = mock(config(&hook.url));
    let mut request = payin_request("C-1");
    let mut body: serde_json::Value = serde_json::from_str(&request.body).unwrap();
    body["payinMethod"] = "TCTD".into();
    let unsigned = serde_json::to_vec(&body).unwrap();
    let now = UnixSeconds::new(1_795_608_000).unwrap();
    request = cobro::prepare_payin(&unsigned, &payin_key(), now, &PrepareOptions::default()).unwrap();
    let (_, answer) = send(&mock, &request, &[]).await;
    let url = cobro::parse_payin_response(&answer).unwrap().url.unwrap();
    let page = reqwest::get(&url).await.unwrap().text().await.unwrap();
    assert!(page.contains("150.50") && page.contains("/pay\""), "{page}");
    let paid = reqwest::Client::new().post(format!("{url}/pay")).send().await.unwrap();
    assert_eq!(paid.status().as_u16(), 200);
    let n = cobro::verify_payin_notification(&hook.next().await, &payin_key()).unwrap();
    assert_eq!(n.payin_state_id, 5);
    let again = reqwest::Client::new().post(format!("{url}/pay")).send().await.unwrap();
    assert_eq!(again.status().as_u16(), 409);
}

#[tokio::test(flavor = "multi_thread")]
async fn auto_pay_pays_by_itself() {
    let mut hook = webhook().await;
    let mut config = config(&hook.url);
    config.auto_pay = Some(Duration::from_millis(100));
    let mock = mock(config);
    assert_eq!(send(&mock, &payin_request("A-1"), &[]).await.0, 200);
    let n = cobro::verify_payin_notification(&hook.next().await, &payin_key()).unwrap();
    assert_eq!(
        (n.payin_state_id, n.payin_merchant_operation_number.as_str()),
        (5, "A-1")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_merchant_of_the_reference_id_variant() {
    let hook = webhook().await;
    let mut config = config(&hook.url);
    config.merchants[0].variant = VaSignatureVariant::ReferenceId;
    let mock = mock(config);
    let now = UnixSeconds::new(i64::try_from(SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()).unwrap())
        .unwrap();
    let body = example("virtual-account-pe.json");
    let prepare = |variant| {
        let options = PrepareOptions {
            va_signature: variant,
            ..PrepareOptions::default()
        };
        cobro::prepare_virtual_account(&body, API_KEY, &va_secret(), DepositMode::Any, now, &options).unwrap()
    };
    let (status, _) = send(&mock, &prepare(VaSignatureVariant::Spec), &[]).await;
    assert_eq!(status, 401, "the spec's text does not verify for this merchant");
    let (status, _) = send(&mock, &prepare(VaSignatureVariant::ReferenceId), &[]).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_operation_number_two_merchants_used_needs_the_merchant() {
    let hook = webhook().await;
    let mut config = config(&hook.url);
    let mut other = config.merchants[0].clone();
    other.id = 5678;
    other.api_key = "fake-api-key-of-another-merchant".into();
    config.merchants.push(other);
    let mock = mock(config);
    let mut body: serde_json::Value = serde_json::from_slice(&example("payin-pe-banktransfer-unsigned.json")).unwrap();
    body["payinMerchantOperationNumber"] = "SAME".into();
    let now = UnixSeconds::new(1_795_608_000).unwrap();
    for id in [1234, 5678] {
        body["payinMerchantID"] = id.into();
        let text = serde_json::to_vec(&body).unwrap();
        let request = cobro::prepare_payin(&text, &payin_key(), now, &PrepareOptions::default()).unwrap();
        assert_eq!(send(&mock, &request, &[]).await.0, 200);
    }
    assert_eq!(control(&mock, "/_mock/payins/SAME/pay", "").await.0, 409);
    assert_eq!(
        control(&mock, "/_mock/payins/SAME/pay?merchant_id=5678", "").await.0,
        200
    );
    assert_eq!(
        control(&mock, "/_mock/payins/SAME/pay?merchant_id=5678", "").await.0,
        409
    );
    assert_eq!(
        control(&mock, "/_mock/payins/SAME/pay?merchant_id=1234", "").await.0,
        200
    );
}

/// A control call's `delay_ms` follows the header's one rule: past 60,000 ms it is
/// refused (and nothing moves), never shortened.
#[tokio::test(flavor = "multi_thread")]
async fn a_delay_past_the_limit_is_refused_in_a_control_call_as_in_the_header() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    assert_eq!(send(&mock, &payin_request("D-1"), &[]).await.0, 200);
    let (status, body) = control(&mock, "/_mock/payins/D-1/pay", r#"{"delay_ms": 60001}"#).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("delay_ms"), "{body}");
    let (status, body) = send(&mock, &payin_request("D-2"), &[("X-Cobro-Mock-Fault", "delay=60001")]).await;
    assert_eq!(status, 400, "{}", String::from_utf8_lossy(&body));
    // The refused call moved nothing: the pay-in is still pending and can be paid.
    assert_eq!(
        control(&mock, "/_mock/payins/D-1/pay", r#"{"delay_ms": 0}"#).await.0,
        200
    );
}

/// Two `X-Cobro-Mock-Fault` headers are refused: which list counts would otherwise
/// depend on which one a proxy keeps. The request is not handled.
#[tokio::test(flavor = "multi_thread")]
async fn a_repeated_fault_header_is_refused() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    let twice = [("X-Cobro-Mock-Fault", "status=503"), ("X-Cobro-Mock-Fault", "delay=10")];
    let (status, body) = send(&mock, &payin_request("F-1"), &twice).await;
    let text = String::from_utf8_lossy(&body);
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("repeated"), "{text}");
    assert_eq!(send(&mock, &payin_request("F-1"), &[]).await.0, 200);
}

/// A raw POST of `body` to `path`: the status, the content type and the body.
async fn post_raw(mock: &cobro_mock::Mock, path: &str, body: Vec<u8>) -> (u16, String, Vec<u8>) {
    let response = reqwest::Client::new()
        .post(format!("{}{path}", mock.url()))
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    (status, kind, response.bytes().await.unwrap().to_vec())
}

/// Every refusal is JSON: a body past the limit in the shape of the API it was sent
/// to (413), and the mock's own `{"error": ...}` for a control call's large body, a
/// method the path does not take, and a query the control API cannot read, none of them
/// in axum's words or repeating the request.
#[tokio::test(flavor = "multi_thread")]
async fn every_refusal_is_json_in_the_shape_of_its_api() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    let large = vec![b' '; 2 << 20];
    let (status, kind, body) = post_raw(&mock, "/api-payin/v3/online-payments", large.clone()).await;
    assert_eq!((status, kind.as_str()), (413, "application/json"));
    let answer = cobro::parse_payin_response(&body).unwrap();
    assert!(!answer.success, "{answer:?}");
    let (status, _, body) = post_raw(&mock, "/api/v1/subscription", large.clone()).await;
    assert_eq!(status, 413);
    let answer = cobro::parse_subscription_response(&body).unwrap();
    assert!(
        matches!(answer, cobro::subscription::response::SubscriptionAnswer::Error { .. }),
        "{answer:?}"
    );
    let (status, kind, body) = post_raw(&mock, "/_mock/payins/X/pay", large).await;
    assert_eq!((status, kind.as_str()), (413, "application/json"));
    let error: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert!(error["error"].as_str().unwrap().contains("larger than"), "{error}");

    let response = reqwest::get(format!("{}/api-payin/v3/online-payments", mock.url()))
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 405);
    let error: serde_json::Value = serde_json::from_slice(&response.bytes().await.unwrap()).unwrap();
    assert_eq!(error["error"], "this path does not take GET");

    let (status, kind, body) = post_raw(&mock, "/_mock/payins/X/pay?merchant_id=abc-secret", vec![]).await;
    let text = String::from_utf8_lossy(&body);
    assert_eq!((status, kind.as_str()), (400, "application/json"), "{text}");
    assert!(
        !text.contains("abc-secret") && !text.contains("Failed to deserialize"),
        "{text}"
    );
}

/// A POST to the control API or the checkout with `headers`: the status.
async fn post_with(mock: &cobro_mock::Mock, path: &str, headers: &[(&str, &str)]) -> u16 {
    let mut request = reqwest::Client::new()
        .post(format!("{}{path}", mock.url()))
        .header("Content-Type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap().status().as_u16()
}

/// The control API and the checkout refuse what a web page could send them: a Host
/// that is not the mock's (DNS rebinding) and an Origin of another site (a cross-site
/// POST); the mock's own origin, localhost and a name given with --allowed-host pass.
#[tokio::test(flavor = "multi_thread")]
async fn the_control_api_refuses_other_hosts_and_other_sites() {
    let hook = webhook().await;
    let mut config = config(&hook.url);
    config.allowed_hosts = vec!["cobro-mock".into()];
    let mock = mock(config);
    let port = mock.addr().port();
    let own = mock.url();
    let localhost = format!("localhost:{port}");
    let named = format!("cobro-mock:{port}");
    for path in ["/_mock/reset", "/checkout/T-1/pay"] {
        assert_eq!(post_with(&mock, path, &[("Host", "evil.example")]).await, 403, "{path}");
        assert_eq!(
            post_with(&mock, path, &[("Origin", "http://evil.example")]).await,
            403,
            "{path}"
        );
        assert_eq!(post_with(&mock, path, &[("Origin", "null")]).await, 403, "{path}");
    }
    assert_eq!(post_with(&mock, "/_mock/reset", &[("Origin", own.as_str())]).await, 200);
    assert_eq!(
        post_with(&mock, "/_mock/reset", &[("Host", localhost.as_str())]).await,
        200
    );
    assert_eq!(post_with(&mock, "/_mock/reset", &[("Host", named.as_str())]).await, 200);
    // The three APIs are not the control API: a Host of any name reaches them.
    assert_eq!(
        send(&mock, &payin_request("H-1"), &[("Host", "evil.example")]).await.0,
        200
    );
}

/// A control call that changes state needs `Content-Type: application/json`, which a
/// page of another site cannot send without the mock's consent (a form posts
/// `application/x-www-form-urlencoded`, `multipart/form-data` or `text/plain`); reads
/// need none, and the refusal moves nothing.
#[tokio::test(flavor = "multi_thread")]
async fn a_control_call_that_changes_state_must_be_json() {
    let hook = webhook().await;
    let mock = mock(config(&hook.url));
    assert_eq!(send(&mock, &payin_request("C-1"), &[]).await.0, 200);
    let client = reqwest::Client::new();
    let pay = format!("{}/_mock/payins/C-1/pay", mock.url());
    for kind in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data"),
    ] {
        let mut request = client.post(&pay).body("{}");
        if let Some(kind) = kind {
            request = request.header("Content-Type", kind);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status().as_u16(), 415, "{kind:?}");
        let error: serde_json::Value = serde_json::from_slice(&response.bytes().await.unwrap()).unwrap();
        assert!(
            error["error"]
                .as_str()
                .unwrap()
                .contains("Content-Type: application/json"),
            "{error}"
        );
    }
    let events = events(&mock).await;
    assert!(
        events["events"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["kind"] != "delivery"),
        "nothing was paid: {events}"
    );
    let response = client
        .post(&pay)
        .header("Content-Type", "application/json; charset=utf-8")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
}
