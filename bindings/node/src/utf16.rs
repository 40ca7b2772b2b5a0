//! Text arguments read from JS as UTF-16, so that a lone surrogate is seen: napi's
//! UTF-8 conversion writes U+FFFD in its place, and a key or a signed text would be
//! hashed as another text than the caller's. The units are kept in a buffer zeroized on
//! drop, since the text may be a key.

// The second module of the crate with `unsafe`: one Node-API call, as napi's own
// string conversion makes it, into a buffer this module owns.
#![allow(unsafe_code)]

use std::ptr;

use napi::bindgen_prelude::{FromNapiValue, TypeName, ValidateNapiValue};
use napi::{ValueType, sys};
use zeroize::Zeroizing;

/// A JS string's UTF-16 code units, zeroized on drop.
pub struct Utf16Text(Zeroizing<Vec<u16>>);

impl Utf16Text {
    /// The text, or `None` when it holds a lone surrogate (it is not Unicode text).
    pub fn text(&self) -> Option<String> {
        String::from_utf16(&self.0).ok()
    }
}

impl TypeName for Utf16Text {
    fn type_name() -> &'static str {
        "String"
    }

    fn value_type() -> ValueType {
        ValueType::String
    }
}

impl ValidateNapiValue for Utf16Text {}

impl FromNapiValue for Utf16Text {
    unsafe fn from_napi_value(env: sys::napi_env, value: sys::napi_value) -> napi::Result<Self> {
        let failed = |status| {
            napi::Error::new(
                napi::Status::from(status),
                "Failed to convert napi value into rust type `String`".to_string(),
            )
        };
        let mut len = 0usize;
        // SAFETY: the caller's contract (a value of this call, on its thread); a null
        // buffer asks only for the length in units.
        let status = unsafe { sys::napi_get_value_string_utf16(env, value, ptr::null_mut(), 0, &mut len) };
        if status != sys::Status::napi_ok {
            return Err(failed(status));
        }
        // Room for the units and the NUL Node always writes.
        let mut units = Zeroizing::new(vec![0u16; len + 1]);
        let mut written = 0usize;
        // SAFETY: as above; `units` is initialised memory of `units.len()` units, at most
        // which Node writes.
        let status =
            unsafe { sys::napi_get_value_string_utf16(env, value, units.as_mut_ptr(), units.len(), &mut written) };
        if status != sys::Status::napi_ok {
            return Err(failed(status));
        }
        units.truncate(written);
        Ok(Utf16Text(units))
    }
}
