//! `cobro`: validate, sign and prepare requests of the payment-collection API from the
//! shell. A thin layer over the `cobro` library: reading files and credentials, printing,
//! and exit codes. Every rule lives in the library. The command is [`run`], which the
//! binary calls with its arguments and the Python and Node packages with theirs
//! (`python -m cobro`, `npx cobro`), so each has the same options and output.
//!
//! Exit codes: 0 valid (or done), 1 invalid request, 2 usage error, unreadable input or
//! unusable credential. Errors go to stderr in one line that says what to do; no secret
//! is ever printed.

mod args;
mod check;
mod codes;
mod document;
mod input;
mod jsonl;
mod listen;
mod mock;
mod outcome;
mod parse;
mod prepare;
mod render;
mod report_text;
mod schema;
mod sign;
mod validate;

use std::io::Write;

use clap::{Parser, Subcommand};

use outcome::Verdict;

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
    /// Receive notifications while developing: print, verify, save and forward each one.
    Listen(listen::ListenArgs),
    /// Send a notification endpoint the cases a careful receiver must pass, and judge it.
    CheckWebhook(check::CheckArgs),
}

/// Runs the command line `args` (the first is the name usage lines show, as
/// `std::env::args_os` gives it) and returns the exit code: 0 valid or done, 1 an invalid
/// request, 2 a usage error, unreadable input or an unusable credential (clap's own
/// code for `--help` and `--version`, 0). What it prints goes to this process's standard
/// output and error.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return u8::try_from(e.exit_code()).unwrap_or(2);
        }
    };
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
        Command::Listen(args) => listen::run(&args),
        Command::CheckWebhook(args) => check::run(&args),
    };
    match outcome {
        Ok(Verdict::Ok) => 0,
        Ok(Verdict::Invalid) => 1,
        Err(e) => {
            if !e.quiet {
                let _ = writeln!(std::io::stderr(), "error: {}", e.message);
            }
            2
        }
    }
}
