//! The pay-in status query, an extension beyond the spec (DESIGN.md 9 row 36;
//! PROVIDER_FACTS.md "Beyond the spec"): its operation, request and credential, marked
//! `x-cobro-extension`. Its answer is with the notifications, whose fields it shares.

use super::super::node::{Defs, Node, Obj, texts};
use super::super::{object, patterns, string, unexpressed};
use super::{content, reference};
use crate::field::{MERCHANT_ID, OPERATION_NUMBER_MAX};
use crate::payin::status::AUTHORIZATION_HEADER;

/// What marks an extension.
const EXTENSION: &str =
    "DESIGN.md 9 row 36: documented by the provider beyond the spec (PROVIDER_FACTS.md \"Beyond the spec\")";

/// The security scheme's name.
pub(super) const SCHEME: &str = "payinStatusAuthorization";

/// The operation: `POST` with the merchant id in the path.
pub(super) fn operation() -> Obj {
    let (min, max) = MERCHANT_ID;
    let merchant = Obj::new()
        .with("name", "merchantId")
        .with("in", "path")
        .with("required", true)
        .with("description", "The merchant id, as the provider gave it.")
        .with(
            "schema",
            Obj::new()
                .with("type", "integer")
                .with("minimum", min)
                .with("maximum", max),
        );
    let refusal = |description: &str| {
        Node::from(
            Obj::new()
                .with("description", description)
                .with("content", content(reference("PayinStatusRefusal"))),
        )
    };
    Obj::new()
        .with("operationId", "queryPayinStatus")
        .with("tags", texts(["pay-ins"]))
        .with("summary", "Query the states of pay-ins (an extension beyond the spec)")
        .with(
            "description",
            "Not in the spec; documented by the provider (PROVIDER_FACTS.md \"Beyond the spec\"). How a merchant confirms a pay-in's state before releasing goods: a notification's signature does not cover its state. The credential has no time in it and can be replayed: keep it as secret as the key. cobro's prepare_payin_status writes the request.",
        )
        .with("x-cobro-extension", EXTENSION)
        .with("parameters", vec![Node::from(merchant)])
        .with("security", vec![Node::from(Obj::new().with(SCHEME, Vec::<Node>::new()))])
        .with(
            "requestBody",
            Obj::new()
                .with("required", true)
                .with("content", content(reference("PayinStatusRequest"))),
        )
        .with(
            "responses",
            Obj::new()
                .with(
                    "200",
                    Obj::new()
                        .with("description", "The operations found.")
                        .with("content", content(reference("PayinStatus"))),
                )
                .with(
                    "400",
                    refusal("A request the provider's rules refuse. The provider documents no error answer; this is cobro mock's."),
                )
                .with(
                    "401",
                    refusal("A credential that does not match the merchant. The provider documents no error answer; this is cobro mock's."),
                ),
        )
}

/// The request body: an operation number, a date range, or both.
pub(super) fn request(defs: &mut Defs) -> Obj {
    let date = |which: &str| {
        unexpressed(
            string().with("pattern", patterns::civil_date()).with(
                "description",
                format!("The {which} day, YYYY-MM-DD; given with the other end of the range."),
            ),
            &["ERR_INVALID_DATE: a day its month has, in a year from 0001"],
        )
    };
    let properties = Obj::new()
        .with(
            "payinMerchantOperationNumber",
            unexpressed(
                string().with("maxLength", OPERATION_NUMBER_MAX).with(
                    "description",
                    "The merchant's sale reference; an empty one asks for every transaction.",
                ),
                &["ERR_EMPTY_FIELD: blank but not empty"],
            ),
        )
        .with(
            "payinStartDate",
            unexpressed(
                date("first"),
                &["ERR_DATE_NOT_BEFORE: before the current day, as the provider requires"],
            ),
        )
        .with(
            "payinEndDate",
            unexpressed(date("last"), &["ERR_DATE_TOO_EARLY: not before payinStartDate"]),
        );
    let schema = unexpressed(
        object(&[], properties)
            .with("minProperties", 1usize)
            .with(
                "dependentRequired",
                Obj::new()
                    .with("payinStartDate", texts(["payinEndDate"]))
                    .with("payinEndDate", texts(["payinStartDate"])),
            )
            .with("x-cobro-extension", EXTENSION)
            .with(
                "description",
                "An operation number, a date range, or both. The provider's docs print these bodies as `data: {...}`, which is not JSON: send the object itself.",
            ),
        &["ERR_MISSING_FIELD: payinMerchantOperationNumber or the date range (an unknown key alone asks for nothing)"],
    );
    defs.name("PayinStatusRequest", schema)
}

/// The answer the mock gives a refused query (the provider documents none).
pub(super) fn refusal(defs: &mut Defs) -> Obj {
    let schema = object(
        &["message"],
        Obj::new().with("message", string()).with(
            "field",
            string().with("description", "The request's key at fault (400)."),
        ),
    )
    .with("x-cobro-extension", EXTENSION);
    defs.name("PayinStatusRefusal", schema)
}

/// The credential: the `authorization` header.
pub(super) fn security() -> Obj {
    Obj::new()
        .with("type", "apiKey")
        .with("in", "header")
        .with("name", AUTHORIZATION_HEADER)
        .with(
            "description",
            "PROVIDER_FACTS.md \"Beyond the spec\": 64 lowercase hexadecimal characters ([0-9a-f]{64}), the SHA-256 of the merchant id's decimal text followed directly by the pay-in key. It covers no time and no body. cobro's prepare_payin_status computes it.",
        )
        .with("x-cobro-extension", EXTENSION)
}
