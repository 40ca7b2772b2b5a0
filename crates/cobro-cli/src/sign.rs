//! `cobro sign payin|subscription|virtual-account`: the hashes of spec section 5 from
//! their fields. Keys come from the environment or a file, never from an argument.

use std::path::PathBuf;

use clap::Subcommand;
use cobro::{Amount, VaSignedText};

use crate::input::{SecretSource, timestamp};
use crate::outcome::{CliError, Verdict};

/// The `sign` subcommands.
#[derive(Subcommand)]
pub enum SignCommand {
    /// Spec 5.3: print payinVerification (lowercase hex SHA-512); key from COBRO_PAYIN_KEY.
    Payin {
        /// payinMerchantID.
        #[arg(long, value_name = "N")]
        merchant_id: u64,
        /// payinMerchantOperationNumber.
        #[arg(long, value_name = "S")]
        operation_number: String,
        /// payinAmount; hashed in its canonical two-decimal form (150.5 is hashed as 150.50).
        #[arg(long, value_name = "D")]
        amount: String,
        /// payinCurrency, e.g. PEN.
        #[arg(long, value_name = "C")]
        currency: String,
        /// Read the pay-in key from this file instead of COBRO_PAYIN_KEY.
        #[arg(long, value_name = "PATH")]
        key_file: Option<PathBuf>,
    },
    /// Spec 5.2: print the Authorization header value `Bearer <hex>`; key from COBRO_PAYIN_KEY.
    Subscription {
        /// merchantId.
        #[arg(long, value_name = "N")]
        merchant_id: u64,
        /// subscriptionDetails.type: ON_DEMAND or RECURRENT.
        #[arg(long = "type", value_name = "T")]
        subscription_type: String,
        /// subscriptionDetails.customerId.
        #[arg(long, value_name = "S")]
        customer_id: String,
        /// subscriptionDetails.processorCode, e.g. Wallet_on_file.
        #[arg(long, value_name = "P")]
        processor_code: String,
        /// Read the pay-in key from this file instead of COBRO_PAYIN_KEY.
        #[arg(long, value_name = "PATH")]
        key_file: Option<PathBuf>,
    },
    /// Spec 5.1: print X-Signature (lowercase hex HMAC-SHA512); secret from COBRO_VA_SECRET.
    VirtualAccount {
        /// X-Api-Key.
        #[arg(long, value_name = "K")]
        api_key: String,
        /// X-Timestamp in Unix seconds; defaults to now.
        #[arg(long, value_name = "SECONDS", allow_negative_numbers = true)]
        timestamp: Option<i64>,
        /// Sign timestamp + API key + this owner.referenceId, as the provider's reference
        /// code does, instead of the spec's timestamp + API key (DESIGN.md 9 row 30).
        #[arg(long, value_name = "ID")]
        reference_id: Option<String>,
        /// Print the text that is signed instead of the signature (it holds no secret).
        #[arg(long)]
        message: bool,
        /// Read the secret from this file instead of COBRO_VA_SECRET.
        #[arg(long, value_name = "PATH")]
        secret_file: Option<PathBuf>,
    },
}

/// Runs `cobro sign`: checks the arguments, then loads the key, then prints one line.
pub fn run(command: &SignCommand) -> Result<Verdict, CliError> {
    let line = match command {
        SignCommand::Payin {
            merchant_id,
            operation_number,
            amount,
            currency,
            key_file,
        } => {
            let amount =
                Amount::parse(amount).map_err(|e| CliError::new(format!("--amount: {e}; write it like 150.50")))?;
            let key = SecretSource::payin_key(key_file.as_ref()).load()?;
            cobro::payin_verification(*merchant_id, operation_number, amount, currency, &key).map_err(signing)?
        }
        SignCommand::Subscription {
            merchant_id,
            subscription_type,
            customer_id,
            processor_code,
            key_file,
        } => {
            let key = SecretSource::payin_key(key_file.as_ref()).load()?;
            cobro::subscription_authorization(*merchant_id, subscription_type, customer_id, processor_code, &key)
                .map_err(signing)?
        }
        SignCommand::VirtualAccount {
            api_key,
            timestamp: given,
            reference_id,
            message,
            secret_file,
        } => {
            let now = timestamp(*given, "--timestamp")?;
            let text = VaSignedText::from_parts(None, reference_id.as_deref())
                .map_err(|e| CliError::new(format!("--reference-id: {e}")))?;
            if *message {
                cobro::virtual_account_message_with(now, api_key, text)
            } else {
                let secret = SecretSource::va_secret(secret_file.as_ref()).load()?;
                cobro::virtual_account_signature_with(now, api_key, &secret, text).map_err(signing)?
            }
        }
    };
    let mut out = std::io::stdout().lock();
    std::io::Write::write_all(&mut out, format!("{line}\n").as_bytes())?;
    Ok(Verdict::Ok)
}

/// A signing error names the argument and never carries a secret.
pub fn signing(e: cobro::SigningError) -> CliError {
    CliError::new(format!("{e}; fix the argument and retry"))
}
