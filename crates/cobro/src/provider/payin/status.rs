//! The pay-in status query as the provider answers it, an extension beyond the spec
//! (DESIGN.md 9 row 36; PROVIDER_FACTS.md "Beyond the spec"): the request read with the
//! rules `prepare_payin_status` applies, and the answer written as the provider's
//! samples write it (ids and amounts as strings, the state's name in capitals).
//!
//! The provider documents no error answer for this query. Chosen here: a credential
//! that does not match the merchant is HTTP 401 and a request the rules refuse is HTTP
//! 400, each with `{"message": ...}` (and `field`, the request's key, for a 400).

use serde::Serialize;

use super::super::Answer;
use crate::amount::Amount;
use crate::code::Code;
use crate::date::CivilDate;
use crate::messages::{Locale, render};
use crate::payin::catalog::payin_state;
use crate::payin::status::PayinStatusQuery;
use crate::reader::{self, Fields, ParseError};

/// One operation of a status answer, as the provider holds it.
#[derive(Debug, Clone)]
pub struct StatusOperation<'a> {
    /// payinStateID.
    pub state_id: i64,
    /// payinAmount (written with two decimals).
    pub amount: Amount,
    /// payinCurrency.
    pub currency: &'a str,
    /// payinMerchantOperationNumber.
    pub operation_number: &'a str,
    /// payinID: the provider's id of the transaction.
    pub payin_id: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StatusBody<'a> {
    #[serde(rename = "payinMerchantID")]
    payin_merchant_id: String,
    operations: Vec<OperationBody<'a>>,
}

#[derive(Serialize)]
struct OperationBody<'a> {
    #[serde(rename = "payinStateID")]
    state_id: String,
    #[serde(rename = "payinState")]
    state: String,
    #[serde(rename = "payinAmount")]
    amount: String,
    #[serde(rename = "payinCurrency")]
    currency: &'a str,
    #[serde(rename = "payinMerchantOperationNumber")]
    operation_number: &'a str,
    #[serde(rename = "payinID")]
    payin_id: &'a str,
}

/// The answer listing `operations` of merchant `merchant_id` (HTTP 200), in the order
/// given.
pub fn status_answer(merchant_id: u64, operations: &[StatusOperation<'_>]) -> Answer {
    let body = StatusBody {
        payin_merchant_id: merchant_id.to_string(),
        operations: operations
            .iter()
            .map(|o| OperationBody {
                state_id: o.state_id.to_string(),
                state: payin_state(o.state_id).map_or_else(String::new, |s| s.name.to_uppercase()),
                amount: o.amount.to_string(),
                currency: o.currency,
                operation_number: o.operation_number,
                payin_id: o.payin_id,
            })
            .collect(),
    };
    Answer::json(200, &body)
}

#[derive(Serialize)]
struct Refusal<'a> {
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<&'a str>,
}

/// The answer to a query whose `authorization` does not match the merchant named in
/// its path, or that names no merchant the provider knows (HTTP 401: the two are not
/// told apart).
pub fn status_unauthorized() -> Answer {
    Answer::json(
        401,
        &Refusal {
            message: "the authorization does not match the merchant",
            field: None,
        },
    )
}

/// The query a request body asks, read as [`PayinStatusQuery::new`] reads a caller's
/// arguments, or the 400 answer naming the request's key at fault, in `locale`.
pub fn read_status_request(body: &[u8], today: CivilDate, locale: Locale) -> Result<PayinStatusQuery, Answer> {
    let refused = |code: Code, key: &str, params: &[(&'static str, String)]| {
        let message = render(code, key, params, locale);
        Answer::json(
            400,
            &Refusal {
                message: &message,
                field: Some(key),
            },
        )
    };
    let parse_refusal = |e: ParseError| refused(e.code, &e.path, &e.params());
    let root = reader::read(body).map_err(parse_refusal)?;
    let f = Fields::of(&root, "").map_err(parse_refusal)?;
    let number = f.opt_str("payinMerchantOperationNumber").map_err(parse_refusal)?;
    let date = |key: &'static str| -> Result<Option<CivilDate>, Answer> {
        match f.opt_str(key).map_err(parse_refusal)? {
            None => Ok(None),
            Some(text) => CivilDate::parse(text)
                .map(Some)
                .ok_or_else(|| refused(Code::InvalidDate, key, &[])),
        }
    };
    let (start, end) = (date("payinStartDate")?, date("payinEndDate")?);
    PayinStatusQuery::new(number, start, end, today).map_err(|e| {
        let key = match e.argument() {
            "start_date" => "payinStartDate",
            "end_date" => "payinEndDate",
            _ => "payinMerchantOperationNumber",
        };
        refused(e.code(), key, &e.params())
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests may unwrap
mod tests {
    use super::*;
    use crate::payin::status::parse_payin_status;

    fn day(text: &str) -> CivilDate {
        CivilDate::parse(text).unwrap()
    }

    #[test]
    fn the_answer_reads_back_with_cobros_parser() {
        let ops = [StatusOperation {
            state_id: 5,
            amount: Amount::parse("150").unwrap(),
            currency: "PEN",
            operation_number: "ORDER-1",
            payin_id: "MOCKTRX1",
        }];
        let answer = status_answer(674, &ops);
        assert_eq!(
            answer.body,
            r#"{"payinMerchantID":"674","operations":[{"payinStateID":"5","payinState":"AUTORIZADO","payinAmount":"150.00","payinCurrency":"PEN","payinMerchantOperationNumber":"ORDER-1","payinID":"MOCKTRX1"}]}"#
        );
        let parsed = parse_payin_status(answer.body.as_bytes()).unwrap();
        assert_eq!(parsed.operations[0].payin_amount, "150.00");
        assert!(parse_payin_status(status_unauthorized().body.as_bytes()).is_err());
    }

    #[test]
    fn a_request_is_read_with_the_rules_of_prepare() {
        let today = day("2026-02-21");
        let q = read_status_request(br#"{"payinMerchantOperationNumber":"A-1"}"#, today, Locale::En).unwrap();
        assert_eq!(q.operation_number.as_deref(), Some("A-1"));
        let refused = |body: &[u8]| read_status_request(body, today, Locale::En).unwrap_err();
        let a = refused(br#"{"payinStartDate":"2026-02-21","payinEndDate":"2026-02-21"}"#);
        assert_eq!(a.status, 400);
        assert!(a.body.contains(r#""field":"payinStartDate""#), "{}", a.body);
        assert!(a.body.contains("before 2026-02-21"), "{}", a.body);
        let a = refused(br#"{"payinStartDate":"2026-02-30","payinEndDate":"2026-03-01"}"#);
        assert!(a.body.contains(r#""field":"payinStartDate""#), "{}", a.body);
        assert_eq!(refused(b"{}").status, 400);
        assert!(refused(b"[1]").body.contains(r#""field":"""#));
        // The messages are the catalogue's, whole: the type named bare, the byte given.
        let typed = refused(br#"{"payinMerchantOperationNumber":5}"#).body;
        assert!(
            typed.contains("of type string") && !typed.contains("of type a "),
            "{typed}"
        );
        let malformed = refused(b"{\"payinMerchantOperationNumber\":").body;
        assert!(!malformed.contains("byte ?"), "{malformed}");
    }
}
