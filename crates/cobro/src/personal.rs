//! Personal data in the parsed answers and notifications (DESIGN.md sections 3 and 6;
//! STYLE.md 6 and 8): names, document numbers, e-mails, phones, account numbers, the
//! merchant's user ids and free text of no documented shape.
//!
//! Each such field of a parsed type is a [`Personal`]: the program reads it as a
//! `&str` (the merchant needs the values), serde writes it as the plain string, and
//! both `Debug` and `Display` print `[REDACTED]`, so a `{:?}` of a notification in a
//! log or an error report shows none of it. [`fields`] names the same fields by record
//! and serde name for the bindings, which print their own records (Python `repr`, Node
//! `util.inspect`, Kotlin `toString`); the crate's `personal_fields` test checks the
//! description against the types over every response vector, so the two cannot drift.
//!
//! What is personal is a decision, written once, as the `personal` type of the
//! description ([`crate::shape`]). Marked: whatever names or reaches
//! a person (names, document numbers, e-mail, phone number, the customer's mobile
//! number, bank and virtual account numbers and aliases, the merchant's user id
//! `referenceId`: an id of a person, which merchants are known to fill with a document
//! number or an e-mail), metadata values (free text the merchant copied from its
//! customer's order) and the pay-in notification's `additionalInformation` (processor
//! data of undocumented shape, which processors fill with the payer's details). Not
//! marked: ids and numbers of operations, accounts' internal ids, amounts, currencies,
//! codes, statuses, document and account types, a phone's country code, metadata keys
//! and the service's own messages.

use std::fmt;
use std::ops::Deref;
use std::sync::OnceLock;

use serde::Serialize;

/// Text that identifies or reaches a person: readable as a `&str`, written by serde as
/// the plain string, printed by `Debug` and `Display` as `[REDACTED]`.
///
/// ```
/// let name = cobro::Personal::new("Testa Ejemplo");
/// assert_eq!(name.as_str(), "Testa Ejemplo");
/// assert_eq!(format!("{name:?} {name}"), "[REDACTED] [REDACTED]");
/// assert_eq!(serde_json::to_string(&name).unwrap(), r#""Testa Ejemplo""#);
/// ```
// A serde newtype struct: JSON writers (serde_json, napi's) write the inner string, and
// a serializer that wants to find personal values can tell them by the name `Personal`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Personal(String);

impl Personal {
    /// The name serde gives the newtype ([`serde::Serializer::serialize_newtype_struct`]).
    pub const SERDE_NAME: &'static str = "Personal";

    /// Wraps `text`.
    pub fn new(text: impl Into<String>) -> Personal {
        Personal(text.into())
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Debug for Personal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl fmt::Display for Personal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REDACTED)
    }
}

impl Deref for Personal {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Personal {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Personal {
    fn from(text: String) -> Personal {
        Personal(text)
    }
}

impl From<&str> for Personal {
    fn from(text: &str) -> Personal {
        Personal(text.to_string())
    }
}

impl From<Personal> for String {
    fn from(p: Personal) -> String {
        p.0
    }
}

impl PartialEq<str> for Personal {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<String> for Personal {
    fn eq(&self, other: &String) -> bool {
        &self.0 == other
    }
}

impl PartialEq<&str> for Personal {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// What every language prints in place of a personal value.
pub const REDACTED: &str = "[REDACTED]";

/// The personal fields of each parsed record that has some: the record's name (the
/// class name in Python and the record name in Kotlin and Swift) and its fields' serde
/// names (the keys of the core's JSON, as Python shows them; Node, Kotlin and Swift write
/// them as [`crate::shape::camel`] does), read from the description of the shapes
/// ([`crate::shape`]: the fields typed `personal`). Every
/// such field is a [`Personal`] (or an option or list of them) and every `Personal`
/// field is typed so.
pub fn fields() -> &'static [(&'static str, Vec<&'static str>)] {
    static FIELDS: OnceLock<Vec<(&'static str, Vec<&'static str>)>> = OnceLock::new();
    FIELDS.get_or_init(crate::shape::personal_fields)
}

/// The personal fields of the record named `record` (see [`fields`]); empty for a
/// record that has none.
pub fn fields_of(record: &str) -> &'static [&'static str] {
    fields()
        .iter()
        .find(|(name, _)| *name == record)
        .map_or(&[], |(_, fields)| fields.as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_redacted_and_reads_the_text() {
        let p = Personal::new("ana@example.com");
        assert_eq!(
            format!("{p:?}|{p}|{:?}", Some(&p)),
            "[REDACTED]|[REDACTED]|Some([REDACTED])"
        );
        assert_eq!((p.as_str(), &*p, p.len()), ("ana@example.com", "ana@example.com", 15));
        assert!(p == "ana@example.com" && p == *"ana@example.com");
        assert_eq!(String::from(p.clone()), p.into_string());
    }

    #[test]
    fn the_list_names_each_record_once() {
        let mut names: Vec<&str> = fields().iter().map(|(n, _)| *n).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), fields().len());
        assert_eq!(fields_of("Depositor"), ["full_name", "document_number"]);
        assert!(fields_of("DepositStatus").is_empty());
    }
}
