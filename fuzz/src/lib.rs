//! What the fuzz targets share: how the first byte of an input chooses among the
//! variants of an entry point, the fixed credentials, and the JSON check of outputs.
//! `seeds.py` writes seed inputs in these same layouts.

use cobro::Secret;

/// The first byte of an input, read as independent choices (each target says which
/// bits mean what), so a mutation of that byte moves to a neighbouring variant.
#[derive(Debug, Clone, Copy)]
pub struct Selector(pub u8);

impl Selector {
    /// Whether bit `n` is set.
    pub fn bit(self, n: u32) -> bool {
        self.0 >> n & 1 == 1
    }

    /// One of `count` choices, from the bits at `shift` and above.
    pub fn pick(self, shift: u32, count: usize) -> usize {
        usize::from(self.0 >> shift) % count
    }
}

/// The pay-in key of the examples, so their payinVerification matches.
pub const PAYIN_KEY: &str = "fake-payin-key-for-examples";

/// The pay-in key as a secret.
pub fn payin_key() -> Secret {
    Secret::new(PAYIN_KEY).expect("a usable key")
}

/// Splits off the first line (without its `\n`): the layout of inputs that carry a
/// short argument before a body.
pub fn first_line(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[]),
    }
}

/// An output cobro writes as JSON must be JSON (a `&str`, so skipping the UTF-8 check
/// of `IgnoredAny` loses nothing).
pub fn assert_json(text: &str) {
    if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        panic!("cobro wrote text that is not JSON ({e}): {text:?}");
    }
}
