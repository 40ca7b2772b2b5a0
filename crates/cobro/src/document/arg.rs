//! Argentina: its document and account numbers.

pub mod cbu;
pub mod cuit;
pub mod dni;

use super::NumberType;

/// Argentina's number types.
pub static NUMBERS: &[NumberType] = &[cuit::CUIT, cuit::CUIL, dni::TYPE, cbu::CBU, cbu::CVU];
