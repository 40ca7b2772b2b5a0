//! The checkout page a pay-in's redirect `url` and deeplinks point at, and the page a
//! subscription's `deepLink` opens: a person clicks pay or deny (authorize or deny) in a
//! browser, which does what the control API does.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use cobro::payin::catalog::payin_state;
use cobro::subscription::response::SubscriptionStatus;

use crate::app::Shared;
use crate::control::{Action, move_payin, move_subscription};
use crate::deliver::NotifyFaults;
use crate::reply::not_loopback;

/// The prefix of a subscription's page in `/checkout/`.
const SUBSCRIPTION: &str = "subscription-";

/// Text made safe to put in HTML.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn html(status: StatusCode, title: &str, body: &str) -> Response {
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\
         <style>body{{font-family:sans-serif;max-width:32rem;margin:3rem auto}}\
         button{{font-size:1.1rem;margin-right:1rem;padding:.5rem 1.5rem}}</style></head>\
         <body><h1>{t}</h1>{body}<p><small>cobro mock: a stand-in for the provider; no money moves.</small></p></body></html>",
        t = escape(title),
    );
    let mut r = (status, page).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    r
}

fn buttons(id: &str, actions: [&str; 2]) -> String {
    actions
        .iter()
        .map(|a| {
            format!(
                "<form method=\"post\" action=\"/checkout/{id}/{a}\" style=\"display:inline\"><button>{a}</button></form>",
                id = escape(id),
            )
        })
        .collect()
}

/// `GET /checkout/{trx}`.
pub async fn page(State(app): State<Shared>, Path(id): Path<String>) -> Response {
    if let Some(sub) = id.strip_prefix(SUBSCRIPTION) {
        let Some(s) = sub.parse::<i64>().ok().and_then(|n| app.state.subscription(n)) else {
            return html(StatusCode::NOT_FOUND, "No such subscription", "");
        };
        let body = format!(
            "<p>Subscription {} ({}) is <b>{}</b>.</p>{}",
            s.id,
            escape(&s.charge_type),
            escape(s.status.as_str()),
            buttons(&id, ["authorize", "deny"])
        );
        return html(StatusCode::OK, "Authorize the subscription", &body);
    }
    let Some(p) = app.state.payin_by_trx(&id) else {
        return html(StatusCode::NOT_FOUND, "No such payment", "");
    };
    let merchant = app.merchant(p.merchant_id).map_or("", |m| m.name.as_str());
    let state = payin_state(p.state).map_or("", |s| s.name);
    let body = format!(
        "<p>{} asks you to pay <b>{} {}</b> ({}).</p><p>State: {}.</p>{}",
        escape(merchant),
        escape(&p.currency),
        p.amount,
        escape(&p.method),
        escape(state),
        buttons(&id, ["pay", "deny"])
    );
    html(StatusCode::OK, "Pay", &body)
}

/// `POST /checkout/{trx}/{action}`: loopback only, like the control API.
pub async fn act(
    State(app): State<Shared>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path((id, action)): Path<(String, String)>,
) -> Response {
    if let Some(r) = not_loopback(peer) {
        return r;
    }
    let faults = NotifyFaults::default();
    let done = if let Some(sub) = id.strip_prefix(SUBSCRIPTION) {
        let to = match action.as_str() {
            "authorize" => SubscriptionStatus::Authorized,
            "deny" => SubscriptionStatus::Denied,
            _ => return html(StatusCode::NOT_FOUND, "No such action", ""),
        };
        match sub.parse::<i64>() {
            Ok(n) => move_subscription(&app, n, to, &faults).map(|_| ()),
            Err(_) => Err((404, "no subscription has that id".into())),
        }
    } else {
        let Some(action) = crate::control::action(&action).filter(|a| matches!(a, Action::Pay | Action::Deny)) else {
            return html(StatusCode::NOT_FOUND, "No such action", "");
        };
        match app.state.payin_by_trx(&id) {
            Some(p) => move_payin(&app, p.merchant_id, &p.operation_number, action, &faults).map(|_| ()),
            None => Err((404, "no payment has that id".into())),
        }
    };
    match done {
        Ok(()) => html(
            StatusCode::OK,
            "Done",
            "<p>The notification is on its way to the merchant's webhook.</p>",
        ),
        Err((status, message)) => html(
            StatusCode::from_u16(status).unwrap_or(StatusCode::CONFLICT),
            "Not done",
            &format!("<p>{}</p>", escape(&message)),
        ),
    }
}
