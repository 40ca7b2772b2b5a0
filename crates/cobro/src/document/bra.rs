//! Brazil: its document numbers.

pub mod cnpj;
pub mod cpf;

use super::NumberType;

/// Brazil's number types.
pub static NUMBERS: &[NumberType] = &[cpf::TYPE, cnpj::TYPE];
