//! `parse_document` of every document. The first byte chooses the document (its value
//! modulo their number), the second the HTTP status (see `STATUSES`); the rest is the
//! body. Never panics; a parsed document serializes, an error has a message.
#![no_main]

use cobro::parse::{DocumentKind, parse_document};
use libfuzzer_sys::fuzz_target;

/// The statuses the virtual-account answer is parsed under: its success, its error
/// answers, and statuses it does not expect.
pub const STATUSES: [u16; 10] = [200, 201, 400, 401, 404, 409, 422, 500, 502, 302];

fuzz_target!(|data: &[u8]| {
    let [kind, status, body @ ..] = data else {
        return;
    };
    let kind = DocumentKind::ALL[usize::from(*kind) % DocumentKind::ALL.len()];
    let status = STATUSES[usize::from(*status) % STATUSES.len()];
    match parse_document(kind, status, body) {
        Ok(parsed) => cobro_fuzz::assert_json(&serde_json::to_string(&parsed).expect("a parsed document serializes")),
        Err(e) => assert!(!e.to_string().is_empty(), "an error without a message"),
    }
});
