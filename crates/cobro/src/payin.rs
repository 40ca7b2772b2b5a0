//! Spec 2.4-2.7: the pay-in transaction request.
use crate::json::Value;
use crate::report::Ctx;
use crate::signing::Secret;

/// Validates a pay-in body, flat or wrapped in `data`.
pub(crate) fn validate(_ctx: &mut Ctx, _value: &Value<'_>, _key: Option<&Secret>) {}
