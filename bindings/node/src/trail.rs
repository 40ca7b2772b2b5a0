//! Where the serializer adapter ([`crate::text64`]) is in a value, and the records with
//! personal fields it met there (`cobro::personal::fields_of` their Rust names), for
//! [`crate::personal`] to mark once napi has built the JS value.

use std::cell::RefCell;

/// One step from a JS value to a value inside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// An object's property.
    Key(&'static str),
    /// An array's element.
    Index(u32),
    /// A map's value: its key is not known as text here.
    MapValue,
}

/// Where the adapter is in the value, and the records with personal fields it met.
#[derive(Debug, Default)]
pub struct Trail {
    at: RefCell<Vec<Step>>,
    found: RefCell<Vec<(Vec<Step>, &'static [&'static str])>>,
}

impl Trail {
    /// The records with personal fields met: the path to each, and its fields.
    pub fn into_found(self) -> Vec<(Vec<Step>, &'static [&'static str])> {
        self.found.into_inner()
    }

    /// Runs `f` one `step` further in.
    pub(crate) fn within<R>(&self, step: Step, f: impl FnOnce() -> R) -> R {
        self.at.borrow_mut().push(step);
        let out = f();
        self.at.borrow_mut().pop();
        out
    }

    /// Notes a struct (or struct variant's fields, one `variant` further in) named
    /// `name`. A record with personal fields under a map could not be found again: an
    /// error, never an unmarked record (no core type has one there).
    pub(crate) fn record<E: serde::ser::Error>(
        &self,
        name: &'static str,
        variant: Option<&'static str>,
    ) -> Result<(), E> {
        let fields = cobro::personal::fields_of(name);
        if fields.is_empty() {
            return Ok(());
        }
        let mut path = self.at.borrow().clone();
        if path.contains(&Step::MapValue) {
            return Err(E::custom(format!("{name}: a record with personal fields inside a map")));
        }
        path.extend(variant.map(Step::Key));
        self.found.borrow_mut().push((path, fields));
        Ok(())
    }
}
