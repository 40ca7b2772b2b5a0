//! Spec 2.3: subscription creation and cancellation requests.
use crate::json::Value;
use crate::report::Ctx;

/// Validates a subscription creation body.
pub(crate) fn validate_create(_ctx: &mut Ctx, _value: &Value<'_>) {}
/// Validates a subscription cancellation body.
pub(crate) fn validate_cancel(_ctx: &mut Ctx, _value: &Value<'_>) {}
