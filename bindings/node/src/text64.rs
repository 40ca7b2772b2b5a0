//! A serde serializer adapter that writes every 64-bit (and 128-bit) integer as its
//! decimal text and each field under its JavaScript key ([`crate::names`]: `delay_ms`
//! is `delayMs`), and forwards everything else unchanged, noting on the way where the
//! records with personal fields are ([`Trail`]).
//!
//! Why: napi's serializer turns an `i64` into a JS number, which silently rounds any
//! value beyond 2^53 (`9007199254740993` becomes `9007199254740992`). The core reads
//! such integers exactly from the JSON text (ids, codes, display orders are `i64`), so
//! the binding hands them to JS as strings: exact, and kept by `JSON.stringify` (a
//! bigint is not). Integers the core holds in 32 bits or less (a date's year and time)
//! stay numbers: they always fit. The rule is by the core's type, never by the
//! value, so a field has one JS type.
//!
//! Why the trail: napi's serializer builds each JS object out of reach of the adapter,
//! so the adapter notes the path of every struct the core lists as having personal
//! fields (`cobro::personal::fields_of` its Rust name), and [`crate::personal`] marks
//! those objects once the value is built.

use crate::names::js_key;
use crate::trail::{Step, Trail};
use serde::ser::{
    Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
    SerializeTupleStruct, SerializeTupleVariant, Serializer,
};

/// Wraps a serializer (or one of its compound serializers): 64-bit integers become text.
pub struct Text64<'t, S> {
    inner: S,
    trail: &'t Trail,
    /// The next element's index (sequences and tuples).
    next: u32,
    /// The enum variant a struct or tuple variant's fields sit under (napi nests them).
    variant: Option<&'static str>,
}

impl<'t, S> Text64<'t, S> {
    /// Wraps `inner`, noting records on `trail`.
    pub fn new(inner: S, trail: &'t Trail) -> Self {
        Text64 {
            inner,
            trail,
            next: 0,
            variant: None,
        }
    }

    fn within_variant(inner: S, trail: &'t Trail, variant: &'static str) -> Self {
        Text64 {
            variant: Some(variant),
            ..Text64::new(inner, trail)
        }
    }

    /// The steps to the next element: the variant (if any), then its index.
    fn element<R>(&mut self, f: impl FnOnce(&mut S, &'t Trail) -> R) -> R {
        let index = self.next;
        self.next = self.next.saturating_add(1);
        let trail = self.trail;
        let inner = &mut self.inner;
        match self.variant {
            Some(v) => trail.within(Step::Key(v), || trail.within(Step::Index(index), || f(inner, trail))),
            None => trail.within(Step::Index(index), || f(inner, trail)),
        }
    }

    /// The steps to the field `key`: the variant (if any), then the key.
    fn field<R>(&mut self, key: &'static str, f: impl FnOnce(&mut S, &'t Trail) -> R) -> R {
        let trail = self.trail;
        let inner = &mut self.inner;
        match self.variant {
            Some(v) => trail.within(Step::Key(v), || trail.within(Step::Key(key), || f(inner, trail))),
            None => trail.within(Step::Key(key), || f(inner, trail)),
        }
    }
}

/// A value serialized through [`Text64`], so nested values get the same treatment; what
/// `Env::to_js_value` is given.
pub struct Nested<'a, T: ?Sized> {
    value: &'a T,
    trail: &'a Trail,
}

impl<'a, T: ?Sized> Nested<'a, T> {
    /// `value`, its records with personal fields noted on `trail`.
    pub fn new(value: &'a T, trail: &'a Trail) -> Self {
        Nested { value, trail }
    }
}

impl<T: ?Sized + Serialize> Serialize for Nested<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(Text64::new(serializer, self.trail))
    }
}

macro_rules! forward {
    ($($name:ident($t:ty)),* $(,)?) => {
        $(fn $name(self, v: $t) -> Result<S::Ok, S::Error> {
            self.inner.$name(v)
        })*
    };
}

macro_rules! as_text {
    ($($name:ident($t:ty)),* $(,)?) => {
        $(fn $name(self, v: $t) -> Result<S::Ok, S::Error> {
            self.inner.serialize_str(&v.to_string())
        })*
    };
}

impl<'t, S: Serializer> Serializer for Text64<'t, S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Text64<'t, S::SerializeSeq>;
    type SerializeTuple = Text64<'t, S::SerializeTuple>;
    type SerializeTupleStruct = Text64<'t, S::SerializeTupleStruct>;
    type SerializeTupleVariant = Text64<'t, S::SerializeTupleVariant>;
    type SerializeMap = Text64<'t, S::SerializeMap>;
    type SerializeStruct = Text64<'t, S::SerializeStruct>;
    type SerializeStructVariant = Text64<'t, S::SerializeStructVariant>;

    forward!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
        serialize_unit_struct(&'static str),
    );

    as_text!(
        serialize_i64(i64),
        serialize_u64(u64),
        serialize_i128(i128),
        serialize_u128(u128),
    );

    fn serialize_none(self) -> Result<S::Ok, S::Error> {
        self.inner.serialize_none()
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<S::Ok, S::Error> {
        self.inner.serialize_some(&Nested::new(value, self.trail))
    }

    fn serialize_unit(self) -> Result<S::Ok, S::Error> {
        self.inner.serialize_unit()
    }

    fn serialize_unit_variant(self, name: &'static str, index: u32, variant: &'static str) -> Result<S::Ok, S::Error> {
        self.inner.serialize_unit_variant(name, index, variant)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<S::Ok, S::Error> {
        self.inner
            .serialize_newtype_struct(name, &Nested::new(value, self.trail))
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        let trail = self.trail;
        trail.within(Step::Key(variant), || {
            self.inner
                .serialize_newtype_variant(name, index, variant, &Nested::new(value, trail))
        })
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        Ok(Text64::new(self.inner.serialize_seq(len)?, self.trail))
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
        Ok(Text64::new(self.inner.serialize_tuple(len)?, self.trail))
    }

    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> Result<Self::SerializeTupleStruct, S::Error> {
        Ok(Text64::new(self.inner.serialize_tuple_struct(name, len)?, self.trail))
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        let inner = self.inner.serialize_tuple_variant(name, index, variant, len)?;
        Ok(Text64::within_variant(inner, self.trail, variant))
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        Ok(Text64::new(self.inner.serialize_map(len)?, self.trail))
    }

    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Self::SerializeStruct, S::Error> {
        self.trail.record(name, None)?;
        Ok(Text64::new(self.inner.serialize_struct(name, len)?, self.trail))
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        self.trail.record(name, Some(variant))?;
        let inner = self.inner.serialize_struct_variant(name, index, variant, len)?;
        Ok(Text64::within_variant(inner, self.trail, variant))
    }

    fn is_human_readable(&self) -> bool {
        self.inner.is_human_readable()
    }
}

/// The element-wise `Serialize*` traits: each element wrapped, at its index, the rest
/// passed on.
macro_rules! forward_elements {
    ($($trait:ident :: $method:ident),* $(,)?) => {$(
        impl<S: $trait> $trait for Text64<'_, S> {
            type Ok = S::Ok;
            type Error = S::Error;

            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), S::Error> {
                self.element(|inner, trail| inner.$method(&Nested::new(value, trail)))
            }

            fn end(self) -> Result<S::Ok, S::Error> {
                self.inner.end()
            }
        }
    )*};
}

forward_elements!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field,
);

// A map's keys are its data and keep their text. The core writes no map in a parsed
// value but a flattened catalogue entry (`#[serde(flatten)]` of `CodeInfo`), whose keys
// are words without a `_`.
impl<S: SerializeMap> SerializeMap for Text64<'_, S> {
    type Ok = S::Ok;
    type Error = S::Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), S::Error> {
        self.inner.serialize_key(&Nested::new(key, self.trail))
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), S::Error> {
        let trail = self.trail;
        let inner = &mut self.inner;
        trail.within(Step::MapValue, || inner.serialize_value(&Nested::new(value, trail)))
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        self.inner.end()
    }
}

/// The field-wise `Serialize*` traits: each field under its JavaScript key
/// ([`crate::names`]) and wrapped, the rest passed on.
macro_rules! forward_fields {
    ($($trait:ident),* $(,)?) => {$(
        impl<S: $trait> $trait for Text64<'_, S> {
            type Ok = S::Ok;
            type Error = S::Error;

            fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), S::Error> {
                let key = js_key(key);
                self.field(key, |inner, trail| inner.serialize_field(key, &Nested::new(value, trail)))
            }

            fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
                self.inner.skip_field(js_key(key))
            }

            fn end(self) -> Result<S::Ok, S::Error> {
                self.inner.end()
            }
        }
    )*};
}

forward_fields!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests;
