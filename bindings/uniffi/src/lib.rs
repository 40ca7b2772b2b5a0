//! `cobro-uniffi`: the Kotlin and Swift binding of cobro, through uniffi's
//! proc-macros.
//!
//! A thin binding (STYLE.md 1): the records and enums Kotlin and Swift see for the
//! parsed answers, notifications, catalogue entries and document results are generated
//! from the core's description of the shapes (`shapes.rs`, by `scripts/generate`) and
//! filled from the core's values in one place (`convert`); each other module exports
//! the functions of one area; `errors` is the one place where the core's errors become
//! `CobroException` (Kotlin) / `CobroError` (Swift). Every rule, default and message
//! lives in the core.
//!
//! What is left out on purpose: signing, verification and the `prepare_*` builders. They
//! need the merchant's key or secret, and a key shipped inside a mobile app is a key
//! every user of the app holds (see the binding's README).

// `CobroException.Validation` carries the whole report, which makes `Result<_, CobroError>`
// large. A value lives only until uniffi serializes it across the FFI, and uniffi has no
// `Box` in its type system to shrink it with.
#![allow(clippy::result_large_err)]

// uniffi's scaffolding is `unsafe` FFI code that allows itself locally, which the
// workspace's `forbid(unsafe_code)` refuses: this crate denies unsafe code instead (the
// crate's Cargo.toml), and writes none itself.

uniffi::setup_scaffolding!();

pub mod catalog;
mod convert;
pub mod documents;
pub mod errors;
pub mod lifecycle;
pub mod payin;
pub mod payin_notification;
pub mod payin_status;
pub mod personal;
pub mod records;
pub mod schema;
// Generated. A field whose name says what it holds has no text in the description; a
// union's value lives only until uniffi serializes it across the FFI, which has no `Box`
// to shrink a large variant with.
#[allow(missing_docs, clippy::large_enum_variant)]
pub mod shapes;
pub mod subscription;
pub mod validate;
pub mod virtual_account;

pub use errors::CobroError;
pub use personal::Personal;
