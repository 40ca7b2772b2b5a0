#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

use super::*;
use crate::catalog::Disposition;
use crate::payin::catalog::PAYIN_CREATION_CODES;
use crate::provider::payin::{Refusal, refusal};

fn answered(kind: Kind, attempt: u32, http_status: u16, body: &str) -> RetryAdvice {
    retry_advice(
        kind,
        attempt,
        Outcome::Answered {
            http_status,
            body: body.as_bytes(),
        },
    )
}

#[test]
fn transport_failures_retry_with_a_doubling_delay_then_reconcile() {
    for failure in TransportFailure::ALL {
        let delays: Vec<(RetryAction, u32)> = (1..=5)
            .map(|a| retry_advice(Kind::Payin, a, Outcome::Failed(failure)))
            .map(|a| (a.action, a.delay_ms))
            .collect();
        assert_eq!(
            delays,
            [
                (RetryAction::Retry, 500),
                (RetryAction::Retry, 1000),
                (RetryAction::Retry, 2000),
                (RetryAction::Reconcile, 0),
                (RetryAction::Reconcile, 0),
            ]
        );
        assert_eq!(TransportFailure::from_name(failure.as_str()), Some(failure));
    }
    let last = retry_advice(Kind::Payin, u32::MAX, Outcome::Failed(TransportFailure::Timeout));
    assert!(last.reason.contains("status query"), "{}", last.reason);
}

#[test]
fn every_payin_creation_code_follows_its_disposition() {
    for entry in PAYIN_CREATION_CODES {
        let answer = refusal(entry.code, "");
        let got = answered(Kind::Payin, 1, 400, &answer.body);
        assert_eq!(got.code.as_deref(), Some(entry.code));
        assert_eq!(got.entry.as_ref(), Some(entry));
        let want = match entry.disposition {
            Disposition::Success | Disposition::Declined | Disposition::Pending => RetryAction::Stop,
            Disposition::MerchantFix => RetryAction::Fix,
            Disposition::Retry if entry.code == "0044" => RetryAction::Stop,
            Disposition::Retry => RetryAction::Retry,
        };
        assert_eq!(got.action, want, "{}", entry.code);
        assert_eq!(got.delay_ms > 0, want == RetryAction::Retry, "{}", entry.code);
    }
}

#[test]
fn a_repeated_number_is_reconciled_never_sent_again() {
    let duplicate = Refusal::DuplicateOperation.answer();
    let got = answered(Kind::Payin, 2, duplicate.status, &duplicate.body);
    assert_eq!(got.action, RetryAction::Reconcile);
    assert!(got.reason.contains("payinMerchantOperationNumber"), "{}", got.reason);
    // The same code under a 5xx is the service failing: the same bytes again.
    let mut internal = Refusal::Internal.answer();
    internal.status = 500;
    assert_eq!(
        answered(Kind::Payin, 2, internal.status, &internal.body).action,
        RetryAction::Retry
    );
}

#[test]
fn answers_that_are_not_the_apis() {
    assert_eq!(answered(Kind::Payin, 1, 200, "").action, RetryAction::Retry);
    assert_eq!(answered(Kind::Payin, 1, 404, "Not Found").action, RetryAction::Fix);
    assert_eq!(
        answered(Kind::Subscription, 1, 503, "<html>").action,
        RetryAction::Retry
    );
    assert_eq!(
        answered(Kind::VirtualAccount, 4, 500, "").action,
        RetryAction::Reconcile
    );
    // Hostile bodies are read by the parsers' limits, never a panic.
    let deep = "[".repeat(100_000);
    for kind in Kind::ALL {
        assert_eq!(answered(kind, 1, 200, &deep).action, RetryAction::Retry);
    }
}

#[test]
fn the_advice_serializes_with_snake_case_names() {
    let got = serde_json::to_value(answered(Kind::Payin, 1, 401, &refusal("0010", "").body)).unwrap();
    assert_eq!(got["action"], "fix");
    assert_eq!(got["entry"]["disposition"], "merchant_fix");
    assert_eq!(got["delay_ms"], 0);
}

#[test]
fn an_outcome_from_arguments_is_a_failure_or_a_status_not_both() {
    assert_eq!(
        Outcome::from_arguments(Some("reset"), None, None, "http_status"),
        Ok(Outcome::Failed(TransportFailure::Reset))
    );
    assert_eq!(
        Outcome::from_arguments(None, Some(502), None, "httpStatus"),
        Ok(Outcome::Answered {
            http_status: 502,
            body: b""
        })
    );
    for (failure, status, body, named) in [
        (Some("lost"), None, None, "failure"),
        (Some("timeout"), Some(500), None, "failure"),
        (Some("timeout"), None, Some(&b""[..]), "failure"),
        (None, None, None, "httpStatus"),
    ] {
        let e = Outcome::from_arguments(failure, status, body, "httpStatus").unwrap_err();
        assert_eq!(e.argument(), named);
    }
}

#[test]
fn the_reason_says_what_the_code_asks() {
    let stale = r#"{"error":{"type":"authentication_error","summary":"Unauthorized","details":[{"code":"ERR_TIMESTAMP_OUT_OF_RANGE","message":"Timestamp out of range"}],"timestamp":"2030-01-02T03:04:05Z","traceId":"trace-fake-1"}}"#;
    let advice = answered(Kind::VirtualAccount, 1, 401, stale);
    assert_eq!(advice.action, RetryAction::Fix);
    assert_eq!(advice.code.as_deref(), Some("ERR_TIMESTAMP_OUT_OF_RANGE"));
    assert!(
        advice.reason.contains("sign again with the current time"),
        "{}",
        advice.reason
    );
    // Two codes of the same disposition get different reasons, each naming its code.
    let reasons: Vec<String> = ["0001", "0010"]
        .iter()
        .map(|code| {
            let body = format!(r#"{{"payinErrorCode":"{code}","payinErrorMessage":"x"}}"#);
            answered(Kind::Payin, 1, 200, &body).reason
        })
        .collect();
    assert_ne!(reasons[0], reasons[1]);
    assert!(
        reasons[0].contains("(0001)") && reasons[0].contains("payinMerchantID is empty"),
        "{}",
        reasons[0]
    );
    assert!(reasons[1].contains("check the key"), "{}", reasons[1]);
}
