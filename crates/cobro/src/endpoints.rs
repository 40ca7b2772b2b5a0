//! The service's endpoints (spec section 4, DESIGN.md section 2): the path of each
//! operation under its API's base URL, and the port `cobro mock` stands in on. A ground
//! floor: the validators (URLMonnet's paths), the prepared requests, the schemas and the
//! mock read these, and this module reads nothing of theirs.

/// The virtual-account creation path (spec 4.1, section 9: v1), under the base URL.
pub const VIRTUAL_ACCOUNT_PATH: &str = "/merchant-payin-accounts/v1/accounts";

/// The subscription creation path (spec 4.2), under the subscriptions base URL.
pub const SUBSCRIPTION_PATH: &str = "/api/v1/subscription";

/// The subscription cancellation path (spec 4.3), under the subscriptions base URL.
pub const SUBSCRIPTION_CANCEL_PATH: &str = "/api/v1/subscription/cancel";

/// The pay-in path (spec 4.4, section 9: v3).
pub const PAYIN_PATH: &str = "/api-payin/v3/online-payments";

/// The pay-in path of the API's first version, which most of the provider's samples
/// name in URLMonnet (DESIGN.md 9 row 21).
pub const PAYIN_PATH_V1: &str = "/api-payin/v1/online-payments";

/// The pay-in status query's path under its own base URL, an extension beyond the spec
/// (DESIGN.md 9 row 36): this, the merchant id, then [`PAYIN_STATUS_PATH_END`].
pub const PAYIN_STATUS_PATH_START: &str = "/ms-experience-payin/merchant/";

/// What follows the merchant id in the status query's path.
pub const PAYIN_STATUS_PATH_END: &str = "/operations";

/// The port `cobro mock` listens on by default. Every server of the OpenAPI document
/// defaults to the mock's address on it, so that a console or a generated client works
/// against the mock out of the box; the mock takes its default from here.
pub const MOCK_PORT: u16 = 12111;
