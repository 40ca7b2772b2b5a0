//! Chile: its document and account numbers.

use super::NumberType;

/// Chile's number types.
pub static NUMBERS: &[NumberType] = &[];
