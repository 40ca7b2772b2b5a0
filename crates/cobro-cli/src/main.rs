//! `cobro`: validate, sign and prepare requests of the payment-collection API from the
//! shell. A thin layer over the `cobro` library: reading files and credentials, printing,
//! and exit codes. Every rule lives in the library.
//!
//! Exit codes: 0 valid (or done), 1 invalid request, 2 usage error, unreadable input or
//! unusable credential. Errors go to stderr in one line that says what to do; no secret
//! is ever printed.

mod codes;
mod document;
mod input;
mod jsonl;
mod mock;
mod parse;
mod prepare;
mod render;
mod report_text;
mod schema;
mod sign;
mod validate;

use std::io::Write;
use std::process::ExitCode;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use cobro::{Kind, Locale};

/// Validate, sign and prepare requests of the payment-collection API.
#[derive(Parser)]
#[command(name = "cobro", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate a request body and report every problem at once.
    Validate(validate::ValidateArgs),
    /// Compute a signature or hash from its fields (keys come from the environment or a file).
    #[command(subcommand)]
    Sign(sign::SignCommand),
    /// Validate, complete and sign a request; print the method, path, headers and body to send.
    #[command(subcommand)]
    Prepare(prepare::PrepareCommand),
    /// Check a document or account number (length, format, check digits).
    Document(document::DocumentArgs),
    /// Read an answer or notification of the service into a typed value.
    Parse(parse::ParseArgs),
    /// Check the signature of a notification.
    #[command(subcommand)]
    Verify(parse::VerifyCommand),
    /// List every code cobro can report or raise, with its meaning and messages.
    Codes(codes::CodesArgs),
    /// Print the JSON Schema (draft 2020-12) of a request kind, or the OpenAPI 3.1 document
    /// of the three APIs (`openapi`), generated from cobro's rules.
    Schema(schema::SchemaArgs),
    /// Run a local stand-in for the provider: the four endpoints, state, notifications, faults.
    Mock(mock::MockArgs),
}

/// Options shared by every command that prints a report.
#[derive(Args, Debug, Clone, Copy)]
pub struct ReportArgs {
    /// Print the report as JSON instead of lines of text.
    #[arg(long)]
    pub json: bool,
    /// Turn warnings into errors.
    #[arg(long)]
    pub strict: bool,
    /// Language of the messages.
    #[arg(long, value_name = "LOCALE", default_value = "en", value_parser = locale_parser())]
    pub locale: Locale,
}

/// A failure that is not a verdict on the request: exit code 2.
#[derive(Debug)]
pub struct CliError {
    message: String,
    /// Nothing to print (standard output was closed, e.g. piped into `head`).
    quiet: bool,
}

impl CliError {
    /// An error whose message says what went wrong and what to do.
    pub fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            quiet: false,
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError {
            quiet: e.kind() == std::io::ErrorKind::BrokenPipe,
            message: format!("cannot write the output: {e}"),
        }
    }
}

/// The verdict on a request: exit 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Valid (or the command did its job).
    Ok,
    /// At least one request is invalid.
    Invalid,
}

/// The value parser of a KIND argument: the names of [`Kind::ALL`].
pub fn kind_parser() -> impl TypedValueParser<Value = Kind> {
    PossibleValuesParser::new(Kind::ALL.map(Kind::as_str)).try_map(|name| Kind::from_name(&name).ok_or("unknown kind"))
}

fn locale_parser() -> impl TypedValueParser<Value = Locale> {
    PossibleValuesParser::new(Locale::ALL.map(Locale::tag))
        .try_map(|tag| Locale::from_tag(&tag).ok_or("unknown locale"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Validate(args) => validate::run(&args),
        Command::Sign(command) => sign::run(&command),
        Command::Prepare(command) => prepare::run(&command),
        Command::Document(args) => document::run(&args),
        Command::Parse(args) => parse::run(&args),
        Command::Verify(command) => parse::verify(&command),
        Command::Codes(args) => codes::run(&args),
        Command::Schema(args) => schema::run(&args),
        Command::Mock(args) => mock::run(&args),
    };
    match outcome {
        Ok(Verdict::Ok) => ExitCode::SUCCESS,
        Ok(Verdict::Invalid) => ExitCode::from(1),
        Err(e) => {
            if !e.quiet {
                let _ = writeln!(std::io::stderr(), "error: {}", e.message);
            }
            ExitCode::from(2)
        }
    }
}
