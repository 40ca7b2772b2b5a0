//! Dominican Republic: its document and account numbers.

use super::NumberType;

/// Dominican Republic's number types.
pub static NUMBERS: &[NumberType] = &[];
