//! The checks of every number type of `cobro::document::numbers()`. The first byte
//! chooses the type (its value modulo their number); the rest is the number, as UTF-8
//! (invalid bytes replaced). Never panics; a valid number's compact form and display
//! form are valid too, with the same compact form.
#![no_main]

use cobro::document::{NumberType, find, numbers};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, number)) = data.split_first() else {
        return;
    };
    let types: Vec<&'static NumberType> = numbers().collect();
    let t = types[usize::from(selector) % types.len()];
    let number = String::from_utf8_lossy(number);
    let number: &str = &number;
    let found = find(t.country, t.name).expect("every listed type is found");
    assert_eq!((found.country, found.name), (t.country, t.name));
    let _ = (t.compact)(number);
    let formatted = (t.format)(number);
    if let Some(c) = t.check_character {
        let _ = (c.written_with)(number);
    }
    let verdict = (t.validate)(number);
    assert_eq!(t.is_valid(number), verdict.is_ok());
    if let Ok(valid) = verdict {
        for again in [valid.compact.as_str(), formatted.as_str()] {
            match (t.validate)(again) {
                Ok(v) => assert_eq!(
                    v.compact, valid.compact,
                    "{} {}: {number:?} via {again:?}",
                    t.country, t.name
                ),
                Err(e) => panic!(
                    "{} {}: {number:?} is valid but {again:?} is not: {e:?}",
                    t.country, t.name
                ),
            }
        }
    }
});
