//! Peru: its document and account numbers.

use super::NumberType;

/// Peru's number types.
pub static NUMBERS: &[NumberType] = &[];
