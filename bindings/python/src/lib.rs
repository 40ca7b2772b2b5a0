//! `cobro._cobro`: the native module of the `cobro` Python package.
//!
//! A thin binding in the manner of jiter-python (STYLE.md 1): it converts Python values
//! to the core's types and back and maps the core's errors to Python exceptions in one
//! place (`errors`). Every rule, default and message lives in the core; this crate adds
//! only what is Python's: argument types, `dict` bodies, exception classes.

mod args;
mod body;
mod catalog;
mod codes;
mod command;
mod documents;
mod errors;
mod mock;
mod parse;
mod prepare;
mod receive;
mod records;
mod retry;
mod schema;
mod signing;
#[cfg(not(feature = "abi3-py39"))]
mod tree;
mod utf8;
mod validate;
mod walk_error;

use pyo3::prelude::*;

/// The native module; `cobro/__init__.py` re-exports it.
#[pymodule]
fn _cobro(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::install_quiet_hook();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<args::Secret>()?;
    m.add_class::<args::Amount>()?;
    m.add_class::<records::Report>()?;
    m.add_class::<records::Issue>()?;
    m.add_class::<prepare::PreparedRequest>()?;
    m.add_function(wrap_pyfunction!(validate::validate, m)?)?;
    m.add_function(wrap_pyfunction!(codes::_renamed_argument, m)?)?;
    m.add_function(wrap_pyfunction!(validate::ensure_valid, m)?)?;
    m.add_function(wrap_pyfunction!(signing::payin_verification, m)?)?;
    m.add_function(wrap_pyfunction!(signing::subscription_authorization, m)?)?;
    m.add_function(wrap_pyfunction!(signing::virtual_account_message, m)?)?;
    m.add_function(wrap_pyfunction!(signing::virtual_account_signature, m)?)?;
    m.add_function(wrap_pyfunction!(signing::virtual_account_headers, m)?)?;
    m.add_function(wrap_pyfunction!(signing::verify_virtual_account_headers, m)?)?;
    m.add_function(wrap_pyfunction!(signing::verify_payin_notification, m)?)?;
    m.add_function(wrap_pyfunction!(prepare::prepare_virtual_account, m)?)?;
    m.add_function(wrap_pyfunction!(prepare::prepare_subscription, m)?)?;
    m.add_function(wrap_pyfunction!(prepare::prepare_subscription_cancel, m)?)?;
    m.add_function(wrap_pyfunction!(prepare::prepare_payin, m)?)?;
    m.add_function(wrap_pyfunction!(prepare::prepare_payin_status, m)?)?;
    m.add_function(wrap_pyfunction!(receive::receive_notification, m)?)?;
    m.add_function(wrap_pyfunction!(retry::retry_advice, m)?)?;
    m.add_function(wrap_pyfunction!(parse::parse, m)?)?;
    m.add_function(wrap_pyfunction!(parse::parse_virtual_account_response, m)?)?;
    m.add_function(wrap_pyfunction!(parse::parse_subscription_response, m)?)?;
    m.add_function(wrap_pyfunction!(parse::parse_payin_response, m)?)?;
    m.add_function(wrap_pyfunction!(parse::parse_payin_notification, m)?)?;
    m.add_function(wrap_pyfunction!(parse::parse_payin_status, m)?)?;
    m.add_function(wrap_pyfunction!(parse::parse_subscription_webhook, m)?)?;
    m.add_function(wrap_pyfunction!(parse::parse_deposit_notification, m)?)?;
    m.add_function(wrap_pyfunction!(parse::payin_creation_code, m)?)?;
    m.add_function(wrap_pyfunction!(parse::payment_confirmation_code, m)?)?;
    m.add_function(wrap_pyfunction!(parse::payin_state, m)?)?;
    m.add_function(wrap_pyfunction!(parse::subscription_error_code, m)?)?;
    m.add_function(wrap_pyfunction!(parse::virtual_account_error_code, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::payin_creation_codes, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::payment_confirmation_codes, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::payin_states, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::subscription_error_codes, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::virtual_account_error_codes, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::can_cancel, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::may_request_subscription, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::may_charge, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::payin_state_is_final, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::next_states, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::payin_transition, m)?)?;
    m.add_function(wrap_pyfunction!(catalog::virtual_account_transition, m)?)?;
    m.add_function(wrap_pyfunction!(parse::personal_fields, m)?)?;
    m.add_function(wrap_pyfunction!(documents::validate, m)?)?;
    m.add_function(wrap_pyfunction!(documents::is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(documents::compact, m)?)?;
    m.add_function(wrap_pyfunction!(documents::format, m)?)?;
    m.add_function(wrap_pyfunction!(documents::types, m)?)?;
    m.add_function(wrap_pyfunction!(codes::codes, m)?)?;
    m.add_function(wrap_pyfunction!(schema::schema, m)?)?;
    m.add_function(wrap_pyfunction!(schema::openapi, m)?)?;
    m.add_class::<mock::MockServer>()?;
    m.add("MOCK_DEFAULT_PORT", cobro_mock::DEFAULT_PORT)?;
    m.add(
        "MOCK_KEY_VARIABLES",
        (cobro_mock::host::VA_SECRET_VAR, cobro_mock::host::PAYIN_KEY_VAR),
    )?;
    m.add_function(wrap_pyfunction!(mock::start, m)?)?;
    m.add_function(wrap_pyfunction!(command::run_command, m)?)?;
    Ok(())
}
