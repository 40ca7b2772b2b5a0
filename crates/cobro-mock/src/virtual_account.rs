//! Spec 4.1: creating a virtual account, with the provider's header checks (5.1), the
//! core's validation, and one account per user per merchant (spec 1, 8).

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use cobro::provider::virtual_account::{self as answers, Created, Stamp};
use cobro::signing::DEFAULT_WINDOW_SECONDS;
use cobro::signing::{API_KEY_HEADER, VIRTUAL_ACCOUNT_HEADERS};
use cobro::{Kind, UnixSeconds, VaSignatureVariant, VaSignedText, ValidateOptions, VerifyError};

use crate::app::Shared;
use crate::body::locale;
use crate::body::{Body, Received, at, text};
use crate::reply::answered;
use crate::state::{Account, Refused};
use crate::time;

/// `POST /merchant-payin-accounts/v1/accounts`.
pub async fn create(State(app): State<Shared>, headers: HeaderMap, body: Received) -> Response {
    let now = time::now();
    let timestamp = time::iso(now);
    let trace_id = format!("mock-{:012}", app.state.next_serial());
    let stamp = Stamp {
        timestamp: &timestamp,
        trace_id: &trace_id,
    };
    let locale = locale(&headers);
    let pairs: Vec<(&str, &str)> = VIRTUAL_ACCOUNT_HEADERS
        .iter()
        .filter_map(|name| headers.get(*name).and_then(|v| v.to_str().ok()).map(|v| (*name, v)))
        .collect();
    let api_key = pairs
        .iter()
        .find(|(n, _)| *n == API_KEY_HEADER)
        .map(|(_, v)| *v)
        .unwrap_or("");
    let refuse = answered;
    let Some(merchant) = app
        .config
        .merchants
        .iter()
        .find(|m| !api_key.is_empty() && cobro::signing::api_key_matches(&m.api_key, api_key))
    else {
        if api_key.is_empty() {
            let e = VerifyError::MissingHeader { name: API_KEY_HEADER };
            return refuse(answers::header_refusal(&e, locale, stamp), None, e.code().as_str());
        }
        return refuse(answers::unauthorized(stamp), None, answers::UNAUTHORIZED);
    };
    let body = Body::received(&body);
    let field = |path: &[&str]| text(at(body.root(), path));
    let reference_id = field(&["owner", "referenceId"]);
    let signed = match merchant.variant {
        VaSignatureVariant::ReferenceId => VaSignedText::reference_id(reference_id).unwrap_or(VaSignedText::Spec),
        _ => VaSignedText::Spec,
    };
    let clock = i64::try_from(now)
        .unwrap_or(i64::MAX)
        .saturating_add(app.config.clock_offset);
    let Ok(clock) = UnixSeconds::new(clock.max(0)) else {
        let a = answers::internal_error("", stamp);
        return refuse(a, Some(merchant.id), answers::INTERNAL_ERROR);
    };
    if let Err(e) =
        cobro::verify_virtual_account_headers_with(&pairs, &merchant.va_secret, clock, DEFAULT_WINDOW_SECONDS, signed)
    {
        return refuse(
            answers::header_refusal(&e, locale, stamp),
            Some(merchant.id),
            e.code().as_str(),
        );
    }
    let options = ValidateOptions {
        locale,
        ..ValidateOptions::default()
    };
    let report = body.validate(Kind::VirtualAccount, &options);
    if !report.valid {
        let first = report.errors.first().map_or("", |i| answers::provider_code(i.code));
        let a = body.refusal(answers::validation_refusal(&report, locale, stamp));
        return refuse(a, Some(merchant.id), first);
    }
    let Some(request) = body.root() else {
        // Validation has accepted the body, so it was read.
        let a = answers::internal_error("", stamp);
        return refuse(a, Some(merchant.id), answers::INTERNAL_ERROR);
    };
    let serial = app.state.next_serial();
    let account_type = field(&["account", "type"]);
    let Some(number) = cobro::document::make::account_number(account_type, serial) else {
        // Validation admits only CVU, CLABE and CCI, which all have a layout.
        let a = answers::internal_error("", stamp);
        return refuse(a, Some(merchant.id), answers::INTERNAL_ERROR);
    };
    let id = format!("acc_{serial:011x}");
    let account = Account {
        id: id.clone(),
        merchant_id: merchant.id,
        reference_id: reference_id.to_string(),
        category: field(&["account", "category"]).to_string(),
        account_type: account_type.to_string(),
        number: number.clone(),
        name: field(&["account", "name"]).to_string(),
        currency: field(&["account", "currency"]).to_string(),
        owner: [
            answers::owner_name(request),
            field(&["owner", "document", "type"]).to_string(),
            field(&["owner", "document", "number"]).to_string(),
        ],
    };
    match app.state.add_account(account) {
        Ok(()) => {}
        Err(Refused::Exists) => {
            let code = answers::ACCOUNT_EXISTS;
            return refuse(answers::account_exists(stamp), Some(merchant.id), code);
        }
        Err(Refused::Full) => {
            let a = answers::internal_error("The mock holds too many accounts", stamp);
            return refuse(a, Some(merchant.id), answers::INTERNAL_ERROR);
        }
    }
    let created = Created {
        id: &id,
        status: answers::NEW_ACCOUNT_STATUS,
        number: &number,
        result_url: None,
    };
    let a = answers::created(request, &created, stamp);
    answered(a, Some(merchant.id), answers::NEW_ACCOUNT_STATUS)
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn accept_language_picks_the_locale_of_its_first_range() {
        let of = |value: Option<&'static str>| {
            let mut headers = HeaderMap::new();
            if let Some(v) = value {
                headers.insert("accept-language", HeaderValue::from_static(v));
            }
            locale(&headers)
        };
        assert_eq!(of(None), cobro::Locale::En);
        assert_eq!(of(Some("es")), cobro::Locale::Es);
        assert_eq!(of(Some(" es-PE,es;q=0.9")), cobro::Locale::Es);
        assert_eq!(of(Some("pt-BR,pt;q=0.9,en;q=0.8")), cobro::Locale::Pt);
        assert_eq!(of(Some("PT")), cobro::Locale::Pt);
        assert_eq!(of(Some("fr-FR,es;q=0.5")), cobro::Locale::En);
        assert_eq!(of(Some("*")), cobro::Locale::En);
    }
}
