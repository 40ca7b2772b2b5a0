//! Mexico: its document and account numbers.

use super::NumberType;

/// Mexico's number types.
pub static NUMBERS: &[NumberType] = &[];
