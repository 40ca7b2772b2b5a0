//! The control API (loopback only): moving pay-ins and subscriptions through their
//! lifecycle and making deposits, each of which sends its notification; the log; reset.
//!
//! - `POST /_mock/payins/{payinMerchantOperationNumber}/{pay|deny|expire|settle|refund}`
//! - `POST /_mock/subscriptions/{subscriptionId}/{authorize|deny|expire}`
//! - `POST /_mock/virtual-accounts/{id}/deposit` with `{"amount": "...", "currency": "..."}`
//! - `GET /_mock/events`, `POST /_mock/reset`, `GET /_mock/merchants`
//!
//! The body of a pay-in or subscription call is optional: `{"duplicate", "out_of_order",
//! "wrong_signature", "delay_ms"}` ask for faults in its notification (see
//! [`NotifyFaults`]); a deposit takes the same fields beside `amount` and `currency`.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::response::Response;
use cobro::payin::catalog::payin_state;
use cobro::payin::lifecycle::payin_transition;
use cobro::provider::payin::{Notification, notification};
use cobro::provider::subscription::{Webhook, webhook};
use cobro::provider::virtual_account::{Deposit, deposit_notification};
use cobro::receive::NotificationKind;
use cobro::subscription::response::SubscriptionStatus;
use cobro::virtual_account::FULL_NAME_MAX;
use cobro::{Amount, Secret};
use serde::Deserialize;
use serde_json::json;

use crate::app::Shared;
use crate::body::Received;
use crate::deliver::{self, NotifyFaults};
use crate::reply::{self, mock_error, not_loopback, noted};
use crate::state::Delivery;
use crate::state::Payin;
use crate::time;

/// What a control call does to a pay-in: one of the core's events (its target state and
/// notification error are the core's), named in the path.
pub use cobro::provider::payin::PayinEvent as Action;

/// The action named in the path.
pub fn action(name: &str) -> Option<Action> {
    match name {
        "pay" => Some(Action::Pay),
        "deny" => Some(Action::Deny),
        "expire" => Some(Action::Expire),
        "settle" => Some(Action::Settle),
        "refund" => Some(Action::Refund),
        _ => None,
    }
}

/// The key a `wrong_signature` fault signs with: not any merchant's.
const WRONG_KEY: &str = "cobro-mock-wrong-key-for-a-fault";

/// Moves a pay-in as `action` says when the core's lifecycle allows the change, and
/// sends the payment notification; the pay-in afterwards, or the status and message of
/// the refusal.
pub fn move_payin(
    app: &Shared,
    merchant_id: u64,
    operation_number: &str,
    action: Action,
    faults: &NotifyFaults,
) -> Result<Payin, (u16, String)> {
    let Some(merchant) = app.merchant(merchant_id) else {
        return Err((404, "no such merchant".into()));
    };
    deliver::room(app)?;
    let current = app
        .state
        .payin(merchant_id, operation_number)
        .ok_or((404, "no pay-in has that operation number".to_string()))?;
    let to = action.target(current.state);
    if to == current.state {
        return Err((409, format!("the pay-in is already in state {to}")));
    }
    let verdict = payin_transition(current.state, to);
    let moved = app.state.move_payin(merchant_id, operation_number, to, |from| {
        from == current.state && verdict.allowed
    });
    let payin = match moved {
        Some(Ok(p)) => p,
        Some(Err(_)) => return Err((409, verdict.reason.to_string())),
        None => return Err((404, "no pay-in has that operation number".into())),
    };
    let error = action.error();
    let n = Notification {
        state_id: to,
        merchant_id,
        amount: payin.amount,
        currency: &payin.currency,
        operation_number: &payin.operation_number,
        method: &payin.method,
        error,
    };
    let wrong = Secret::new(WRONG_KEY).map_err(|e| (500, e.to_string()))?;
    let key = if faults.wrong_signature {
        &wrong
    } else {
        &merchant.payin_key
    };
    let body = notification(&n, key).map_err(|e| (500, e.to_string()))?;
    deliver::send(
        app,
        Delivery {
            merchant_id,
            kind: "payin",
            about: format!("pay-in {}", payin.operation_number),
            url: merchant
                .webhook(NotificationKind::PayinNotification)
                .map(str::to_string),
            body,
        },
        faults,
    )?;
    Ok(payin)
}

/// The faults a control call's body asks for (an empty body asks for none), or why
/// they are refused: a body of another shape, or a delay past the header's limit
/// ([`crate::fault::delay`], the one rule of both).
fn faults_of(body: &[u8]) -> Result<NotifyFaults, String> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(NotifyFaults::default());
    }
    let faults: NotifyFaults = serde_json::from_slice(body).map_err(|_| FAULTS_SHAPE.to_string())?;
    crate::fault::delay(faults.delay_ms).map_err(|why| format!("delay_ms: {why}"))?;
    Ok(faults)
}

const FAULTS_SHAPE: &str =
    "the body must be {\"duplicate\", \"out_of_order\", \"wrong_signature\", \"delay_ms\"} (each optional)";

/// The merchant a pay-in control call names (`?merchant_id=ID`), needed only when
/// several merchants used the same operation number.
#[derive(Deserialize)]
pub struct Which {
    merchant_id: Option<u64>,
}

/// `POST /_mock/payins/{operation}/{action}[?merchant_id=ID]`.
pub async fn payin(
    State(app): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((operation, action)): Path<(String, String)>,
    Query(which): Query<Which>,
    body: Received,
) -> Response {
    if let Some(r) = not_loopback(peer) {
        return r;
    }
    let Some(action) = self::action(&action) else {
        return mock_error(404, "the action must be pay, deny, expire, settle or refund");
    };
    let Ok(body) = body.bytes() else {
        return mock_error(413, &reply::too_large());
    };
    let faults = match faults_of(body) {
        Ok(faults) => faults,
        Err(why) => return mock_error(400, &why),
    };
    let owners: Vec<u64> = app
        .config
        .merchants
        .iter()
        .filter(|m| which.merchant_id.is_none_or(|id| id == m.id))
        .filter(|m| app.state.payin(m.id, &operation).is_some())
        .map(|m| m.id)
        .collect();
    let merchant_id = match owners[..] {
        [one] => one,
        [] => return mock_error(404, "no pay-in has that operation number"),
        _ => {
            return mock_error(
                409,
                "several merchants have a pay-in with that operation number: add ?merchant_id=ID",
            );
        }
    };
    match move_payin(&app, merchant_id, &operation, action, &faults) {
        Ok(p) => {
            let name = payin_state(p.state).map_or("", |s| s.name);
            let body = json!({"payinMerchantOperationNumber": p.operation_number, "payinStateID": p.state.to_string(), "payinState": name});
            noted(
                reply::json(200, body.to_string()),
                Some(merchant_id),
                p.state.to_string(),
            )
        }
        Err((status, message)) => noted(mock_error(status, &message), Some(merchant_id), message),
    }
}

/// Moves subscription `id` to `to` (from PENDING only) and sends its webhook; the
/// subscription's merchant.
pub fn move_subscription(
    app: &Shared,
    id: i64,
    to: SubscriptionStatus,
    faults: &NotifyFaults,
) -> Result<u64, (u16, String)> {
    if faults.wrong_signature {
        return Err((
            400,
            "subscription webhooks carry no signature (PROVIDER_FACTS.md)".into(),
        ));
    }
    deliver::room(app)?;
    let moved = app
        .state
        .move_subscription(id, to, |now| *now == SubscriptionStatus::Pending)
        .ok_or((404, "no subscription has that id".to_string()))?;
    let s = moved.map_err(|now| (409, format!("the subscription is {}, not PENDING", now.as_str())))?;
    let Some(merchant) = app.merchant(s.merchant_id) else {
        return Err((404, "no such merchant".into()));
    };
    let body = webhook(&Webhook {
        subscription_id: s.id,
        charge_type: &s.charge_type,
        customer_id: &s.customer_id,
        origin_type: &s.device,
        status: s.status.clone(),
        metadata: &s.metadata,
    });
    let d = Delivery {
        merchant_id: s.merchant_id,
        kind: "subscription",
        about: format!("subscription {}", s.id),
        url: merchant
            .webhook(NotificationKind::SubscriptionWebhook)
            .map(str::to_string),
        body,
    };
    deliver::send(app, d, faults)?;
    Ok(s.merchant_id)
}

/// `POST /_mock/subscriptions/{id}/{action}`.
pub async fn subscription(
    State(app): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((id, action)): Path<(String, String)>,
    body: Received,
) -> Response {
    if let Some(r) = not_loopback(peer) {
        return r;
    }
    let to = match action.as_str() {
        "authorize" => SubscriptionStatus::Authorized,
        "deny" => SubscriptionStatus::Denied,
        "expire" => SubscriptionStatus::Expired,
        _ => return mock_error(404, "the action must be authorize, deny or expire"),
    };
    let Ok(id) = id.parse::<i64>() else {
        return mock_error(404, "no subscription has that id");
    };
    let Ok(body) = body.bytes() else {
        return mock_error(413, &reply::too_large());
    };
    let faults = match faults_of(body) {
        Ok(faults) => faults,
        Err(why) => return mock_error(400, &why),
    };
    let status = to.as_str().to_string();
    match move_subscription(&app, id, to, &faults) {
        Ok(merchant_id) => {
            let body = json!({"subscriptionId": id, "status": status});
            noted(reply::json(200, body.to_string()), Some(merchant_id), status)
        }
        Err((code, message)) => noted(mock_error(code, &message), None, message),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DepositRequest {
    amount: String,
    currency: String,
    #[serde(default)]
    depositor: Option<String>,
    #[serde(default)]
    duplicate: bool,
    #[serde(default)]
    out_of_order: bool,
    #[serde(default)]
    delay_ms: u64,
}

/// `POST /_mock/virtual-accounts/{id}/deposit`.
pub async fn deposit(
    State(app): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Received,
) -> Response {
    if let Some(r) = not_loopback(peer) {
        return r;
    }
    let Ok(body) = body.bytes() else {
        return mock_error(413, &reply::too_large());
    };
    let Ok(request) = serde_json::from_slice::<DepositRequest>(body) else {
        return mock_error(
            400,
            "the body must be {\"amount\": \"200.00\", \"currency\": \"ARS\"}, optionally with depositor, duplicate, out_of_order, delay_ms",
        );
    };
    let Some(account) = app.state.account(&id) else {
        return mock_error(404, "no virtual account has that id");
    };
    let Ok(amount) = Amount::parse(&request.amount) else {
        return mock_error(400, "amount must be a positive amount with at most two decimals");
    };
    if let Err(why) = crate::fault::delay(request.delay_ms) {
        return mock_error(400, &format!("delay_ms: {why}"));
    }
    if request.currency != account.currency {
        return mock_error(400, "currency must be the account's currency");
    }
    if request
        .depositor
        .as_ref()
        .is_some_and(|d| d.chars().count() > FULL_NAME_MAX)
    {
        return mock_error(
            400,
            &format!("depositor must be at most {FULL_NAME_MAX} characters, as an owner's full name is"),
        );
    }
    let Some(merchant) = app.merchant(account.merchant_id) else {
        return mock_error(404, "no such merchant");
    };
    let operation_id = app.state.next_serial().to_string();
    let amount_text = amount.to_string();
    let merchant_id = merchant.id.to_string();
    let received_at = time::iso(time::now());
    let [full_name, document_type, document_number] = &account.owner;
    let body = deposit_notification(&Deposit {
        operation_id: &operation_id,
        status_code: 5,
        merchant_id: &merchant_id,
        amount: &amount_text,
        currency: &account.currency,
        account: [
            &account.id,
            &account.category,
            &account.account_type,
            &account.number,
            &account.name,
        ],
        owner: [full_name, document_type, document_number, &account.reference_id],
        depositor: request.depositor.as_deref().unwrap_or("Mock Depositor"),
        received_at: &received_at,
    });
    let faults = NotifyFaults {
        duplicate: request.duplicate,
        out_of_order: request.out_of_order,
        wrong_signature: false,
        delay_ms: request.delay_ms,
    };
    let d = Delivery {
        merchant_id: merchant.id,
        kind: "deposit",
        about: format!("deposit {operation_id} to virtual account {}", account.id),
        url: merchant
            .webhook(NotificationKind::DepositNotification)
            .map(str::to_string),
        body,
    };
    if let Err((status, why)) = deliver::send(&app, d, &faults) {
        return noted(mock_error(status, &why), Some(merchant.id), why);
    }
    let body = json!({"operationId": operation_id, "amount": amount_text});
    noted(reply::json(200, body.to_string()), Some(merchant.id), operation_id)
}

/// `GET /_mock/events`: the counts of records, the bytes they and the log hold, the log
/// entries dropped to make room, the notifications waiting, and the log, oldest first.
pub async fn events(State(app): State<Shared>, ConnectInfo(peer): ConnectInfo<SocketAddr>) -> Response {
    if let Some(r) = not_loopback(peer) {
        return r;
    }
    let [accounts, subscriptions, payins] = app.state.counts();
    let (notifications, notification_bytes) = app.outbox.waiting();
    let body = json!({
        "counts": {"virtual_accounts": accounts, "subscriptions": subscriptions, "payins": payins},
        "stored_bytes": app.state.stored_bytes(),
        "dropped_events": app.state.dropped_events(),
        "waiting": {"notifications": notifications, "bytes": notification_bytes},
        "events": app.state.events(),
    });
    reply::json(200, body.to_string())
}

/// `POST /_mock/reset`: forgets every account, subscription, pay-in and log entry, and
/// the notifications held back, which would otherwise reach the webhook after the next
/// one, about records that no longer exist.
pub async fn reset(State(app): State<Shared>, ConnectInfo(peer): ConnectInfo<SocketAddr>) -> Response {
    if let Some(r) = not_loopback(peer) {
        return r;
    }
    app.state.reset();
    app.outbox.forget_held();
    reply::json(200, json!({"reset": true}).to_string())
}

/// `GET /_mock/merchants`: each merchant's id, name, API key, webhook URL and signature
/// variant; never a secret.
pub async fn merchants(State(app): State<Shared>, ConnectInfo(peer): ConnectInfo<SocketAddr>) -> Response {
    if let Some(r) = not_loopback(peer) {
        return r;
    }
    let list: Vec<_> = app
        .config
        .merchants
        .iter()
        .map(|m| {
            json!({"id": m.id, "name": m.name, "api_key": m.api_key, "webhook_url": m.webhook_url,
                   "subscription_webhook_url": m.kind_urls.subscription,
                   "deposit_webhook_url": m.kind_urls.deposit,
                   "signature_variant": m.variant.as_str()})
        })
        .collect();
    reply::json(200, json!({ "merchants": list }).to_string())
}
