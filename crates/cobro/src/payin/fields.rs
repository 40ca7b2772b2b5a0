//! Spec 2.4: the fields of the pay-in request, in the table's order, with how each may
//! be left blank. This is the one field list: validation dispatches on it and the
//! prepare code completes bodies from it; and the readers of a field's text by its kind
//! of blank (required, blankable), which the field checks and the wallet checks share.

use crate::code::Code;
use crate::json::Value;
use crate::report::{Ctx, Path};
use crate::rules;

/// How a field of spec 2.4 may be left (DESIGN.md 9 rows 6, 7 and 24).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Blank {
    /// Must be present with a non-blank value (spec 2.4: names, e-mail, phone, products
    /// "must not be empty", payinDateTime "not empty", and every field the service needs
    /// to route or sign the payment). Numbers that must have a value are here too.
    Never,
    /// Must be present as a key; `""` is how it is left blank (DESIGN.md 9 rows 6 and 24).
    Allowed,
    /// May be absent altogether (payinVoucherTheme, processorCode, subscription).
    Optional,
    /// payinDiscountCoupon: non-blank for the countries whose table row says
    /// `coupon_required` (PE, MX, CO), `""` allowed elsewhere; always present as a key
    /// (DESIGN.md 9 row 7).
    CouponByCountry,
}

/// One field of spec 2.4's table, in the table's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FieldSpec {
    /// The JSON key.
    pub(crate) name: &'static str,
    /// How it may be left blank.
    pub(crate) blank: Blank,
    /// A free-text field (the spec says string) where a JSON whole number is accepted
    /// with WARN_NUMBER_FOR_STRING and its JSON text is the value (DESIGN.md 9 row 28).
    /// Fields whose digits carry meaning (document, phone) are not: a number there may
    /// have lost leading zeros on the way, so it stays ERR_INVALID_TYPE.
    pub(crate) number_as_text: bool,
}

/// One row of the table: a string field.
const fn f(name: &'static str, blank: Blank) -> FieldSpec {
    FieldSpec {
        name,
        blank,
        number_as_text: false,
    }
}

/// One row of the table: a free-text field that also takes a whole number (row 28).
const fn t(name: &'static str, blank: Blank) -> FieldSpec {
    FieldSpec {
        name,
        blank,
        number_as_text: true,
    }
}

/// Every field of spec 2.4, in the table's order (the slot constants below index it).
pub(crate) static FIELDS: &[FieldSpec] = &[
    f("payinMerchantID", Blank::Never),
    f("payinAmount", Blank::Never),
    f("payinCurrency", Blank::Never),
    t("payinMerchantOperationNumber", Blank::Never),
    f("payinMethod", Blank::Never),
    f("payinVerification", Blank::Never),
    f("payinTransactionOKURL", Blank::Never),
    f("payinTransactionErrorURL", Blank::Never),
    // May be null (DESIGN.md 9 row 8) but never "": it has no blank text form.
    f("payinExpirationTime", Blank::Never),
    f("payinLanguage", Blank::Never),
    f("payinCustomerEmail", Blank::Never),
    f("payinCustomerName", Blank::Never),
    f("payinCustomerLastName", Blank::Never),
    f("payinCustomerTypeDocument", Blank::Never),
    f("payinCustomerDocument", Blank::Never),
    f("payinCustomerPhone", Blank::Never),
    f("payinCustomerAddress", Blank::Allowed),
    f("payinCustomerCity", Blank::Allowed),
    // DESIGN.md 9 row 20: accepted empty; prepare writes Lima for PE.
    f("payinCustomerRegion", Blank::Allowed),
    f("payinCustomerCountry", Blank::Allowed),
    t("payinCustomerZipCode", Blank::Allowed),
    f("payinCustomerShippingName", Blank::Allowed),
    f("payinCustomerShippingPhone", Blank::Allowed),
    f("payinCustomerShippingAddress", Blank::Allowed),
    f("payinCustomerShippingCity", Blank::Allowed),
    f("payinCustomerShippingRegion", Blank::Allowed),
    f("payinCustomerShippingCountry", Blank::Allowed),
    t("payinCustomerShippingZipCode", Blank::Allowed),
    t("payinRegularCustomer", Blank::Allowed),
    t("payinCustomerID", Blank::Allowed),
    t("payinDiscountCoupon", Blank::CouponByCountry),
    t("payinFilterBy", Blank::Allowed),
    f("payinVoucherTheme", Blank::Optional),
    t("payinProductID", Blank::Never),
    f("payinProductDescription", Blank::Never),
    t("payinProductAmount", Blank::Never),
    t("payinProductSku", Blank::Never),
    t("payinProductQuantity", Blank::Never),
    f("payinDateTime", Blank::Never),
    f("URLMonnet", Blank::Never),
    f("typePost", Blank::Never),
    f("processorCode", Blank::Optional),
    f("subscription", Blank::Optional),
];

/// Number of fields of spec 2.4.
pub(crate) const COUNT: usize = 43;

/// Slot of `payinMerchantID` in [`FIELDS`] (spec 2.4).
pub(crate) const MERCHANT_ID: usize = 0;
/// Slot of `payinAmount` in [`FIELDS`] (spec 2.4).
pub(crate) const AMOUNT: usize = 1;
/// Slot of `payinCurrency` in [`FIELDS`] (spec 2.4).
pub(crate) const CURRENCY: usize = 2;
/// Slot of `payinMerchantOperationNumber` in [`FIELDS`] (spec 2.4).
pub(crate) const OPERATION_NUMBER: usize = 3;
/// Slot of `payinMethod` in [`FIELDS`] (spec 2.4).
pub(crate) const METHOD: usize = 4;
/// Slot of `payinVerification` in [`FIELDS`] (spec 2.4).
pub(crate) const VERIFICATION: usize = 5;
/// Slot of `payinTransactionOKURL` in [`FIELDS`] (spec 2.4).
pub(crate) const OK_URL: usize = 6;
/// Slot of `payinTransactionErrorURL` in [`FIELDS`] (spec 2.4).
pub(crate) const ERROR_URL: usize = 7;
/// Slot of `payinExpirationTime` in [`FIELDS`] (spec 2.4).
pub(crate) const EXPIRATION: usize = 8;
/// Slot of `payinLanguage` in [`FIELDS`] (spec 2.4).
pub(crate) const LANGUAGE: usize = 9;
/// Slot of `payinCustomerEmail` in [`FIELDS`] (spec 2.4).
pub(crate) const EMAIL: usize = 10;
/// Slot of `payinCustomerName` in [`FIELDS`] (spec 2.4).
pub(crate) const NAME: usize = 11;
/// Slot of `payinCustomerLastName` in [`FIELDS`] (spec 2.4).
pub(crate) const LAST_NAME: usize = 12;
/// Slot of `payinCustomerTypeDocument` in [`FIELDS`] (spec 2.4).
pub(crate) const TYPE_DOCUMENT: usize = 13;
/// Slot of `payinCustomerDocument` in [`FIELDS`] (spec 2.4).
pub(crate) const DOCUMENT: usize = 14;
/// Slot of `payinCustomerPhone` in [`FIELDS`] (spec 2.4).
pub(crate) const PHONE: usize = 15;
/// Slot of `payinCustomerCountry` in [`FIELDS`] (spec 2.4).
pub(crate) const COUNTRY: usize = 19;
/// Slot of `payinCustomerShippingCountry` in [`FIELDS`] (spec 2.4).
pub(crate) const SHIPPING_COUNTRY: usize = 26;
/// Slot of `payinDiscountCoupon` in [`FIELDS`] (spec 2.4).
pub(crate) const COUPON: usize = 30;
/// Slot of `payinVoucherTheme` in [`FIELDS`] (spec 2.4).
pub(crate) const VOUCHER_THEME: usize = 32;
/// Slot of `payinProductDescription` in [`FIELDS`] (spec 2.4).
pub(crate) const PRODUCT_DESCRIPTION: usize = 34;
/// Slot of `payinDateTime` in [`FIELDS`] (spec 2.4).
pub(crate) const DATE_TIME: usize = 38;
/// Slot of `URLMonnet` in [`FIELDS`] (spec 2.4).
pub(crate) const URL_MONNET: usize = 39;
/// Slot of `typePost` in [`FIELDS`] (spec 2.4).
pub(crate) const TYPE_POST: usize = 40;
/// Slot of `processorCode` in [`FIELDS`] (spec 2.4).
pub(crate) const PROCESSOR_CODE: usize = 41;
/// Slot of `subscription` in [`FIELDS`] (spec 2.4).
pub(crate) const SUBSCRIPTION: usize = 42;

/// Whether `prepare_payin` writes the field in `slot` when the caller leaves its key out
/// (DESIGN.md section 5): payinVerification (computed), typePost (`json`), payinDateTime
/// (today), and every field whose blank form is `""`. The unsigned pay-in request type
/// (`shape::UNSIGNED_PAYIN`) does not require them.
pub(crate) fn filled_by_prepare(slot: usize) -> bool {
    matches!(slot, VERIFICATION | TYPE_POST | DATE_TIME)
        || FIELDS
            .get(slot)
            .is_some_and(|f| matches!(f.blank, Blank::Allowed | Blank::CouponByCountry))
}

/// The slot of `key` in [`FIELDS`]: a `match`, so dispatch costs no string search
/// (a test proves it agrees with [`FIELDS`]).
pub(crate) fn slot(key: &str) -> Option<usize> {
    Some(match key {
        "payinMerchantID" => 0,
        "payinAmount" => 1,
        "payinCurrency" => 2,
        "payinMerchantOperationNumber" => 3,
        "payinMethod" => 4,
        "payinVerification" => 5,
        "payinTransactionOKURL" => 6,
        "payinTransactionErrorURL" => 7,
        "payinExpirationTime" => 8,
        "payinLanguage" => 9,
        "payinCustomerEmail" => 10,
        "payinCustomerName" => 11,
        "payinCustomerLastName" => 12,
        "payinCustomerTypeDocument" => 13,
        "payinCustomerDocument" => 14,
        "payinCustomerPhone" => 15,
        "payinCustomerAddress" => 16,
        "payinCustomerCity" => 17,
        "payinCustomerRegion" => 18,
        "payinCustomerCountry" => 19,
        "payinCustomerZipCode" => 20,
        "payinCustomerShippingName" => 21,
        "payinCustomerShippingPhone" => 22,
        "payinCustomerShippingAddress" => 23,
        "payinCustomerShippingCity" => 24,
        "payinCustomerShippingRegion" => 25,
        "payinCustomerShippingCountry" => 26,
        "payinCustomerShippingZipCode" => 27,
        "payinRegularCustomer" => 28,
        "payinCustomerID" => 29,
        "payinDiscountCoupon" => 30,
        "payinFilterBy" => 31,
        "payinVoucherTheme" => 32,
        "payinProductID" => 33,
        "payinProductDescription" => 34,
        "payinProductAmount" => 35,
        "payinProductSku" => 36,
        "payinProductQuantity" => 37,
        "payinDateTime" => 38,
        "URLMonnet" => 39,
        "typePost" => 40,
        "processorCode" => 41,
        "subscription" => 42,
        _ => return None,
    })
}

/// Spec 2.4's table as the fields of the pay-in object: [`slot`] for each key, the
/// table's names for each slot.
pub(crate) struct Table;

impl rules::Shape for Table {
    fn slot(&self, key: &str) -> Option<usize> {
        slot(key)
    }

    fn name(&self, slot: usize) -> Option<&'static str> {
        FIELDS.get(slot).map(|f| f.name)
    }
}

/// A field that must be present with a non-blank string (spec 2.4 "never empty", "must
/// not be empty"; DESIGN.md 9 row 6): absent or null is ERR_MISSING_FIELD, another type
/// ERR_INVALID_TYPE, blank ERR_EMPTY_FIELD. Returns the text when it is usable.
pub(crate) fn required<'v>(ctx: &mut Ctx, path: &Path<'_>, value: Option<&'v Value<'v>>) -> Option<&'v str> {
    required_text(ctx, path, value, false)
}

/// [`required`], for a field that may be a free-text one of DESIGN.md 9 row 28.
pub(crate) fn required_text<'v>(
    ctx: &mut Ctx,
    path: &Path<'_>,
    value: Option<&'v Value<'v>>,
    number_as_text: bool,
) -> Option<&'v str> {
    present_text(ctx, path, value, number_as_text).filter(|s| rules::non_blank(ctx, path, s))
}

/// The text of a field that must be present: absent or null is ERR_MISSING_FIELD.
pub(crate) fn present_text<'v>(
    ctx: &mut Ctx,
    path: &Path<'_>,
    value: Option<&'v Value<'v>>,
    number_as_text: bool,
) -> Option<&'v str> {
    match value {
        None | Some(Value::Null) => {
            ctx.report(path, Code::MissingField, &[]);
            None
        }
        Some(v) => text(ctx, path, v, number_as_text),
    }
}

/// A string's content or, in a free-text field of DESIGN.md 9 row 28, a JSON whole
/// number's text (with WARN_NUMBER_FOR_STRING); anything else is ERR_INVALID_TYPE.
pub(crate) fn text<'v>(ctx: &mut Ctx, path: &Path<'_>, value: &'v Value<'v>, number_as_text: bool) -> Option<&'v str> {
    match value {
        Value::String(s) => Some(s),
        _ if number_as_text => rules::free_text(ctx, path, value),
        other => {
            rules::wrong_type(ctx, path, "string", other);
            None
        }
    }
}

/// A field whose blank form is `""` (DESIGN.md 9 rows 6 and 24): absent is
/// ERR_MISSING_FIELD unless the field is optional, with the `blank_allowed` param so the
/// message says to send `""` (row 29); null or another type is ERR_INVALID_TYPE (the
/// way to leave it blank is `""`, not null).
pub(crate) fn blankable<'v>(
    ctx: &mut Ctx,
    path: &Path<'_>,
    value: Option<&'v Value<'v>>,
    blank: Blank,
) -> Option<&'v str> {
    blankable_text(ctx, path, value, blank, false)
}

/// [`blankable`], for a field that may be a free-text one of DESIGN.md 9 row 28.
pub(crate) fn blankable_text<'v>(
    ctx: &mut Ctx,
    path: &Path<'_>,
    value: Option<&'v Value<'v>>,
    blank: Blank,
    number_as_text: bool,
) -> Option<&'v str> {
    match value {
        Some(v) => text(ctx, path, v, number_as_text),
        None => {
            if blank != Blank::Optional {
                ctx.report(path, Code::MissingField, &[("blank_allowed", "true")]);
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_agree_with_the_table() {
        assert_eq!(FIELDS.len(), COUNT);
        for (i, field) in FIELDS.iter().enumerate() {
            assert_eq!(slot(field.name), Some(i), "{}", field.name);
        }
        assert_eq!(slot("data"), None);
        assert_eq!(slot("PayinAmount"), None);
        let named = [
            (MERCHANT_ID, "payinMerchantID"),
            (AMOUNT, "payinAmount"),
            (CURRENCY, "payinCurrency"),
            (OPERATION_NUMBER, "payinMerchantOperationNumber"),
            (METHOD, "payinMethod"),
            (VERIFICATION, "payinVerification"),
            (OK_URL, "payinTransactionOKURL"),
            (ERROR_URL, "payinTransactionErrorURL"),
            (EXPIRATION, "payinExpirationTime"),
            (LANGUAGE, "payinLanguage"),
            (EMAIL, "payinCustomerEmail"),
            (NAME, "payinCustomerName"),
            (LAST_NAME, "payinCustomerLastName"),
            (TYPE_DOCUMENT, "payinCustomerTypeDocument"),
            (DOCUMENT, "payinCustomerDocument"),
            (PHONE, "payinCustomerPhone"),
            (COUNTRY, "payinCustomerCountry"),
            (SHIPPING_COUNTRY, "payinCustomerShippingCountry"),
            (COUPON, "payinDiscountCoupon"),
            (VOUCHER_THEME, "payinVoucherTheme"),
            (PRODUCT_DESCRIPTION, "payinProductDescription"),
            (DATE_TIME, "payinDateTime"),
            (URL_MONNET, "URLMonnet"),
            (TYPE_POST, "typePost"),
            (PROCESSOR_CODE, "processorCode"),
            (SUBSCRIPTION, "subscription"),
        ];
        for (i, name) in named {
            assert_eq!(FIELDS.get(i).map(|f| f.name), Some(name));
        }
    }

    #[test]
    fn free_text_fields_of_row_28() {
        let named: Vec<&str> = FIELDS.iter().filter(|f| f.number_as_text).map(|f| f.name).collect();
        assert_eq!(
            named,
            [
                "payinMerchantOperationNumber",
                "payinCustomerZipCode",
                "payinCustomerShippingZipCode",
                "payinRegularCustomer",
                "payinCustomerID",
                "payinDiscountCoupon",
                "payinFilterBy",
                "payinProductID",
                "payinProductAmount",
                "payinProductSku",
                "payinProductQuantity",
            ]
        );
    }

    #[test]
    fn only_the_three_optional_fields_may_be_absent() {
        let optional: Vec<&str> = FIELDS
            .iter()
            .filter(|f| f.blank == Blank::Optional)
            .map(|f| f.name)
            .collect();
        assert_eq!(optional, ["payinVoucherTheme", "processorCode", "subscription"]);
    }
}
