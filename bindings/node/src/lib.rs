//! `cobro-node`: the native addon of the `cobro` npm package.
//!
//! A thin binding in the manner of the Python one (STYLE.md 1): it converts JS values to
//! the core's types and back, and maps the core's errors in one place (`errors`). Every
//! rule, default and message lives in the core; this crate adds only what is Node's:
//! argument types, object bodies, and the error protocol that `errors.js` turns into
//! `Error` subclasses.

// Under `cargo test` napi-derive registers no exports, so nothing calls the helpers.
#![cfg_attr(test, allow(dead_code, unused_imports))]

mod args;
mod body;
mod command;
mod documents;
mod errors;
mod fast;
mod lifecycle;
mod mock;
mod names;
mod packed;
mod parse;
mod personal;
mod prepare;
mod receive;
mod retry;
mod schema;
mod signing;
mod text64;
mod trail;
mod utf16;
mod validate;
