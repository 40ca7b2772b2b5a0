//! Spec 2.1 and 8: the schema of the virtual-account creation request, from the rules
//! of `virtual_account` and the per-country table.

use super::node::{Defs, Node, Obj, texts};
use super::{is, metadata_key, metadata_value, object, one_of, patterns, property, string, text, unexpressed, when};
use crate::country::COUNTRIES;
use crate::metadata;
use crate::virtual_account::{
    ACCOUNT_NAME_LENGTH, ACCOUNT_TYPES, CALLING_CODE_MAX, CATEGORIES, COMPANY_NAME_LENGTH, CVU_NAME_LENGTH,
    DIGITS_ONLY, EMAIL_LENGTH, LETTERS_AND_DIGITS, NAME_SEPARATORS, NAME_WORDS_MAX, OWNER_TYPES, PERSON_NAME_LENGTH,
    PHONE_NUMBER_MAX,
};

/// The body: `owner`, `account`, optional `metadata`, and the rules that need
/// account.country.
pub(super) fn body(defs: &mut Defs) -> Obj {
    let owner = owner(defs);
    let account = account(defs);
    let properties = Obj::new()
        .with("owner", defs.name("Owner", owner))
        .with("account", defs.name("Account", account))
        .with("metadata", meta());
    object(&["owner", "account"], properties).with("allOf", by_country())
}

/// Spec 2.1 `owner`: the names typed here, required and checked by owner.type.
fn owner(defs: &mut Defs) -> Obj {
    let name = |need: &str| {
        unexpressed(
            Obj::new().with("type", texts(["string", "null"])).with(
                "description",
                format!("Spec 2.1: required when owner.type is {need}, and checked there."),
            ),
            &[
                "DESIGN.md 9 row 17: for the other owner.type cobro ignores it (not checked), where this schema still types it",
            ],
        )
    };
    let phone = object(
        &["countryCode", "number"],
        Obj::new()
            .with(
                "countryCode",
                unexpressed(
                    string().with("pattern", patterns::anchored(&format!("[0-9]{{1,{CALLING_CODE_MAX}}}"))),
                    &["WARN_PHONE_COUNTRY_MISMATCH: not the calling code of account.country"],
                ),
            )
            .with(
                "number",
                string().with("pattern", patterns::anchored(&format!("[0-9]{{1,{PHONE_NUMBER_MAX}}}"))),
            ),
    );
    let properties = Obj::new()
        .with("referenceId", {
            let (min, max) = crate::field::REFERENCE_ID_LENGTH;
            text(min, max)
        })
        .with(
            "type",
            defs.name("OwnerType", one_of(OWNER_TYPES.values.iter().copied())),
        )
        .with("document", defs.name("OwnerDocument", document()))
        .with("firstName", name("PERSON"))
        .with("lastName", name("PERSON"))
        .with("companyName", name("COMPANY"))
        .with(
            "email",
            text(EMAIL_LENGTH.0, EMAIL_LENGTH.1).with("pattern", patterns::email()),
        )
        .with("phone", defs.name("OwnerPhone", phone));
    let (min, max) = PERSON_NAME_LENGTH;
    let person = object(
        &["firstName", "lastName"],
        Obj::new()
            .with("firstName", text(min, max))
            .with("lastName", text(min, max)),
    );
    let company = object(
        &["companyName"],
        Obj::new().with("companyName", text(COMPANY_NAME_LENGTH.0, COMPANY_NAME_LENGTH.1)),
    );
    object(&["referenceId", "type", "document", "email", "phone"], properties).with(
        "allOf",
        vec![when(is("type", "PERSON"), person), when(is("type", "COMPANY"), company)],
    )
}

/// Spec 2.1 `owner.document`: the number's format follows its type (DESIGN.md 9 row
/// 2); which types a country accepts is a rule of the body (see [`by_country`]).
fn document() -> Obj {
    let mut formats: Vec<Node> = Vec::new();
    for c in COUNTRIES {
        let Some(va) = c.virtual_account else { continue };
        for t in va.document_types {
            let format = if va.letter_documents.contains(t) {
                LETTERS_AND_DIGITS
            } else {
                DIGITS_ONLY
            };
            formats.push(when(
                is("type", t),
                property("number", string().with("pattern", patterns::anchored(format))),
            ));
        }
    }
    object(
        &["type", "number"],
        Obj::new().with("type", string()).with(
            "number",
            unexpressed(
                string(),
                &[
                    "WARN_CHECK_DIGIT: the check digit of the document type",
                    "WARN_DOCUMENT_FORMAT: the real format of the document type (DESIGN.md 9 row 33)",
                ],
            ),
        ),
    )
    .with("allOf", formats)
}

/// Spec 2.1 `account`; the format of account.name follows account.type (DESIGN.md 9
/// row 4).
fn account(defs: &mut Defs) -> Obj {
    let (a, b) = NAME_WORDS_MAX;
    let mut formats = vec![when(
        is("type", "CVU"),
        property(
            "name",
            string().with(
                "pattern",
                patterns::anchored(&format!(
                    "[a-zA-Z0-9._-]{{{},{}}}",
                    CVU_NAME_LENGTH.0, CVU_NAME_LENGTH.1
                )),
            ),
        ),
    )];
    for (t, sep) in NAME_SEPARATORS {
        let sep = if sep == '.' { "\\.".to_string() } else { sep.to_string() };
        formats.push(when(
            is("type", t),
            property(
                "name",
                string().with(
                    "pattern",
                    patterns::anchored(&format!("[A-Za-z]{{1,{a}}}{sep}[A-Za-z]{{1,{b}}}")),
                ),
            ),
        ));
    }
    let countries: Vec<&str> = COUNTRIES
        .iter()
        .filter(|c| c.virtual_account.is_some())
        .map(|c| c.alpha3)
        .collect();
    let properties = Obj::new()
        .with(
            "category",
            defs.name(
                "AccountCategory",
                text(crate::virtual_account::CATEGORY_LENGTH.0, crate::virtual_account::CATEGORY_LENGTH.1)
                    .with("enum", texts(CATEGORIES.values.iter().copied())),
            ),
        )
        .with(
            "type",
            defs.name(
                "AccountType",
                unexpressed(
                    one_of(ACCOUNT_TYPES.values.iter().copied()),
                    &["WARN_ACCOUNT_TYPE_UNCONFIRMED: a country whose account type the spec does not show (DESIGN.md 9 row 3)"],
                ),
            ),
        )
        .with("country", defs.name("AccountCountry", one_of(countries)))
        .with(
            "currency",
            unexpressed(
                string().with("pattern", patterns::anchored("[A-Z]{3}")),
                &["WARN_CURRENCY_MISMATCH: not the currency of account.country (DESIGN.md 9 row 16)"],
            ),
        )
        .with("name", text(ACCOUNT_NAME_LENGTH.0, ACCOUNT_NAME_LENGTH.1));
    object(&["category", "type", "country", "currency", "name"], properties).with("allOf", formats)
}

/// Spec 2.1 `metadata`: an object of at most five keys; null or `{}` pass with
/// WARN_EMPTY_METADATA (DESIGN.md 9 row 5).
fn meta() -> Obj {
    Obj::new()
        .with("type", texts(["object", "null"]))
        .with("maxProperties", metadata::MAX_ENTRIES)
        .with("propertyNames", metadata_key())
        .with("additionalProperties", metadata_value())
}

/// Spec 2.1: the document and account types of each country of account.country.
fn by_country() -> Vec<Node> {
    COUNTRIES
        .iter()
        .filter_map(|c| c.virtual_account.map(|va| (c, va)))
        .map(|(c, va)| {
            let condition = property("account", is("country", c.alpha3)).with("required", texts(["account"]));
            let then = Obj::new().with(
                "properties",
                Obj::new()
                    .with(
                        "owner",
                        property("document", property("type", one_of(va.document_types.iter().copied()))),
                    )
                    .with("account", property("type", one_of(va.account_types.iter().copied()))),
            );
            when(condition, then)
        })
        .collect()
}
