//! Spec 4.2 and 4.3: creating and cancelling subscriptions, with the Bearer hash (5.2),
//! the core's validation, one PENDING request per mobile number (spec 3) and the
//! cancellation rules of the core's lifecycle.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use cobro::json::Value;
use cobro::provider::Answer;
use cobro::provider::subscription as answers;
use cobro::subscription::lifecycle::{can_cancel, may_request_subscription};
use cobro::subscription::response::SubscriptionStatus;
use cobro::{Kind, ValidateOptions};

use crate::app::Shared;
use crate::body::locale;
use crate::body::{Body, Received, at, text};
use crate::reply::answered;
use crate::state::Subscription;

/// The text of `subscriptionDetails.{name}` as the body writes it.
fn detail<'v>(body: &'v Body<'_>, name: &str) -> &'v str {
    text(at(body.root(), &["subscriptionDetails", name]))
}

/// A refusal: the answer, the merchant when known, and the code for the log.
type Refusal = (Answer, Option<u64>, &'static str);

/// The checks both operations share, in the order the provider's codes suggest: an
/// unreadable body or merchant id (B400), an unknown merchant (B401), a wrong
/// Authorization (E401), then every rule of the core (B400).
fn admit(app: &Shared, kind: Kind, headers: &HeaderMap, body: &Body<'_>) -> Result<u64, Refusal> {
    let locale = locale(headers);
    let options = ValidateOptions {
        locale,
        ..ValidateOptions::default()
    };
    let id_text = text(at(body.root(), &["merchantId"]));
    let Ok(merchant_id) = id_text.parse::<u64>() else {
        let report = body.validate(kind, &options);
        return Err((body.refusal(answers::validation_refusal(&report, locale)), None, "B400"));
    };
    let Some(merchant) = app.merchant(merchant_id) else {
        return Err((answers::error("B401", &[]), Some(merchant_id), "B401"));
    };
    let authorization = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("");
    let signed = cobro::signing::verify_subscription_authorization(
        authorization,
        id_text,
        detail(body, "type"),
        detail(body, "customerId"),
        detail(body, "processorCode"),
        &merchant.payin_key,
    );
    if !signed {
        return Err((answers::error("E401", &[]), Some(merchant_id), "E401"));
    }
    let report = body.validate(kind, &options);
    if !report.valid {
        return Err((
            body.refusal(answers::validation_refusal(&report, locale)),
            Some(merchant_id),
            "B400",
        ));
    }
    Ok(merchant_id)
}

/// `POST /api/v1/subscription`.
pub async fn create(State(app): State<Shared>, headers: HeaderMap, body: Received) -> Response {
    let body = Body::received(&body);
    let merchant_id = match admit(&app, Kind::Subscription, &headers, &body) {
        Ok(id) => id,
        Err((a, m, c)) => return answered(a, m, c),
    };
    let details = |name: &str| detail(&body, name).to_string();
    let id = i64::try_from(app.state.next_serial()).unwrap_or(i64::MAX);
    let device = details("device");
    let metadata = match at(body.root(), &["metadata"]) {
        Some(Value::Array(entries)) => entries
            .iter()
            .map(|e| {
                (
                    text(at(Some(e), &["key"])).to_string(),
                    text(at(Some(e), &["value"])).to_string(),
                )
            })
            .collect(),
        _ => Vec::new(),
    };
    let subscription = Subscription {
        id,
        merchant_id,
        customer_id: details("customerId"),
        charge_type: details("type"),
        processor_code: details("processorCode"),
        device: device.clone(),
        status: SubscriptionStatus::Pending,
        metadata,
    };
    let admitted = app.state.add_subscription(
        subscription,
        |latest| {
            if may_request_subscription(latest).allowed {
                Ok(())
            } else {
                Err("B422")
            }
        },
        "B500",
    );
    if let Err(c) = admitted {
        return answered(answers::error(c, &[]), Some(merchant_id), c);
    }
    let deep_link = if device == "MOBILE" {
        format!("{}/checkout/subscription-{id}", app.base_url)
    } else {
        String::new()
    };
    answered(answers::created(id, &deep_link), Some(merchant_id), "PENDING")
}

/// `POST /api/v1/subscription/cancel`.
pub async fn cancel(State(app): State<Shared>, headers: HeaderMap, body: Received) -> Response {
    let body = Body::received(&body);
    let merchant_id = match admit(&app, Kind::SubscriptionCancel, &headers, &body) {
        Ok(id) => id,
        Err((a, m, c)) => return answered(a, m, c),
    };
    let found = app.state.subscription_for(
        merchant_id,
        detail(&body, "customerId"),
        detail(&body, "type"),
        detail(&body, "processorCode"),
    );
    let Some(s) = found else {
        return answered(answers::error("9025", &[]), Some(merchant_id), "9025");
    };
    match app
        .state
        .move_subscription(s.id, SubscriptionStatus::Cancelled, |now| can_cancel(now).allowed)
    {
        Some(Ok(_)) => answered(answers::cancelled(s.id), Some(merchant_id), "CANCELLED"),
        Some(Err(_)) => answered(answers::error("B405", &[]), Some(merchant_id), "B405"),
        None => answered(answers::error("9025", &[]), Some(merchant_id), "9025"),
    }
}
