//! Spec section 3: which virtual-account status changes the provider allows, as a pure
//! function over stored statuses, so a merchant's own records follow the service's
//! rules.
//!
//! The spec names ACTIVE and INACTIVE and says "transitions: not shown"; the rules here
//! are PROVIDER_FACTS.md "Status catalogues": DELETED is irreversible, INACTIVE is not
//! available in Argentina (the country table's `inactive_allowed`). Decisions: ACTIVE and
//! INACTIVE may change into each other and into DELETED; a "change" to the same status is
//! refused (nothing to do); an unknown status allows nothing (the service decides).

use crate::catalog::{Verdict, verdict};
use crate::country;
use crate::virtual_account::response::VirtualAccountStatus;

const UNKNOWN_COUNTRY: Verdict = verdict(false, "not a virtual-account country (spec 2.1: ARG, MEX, PER, CHL)");
const UNKNOWN_STATUS: Verdict = verdict(
    false,
    "a status the provider does not name (ACTIVE, INACTIVE, DELETED): the service decides",
);
const FINAL: Verdict = verdict(false, "DELETED is final: a deleted account cannot change status");
const SAME: Verdict = verdict(false, "the account already has this status");
const NO_INACTIVE: Verdict = verdict(false, "INACTIVE is not available in this country (Argentina)");
const DELETE: Verdict = verdict(true, "an ACTIVE or INACTIVE account may be deleted (irreversible)");
const DEACTIVATE: Verdict = verdict(true, "an ACTIVE account may be made INACTIVE in this country");
const REACTIVATE: Verdict = verdict(true, "an INACTIVE account may be made ACTIVE again");

/// Whether the provider allows a virtual account of country `country_alpha3` (spec 2.1,
/// ISO alpha-3, case-sensitive) to change from status `from` to status `to`, and why.
pub fn virtual_account_transition(
    country_alpha3: &str,
    from: &VirtualAccountStatus,
    to: &VirtualAccountStatus,
) -> Verdict {
    use VirtualAccountStatus::{Active, Deleted, Inactive, Other};
    let Some((_, rules)) = country::virtual_account_country(country_alpha3) else {
        return UNKNOWN_COUNTRY;
    };
    match (from, to) {
        (Deleted, _) => FINAL,
        (Other(_), _) | (_, Other(_)) => UNKNOWN_STATUS,
        _ if from == to => SAME,
        (_, Inactive) if !rules.inactive_allowed => NO_INACTIVE,
        (_, Deleted) => DELETE,
        (Active, Inactive) => DEACTIVATE,
        (Inactive, Active) => REACTIVATE,
        // Unreachable combinations (same status) are covered above; keep the match total.
        _ => SAME,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use VirtualAccountStatus::{Active, Deleted, Inactive};

    fn other() -> VirtualAccountStatus {
        VirtualAccountStatus::Other("FROZEN".to_string())
    }

    #[test]
    fn deleted_is_final() {
        for to in [Active, Inactive, Deleted, other()] {
            assert!(!virtual_account_transition("PER", &Deleted, &to).allowed);
        }
        assert_eq!(virtual_account_transition("MEX", &Deleted, &Active), FINAL);
    }

    #[test]
    fn inactive_depends_on_the_country() {
        assert_eq!(virtual_account_transition("ARG", &Active, &Inactive), NO_INACTIVE);
        for c in ["MEX", "PER", "CHL"] {
            assert_eq!(virtual_account_transition(c, &Active, &Inactive), DEACTIVATE);
            assert_eq!(virtual_account_transition(c, &Inactive, &Active), REACTIVATE);
        }
        // An INACTIVE Argentine account (should not exist) may still be reactivated or deleted.
        assert!(virtual_account_transition("ARG", &Inactive, &Active).allowed);
        assert!(virtual_account_transition("ARG", &Inactive, &Deleted).allowed);
    }

    #[test]
    fn deletion_same_status_and_unknowns() {
        assert_eq!(virtual_account_transition("ARG", &Active, &Deleted), DELETE);
        assert_eq!(virtual_account_transition("CHL", &Inactive, &Deleted), DELETE);
        assert_eq!(virtual_account_transition("PER", &Active, &Active), SAME);
        assert_eq!(virtual_account_transition("PER", &other(), &Active), UNKNOWN_STATUS);
        assert_eq!(virtual_account_transition("PER", &Active, &other()), UNKNOWN_STATUS);
        assert_eq!(virtual_account_transition("COL", &Active, &Deleted), UNKNOWN_COUNTRY);
        assert_eq!(virtual_account_transition("arg", &Active, &Deleted), UNKNOWN_COUNTRY);
    }
}
