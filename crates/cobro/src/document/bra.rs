//! Brazil: its document and account numbers.

use super::NumberType;

/// Brazil's number types.
pub static NUMBERS: &[NumberType] = &[];
