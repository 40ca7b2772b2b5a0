//! Which code answers a subscription request (spec 7.2), decided from the facts the
//! service holds: whether it can read the merchant id and knows the merchant, whether
//! the Authorization hash verifies (spec 5.2), the request's validation report, and what
//! its records say of the subscriptions of the same mobile number (spec 3).
//!
//! The order is the one the provider's codes suggest (the spec shows none): an
//! unreadable merchant id (B400), an unknown merchant (B401), a wrong Authorization
//! (E401), a rule of the request (B400), then the records: a creation while an earlier
//! request for the number is PENDING or AUTHORIZED (B422), a cancellation of no
//! subscription (9025) or of one that is not active (B405).

use super::{error, validation_refusal};
use crate::messages::Locale;
use crate::provider::Answer;
use crate::report::Report;
use crate::subscription::lifecycle::{can_cancel, may_request_subscription};
use crate::subscription::response::SubscriptionStatus;

/// The code of the service's own failure (spec 7.2: B500, internal error): the answer
/// when the service cannot keep a request.
pub const INTERNAL_ERROR: &str = "B500";

/// The code of a request that breaks a rule (spec 7.2: B400), answered with every error
/// of the report ([`validation_refusal`]).
const INVALID: &str = "B400";

/// What the service knows of the merchant a request names (`merchantId`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Merchant {
    /// `merchantId` is not a merchant id (absent, not a number, out of range).
    Unreadable,
    /// No merchant has this id.
    Unknown,
    /// A merchant of the service.
    Known,
}

/// The facts of one request, before the service's records are read.
#[derive(Debug, Clone, Copy)]
pub struct Facts<'a> {
    /// The merchant the request names.
    pub merchant: Merchant,
    /// Whether the Authorization hash verifies with that merchant's key (false when the
    /// merchant is not known).
    pub authorized: bool,
    /// The request's validation report.
    pub report: &'a Report,
}

/// What the service's records say, for the step that reads them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored<'a> {
    /// Not read yet: only the checks before the records are made.
    NotRead,
    /// A creation: the status of the latest earlier request for the same mobile number
    /// (None: there is none).
    Latest(Option<&'a SubscriptionStatus>),
    /// A cancellation: the status of the subscription it names (None: there is none).
    Named(Option<&'a SubscriptionStatus>),
}

/// The code that refuses a request with `facts` given `stored` (module doc for the
/// order), or `Ok` when the request is accepted.
pub fn decide(facts: &Facts<'_>, stored: Stored<'_>) -> Result<(), &'static str> {
    match facts.merchant {
        Merchant::Unreadable => return Err(INVALID),
        Merchant::Unknown => return Err("B401"),
        Merchant::Known => {}
    }
    if !facts.authorized {
        return Err("E401");
    }
    if !facts.report.valid {
        return Err(INVALID);
    }
    match stored {
        Stored::NotRead => Ok(()),
        Stored::Latest(latest) if !may_request_subscription(latest).allowed => Err("B422"),
        Stored::Named(None) => Err("9025"),
        Stored::Named(Some(status)) if !can_cancel(status).allowed => Err("B405"),
        Stored::Latest(_) | Stored::Named(Some(_)) => Ok(()),
    }
}

/// The answer of a refusal with `code` from [`decide`] (or [`INTERNAL_ERROR`]): B400
/// lists every error of `report` in `locale`; every other code is spec 7.2's error
/// object with the catalogue's meaning.
pub fn refusal(code: &str, report: &Report, locale: Locale) -> Answer {
    if code == INVALID {
        validation_refusal(report, locale)
    } else {
        error(code, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subscription::response::subscription_error_code;
    use SubscriptionStatus::{Authorized, Cancelled, Pending};

    fn report(valid: bool) -> Report {
        if valid {
            return Report {
                valid: true,
                ..Report::default()
            };
        }
        crate::validate(crate::Kind::Subscription, b"{}", &crate::ValidateOptions::default())
    }

    #[test]
    fn the_checks_come_in_the_providers_order() {
        let (valid, invalid) = (report(true), report(false));
        let facts = |merchant, authorized, report| Facts {
            merchant,
            authorized,
            report,
        };
        let none = Stored::NotRead;
        assert_eq!(decide(&facts(Merchant::Unreadable, false, &invalid), none), Err("B400"));
        assert_eq!(decide(&facts(Merchant::Unknown, false, &invalid), none), Err("B401"));
        assert_eq!(decide(&facts(Merchant::Known, false, &invalid), none), Err("E401"));
        assert_eq!(decide(&facts(Merchant::Known, true, &invalid), none), Err("B400"));
        let ok = facts(Merchant::Known, true, &valid);
        assert_eq!(decide(&ok, none), Ok(()));
        assert_eq!(decide(&ok, Stored::Latest(None)), Ok(()));
        assert_eq!(decide(&ok, Stored::Latest(Some(&Pending))), Err("B422"));
        assert_eq!(decide(&ok, Stored::Latest(Some(&Authorized))), Err("B422"));
        assert_eq!(decide(&ok, Stored::Latest(Some(&Cancelled))), Ok(()));
        assert_eq!(decide(&ok, Stored::Named(None)), Err("9025"));
        assert_eq!(decide(&ok, Stored::Named(Some(&Pending))), Err("B405"));
        assert_eq!(decide(&ok, Stored::Named(Some(&Authorized))), Ok(()));
        // A later fact never overrides an earlier one.
        let unknown = facts(Merchant::Unknown, true, &valid);
        assert_eq!(decide(&unknown, Stored::Named(None)), Err("B401"));
    }

    #[test]
    fn refusals_are_catalogue_codes() {
        let invalid = report(false);
        for code in ["B400", "B401", "E401", "B422", "9025", "B405", INTERNAL_ERROR] {
            assert!(subscription_error_code(code).is_some(), "{code}");
            let answer = refusal(code, &invalid, Locale::En);
            assert!(answer.body.contains(code), "{}", answer.body);
        }
        let listed = refusal("B400", &invalid, Locale::En);
        assert!(listed.body.contains("errorFieldDetails"), "{}", listed.body);
    }
}
