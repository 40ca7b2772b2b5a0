//! Spec section 3: what a stored subscription status allows next, as pure functions, so
//! a merchant's own records follow the rules the service enforces (DESIGN.md 9 row 19:
//! these rules need the merchant's stored statuses and cannot be checked from one
//! request).
//!
//! Statuses: spec 2.3 names PENDING and CANCELLED; PROVIDER_FACTS.md adds EXPIRED,
//! AUTHORIZED, FAILED and DENIED. "Active" (spec 3) is AUTHORIZED; "released, rejected
//! or expired" (spec 3) is read as CANCELLED, DENIED or FAILED, and EXPIRED. A status
//! the provider does not name allows nothing (the service decides).

use crate::catalog::{Verdict, verdict};
use crate::subscription::response::SubscriptionStatus;

const CANCEL_ACTIVE: Verdict = verdict(true, "an active (AUTHORIZED) subscription may be cancelled (spec 3)");
const CANCEL_NOT_ACTIVE: Verdict = verdict(
    false,
    "only an active (AUTHORIZED) subscription may be cancelled; the service answers B405 (spec 3, 7.2)",
);
const UNKNOWN: Verdict = verdict(
    false,
    "a status the provider does not name (PENDING, EXPIRED, AUTHORIZED, FAILED, CANCELLED, DENIED): the service decides",
);
const FIRST_REQUEST: Verdict = verdict(true, "no earlier subscription request for this mobile number");
const STILL_PENDING: Verdict = verdict(
    false,
    "an earlier request for this mobile number is still PENDING; wait until it is released, rejected or expired (spec 3)",
);
const RELEASED: Verdict = verdict(
    true,
    "the earlier request for this mobile number was released, rejected or expired (spec 3)",
);
const CHARGE_ACTIVE: Verdict = verdict(true, "an active (AUTHORIZED) subscription may be charged on file");
const CHARGE_LATER: Verdict = verdict(
    false,
    "the customer has not authorized the subscription yet (PENDING): a charge now answers 0044, subscription inactive; retry it once the webhook reports AUTHORIZED",
);
const CHARGE_NEVER: Verdict = verdict(
    false,
    "the subscription is not active and never becomes so (EXPIRED, FAILED, CANCELLED or DENIED): a charge answers 0044, subscription inactive; request a new subscription",
);
const ALREADY_ACTIVE: Verdict = verdict(
    false,
    "an active (AUTHORIZED) subscription exists for this mobile number; the service answers B422 (spec 7.2); cancel it first",
);

/// Whether a subscription in `status` may be cancelled (spec 3: only an active one,
/// i.e. AUTHORIZED; otherwise the service answers B405).
pub fn can_cancel(status: &SubscriptionStatus) -> Verdict {
    match status {
        SubscriptionStatus::Authorized => CANCEL_ACTIVE,
        SubscriptionStatus::Other(_) => UNKNOWN,
        _ => CANCEL_NOT_ACTIVE,
    }
}

/// Whether a new subscription request for a mobile number may be submitted, given the
/// status of the latest earlier request for the same number (None: there is none).
///
/// Spec 3: not while the earlier one is PENDING; yes once it was released, rejected or
/// expired (CANCELLED, DENIED, FAILED, EXPIRED). A decision for AUTHORIZED, which the
/// spec's rule does not name: no, since the subscription is active and spec 7.2's B422
/// "Subscription already exists" is the answer to expect; cancel it first.
pub fn may_request_subscription(existing_status_for_same_number: Option<&SubscriptionStatus>) -> Verdict {
    match existing_status_for_same_number {
        None => FIRST_REQUEST,
        Some(SubscriptionStatus::Pending) => STILL_PENDING,
        Some(SubscriptionStatus::Authorized) => ALREADY_ACTIVE,
        Some(
            SubscriptionStatus::Cancelled
            | SubscriptionStatus::Denied
            | SubscriptionStatus::Failed
            | SubscriptionStatus::Expired,
        ) => RELEASED,
        Some(SubscriptionStatus::Other(_)) => UNKNOWN,
    }
}

/// Whether a subscription in `status` may be charged on file (a pay-in with
/// `Wallet_on_file`/`Yape_on_file` and the `subscription` object, spec 2.4), and what
/// to do when not. Only an AUTHORIZED subscription is active (spec 3); charging any
/// other answers pay-in code 0044, "subscription inactive" (PROVIDER_FACTS.md). From
/// PENDING that is the customer not having authorized yet, so the charge is retried
/// later (0044's `retry` disposition in [`crate::payin::catalog`]); from EXPIRED,
/// FAILED, CANCELLED or DENIED it never succeeds, and a new subscription is needed.
pub fn may_charge(status: &SubscriptionStatus) -> Verdict {
    match status {
        SubscriptionStatus::Authorized => CHARGE_ACTIVE,
        SubscriptionStatus::Pending => CHARGE_LATER,
        SubscriptionStatus::Expired
        | SubscriptionStatus::Failed
        | SubscriptionStatus::Cancelled
        | SubscriptionStatus::Denied => CHARGE_NEVER,
        SubscriptionStatus::Other(_) => UNKNOWN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SubscriptionStatus::*;

    #[test]
    fn only_active_subscriptions_cancel() {
        assert_eq!(can_cancel(&Authorized), CANCEL_ACTIVE);
        for s in [Pending, Expired, Failed, Cancelled, Denied] {
            let v = can_cancel(&s);
            assert!(!v.allowed);
            assert!(v.reason.contains("B405"));
        }
        assert_eq!(can_cancel(&Other("PAUSED".to_string())), UNKNOWN);
    }

    #[test]
    fn only_authorized_subscriptions_charge_and_pending_ones_retry() {
        use crate::catalog::Disposition;
        assert_eq!(may_charge(&Authorized), CHARGE_ACTIVE);
        let later = may_charge(&Pending);
        assert!(!later.allowed && later.reason.contains("0044") && later.reason.contains("retry"));
        assert_eq!(
            crate::payin::catalog::payin_creation_code("0044").map(|c| c.disposition),
            Some(Disposition::Retry)
        );
        for s in [Expired, Failed, Cancelled, Denied] {
            assert_eq!(may_charge(&s), CHARGE_NEVER);
        }
        assert_eq!(may_charge(&Other("PAUSED".to_string())), UNKNOWN);
    }

    #[test]
    fn one_pending_request_per_number() {
        assert!(may_request_subscription(None).allowed);
        assert_eq!(may_request_subscription(Some(&Pending)), STILL_PENDING);
        for s in [Cancelled, Denied, Failed, Expired] {
            assert_eq!(may_request_subscription(Some(&s)), RELEASED);
        }
        let v = may_request_subscription(Some(&Authorized));
        assert!(!v.allowed && v.reason.contains("B422"));
        assert!(!may_request_subscription(Some(&Other("x".to_string()))).allowed);
    }
}
