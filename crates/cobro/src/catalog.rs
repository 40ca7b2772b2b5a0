//! Catalogues of the service's codes and statuses, as data (spec 7, PROVIDER_FACTS.md),
//! with what each means for the merchant. The tables themselves live beside the answers
//! they explain; this module holds the shared shapes.

use serde::Serialize;

/// What a code asks of the merchant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Disposition {
    /// The operation succeeded.
    Success,
    /// The request or the merchant's settings must change before trying again.
    MerchantFix,
    /// A passing condition: a fault on the service's side, or a step the customer has
    /// not taken yet (authorising a subscription, pay-in code 0044). The same request
    /// may succeed later.
    Retry,
    /// Not an outcome yet: wait for a notification.
    Pending,
    /// The shopper's payment was refused (card declined, insufficient funds...): ask
    /// for another payment; retrying the same one will not help.
    Declined,
}

impl Disposition {
    /// `success`, `merchant_fix`, `retry`, `pending` or `declined`.
    pub fn as_str(self) -> &'static str {
        match self {
            Disposition::Success => "success",
            Disposition::MerchantFix => "merchant_fix",
            Disposition::Retry => "retry",
            Disposition::Pending => "pending",
            Disposition::Declined => "declined",
        }
    }
}

/// One entry of a code catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CodeInfo {
    /// The code as the service writes it (`0010`, `B405`, `ERR_INVALID_SIGNATURE`).
    pub code: &'static str,
    /// What it means, in English.
    pub meaning: &'static str,
    /// What it asks of the merchant.
    pub disposition: Disposition,
}

/// An entry, for `const` tables.
pub(crate) const fn info(code: &'static str, meaning: &'static str, disposition: Disposition) -> CodeInfo {
    CodeInfo {
        code,
        meaning,
        disposition,
    }
}

/// The entry for `code` in `table`.
pub(crate) fn lookup(table: &'static [CodeInfo], code: &str) -> Option<&'static CodeInfo> {
    table.iter().find(|c| c.code == code)
}

/// The answer of a lifecycle helper (spec section 3): whether the action is allowed,
/// and why, in one sentence that names the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Whether the action is allowed.
    pub allowed: bool,
    /// Why, naming the spec rule or the provider's code that applies.
    pub reason: &'static str,
}

/// A verdict, for `const` answers.
pub(crate) const fn verdict(allowed: bool, reason: &'static str) -> Verdict {
    Verdict { allowed, reason }
}
