//! `cobro codes`: the catalogue of codes (DESIGN.md section 3), as the core exports it.

use std::io::Write;

use clap::Args;
use cobro::Code;

use crate::outcome::{CliError, Verdict};

/// Options of `cobro codes`.
#[derive(Args, Debug)]
pub struct CodesArgs {
    /// Print the catalogue as JSON (every code with its severity, classes, meaning,
    /// params and message templates), as every binding's `codes()` lists it.
    #[arg(long)]
    pub json: bool,
}

/// Prints each code with where it is raised and what it means, or the JSON catalogue.
pub fn run(args: &CodesArgs) -> Result<Verdict, CliError> {
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", cobro::catalogue_json())?;
        return Ok(Verdict::Ok);
    }
    let width = Code::ALL.iter().map(|c| c.as_str().len()).max().unwrap_or(0);
    for &code in Code::ALL {
        let classes: Vec<&str> = code.classes().iter().map(|c| c.as_str()).collect();
        let kind = match code.severity() {
            Some(severity) => format!("{} ({})", severity.as_str(), classes.join(", ")),
            None => classes.join(", "),
        };
        writeln!(
            out,
            "{:width$}  {kind}\n{:width$}  {}",
            code.as_str(),
            "",
            code.meaning()
        )?;
    }
    Ok(Verdict::Ok)
}
