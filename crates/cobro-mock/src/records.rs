//! The records the mock keeps (`crate::state`): what each holds, and what it counts for
//! against the state's byte bound.

use cobro::Amount;
use cobro::provider::Answer;
use cobro::provider::payin::RequestDigest;
use cobro::subscription::response::SubscriptionStatus;
use serde::Serialize;

/// What the mock counts for each entry of a table or an index besides its text: the
/// hash table's slot and the record's fixed part, roughly.
const ENTRY_BYTES: usize = 64;

/// A created virtual account.
#[derive(Debug, Clone)]
pub struct Account {
    /// `id`.
    pub id: String,
    /// The owning merchant.
    pub merchant_id: u64,
    /// `owner.referenceId`.
    pub reference_id: String,
    /// `account.category`, `account.type`, `account.number`, `account.name`.
    pub category: String,
    /// `account.type`.
    pub account_type: String,
    /// `account.number`.
    pub number: String,
    /// `account.name`.
    pub name: String,
    /// `account.currency`.
    pub currency: String,
    /// The owner's full name, document type and number (for the deposit notification).
    pub owner: [String; 3],
}

/// A subscription request.
#[derive(Debug, Clone)]
pub struct Subscription {
    /// `subscriptionId`.
    pub id: i64,
    /// The merchant.
    pub merchant_id: u64,
    /// `customerId`.
    pub customer_id: String,
    /// `type` (ON_DEMAND or RECURRENT).
    pub charge_type: String,
    /// `processorCode`.
    pub processor_code: String,
    /// `device` (MOBILE or WEB), the webhook's originType.
    pub device: String,
    /// The status.
    pub status: SubscriptionStatus,
    /// The metadata pairs, echoed in webhooks.
    pub metadata: Vec<(String, String)>,
}

/// A created pay-in.
#[derive(Debug, Clone)]
pub struct Payin {
    /// The merchant.
    pub merchant_id: u64,
    /// payinMerchantOperationNumber.
    pub operation_number: String,
    /// payinTrxOperation.
    pub trx: String,
    /// payinAmount.
    pub amount: Amount,
    /// payinCurrency.
    pub currency: String,
    /// payinMethod.
    pub method: String,
    /// payinStateID now.
    pub state: i64,
    /// When the mock created it, in Unix seconds (the day a status query's range reads).
    pub created: u64,
}

/// What the mock keeps of a created pay-in to answer a retry of the request that
/// created it (DESIGN.md section 9 row 34): the request's digest, a fixed size whatever
/// the body, and the answer as it was sent, to be sent again byte for byte. Whether a
/// later request is a retry is the core's rule (`cobro::provider::payin::is_replay`).
#[derive(Debug, Clone)]
pub struct FirstAnswer {
    /// The digest of the request that created the pay-in.
    pub request: RequestDigest,
    /// The answer it got.
    pub answer: Answer,
}

/// One entry of `GET /_mock/events`. Never holds a key, a signature or a body: what was
/// asked, of whom, and how it ended.
#[derive(Debug, Clone, Serialize)]
pub struct Event {
    /// Position in the log, from 1.
    pub seq: u64,
    /// Unix seconds.
    pub at: u64,
    /// `request` (an API call), `control` (a control call) or `delivery` (a
    /// notification attempt).
    pub kind: &'static str,
    /// The HTTP method and path of a request, or the notification kind of a delivery.
    pub what: String,
    /// The merchant, when known.
    pub merchant_id: Option<u64>,
    /// The HTTP status answered, or the webhook's answer (None when it did not answer).
    pub status: Option<u16>,
    /// The provider's code answered (`0000`, `B422`, `ERR_INVALID_SIGNATURE`...), or
    /// the delivery's attempt number and outcome.
    pub detail: String,
}

/// What a stored value counts for in [`crate::state::State::stored_bytes`]: its text, the copies of
/// it that index it, and [`ENTRY_BYTES`] per entry.
pub(crate) trait Footprint {
    /// The bytes it counts for.
    fn footprint(&self) -> usize;
}

impl Footprint for Account {
    fn footprint(&self) -> usize {
        let text = [
            &self.id,
            &self.reference_id,
            &self.category,
            &self.account_type,
            &self.number,
            &self.name,
            &self.currency,
        ]
        .into_iter()
        .chain(&self.owner)
        .map(String::len)
        .sum::<usize>();
        // The id and the reference id are kept again as the keys of the two indexes.
        2 * ENTRY_BYTES + text + self.id.len() + self.reference_id.len()
    }
}

impl Footprint for Subscription {
    fn footprint(&self) -> usize {
        let pairs: usize = self.metadata.iter().map(|(k, v)| ENTRY_BYTES + k.len() + v.len()).sum();
        let text = self.customer_id.len() + self.charge_type.len() + self.processor_code.len() + self.device.len();
        // The customer id is kept again as the key of the index by number.
        2 * ENTRY_BYTES + text + self.customer_id.len() + pairs
    }
}

impl Footprint for Payin {
    fn footprint(&self) -> usize {
        let text = self.operation_number.len() + self.trx.len() + self.currency.len() + self.method.len();
        // The operation number twice more (the key and the index by trx), the trx once.
        2 * ENTRY_BYTES + text + 2 * self.operation_number.len() + self.trx.len()
    }
}

impl Footprint for FirstAnswer {
    fn footprint(&self) -> usize {
        ENTRY_BYTES + RequestDigest::LEN + self.answer.body.len()
    }
}

impl Footprint for Event {
    fn footprint(&self) -> usize {
        ENTRY_BYTES + self.what.len() + self.detail.len()
    }
}

/// One notification to send.
#[derive(Debug, Clone)]
pub struct Delivery {
    /// The merchant whose webhook receives it.
    pub merchant_id: u64,
    /// `payin`, `subscription` or `deposit`.
    pub kind: &'static str,
    /// What it is about, as a stop that could not deliver it names it: `pay-in
    /// ORDER-1`, `subscription 42`, `deposit 7 to virtual account VA-1`.
    pub about: String,
    /// The webhook URL; None sends nothing (logged).
    pub url: Option<String>,
    /// The JSON body.
    pub body: String,
}
