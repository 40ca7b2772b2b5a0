use super::*;

#[test]
fn index_is_the_position_in_the_catalogue() {
    for (at, &code) in Code::ALL.iter().enumerate() {
        assert_eq!(code.index(), at);
    }
}

#[test]
fn names_round_trip_and_are_upper_snake_case() {
    for &code in Code::ALL {
        let name = code.as_str();
        assert_eq!(Code::from_name(name), Some(code));
        assert!(name.starts_with("ERR_") || name.starts_with("WARN_"), "{name}");
        assert!(
            name.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        );
    }
    assert_eq!(Code::from_name("nope"), None);
}

#[test]
fn every_locale_names_the_same_params_and_means_something() {
    for &code in Code::ALL {
        let en = code.params();
        for locale in Locale::ALL {
            let mut names = Vec::new();
            let mut rest = code.template(locale);
            while let Some((_, after)) = rest.split_once('{') {
                let (name, tail) = after.split_once('}').unwrap_or((after, ""));
                if name != "path" && !names.contains(&name) {
                    names.push(name);
                }
                rest = tail;
            }
            let (mut a, mut b) = (en.clone(), names);
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{code} in {locale:?}");
        }
        assert!(code.meaning().len() > 10, "{code}");
        assert!(!code.classes().is_empty());
    }
    assert!(
        Code::ALL
            .iter()
            .all(|c| c.is_warning() == (c.severity() == Some(Severity::Warning)))
    );
}

#[test]
fn the_catalogue_is_json_with_every_code() {
    let text = catalogue_json();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let codes = value["codes"].as_array().unwrap();
    assert_eq!(codes.len(), Code::ALL.len());
    assert_eq!(codes[0]["code"], "ERR_MALFORMED_JSON");
    assert_eq!(codes[0]["classes"], serde_json::json!(["report", "ParseError"]));
    assert_eq!(codes[0]["params"], serde_json::json!(["expected", "offset"]));
    let internal = codes.iter().find(|c| c["code"] == "ERR_INTERNAL").unwrap();
    assert_eq!(internal["severity"], serde_json::Value::Null);
    assert_eq!(value["optional_params"][0]["name"], "found");
}
