//! `schema(kind)` and `openapi()`: the JSON Schema of a request kind and the OpenAPI 3.1
//! document of the three APIs, as the core generates them (the text of `schemas/`, byte
//! for byte).

use napi::bindgen_prelude::Unknown;
use napi_derive::napi;

use crate::errors::{Thrown, guard};

/// The JSON Schema (draft 2020-12) of the request kind (`"virtual-account"`,
/// `"subscription"`, `"subscription-cancel"`, `"payin"`), as JSON text: the text of
/// `schemas/<kind>.schema.json`. Rules JSON Schema cannot state are listed in
/// `x-cobro-unexpressed` annotations. Throws `SigningError` (ERR_INVALID_ARGUMENT) for an
/// unknown kind, `TypeError` for a kind that is not a string.
#[napi]
pub fn schema(
    #[napi(ts_arg_type = "'virtual-account' | 'subscription' | 'subscription-cancel' | 'payin'")] kind: Unknown<'_>,
) -> napi::Result<String, Thrown> {
    guard(|| Ok(cobro::schema::schema(crate::validate::kind(kind)?)))
}

/// The OpenAPI 3.1 document of the three APIs (operations, headers, security, request
/// and answer schemas, the notifications as `webhooks`), as JSON text: the text of
/// `schemas/openapi.json`.
#[napi]
pub fn openapi() -> napi::Result<String, Thrown> {
    guard(|| Ok(cobro::schema::openapi()))
}
