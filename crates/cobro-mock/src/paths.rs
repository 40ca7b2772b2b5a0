//! The spec's paths (section 4), on one port for all three base URLs (the core's
//! `cobro::endpoints`).

/// Spec 4.1.
pub const VIRTUAL_ACCOUNTS: &str = cobro::endpoints::VIRTUAL_ACCOUNT_PATH;
/// Spec 4.2.
pub const SUBSCRIPTION: &str = cobro::endpoints::SUBSCRIPTION_PATH;
/// Spec 4.3.
pub const SUBSCRIPTION_CANCEL: &str = cobro::endpoints::SUBSCRIPTION_CANCEL_PATH;
/// Spec 4.4.
pub const PAYIN: &str = cobro::endpoints::PAYIN_PATH;
/// The v1 path the URLMonnet field of most samples names (spec 2.4, 9).
pub const PAYIN_V1: &str = cobro::endpoints::PAYIN_PATH_V1;

/// The pay-in status query, an extension beyond the spec (DESIGN.md 9 row 36), as an
/// axum route: the merchant id is the `merchant` segment.
pub fn payin_status() -> String {
    format!(
        "{}{{merchant}}{}",
        cobro::endpoints::PAYIN_STATUS_PATH_START,
        cobro::endpoints::PAYIN_STATUS_PATH_END
    )
}
