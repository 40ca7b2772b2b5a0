//! The shape of every request body cobro validates or prepares, described once
//! (DESIGN.md sections 2 and 5): the four kinds, the unsigned pay-in body `prepare_payin`
//! completes, and the pay-in status query's body (DESIGN.md 9 row 36).
//!
//! The description is read from the JSON Schemas (`cobro::schema::requests`), which are built
//! from the field lists and constants the validation runs, so a field added to a rule
//! appears here too; `scripts/generate` writes the Python `TypedDict`s and the
//! TypeScript interfaces from it. It describes the form to send, the one validation
//! accepts without a warning: a free-text field is text (a whole number there is
//! WARN_NUMBER_FOR_STRING), while the amounts, merchant ids and other whole numbers
//! take each form the spec allows.

use crate::code::{Code, CodeClass};

/// A named request type: an object with a fixed set of keys, or an alias (an
/// enumeration of text values, or a map of metadata).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestType {
    /// The type's name in every language (`PayinRequest`, `Owner`).
    pub name: String,
    /// What it is, in one or two sentences; backquotes mark code.
    pub doc: String,
    /// Its keys, or what it stands for.
    pub body: RequestBody,
}

/// What a [`RequestType`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestBody {
    /// An object: its keys in the spec's order.
    Object(Vec<RequestField>),
    /// Another name for a type (`Literal[...]`, `Dict[str, str]`).
    Alias(RequestTy),
}

/// One key of an object [`RequestType`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestField {
    /// The JSON key, as the provider spells it.
    pub key: String,
    /// Its value's type.
    pub ty: RequestTy,
    /// Whether the key must be present (a `NotRequired` key in Python, `key?` in
    /// TypeScript otherwise). A key required only with some value of another key
    /// (owner.firstName for a PERSON) is not.
    pub required: bool,
}

/// The type of a request value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestTy {
    /// Text.
    Text,
    /// A JSON whole number.
    Integer,
    /// An amount written as a JSON number (the subscription amount, DESIGN.md 9 row 10).
    Amount,
    /// An amount sent as text with two decimals (`"29.90"`, the pay-in amount); a JSON
    /// number is accepted too (DESIGN.md 9 rows 9 and 10).
    AmountText,
    /// One of these text values.
    Literal(Vec<String>),
    /// A request type of this description, by name.
    Named(String),
    /// Any of these types (a merchant id: a whole number or its digit string).
    Union(Vec<RequestTy>),
    /// The value or JSON null.
    Nullable(Box<RequestTy>),
    /// A JSON array of the type.
    List(Box<RequestTy>),
    /// A JSON object of text keys and values of the type.
    Map(Box<RequestTy>),
}

/// The name of the typed request of each public form, in the order the bindings list
/// them: the four kinds of DESIGN.md section 2, the unsigned pay-in body
/// `prepare_payin` takes (DESIGN.md section 5) and the status query's body.
pub const REQUEST_NAMES: [&str; 6] = [
    VIRTUAL_ACCOUNT,
    SUBSCRIPTION,
    SUBSCRIPTION_CANCEL,
    PAYIN,
    UNSIGNED_PAYIN,
    PAYIN_STATUS,
];

/// The virtual-account creation body (spec 2.1).
pub const VIRTUAL_ACCOUNT: &str = "VirtualAccountRequest";
/// The subscription creation body (spec 2.3).
pub const SUBSCRIPTION: &str = "SubscriptionRequest";
/// The subscription cancellation body (spec 2.3).
pub const SUBSCRIPTION_CANCEL: &str = "SubscriptionCancelRequest";
/// The pay-in object (spec 2.4), signed and complete.
pub const PAYIN: &str = "PayinRequest";
/// The pay-in object as `prepare_payin` takes it (DESIGN.md section 5).
pub const UNSIGNED_PAYIN: &str = "UnsignedPayinRequest";
/// The pay-in status query's body (DESIGN.md 9 row 36).
pub const PAYIN_STATUS: &str = "PayinStatusRequest";

/// The name of the type of a report issue's code.
pub const ISSUE_CODE: &str = "IssueCode";

/// The codes a report issue can carry (DESIGN.md section 3), in catalogue order: the
/// values of [`ISSUE_CODE`].
pub fn issue_codes() -> impl Iterator<Item = &'static str> {
    Code::ALL
        .iter()
        .filter(|c| c.classes().contains(&CodeClass::Report))
        .map(|c| c.as_str())
}
