//! The pay-in status query, an extension beyond the spec (DESIGN.md 9 row 36;
//! PROVIDER_FACTS.md "Beyond the spec"): how a merchant confirms a pay-in's state with
//! the provider, which a notification cannot prove (its signature does not cover the
//! state, row 35).
//!
//! `POST {payin_status_base_url}/ms-experience-payin/merchant/{MID}/operations` with the
//! header `authorization`, the lowercase hex SHA-256 of the merchant id and the pay-in
//! key (static and replayable: the provider offers nothing stronger), and a body naming
//! an operation number (an empty one asks for every transaction), a date range, or
//! both. The provider's docs print the bodies as `data: {...}`, which is not JSON: the
//! object itself is sent.
//!
//! The answer lists the operations found, read like the notification's fields: ids and
//! amounts are strings on the wire, and an amount may have one decimal (`"31980.0"`),
//! kept as its text beside its two-decimal form.

use serde::Serialize;

use super::catalog::{self, PayinStateInfo};
use super::notification::is_plain_decimal;
use crate::amount::Amount;
use crate::code::Code;
use crate::date::CivilDate;
use crate::endpoints::{PAYIN_STATUS_PATH_END, PAYIN_STATUS_PATH_START};
use crate::field;
use crate::json::write_string;
use crate::reader::{self, Fields, ParseError};
use crate::signing::{Secret, SigningError, payin_status_authorization, rule};

/// The header that carries the query's credential (PROVIDER_FACTS.md "Beyond the spec").
pub const AUTHORIZATION_HEADER: &str = "authorization";

/// What a status query asks for: an operation number, a date range, or both
/// (PROVIDER_FACTS.md "Beyond the spec").
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PayinStatusQuery {
    /// payinMerchantOperationNumber: the merchant's sale reference; an empty one asks
    /// for every transaction.
    pub operation_number: Option<String>,
    /// payinStartDate and payinEndDate, the first before today (the provider's rule)
    /// and the second not before the first.
    pub dates: Option<(CivilDate, CivilDate)>,
}

impl PayinStatusQuery {
    /// The query from its parts as a caller gives them: an operation number (empty, or
    /// one validation would accept in a pay-in), and a start and an end date given
    /// together, the start before `today` and the end not before the start. A caller
    /// holding the clock passes [`crate::country::earliest_payin_date`] of `now`: the
    /// provider does not say in which country's time "the current day" is judged, and
    /// a start before the earliest of their dates is before it in every one. Errors
    /// name the argument (`operation_number`, `start_date`, `end_date`) and never its
    /// value.
    pub fn new(
        operation_number: Option<&str>,
        start_date: Option<CivilDate>,
        end_date: Option<CivilDate>,
        today: CivilDate,
    ) -> Result<PayinStatusQuery, SigningError> {
        let missing = |name| SigningError::InvalidField {
            name,
            code: Code::MissingField,
            params: Vec::new(),
        };
        let dates = match (start_date, end_date) {
            (None, None) => None,
            (Some(_), None) => return Err(missing("end_date")),
            (None, Some(_)) => return Err(missing("start_date")),
            (Some(start), Some(end)) => {
                if start >= today {
                    return Err(SigningError::InvalidField {
                        name: "start_date",
                        code: Code::DateNotBefore,
                        params: vec![("date", today.to_string())],
                    });
                }
                if end < start {
                    return Err(SigningError::InvalidField {
                        name: "end_date",
                        code: Code::DateTooEarly,
                        params: vec![("date", start.to_string())],
                    });
                }
                Some((start, end))
            }
        };
        match operation_number {
            None if dates.is_none() => return Err(missing("operation_number")),
            Some(number) if !number.is_empty() => rule("operation_number", field::operation_number(number))?,
            _ => {}
        }
        Ok(PayinStatusQuery {
            operation_number: operation_number.map(str::to_string),
            dates,
        })
    }

    /// Whether an operation numbered `operation_number` and created on `created` is one
    /// this query asks for: any number when none or an empty one was given, and any day
    /// when no range was, else the days from the start to the end, both included.
    pub fn matches(&self, operation_number: &str, created: CivilDate) -> bool {
        let number = match self.operation_number.as_deref() {
            None | Some("") => true,
            Some(wanted) => wanted == operation_number,
        };
        let day = self.dates.is_none_or(|(start, end)| start <= created && created <= end);
        number && day
    }

    /// The body: payinMerchantOperationNumber, then payinStartDate and payinEndDate,
    /// those given, as compact JSON.
    pub fn body(&self) -> String {
        let mut out = String::from("{");
        let member = |out: &mut String, key: &str, value: &str| {
            if out.len() > 1 {
                out.push(',');
            }
            write_string(out, key);
            out.push(':');
            write_string(out, value);
        };
        if let Some(number) = &self.operation_number {
            member(&mut out, "payinMerchantOperationNumber", number);
        }
        if let Some((start, end)) = self.dates {
            member(&mut out, "payinStartDate", &start.to_string());
            member(&mut out, "payinEndDate", &end.to_string());
        }
        out.push('}');
        out
    }
}

/// The path of merchant `merchant_id`'s status query, under the status base URL.
pub fn payin_status_path(merchant_id: u64) -> String {
    format!("{PAYIN_STATUS_PATH_START}{merchant_id}{PAYIN_STATUS_PATH_END}")
}

/// The headers of a status query: `authorization` ([`payin_status_authorization`]) and
/// the JSON content type.
pub fn payin_status_headers(merchant_id: u64, key: &Secret) -> Result<Vec<(String, String)>, SigningError> {
    Ok(vec![
        (
            AUTHORIZATION_HEADER.to_string(),
            payin_status_authorization(merchant_id, key)?,
        ),
        ("Content-Type".to_string(), "application/json".to_string()),
    ])
}

/// The answer to a status query (PROVIDER_FACTS.md "Beyond the spec").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PayinStatus {
    /// payinMerchantID as text, exactly as received.
    pub payin_merchant_id: String,
    /// The operations found, in the order received; empty when none matched.
    pub operations: Vec<PayinStatusOperation>,
}

/// One operation of a status answer, its fields typed like the notification's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PayinStatusOperation {
    /// payinStateID (the provider sends `"5"`): key on it, not on the state's text.
    pub payin_state_id: i64,
    /// payinState, as received (`AUTORIZADO`); varies in case and wording.
    pub payin_state: Option<String>,
    /// The catalogue's entry for payinStateID; `None` for an id it does not list.
    pub state: Option<PayinStateInfo>,
    /// payinAmount exactly as received (`"31980.0"`).
    pub payin_amount: String,
    /// The amount with two decimals (`"31980.00"`); `None` when the text is not an
    /// amount.
    pub payin_amount_two_decimals: Option<String>,
    /// payinCurrency, as received.
    pub payin_currency: String,
    /// payinMerchantOperationNumber, the merchant's sale reference, as text.
    pub payin_merchant_operation_number: String,
    /// payinID, the provider's id of the transaction, as text.
    pub payin_id: Option<String>,
}

/// Parses the answer to a status query. The merchant id and the operations list are
/// required; in each operation the state id, amount, currency and operation number
/// (what confirms an order), the state's text and the provider's id optional. Unknown
/// fields are ignored.
pub fn parse_payin_status(body: &[u8]) -> Result<PayinStatus, ParseError> {
    let root = reader::read(body)?;
    let f = Fields::of(&root, "")?;
    let payin_merchant_id = f.text("payinMerchantID")?.to_string();
    let mut operations = Vec::new();
    for (i, item) in f.array("operations")?.iter().enumerate() {
        let path = reader::index_path("operations", i);
        operations.push(operation(&Fields::of(item, &path)?)?);
    }
    Ok(PayinStatus {
        payin_merchant_id,
        operations,
    })
}

fn operation(f: &Fields<'_, '_>) -> Result<PayinStatusOperation, ParseError> {
    let payin_state_id = f.int("payinStateID")?;
    let payin_state = f.opt_str("payinState")?.map(str::to_string);
    let payin_amount = f.text("payinAmount")?;
    if !is_plain_decimal(payin_amount) {
        return Err(ParseError::new(
            Code::InvalidValue,
            &f.path_of("payinAmount"),
            "a decimal number such as 150.00",
        ));
    }
    Ok(PayinStatusOperation {
        payin_state_id,
        state: catalog::payin_state(payin_state_id).copied(),
        payin_state,
        payin_amount_two_decimals: Amount::parse(payin_amount).ok().map(|a| a.to_string()),
        payin_amount: payin_amount.to_string(),
        payin_currency: f.str("payinCurrency")?.to_string(),
        payin_merchant_operation_number: f.text("payinMerchantOperationNumber")?.to_string(),
        payin_id: f.opt_text("payinID")?.map(str::to_string),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests may unwrap
mod tests {
    use super::*;

    fn day(text: &str) -> CivilDate {
        CivilDate::parse(text).unwrap()
    }

    #[test]
    fn a_query_writes_what_it_was_given() {
        let today = day("2026-02-21");
        let q = PayinStatusQuery::new(Some("ORDER-1"), None, None, today).unwrap();
        assert_eq!(q.body(), r#"{"payinMerchantOperationNumber":"ORDER-1"}"#);
        let q = PayinStatusQuery::new(Some(""), None, None, today).unwrap();
        assert_eq!(q.body(), r#"{"payinMerchantOperationNumber":""}"#);
        let q = PayinStatusQuery::new(None, Some(day("2026-01-01")), Some(day("2026-02-20")), today).unwrap();
        assert_eq!(
            q.body(),
            r#"{"payinStartDate":"2026-01-01","payinEndDate":"2026-02-20"}"#
        );
    }

    #[test]
    fn a_query_refuses_dates_the_provider_refuses() {
        let today = day("2026-02-21");
        let code = |r: Result<PayinStatusQuery, SigningError>| {
            let e = r.unwrap_err();
            (e.code(), e.argument())
        };
        assert_eq!(
            code(PayinStatusQuery::new(None, Some(today), Some(today), today)),
            (Code::DateNotBefore, "start_date")
        );
        assert_eq!(
            code(PayinStatusQuery::new(
                None,
                Some(day("2026-02-10")),
                Some(day("2026-02-09")),
                today
            )),
            (Code::DateTooEarly, "end_date")
        );
        assert_eq!(
            code(PayinStatusQuery::new(None, Some(day("2026-02-10")), None, today)),
            (Code::MissingField, "end_date")
        );
        assert_eq!(
            code(PayinStatusQuery::new(None, None, None, today)),
            (Code::MissingField, "operation_number")
        );
    }

    #[test]
    fn a_query_matches_by_number_and_day() {
        let today = day("2026-02-21");
        let range = PayinStatusQuery::new(None, Some(day("2026-02-01")), Some(day("2026-02-10")), today).unwrap();
        assert!(range.matches("A", day("2026-02-01")) && range.matches("B", day("2026-02-10")));
        assert!(!range.matches("A", day("2026-02-11")));
        let all = PayinStatusQuery::new(Some(""), None, None, today).unwrap();
        assert!(all.matches("A", day("2020-01-01")));
        let one = PayinStatusQuery::new(Some("A"), Some(day("2026-02-01")), Some(day("2026-02-10")), today).unwrap();
        assert!(one.matches("A", day("2026-02-05")) && !one.matches("B", day("2026-02-05")));
        assert!(!one.matches("A", day("2026-03-05")));
    }

    #[test]
    fn an_answer_keeps_amounts_as_text() {
        let body = br#"{"payinMerchantID":"999","operations":[{"payinStateID":"5","payinState":"AUTORIZADO","payinAmount":"31980.0","payinCurrency":"CLP","payinMerchantOperationNumber":"1234567890","payinID":"0987654321"}]}"#;
        let status = parse_payin_status(body).unwrap();
        let op = &status.operations[0];
        assert_eq!(
            (op.payin_amount.as_str(), op.payin_amount_two_decimals.as_deref()),
            ("31980.0", Some("31980.00"))
        );
        assert!(op.state.unwrap().paid);
        let e = parse_payin_status(br#"{"payinMerchantID":"9","operations":[{"payinStateID":"5","payinAmount":"-1","payinCurrency":"PEN","payinMerchantOperationNumber":"A"}]}"#).unwrap_err();
        assert_eq!(e.path, "operations[0].payinAmount");
    }
}
