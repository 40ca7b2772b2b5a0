//! A merchant's subscription flow against the mock: create, a second request for the
//! same number, authorization with its webhook, cancellation twice, an unknown one.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod common;

use cobro::PrepareOptions;
use cobro::subscription::response::{SubscriptionAnswer, SubscriptionStatus};
use common::*;

fn answer(body: &[u8]) -> SubscriptionAnswer {
    cobro::parse_subscription_response(body).unwrap()
}

fn error_code(body: &[u8]) -> String {
    match answer(body) {
        SubscriptionAnswer::Error { error_code, .. } => error_code.unwrap(),
        other => panic!("not an error: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn create_authorize_cancel_twice() {
    let mut hook = webhook().await;
    let mock = mock(config(&hook.url));
    let options = PrepareOptions::default();
    let create = cobro::prepare_subscription(&example("subscription-recurrent.json"), &payin_key(), &options).unwrap();
    let cancel =
        cobro::prepare_subscription_cancel(&example("subscription-cancel.json"), &payin_key(), &options).unwrap();

    // Cancelling before anything exists: 9025.
    let (status, body) = send(&mock, &cancel, &[]).await;
    assert_eq!((status, error_code(&body)), (404, "9025".to_string()));

    let (status, body) = send(&mock, &create, &[]).await;
    assert_eq!(status, 200);
    let SubscriptionAnswer::Created {
        subscription_id,
        status: s,
        deep_link,
    } = answer(&body)
    else {
        panic!("not created")
    };
    assert_eq!(s, SubscriptionStatus::Pending);
    assert!(deep_link.unwrap().starts_with(&mock.url()));

    // One PENDING request per mobile number (spec 3): B422.
    let (status, body) = send(&mock, &create, &[]).await;
    assert_eq!((status, error_code(&body)), (422, "B422".to_string()));

    // A wrong key: E401. A body that breaks a rule: B400 with the field.
    let wrong = cobro::Secret::new("not-the-merchant-key").unwrap();
    let forged = cobro::prepare_subscription(&example("subscription-recurrent.json"), &wrong, &options).unwrap();
    let (status, body) = send(&mock, &forged, &[]).await;
    assert_eq!((status, error_code(&body)), (401, "E401".to_string()));
    let mut invalid = create.clone();
    invalid.body = invalid.body.replace("MOBILE", "WEBB");
    let (status, body) = send(&mock, &invalid, &[]).await;
    match answer(&body) {
        SubscriptionAnswer::Error {
            error_code,
            error_field_details,
            ..
        } => {
            assert_eq!((status, error_code.as_deref()), (400, Some("B400")));
            assert_eq!(error_field_details[0].field, "subscriptionDetails.device");
        }
        other => panic!("{other:?}"),
    }

    // The customer authorizes: the webhook says so.
    let (status, _) = control(&mock, &format!("/_mock/subscriptions/{subscription_id}/authorize"), "").await;
    assert_eq!(status, 200);
    let w = cobro::parse_subscription_webhook(&hook.next().await).unwrap();
    assert_eq!(
        (w.subscription_id, w.status),
        (subscription_id, Some(SubscriptionStatus::Authorized))
    );
    assert_eq!(w.metadata.len(), 1);

    // Cancelled once, then B405.
    let (status, body) = send(&mock, &cancel, &[]).await;
    assert_eq!(status, 200);
    assert!(matches!(
        answer(&body),
        SubscriptionAnswer::Cancelled {
            status: SubscriptionStatus::Cancelled,
            ..
        }
    ));
    let (status, body) = send(&mock, &cancel, &[]).await;
    assert_eq!((status, error_code(&body)), (409, "B405".to_string()));

    // Released: a new request for the number is accepted.
    let (status, _) = send(&mock, &create, &[]).await;
    assert_eq!(status, 200);
}
