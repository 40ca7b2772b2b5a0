//! The lifecycle helpers of spec section 3 (DESIGN.md section 6): what a status the
//! merchant stored allows next, each answer with its reason. Thin calls of the core's
//! `subscription::lifecycle`, `payin::lifecycle` and `virtual_account::lifecycle`;
//! statuses are the wire's strings, and one the provider does not name allows nothing.

use cobro::payin::lifecycle as payin;
use cobro::subscription::lifecycle as subscription;
use cobro::subscription::response::SubscriptionStatus;
use cobro::virtual_account::lifecycle as virtual_account;
use cobro::virtual_account::response::VirtualAccountStatus;

/// The answer of a lifecycle helper: whether the action is allowed, and why.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Verdict {
    /// Whether the action is allowed (for `payinStateIsFinal`: whether the state is
    /// final).
    pub allowed: bool,
    /// Why, in one English sentence naming the spec rule or the provider's code.
    pub reason: String,
}

impl From<cobro::catalog::Verdict> for Verdict {
    fn from(v: cobro::catalog::Verdict) -> Verdict {
        Verdict {
            allowed: v.allowed,
            reason: v.reason.to_string(),
        }
    }
}

/// Whether a subscription whose stored status is `status` (PENDING, AUTHORIZED...) may
/// be cancelled: only an active (AUTHORIZED) one; otherwise the service answers B405.
#[uniffi::export]
pub fn can_cancel(status: String) -> Verdict {
    subscription::can_cancel(&SubscriptionStatus::from_wire(&status)).into()
}

/// Whether a new subscription may be requested for a mobile number whose earlier
/// request has the stored status `existingStatus` (null: no earlier request).
#[uniffi::export(default(existing_status = None))]
pub fn may_request_subscription(existing_status: Option<String>) -> Verdict {
    let existing = existing_status.as_deref().map(SubscriptionStatus::from_wire);
    subscription::may_request_subscription(existing.as_ref()).into()
}

/// Whether a subscription whose stored status is `status` may be charged on file.
#[uniffi::export]
pub fn may_charge(status: String) -> Verdict {
    subscription::may_charge(&SubscriptionStatus::from_wire(&status)).into()
}

/// Whether the pay-in state `id` is final (`allowed` true) and why; null for an id
/// the provider's catalogue does not list.
#[uniffi::export]
pub fn payin_state_is_final(id: i64) -> Option<Verdict> {
    payin::payin_state_is_final(id).map(Verdict::from)
}

/// The states the pay-in state `id` may still change to: empty for a final state, null
/// for an id the catalogue does not list.
#[uniffi::export]
pub fn next_states(id: i64) -> Option<Vec<i64>> {
    payin::next_states(id).map(<[i64]>::to_vec)
}

/// Whether the provider changes a pay-in from state `fromState` to `toState`: a
/// notification whose change is refused (late, repeated or out of order) should not
/// overwrite the stored state.
#[uniffi::export]
pub fn payin_transition(from_state: i64, to_state: i64) -> Verdict {
    payin::payin_transition(from_state, to_state).into()
}

/// Whether a virtual account of `country` (ISO alpha-3: ARG, MEX, PER, CHL) may change
/// from the stored status `fromStatus` to `toStatus` (ACTIVE, INACTIVE, DELETED).
#[uniffi::export]
pub fn virtual_account_transition(country: String, from_status: String, to_status: String) -> Verdict {
    virtual_account::virtual_account_transition(
        &country,
        &VirtualAccountStatus::from_wire(&from_status),
        &VirtualAccountStatus::from_wire(&to_status),
    )
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answers_are_the_core_verdicts() {
        assert_eq!(
            can_cancel("AUTHORIZED".into()),
            subscription::can_cancel(&SubscriptionStatus::Authorized).into()
        );
        assert!(!can_cancel("SOMETHING".into()).allowed);
        assert!(may_request_subscription(None).allowed);
        assert!(!may_request_subscription(Some("PENDING".into())).allowed);
        assert!(may_charge("AUTHORIZED".into()).allowed);
        assert_eq!(payin_state_is_final(3).map(|v| v.allowed), Some(true));
        assert_eq!(payin_state_is_final(4), None);
        assert_eq!(next_states(9), Some(vec![11]));
        assert_eq!(next_states(4), None);
        assert!(payin_transition(2, 5).allowed);
        assert!(!payin_transition(5, 2).allowed);
        assert!(!virtual_account_transition("ARG".into(), "ACTIVE".into(), "INACTIVE".into()).allowed);
        assert!(virtual_account_transition("MEX".into(), "ACTIVE".into(), "INACTIVE".into()).allowed);
    }
}
