//! Sending notifications to a merchant's webhook: in the background, never blocking the
//! API, retried with bounded backoff, each attempt in the log; and the faults a control
//! call may ask of one (a duplicate, out of order, a delay).

use std::sync::PoisonError;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::http::header;
use serde::Deserialize;

use crate::app::{App, Shared};
use crate::state::{Delivery, Event};
use crate::time;

/// The most notifications waiting at once; past it a new one is dropped (and logged),
/// so a webhook that never answers cannot grow the mock without bound.
pub const MAX_PENDING: usize = 10_000;

/// What a control call may ask of its notification (its JSON body; every field
/// optional).
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotifyFaults {
    /// Send it twice.
    #[serde(default)]
    pub duplicate: bool,
    /// Hold it back and send it after the merchant's next notification.
    #[serde(default)]
    pub out_of_order: bool,
    /// Sign it with a key that is not the merchant's (pay-in notifications only: the
    /// other two carry no signature).
    #[serde(default)]
    pub wrong_signature: bool,
    /// Wait this many milliseconds (at most 60,000) before the first attempt.
    #[serde(default)]
    pub delay_ms: u64,
}

fn log(app: &App, d: &Delivery, status: Option<u16>, detail: String) {
    app.state.log(Event {
        seq: 0,
        at: time::now(),
        kind: "delivery",
        what: d.kind.to_string(),
        merchant_id: Some(d.merchant_id),
        status,
        detail,
    });
}

/// Sends `d` as `faults` ask, and releases the notifications held back for the same
/// merchant after it, in the order they were held.
pub fn send(app: &Shared, d: Delivery, faults: &NotifyFaults) {
    // Checked by the control call against the one rule (`fault::delay`).
    let delay = Duration::from_millis(faults.delay_ms);
    if faults.out_of_order {
        let mut held = app.held.lock().unwrap_or_else(PoisonError::into_inner);
        // Held notifications count as waiting ones, so the bound on those holds here too.
        if held.len() + app.pending.load(Ordering::SeqCst) >= MAX_PENDING {
            drop(held);
            dropped(app, &d);
            return;
        }
        held.push((d.merchant_id, d.clone()));
        drop(held);
        log(
            app,
            &d,
            None,
            "held: sent after the merchant's next notification".into(),
        );
        return;
    }
    let copies = if faults.duplicate { 2 } else { 1 };
    for _ in 0..copies {
        spawn(app, d.clone(), delay);
    }
    let released: Vec<Delivery> = {
        let mut held = app.held.lock().unwrap_or_else(PoisonError::into_inner);
        let (mine, others) = std::mem::take(&mut *held)
            .into_iter()
            .partition(|(m, _)| *m == d.merchant_id);
        *held = others;
        mine.into_iter().map(|(_, late)| late).collect()
    };
    for (i, late) in (1u64..).zip(released) {
        // After the one it was held behind: a little later than that one's first attempt,
        // and each a little after the one held before it.
        spawn(app, late, delay + Duration::from_millis(100 * i));
    }
}

/// Logs that `d` was dropped: [`MAX_PENDING`] notifications were already waiting.
fn dropped(app: &App, d: &Delivery) {
    log(
        app,
        d,
        None,
        format!("dropped: {MAX_PENDING} notifications already waiting"),
    );
}

fn spawn(app: &Shared, d: Delivery, delay: Duration) {
    if app.pending.fetch_add(1, Ordering::SeqCst) >= MAX_PENDING {
        app.pending.fetch_sub(1, Ordering::SeqCst);
        dropped(app, &d);
        return;
    }
    let app = app.clone();
    tokio::spawn(async move {
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        attempt_all(&app, &d).await;
        app.pending.fetch_sub(1, Ordering::SeqCst);
    });
}

async fn attempt_all(app: &App, d: &Delivery) {
    let Some(url) = d.url.as_deref() else {
        log(app, d, None, "not sent: the merchant has no webhook URL".into());
        return;
    };
    let policy = app.config.retry;
    let mut wait = policy.first_delay;
    for attempt in 1..=policy.attempts.max(1) {
        let sent = app
            .client
            .post(url)
            .header(header::CONTENT_TYPE, "application/json")
            .body(d.body.clone())
            .send()
            .await;
        let (status, ok) = match &sent {
            Ok(r) => (Some(r.status().as_u16()), r.status().is_success()),
            Err(_) => (None, false),
        };
        let outcome = match (&sent, ok) {
            (_, true) => "delivered",
            (Ok(_), false) => "refused",
            (Err(e), _) if e.is_timeout() => "timed out",
            (Err(_), _) => "unreachable",
        };
        log(
            app,
            d,
            status,
            format!("attempt {attempt} of {}: {outcome}", policy.attempts),
        );
        if ok {
            return;
        }
        if attempt < policy.attempts {
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(policy.max_delay);
        }
    }
}
