//! A serde serializer adapter that writes every 64-bit (and 128-bit) integer as its
//! decimal text and forwards everything else unchanged.
//!
//! Why: napi's serializer turns an `i64` into a JS number, which silently rounds any
//! value beyond 2^53 (`9007199254740993` becomes `9007199254740992`). The core reads
//! such integers exactly from the JSON text (ids, codes, display orders are `i64`), so
//! the binding hands them to JS as strings: exact, and kept by `JSON.stringify` (a
//! bigint is not). Integers the core holds in 32 bits or less (a date's year and time)
//! stay numbers: they always fit. The rule is by the core's type, never by the
//! value, so a field has one JS type.

use serde::ser::{
    Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
    SerializeTupleStruct, SerializeTupleVariant, Serializer,
};

/// Wraps a serializer (or one of its compound serializers): 64-bit integers become text.
pub struct Text64<S>(pub S);

/// A value serialized through [`Text64`], so nested values get the same treatment; what
/// `Env::to_js_value` is given.
pub struct Nested<'a, T: ?Sized>(pub &'a T);

impl<T: ?Sized + Serialize> Serialize for Nested<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(Text64(serializer))
    }
}

macro_rules! forward {
    ($($name:ident($t:ty)),* $(,)?) => {
        $(fn $name(self, v: $t) -> Result<S::Ok, S::Error> {
            self.0.$name(v)
        })*
    };
}

macro_rules! as_text {
    ($($name:ident($t:ty)),* $(,)?) => {
        $(fn $name(self, v: $t) -> Result<S::Ok, S::Error> {
            self.0.serialize_str(&v.to_string())
        })*
    };
}

impl<S: Serializer> Serializer for Text64<S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Text64<S::SerializeSeq>;
    type SerializeTuple = Text64<S::SerializeTuple>;
    type SerializeTupleStruct = Text64<S::SerializeTupleStruct>;
    type SerializeTupleVariant = Text64<S::SerializeTupleVariant>;
    type SerializeMap = Text64<S::SerializeMap>;
    type SerializeStruct = Text64<S::SerializeStruct>;
    type SerializeStructVariant = Text64<S::SerializeStructVariant>;

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
        self.0.serialize_none()
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<S::Ok, S::Error> {
        self.0.serialize_some(&Nested(value))
    }

    fn serialize_unit(self) -> Result<S::Ok, S::Error> {
        self.0.serialize_unit()
    }

    fn serialize_unit_variant(self, name: &'static str, index: u32, variant: &'static str) -> Result<S::Ok, S::Error> {
        self.0.serialize_unit_variant(name, index, variant)
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<S::Ok, S::Error> {
        self.0.serialize_newtype_struct(name, &Nested(value))
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<S::Ok, S::Error> {
        self.0.serialize_newtype_variant(name, index, variant, &Nested(value))
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        self.0.serialize_seq(len).map(Text64)
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple, S::Error> {
        self.0.serialize_tuple(len).map(Text64)
    }

    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> Result<Self::SerializeTupleStruct, S::Error> {
        self.0.serialize_tuple_struct(name, len).map(Text64)
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        self.0.serialize_tuple_variant(name, index, variant, len).map(Text64)
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        self.0.serialize_map(len).map(Text64)
    }

    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Self::SerializeStruct, S::Error> {
        self.0.serialize_struct(name, len).map(Text64)
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        self.0.serialize_struct_variant(name, index, variant, len).map(Text64)
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// The element-wise `Serialize*` traits: each element wrapped, the rest passed on.
macro_rules! forward_elements {
    ($($trait:ident :: $method:ident),* $(,)?) => {$(
        impl<S: $trait> $trait for Text64<S> {
            type Ok = S::Ok;
            type Error = S::Error;

            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), S::Error> {
                self.0.$method(&Nested(value))
            }

            fn end(self) -> Result<S::Ok, S::Error> {
                self.0.end()
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

impl<S: SerializeMap> SerializeMap for Text64<S> {
    type Ok = S::Ok;
    type Error = S::Error;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), S::Error> {
        self.0.serialize_key(&Nested(key))
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), S::Error> {
        self.0.serialize_value(&Nested(value))
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        self.0.end()
    }
}

impl<S: SerializeStruct> SerializeStruct for Text64<S> {
    type Ok = S::Ok;
    type Error = S::Error;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), S::Error> {
        self.0.serialize_field(key, &Nested(value))
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        self.0.skip_field(key)
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        self.0.end()
    }
}

impl<S: SerializeStructVariant> SerializeStructVariant for Text64<S> {
    type Ok = S::Ok;
    type Error = S::Error;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), S::Error> {
        self.0.serialize_field(key, &Nested(value))
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        self.0.skip_field(key)
    }

    fn end(self) -> Result<S::Ok, S::Error> {
        self.0.end()
    }
}

#[cfg(test)]
mod tests {
    use super::Text64;
    use serde::Serialize;

    #[derive(Serialize)]
    #[serde(tag = "kind")]
    enum Tagged {
        A {
            id: i64,
            small: u16,
            list: Vec<Option<u64>>,
        },
    }

    #[test]
    fn wide_integers_become_text_and_the_rest_is_unchanged() {
        let value = Tagged::A {
            id: 9_007_199_254_740_993,
            small: 2030,
            list: vec![Some(u64::MAX), None],
        };
        let out = value.serialize(Text64(serde_json::value::Serializer)).unwrap();
        assert_eq!(
            out,
            serde_json::json!({"kind": "A", "id": "9007199254740993", "small": 2030,
                               "list": ["18446744073709551615", null]})
        );
    }
}
