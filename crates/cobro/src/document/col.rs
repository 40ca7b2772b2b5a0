//! Colombia: its document and account numbers.

use super::NumberType;

/// Colombia's number types.
pub static NUMBERS: &[NumberType] = &[];
