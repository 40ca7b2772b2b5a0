//! Spec 2.3 and 2.4, DESIGN.md 9 row 13: the wallet processor codes, one list for
//! subscriptions and pay-ins alike.
//!
//! `Yape_on_file` is the provider's own name for the spec's `Wallet_on_file`: every
//! provider sample and public integration sends it, so it is treated exactly like
//! `Wallet_on_file` everywhere, with no issue.

/// Spec 2.4: the processor that charges after a stored, one-time consent.
pub const WALLET_ON_FILE: &str = "Wallet_on_file";
/// DESIGN.md 9 row 13: the provider's name for [`WALLET_ON_FILE`].
pub const YAPE_ON_FILE: &str = "Yape_on_file";
/// Spec 2.4: the real-time push processor; every charge is approved in the wallet app.
pub const WALLET_ONE_SHOT: &str = "Wallet_one_shot";

/// The on-file processor codes: a stored consent, the subscription workflow.
pub const ON_FILE: [&str; 2] = [WALLET_ON_FILE, YAPE_ON_FILE];

/// Every wallet processor code a pay-in accepts (spec 2.4: "when used it must be
/// correct").
pub const WALLET_PROCESSORS: [&str; 3] = [WALLET_ON_FILE, YAPE_ON_FILE, WALLET_ONE_SHOT];

/// Whether `code` is an on-file processor (case-sensitive, DESIGN.md 9 row 22): also the
/// subscription processor codes the provider names (spec 2.3 names `Wallet_on_file`;
/// row 13 adds `Yape_on_file`).
pub fn is_on_file(code: &str) -> bool {
    ON_FILE.contains(&code)
}

/// The table's copy of `code` when it is a wallet processor (case-sensitive).
pub fn wallet_processor(code: &str) -> Option<&'static str> {
    WALLET_PROCESSORS.iter().copied().find(|c| *c == code)
}

/// Whether `code` matches `[A-Za-z0-9_]+` (DESIGN.md 9 row 13).
pub(crate) fn is_well_formed(code: &str) -> bool {
    !code.is_empty() && code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yape_is_on_file() {
        assert!(is_on_file("Yape_on_file"));
        assert!(is_on_file("Wallet_on_file"));
        assert!(!is_on_file("Wallet_one_shot"));
        assert!(!is_on_file("yape_on_file"));
        assert_eq!(wallet_processor("Wallet_one_shot"), Some(WALLET_ONE_SHOT));
        assert_eq!(wallet_processor("wallet_one_shot"), None);
        assert!(!is_on_file("Plin_on_file"));
        assert!(is_well_formed("Plin_on_file"));
        assert!(!is_well_formed("Plin on file"));
    }
}
