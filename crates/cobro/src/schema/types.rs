//! The request types of [`crate::shape`] (`RequestType`), read from the JSON Schemas of
//! this module: each object with its keys, which are required and the type of each,
//! so the types the bindings get and the schemas say the same thing by construction.
//!
//! The types describe the form to send without a warning (DESIGN.md 9 row 28): where a
//! schema accepts a whole number besides text only with WARN_NUMBER_FOR_STRING, the
//! type is text. Conditions (`if`/`then`, `allOf`) add no keys and are not read: a key
//! required only with some value of another key stays optional.

use super::node::{Defs, Node, Obj};
use super::{Kind, document, openapi, patterns};
use crate::amount::{AMOUNT_FIELDS, MAX_INTEGER_DIGITS};
use crate::payin::fields::{FIELDS, filled_by_prepare};
use crate::shape::{self, RequestBody, RequestField, RequestTy, RequestType};
use crate::subscription::AMOUNT_INTEGER_DIGITS;

/// What marks the key of a list's entries (`metadata[]`), as a report's paths write them.
const ENTRY: &str = "[]";

/// What marks a whole number accepted with a warning in a free-text field.
const NUMBER_FOR_STRING: &str = "WARN_NUMBER_FOR_STRING";

/// Every request type the shapes describe (`cobro::shape::RequestType`): the six of
/// [`shape::REQUEST_NAMES`], then the objects and aliases they name, each once, in the
/// order first named. They live here, beside the schemas they are read from, so the
/// description of the shapes does not depend on the schemas.
pub fn requests() -> Vec<RequestType> {
    let mut out = Reader::default();
    for (kind, name) in [
        (Kind::VirtualAccount, shape::VIRTUAL_ACCOUNT),
        (Kind::Subscription, shape::SUBSCRIPTION),
        (Kind::SubscriptionCancel, shape::SUBSCRIPTION_CANCEL),
    ] {
        let doc = document(kind);
        let Node::Map(root) = &doc else { continue };
        let defs = defs_of(root);
        out.object(name, &top_doc(kind), root, &defs);
    }
    let Node::Map(root) = document(Kind::Payin) else {
        return out.types;
    };
    let defs = defs_of(&root);
    if let Some(Node::Map(payin)) = defs.get("Payin") {
        out.object(shape::PAYIN, &top_doc(Kind::Payin), payin, &defs);
    }
    out.unsigned_payin();
    let mut status_defs = Defs::openapi();
    openapi::status_request(&mut status_defs);
    let status_defs = status_defs.into_obj();
    if let Some(Node::Map(status)) = status_defs.get("PayinStatusRequest") {
        out.object(
            shape::PAYIN_STATUS,
            "DESIGN.md 9 row 36, an extension beyond the spec: the body of the pay-in status query (`prepare_payin_status` writes it): an operation number, a date range, or both.",
            status,
            &status_defs,
        );
    }
    // The six public forms first, then what they name, each in the order first named.
    let (mut first, rest): (Vec<RequestType>, Vec<RequestType>) = out
        .types
        .into_iter()
        .partition(|t| shape::REQUEST_NAMES.contains(&t.name.as_str()));
    first.sort_by_key(|t| shape::REQUEST_NAMES.iter().position(|n| *n == t.name));
    first.extend(rest);
    first
}

/// The request type named `name`.
pub fn request_type(name: &str) -> Option<RequestType> {
    requests().into_iter().find(|t| t.name == name)
}

/// The documentation of the typed body of `kind`.
fn top_doc(kind: Kind) -> String {
    let what = match kind {
        Kind::VirtualAccount => "Spec 2.1: the body of a virtual-account creation request",
        Kind::Subscription => "Spec 2.3: the body of a subscription creation request",
        Kind::SubscriptionCancel => "Spec 2.3: the body of a subscription cancellation request",
        Kind::Payin => {
            "Spec 2.4: the pay-in object, complete and signed (it may also be sent wrapped as `{\"data\": {...}}`)"
        }
    };
    format!("{what}, as `validate(\"{}\", ...)` takes it.", kind.as_str())
}

/// The `$defs` of a schema document.
fn defs_of(root: &Obj) -> Obj {
    match root.get("$defs") {
        Some(Node::Map(defs)) => defs.clone(),
        _ => Obj::new(),
    }
}

/// The types read so far.
#[derive(Default)]
struct Reader {
    types: Vec<RequestType>,
}

impl Reader {
    /// Adds the object type `name` read from `schema`, unless a type of that name is
    /// known already (a definition two requests share).
    fn object(&mut self, name: &str, doc: &str, schema: &Obj, defs: &Obj) {
        if self.types.iter().any(|t| t.name == name) {
            return;
        }
        // Reserve the name first: a definition may name its own parent's.
        let at = self.types.len();
        self.types.push(RequestType {
            name: name.to_string(),
            doc: doc.to_string(),
            body: RequestBody::Object(Vec::new()),
        });
        let required: Vec<&str> = match schema.get("required") {
            Some(Node::List(keys)) => keys
                .iter()
                .filter_map(|k| match k {
                    Node::Text(t) => Some(t.as_str()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let mut fields = Vec::new();
        if let Some(Node::Map(properties)) = schema.get("properties") {
            for (key, value) in properties.members() {
                let Node::Map(value) = value else { continue };
                fields.push(RequestField {
                    key: key.to_string(),
                    ty: self.ty(value, defs, name, key),
                    required: required.contains(&key),
                });
            }
        }
        if let Some(t) = self.types.get_mut(at) {
            t.body = RequestBody::Object(fields);
        }
    }

    /// Adds the alias `name` of `ty`, unless known.
    fn alias(&mut self, name: &str, doc: String, ty: RequestTy) {
        if !self.types.iter().any(|t| t.name == name) {
            self.types.push(RequestType {
                name: name.to_string(),
                doc,
                body: RequestBody::Alias(ty),
            });
        }
    }

    /// The type of the value `schema` describes, under `key` of the type `parent`.
    fn ty(&mut self, schema: &Obj, defs: &Obj, parent: &str, key: &str) -> RequestTy {
        if let Some(Node::Text(reference)) = schema.get("$ref") {
            let name = reference.rsplit('/').next().unwrap_or_default().to_string();
            if let Some(Node::Map(def)) = defs.get(&name) {
                let doc = match key.strip_suffix(ENTRY) {
                    Some(list) => format!("An entry of the `{list}` list in `{parent}`."),
                    None => format!("The `{key}` object in `{parent}`."),
                };
                if def.get("properties").is_some() {
                    self.object(&name, &doc, def, defs);
                } else {
                    let ty = self.ty(def, defs, parent, key);
                    let doc = match &ty {
                        RequestTy::Literal(_) => format!("The values of `{key}` in `{parent}`."),
                        _ => doc,
                    };
                    self.alias(&name, doc, ty);
                }
            }
            return RequestTy::Named(name);
        }
        if let Some(Node::Text(value)) = schema.get("const") {
            return RequestTy::Literal(vec![value.clone()]);
        }
        if let Some(Node::List(values)) = schema.get("enum") {
            return RequestTy::Literal(
                values
                    .iter()
                    .filter_map(|v| match v {
                        Node::Text(t) => Some(t.clone()),
                        _ => None,
                    })
                    .collect(),
            );
        }
        if let Some(Node::List(members)) = schema.get("anyOf") {
            let warned = unexpressed(schema).any(|t| t.starts_with(NUMBER_FOR_STRING));
            let tys = members
                .iter()
                .filter_map(|m| match m {
                    Node::Map(m) => Some(m),
                    _ => None,
                })
                .filter(|m| !(warned && m.get("type") == Some(&Node::from("integer"))))
                .map(|m| self.ty(m, defs, parent, key))
                .collect();
            return union(tys);
        }
        match schema.get("type") {
            Some(Node::Text(t)) => self.typed(t, schema, defs, parent, key),
            Some(Node::List(ts)) => {
                let tys = ts
                    .iter()
                    .filter_map(|t| match t {
                        Node::Text(t) => Some(self.typed(t, schema, defs, parent, key)),
                        _ => None,
                    })
                    .collect();
                union(tys)
            }
            _ => RequestTy::Text,
        }
    }

    /// The type of JSON type `t` in `schema`.
    fn typed(&mut self, t: &str, schema: &Obj, defs: &Obj, parent: &str, key: &str) -> RequestTy {
        match t {
            "string" => match schema.get("pattern") {
                Some(Node::Text(p)) if is_amount_text(p) => RequestTy::AmountText,
                _ => RequestTy::Text,
            },
            "integer" => RequestTy::Integer,
            "number" => RequestTy::Amount,
            "null" => RequestTy::Nullable(Box::new(RequestTy::Union(Vec::new()))),
            "array" => match schema.get("items") {
                Some(Node::Map(items)) => {
                    RequestTy::List(Box::new(self.ty(items, defs, parent, &format!("{key}{ENTRY}"))))
                }
                _ => RequestTy::List(Box::new(RequestTy::Text)),
            },
            _ => {
                let name = format!(
                    "{}{}",
                    parent.trim_end_matches("Request"),
                    capitalized(key.trim_end_matches(ENTRY))
                );
                if schema.get("properties").is_some() {
                    self.object(&name, &format!("The `{key}` object in `{parent}`."), schema, defs);
                } else {
                    let value = match schema.get("additionalProperties") {
                        Some(Node::Map(v)) => self.ty(v, defs, parent, key),
                        _ => RequestTy::Text,
                    };
                    self.alias(
                        &name,
                        format!("The `{key}` object in `{parent}`: keys and their values."),
                        RequestTy::Map(Box::new(value)),
                    );
                }
                RequestTy::Named(name)
            }
        }
    }

    /// The unsigned pay-in body `prepare_payin` takes: the pay-in object with the keys
    /// prepare fills not required (DESIGN.md section 5).
    fn unsigned_payin(&mut self) {
        let Some(RequestBody::Object(fields)) = self
            .types
            .iter()
            .find(|t| t.name == shape::PAYIN)
            .map(|t| t.body.clone())
        else {
            return;
        };
        let fields = fields
            .into_iter()
            .map(|mut f| {
                let slot = FIELDS.iter().position(|s| s.name == f.key);
                if slot.is_some_and(filled_by_prepare) {
                    f.required = false;
                }
                // Prepare writes every amount field as payinAmount, in its canonical
                // text, from a number or a text alike.
                if AMOUNT_FIELDS.contains(&f.key.as_str()) {
                    f.ty = RequestTy::AmountText;
                }
                f
            })
            .collect();
        self.types.push(RequestType {
            name: shape::UNSIGNED_PAYIN.to_string(),
            doc: "DESIGN.md section 5: the pay-in object as `prepare_payin` takes it: payinVerification, typePost, payinDateTime and the fields whose blank form is `\"\"` may be left out (prepare writes them), and every amount takes a number or its text (prepare writes the canonical text).".to_string(),
            body: RequestBody::Object(fields),
        });
    }
}

/// The texts of `schema`'s `x-cobro-unexpressed`.
fn unexpressed(schema: &Obj) -> impl Iterator<Item = &str> {
    let list: &[Node] = match schema.get("x-cobro-unexpressed") {
        Some(Node::List(items)) => items,
        _ => &[],
    };
    list.iter().filter_map(|n| match n {
        Node::Text(t) => Some(t.as_str()),
        _ => None,
    })
}

/// Whether `pattern` is an amount's text (`patterns::amount_text`).
fn is_amount_text(pattern: &str) -> bool {
    [MAX_INTEGER_DIGITS, AMOUNT_INTEGER_DIGITS]
        .into_iter()
        .any(|n| patterns::amount_text(n) == pattern)
}

/// `key` with its first letter upper case.
fn capitalized(key: &str) -> String {
    let mut chars = key.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// One type of several: nested unions flattened, repeats dropped, an amount as number
/// and as text one amount, null made [`RequestTy::Nullable`].
fn union(tys: Vec<RequestTy>) -> RequestTy {
    let mut nullable = false;
    let mut out: Vec<RequestTy> = Vec::new();
    let push = |t: RequestTy, out: &mut Vec<RequestTy>| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    for t in tys {
        match t {
            RequestTy::Nullable(inner) => {
                nullable = true;
                match *inner {
                    RequestTy::Union(inner) => inner.into_iter().for_each(|t| push(t, &mut out)),
                    other => push(other, &mut out),
                }
            }
            RequestTy::Union(inner) => inner.into_iter().for_each(|t| push(t, &mut out)),
            other => push(other, &mut out),
        }
    }
    if out.contains(&RequestTy::AmountText) {
        out.retain(|t| !matches!(t, RequestTy::Amount | RequestTy::Text));
    }
    let one = if out.len() == 1 {
        out.pop().unwrap_or(RequestTy::Text)
    } else {
        RequestTy::Union(out)
    };
    if nullable {
        RequestTy::Nullable(Box::new(one))
    } else {
        one
    }
}

#[cfg(test)]
#[path = "types_tests.rs"]
mod tests;
