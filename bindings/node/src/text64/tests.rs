use super::{Nested, Step, Text64, Trail};
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
    let trail = Trail::default();
    let out = value
        .serialize(Text64::new(serde_json::value::Serializer, &trail))
        .unwrap();
    assert_eq!(
        out,
        serde_json::json!({"kind": "A", "id": "9007199254740993", "small": 2030,
                           "list": ["18446744073709551615", null]})
    );
    assert!(trail.into_found().is_empty());
}

// Named as core records, so the core's list applies to them.
#[derive(Serialize)]
struct Depositor {
    full_name: String,
}

#[derive(Serialize)]
struct DepositDetails {
    depositor: Option<Depositor>,
    many: Vec<Depositor>,
    wrapped: Wrapped,
}

#[derive(Serialize)]
enum Wrapped {
    One(Depositor),
    Fields { inner: Depositor },
}

#[derive(Serialize)]
struct Outer {
    details: DepositDetails,
    other: Wrapped,
}

#[test]
fn the_trail_finds_each_record_with_personal_fields() {
    let d = || Depositor {
        full_name: "Ana".into(),
    };
    let value = Outer {
        details: DepositDetails {
            depositor: Some(d()),
            many: vec![d(), d()],
            wrapped: Wrapped::One(d()),
        },
        other: Wrapped::Fields { inner: d() },
    };
    let trail = Trail::default();
    let json = serde_json::to_value(Nested::new(&value, &trail)).unwrap();
    let found = trail.into_found();
    let fields = cobro::personal::fields_of("Depositor");
    let mut paths = Vec::new();
    for (path, f) in &found {
        assert_eq!(*f, fields);
        // Each path leads to an object holding the record's fields.
        let mut at = &json;
        for step in path {
            at = match step {
                Step::Key(k) => &at[*k],
                Step::Index(i) => &at[*i as usize],
                Step::MapValue => unreachable!(),
            };
        }
        // Under its JavaScript key (crate::names), as the marks name it.
        assert_eq!(at["fullName"], "Ana", "{path:?}");
        assert!(at.get("full_name").is_none(), "{path:?}");
        paths.push(path.clone());
    }
    use Step::{Index, Key};
    assert_eq!(
        paths,
        [
            vec![Key("details"), Key("depositor")],
            vec![Key("details"), Key("many"), Index(0)],
            vec![Key("details"), Key("many"), Index(1)],
            vec![Key("details"), Key("wrapped"), Key("One")],
            vec![Key("other"), Key("Fields"), Key("inner")],
        ]
    );
}

#[test]
fn a_record_with_personal_fields_under_a_map_is_an_error() {
    let value = std::collections::BTreeMap::from([(
        "k",
        Depositor {
            full_name: "Ana".into(),
        },
    )]);
    let trail = Trail::default();
    assert!(serde_json::to_value(Nested::new(&value, &trail)).is_err());
}
