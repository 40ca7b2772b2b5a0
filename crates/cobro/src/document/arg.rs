//! Argentina: its document and account numbers.

use super::NumberType;

/// Argentina's number types.
pub static NUMBERS: &[NumberType] = &[];
