//! `cobro prepare <KIND> FILE`: validate, complete and sign a request, and print
//! `{"method","path","headers","body","filled"}` (DESIGN.md section 5), or the report when the
//! request is invalid.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Subcommand};
use cobro::{DepositMode, PrepareError, PrepareOptions, VaSignatureVariant};

use crate::args::ReportArgs;
use crate::input::{SecretSource, date_option, read_body, timestamp};
use crate::outcome::{CliError, Verdict};
use crate::sign::signing;
use crate::validate::print_report;

/// Arguments of every `prepare` kind.
#[derive(Args)]
pub struct PrepareArgs {
    /// The body: a file, or - for standard input.
    #[arg(value_name = "FILE|-")]
    file: PathBuf,
    #[command(flatten)]
    report: ReportArgs,
}

/// The `prepare` kinds.
#[derive(Subcommand)]
pub enum PrepareCommand {
    /// Spec 4.1: a virtual-account request with its four headers; secret from COBRO_VA_SECRET.
    VirtualAccount {
        #[command(flatten)]
        args: PrepareArgs,
        /// X-Api-Key.
        #[arg(long, value_name = "K")]
        api_key: String,
        /// X-Account-deposit-mode.
        #[arg(long, value_name = "OWNER|ANY", value_parser = deposit_mode_parser())]
        deposit_mode: DepositMode,
        /// The clock in Unix seconds, sent as X-Timestamp; defaults to the system clock.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
        now: Option<i64>,
        /// The option's former name, refused with a message naming --now.
        #[arg(long, hide = true, allow_negative_numbers = true)]
        timestamp: Option<String>,
        /// The text X-Signature covers: `spec` (timestamp + API key) or `reference-id`
        /// (then the body's owner.referenceId, as the provider's reference code signs;
        /// DESIGN.md 9 row 30).
        #[arg(long, value_name = "spec|reference-id", default_value = "spec", value_parser = signature_parser())]
        signature: VaSignatureVariant,
        /// Read the secret from this file instead of COBRO_VA_SECRET.
        #[arg(long, value_name = "PATH")]
        secret_file: Option<PathBuf>,
    },
    /// Spec 4.2: a subscription request with its Authorization header; key from COBRO_PAYIN_KEY.
    Subscription {
        #[command(flatten)]
        args: PrepareArgs,
        /// Read the pay-in key (spec 5.2's KEY_PAYIN) from this file instead of COBRO_PAYIN_KEY.
        #[arg(long, value_name = "PATH")]
        key_file: Option<PathBuf>,
    },
    /// Spec 4.3: a subscription cancellation; key from COBRO_PAYIN_KEY.
    SubscriptionCancel {
        #[command(flatten)]
        args: PrepareArgs,
        /// Read the pay-in key (spec 5.2's KEY_PAYIN) from this file instead of COBRO_PAYIN_KEY.
        #[arg(long, value_name = "PATH")]
        key_file: Option<PathBuf>,
    },
    /// Spec 4.4: a pay-in, completed and with payinVerification computed; key from COBRO_PAYIN_KEY.
    Payin {
        #[command(flatten)]
        args: PrepareArgs,
        /// Read the pay-in key from this file instead of COBRO_PAYIN_KEY.
        #[arg(long, value_name = "PATH")]
        key_file: Option<PathBuf>,
        /// Wrap the body as {"data": {...}}, as the provider's samples do.
        #[arg(long)]
        wrap_data: bool,
        /// The clock in Unix seconds; payinDateTime, when the body leaves it empty, is the
        /// date then in the pay-in country (payinCurrency's). Defaults to the system clock.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
        now: Option<i64>,
        /// The option's former name, refused with a message naming --now.
        #[arg(long, hide = true)]
        date: Option<String>,
    },
    /// The pay-in status query, an extension beyond the spec (DESIGN.md 9 row 36): by
    /// operation number, date range or both; key from COBRO_PAYIN_KEY. Takes no file.
    PayinStatus {
        /// The merchant id (the path and the authorization hash name it).
        #[arg(long, value_name = "ID")]
        merchant_id: u64,
        /// payinMerchantOperationNumber; an empty one asks for every transaction.
        #[arg(long, value_name = "NUMBER")]
        operation_number: Option<String>,
        /// payinStartDate, before today; given with --end-date.
        #[arg(long, value_name = "YYYY-MM-DD")]
        start_date: Option<String>,
        /// payinEndDate, not before --start-date.
        #[arg(long, value_name = "YYYY-MM-DD")]
        end_date: Option<String>,
        /// The clock in Unix seconds; the start date must precede the earliest of the
        /// pay-in countries' dates then (Mexico's). Defaults to the system clock.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
        now: Option<i64>,
        /// The option's former name, refused with a message naming --now.
        #[arg(long, hide = true)]
        today: Option<String>,
        /// Read the pay-in key from this file instead of COBRO_PAYIN_KEY.
        #[arg(long, value_name = "PATH")]
        key_file: Option<PathBuf>,
    },
}

fn deposit_mode_parser() -> impl TypedValueParser<Value = DepositMode> {
    PossibleValuesParser::new([DepositMode::Owner.as_str(), DepositMode::Any.as_str()])
        .try_map(|name| DepositMode::from_name(&name).ok_or("unknown deposit mode"))
}

/// The variant names of the core (`spec`, `reference_id`) in the CLI's kebab case.
fn signature_parser() -> impl TypedValueParser<Value = VaSignatureVariant> {
    PossibleValuesParser::new(["spec", "reference-id"])
        .try_map(|name| VaSignatureVariant::from_name(&name.replace('-', "_")).ok_or("unknown signature variant"))
}

fn options(args: &PrepareArgs, wrap_data: bool) -> PrepareOptions {
    PrepareOptions {
        strict: args.report.strict,
        locale: args.report.locale,
        // The default, which `read_body` reads under (`BODY_LIMITS`).
        max_bytes: None,
        wrap_data,
        va_signature: VaSignatureVariant::Spec,
    }
}

/// Runs `cobro prepare payin-status`: a request made of arguments only, so every
/// refusal is an argument's (exit 2).
fn status_query(
    merchant_id: u64,
    operation_number: Option<&str>,
    dates: (Option<&str>, Option<&str>),
    now: Option<i64>,
    key_file: Option<&PathBuf>,
) -> Result<Verdict, CliError> {
    let today = cobro::country::earliest_payin_date(timestamp(now, "--now")?);
    let given = |name: &str, text: Option<&str>| text.map(|t| date_option(name, Some(t))).transpose();
    let start = given("--start-date", dates.0)?;
    let end = given("--end-date", dates.1)?;
    let key = SecretSource::payin_key(key_file).load()?;
    let query = cobro::PayinStatusQuery::new(operation_number, start, end, today).map_err(signing)?;
    let request = cobro::prepare_payin_status(merchant_id, &key, &query).map_err(signing)?;
    let mut out = std::io::stdout().lock();
    std::io::Write::write_all(&mut out, format!("{}\n", request.to_json()).as_bytes())?;
    Ok(Verdict::Ok)
}

/// Refuses a clock option by its former name: every clock is `--now SECONDS`.
fn renamed(old: &str, given: bool) -> Result<(), CliError> {
    if given {
        return Err(CliError::new(format!(
            "{old} is now --now SECONDS: the clock in Unix seconds, as every clock option takes it"
        )));
    }
    Ok(())
}

/// Runs `cobro prepare`: arguments and credentials first (exit 2), then the request.
pub fn run(command: &PrepareCommand) -> Result<Verdict, CliError> {
    let (args, body, result) = match command {
        PrepareCommand::PayinStatus {
            merchant_id,
            operation_number,
            start_date,
            end_date,
            now,
            today,
            key_file,
        } => {
            renamed("--today", today.is_some())?;
            return status_query(
                *merchant_id,
                operation_number.as_deref(),
                (start_date.as_deref(), end_date.as_deref()),
                *now,
                key_file.as_ref(),
            );
        }
        PrepareCommand::VirtualAccount {
            args,
            api_key,
            deposit_mode,
            now: given,
            timestamp: old,
            signature,
            secret_file,
        } => {
            renamed("--timestamp", old.is_some())?;
            let now = timestamp(*given, "--now")?;
            let secret = SecretSource::va_secret(secret_file.as_ref()).load()?;
            let body = read_body(Some(&args.file))?;
            let options = PrepareOptions {
                va_signature: *signature,
                ..options(args, false)
            };
            let result = cobro::prepare_virtual_account(&body.bytes, api_key, &secret, *deposit_mode, now, &options);
            (args, body, result)
        }
        PrepareCommand::Subscription { args, key_file } => {
            let key = SecretSource::payin_key(key_file.as_ref()).load()?;
            let body = read_body(Some(&args.file))?;
            let result = cobro::prepare_subscription(&body.bytes, &key, &options(args, false));
            (args, body, result)
        }
        PrepareCommand::SubscriptionCancel { args, key_file } => {
            let key = SecretSource::payin_key(key_file.as_ref()).load()?;
            let body = read_body(Some(&args.file))?;
            let result = cobro::prepare_subscription_cancel(&body.bytes, &key, &options(args, false));
            (args, body, result)
        }
        PrepareCommand::Payin {
            args,
            key_file,
            wrap_data,
            now: given,
            date: old,
        } => {
            renamed("--date", old.is_some())?;
            let now = timestamp(*given, "--now")?;
            let key = SecretSource::payin_key(key_file.as_ref()).load()?;
            let body = read_body(Some(&args.file))?;
            let result = cobro::prepare_payin(&body.bytes, &key, now, &options(args, *wrap_data));
            (args, body, result)
        }
    };
    match result {
        Ok(request) => {
            let mut out = std::io::stdout().lock();
            std::io::Write::write_all(&mut out, format!("{}\n", request.to_json()).as_bytes())?;
            Ok(Verdict::Ok)
        }
        Err(PrepareError::Invalid(mut report)) => {
            body.correct(&mut report);
            print_report(&report, args.report.json, args.report.locale)
        }
        Err(PrepareError::Signing(e)) => Err(signing(e)),
    }
}
