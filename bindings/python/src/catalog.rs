//! The catalogue tables and the lifecycle helpers (DESIGN.md section 6, spec section 3):
//! each a thin call of the core's table or function, its answer built as the typed
//! record of `cobro.answers` (`CodeInfo`, `SubscriptionCode`, `PayinState`, `Verdict`).
//! Statuses are the wire strings; an unknown one allows nothing, as in the core.

use cobro::payin::{catalog as payin_catalog, lifecycle as payin_lifecycle};
use cobro::subscription::lifecycle as subscription_lifecycle;
use cobro::subscription::response::{SUBSCRIPTION_ERROR_CODES, SubscriptionStatus};
use cobro::virtual_account::catalog::VIRTUAL_ACCOUNT_ERROR_CODES;
use cobro::virtual_account::lifecycle::virtual_account_transition as va_transition;
use cobro::virtual_account::response::VirtualAccountStatus;
use pyo3::prelude::*;

use crate::args::whole;
use crate::errors::guard;
use crate::parse::{typed, typed_list};

/// Every pay-in creation code (`payinErrorCode`, spec 7.3) as `CodeInfo` records.
#[pyfunction]
pub fn payin_creation_codes(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    guard(py, || typed_list(py, "code-info", &payin_catalog::PAYIN_CREATION_CODES))
}

/// Every payment confirmation code (`payinStatusErrorCode`) as `CodeInfo` records.
#[pyfunction]
pub fn payment_confirmation_codes(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    guard(py, || {
        typed_list(py, "code-info", &payin_catalog::PAYMENT_CONFIRMATION_CODES)
    })
}

/// Every pay-in state of the catalogue as `PayinState` records.
#[pyfunction]
pub fn payin_states(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    guard(py, || typed_list(py, "payin-state", &payin_catalog::PAYIN_STATES))
}

/// Every subscription error code of spec 7.2 as `SubscriptionCode` records.
#[pyfunction]
pub fn subscription_error_codes(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    guard(py, || typed_list(py, "subscription-code", &SUBSCRIPTION_ERROR_CODES))
}

/// Every virtual-account error code as `CodeInfo` records (the core's entries without
/// their place and HTTP status).
#[pyfunction]
pub fn virtual_account_error_codes(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    guard(py, || {
        let infos: Vec<_> = VIRTUAL_ACCOUNT_ERROR_CODES.iter().map(|c| c.info).collect();
        typed_list(py, "code-info", &infos)
    })
}

/// Whether a subscription in `status` may be cancelled (only an AUTHORIZED one; the
/// service answers B405 otherwise): a `Verdict`.
#[pyfunction]
pub fn can_cancel<'py>(py: Python<'py>, status: &str) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let verdict = subscription_lifecycle::can_cancel(&SubscriptionStatus::from_wire(status));
        typed(py, "verdict", &verdict)
    })
}

/// Whether a new subscription may be requested for a mobile number, given the status
/// of the latest earlier request for it (`None`: there is none): a `Verdict`.
#[pyfunction]
#[pyo3(signature = (existing_status = None))]
pub fn may_request_subscription<'py>(py: Python<'py>, existing_status: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let existing = existing_status.map(SubscriptionStatus::from_wire);
        typed(
            py,
            "verdict",
            &subscription_lifecycle::may_request_subscription(existing.as_ref()),
        )
    })
}

/// Whether a subscription in `status` may be charged on file, and what to do when not:
/// a `Verdict`.
#[pyfunction]
pub fn may_charge<'py>(py: Python<'py>, status: &str) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let verdict = subscription_lifecycle::may_charge(&SubscriptionStatus::from_wire(status));
        typed(py, "verdict", &verdict)
    })
}

/// Whether pay-in state `id` is final (`allowed` true: it can no longer change), or
/// `None` for an id the catalogue does not list.
#[pyfunction]
pub fn payin_state_is_final<'py>(py: Python<'py>, id: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let id = whole(id, "id")?;
        typed(py, "verdict", &payin_lifecycle::payin_state_is_final(id))
    })
}

/// The states a pay-in in state `id` may still change to (empty for a final state), or
/// `None` for an id the catalogue does not list.
#[pyfunction]
pub fn next_states(py: Python<'_>, id: &Bound<'_, PyAny>) -> PyResult<Option<Vec<i64>>> {
    guard(py, || {
        Ok(payin_lifecycle::next_states(whole(id, "id")?).map(<[i64]>::to_vec))
    })
}

/// Whether the provider moves a pay-in from state `from_state` to `to_state`, and why:
/// a `Verdict`.
#[pyfunction]
pub fn payin_transition<'py>(
    py: Python<'py>,
    from_state: &Bound<'py, PyAny>,
    to_state: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let verdict = payin_lifecycle::payin_transition(whole(from_state, "from_state")?, whole(to_state, "to_state")?);
        typed(py, "verdict", &verdict)
    })
}

/// Whether a virtual account of `country` (ISO alpha-3: ARG, MEX, PER, CHL) may change
/// from status `from_status` to `to_status`, and why: a `Verdict`.
#[pyfunction]
pub fn virtual_account_transition<'py>(
    py: Python<'py>,
    country: &str,
    from_status: &str,
    to_status: &str,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let verdict = va_transition(
            country,
            &VirtualAccountStatus::from_wire(from_status),
            &VirtualAccountStatus::from_wire(to_status),
        );
        typed(py, "verdict", &verdict)
    })
}
