//! Dominican Republic: its document and account numbers.

use super::NumberType;

pub mod cedula;
pub mod rnc;

/// Dominican Republic's number types. Passports (PP) have no check digit and no module.
pub static NUMBERS: &[NumberType] = &[cedula::TYPE, rnc::TYPE];
