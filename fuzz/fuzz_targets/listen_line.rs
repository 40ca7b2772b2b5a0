//! What `cobro listen` prints of a notification, whatever bytes its body holds
//! (`cobro_mock::receiver::printed_lines`: the body received twice, with the examples'
//! pay-in key and without): each line holds no control character (a raw line break
//! among them), no format character (Unicode Cf, the bidirectional marks, embeddings,
//! overrides and isolates among them) and no line or paragraph separator. Never panics.
#![no_main]

use cobro_fuzz::payin_key;
use cobro_mock::receiver::printed_lines;
use libfuzzer_sys::fuzz_target;
use unicode_general_category::{GeneralCategory, get_general_category};

/// The bidirectional controls, named here as well as by their category.
const BIDI: [char; 12] = [
    '\u{61c}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}',
    '\u{2067}', '\u{2068}', '\u{2069}',
];

fn hidden(c: char) -> bool {
    c.is_control()
        || BIDI.contains(&c)
        || matches!(
            get_general_category(c),
            GeneralCategory::Control
                | GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        )
}

fuzz_target!(|data: &[u8]| {
    for key in [None, Some(payin_key())] {
        let lines = printed_lines(data, key);
        assert_eq!(lines.len(), 2, "one line per delivery: {lines:?}");
        for line in &lines {
            assert!(line.starts_with('#'), "{line:?}");
            if let Some(c) = line.chars().find(|&c| hidden(c)) {
                panic!("U+{:04X} printed in {line:?}", u32::from(c));
            }
        }
    }
});
