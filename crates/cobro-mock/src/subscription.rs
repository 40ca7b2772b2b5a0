//! Spec 4.2 and 4.3: creating and cancelling subscriptions, with the Bearer hash (5.2),
//! the core's validation, one PENDING request per mobile number (spec 3) and the
//! cancellation rules of the core's lifecycle. Which code answers is the core's
//! decision (`cobro::provider::subscription::decide`); this module gathers its facts.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use cobro::json::Value;
use cobro::provider::subscription::{self as answers, Facts, Merchant, Stored};
use cobro::subscription::response::SubscriptionStatus;
use cobro::{Kind, Locale, Report, ValidateOptions};

use crate::app::Shared;
use crate::body::locale;
use crate::body::{Body, Received, at, text};
use crate::reply::answered;
use crate::state::Subscription;

/// The text of `subscriptionDetails.{name}` as the body writes it.
fn detail<'v>(body: &'v Body<'_>, name: &str) -> &'v str {
    text(at(body.root(), &["subscriptionDetails", name]))
}

/// What both operations gather before the records are read: the merchant id when it
/// can be read, what is known of that merchant and its Authorization, and the report.
struct Request {
    merchant_id: Option<u64>,
    merchant: Merchant,
    authorized: bool,
    report: Report,
    locale: Locale,
}

impl Request {
    fn gather(app: &Shared, kind: Kind, headers: &HeaderMap, body: &Body<'_>) -> Request {
        let locale = locale(headers);
        let options = ValidateOptions {
            locale,
            ..ValidateOptions::default()
        };
        let id_text = text(at(body.root(), &["merchantId"]));
        let merchant_id = id_text.parse::<u64>().ok();
        let known = merchant_id.and_then(|id| app.merchant(id));
        let authorized = known.is_some_and(|merchant| {
            let authorization = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("");
            cobro::signing::verify_subscription_authorization(
                authorization,
                id_text,
                detail(body, "type"),
                detail(body, "customerId"),
                detail(body, "processorCode"),
                &merchant.payin_key,
            )
        });
        let merchant = match (merchant_id, known) {
            (None, _) => Merchant::Unreadable,
            (Some(_), None) => Merchant::Unknown,
            (Some(_), Some(_)) => Merchant::Known,
        };
        Request {
            merchant_id,
            merchant,
            authorized,
            report: body.validate(kind, &options),
            locale,
        }
    }

    fn facts(&self) -> Facts<'_> {
        Facts {
            merchant: self.merchant,
            authorized: self.authorized,
            report: &self.report,
        }
    }

    /// The core's refusal with `code`, answered as the body asks (413 when too large).
    fn refuse(&self, body: &Body<'_>, code: &'static str) -> Response {
        let a = body.refusal(answers::refusal(code, &self.report, self.locale));
        let merchant = self.merchant_id.filter(|_| self.merchant != Merchant::Unreadable);
        answered(a, merchant, code)
    }

    /// The merchant of an admitted request, or the code of the checks before the records
    /// that refuses it.
    fn admit(&self) -> Result<u64, &'static str> {
        answers::decide(&self.facts(), Stored::NotRead)?;
        // A known merchant has an id.
        self.merchant_id.ok_or(answers::INTERNAL_ERROR)
    }
}

/// `POST /api/v1/subscription`.
pub async fn create(State(app): State<Shared>, headers: HeaderMap, body: Received) -> Response {
    let body = Body::received(&body);
    let request = Request::gather(&app, Kind::Subscription, &headers, &body);
    let merchant_id = match request.admit() {
        Ok(id) => id,
        Err(code) => return request.refuse(&body, code),
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
    let facts = request.facts();
    let admitted = app.state.add_subscription(
        subscription,
        |latest| answers::decide(&facts, Stored::Latest(latest)),
        answers::INTERNAL_ERROR,
    );
    if let Err(code) = admitted {
        return request.refuse(&body, code);
    }
    let deep_link = if answers::gives_deep_link(&device) {
        format!("{}/checkout/subscription-{id}", app.base_url)
    } else {
        String::new()
    };
    let status = SubscriptionStatus::Pending;
    answered(answers::created(id, &deep_link), Some(merchant_id), status.as_str())
}

/// `POST /api/v1/subscription/cancel`.
pub async fn cancel(State(app): State<Shared>, headers: HeaderMap, body: Received) -> Response {
    let body = Body::received(&body);
    let request = Request::gather(&app, Kind::SubscriptionCancel, &headers, &body);
    let merchant_id = match request.admit() {
        Ok(id) => id,
        Err(code) => return request.refuse(&body, code),
    };
    let found = app.state.subscription_for(
        merchant_id,
        detail(&body, "customerId"),
        detail(&body, "type"),
        detail(&body, "processorCode"),
    );
    let facts = request.facts();
    let Some(s) = found else {
        return match answers::decide(&facts, Stored::Named(None)) {
            Err(code) => request.refuse(&body, code),
            Ok(()) => request.refuse(&body, answers::INTERNAL_ERROR),
        };
    };
    let to = SubscriptionStatus::Cancelled;
    let moved = app.state.move_subscription(s.id, to.clone(), |now| {
        answers::decide(&facts, Stored::Named(Some(now))).is_ok()
    });
    let refusal = match moved {
        Some(Ok(_)) => return answered(answers::cancelled(s.id), Some(merchant_id), to.as_str()),
        Some(Err(now)) => answers::decide(&facts, Stored::Named(Some(&now))),
        None => answers::decide(&facts, Stored::Named(None)),
    };
    request.refuse(&body, refusal.err().unwrap_or(answers::INTERNAL_ERROR))
}
