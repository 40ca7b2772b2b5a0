//! The pay-in API's refusals (spec 7.3, PROVIDER_FACTS.md's creation codes): the HTTP
//! status of each code, and the one code that answers an invalid request.

use super::{Body, FALLBACK_CODE, Refusal};
use crate::code::Code;
use crate::messages::Locale;
use crate::payin::catalog::payin_creation_code;
use crate::provider::Answer;
use crate::report::{Issue, Report};

/// The HTTP status of a refusal with creation code `code`. The spec gives none (7.3):
/// 401 for a wrong merchant id or payinVerification (0009, 0010), 500 for the
/// service's own failures (0042, 0050), 400 for every other refusal.
pub fn http_status(code: &str) -> u16 {
    match code {
        "0009" | "0010" => 401,
        "0042" | "0050" => 500,
        _ => 400,
    }
}

/// A refusal with creation code `code` and `message` (PROVIDER_FACTS.md's catalogue;
/// the catalogue's meaning when `message` is empty).
pub fn refusal(code: &str, message: &str) -> Answer {
    let meaning = payin_creation_code(code).map_or("Error", |c| c.meaning);
    let body = Body {
        url: None,
        payin_error_code: code,
        payin_error_message: if message.is_empty() { meaning } else { message },
        payin_trx_operation: None,
        experience_voucher: None,
        deep_links: None,
        qr_code: None,
    };
    Answer::json(http_status(code), &body)
}

/// The creation code for an error at `path` (relative to the pay-in object, a `data.`
/// prefix removed) with report code `code`, or None when the catalogue has none.
fn creation_code(path: &str, code: Code) -> Option<&'static str> {
    let missing = matches!(code, Code::MissingField | Code::EmptyField);
    let by_field = match (path, missing) {
        ("payinMerchantID", true) => "0001",
        ("payinAmount", true) => "0002",
        ("payinCurrency", true) => "0003",
        ("payinMerchantOperationNumber", true) => "0004",
        ("payinVerification", true) => "0005",
        ("payinTransactionErrorURL", true) => "0006",
        ("payinTransactionOKURL", true) => "0007",
        ("processorCode", _) => "0008",
        ("payinMerchantID", false) => Refusal::UnknownMerchant.code(),
        ("payinVerification", false) => "0010",
        ("payinTransactionErrorURL", false) => "0012",
        ("payinTransactionOKURL", false) => "0013",
        ("payinAmount", false) => Refusal::Amount.code(),
        ("payinCurrency", false) => "0017",
        ("payinCustomerTypeDocument", true) => "0022",
        ("payinCustomerDocument", true) => "0023",
        ("payinCustomerTypeDocument", false) => "0025",
        ("payinCustomerDocument", false) => "0026",
        _ => return None,
    };
    Some(by_field)
}

/// The code that decides the refusal of an invalid request, with the error it comes
/// from: the first error (in the report's order) that has a creation code of its own,
/// else the first error with [`FALLBACK_CODE`].
fn deciding(report: &Report) -> (&'static str, Option<&Issue>) {
    let coded = report.errors.iter().find_map(|issue| {
        let path = issue.path.to_string();
        let field = path.strip_prefix("data.").unwrap_or(&path);
        creation_code(field, issue.code).map(|c| (c, Some(issue)))
    });
    coded.unwrap_or((FALLBACK_CODE, report.errors.first()))
}

/// The creation code [`validation_refusal`] answers for `report`.
pub fn validation_code(report: &Report) -> &'static str {
    deciding(report).0
}

/// The refusal of an invalid request: the provider answers one code, so the first
/// error (in the report's order) that has a creation code of its own decides it
/// (missing fields 0001-0007, processor 0008, merchant id 0009, payinVerification 0010,
/// URLs 0012-0013, amount 0015, currency 0017, customer document 0022-0026), else
/// [`FALLBACK_CODE`]. The message is that error's, in `locale`, naming the field.
/// Warnings never refuse a request.
pub fn validation_refusal(report: &Report, locale: Locale) -> Answer {
    let (code, issue) = deciding(report);
    refusal(code, &issue.map(|i| i.message_in(locale)).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payin::response::parse_payin_response;

    #[test]
    fn refusals_name_the_catalogue_code() {
        let report = crate::validate(crate::Kind::Payin, b"{}", &crate::ValidateOptions::default());
        let answer = validation_refusal(&report, Locale::En);
        let parsed = parse_payin_response(answer.body.as_bytes()).unwrap();
        assert_eq!(parsed.error_code, "0001");
        assert_eq!(validation_code(&report), "0001");
        assert!(!parsed.success);
        assert_eq!(answer.status, 400);
        assert_eq!(refusal("0010", "").status, 401);
        assert_eq!(creation_code("payinCustomerEmail", Code::InvalidEmail), None);
    }
}
