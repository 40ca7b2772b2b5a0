//! `cobro schema KIND`: the JSON Schema (draft 2020-12) of a request kind, and `cobro
//! schema openapi`: the OpenAPI 3.1 document of the three APIs, as the core generates
//! them (spec 2.1-2.8, 4-7; the copies in `schemas/` are the same text).

use std::io::Write;

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use cobro::Kind;

use crate::outcome::{CliError, Verdict};

/// The name of the OpenAPI document among the schemas.
const OPENAPI: &str = "openapi";

/// What `cobro schema` prints.
#[derive(Debug, Clone, Copy)]
pub enum Document {
    /// The JSON Schema of a request kind.
    Request(Kind),
    /// The OpenAPI document.
    OpenApi,
}

/// Options of `cobro schema`.
#[derive(Args, Debug)]
pub struct SchemaArgs {
    /// A request kind, or `openapi` for the OpenAPI 3.1 document of the three APIs.
    #[arg(value_name = "KIND", value_parser = document_parser())]
    pub document: Document,
}

fn document_parser() -> impl TypedValueParser<Value = Document> {
    let names = Kind::ALL.map(Kind::as_str).into_iter().chain([OPENAPI]);
    PossibleValuesParser::new(names).try_map(|name| match Kind::from_name(&name) {
        Some(kind) => Ok(Document::Request(kind)),
        None if name == OPENAPI => Ok(Document::OpenApi),
        None => Err("unknown schema"),
    })
}

/// Prints the document.
pub fn run(args: &SchemaArgs) -> Result<Verdict, CliError> {
    let text = match args.document {
        Document::Request(kind) => cobro::schema::schema(kind),
        Document::OpenApi => cobro::schema::openapi(),
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(Verdict::Ok)
}
