//! Chile: its document and account numbers.

use super::NumberType;

pub mod rut;

/// Chile's number types.
pub static NUMBERS: &[NumberType] = &[rut::RUN, rut::RUT];
