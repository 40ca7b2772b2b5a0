//! What the service makes of an accepted virtual-account request beyond echoing it:
//! the status a new account starts in (spec 2.2, 3), the owner's name the deposit
//! notification shows (PROVIDER_FACTS.md "Notifications"), and the codes and answer of
//! its own refusals (spec 7.1; PROVIDER_FACTS.md "Error catalogues").

use super::{Answer, Stamp, error};
use crate::json::Value;

/// The status of a created account (spec 2.2's sample, spec 3): ACTIVE.
pub const NEW_ACCOUNT_STATUS: &str = "ACTIVE";

/// The code of a request whose X-Api-Key names no merchant (401).
pub const UNAUTHORIZED: &str = "ERR_UNAUTHORIZED";

/// The code of the service's own failure (500, `internal_error`).
pub const INTERNAL_ERROR: &str = "ERR_INTERNAL_ERROR";

/// The service's own failure (spec 7.1 `internal_error`, HTTP 500, no details) with
/// `summary`, "Unexpected error" when empty; its code is [`INTERNAL_ERROR`].
pub fn internal_error(summary: &str, stamp: Stamp<'_>) -> Answer {
    let summary = if summary.is_empty() {
        "Unexpected error"
    } else {
        summary
    };
    error(500, "internal_error", summary, &[], stamp)
}

/// The text of the member at `path` below `value`: a string's content or a number's
/// digits, empty for anything else.
fn text_at<'v>(value: &'v Value<'_>, path: &[&str]) -> &'v str {
    let found = path.iter().try_fold(value, |v, key| match v {
        Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, m)| m),
        _ => None,
    });
    match found {
        Some(Value::String(s)) => s,
        Some(Value::Number(n)) => n,
        _ => "",
    }
}

/// The owner's full name of an accepted request (the validated body as the core's
/// reader read it), as the deposit notification shows it: a COMPANY's `companyName`,
/// a person's `firstName` and `lastName` with one space between.
pub fn owner_name(request: &Value<'_>) -> String {
    match text_at(request, &["owner", "type"]) {
        "COMPANY" => text_at(request, &["owner", "companyName"]).to_string(),
        _ => format!(
            "{} {}",
            text_at(request, &["owner", "firstName"]),
            text_at(request, &["owner", "lastName"])
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::virtual_account::catalog::virtual_account_error_entry;
    use crate::virtual_account::response::VirtualAccountStatus;

    fn tree(text: &[u8]) -> Value<'_> {
        crate::json::parse(text, crate::Limits::for_body(None)).unwrap()
    }

    #[test]
    fn the_owner_name_follows_the_owner_type() {
        let person = tree(br#"{"owner":{"type":"PERSON","firstName":"Ana","lastName":"Perez"}}"#);
        assert_eq!(owner_name(&person), "Ana Perez");
        let company = tree(br#"{"owner":{"type":"COMPANY","companyName":"Acme SA","firstName":"x"}}"#);
        assert_eq!(owner_name(&company), "Acme SA");
    }

    #[test]
    fn codes_and_status_are_the_catalogues() {
        assert_eq!(
            VirtualAccountStatus::from_wire(NEW_ACCOUNT_STATUS),
            VirtualAccountStatus::Active
        );
        assert_eq!(
            virtual_account_error_entry(UNAUTHORIZED).map(|e| e.http_status),
            Some(401)
        );
        let entry = virtual_account_error_entry(INTERNAL_ERROR);
        let stamp = Stamp {
            timestamp: "2026-01-02T03:04:05Z",
            trace_id: "t",
        };
        let answer = internal_error("", stamp);
        assert_eq!(entry.map(|e| e.http_status), Some(answer.status));
        assert!(answer.body.contains("Unexpected error"), "{}", answer.body);
    }
}
