//! Spec 4.4: creating a pay-in, checked as the provider checks it (the merchant id,
//! payinVerification and every rule of the core), kept by operation number, and
//! answered in the shape of its method family; a retry of the same request is answered
//! with the first answer again (DESIGN.md section 9 row 34).

use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use cobro::country::payin_country;
use cobro::json::Value;
use cobro::payin::response::SUCCESS_CODE;
use cobro::payin::voucher::VoucherFamily;
use cobro::provider::payin::{
    self as answers, AnswerFamily, Created, Link, NEW_PAYIN_STATE, Refusal, RequestDigest, VoucherEntry,
};
use cobro::{Amount, Kind, ValidateOptions};

use crate::app::Shared;
use crate::body::locale;
use crate::body::{Body, Received, at, text};
use crate::control::{Action, move_payin};
use crate::deliver::NotifyFaults;
use crate::reply::{answer, answered, noted};
use crate::state::{FirstAnswer, Payin, Refused};
use crate::{qr, time};

/// The banks, agents and wallets on the mock's Peruvian vouchers: fictitious entries
/// in the provider's shape.
fn entries(family: AnswerFamily) -> &'static [VoucherEntry<'static>] {
    const BANKS: &[VoucherEntry<'static>] = &[
        VoucherEntry {
            bank_code: "MOCKBANK1",
            hex_color: "#002A8D",
            instructions: &[
                "Open your bank's app or online banking",
                "Choose <b>Pay services</b> and search for <b>Mock Collections</b>",
                "Enter the payment code and confirm the amount",
            ],
        },
        VoucherEntry {
            bank_code: "MOCKBANK2",
            hex_color: "#00A94F",
            instructions: &[
                "Go to <b>Payments</b>, then <b>Companies</b>",
                "Enter the payment code and pay",
            ],
        },
    ];
    const AGENTS: &[VoucherEntry<'static>] = &[VoucherEntry {
        bank_code: "MOCKAGENT",
        hex_color: "#FF6600",
        instructions: &[
            "Go to any agent or bank counter",
            "Say you are paying <b>Mock Collections</b> and give the payment code",
            "Pay the exact amount in cash",
        ],
    }];
    const WALLETS: &[VoucherEntry<'static>] = &[VoucherEntry {
        bank_code: "MOCKWALLET",
        hex_color: "#742284",
        instructions: &[
            "Open your wallet app",
            "Choose <b>Pay services</b> and enter the payment code",
        ],
    }];
    match family {
        AnswerFamily::Voucher(VoucherFamily::Cash) => AGENTS,
        AnswerFamily::Voucher(VoucherFamily::Wallet) => WALLETS,
        _ => BANKS,
    }
}

/// `POST /api-payin/v3/online-payments` (and the v1 path).
///
/// A request under an operation number the merchant already used is answered with the
/// first answer, byte for byte, when the core calls it the same request
/// ([`answers::is_replay`]), before it is checked again: a retry creates nothing, and
/// is answered as the first request was whatever happened to the pay-in since. Any
/// other request under a used number is checked as a new one, and refused as a repeat
/// ([`Refusal::DuplicateOperation`]) if it passes.
pub async fn create(State(app): State<Shared>, headers: HeaderMap, body: Received) -> Response {
    let locale = locale(&headers);
    let body = Body::received(&body);
    let p = body.root().map(cobro::payin::payin_object);
    let field = |name: &str| text(at(p, &[name]));
    let merchant = field("payinMerchantID").parse::<u64>().ok();
    let key = match merchant.map(|id| (id, app.merchant(id))) {
        Some((id, None)) => return refused(Refusal::UnknownMerchant, id),
        Some((_, Some(m))) => Some(&m.payin_key),
        None => None,
    };
    let operation_number = field("payinMerchantOperationNumber");
    if let (Some(merchant_id), Some(root)) = (merchant, body.root())
        && let Some(replayed) = replay(&app, merchant_id, operation_number, root)
    {
        return replayed;
    }
    let options = ValidateOptions {
        locale,
        payin_key: key,
        ..ValidateOptions::default()
    };
    let report = body.validate(Kind::Payin, &options);
    let (Some(merchant_id), Some(root), true) = (merchant, body.root(), report.valid) else {
        let code = answers::validation_code(&report);
        return answered(
            body.refusal(answers::validation_refusal(&report, locale)),
            merchant,
            code,
        );
    };
    let currency = field("payinCurrency");
    let method = field("payinMethod");
    let processor = field("processorCode");
    let family = answers::answer_family(currency, method, Some(processor));
    let charged = family.charges_on_file().then(|| {
        let charge_type = text(at(p, &["subscription", "chargeType"]));
        app.state
            .subscription_to_charge(merchant_id, field("payinCustomerPhone"), charge_type)
    });
    if let Some(r) = answers::on_file_refusal(family, charged.flatten().as_ref().map(|s| &s.status)) {
        return refused(r, merchant_id);
    }
    let Ok(amount) = Amount::parse(field("payinAmount")) else {
        // Validation has accepted the amount's text, which is what Amount::parse reads.
        return refused(Refusal::Amount, merchant_id);
    };
    let serial = app.state.next_serial();
    let trx = format!("MOCKTRX{serial:012}");
    let minutes = answers::expiration_minutes(currency, method, field("payinExpirationTime"));
    let expiration = time::voucher(time::now().saturating_add(minutes.saturating_mul(60)));
    let checkout = format!("{}/checkout/{trx}", app.base_url);
    let payment_code = format!("{serial:08}");
    let qr_code = if family == AnswerFamily::Qr {
        qr::png_data_uri(&payment_code).unwrap_or_default()
    } else {
        String::new()
    };
    let links = [
        Link {
            target: "MOCKBANK1",
            url: &checkout,
        },
        Link {
            target: "MOCKBANK2",
            url: &checkout,
        },
    ];
    let one_shot = [Link {
        target: "MockWallet",
        url: &checkout,
    }];
    let name = app.merchant(merchant_id).map_or("", |m| m.name.as_str());
    let created = Created {
        trx_operation: &trx,
        url: &checkout,
        payment_code: &payment_code,
        expiration: &expiration,
        merchant: name,
        amount,
        currency,
        currency_symbol: payin_country(currency).map_or("", |(c, _)| c.currency_symbol),
        operation_number: &trx,
        entries: entries(family),
        links: if family == AnswerFamily::WalletOneShot {
            &one_shot
        } else {
            &links
        },
        qr_code: &qr_code,
    };
    let created = answers::created(family, &created);
    let first = FirstAnswer {
        request: RequestDigest::of(root),
        answer: created.clone(),
    };
    let payin = Payin {
        merchant_id,
        operation_number: operation_number.to_string(),
        trx: trx.clone(),
        amount,
        currency: currency.to_string(),
        method: method.to_string(),
        state: NEW_PAYIN_STATE,
        created: time::now(),
    };
    match app.state.add_payin(payin, first) {
        Ok(()) => {}
        // The same request may have been created meanwhile, by a retry sent before the
        // first answer arrived.
        Err(Refused::Exists) => {
            return replay(&app, merchant_id, operation_number, root)
                .unwrap_or_else(|| refused(Refusal::DuplicateOperation, merchant_id));
        }
        Err(Refused::Full) => {
            let code = Refusal::Internal.code();
            let a = answers::refusal(code, "the mock holds too many pay-ins");
            return answered(a, Some(merchant_id), code);
        }
    }
    if let Some(after) = app.config.auto_pay {
        auto_pay(&app, merchant_id, operation_number.to_string(), after);
    }
    answered(created, Some(merchant_id), SUCCESS_CODE)
}

/// The first answer again, when `merchant_id` already used `operation_number` and the
/// core calls the request read as `root` the one that got it ([`answers::is_replay`]);
/// logged as replayed. Nothing is created, paid or notified.
fn replay(app: &Shared, merchant_id: u64, operation_number: &str, root: &Value<'_>) -> Option<Response> {
    let first = app.state.first_answer(merchant_id, operation_number)?;
    answers::is_replay(&first.request, root).then(|| {
        // Only created pay-ins keep their answer, so a replayed answer is a creation.
        noted(
            answer(first.answer),
            Some(merchant_id),
            format!("{SUCCESS_CODE} replayed"),
        )
    })
}

/// The core's answer to refusal `r` of a request of merchant `merchant_id`.
fn refused(r: Refusal, merchant_id: u64) -> Response {
    answered(r.answer(), Some(merchant_id), r.code())
}

/// Pays the pay-in by itself after `after` (`--auto-pay`), as a shopper would.
fn auto_pay(app: &Shared, merchant_id: u64, operation_number: String, after: Duration) {
    let app = app.clone();
    tokio::spawn(async move {
        tokio::time::sleep(after).await;
        let _ = move_payin(
            &app,
            merchant_id,
            &operation_number,
            Action::Pay,
            &NotifyFaults::default(),
        );
    });
}
