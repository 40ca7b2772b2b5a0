//! The one conversion from the core's parsed values to the binding's records
//! (`shapes.rs`, generated from the core's description of the shapes): through the
//! core's serde JSON, the same text the Python binding reads, so no field of an answer
//! is spelled by hand here.

use serde::de::{DeserializeOwned, Deserializer, Error};
use serde::{Deserialize, Serialize};

/// The binding's record for the core's `value`.
///
/// The description is checked against the core's types over every response vector
/// (the core's `shapes` test) and this conversion over every vector and catalogue entry
/// (this crate's tests), so it cannot fail on any input; should the two ever disagree,
/// that is a bug of cobro, reported as uniffi reports one (Kotlin's
/// `InternalException`, a Swift runtime error), with the record's name and no value.
#[allow(clippy::panic)] // the documented channel of a bug in uniffi bindings
pub(crate) fn from_core<T: Serialize, U: DeserializeOwned>(value: &T) -> U {
    match serde_json::to_value(value).and_then(U::deserialize) {
        Ok(record) => record,
        Err(_) => panic!(
            "cobro bug: the core's value does not fit the binding's {}",
            std::any::type_name::<U>()
        ),
    }
}

/// Each of the core's `values` as the binding's record.
pub(crate) fn all_from_core<'a, T: Serialize + 'a, U: DeserializeOwned>(
    values: impl IntoIterator<Item = &'a T>,
) -> Vec<U> {
    values.into_iter().map(from_core).collect()
}

/// Reads bytes from the core's standard Base64 text (the QR image).
pub(crate) fn base64<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    use base64::Engine as _;
    let text = String::deserialize(d)?;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .map_err(|_| D::Error::custom("the core's bytes are not Base64"))
}
