//! Human output of parsed answers and notifications: for a pay-in answer, what the
//! merchant shows the shopper (amount, expiry, payment code, each bank's instructions in
//! order as plain text, deeplinks, where the QR image went); for everything else, one
//! `field: value` line per value.

use std::io::{self, Write};
use std::path::Path;

use cobro::parse::Parsed;
use cobro::payin::response::{Experience, PayinResponse};
use cobro::payin::voucher::{VoucherConfig, VoucherInfo};

/// Prints `parsed` for a person.
pub fn human(out: &mut impl Write, parsed: &Parsed, qr_out: Option<&Path>) -> io::Result<()> {
    match parsed {
        Parsed::PayinResponse(answer) => payin(out, answer, qr_out),
        other => {
            let value = serde_json::to_value(other).map_err(io::Error::other)?;
            fields(out, "", &value)
        }
    }
}

/// The PNG bytes of a pay-in QR answer.
pub fn qr_png(parsed: &Parsed) -> Option<&[u8]> {
    match parsed {
        Parsed::PayinResponse(answer) => match &answer.experience {
            Experience::Qr { qr_png, .. } => Some(qr_png),
            _ => None,
        },
        _ => None,
    }
}

fn payin(out: &mut impl Write, answer: &PayinResponse, qr_out: Option<&Path>) -> io::Result<()> {
    let meaning = answer
        .meaning
        .map_or("a code the catalogue does not hold", |m| m.meaning);
    writeln!(
        out,
        "{} {}: {meaning}",
        if answer.success { "created" } else { "not created" },
        answer.error_code
    )?;
    match &answer.experience {
        Experience::Redirect { url } => writeln!(out, "Redirect the shopper to {url}"),
        Experience::Voucher { voucher, config, .. } => {
            voucher_head(out, voucher)?;
            instructions(out, config)
        }
        Experience::Qr {
            voucher,
            config,
            general_instructions,
            qr_png,
        } => {
            voucher_head(out, voucher)?;
            match qr_out {
                Some(path) => writeln!(
                    out,
                    "QR image ({} bytes, single use) written to {}",
                    qr_png.len(),
                    path.display()
                )?,
                None => writeln!(
                    out,
                    "QR image ({} bytes, single use): pass --qr-out FILE to write the PNG",
                    qr_png.len()
                )?,
            }
            if !config.banks.is_empty() {
                let banks: Vec<&str> = config.banks.iter().map(|b| b.bank_code.as_str()).collect();
                writeln!(out, "Pay with: {}", banks.join(", "))?;
            }
            for general in general_instructions {
                for device in &general.devices {
                    writeln!(out, "\nOn {}:", device.code.as_str())?;
                    for (n, step) in device.instructions.iter().enumerate() {
                        writeln!(out, "{}. {}", n + 1, step.text.replace('\n', "\n   "))?;
                    }
                }
            }
            Ok(())
        }
        Experience::DeeplinkMethod { voucher, deep_links } => {
            voucher_head(out, voucher)?;
            for link in deep_links {
                writeln!(out, "{}: {}", link.collector_id, link.deep_link)?;
            }
            Ok(())
        }
        Experience::WalletOneShot { deep_links } => {
            for link in deep_links {
                writeln!(out, "{} ({}): {}", link.processor, link.processor_code, link.deep_link)?;
            }
            Ok(())
        }
        Experience::WalletOnFile => writeln!(out, "Charged on file: the result comes by notification"),
        Experience::Failed => Ok(()),
    }
}

fn voucher_head(out: &mut impl Write, v: &VoucherInfo) -> io::Result<()> {
    let symbol = v.currency_iso.as_deref().unwrap_or(&v.currency_code);
    writeln!(out, "Amount: {symbol} {}", v.amount)?;
    writeln!(out, "Pay before: {}", v.expiration.text)?;
    if let Some(code) = &v.payment_code {
        writeln!(out, "Payment code: {code}")?;
    }
    Ok(())
}

fn instructions(out: &mut impl Write, config: &VoucherConfig) -> io::Result<()> {
    for entry in &config.entries {
        writeln!(out, "\n{}", entry.bank_code)?;
        for method in &entry.payment_method_instructions {
            for (n, step) in method.instructions.iter().enumerate() {
                writeln!(out, "{}. {}", n + 1, step.value.text.replace('\n', "\n   "))?;
            }
        }
    }
    Ok(())
}

/// One `path: value` line per scalar, nulls left out.
fn fields(out: &mut impl Write, path: &str, value: &serde_json::Value) -> io::Result<()> {
    use serde_json::Value;
    let child = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match value {
        Value::Null => Ok(()),
        Value::Object(map) => map.iter().try_for_each(|(k, v)| fields(out, &child(k), v)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .try_for_each(|(i, v)| fields(out, &format!("{path}[{i}]"), v)),
        Value::String(s) => writeln!(out, "{path}: {s}"),
        other => writeln!(out, "{path}: {other}"),
    }
}
