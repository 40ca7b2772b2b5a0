//! Personal data in the parsed types (`cobro::personal`), checked over every response
//! and notification vector of `tests/vectors/responses/`:
//! - `cobro::personal::fields()` (the description's `personal` fields) is what the types say: a serializer that records where
//!   each string goes finds every `Personal` value under a field the list names, and
//!   every field the list names holds a `Personal` in some vector and never plain text;
//!   every field of every parsed record is filled by some vector, so none can hold a
//!   `Personal` unseen;
//! - `Debug` of every parsed value shows none of its personal values.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt;

use cobro::Personal;
use serde::ser::{self, Serialize};

/// A record's field: (the struct's Rust name, the field's serde name).
type Field = (&'static str, &'static str);

/// What the recorder saw in one value.
#[derive(Default)]
struct Seen {
    /// Fields that held a `Personal` value.
    personal_fields: BTreeSet<Field>,
    /// Fields that held a plain string.
    plain_fields: BTreeSet<Field>,
    /// The personal values.
    personal: Vec<String>,
    /// Every other string: map keys, plain values.
    plain: BTreeSet<String>,
    /// Every field, null or not.
    fields: BTreeSet<Field>,
    /// The fields that held something other than null or an empty list.
    filled: BTreeSet<Field>,
}

/// Serializes a value into nothing, noting which field each string belongs to and
/// whether it was inside a `Personal` (serde's newtype struct of that name).
#[derive(Clone, Copy)]
struct Recorder<'a> {
    seen: &'a RefCell<Seen>,
    field: Option<Field>,
    personal: bool,
}

#[derive(Debug)]
struct Never;

impl fmt::Display for Never {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("never")
    }
}

impl std::error::Error for Never {}

impl ser::Error for Never {
    fn custom<T: fmt::Display>(msg: T) -> Never {
        panic!("{msg}")
    }
}

impl Recorder<'_> {
    /// Notes that the field holds a value (a scalar or a record).
    fn fill(self) {
        if let Some(field) = self.field {
            self.seen.borrow_mut().filled.insert(field);
        }
    }

    fn text(self, v: &str) {
        self.fill();
        let mut seen = self.seen.borrow_mut();
        let field = self.field.unwrap_or(("", ""));
        if self.personal {
            seen.personal_fields.insert(field);
            seen.personal.push(v.to_string());
        } else {
            seen.plain_fields.insert(field);
            seen.plain.insert(v.to_string());
        }
    }
}

macro_rules! ignore {
    ($($name:ident($t:ty)),* $(,)?) => {
        $(fn $name(self, _: $t) -> Result<(), Never> {
            self.fill();
            Ok(())
        })*
    };
}

impl<'a> ser::Serializer for Recorder<'a> {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Recorder<'a>;
    type SerializeTuple = Recorder<'a>;
    type SerializeTupleStruct = Recorder<'a>;
    type SerializeTupleVariant = Recorder<'a>;
    type SerializeMap = Recorder<'a>;
    type SerializeStruct = Fields<'a>;
    type SerializeStructVariant = Fields<'a>;

    ignore!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_bytes(&[u8]),
        serialize_unit_struct(&'static str),
    );

    fn serialize_str(self, v: &str) -> Result<(), Never> {
        self.text(v);
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Never> {
        Ok(())
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Never> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Never> {
        self.fill();
        Ok(())
    }

    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<(), Never> {
        self.text(variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<(), Never> {
        let personal = self.personal || name == Personal::SERDE_NAME;
        value.serialize(Recorder { personal, ..self })
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), Never> {
        value.serialize(self)
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Recorder<'a>, Never> {
        Ok(self)
    }

    fn serialize_tuple(self, _: usize) -> Result<Recorder<'a>, Never> {
        Ok(self)
    }

    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Recorder<'a>, Never> {
        Ok(self)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Recorder<'a>, Never> {
        Ok(self)
    }

    // A map (a flattened struct) keeps the field the map is in: its values are that
    // field's.
    fn serialize_map(self, _: Option<usize>) -> Result<Recorder<'a>, Never> {
        Ok(self)
    }

    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Fields<'a>, Never> {
        self.fill();
        Ok(Fields { seen: self.seen, name })
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Fields<'a>, Never> {
        self.fill();
        Ok(Fields { seen: self.seen, name })
    }
}

macro_rules! elements {
    ($($trait:ident :: $method:ident),* $(,)?) => {$(
        impl ser::$trait for Recorder<'_> {
            type Ok = ();
            type Error = Never;

            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Never> {
                value.serialize(*self)
            }

            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        }
    )*};
}

elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field,
);

impl ser::SerializeMap for Recorder<'_> {
    type Ok = ();
    type Error = Never;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Never> {
        key.serialize(Recorder {
            personal: false,
            ..*self
        })
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Never> {
        value.serialize(*self)
    }

    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

/// The fields of the struct named `name`.
struct Fields<'a> {
    seen: &'a RefCell<Seen>,
    name: &'static str,
}

impl Fields<'_> {
    fn field<T: ?Sized + Serialize>(&self, key: &'static str, value: &T) -> Result<(), Never> {
        self.seen.borrow_mut().fields.insert((self.name, key));
        value.serialize(Recorder {
            seen: self.seen,
            field: Some((self.name, key)),
            personal: false,
        })
    }
}

impl ser::SerializeStruct for Fields<'_> {
    type Ok = ();
    type Error = Never;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Never> {
        self.field(key, value)
    }

    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

impl ser::SerializeStructVariant for Fields<'_> {
    type Ok = ();
    type Error = Never;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Never> {
        self.field(key, value)
    }

    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

/// What the recorder sees in `value`.
fn record(value: &impl Serialize) -> Seen {
    let seen = RefCell::new(Seen::default());
    value
        .serialize(Recorder {
            seen: &seen,
            field: None,
            personal: false,
        })
        .unwrap();
    seen.into_inner()
}

#[test]
fn the_list_of_personal_fields_is_what_the_types_say() {
    let listed: BTreeSet<Field> = cobro::personal::fields()
        .iter()
        .flat_map(|(record, fields)| fields.iter().map(move |f| (*record, *f)))
        .collect();
    let mut all = Seen::default();
    let mut add = |seen: Seen| {
        all.personal_fields.extend(seen.personal_fields);
        all.plain_fields.extend(seen.plain_fields);
        all.fields.extend(seen.fields);
        all.filled.extend(seen.filled);
    };
    for (_, _, value) in common::parsed_vectors() {
        add(record(&value));
    }
    // The document checks' results: every valid number of the document vectors.
    for valid in common::valid_documents() {
        add(record(&valid));
    }
    let Seen {
        personal_fields: personal,
        plain_fields: plain,
        fields,
        filled,
        ..
    } = all;
    // A field no vector fills could be personal unseen.
    let never_filled: Vec<_> = fields.difference(&filled).collect();
    assert!(never_filled.is_empty(), "fields no vector fills: {never_filled:?}");
    let unlisted: Vec<_> = personal.difference(&listed).collect();
    assert!(unlisted.is_empty(), "Personal fields missing from FIELDS: {unlisted:?}");
    let never_personal: Vec<_> = listed.difference(&personal).collect();
    assert!(
        never_personal.is_empty(),
        "FIELDS names fields no vector fills with a Personal: {never_personal:?}"
    );
    let plain_listed: Vec<_> = listed.intersection(&plain).collect();
    assert!(
        plain_listed.is_empty(),
        "FIELDS names fields of plain text: {plain_listed:?}"
    );
}

#[test]
fn debug_of_every_parsed_value_shows_no_personal_value() {
    let mut checked = 0;
    for (id, _, value) in common::parsed_vectors() {
        let seen = record(&value);
        let shown = format!("{value:?} {value:#?}");
        for p in &seen.personal {
            // A value that is also some field's plain text (a number, a code) may show
            // as that field.
            if seen.plain.contains(p) {
                continue;
            }
            checked += 1;
            assert!(
                !shown.contains(&format!("{p:?}")),
                "{id}: Debug shows the personal value {p:?}"
            );
        }
        assert_eq!(
            shown.matches(cobro::personal::REDACTED).count(),
            2 * seen.personal.len(),
            "{id}: one [REDACTED] per personal value"
        );
    }
    assert!(checked > 40, "the vectors hold personal values ({checked} checked)");
}
