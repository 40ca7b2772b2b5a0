//! The shape of every parsed answer, notification and catalogue entry, described once
//! (DESIGN.md section 6): each record's fields in the core's order, their types, which
//! are personal, and the tagged unions and enumerations they use.
//!
//! The description is what the bindings are made from: `scripts/generate` writes the
//! Python records, the TypeScript declarations and the Kotlin/Swift records from it, and
//! [`crate::personal`] lists the personal fields from it. The core's own types
//! serialize (serde) to exactly these shapes: the `shapes` test reads every response
//! vector's parsed value against this description, field by field.
//!
//! Types are written as the API manifest writes them (`tests/api/manifest.json`):
//! `str`, `personal` (text that identifies or reaches a person, [`crate::Personal`]),
//! `bool`, `i64`, `u32`, `bytes` (Base64 text in the core's JSON), a record, union or enumeration by name, `list<T>`, and `T?` for a value that may be
//! null.

mod catalog;
mod payin;
mod receive;
mod request;
mod retry;
mod subscription;
mod virtual_account;
mod voucher;

pub use request::{
    ISSUE_CODE, PAYIN, PAYIN_STATUS, REQUEST_NAMES, RequestBody, RequestField, RequestTy, RequestType, SUBSCRIPTION,
    SUBSCRIPTION_CANCEL, UNSIGNED_PAYIN, VIRTUAL_ACCOUNT, issue_codes,
};

/// A record: an object with a fixed set of fields (a class in Python, an interface in
/// TypeScript, a data class in Kotlin).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    /// The record's name in every language (the core's serde name).
    pub name: &'static str,
    /// What it is, in one or two sentences; backquotes mark code, `null` an absent value.
    pub doc: &'static str,
    /// A record whose fields come first (a subtype in Python and TypeScript; Kotlin
    /// repeats them).
    pub extends: Option<&'static str>,
    /// The fields, in the core's order (after those of `extends`, and after the tag of a
    /// union's variant, which is not listed).
    pub fields: &'static [Field],
}

/// One field of a [`Record`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The key in the core's JSON and the attribute's name (snake case).
    pub name: &'static str,
    /// Its type, in the grammar of the module's documentation.
    pub ty: &'static str,
    /// What it holds; empty when the name says it.
    pub doc: &'static str,
    /// The provider's key it is read from, for a field read straight from one; `None`
    /// for a field cobro derives (a catalogue entry, a flag). The OpenAPI document's
    /// answer and notification schemas are made of these keys.
    pub wire: Option<Wire>,
}

/// The provider's key a [`Field`] is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wire {
    /// The key, as the provider spells it (`payinStateID`).
    pub key: &'static str,
    /// Whether the provider must send it: the parser refuses a body without it.
    pub required: bool,
}

/// A tagged union: an object whose `tag` field names which record it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Union {
    /// The union's name.
    pub name: &'static str,
    /// What it is.
    pub doc: &'static str,
    /// The field that tells the variants apart (`kind`, `outcome`).
    pub tag: &'static str,
    /// The variants.
    pub variants: &'static [Variant],
}

/// One variant of a [`Union`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// The tag's value.
    pub tag: &'static str,
    /// The record it holds.
    pub record: &'static str,
    /// The variant's name in Kotlin and Swift (`Redirect`).
    pub case: &'static str,
}

/// An enumeration of text values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enum {
    /// The enumeration's name.
    pub name: &'static str,
    /// What it is.
    pub doc: &'static str,
    /// Whether values beyond those listed are kept as received (the provider's open
    /// sets: statuses, error types). An open set is plain text in Python and Kotlin.
    pub open: bool,
    /// The values as the wire or the core spells them, each with its Kotlin and Swift
    /// case name and what it means (empty when the value says it).
    pub values: &'static [(&'static str, &'static str, &'static str)],
}

/// The records, in the order the generated files list them.
pub fn records() -> impl Iterator<Item = &'static Record> {
    [
        catalog::RECORDS,
        voucher::RECORDS,
        payin::RECORDS,
        subscription::RECORDS,
        virtual_account::RECORDS,
        receive::RECORDS,
        retry::RECORDS,
    ]
    .into_iter()
    .flatten()
}

/// The tagged unions.
pub fn unions() -> impl Iterator<Item = &'static Union> {
    [payin::UNIONS, subscription::UNIONS, virtual_account::UNIONS]
        .into_iter()
        .flatten()
}

/// The enumerations.
pub fn enums() -> impl Iterator<Item = &'static Enum> {
    [
        catalog::ENUMS,
        voucher::ENUMS,
        subscription::ENUMS,
        virtual_account::ENUMS,
        receive::ENUMS,
        retry::ENUMS,
    ]
    .into_iter()
    .flatten()
}

/// The record named `name`.
pub fn record(name: &str) -> Option<&'static Record> {
    records().find(|r| r.name == name)
}

/// The union named `name`.
pub fn union(name: &str) -> Option<&'static Union> {
    unions().find(|u| u.name == name)
}

/// The enumeration named `name`.
pub fn enumeration(name: &str) -> Option<&'static Enum> {
    enums().find(|e| e.name == name)
}

/// The union `record` is a variant of, with the variant.
pub fn variant_of(record: &str) -> Option<(&'static Union, &'static Variant)> {
    unions().find_map(|u| u.variants.iter().find(|v| v.record == record).map(|v| (u, v)))
}

/// Every field of `record`: those of the record it extends, then its own.
pub fn all_fields(record: &Record) -> Vec<&'static Field> {
    let mut out: Vec<&'static Field> = record
        .extends
        .and_then(self::record)
        .map(all_fields)
        .unwrap_or_default();
    out.extend(record.fields.iter());
    out
}

/// A field's type, read from its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ty {
    /// `str`: text.
    Str,
    /// `personal`: text that identifies or reaches a person.
    Personal,
    /// `bool`.
    Bool,
    /// `i64`: an integer of 64 bits (text in Node, exact beyond 2^53).
    I64,
    /// `u32`: a small integer (a number in Node).
    U32,
    /// `bytes`: Base64 text in the core's JSON.
    Bytes,
    /// A record, union or enumeration of this description, by name.
    Named(&'static str),
    /// `list<T>`.
    List(Box<Ty>),
    /// `T?`: the value or null.
    Optional(Box<Ty>),
}

impl Ty {
    /// Reads `text` (see the module's documentation); `None` when it is not a type of
    /// the grammar or names nothing described here.
    pub fn parse(text: &'static str) -> Option<Ty> {
        if let Some(inner) = text.strip_suffix('?') {
            return match Ty::parse(inner)? {
                Ty::Optional(_) => None,
                inner => Some(Ty::Optional(Box::new(inner))),
            };
        }
        if let Some(inner) = text.strip_prefix("list<").and_then(|t| t.strip_suffix('>')) {
            return Some(Ty::List(Box::new(Ty::parse(inner)?)));
        }
        Some(match text {
            "str" => Ty::Str,
            "personal" => Ty::Personal,
            "bool" => Ty::Bool,
            "i64" => Ty::I64,
            "u32" => Ty::U32,
            "bytes" => Ty::Bytes,
            name if record(name).is_some() || union(name).is_some() || enumeration(name).is_some() => Ty::Named(name),
            _ => return None,
        })
    }

    /// Whether the type is, or holds, personal text.
    pub fn is_personal(&self) -> bool {
        match self {
            Ty::Personal => true,
            Ty::List(inner) | Ty::Optional(inner) => inner.is_personal(),
            _ => false,
        }
    }
}

/// A field's name in JavaScript, Kotlin and Swift (DESIGN.md 9 row 43): the snake-case
/// name with each `_` dropped and the letter after it in upper case (`payin_state_id`
/// is `payinStateId`). uniffi names the Kotlin and Swift fields by this rule; the
/// TypeScript declarations and the Node binding's parsed values take it from here, so
/// every language but Python (and the core's JSON) reads the same names.
pub fn camel(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// Every key of the described records (their fields and the unions' tags), each once,
/// with its name in JavaScript, Kotlin and Swift ([`camel`]), in the order of
/// [`records`] then [`unions`].
pub fn camel_names() -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    let keys = records()
        .flat_map(|r| r.fields.iter().map(|f| f.name))
        .chain(unions().map(|u| u.tag));
    for key in keys {
        if out.iter().all(|(k, _)| *k != key) {
            out.push((key, camel(key)));
        }
    }
    out
}

/// The personal fields of each record that has some, by record name, in the order of
/// [`records`].
pub fn personal_fields() -> Vec<(&'static str, Vec<&'static str>)> {
    records()
        .filter_map(|r| {
            let fields: Vec<&'static str> = all_fields(r)
                .into_iter()
                .filter(|f| Ty::parse(f.ty).is_some_and(|t| t.is_personal()))
                .map(|f| f.name)
                .collect();
            (!fields.is_empty()).then_some((r.name, fields))
        })
        .collect()
}

/// A field of `name`, `ty` and `doc` that cobro derives.
const fn field(name: &'static str, ty: &'static str, doc: &'static str) -> Field {
    Field {
        name,
        ty,
        doc,
        wire: None,
    }
}

/// A field of `name`, `ty` and `doc` read from the provider's key `key`, which the
/// provider must send unless the type is optional.
const fn wired(name: &'static str, key: &'static str, ty: &'static str, doc: &'static str) -> Field {
    let required = !matches!(ty.as_bytes().last(), Some(b'?'));
    Field {
        name,
        ty,
        doc,
        wire: Some(Wire { key, required }),
    }
}

/// A list field read from the provider's key `key`, which may be absent: it is then
/// empty.
const fn wired_or_empty(name: &'static str, key: &'static str, ty: &'static str, doc: &'static str) -> Field {
    Field {
        name,
        ty,
        doc,
        wire: Some(Wire { key, required: false }),
    }
}

/// The fields of `record` read from the provider's JSON, with their keys, in the
/// record's order.
pub fn wire_fields(record: &Record) -> impl Iterator<Item = (&'static Field, Wire)> {
    all_fields(record)
        .into_iter()
        .filter_map(|f| f.wire.map(|wire| (f, wire)))
}

/// A record of no parent.
const fn record_of(name: &'static str, doc: &'static str, fields: &'static [Field]) -> Record {
    Record {
        name,
        doc,
        extends: None,
        fields,
    }
}

#[cfg(test)]
mod tests;
