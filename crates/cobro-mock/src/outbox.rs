//! The notifications waiting to be delivered, retried or released, bounded in count and
//! in bytes; and how many attempts may be under way at once.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use tokio::sync::{Semaphore, watch};

use crate::state::Delivery;

/// The most notifications waiting at once (to be sent, retried, or held back); past it a
/// control call is refused with 503 before it moves anything, so a webhook that never
/// answers cannot grow the mock without bound.
pub const MAX_WAITING: usize = 10_000;
/// The most bytes of notification bodies waiting at once; past it, as past
/// [`MAX_WAITING`].
pub const MAX_WAITING_BYTES: usize = 16 << 20;
/// The room a control call asks for before it moves anything: more than any
/// notification's body, whose free text is capped (a deposit's depositor, say).
pub(crate) const ROOM_BYTES: usize = 64 << 10;
/// The most delivery attempts under way at once; the others wait their turn, so
/// notifications never take more sockets than this.
pub const MAX_SENDING: usize = 32;
/// The notifications waiting, and what delivers them.
pub(crate) struct Outbox {
    waiting: Mutex<Waiting>,
    pub(crate) sending: Semaphore,
    /// True once the mock stops: delays and waits between retries end at once.
    pub(crate) hurry: watch::Sender<bool>,
}

#[derive(Default)]
pub(crate) struct Waiting {
    pub(crate) bytes: usize,
    next_id: u64,
    /// Each notification being sent or retried.
    pub(crate) sending: HashMap<u64, Sending>,
    /// The notifications held back, with their merchant: each is delivered after that
    /// merchant's next one.
    pub(crate) held: Vec<Delivery>,
}

/// A notification being sent or retried, as a stop that could not deliver it names it.
pub(crate) struct Sending {
    /// `payin`, `subscription` or `deposit`.
    pub(crate) kind: &'static str,
    pub(crate) merchant_id: u64,
    /// What it is about ([`Delivery::about`]).
    pub(crate) about: String,
    /// How its last attempt ended.
    pub(crate) last: String,
}

impl Waiting {
    pub(crate) fn count(&self) -> usize {
        self.sending.len() + self.held.len()
    }

    pub(crate) fn has_room(&self, bytes: usize) -> bool {
        self.count() < MAX_WAITING && self.bytes.saturating_add(bytes) <= MAX_WAITING_BYTES
    }
}

impl Default for Outbox {
    fn default() -> Outbox {
        Outbox {
            waiting: Mutex::new(Waiting::default()),
            sending: Semaphore::new(MAX_SENDING),
            hurry: watch::Sender::new(false),
        }
    }
}

impl Outbox {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Waiting> {
        // Every change below is a few field writes that cannot panic halfway.
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Forgets the notifications held back, which would otherwise reach the webhook
    /// after the next one, about records a reset forgot.
    pub(crate) fn forget_held(&self) {
        let mut w = self.lock();
        let held: usize = w.held.iter().map(|d| d.body.len()).sum();
        w.bytes = w.bytes.saturating_sub(held);
        w.held.clear();
    }

    /// Notifications waiting, and their bytes.
    pub(crate) fn waiting(&self) -> (usize, usize) {
        let w = self.lock();
        (w.count(), w.bytes)
    }
}

/// Why a notification cannot be queued: the status and message a control call answers.
pub(crate) fn full() -> (u16, String) {
    (
        503,
        format!(
            "{MAX_WAITING} notifications or {MAX_WAITING_BYTES} bytes of them are already waiting, the most the mock keeps: try again once the webhook has taken some"
        ),
    )
}

/// Counts `d` among the notifications being sent; its id.
pub(crate) fn queue(w: &mut Waiting, d: &Delivery) -> u64 {
    w.next_id += 1;
    w.bytes += d.body.len();
    w.sending.insert(
        w.next_id,
        Sending {
            kind: d.kind,
            merchant_id: d.merchant_id,
            about: d.about.clone(),
            last: "not yet attempted".to_string(),
        },
    );
    w.next_id
}
