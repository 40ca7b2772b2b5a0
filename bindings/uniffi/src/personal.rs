//! Personal data (names, documents, e-mails, phones, account numbers, free text) as
//! Kotlin and Swift see it: the core's [`cobro::Personal`] as a record of its own.
//!
//! Why a record and not a plain string: uniffi records are Kotlin data classes (Swift
//! structs) whose generated `toString` prints every field, and `toString` is what
//! loggers call. A record may export Rust's `Display` (uniffi 0.32), which becomes its
//! Kotlin `toString` and its Swift `description`; this one prints `[REDACTED]`, so a
//! notification logged whole shows none of its personal values while the program
//! reads them as `value`. A custom type (a Kotlin class named in uniffi.toml) would
//! need a Kotlin source shipped beside the generated one; an object would need
//! `close()`.

use std::fmt;

/// A personal value: `toString()` (Kotlin) and `description` (Swift) print
/// `[REDACTED]`; the text is `value`.
#[derive(Clone, PartialEq, Eq, Hash, uniffi::Record)]
#[uniffi::export(Display)]
pub struct Personal {
    /// The text, for the program to use (not to log).
    pub value: String,
}

impl fmt::Display for Personal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(cobro::personal::REDACTED)
    }
}

// The binding's records derive `Debug`: this keeps their Rust form redacted as well.
impl fmt::Debug for Personal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(cobro::personal::REDACTED)
    }
}

impl From<cobro::Personal> for Personal {
    fn from(p: cobro::Personal) -> Personal {
        Personal { value: p.into_string() }
    }
}

// The records of `shapes.rs` are read from the core's serde JSON, where a personal
// value is its plain text.
impl<'de> serde::Deserialize<'de> for Personal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Personal, D::Error> {
        String::deserialize(d).map(|value| Personal { value })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

    use cobro::parse::{DocumentKind, parse_document};
    use serde_json::value::RawValue;

    /// The binding's records of `kind` for `body`, printed with `Debug`.
    fn binding_debug(kind: DocumentKind, status: u16, body: &[u8]) -> String {
        let b = body.to_vec();
        match kind {
            DocumentKind::VirtualAccountResponse => {
                format!(
                    "{:?}",
                    crate::virtual_account::parse_virtual_account_response(b, Some(status))
                )
            }
            DocumentKind::SubscriptionResponse => {
                format!("{:?}", crate::subscription::parse_subscription_response(b))
            }
            DocumentKind::PayinResponse => format!("{:?}", crate::payin::parse_payin_response(b)),
            DocumentKind::PayinNotification => {
                format!("{:?}", crate::payin_notification::parse_payin_notification(b))
            }
            DocumentKind::SubscriptionWebhook => {
                format!("{:?}", crate::subscription::parse_subscription_webhook(b))
            }
            DocumentKind::DepositNotification => {
                format!("{:?}", crate::virtual_account::parse_deposit_notification(b))
            }
            DocumentKind::PayinStatus => format!("{:?}", crate::payin_status::parse_payin_status(b)),
        }
    }

    #[derive(serde::Deserialize)]
    struct File {
        document: String,
        cases: Vec<Case>,
    }

    #[derive(serde::Deserialize)]
    struct Case {
        name: String,
        http_status: Option<u16>,
        body: Option<Box<RawValue>>,
        body_text: Option<String>,
        body_hex: Option<String>,
    }

    /// The bytes a case stands for: its JSON body, its text, or its hex.
    fn bytes_of(case: &Case) -> Option<Vec<u8>> {
        if let Some(body) = &case.body {
            return Some(body.get().as_bytes().to_vec());
        }
        if let Some(text) = &case.body_text {
            return Some(text.as_bytes().to_vec());
        }
        let hex = case.body_hex.as_ref()?;
        (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
            .collect()
    }

    // The binding's records hold a `Personal` wherever the core's types do: their Debug
    // shows as many `[REDACTED]` as the core's for every response vector.
    #[test]
    fn the_records_hide_what_the_core_hides() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors/responses");
        let mut hidden = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let file: File = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let kind = DocumentKind::from_name(&file.document).unwrap();
            for case in file.cases {
                let Some(bytes) = bytes_of(&case) else { continue };
                let (status, body) = (case.http_status.unwrap_or(200), bytes.as_slice());
                let Ok(core) = parse_document(kind, status, body) else {
                    continue;
                };
                let core = format!("{core:?}").matches(cobro::personal::REDACTED).count();
                let ours = binding_debug(kind, status, body)
                    .matches(cobro::personal::REDACTED)
                    .count();
                assert_eq!(ours, core, "{} / {}", path.display(), case.name);
                hidden += core;
            }
        }
        assert!(hidden > 40, "only {hidden} personal values in the vectors");
    }
}
