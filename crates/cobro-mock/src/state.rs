//! What the mock remembers: virtual accounts, subscriptions, pay-ins with the first
//! answer each got (for a retry), and the log of requests and deliveries. Every table is bounded in count and in bytes; the log keeps
//! the newest entries, each a bounded summary of what happened.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, MutexGuard, PoisonError};

use cobro::subscription::response::SubscriptionStatus;

use crate::records::Footprint;
pub use crate::records::{Account, Delivery, Event, FirstAnswer, Payin, Subscription};

/// The most entries of each kind the mock keeps; past it a creation is refused as the
/// provider's internal error, so a runaway test shows instead of eating memory.
pub const MAX_RECORDS: usize = 1_000_000;
/// The most log entries kept (the oldest go first).
pub const MAX_EVENTS: usize = 10_000;
/// The most bytes the records may hold, as [`State::stored_bytes`] counts them; past it a
/// creation is refused as with [`MAX_RECORDS`].
pub const MAX_RECORD_BYTES: usize = 64 << 20;
/// The longest `what` or `detail` of an event, in bytes: a longer one (a path of 65 KB,
/// say) is cut at a character boundary and ends with `...`, so the log holds at most
/// [`MAX_EVENTS`] entries of a few hundred bytes each, whatever the requests were.
pub const MAX_EVENT_TEXT: usize = 200;
#[derive(Default)]
struct Tables {
    /// The bytes the records hold, as counted by [`Footprint::footprint`].
    record_bytes: usize,
    /// The bytes the log holds, likewise.
    log_bytes: usize,
    /// The log entries dropped to make room for newer ones since the last reset.
    dropped_events: u64,
    /// Whether a creation was refused for lack of room since the last reset (said once
    /// on standard error).
    said_full: bool,
    accounts: HashMap<(u64, String), Account>,
    account_ids: HashMap<String, (u64, String)>,
    subscriptions: HashMap<i64, Subscription>,
    /// Subscription ids by merchant and number, oldest first.
    by_number: HashMap<(u64, String), Vec<i64>>,
    payins: HashMap<(u64, String), Payin>,
    /// Pay-in keys by payinTrxOperation.
    by_trx: HashMap<String, (u64, String)>,
    /// The first answer of each pay-in, by the pay-in's key.
    first_answers: HashMap<(u64, String), FirstAnswer>,
    next_id: u64,
    events: VecDeque<Event>,
    next_seq: u64,
}

/// The mock's memory, shared by every connection.
#[derive(Default)]
pub struct State {
    tables: Mutex<Tables>,
}

/// Why a record was not stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The same key is already there.
    Exists,
    /// [`MAX_RECORDS`] reached.
    Full,
}

impl State {
    fn lock(&self) -> MutexGuard<'_, Tables> {
        // A panic while holding the lock cannot leave the tables half-written: every
        // change below is a single insert or field write.
        self.tables.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A new serial number (account numbers, subscription ids, trace ids).
    pub fn next_serial(&self) -> u64 {
        let mut t = self.lock();
        t.next_id = t.next_id.wrapping_add(1);
        t.next_id
    }

    /// Empties every table and the log: the bytes counted go back to zero.
    pub fn reset(&self) {
        *self.lock() = Tables::default();
    }

    /// Appends `event` (its `seq` is set here, its texts cut to [`MAX_EVENT_TEXT`]),
    /// dropping the oldest past [`MAX_EVENTS`].
    pub fn log(&self, mut event: Event) {
        cut(&mut event.what);
        cut(&mut event.detail);
        let size = event.footprint();
        let mut t = self.lock();
        t.next_seq += 1;
        event.seq = t.next_seq;
        if t.events.len() >= MAX_EVENTS
            && let Some(old) = t.events.pop_front()
        {
            t.log_bytes = t.log_bytes.saturating_sub(old.footprint());
            t.dropped_events += 1;
        }
        t.log_bytes += size;
        t.events.push_back(event);
    }

    /// The log, oldest first.
    pub fn events(&self) -> Vec<Event> {
        self.lock().events.iter().cloned().collect()
    }

    /// The bytes the records and the log hold, as the mock counts them (their text and
    /// a fixed amount per entry): zero after a reset, whatever the allocator keeps.
    pub fn stored_bytes(&self) -> usize {
        let t = self.lock();
        t.record_bytes + t.log_bytes
    }

    /// How many log entries were dropped to make room since the last reset.
    pub fn dropped_events(&self) -> u64 {
        self.lock().dropped_events
    }

    /// Whether `t` has room for one more record of `size` bytes among `count` of its
    /// kind; when it has not, says so on standard error the first time.
    fn room<'t>(
        mut t: MutexGuard<'t, Tables>,
        count: usize,
        size: usize,
        kind: &str,
    ) -> Result<MutexGuard<'t, Tables>, Refused> {
        if count < MAX_RECORDS && t.record_bytes.saturating_add(size) <= MAX_RECORD_BYTES {
            return Ok(t);
        }
        let first = !std::mem::replace(&mut t.said_full, true);
        drop(t);
        if first {
            crate::warn(&format!(
                "a new {kind} is refused: the mock holds {MAX_RECORDS} records of a kind or {MAX_RECORD_BYTES} bytes of records at most (POST /_mock/reset empties it)"
            ));
        }
        Err(Refused::Full)
    }

    /// Stores a new account unless the merchant has one for the same referenceId.
    pub fn add_account(&self, account: Account) -> Result<(), Refused> {
        let t = self.lock();
        let key = (account.merchant_id, account.reference_id.clone());
        if t.accounts.contains_key(&key) {
            return Err(Refused::Exists);
        }
        let size = account.footprint();
        let count = t.accounts.len();
        let mut t = State::room(t, count, size, "virtual account")?;
        t.record_bytes += size;
        t.account_ids.insert(account.id.clone(), key.clone());
        t.accounts.insert(key, account);
        Ok(())
    }

    /// The account with id `id`.
    pub fn account(&self, id: &str) -> Option<Account> {
        let t = self.lock();
        t.account_ids.get(id).and_then(|k| t.accounts.get(k)).cloned()
    }

    /// The latest subscription of a merchant for a mobile number that `keep` accepts.
    fn latest_where(
        t: &Tables,
        merchant_id: u64,
        customer_id: &str,
        keep: impl Fn(&Subscription) -> bool,
    ) -> Option<Subscription> {
        let ids = t.by_number.get(&(merchant_id, customer_id.to_string()))?;
        ids.iter()
            .rev()
            .filter_map(|id| t.subscriptions.get(id))
            .find(|s| keep(s))
            .cloned()
    }

    /// Stores a new subscription when `admit` allows it given the latest one for the
    /// same number (None when there is none); returns the refusal `admit` gave.
    pub fn add_subscription<E>(
        &self,
        s: Subscription,
        admit: impl FnOnce(Option<&SubscriptionStatus>) -> Result<(), E>,
        full: E,
    ) -> Result<(), E> {
        let t = self.lock();
        let latest = State::latest_where(&t, s.merchant_id, &s.customer_id, |_| true);
        admit(latest.as_ref().map(|l| &l.status))?;
        let size = s.footprint();
        let count = t.subscriptions.len();
        let Ok(mut t) = State::room(t, count, size, "subscription") else {
            return Err(full);
        };
        t.record_bytes += size;
        t.by_number
            .entry((s.merchant_id, s.customer_id.clone()))
            .or_default()
            .push(s.id);
        t.subscriptions.insert(s.id, s);
        Ok(())
    }

    /// The latest subscription a cancellation names: merchant, number, type and
    /// processor (spec 3).
    pub fn subscription_for(
        &self,
        merchant_id: u64,
        customer_id: &str,
        charge_type: &str,
        processor: &str,
    ) -> Option<Subscription> {
        let t = self.lock();
        State::latest_where(&t, merchant_id, customer_id, |s| {
            s.charge_type == charge_type && s.processor_code == processor
        })
    }

    /// The latest subscription of a merchant for a number and charge type, for an
    /// on-file charge.
    pub fn subscription_to_charge(
        &self,
        merchant_id: u64,
        customer_id: &str,
        charge_type: &str,
    ) -> Option<Subscription> {
        let t = self.lock();
        State::latest_where(&t, merchant_id, customer_id, |s| s.charge_type == charge_type)
    }

    /// The subscription with id `id`.
    pub fn subscription(&self, id: i64) -> Option<Subscription> {
        self.lock().subscriptions.get(&id).cloned()
    }

    /// Moves subscription `id` to `to` if `allow` accepts its current status; the
    /// subscription as it is afterwards, or the current status refused.
    pub fn move_subscription(
        &self,
        id: i64,
        to: SubscriptionStatus,
        allow: impl FnOnce(&SubscriptionStatus) -> bool,
    ) -> Option<Result<Subscription, SubscriptionStatus>> {
        let mut t = self.lock();
        let s = t.subscriptions.get_mut(&id)?;
        if !allow(&s.status) {
            return Some(Err(s.status.clone()));
        }
        s.status = to;
        Some(Ok(s.clone()))
    }

    /// Stores a new pay-in with the answer it gets, unless the merchant already used its
    /// operation number. The two are stored at once, so a retry that finds the pay-in
    /// finds its answer too.
    pub fn add_payin(&self, p: Payin, first: FirstAnswer) -> Result<(), Refused> {
        let t = self.lock();
        let key = (p.merchant_id, p.operation_number.clone());
        if t.payins.contains_key(&key) {
            return Err(Refused::Exists);
        }
        // The answer's table keeps the operation number once more, as its key.
        let size = p.footprint() + first.footprint() + p.operation_number.len();
        let count = t.payins.len();
        let mut t = State::room(t, count, size, "pay-in")?;
        t.record_bytes += size;
        t.by_trx.insert(p.trx.clone(), key.clone());
        t.first_answers.insert(key.clone(), first);
        t.payins.insert(key, p);
        Ok(())
    }

    /// The first answer of the pay-in of `merchant_id` with operation number
    /// `operation_number`, with the digest of the request that got it.
    pub fn first_answer(&self, merchant_id: u64, operation_number: &str) -> Option<FirstAnswer> {
        self.lock()
            .first_answers
            .get(&(merchant_id, operation_number.to_string()))
            .cloned()
    }

    /// The pay-in of `merchant_id` with operation number `operation_number`.
    pub fn payin(&self, merchant_id: u64, operation_number: &str) -> Option<Payin> {
        self.lock()
            .payins
            .get(&(merchant_id, operation_number.to_string()))
            .cloned()
    }

    /// The pay-ins of `merchant_id` that `wanted` accepts, oldest first, at most the
    /// newest `max`.
    pub fn payins_matching(&self, merchant_id: u64, wanted: impl Fn(&Payin) -> bool, max: usize) -> Vec<Payin> {
        let t = self.lock();
        let mut found: Vec<&Payin> = t
            .payins
            .values()
            .filter(|p| p.merchant_id == merchant_id && wanted(p))
            .collect();
        // payinTrxOperation numbers pay-ins in the order the mock created them.
        found.sort_unstable_by(|a, b| a.trx.cmp(&b.trx));
        let newest = found.get(found.len().saturating_sub(max)..).unwrap_or_default();
        newest.iter().map(|p| (*p).clone()).collect()
    }

    /// The pay-in with payinTrxOperation `trx`.
    pub fn payin_by_trx(&self, trx: &str) -> Option<Payin> {
        let t = self.lock();
        t.by_trx.get(trx).and_then(|k| t.payins.get(k)).cloned()
    }

    /// Moves pay-in (`merchant_id`, `operation_number`) to state `to` if `allow` accepts
    /// the change from its current state; the pay-in afterwards, or its current state.
    pub fn move_payin(
        &self,
        merchant_id: u64,
        operation_number: &str,
        to: i64,
        allow: impl FnOnce(i64) -> bool,
    ) -> Option<Result<Payin, i64>> {
        let mut t = self.lock();
        let p = t.payins.get_mut(&(merchant_id, operation_number.to_string()))?;
        if !allow(p.state) {
            return Some(Err(p.state));
        }
        p.state = to;
        Some(Ok(p.clone()))
    }

    /// How many records of each kind are kept: accounts, subscriptions, pay-ins.
    pub fn counts(&self) -> [usize; 3] {
        let t = self.lock();
        [t.accounts.len(), t.subscriptions.len(), t.payins.len()]
    }
}

/// Cuts `text` to at most [`MAX_EVENT_TEXT`] bytes at a character boundary, ending it
/// with `...` when it was longer.
fn cut(text: &mut String) {
    if text.len() <= MAX_EVENT_TEXT {
        return;
    }
    let mut end = MAX_EVENT_TEXT - 3;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    // A new string rather than truncating in place: truncating keeps the long one's
    // memory, and shrinking it would leave the allocator a hole too small to reuse for
    // the next long path, so the log would grow with every long request it cut.
    *text = format!("{}...", text.get(..end).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;
    use cobro::Amount;
    use cobro::provider::Answer;
    use cobro::provider::payin::RequestDigest;

    fn payin(operation_number: &str) -> Payin {
        Payin {
            created: 0,
            merchant_id: 1,
            operation_number: operation_number.to_string(),
            trx: format!("TRX-{operation_number}"),
            amount: Amount::parse("1").unwrap(),
            currency: "PEN".to_string(),
            method: "Cash".to_string(),
            state: 2,
        }
    }

    fn first(body_bytes: usize) -> FirstAnswer {
        FirstAnswer {
            request: RequestDigest::of(&cobro::json::Value::Null),
            answer: Answer {
                status: 200,
                body: "x".repeat(body_bytes),
            },
        }
    }

    #[test]
    fn a_first_answer_counts_in_the_stored_bytes_and_a_reset_forgets_it() {
        let state = State::default();
        state.add_payin(payin("A"), first(10)).unwrap();
        let one = state.stored_bytes();
        assert!(one >= RequestDigest::LEN + 10, "{one}");
        state.add_payin(payin("B"), first(10_010)).unwrap();
        assert_eq!(state.stored_bytes(), 2 * one + 10_000);
        // A used number keeps its first answer.
        assert_eq!(state.add_payin(payin("A"), first(0)), Err(Refused::Exists));
        assert_eq!(state.first_answer(1, "A").unwrap().answer.body.len(), 10);
        assert_eq!(state.stored_bytes(), 2 * one + 10_000);
        state.reset();
        assert!(state.first_answer(1, "A").is_none());
        assert_eq!(state.stored_bytes(), 0);
    }

    #[test]
    fn an_answer_past_the_bytes_left_refuses_its_payin() {
        let state = State::default();
        assert_eq!(
            state.add_payin(payin("BIG"), first(MAX_RECORD_BYTES)),
            Err(Refused::Full)
        );
        assert!(state.payin(1, "BIG").is_none() && state.first_answer(1, "BIG").is_none());
        assert_eq!(state.stored_bytes(), 0);
    }
}
