//! `validate(kind, body, options?)` for JSON text or bytes with at most `strict` and
//! `locale` among the options: the hot path of the package, as a plain Node-API callback
//! rather than a napi-rs export.
//!
//! A napi-rs export pays, per call, for its argument machinery (callback info, the
//! native-borrow scope of napi-rs 3) and for each string argument read twice (its length,
//! then into a new zeroed `Vec`), a cost of the order of the core's own work on a small
//! body (benches/node measures both). This callback reads the kind and
//! the options as numbers and the body's bytes into a buffer kept per thread (a string's
//! UTF-8 or a `Uint8Array`'s bytes), validates, and returns `true` for a report without
//! any issue or the report in the packed form of [`crate::packed`], written into another
//! per-thread buffer. Whenever it cannot (an argument of another type, a typed array
//! other than a `Uint8Array`, a body past the size limit, a failed napi
//! call, a panic) it returns `undefined` and `cobro.js` calls the napi-rs `validate`,
//! which handles and reports every case; so this path has no errors of its own and
//! never changes a result, only its speed. A string with a lone surrogate never reaches
//! it: Node would write U+FFFD in its place, so `body.js` sends such a string as bytes
//! the core refuses (ERR_INVALID_UTF8).
//!
//! The module also exports, once, the tables the packed form refers to by position
//! (`kindNames`, `codeNames`, `severityNames`) and the locales the options number refers
//! to (`localeNames`). None of these are part of the package's API: `cobro.js` takes
//! them and removes them from its exports.

// The one module of the crate with `unsafe`: calls to Node-API itself.
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr;

use cobro::host::fast::Limits;
use napi::bindgen_prelude::{Env, JsObjectValue, Object};
use napi::sys;
use napi_derive::napi;

use crate::packed::{CODES, Packed, Packer, SEVERITIES};

/// The bit of the options number that asks for `strict`; the bits above it hold the
/// locale's position in `cobro::Locale::ALL`, the core's one list, sent as `localeNames`.
const STRICT: usize = 1;

/// Bytes of the text buffer kept between calls; a longer text gets a larger buffer for
/// its call only.
const KEPT_BYTES: usize = 64 * 1024;

/// Per-thread buffers (each worker thread has its own Node environment).
struct Buffers {
    /// The body's UTF-8, as Node writes it.
    text: Vec<u8>,
    /// The packed report.
    packer: Packer,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = const {
        RefCell::new(Buffers { text: Vec::new(), packer: Packer::new() })
    };
}

/// Registers `validateFast` and the tables of the packed form on the addon's exports.
#[napi(module_exports)]
pub fn init(mut exports: Object, env: Env) -> napi::Result<()> {
    let validate = env.create_function::<(), ()>("validateFast", validate_fast)?;
    exports.set_named_property("validateFast", validate)?;
    let kinds: Vec<&str> = cobro::Kind::ALL.iter().map(|k| k.as_str()).collect();
    exports.set_named_property("kindNames", kinds)?;
    let codes: Vec<&str> = CODES.iter().map(|c| c.as_str()).collect();
    exports.set_named_property("codeNames", codes)?;
    let severities: Vec<&str> = SEVERITIES.iter().map(|s| s.as_str()).collect();
    exports.set_named_property("severityNames", severities)?;
    let locales: Vec<&str> = cobro::Locale::ALL.iter().map(|l| l.tag()).collect();
    exports.set_named_property("localeNames", locales)?;
    Ok(())
}

/// `validateFast(call, body)`: `true`, the packed report, or `undefined` (see the
/// module's documentation). `call` is the kind's position in `kindNames` plus the number
/// of kinds times the options number: [`STRICT`] or not, plus the locale's position in
/// `cobro::Locale::ALL` shifted left by one. One number rather than two: each argument
/// read is a call into Node-API.
///
/// # Safety
///
/// Called by Node-API only, with the `env` and `info` of one call on this thread.
unsafe extern "C" fn validate_fast(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    // A panic is caught here: it must not unwind into Node. `undefined` sends the call
    // to the napi-rs export, whose guard turns a panic into a CobroError.
    // SAFETY: the caller's contract, passed on.
    catch_unwind(AssertUnwindSafe(|| unsafe { run(env, info) }))
        .ok()
        .flatten()
        .unwrap_or(ptr::null_mut())
}

/// The body of [`validate_fast`]; `None` for `undefined`.
///
/// # Safety
///
/// `env` and `info` are those of one call of a Node-API callback on this thread.
unsafe fn run(env: sys::napi_env, info: sys::napi_callback_info) -> Option<sys::napi_value> {
    let mut argc = 2usize;
    let mut argv = [ptr::null_mut(); 2];
    // SAFETY: `argv` has room for `argc` values; this and the calls below are made on the
    // call's thread with its `env`, as Node-API requires, and write only through the
    // pointers given, which point to live locals or buffers of the stated sizes.
    unsafe {
        ok(sys::napi_get_cb_info(
            env,
            info,
            &mut argc,
            argv.as_mut_ptr(),
            ptr::null_mut(),
            ptr::null_mut(),
        ))?;
        let [call, body] = argv;
        if argc < 2 {
            return None;
        }
        let mut call_number = 0u32;
        ok(sys::napi_get_value_uint32(env, call, &mut call_number))?;
        let call = usize::try_from(call_number).ok()?;
        let kinds = cobro::Kind::ALL.len();
        let kind = *cobro::Kind::ALL.get(call.checked_rem(kinds)?)?;
        let flags = call.checked_div(kinds)?;
        let options = cobro::ValidateOptions {
            strict: flags & STRICT != 0,
            locale: *cobro::Locale::ALL.get(flags >> 1)?,
            ..Default::default()
        };
        // No JS runs during the call, so the buffers are never borrowed twice; if they
        // were, the call would take the other path.
        BUFFERS.with(|b| {
            let mut buffers = b.try_borrow_mut().ok()?;
            let result = validate(env, kind, body, &options, &mut buffers);
            if buffers.text.len() > KEPT_BYTES {
                buffers.text = Vec::new();
            }
            result
        })
    }
}

/// Validates the body `value` as `kind` with `options` and returns the result value.
///
/// # Safety
///
/// As [`run`]; `value` is a value of this call.
unsafe fn validate(
    env: sys::napi_env,
    kind: cobro::Kind,
    value: sys::napi_value,
    options: &cobro::ValidateOptions<'_>,
    buffers: &mut Buffers,
) -> Option<sys::napi_value> {
    let Buffers { text, packer } = buffers;
    // SAFETY: as `run`.
    unsafe {
        let report = cobro::validate(kind, body(env, value, text, &options.limits())?, options);
        let mut result = ptr::null_mut();
        if report.valid && report.errors.is_empty() && report.warnings.is_empty() {
            ok(sys::napi_get_boolean(env, true, &mut result))?;
            return Some(result);
        }
        match packer.pack(&report) {
            Packed::Latin1(units) => {
                let len = isize::try_from(units.len()).ok()?;
                ok(sys::napi_create_string_latin1(
                    env,
                    units.as_ptr().cast(),
                    len,
                    &mut result,
                ))?;
            }
            Packed::Utf16(units) => {
                let len = isize::try_from(units.len()).ok()?;
                ok(sys::napi_create_string_utf16(env, units.as_ptr(), len, &mut result))?;
            }
        }
        Some(result)
    }
}

/// The bytes of the body `value`, read into `text`: a string's UTF-8 or the bytes of a
/// `Uint8Array` (a `Buffer` is one); `None` for anything else, or bytes past the size
/// limit of `limits` (the napi-rs path measures those without copying them).
///
/// # Safety
///
/// As [`run`]; `value` is a value of this call.
unsafe fn body<'t>(
    env: sys::napi_env,
    value: sys::napi_value,
    text: &'t mut Vec<u8>,
    limits: &Limits,
) -> Option<&'t [u8]> {
    let mut value_type = 0;
    // SAFETY: as `run`; the typed array's `data` points to `length` bytes of memory Node
    // keeps for the array at least until the call returns (null when it has none), and
    // `text` has room for them.
    unsafe {
        ok(sys::napi_typeof(env, value, &mut value_type))?;
        if value_type == sys::ValueType::napi_object {
            let mut array_type = 0;
            let mut length = 0usize;
            let mut data = ptr::null_mut();
            let (mut buffer, mut offset) = (ptr::null_mut(), 0usize);
            let status = sys::napi_get_typedarray_info(
                env,
                value,
                &mut array_type,
                &mut length,
                &mut data,
                &mut buffer,
                &mut offset,
            );
            ok(status)?;
            if array_type != sys::TypedarrayType::uint8_array {
                return None;
            }
            if data.is_null() || length == 0 {
                return Some(&[]);
            }
            if limits.too_large(length) {
                return None;
            }
            // Copied before anything reads it: a view of a SharedArrayBuffer may change
            // under another thread, and the core must see one fixed text.
            text.resize(length.max(text.len()), 0);
            ptr::copy_nonoverlapping(data.cast::<u8>(), text.as_mut_ptr(), length);
            return text.get(..length);
        }
        if value_type != sys::ValueType::napi_string {
            return None;
        }
        if text.is_empty() {
            text.resize(KEPT_BYTES, 0);
        }
        let mut len = utf8_into(env, value, text)?;
        // Node stops before a character that does not fit: a text within four bytes of
        // the end may have been cut, so its length is asked for and it is read again.
        if len + 4 >= text.len() {
            ok(sys::napi_get_value_string_utf8(
                env,
                value,
                ptr::null_mut(),
                0,
                &mut len,
            ))?;
            if limits.too_large(len) {
                return None;
            }
            text.resize(len + 1, 0);
            len = utf8_into(env, value, text)?;
        }
        text.get(..len)
    }
}

/// Has Node write the UTF-8 of the string `value` into `text`: at most `text.len() - 1`
/// bytes and a NUL; the number of bytes of text written.
///
/// # Safety
///
/// As [`run`]; `value` is a string of this call.
unsafe fn utf8_into(env: sys::napi_env, value: sys::napi_value, text: &mut [u8]) -> Option<usize> {
    let mut len = 0usize;
    // SAFETY: as `run`; `text` is initialised memory of `text.len()` bytes.
    unsafe {
        ok(sys::napi_get_value_string_utf8(
            env,
            value,
            text.as_mut_ptr().cast(),
            text.len(),
            &mut len,
        ))?
    };
    Some(len)
}

/// `Some` when a Node-API call succeeded.
fn ok(status: sys::napi_status) -> Option<()> {
    (status == sys::Status::napi_ok).then_some(())
}
