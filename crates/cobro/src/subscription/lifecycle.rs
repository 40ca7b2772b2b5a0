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
