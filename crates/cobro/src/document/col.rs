//! Colombia: its document and account numbers.

use super::NumberType;

pub mod cc;
pub mod nit;

/// Colombia's number types.
pub static NUMBERS: &[NumberType] = &[nit::TYPE, cc::TYPE];
