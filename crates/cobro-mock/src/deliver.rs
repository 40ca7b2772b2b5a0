//! Sending notifications to a merchant's webhook: in the background, never blocking the
//! API, retried with bounded backoff, each attempt in the log; the faults a control call
//! may ask of one (a duplicate, out of order, a delay); and, when the mock stops, the
//! notifications still waiting sent at once or named as not delivered.

use std::time::Duration;

use axum::http::header;
use serde::Deserialize;

use crate::app::{App, Shared};
use crate::outbox::{MAX_WAITING, ROOM_BYTES, Sending, full, queue};
use crate::printable::printable;
use crate::state::{Delivery, Event};
use crate::time;

/// How long a stopping mock keeps sending the notifications still waiting (at once,
/// without their delays or the waits between retries) before naming the rest on
/// standard error as not delivered.
pub const DELIVERY_GRACE: Duration = Duration::from_secs(5);

/// Whether a notification can be queued now: a control call asks before it moves
/// anything, so that a refusal leaves the record as it was.
pub fn room(app: &App) -> Result<(), (u16, String)> {
    if app.outbox.lock().has_room(ROOM_BYTES) {
        Ok(())
    } else {
        Err(full())
    }
}

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
/// merchant after it, in the order they were held. Refused (503, said on standard
/// error and in the log) when [`MAX_WAITING`] or [`MAX_WAITING_BYTES`](crate::MAX_WAITING_BYTES) would be passed.
pub fn send(app: &Shared, d: Delivery, faults: &NotifyFaults) -> Result<(), (u16, String)> {
    // Checked by the control call against the one rule (`fault::delay`).
    let delay = Duration::from_millis(faults.delay_ms);
    let copies = if faults.duplicate { 2 } else { 1 };
    let mut w = app.outbox.lock();
    if !w.has_room(d.body.len().saturating_mul(copies)) || w.count() + copies > MAX_WAITING {
        drop(w);
        log(app, &d, None, "dropped: too many notifications waiting".into());
        let (status, why) = full();
        crate::warn(&format!("a {} notification was not queued: {why}", d.kind));
        return Err((status, why));
    }
    if faults.out_of_order {
        w.bytes += d.body.len();
        w.held.push(d.clone());
        drop(w);
        log(
            app,
            &d,
            None,
            "held: sent after the merchant's next notification".into(),
        );
        return Ok(());
    }
    let (mine, others): (Vec<Delivery>, Vec<Delivery>) = std::mem::take(&mut w.held)
        .into_iter()
        .partition(|late| late.merchant_id == d.merchant_id);
    w.held = others;
    let mut queued = Vec::with_capacity(copies + mine.len());
    for _ in 0..copies {
        queued.push((queue(&mut w, &d), d.clone(), delay));
    }
    for (i, late) in (1u64..).zip(mine) {
        // The held one was counted when it was held: it moves to the notifications
        // being sent. It goes after the one it was held behind, a little later than
        // that one's first attempt, and each a little after the one held before it.
        w.bytes = w.bytes.saturating_sub(late.body.len());
        queued.push((queue(&mut w, &late), late, delay + Duration::from_millis(100 * i)));
    }
    drop(w);
    for (id, d, delay) in queued {
        spawn(app, id, d, delay);
    }
    Ok(())
}

fn spawn(app: &Shared, id: u64, d: Delivery, delay: Duration) {
    let app = app.clone();
    tokio::spawn(async move {
        pause(&app, delay).await;
        let delivered = attempt_all(&app, id, &d).await;
        let last = {
            let mut w = app.outbox.lock();
            w.bytes = w.bytes.saturating_sub(d.body.len());
            w.sending.remove(&id)
        };
        // Once the mock stops, its log goes with it: a failure is said where it is seen.
        if !delivered
            && *app.outbox.hurry.borrow()
            && let Some(last) = last
        {
            not_delivered(&last);
        }
    });
}

/// Waits `wait`, or less once the mock is stopping.
async fn pause(app: &App, wait: Duration) {
    if wait.is_zero() {
        return;
    }
    let mut hurry = app.outbox.hurry.subscribe();
    tokio::select! {
        () = tokio::time::sleep(wait) => {}
        _ = hurry.wait_for(|h| *h) => {}
    }
}

/// Attempts `d` as the retry policy says; whether the webhook took it (a merchant with no
/// webhook URL is sent nothing, as it asked, which counts as taken).
async fn attempt_all(app: &App, id: u64, d: &Delivery) -> bool {
    let Some(url) = d.url.as_deref() else {
        log(app, d, None, "not sent: the merchant has no webhook URL".into());
        return true;
    };
    let policy = app.config.retry;
    let mut wait = policy.first_delay;
    for attempt in 1..=policy.attempts.max(1) {
        let Ok(_turn) = app.outbox.sending.acquire().await else {
            return false;
        };
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
            (Err(e), _) if crate::tls::refused_certificate(e) => "certificate refused",
            (Err(_), _) => "unreachable",
        };
        let detail = format!("attempt {attempt} of {}: {outcome}", policy.attempts);
        if let Some(entry) = app.outbox.lock().sending.get_mut(&id) {
            entry.last.clone_from(&detail);
        }
        log(app, d, status, detail);
        if ok {
            return true;
        }
        if attempt < policy.attempts {
            pause(app, wait).await;
            wait = (wait * 2).min(policy.max_delay);
        }
    }
    false
}

/// Names a notification the stopping mock could not deliver, on standard error: what
/// it is about (the pay-in, subscription or deposit), its kind and merchant, and how
/// its last attempt ended.
fn not_delivered(s: &Sending) {
    crate::warn(&printable(&format!(
        "not delivered: a {} notification for merchant {} about {} ({}) when the mock stopped",
        s.kind, s.merchant_id, s.about, s.last
    )));
}

/// When the mock stops: sends every notification still waiting at once (the held ones
/// too, and without delays or waits between retries) for at most `grace`, then names
/// each one left on standard error as not delivered.
pub(crate) async fn drain(app: &Shared, grace: Duration) {
    let held = std::mem::take(&mut app.outbox.lock().held);
    let _ = app.outbox.hurry.send(true);
    {
        let mut w = app.outbox.lock();
        let mut queued = Vec::with_capacity(held.len());
        for d in held {
            w.bytes = w.bytes.saturating_sub(d.body.len());
            queued.push((queue(&mut w, &d), d));
        }
        drop(w);
        for (id, d) in queued {
            spawn(app, id, d, Duration::ZERO);
        }
    }
    let until = tokio::time::Instant::now() + grace;
    while app.outbox.lock().count() > 0 && tokio::time::Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Taken out, so that an attempt still under way names nothing a second time.
    let left: Vec<_> = app.outbox.lock().sending.drain().map(|(_, entry)| entry).collect();
    for entry in &left {
        not_delivered(entry);
    }
}
