//! `schema(kind)` and `openapi()`: the JSON Schema of a request kind and the OpenAPI 3.1
//! document of the three APIs, as the core generates them (the text of `schemas/`, byte
//! for byte).

use crate::records::RequestKind;

/// The JSON Schema (draft 2020-12) of the request kind, as JSON text (spec 2.1-2.7).
/// Rules JSON Schema cannot state are listed in `x-cobro-unexpressed` annotations.
#[uniffi::export]
pub fn schema(kind: RequestKind) -> String {
    cobro::schema::schema(kind.into())
}

/// The OpenAPI 3.1 document of the three APIs, as JSON text (spec 4-7).
#[uniffi::export]
pub fn openapi() -> String {
    cobro::schema::openapi()
}
