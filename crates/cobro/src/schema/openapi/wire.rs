//! The schema pieces of what cobro's parsers read (DESIGN.md section 6): each mirrors
//! one reading of `reader::Fields`, which counts `null` as absent, takes codes and ids
//! as a string or a number, and ignores the fields it does not name.

use super::super::node::{Defs, Node, Obj, texts};
use super::super::{object, patterns, string, unexpressed};
use crate::catalog::CodeInfo;
use crate::shape;

/// `Fields::str`: a string.
pub(super) fn text() -> Obj {
    string()
}

/// `Fields::opt_str`: a string, or null (absent).
pub(super) fn opt_text() -> Obj {
    Obj::new().with("type", texts(["string", "null"]))
}

/// `Fields::text`: a string or a number, read as its text.
pub(super) fn code() -> Obj {
    Obj::new().with("type", texts(["string", "number"]))
}

/// `Fields::opt_text`: a string or a number, or null (absent).
pub(super) fn opt_code() -> Obj {
    Obj::new().with("type", texts(["string", "number", "null"]))
}

/// What [`whole`] cannot state.
const WITHIN_I64: &str = "ERR_INVALID_VALUE: at most 19 digits, within a signed 64-bit integer";

/// A JSON whole number or a string of digits.
fn whole_forms() -> Vec<Node> {
    vec![
        Node::from(Obj::new().with("type", "integer")),
        string().with("pattern", patterns::whole_text()).into(),
    ]
}

/// `Fields::int`: a whole number, as a JSON number or a string of digits (the provider
/// sends `"5"`).
pub(super) fn whole() -> Obj {
    unexpressed(Obj::new().with("anyOf", whole_forms()), &[WITHIN_I64])
}

/// `Fields::opt_int`: [`whole`], or null (absent).
pub(super) fn opt_whole() -> Obj {
    let mut forms = whole_forms();
    forms.push(Obj::new().with("type", "null").into());
    unexpressed(Obj::new().with("anyOf", forms), &[WITHIN_I64])
}

/// `schema`, or null (absent): `Fields::opt_obj`, `Fields::opt_array`.
pub(super) fn or_null(schema: Obj) -> Obj {
    Obj::new().with(
        "anyOf",
        vec![Node::from(schema), Obj::new().with("type", "null").into()],
    )
}

/// An array of `items`.
pub(super) fn list(items: Obj) -> Obj {
    Obj::new().with("type", "array").with("items", items)
}

/// `schema` with the values cobro names (an open list: others are read as they are).
pub(super) fn known<'a>(schema: Obj, values: impl IntoIterator<Item = &'a str>) -> Obj {
    schema.with("examples", texts(values))
}

/// `schema` with a code catalogue: `x-cobro-codes`, each code with its meaning and what
/// the merchant does about it (`catalog::Disposition`).
pub(super) fn codes<'a>(schema: Obj, catalogue: impl IntoIterator<Item = &'a CodeInfo>) -> Obj {
    let entries: Vec<Node> = catalogue
        .into_iter()
        .map(|c| {
            Obj::new()
                .with("code", c.code)
                .with("meaning", c.meaning)
                .with("disposition", c.disposition.as_str())
                .into()
        })
        .collect();
    schema.with("x-cobro-codes", entries)
}

/// The object of the description's record `name` as the provider sends it: the
/// record's fields read from the provider's keys ([`shape::wire_fields`]), in order,
/// each under its key with the schema `schema_of` gives it; required, those the
/// description requires.
pub(super) fn wire_object(name: &str, schema_of: impl Fn(&str) -> Option<Obj>) -> Obj {
    let (required, properties) = wire_properties(name, schema_of);
    object(&required, properties)
}

/// [`wire_object`] named `name` in `defs`: a reference to it.
pub(super) fn wire(defs: &mut Defs, name: &str, schema_of: impl Fn(&str) -> Option<Obj>) -> Obj {
    let schema = wire_object(name, schema_of);
    defs.name(name, schema)
}

/// The required keys and the properties of [`wire_object`].
pub(super) fn wire_properties(name: &str, schema_of: impl Fn(&str) -> Option<Obj>) -> (Vec<&'static str>, Obj) {
    let mut required = Vec::new();
    let mut properties = Obj::new();
    for (_, wire) in shape::record(name).into_iter().flat_map(shape::wire_fields) {
        if wire.required {
            required.push(wire.key);
        }
        properties.push(wire.key, schema_of(wire.key).unwrap_or_default());
    }
    (required, properties)
}
