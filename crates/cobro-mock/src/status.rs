//! The pay-in status query, an extension beyond the spec (DESIGN.md 9 row 36): the
//! pay-ins the mock holds for the merchant, found by operation number and by the day
//! the mock created them, checked and answered by the core's rules
//! (`cobro::provider::payin`).

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use cobro::CivilDate;
use cobro::payin::status::AUTHORIZATION_HEADER;
use cobro::provider::payin::{StatusOperation, read_status_request, status_answer, status_unauthorized};
use cobro::signing::verify_payin_status_authorization;

use crate::app::Shared;
use crate::body::{Received, locale};
use crate::reply::{answered, mock_error, too_large};
use crate::time;

/// The most operations one answer lists: the newest that match. The mock holds up to a
/// million pay-ins, and an answer of them all would be hundreds of megabytes.
pub const MAX_STATUS_OPERATIONS: usize = 1_000;

/// `POST /ms-experience-payin/merchant/{merchant}/operations`.
pub async fn query(
    State(app): State<Shared>,
    Path(merchant): Path<String>,
    headers: HeaderMap,
    body: Received,
) -> Response {
    let merchant_id = merchant.parse::<u64>().ok();
    let given = headers
        .get(AUTHORIZATION_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let authentic = merchant_id
        .and_then(|id| app.merchant(id).map(|m| (id, m)))
        .filter(|(id, m)| verify_payin_status_authorization(given, &id.to_string(), &m.payin_key));
    let Some((merchant_id, _)) = authentic else {
        return answered(status_unauthorized(), merchant_id, "401 unauthorized");
    };
    let today = CivilDate::from_unix_seconds(time::now());
    let Ok(bytes) = body.bytes() else {
        return mock_error(413, &too_large());
    };
    let query = match read_status_request(bytes, today, locale(&headers)) {
        Ok(q) => q,
        Err(refused) => return answered(refused, Some(merchant_id), "400 refused"),
    };
    let found = app.state.payins_matching(
        merchant_id,
        |p| query.matches(&p.operation_number, CivilDate::from_unix_seconds(p.created)),
        MAX_STATUS_OPERATIONS,
    );
    let operations: Vec<StatusOperation<'_>> = found
        .iter()
        .map(|p| StatusOperation {
            state_id: p.state,
            amount: p.amount,
            currency: &p.currency,
            operation_number: &p.operation_number,
            payin_id: &p.trx,
        })
        .collect();
    let detail = format!("200 {} operations", operations.len());
    answered(status_answer(merchant_id, &operations), Some(merchant_id), &detail)
}
