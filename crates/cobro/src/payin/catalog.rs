//! Pay-in catalogues as data (PROVIDER_FACTS.md "Error catalogues" and "Status
//! catalogues"): the creation codes of the pay-in answer
//! (payinErrorCode, 0000-0099), the payment confirmation codes of the payment
//! notification (errorDetails.codeErrorTrx, 9000-9099) and the pay-in states
//! (payinStateID 1, 2, 3, 5, 6, 9, 10, 11).
//!
//! The spec names only `0000` (spec 7.3) and the pending state (spec 3); everything else
//! comes from the provider's public pages as PROVIDER_FACTS.md records them, and from the
//! provider's error-codes page it points to (mirrored in the public repository
//! fralch/Monnet-Docu, `PAYINs/03-resources/05-error-codes.md`). Codes those pages do not
//! list are not invented: a lookup answers `None` for them, and the caller shows the
//! code and the service's own message.

use serde::Serialize;

use crate::catalog::{CodeInfo, Disposition, info, lookup};

use Disposition::{Declined, MerchantFix, Retry, Success};

/// The pay-in creation codes (payinErrorCode of the answer to a pay-in creation,
/// PROVIDER_FACTS.md "Pay-in creation"), strings with leading zeros.
///
/// Dispositions are decided here (the provider gives meanings only): a field or setting
/// the merchant sends or configures is `merchant_fix`; a fault the provider reports as
/// passing (0042 a failed send to the gateway, 0050 the processor temporarily
/// unavailable, 0099 an internal error) is `retry`. So is 0044 on an on-file charge:
/// the subscription is still PENDING because the customer has not authorized it yet,
/// and the same charge succeeds once the subscription webhook reports AUTHORIZED
/// ([`crate::subscription::lifecycle::may_charge`] answers from the stored status,
/// including the statuses that never become active).
///
/// 0022-0026 are summarized by PROVIDER_FACTS.md as one group ("customer document
/// type/number invalid or missing"); the meanings below follow the provider's
/// error-codes page, which lists 0023 and 0024 with the same text. 0014, 0016, 0020,
/// 0021, 0027-0029, 0033-0039, 0045 and 0052-0098 are listed nowhere and are absent.
pub const PAYIN_CREATION_CODES: &[CodeInfo] = &[
    info("0000", "Success: the pay-in was created", Success),
    info("0001", "payinMerchantID is empty", MerchantFix),
    info("0002", "payinAmount is empty", MerchantFix),
    info("0003", "payinCurrency is empty", MerchantFix),
    info("0004", "payinMerchantOperationNumber is empty", MerchantFix),
    info("0005", "payinVerification is empty", MerchantFix),
    info("0006", "payinTransactionErrorURL is empty", MerchantFix),
    info("0007", "payinTransactionOKURL is empty", MerchantFix),
    info("0008", "The processor code is not valid", MerchantFix),
    info("0009", "payinMerchantID is wrong", MerchantFix),
    info(
        "0010",
        "payinVerification is wrong: check the key and the four signed texts",
        MerchantFix,
    ),
    info("0011", "The merchant is not enabled", MerchantFix),
    info("0012", "payinTransactionErrorURL is not valid", MerchantFix),
    info("0013", "payinTransactionOKURL is not valid", MerchantFix),
    info("0015", "payinAmount is not in a valid format", MerchantFix),
    info("0017", "payinCurrency is not valid", MerchantFix),
    info("0018", "The processor is not valid", MerchantFix),
    info("0019", "The currency is not enabled for this merchant", MerchantFix),
    info(
        "0022",
        "Customer document: payinCustomerTypeDocument is missing or unknown",
        MerchantFix,
    ),
    info(
        "0023",
        "Customer document: payinCustomerDocument is missing",
        MerchantFix,
    ),
    info(
        "0024",
        "Customer document: payinCustomerDocument is missing (listed by the provider with the same text as 0023)",
        MerchantFix,
    ),
    info("0025", "Customer document: the document type is not valid", MerchantFix),
    info(
        "0026",
        "Customer document: the document number is not valid",
        MerchantFix,
    ),
    info(
        "0030",
        "The request does not comply with the pre-authorization rules (Argentina only)",
        MerchantFix,
    ),
    info("0031", "The processor code value is not registered", MerchantFix),
    info("0032", "The processor key is not registered", MerchantFix),
    info("0040", "A CBU is required (Argentina)", MerchantFix),
    info("0041", "A CUIT is required (Argentina)", MerchantFix),
    info("0042", "The request could not be sent to the payment gateway", Retry),
    info("0043", "The CBU and the CUIT do not match (Argentina)", MerchantFix),
    info(
        "0044",
        "The subscription is inactive: the customer has not authorized it yet; retry the charge once the subscription webhook reports AUTHORIZED (a subscription that expired, failed, was denied or was cancelled needs a new one)",
        Retry,
    ),
    info("0046", "The CBU exceeds its maximum length (Argentina)", MerchantFix),
    info("0047", "The CUIT exceeds its maximum length (Argentina)", MerchantFix),
    info("0048", "collectorCode is invalid or not supported", MerchantFix),
    info(
        "0049",
        "collectorCode is not enabled for this merchant account",
        MerchantFix,
    ),
    info("0050", "collectorCode: the processor is temporarily unavailable", Retry),
    info(
        "0051",
        "collectorCode: the collector is not available, or the currency or amount is outside its minimum/maximum",
        MerchantFix,
    ),
    info("0099", "Internal error of the pay-in service", Retry),
];

/// The payment confirmation codes (errorDetails.codeErrorTrx of a payment
/// notification, PROVIDER_FACTS.md "Payment confirmation").
///
/// The provider's error-codes page is the authority: every code it lists is here, with
/// its meaning (the page lists 9062 and 9094 twice; they appear once). The codes are
/// ISO 8583 (1987) response codes with 9000 added, and the meanings follow ISO 8583
/// where the page's text is terse. Two standard ISO 8583 codes the page omits are added
/// because processors pass them through: 9004 (pick up card) and 9091 (issuer or switch
/// inoperative). Others are not guessed: a lookup answers `None`.
///
/// Dispositions are decided here: `success` for 9000; `declined` when the shopper's
/// payment was refused (ask for another payment; repeating the same one will not help);
/// `retry` for a passing fault (issuer unavailable, timeouts, system malfunction, the
/// generic 9099); `merchant_fix` when the merchant's setup or request is at fault
/// (invalid merchant, invalid amount, format error, terminal not permitted, a duplicate
/// or unknown reference, the merchant's daily limit).
pub const PAYMENT_CONFIRMATION_CODES: &[CodeInfo] = &[
    info("9000", "Succeeded", Success),
    info(
        "9001",
        "Refer to card issuer: the shopper must contact the bank",
        Declined,
    ),
    info("9002", "Refer to card issuer, special conditions", Declined),
    info("9003", "Invalid merchant", MerchantFix),
    info("9004", "Pick up card (ISO 8583; not on the provider's page)", Declined),
    info("9005", "Do not honor: the issuer refused the payment", Declined),
    info("9007", "Pick up card, special condition", Declined),
    info("9012", "Invalid transaction", Declined),
    info("9013", "Invalid amount", MerchantFix),
    info("9014", "Invalid card number: no such card", Declined),
    info("9015", "No such issuer: the issuer or BIN does not exist", Declined),
    info("9017", "Customer cancellation", Declined),
    info("9019", "Re-enter transaction", Retry),
    info("9020", "Invalid response", Retry),
    info("9025", "Unable to locate the record on file", MerchantFix),
    info("9030", "Format error", MerchantFix),
    info("9031", "Bank not supported by the switch", Declined),
    info("9034", "Suspected fraud", Declined),
    info("9039", "No credit account", Declined),
    info("9040", "Requested function not supported", MerchantFix),
    info("9041", "Lost card", Declined),
    info("9043", "Stolen card, pick up", Declined),
    info("9051", "Insufficient funds", Declined),
    info("9052", "No checking (current) account", Declined),
    info("9054", "Expired card", Declined),
    info("9055", "Incorrect PIN", Declined),
    info("9056", "No card record", Declined),
    info("9057", "Transaction not permitted to the cardholder", Declined),
    info(
        "9058",
        "Transaction not permitted to the terminal (the merchant's setup)",
        MerchantFix,
    ),
    info("9061", "Exceeds the amount limit", Declined),
    info("9062", "Restricted card", Declined),
    info(
        "9065",
        "Exceeds the frequency limit (the provider: the merchant's daily number of transactions)",
        MerchantFix,
    ),
    info(
        "9066",
        "Card acceptor must call the acquirer's security department",
        MerchantFix,
    ),
    info("9068", "Response received too late", Retry),
    info("9075", "Allowable number of PIN tries exceeded", Declined),
    info("9078", "Card not activated", Declined),
    info("9080", "Card expiration date invalid", Declined),
    info("9089", "Customer information invalid", Declined),
    info(
        "9090",
        "Issuer or switch inoperative (ISO 8583 code 90: cutoff in process)",
        Retry,
    ),
    info(
        "9091",
        "Issuer or switch inoperative (ISO 8583; not on the provider's page)",
        Retry,
    ),
    info(
        "9092",
        "The financial institution or network cannot be found for routing",
        Retry,
    ),
    info("9093", "The transaction cannot be completed", Declined),
    info(
        "9094",
        "Duplicate transmission: check the earlier transaction before sending again",
        MerchantFix,
    ),
    info("9096", "System malfunction", Retry),
    info("9097", "Operation timeout", Retry),
    info("9099", "Error (generic)", Retry),
];

/// The meaning of a pay-in creation code (payinErrorCode), e.g. `"0010"`; `None` for a
/// code the provider does not list (PROVIDER_FACTS.md "Pay-in creation").
pub fn payin_creation_code(code: &str) -> Option<&'static CodeInfo> {
    lookup(PAYIN_CREATION_CODES, code)
}

/// The meaning of a payment confirmation code (errorDetails.codeErrorTrx), e.g.
/// `"9051"`; `None` for a code not in [`PAYMENT_CONFIRMATION_CODES`].
pub fn payment_confirmation_code(code: &str) -> Option<&'static CodeInfo> {
    lookup(PAYMENT_CONFIRMATION_CODES, code)
}

/// One pay-in state (payinStateID, PROVIDER_FACTS.md "Status catalogues"; the spec
/// names only "pending payment", section 3).
///
/// Key on the id: the descriptions vary in case and wording on the wire
/// ("Autorizado", "AUTORIZADO", "Aprobado" for 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PayinStateInfo {
    /// payinStateID.
    pub id: i64,
    /// The provider's Spanish name (`Autorizado`).
    pub name: &'static str,
    /// An English name (`authorized`).
    pub name_en: &'static str,
    /// What the state means for the merchant.
    pub meaning: &'static str,
    /// Whether the money was received and is kept at this point: true for 5 Autorizado
    /// and 9 Liquidado only. Ship the goods on `paid`; a later refund (10, 11) turns it
    /// false again.
    pub paid: bool,
    /// Whether the state can no longer change (decided from the provider's state
    /// names, see [`super::lifecycle`]): 1 and 2 can still change; 5 can become 9 or
    /// 10; 9 can become 11; 3, 6, 10 and 11 are final.
    pub is_final: bool,
}

const fn state(
    id: i64,
    name: &'static str,
    name_en: &'static str,
    meaning: &'static str,
    paid: bool,
    is_final: bool,
) -> PayinStateInfo {
    PayinStateInfo {
        id,
        name,
        name_en,
        meaning,
        paid,
        is_final,
    }
}

/// The pay-in states, by id (PROVIDER_FACTS.md "Status catalogues").
pub const PAYIN_STATES: &[PayinStateInfo] = &[
    state(
        1,
        "Creado",
        "created",
        "The pay-in was created; nothing has been paid yet",
        false,
        false,
    ),
    state(
        2,
        "Pendiente de pago",
        "pending",
        "Waiting for the shopper to pay (the state a new pay-in is left in, spec 3)",
        false,
        false,
    ),
    state(
        3,
        "Expirado",
        "expired",
        "The pay-in expired unpaid; a new pay-in is needed",
        false,
        true,
    ),
    state(
        5,
        "Autorizado",
        "paid",
        "The payment was completed successfully (authorized)",
        true,
        false,
    ),
    state(
        6,
        "Denegado",
        "denied",
        "The payment was denied; errorDetails may say why",
        false,
        true,
    ),
    state(
        9,
        "Liquidado",
        "settled",
        "The payment was settled to the merchant (reached only after authorization)",
        true,
        false,
    ),
    state(
        10,
        "Reembolsado",
        "refunded before settlement",
        "The authorized payment was refunded before it was settled",
        false,
        true,
    ),
    state(
        11,
        "Devuelto",
        "refunded after settlement",
        "The settled payment was refunded",
        false,
        true,
    ),
];

/// The pay-in state with id `id` (payinStateID); `None` for an id the provider does not
/// list (4, 7, 8 and anything else).
pub fn payin_state(id: i64) -> Option<&'static PayinStateInfo> {
    PAYIN_STATES.iter().find(|s| s.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unique_and_sorted(table: &[CodeInfo]) {
        for pair in table.windows(2) {
            if let [a, b] = pair {
                assert!(a.code < b.code, "{} before {}", a.code, b.code);
            }
        }
    }

    #[test]
    fn tables_are_sorted_without_duplicates() {
        unique_and_sorted(PAYIN_CREATION_CODES);
        unique_and_sorted(PAYMENT_CONFIRMATION_CODES);
        for pair in PAYIN_STATES.windows(2) {
            if let [a, b] = pair {
                assert!(a.id < b.id);
            }
        }
    }

    #[test]
    fn creation_codes() {
        assert_eq!(payin_creation_code("0000").map(|c| c.disposition), Some(Success));
        let c = payin_creation_code("0005").map(|c| c.meaning);
        assert_eq!(c, Some("payinVerification is empty"));
        assert_eq!(payin_creation_code("0099").map(|c| c.disposition), Some(Retry));
        let inactive = payin_creation_code("0044");
        assert_eq!(inactive.map(|c| c.disposition), Some(Retry));
        assert!(inactive.is_some_and(|c| c.meaning.starts_with("The subscription is inactive")));
        for absent in ["0014", "0045", "0052", "0098", "0", "00000", "", "9000"] {
            assert!(payin_creation_code(absent).is_none(), "{absent}");
        }
        for c in PAYIN_CREATION_CODES {
            assert!(c.code.len() == 4 && c.code.starts_with("00"), "{}", c.code);
            assert_eq!(c.disposition == Success, c.code == "0000");
        }
    }

    #[test]
    fn confirmation_codes() {
        for (code, disposition) in [
            ("9000", Success),
            ("9005", Declined),
            ("9012", Declined),
            ("9051", Declined),
            ("9054", Declined),
            ("9096", Retry),
            ("9099", Retry),
            ("9003", MerchantFix),
            ("9030", MerchantFix),
            ("9091", Retry),
        ] {
            assert_eq!(
                payment_confirmation_code(code).map(|c| c.disposition),
                Some(disposition),
                "{code}"
            );
        }
        for absent in ["9006", "9100", "0000", "51", ""] {
            assert!(payment_confirmation_code(absent).is_none(), "{absent}");
        }
        for c in PAYMENT_CONFIRMATION_CODES {
            assert!(c.code.len() == 4 && c.code.starts_with("90"), "{}", c.code);
        }
    }

    #[test]
    fn states() {
        let ids: Vec<i64> = PAYIN_STATES.iter().map(|s| s.id).collect();
        assert_eq!(ids, [1, 2, 3, 5, 6, 9, 10, 11]);
        assert_eq!(payin_state(5).map(|s| s.name), Some("Autorizado"));
        let paid: Vec<i64> = PAYIN_STATES.iter().filter(|s| s.paid).map(|s| s.id).collect();
        assert_eq!(paid, [5, 9]);
        let finals: Vec<i64> = PAYIN_STATES.iter().filter(|s| s.is_final).map(|s| s.id).collect();
        assert_eq!(finals, [3, 6, 10, 11]);
        for absent in [0, 4, 7, 8, 12, -1, i64::MAX] {
            assert!(payin_state(absent).is_none(), "{absent}");
        }
    }
}
