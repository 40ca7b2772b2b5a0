//! The pay-in rules the service applies beyond the request's own fields: the refusals
//! it decides from its records or its own state, the state a created pay-in starts in,
//! its expiry when the request leaves it to the service, and what happens to it later
//! (spec 2.6, 3, 7.3; PROVIDER_FACTS.md "Pay-in creation" and "Status catalogues").

use super::{AnswerFamily, FALLBACK_CODE, refusal};
use crate::country::payin_country;
use crate::payin::catalog::payment_confirmation_code;
use crate::provider::Answer;
use crate::subscription::lifecycle::may_charge;
use crate::subscription::response::SubscriptionStatus;

/// The payinStateID a created pay-in is left in: 2, Pendiente de pago (spec 3, the one
/// state the spec names; PROVIDER_FACTS.md "Status catalogues").
pub const NEW_PAYIN_STATE: i64 = 2;

/// The expiry, in minutes, when neither the request nor the country's row of the table
/// gives one: the one service default the spec shows (2.6, 120 minutes). Only a
/// currency outside the table reaches it, which validation refuses (0017).
const LAST_RESORT_MINUTES: u32 = 120;

/// The message of a repeated payinMerchantOperationNumber, which the provider's
/// catalogue gives no code of its own.
const DUPLICATE_MESSAGE: &str = "payinMerchantOperationNumber was already used for another pay-in of this merchant";

/// A refusal of a pay-in creation that the request alone does not decide: the service
/// decides it from its records or its own state (PROVIDER_FACTS.md "Pay-in creation").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// payinMerchantID names no merchant the service knows: 0009, payinMerchantID is
    /// wrong (HTTP 401).
    UnknownMerchant,
    /// An on-file charge whose subscription is not active: 0044 ([`on_file_refusal`]).
    SubscriptionInactive,
    /// payinAmount cannot be read as an amount: 0015.
    Amount,
    /// The merchant already used this payinMerchantOperationNumber for another request
    /// (the same request again is replayed instead: [`super::is_replay`], DESIGN.md
    /// section 9 row 34): the catalogue lists no code for it, so [`FALLBACK_CODE`]
    /// (0099), with a message that names the field.
    DuplicateOperation,
    /// The service's own failure: 0099, the catalogue's internal error.
    Internal,
}

impl Refusal {
    /// The creation code (payinErrorCode) of the refusal.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::UnknownMerchant => "0009",
            Refusal::SubscriptionInactive => "0044",
            Refusal::Amount => "0015",
            Refusal::DuplicateOperation | Refusal::Internal => FALLBACK_CODE,
        }
    }

    /// The refusal's answer: its code with the catalogue's meaning, or for a repeated
    /// operation number a message that names the field.
    pub fn answer(self) -> Answer {
        let message = match self {
            Refusal::DuplicateOperation => DUPLICATE_MESSAGE,
            _ => "",
        };
        refusal(self.code(), message)
    }
}

impl AnswerFamily {
    /// Whether a request of this family charges a stored subscription (spec 2.4: Wallet
    /// with an on-file processor); the service then judges that subscription
    /// ([`on_file_refusal`]).
    pub fn charges_on_file(self) -> bool {
        self == AnswerFamily::WalletOnFile
    }
}

/// The refusal of a request of `family` given the status of the latest subscription it
/// charges (None: there is none): an on-file charge needs an active (AUTHORIZED)
/// subscription, else 0044 ([`may_charge`]); other families are not refused here.
pub fn on_file_refusal(family: AnswerFamily, latest: Option<&SubscriptionStatus>) -> Option<Refusal> {
    let active = latest.is_some_and(|s| may_charge(s).allowed);
    (family.charges_on_file() && !active).then_some(Refusal::SubscriptionInactive)
}

/// The minutes until a pay-in created in `currency` with `method` expires:
/// payinExpirationTime as written (`written`, its digits), or when it is null (empty
/// text) the service's default for the country where the spec gives one (2.6: the
/// Dominican Republic, 120) and otherwise the suggested minimum for the method (2.6:
/// online 30, cash 120, deeplink 20). The spec shows no default outside the Dominican
/// Republic: the suggested minimum is the one figure it gives for the country and method.
pub fn expiration_minutes(currency: &str, method: &str, written: &str) -> u64 {
    if let Ok(minutes) = written.parse::<u64>() {
        return minutes;
    }
    let minutes = payin_country(currency).and_then(|(_, rules)| {
        rules
            .default_expiration
            .or_else(|| rules.suggested_minutes(method))
            .or(rules.online_minutes)
    });
    u64::from(minutes.unwrap_or(LAST_RESORT_MINUTES))
}

/// What happens to a created pay-in after its creation, as the service reports it in
/// the payment notification (spec 3; PROVIDER_FACTS.md "Status catalogues"). Whether
/// the change is one the provider makes is [`crate::payin::lifecycle::payin_transition`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayinEvent {
    /// The shopper paid: 5 Autorizado.
    Pay,
    /// The payment was refused: 6 Denegado.
    Deny,
    /// The shopper did not pay in time: 3 Expirado.
    Expire,
    /// The money was settled: 9 Liquidado.
    Settle,
    /// The payment was refunded: 10 Reembolsado before settlement, 11 Devuelto after.
    Refund,
}

/// The confirmation code of a denied payment's notification: 9005, do not honor (the
/// issuer refused it), the catalogue's plainest denial.
const DENIAL_CODE: &str = "9005";

impl PayinEvent {
    /// The payinStateID a pay-in in state `from` moves to.
    pub fn target(self, from: i64) -> i64 {
        match self {
            PayinEvent::Pay => 5,
            PayinEvent::Deny => 6,
            PayinEvent::Expire => 3,
            PayinEvent::Settle => 9,
            PayinEvent::Refund if from == 9 => 11,
            PayinEvent::Refund => 10,
        }
    }

    /// errorDetails of its payment notification, {codeErrorTrx, messageErrorTrx}: a
    /// denial carries confirmation code 9005 (do not honor) with the catalogue's meaning;
    /// the others none.
    pub fn error(self) -> Option<(&'static str, &'static str)> {
        match self {
            PayinEvent::Deny => Some((
                DENIAL_CODE,
                payment_confirmation_code(DENIAL_CODE).map_or("Do not honor", |c| c.meaning),
            )),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payin::catalog::{payin_creation_code, payin_state};
    use crate::payin::lifecycle::payin_transition;
    use crate::payin::response::parse_payin_response;

    #[test]
    fn refusals_are_catalogue_codes_with_their_status() {
        let all = [
            Refusal::UnknownMerchant,
            Refusal::SubscriptionInactive,
            Refusal::Amount,
            Refusal::DuplicateOperation,
            Refusal::Internal,
        ];
        for r in all {
            assert!(payin_creation_code(r.code()).is_some(), "{r:?}");
            let parsed = parse_payin_response(r.answer().body.as_bytes()).unwrap();
            assert_eq!(parsed.error_code, r.code());
        }
        assert_eq!(Refusal::UnknownMerchant.answer().status, 401);
        let duplicate = Refusal::DuplicateOperation.answer();
        assert!(
            duplicate.body.contains("payinMerchantOperationNumber"),
            "{}",
            duplicate.body
        );
    }

    #[test]
    fn an_on_file_charge_needs_an_authorized_subscription() {
        let on_file = AnswerFamily::WalletOnFile;
        assert_eq!(on_file_refusal(on_file, None), Some(Refusal::SubscriptionInactive));
        let pending = SubscriptionStatus::Pending;
        assert_eq!(
            on_file_refusal(on_file, Some(&pending)),
            Some(Refusal::SubscriptionInactive)
        );
        assert_eq!(on_file_refusal(on_file, Some(&SubscriptionStatus::Authorized)), None);
        assert_eq!(on_file_refusal(AnswerFamily::Redirect, None), None);
    }

    #[test]
    fn a_null_expiry_takes_the_country_figure() {
        assert_eq!(expiration_minutes("PEN", "Cash", "45"), 45);
        assert_eq!(expiration_minutes("PEN", "Cash", ""), 120);
        assert_eq!(expiration_minutes("PEN", "BankTransfer", ""), 30);
        assert_eq!(expiration_minutes("PEN", "BankTransfer_Deeplink", ""), 20);
        assert_eq!(expiration_minutes("MXN", "TCTD", ""), 30);
        assert_eq!(expiration_minutes("DOP", "BankTransfer", ""), 120);
        // Brazil gives no cash figure: its online one.
        assert_eq!(expiration_minutes("BRL", "Cash", ""), 30);
        assert_eq!(expiration_minutes("XXX", "Cash", ""), 120);
    }

    #[test]
    fn events_move_along_the_lifecycle() {
        assert!(payin_state(NEW_PAYIN_STATE).is_some_and(|s| !s.is_final));
        for (event, from) in [
            (PayinEvent::Pay, NEW_PAYIN_STATE),
            (PayinEvent::Deny, NEW_PAYIN_STATE),
            (PayinEvent::Expire, NEW_PAYIN_STATE),
            (PayinEvent::Settle, 5),
            (PayinEvent::Refund, 5),
            (PayinEvent::Refund, 9),
        ] {
            let to = event.target(from);
            assert!(payin_transition(from, to).allowed, "{event:?} {from} -> {to}");
        }
        assert_eq!(PayinEvent::Refund.target(9), 11);
        let (code, meaning) = PayinEvent::Deny.error().unwrap();
        assert_eq!(payment_confirmation_code(code).map(|c| c.meaning), Some(meaning));
        assert_eq!(PayinEvent::Pay.error(), None);
    }
}
