//! Peru: its document and account numbers.

use super::NumberType;

pub mod cci;
pub mod ce;
pub mod dni;
pub mod ruc;

/// Peru's number types.
pub static NUMBERS: &[NumberType] = &[dni::TYPE, ruc::TYPE, ce::TYPE, cci::TYPE];
