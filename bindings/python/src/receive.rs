//! Receiving a notification (DESIGN.md 9 row 35): the core's `receive`, with the raw
//! body as the endpoint got it, as a typed `Receipt`.

use cobro::receive::{AllowList, NotificationKind, ReceiveOptions, parse_peer, receive};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};

use crate::args::{locale, secret, whole_as};
use crate::errors::{guard, signing_error, type_error};
use crate::parse::typed;

/// DESIGN.md 9 row 35: what a notification endpoint of `kind` answers at once and may
/// do with `raw`, the body's bytes (or text) exactly as received (a re-serialised body
/// has lost the texts the signature covers): a `Receipt`. `trust_unsigned` acts on
/// unsigned kinds from any peer (DESIGN.md 9 row 39: development with the mock only).
#[pyfunction]
#[pyo3(signature = (kind, raw, *, key = None, peer = None, allow_list = None, stored_state = None, merchant_id = None, trust_unsigned = false, locale = None))]
#[allow(clippy::too_many_arguments)]
pub fn receive_notification<'py>(
    py: Python<'py>,
    kind: &str,
    raw: &Bound<'py, PyAny>,
    key: Option<&Bound<'py, PyAny>>,
    peer: Option<&str>,
    allow_list: Option<Vec<String>>,
    stored_state: Option<&Bound<'py, PyAny>>,
    merchant_id: Option<&Bound<'py, PyAny>>,
    trust_unsigned: bool,
    locale: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let kind = NotificationKind::parse(kind).map_err(|e| signing_error(py, &e))?;
        let key = key.filter(|k| !k.is_none()).map(|k| secret(k, "key")).transpose()?;
        let peer = peer.map(parse_peer).transpose().map_err(|e| signing_error(py, &e))?;
        let allow_list = allow_list
            .map(|l| AllowList::parse(l.iter().map(String::as_str)))
            .transpose()
            .map_err(|e| signing_error(py, &e))?;
        let stored_state = stored_state
            .filter(|s| !s.is_none())
            .map(|s| whole_as::<i64>(s, "stored_state"))
            .transpose()?;
        let merchant_id = merchant_id
            .filter(|m| !m.is_none())
            .map(crate::args::merchant_id)
            .transpose()?;
        let options = ReceiveOptions {
            key: key.as_ref(),
            peer,
            allow_list: allow_list.as_ref(),
            stored_state,
            trust_unsigned,
            merchant_id,
            locale: self::locale(locale.as_deref())?,
        };
        let receipt = if let Ok(b) = raw.cast::<PyBytes>() {
            receive(kind, b.as_bytes(), &options)
        } else if let Ok(b) = raw.cast::<PyByteArray>() {
            receive(kind, &b.to_vec(), &options)
        } else if let Ok(s) = raw.cast::<PyString>() {
            // Lone surrogates are kept as the invalid bytes they are: the core answers 400.
            let bytes = s
                .call_method1("encode", ("utf-8", "surrogatepass"))?
                .cast_into::<PyBytes>()?;
            receive(kind, bytes.as_bytes(), &options)
        } else {
            return Err(type_error("raw", "bytes or str, the body as received", raw));
        };
        typed(py, "receipt", &receipt)
    })
}
