//! The catalogues' full tables and the lifecycle helpers (spec section 3, DESIGN.md
//! section 6): thin calls of the core's tables and functions. Statuses are the wire
//! strings; pay-in state ids are read as `payinState` reads them.

use cobro::payin::{catalog as payin_catalog, lifecycle as payin_lifecycle};
use cobro::subscription::response::{SUBSCRIPTION_ERROR_CODES, SubscriptionStatus};
use cobro::virtual_account::catalog::VIRTUAL_ACCOUNT_ERROR_CODES;
use cobro::virtual_account::response::VirtualAccountStatus;
use napi::{Env, Unknown};
use napi_derive::napi;

use crate::args::{field, state_id, string};
use crate::errors::{Res, Thrown, guard};
use crate::parse::to_js;

/// The answer of a lifecycle helper: whether the action is allowed, and why, in one
/// sentence that names the rule.
#[napi(object, object_from_js = false)]
pub struct Verdict {
    /// Whether the action is allowed (for `payinStateIsFinal`: whether the state is final).
    pub allowed: bool,
    /// Why, naming the spec rule or the provider's code that applies.
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

/// Every pay-in creation code (`payinErrorCode`, spec 7.3), in the catalogue's order.
#[napi(ts_return_type = "Array<import('./parsed').CodeInfo>")]
pub fn payin_creation_codes(env: &Env) -> napi::Result<Unknown<'_>, Thrown> {
    guard(|| to_js(env, &payin_catalog::PAYIN_CREATION_CODES))
}

/// Every payment confirmation code (`payinStatusErrorCode`), in the catalogue's order.
#[napi(ts_return_type = "Array<import('./parsed').CodeInfo>")]
pub fn payment_confirmation_codes(env: &Env) -> napi::Result<Unknown<'_>, Thrown> {
    guard(|| to_js(env, &payin_catalog::PAYMENT_CONFIRMATION_CODES))
}

/// Every pay-in state (`payinStateID`), in the catalogue's order.
#[napi(ts_return_type = "Array<import('./parsed').PayinState>")]
pub fn payin_states(env: &Env) -> napi::Result<Unknown<'_>, Thrown> {
    guard(|| to_js(env, &payin_catalog::PAYIN_STATES))
}

/// Every subscription error code (B400..B500, E401, 9025, 9099), in the catalogue's order.
#[napi(ts_return_type = "Array<import('./parsed').SubscriptionCode>")]
pub fn subscription_error_codes(env: &Env) -> napi::Result<Unknown<'_>, Thrown> {
    guard(|| to_js(env, &SUBSCRIPTION_ERROR_CODES))
}

/// Every virtual-account error code, header errors first, in the catalogue's order.
#[napi(ts_return_type = "Array<import('./parsed').CodeInfo>")]
pub fn virtual_account_error_codes(env: &Env) -> napi::Result<Unknown<'_>, Thrown> {
    guard(|| {
        let infos: Vec<_> = VIRTUAL_ACCOUNT_ERROR_CODES.iter().map(|c| &c.info).collect();
        to_js(env, &infos)
    })
}

/// Whether a subscription whose stored status is `status` (the wire's `AUTHORIZED`,
/// `PENDING`...) may be cancelled, and why; an unknown status allows nothing.
#[napi]
pub fn can_cancel(#[napi(ts_arg_type = "string")] status: Unknown<'_>) -> napi::Result<Verdict, Thrown> {
    guard(|| Ok(cobro::subscription::lifecycle::can_cancel(&subscription_status(status, "status")?).into()))
}

/// The stored status argument `name` of a subscription, or a `TypeError` naming it.
fn subscription_status(value: Unknown<'_>, name: &str) -> Res<SubscriptionStatus> {
    Ok(SubscriptionStatus::from_wire(&string(value, name, "a string")?))
}

/// Whether a subscription may be requested for a number whose earlier request has the
/// stored status `existingStatus` (`null` or left out: no earlier request), and why.
#[napi]
pub fn may_request_subscription(
    #[napi(ts_arg_type = "string | undefined | null")] existing_status: Option<Unknown<'_>>,
) -> napi::Result<Verdict, Thrown> {
    guard(|| {
        let existing = field(existing_status, |s| subscription_status(s, "existingStatus"))?;
        Ok(cobro::subscription::lifecycle::may_request_subscription(existing.as_ref()).into())
    })
}

/// Whether a subscription whose stored status is `status` may be charged, and why.
#[napi]
pub fn may_charge(#[napi(ts_arg_type = "string")] status: Unknown<'_>) -> napi::Result<Verdict, Thrown> {
    guard(|| Ok(cobro::subscription::lifecycle::may_charge(&subscription_status(status, "status")?).into()))
}

/// Whether the pay-in state `id` is final (`allowed` true) and why, or `null` for an id
/// the catalogue does not list. `id` as `payinState` takes it.
#[napi]
pub fn payin_state_is_final(
    #[napi(ts_arg_type = "number | bigint | string")] id: Unknown<'_>,
) -> napi::Result<Option<Verdict>, Thrown> {
    guard(|| Ok(payin_lifecycle::payin_state_is_final(state_id(id, "id")?).map(Verdict::from)))
}

/// The states the provider may move the pay-in state `id` to (decimal strings, as
/// `payinStateID`), empty for a final state, or `null` for an id the catalogue does not
/// list. `id` as `payinState` takes it.
#[napi(ts_return_type = "Array<import('./parsed').Int64Text> | null")]
pub fn next_states<'e>(
    env: &'e Env,
    #[napi(ts_arg_type = "number | bigint | string")] id: Unknown<'e>,
) -> napi::Result<Unknown<'e>, Thrown> {
    guard(|| to_js(env, &payin_lifecycle::next_states(state_id(id, "id")?)))
}

/// Whether the provider moves a pay-in from state `fromState` to state `toState`, and
/// why; ids as `payinState` takes them.
#[napi]
pub fn payin_transition(
    #[napi(ts_arg_type = "number | bigint | string")] from_state: Unknown<'_>,
    #[napi(ts_arg_type = "number | bigint | string")] to_state: Unknown<'_>,
) -> napi::Result<Verdict, Thrown> {
    guard(|| {
        let from = state_id(from_state, "fromState")?;
        let to = state_id(to_state, "toState")?;
        Ok(payin_lifecycle::payin_transition(from, to).into())
    })
}

/// Whether a virtual account of `country` (ISO alpha-3: ARG, MEX, PER, CHL) may change
/// from status `fromStatus` to `toStatus` (the wire's `ACTIVE`, `INACTIVE`, `DELETED`),
/// and why; an unknown country or status allows nothing.
#[napi]
pub fn virtual_account_transition(
    #[napi(ts_arg_type = "string")] country: Unknown<'_>,
    #[napi(ts_arg_type = "string")] from_status: Unknown<'_>,
    #[napi(ts_arg_type = "string")] to_status: Unknown<'_>,
) -> napi::Result<Verdict, Thrown> {
    guard(|| {
        let country = string(country, "country", "a string")?;
        let from = VirtualAccountStatus::from_wire(&string(from_status, "fromStatus", "a string")?);
        let to = VirtualAccountStatus::from_wire(&string(to_status, "toStatus", "a string")?);
        Ok(cobro::virtual_account::lifecycle::virtual_account_transition(&country, &from, &to).into())
    })
}
