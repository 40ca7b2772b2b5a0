//! The description of the shapes (`cobro::shape`) is what the core's types write: the
//! serde JSON of every parsed response and notification vector, and of every valid
//! number of the document vectors, read against the description of its root, key by
//! key and in order; and every field described is filled (not null, not empty) by
//! some vector, so that no field the bindings are generated with goes unchecked.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // tests fail loudly

mod common;

use std::borrow::Cow;
use std::collections::BTreeSet;

use cobro::json::Value as Json;
use cobro::parse::DocumentKind;
use cobro::shape::{self, Ty};

/// Reads values against the description, noting the fields it saw filled.
#[derive(Default)]
struct Reader {
    filled: BTreeSet<(&'static str, &'static str)>,
}

impl Reader {
    fn value(&mut self, v: &Json<'_>, ty: &Ty, at: &str) {
        match (ty, v) {
            (Ty::Optional(_), Json::Null) => {}
            (Ty::Optional(inner), v) => self.value(v, inner, at),
            (Ty::Str | Ty::Personal | Ty::Bytes, Json::String(_)) | (Ty::Bool, Json::Bool(_)) => {}
            (Ty::I64, Json::Number(n)) => assert!(n.parse::<i64>().is_ok(), "{at}: {n} is not an i64"),
            (Ty::U32, Json::Number(n)) => assert!(n.parse::<u32>().is_ok(), "{at}: {n} is not a u32"),
            (Ty::List(inner), Json::Array(items)) => {
                for (i, item) in items.iter().enumerate() {
                    self.value(item, inner, &format!("{at}[{i}]"));
                }
            }
            (Ty::Named(name), v) => self.named(v, name, at),
            (ty, v) => panic!("{at}: {v:?} is not a {ty:?}"),
        }
    }

    fn named(&mut self, v: &Json<'_>, name: &'static str, at: &str) {
        if let Some(e) = shape::enumeration(name) {
            let Json::String(text) = v else {
                panic!("{at}: {name} is text")
            };
            assert!(
                e.open || e.values.iter().any(|(value, _, _)| value == text),
                "{at}: {text} is not a value of {name}"
            );
            return;
        }
        let Json::Object(entries) = v else {
            panic!("{at}: {v:?} is not an object ({name})")
        };
        if let Some(u) = shape::union(name) {
            let Some((key, Json::String(tag))) = entries.first() else {
                panic!("{at}: {name} starts with its tag")
            };
            assert_eq!(key, u.tag, "{at}: the tag comes first");
            let variant = u
                .variants
                .iter()
                .find(|var| var.tag == tag.as_ref())
                .unwrap_or_else(|| panic!("{at}: {tag} is no variant of {name}"));
            self.record(&entries[1..], shape::record(variant.record).unwrap(), at);
            return;
        }
        self.record(entries, shape::record(name).unwrap(), at);
    }

    fn record(&mut self, entries: &[(Cow<'_, str>, Json<'_>)], record: &'static shape::Record, at: &str) {
        let fields = shape::all_fields(record);
        let keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_ref()).collect();
        let names: Vec<&str> = fields.iter().map(|f| f.name).collect();
        assert_eq!(keys, names, "{at}: the keys of {}", record.name);
        for (f, (_, v)) in fields.iter().zip(entries) {
            let ty = Ty::parse(f.ty).unwrap();
            let empty = matches!(v, Json::Null) || matches!(v, Json::Array(l) if l.is_empty());
            if !empty {
                self.filled.insert((record.name, f.name));
            }
            self.value(v, &ty, &format!("{at}.{}", f.name));
        }
    }
}

/// What `receive` answers for each receiver vector (`tests/vectors/receive`).
fn receipts() -> Vec<cobro::receive::Receipt> {
    use cobro::receive::{AllowList, NotificationKind, ReceiveOptions, receive};
    let text = std::fs::read_to_string(common::vectors_dir().join("receive").join("receive.json")).unwrap();
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for case in file["cases"].as_array().unwrap() {
        let key = case["key"].as_str().map(|k| cobro::Secret::new(k).unwrap());
        let allow = case["allow_list"]
            .as_array()
            .map(|l| AllowList::parse(l.iter().map(|e| e.as_str().unwrap())).unwrap());
        let options = ReceiveOptions {
            key: key.as_ref(),
            peer: case["peer"].as_str().map(|p| p.parse().unwrap()),
            allow_list: allow.as_ref(),
            stored_state: case["stored_state"].as_i64(),
            trust_unsigned: case["trust_unsigned"].as_bool().unwrap_or(false),
            merchant_id: None,
            locale: cobro::Locale::En,
        };
        let kind = NotificationKind::from_name(case["kind"].as_str().unwrap()).unwrap();
        out.push(receive(kind, case["body_text"].as_str().unwrap().as_bytes(), &options));
    }
    out
}

/// What `retry_advice` advises for each retry vector (`tests/vectors/retry`).
fn advice() -> Vec<cobro::retry::RetryAdvice> {
    use cobro::retry::{Outcome, TransportFailure, retry_advice};
    let text = std::fs::read_to_string(common::vectors_dir().join("retry").join("retry.json")).unwrap();
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut out = Vec::new();
    for case in file["cases"].as_array().unwrap() {
        let kind = cobro::Kind::from_name(case["kind"].as_str().unwrap()).unwrap();
        let outcome = match case["failure"].as_str() {
            Some(f) => Outcome::Failed(TransportFailure::from_name(f).unwrap()),
            None => Outcome::Answered {
                http_status: u16::try_from(case["http_status"].as_u64().unwrap()).unwrap(),
                body: case["body_text"].as_str().unwrap().as_bytes(),
            },
        };
        let attempt = u32::try_from(case["attempt"].as_u64().unwrap()).unwrap();
        out.push(retry_advice(kind, attempt, outcome));
    }
    out
}

/// `text` read by the core's own JSON reader, which keeps each object's keys in order
/// (under a limit past any vector's size).
fn read(text: &str) -> Json<'_> {
    cobro::json::parse(text.as_bytes(), cobro::Limits::for_body(Some(64 << 20))).unwrap()
}

#[test]
fn every_parsed_value_has_the_described_shape_and_every_field_is_filled() {
    let mut reader = Reader::default();
    let mut roots = BTreeSet::new();
    let vectors = common::parsed_vectors();
    for (at, kind, value) in &vectors {
        reader.named(&read(&serde_json::to_string(value).unwrap()), kind.shape(), at);
        roots.insert(kind.shape());
    }
    for valid in common::valid_documents() {
        reader.named(
            &read(&serde_json::to_string(&valid).unwrap()),
            "ValidDocument",
            "documents",
        );
    }
    for entry in cobro::document::types() {
        reader.named(
            &read(&serde_json::to_string(&entry).unwrap()),
            "DocumentType",
            "document types",
        );
    }
    for receipt in receipts() {
        reader.named(&read(&serde_json::to_string(&receipt).unwrap()), "Receipt", "receive");
    }
    for advice in advice() {
        reader.named(&read(&serde_json::to_string(&advice).unwrap()), "RetryAdvice", "retry");
    }
    let parsed = vectors.len();
    assert!(parsed > 100, "{parsed} parsed vectors");
    assert_eq!(roots.len(), DocumentKind::ALL.len());
    let unfilled: Vec<String> = shape::records()
        .flat_map(|r| shape::all_fields(r).into_iter().map(move |f| (r.name, f.name)))
        .filter(|field| !reader.filled.contains(field))
        .map(|(r, f)| format!("{r}.{f}"))
        .collect();
    assert!(unfilled.is_empty(), "fields no vector fills: {unfilled:?}");
}

/// Each closed enumeration of the core serializes, variant by variant, to a value its
/// description lists (the bindings' enums are generated from the description, and a
/// value they lack could not be read); the match below fails to compile when the core
/// gains a variant this test does not list.
macro_rules! every_variant {
    ($name:literal, $enum:ident, [$($variant:ident),* $(,)?]) => {{
        fn exhaustive(v: $enum) {
            match v {
                $($enum::$variant)|* => {}
            }
        }
        let described = shape::enumeration($name).unwrap();
        let mut values = Vec::new();
        for v in [$($enum::$variant),*] {
            exhaustive(v);
            let text = serde_json::to_value(v).unwrap();
            let text = text.as_str().unwrap().to_string();
            assert!(described.values.iter().any(|(d, _, _)| *d == text), "{}: {text} is not described", $name);
            values.push(text);
        }
        assert_eq!(values.len(), described.values.len(), "{}: every described value is the core's", $name);
    }};
}

#[test]
fn every_variant_of_a_closed_enumeration_is_described() {
    use cobro::catalog::Disposition;
    use cobro::document::DocumentWarning;
    use cobro::payin::voucher::VoucherFamily;
    use cobro::retry::{RetryAction, TransportFailure};
    use cobro::subscription::response::Operation;
    every_variant!(
        "Disposition",
        Disposition,
        [Success, MerchantFix, Retry, Pending, Declined]
    );
    every_variant!("SubscriptionOperation", Operation, [Create, Cancel]);
    every_variant!("RetryAction", RetryAction, [Retry, Fix, Stop, Reconcile]);
    every_variant!("TransportFailure", TransportFailure, [Timeout, Reset, Unreadable]);
    every_variant!("VoucherFamily", VoucherFamily, [BankTransfer, Cash, Wallet]);
    every_variant!(
        "DocumentWarning",
        DocumentWarning,
        [CheckDigit, UnknownInstitution, InconvenientWord]
    );
}
