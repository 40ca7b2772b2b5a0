//! Spec 2.1: the virtual-account creation request.
use crate::json::Value;
use crate::report::Ctx;

/// Validates a virtual-account body.
pub(crate) fn validate(_ctx: &mut Ctx, _value: &Value<'_>) {}
