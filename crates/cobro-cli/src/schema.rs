//! `cobro schema KIND`: the JSON Schema (draft 2020-12) of a request kind, as the core
//! generates it (spec 2.1-2.7; the copies in `schemas/` are the same text).

use std::io::Write;

use clap::Args;
use cobro::Kind;

use crate::{CliError, Verdict, kind_parser};

/// Options of `cobro schema`.
#[derive(Args, Debug)]
pub struct SchemaArgs {
    /// The request kind.
    #[arg(value_name = "KIND", value_parser = kind_parser())]
    pub kind: Kind,
}

/// Prints the schema of the kind.
pub fn run(args: &SchemaArgs) -> Result<Verdict, CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(cobro::schema::schema(args.kind).as_bytes())?;
    Ok(Verdict::Ok)
}
