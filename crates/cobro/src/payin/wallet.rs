//! Spec 2.4 (wallet processors, subscription) and 2.7 (voucher theme): the pay-in fields
//! that only apply in some contexts, and the cross-field rules between them.

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::code::Code;
use crate::country::COUNTRIES;
use crate::field;
use crate::json::Value;
use crate::processor;
use crate::report::{Ctx, Path};
use crate::rules::{self, Choices, Need};

use super::Request;
use super::fields::{self, Blank, blankable};

/// Spec 2.4: the method of both wallet processors.
pub(crate) const WALLET_METHOD: &str = "Wallet";
/// [`WALLET_METHOD`] as the values a rule accepts.
const WALLET_METHOD_CHOICES: Choices = rules::choices!([WALLET_METHOD]);
/// The wallet processors as the values a rule accepts.
const WALLET_PROCESSOR_CHOICES: Choices = rules::choices!(processor::WALLET_PROCESSORS);
/// The on-file processor codes as alternatives (`A|B`).
const ON_FILE_ALTERNATIVES: &str = rules::joined!(processor::ON_FILE, "|");
/// The condition a wallet processor puts on payinMethod and payinProductDescription,
/// for each wallet processor.
const PROCESSOR_WHEN: [(&str, &str); 3] = [
    (
        processor::WALLET_ON_FILE,
        rules::joined!(["processorCode=", processor::WALLET_ON_FILE], ""),
    ),
    (
        processor::YAPE_ON_FILE,
        rules::joined!(["processorCode=", processor::YAPE_ON_FILE], ""),
    ),
    (
        processor::WALLET_ONE_SHOT,
        rules::joined!(["processorCode=", processor::WALLET_ONE_SHOT], ""),
    ),
];
/// Spec 2.7: a theme identifier is `THEME_<country>_<NAME>`.
const THEME_PREFIX: &str = "THEME_";

/// Spec 2.7: payinVoucherTheme is optional; absent or blank means omitted (DESIGN.md 9
/// row 6). A theme is only allowed for the countries and methods the table lists (Peru;
/// BankTransfer, Cash, Wallet): elsewhere it is ERR_FIELD_NOT_ALLOWED. Where allowed, a
/// value not of the form `THEME_PE_<NAME>` (NAME non-empty `[A-Z0-9_]`, case-sensitive)
/// is WARN_UNSUPPORTED_VOUCHER_THEME: the service falls back to the standard voucher.
/// The three theme names are not given, so any well-formed name passes.
pub(crate) fn voucher_theme<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>, req: &Request<'v>) {
    let Some(theme) = blankable(ctx, path, value, Blank::Optional) else {
        return;
    };
    if rules::is_blank(theme) {
        return;
    }
    let allowed = match (req.country, req.method) {
        (Some((c, r)), Some(m)) if r.voucher_theme_methods.contains(&m) => Some(c.alpha2),
        _ => None,
    };
    let Some(alpha2) = allowed else {
        ctx.report(
            path,
            Code::FieldNotAllowed,
            &[("allowed_when", THEME_ALLOWED_WHEN.as_str())],
        );
        return;
    };
    let name = theme
        .strip_prefix(THEME_PREFIX)
        .and_then(|rest| rest.strip_prefix(alpha2))
        .and_then(|rest| rest.strip_prefix('_'));
    let well_formed = name.is_some_and(|n| {
        !n.is_empty()
            && n.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
    });
    if !well_formed {
        ctx.report_with(
            path,
            Code::UnsupportedVoucherTheme,
            [("format", Cow::Owned(format!("{THEME_PREFIX}{alpha2}_<NAME>")))],
        );
    }
}

/// The `allowed_when` param of a misplaced voucher theme, from the table.
static THEME_ALLOWED_WHEN: LazyLock<String> = LazyLock::new(|| {
    let parts: Vec<String> = COUNTRIES
        .iter()
        .filter_map(|c| c.payin.map(|r| (c, r)))
        .filter(|(_, r)| !r.voucher_theme_methods.is_empty())
        .map(|(c, r)| {
            format!(
                "payinCurrency={} & payinMethod={}",
                c.currency,
                rules::join_alternatives(r.voucher_theme_methods.iter().copied())
            )
        })
        .collect();
    parts.join(" | ")
});

/// Spec 2.4: processorCode is optional; when sent it is never empty and is a wallet
/// processor: `Wallet_on_file`, its provider name `Yape_on_file` (DESIGN.md 9 row 13) or
/// `Wallet_one_shot`, case-sensitive (row 22). Null is not a way to omit it
/// (ERR_INVALID_TYPE).
pub(crate) fn processor_code<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) {
    if let Some(s) = blankable(ctx, path, value, Blank::Optional)
        && rules::non_blank(ctx, path, s)
    {
        rules::one_of(ctx, path, s, &WALLET_PROCESSOR_CHOICES, None);
    }
}

/// Spec 2.4 and DESIGN.md 9 row 25: subscription is an object holding `chargeType`
/// (required, ON_DEMAND or RECURRENT) and `subscriptionId` (optional: the charged
/// subscription, as the provider's merchants name it; a whole number or its digit
/// string, like the other ids of row 9, in the range the answer's parser reads). Other keys inside are WARN_UNKNOWN_FIELD. Null
/// is not a way to omit it.
pub(crate) fn subscription<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) {
    let Some(v) = value else {
        return;
    };
    let Value::Object(members) = v else {
        rules::wrong_type(ctx, path, "object", v);
        return;
    };
    let [charge_type, subscription_id] = rules::fields(ctx, path, members, &["chargeType", "subscriptionId"]);
    let charge_path = path.key("chargeType");
    if let Some(s) =
        rules::string(ctx, &charge_path, charge_type, Need::Required).filter(|s| rules::non_blank(ctx, &charge_path, s))
    {
        // Spec 2.4: chargeType is the subscription's type (spec 2.3).
        rules::one_of(ctx, &charge_path, s, &field::SUBSCRIPTION_TYPE_CHOICES, None);
    }
    let (min, max) = field::SUBSCRIPTION_ID;
    rules::integer(
        ctx,
        &path.key("subscriptionId"),
        subscription_id,
        Need::Optional,
        min,
        max,
    );
}

/// Spec 2.4's cross-field rules, after the field walk:
/// - with a wallet processor code (`Wallet_on_file`, `Yape_on_file`, `Wallet_one_shot`;
///   DESIGN.md 9 rows 13 and 25), payinMethod must be Wallet and
///   payinProductDescription MOBILE or WEB (ERR_INVALID_FIELD, `when` naming the code
///   given); a processorCode that is not a wallet processor is its own error and draws
///   no cross-check; the phone rules already apply to every pay-in;
/// - row 25: an on-file code without a subscription object is accepted with
///   WARN_MISSING_SUBSCRIPTION (the charge type is then unknown);
/// - a subscription object with no on-file processor code belongs to no subscription
///   workflow: WARN_FIELD_IGNORED. Not when processorCode is itself invalid: its error
///   already names the problem.
pub(crate) fn cross_checks(ctx: &mut Ctx, req: &Request<'_>) {
    let root = Path::Root;
    let given = req.text(fields::PROCESSOR_CODE);
    let wallet = given.and_then(processor::wallet_processor);
    if let Some(code) = wallet {
        let when = PROCESSOR_WHEN.iter().find(|(c, _)| *c == code).map(|(_, when)| *when);
        if let Some(m) = req.method {
            rules::one_of(ctx, &root.key("payinMethod"), m, &WALLET_METHOD_CHOICES, when);
        }
        if let Some(d) = req.text(fields::PRODUCT_DESCRIPTION) {
            rules::one_of(
                ctx,
                &root.key("payinProductDescription"),
                d,
                &field::DEVICE_CHOICES,
                when,
            );
        }
    }
    let has_subscription = matches!(req.get(fields::SUBSCRIPTION), Some(Value::Object(_)));
    let on_file = wallet.is_some_and(processor::is_on_file);
    if on_file && req.get(fields::SUBSCRIPTION).is_none() {
        ctx.report(
            &root.key("subscription"),
            Code::MissingSubscription,
            &[("processors", ON_FILE_ALTERNATIVES)],
        );
    }
    let invalid_code = req.get(fields::PROCESSOR_CODE).is_some() && wallet.is_none();
    if has_subscription && !on_file && !invalid_code {
        ctx.report(
            &root.key("subscription"),
            Code::FieldIgnored,
            &[(
                "applies_when",
                rules::joined!(["processorCode=", ON_FILE_ALTERNATIVES], ""),
            )],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::country;

    #[test]
    fn allowed_when_comes_from_the_table() {
        assert_eq!(
            THEME_ALLOWED_WHEN.as_str(),
            "payinCurrency=PEN & payinMethod=BankTransfer|Cash|Wallet"
        );
        assert_eq!(country::payin_currencies(), "MXN, PEN, COP, DOP, BRL");
    }
}
