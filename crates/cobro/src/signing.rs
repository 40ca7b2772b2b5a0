//! Signing and verification (spec section 5, DESIGN.md section 4).
//!
//! Every hash is lowercase hex over UTF-8 bytes, fields concatenated with no separator;
//! nothing is trimmed or re-cased. Comparisons decode the hex first and compare bytes
//! in constant time, so the case of the hex never matters and timing reveals nothing.

use std::fmt;

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha512};
use subtle::ConstantTimeEq;
use zeroize::Zeroize;

use crate::amount::{Amount, AmountError};
use crate::code::Code;
use crate::field::{self, FieldError};
use crate::messages::Locale;

mod virtual_account;

pub use virtual_account::{
    DEFAULT_WINDOW_SECONDS, DepositMode, ReferenceId, VaSignatureVariant, VaSignedText, VerifyError,
    verify_virtual_account_headers, verify_virtual_account_headers_with, virtual_account_headers,
    virtual_account_headers_with, virtual_account_message, virtual_account_message_with, virtual_account_signature,
    virtual_account_signature_with,
};

/// A secret key: the pay-in key (spec 5.2, 5.3) or the virtual-account secret (5.1).
///
/// Refuses an empty value and surrounding whitespace (a pasted newline is the classic
/// bug), prints as `[REDACTED]` everywhere, and is zeroized on drop.
#[derive(Clone)]
pub struct Secret {
    value: String,
}

impl Secret {
    /// Wraps `value`; fails on an empty value or one with leading/trailing whitespace.
    pub fn new(value: impl Into<String>) -> Result<Secret, SigningError> {
        let mut value = value.into();
        if value.is_empty() {
            return Err(SigningError::EmptySecret);
        }
        if value.trim() != value {
            value.zeroize();
            return Err(SigningError::SecretWhitespace);
        }
        Ok(Secret { value })
    }

    fn bytes(&self) -> &[u8] {
        self.value.as_bytes()
    }
}

impl Drop for Secret {
    fn drop(&mut self) {
        self.value.zeroize();
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret([REDACTED])")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[REDACTED]")
    }
}

/// Seconds since the Unix epoch (the unit of X-Timestamp, PROVIDER_FACTS.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnixSeconds(u64);

/// From this value on a timestamp is taken for milliseconds: as seconds it would be
/// past the year 5000, as milliseconds it is any date after March 1973.
pub const MILLISECONDS_THRESHOLD: u64 = 100_000_000_000;

impl UnixSeconds {
    /// Wraps `seconds`; refuses negative values and values that look like milliseconds.
    pub fn new(seconds: i64) -> Result<UnixSeconds, SigningError> {
        let Ok(s) = u64::try_from(seconds) else {
            return Err(SigningError::NegativeTimestamp);
        };
        if s >= MILLISECONDS_THRESHOLD {
            return Err(SigningError::TimestampInMilliseconds { value: s });
        }
        Ok(UnixSeconds(s))
    }

    /// The number of seconds.
    pub fn get(self) -> u64 {
        self.0
    }
}

impl fmt::Display for UnixSeconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A bad argument to a signing function. Never carries a secret. Its code, params and
/// message come from the catalogue ([`Code`]), like a report issue's, with the
/// argument's name in place of the path.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SigningError {
    /// The secret is empty (ERR_EMPTY_SECRET).
    EmptySecret,
    /// The secret has leading or trailing whitespace (ERR_SECRET_WHITESPACE).
    SecretWhitespace,
    /// The timestamp is negative (ERR_NEGATIVE_TIMESTAMP).
    NegativeTimestamp,
    /// The timestamp looks like milliseconds (ERR_TIMESTAMP_IN_MILLISECONDS).
    TimestampInMilliseconds {
        /// The value given.
        value: u64,
    },
    /// A required argument is empty (ERR_EMPTY_ARGUMENT).
    EmptyArgument {
        /// The argument's name.
        name: &'static str,
    },
    /// An argument names none of its choices (ERR_INVALID_ARGUMENT).
    InvalidArgument {
        /// The argument's name.
        name: &'static str,
        /// The choices, as the message lists them (`spec, reference_id`).
        allowed: &'static str,
    },
    /// Text to sign or a key is not valid Unicode (ERR_NOT_UNICODE).
    NotUnicode {
        /// The argument's name.
        name: &'static str,
    },
    /// A date argument is not `YYYY-MM-DD` (ERR_INVALID_DATE).
    InvalidDate {
        /// The argument's name.
        name: &'static str,
    },
    /// The system clock, read for a default, is before 1970 (ERR_CLOCK_BEFORE_EPOCH).
    ClockBeforeEpoch,
    /// The amount is not a valid amount (ERR_INVALID_AMOUNT, for the argument `amount`).
    InvalidAmount(AmountError),
    /// An argument breaks the rule validation applies to the same field of a body
    /// (DESIGN.md 9 row 32): the same code and params a report would carry, from the
    /// same core function.
    InvalidField {
        /// The argument's name.
        name: &'static str,
        /// The report code of the rule (e.g. ERR_OUT_OF_RANGE for merchant id 0).
        code: Code,
        /// The rule's figures, as in the report's `params`.
        params: Vec<(&'static str, String)>,
    },
}

impl SigningError {
    /// The error's code in the catalogue.
    pub fn code(&self) -> Code {
        match self {
            SigningError::EmptySecret => Code::EmptySecret,
            SigningError::SecretWhitespace => Code::SecretWhitespace,
            SigningError::NegativeTimestamp => Code::NegativeTimestamp,
            SigningError::TimestampInMilliseconds { .. } => Code::TimestampInMilliseconds,
            SigningError::EmptyArgument { .. } => Code::EmptyArgument,
            SigningError::InvalidArgument { .. } => Code::InvalidArgument,
            SigningError::NotUnicode { .. } => Code::NotUnicode,
            SigningError::InvalidDate { .. } => Code::InvalidDate,
            SigningError::ClockBeforeEpoch => Code::ClockBeforeEpoch,
            SigningError::InvalidAmount(_) => Code::InvalidAmount,
            SigningError::InvalidField { code, .. } => *code,
        }
    }

    /// The argument the error is about (`""` for a key or timestamp, whose own
    /// messages name them).
    pub fn argument(&self) -> &'static str {
        match self {
            SigningError::EmptyArgument { name }
            | SigningError::InvalidArgument { name, .. }
            | SigningError::NotUnicode { name }
            | SigningError::InvalidDate { name }
            | SigningError::InvalidField { name, .. } => name,
            SigningError::InvalidAmount(_) => "amount",
            _ => "",
        }
    }

    /// The rule's figures, as a report issue's `params`.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            SigningError::TimestampInMilliseconds { value } => vec![("value", value.to_string())],
            SigningError::InvalidArgument { allowed, .. } => vec![("allowed", (*allowed).to_string())],
            SigningError::InvalidAmount(e) => vec![
                ("reason", e.as_str().to_string()),
                ("max_integer_digits", crate::amount::MAX_INTEGER_DIGITS.to_string()),
            ],
            SigningError::InvalidField { params, .. } => params.clone(),
            _ => Vec::new(),
        }
    }

    /// The message in `locale`: it names the argument and the rule, never the value.
    pub fn message(&self, locale: Locale) -> String {
        crate::messages::render(self.code(), self.argument(), &self.params(), locale)
    }

    /// The error of argument `name` that broke a shared value rule.
    pub(crate) fn field(name: &'static str, error: FieldError) -> SigningError {
        SigningError::InvalidField {
            name,
            code: error.code,
            params: error.params,
        }
    }
}

/// Checks argument `name` with the value rule validation applies to the same field.
fn rule<T>(name: &'static str, result: Result<T, FieldError>) -> Result<T, SigningError> {
    result.map_err(|e| SigningError::field(name, e))
}

impl fmt::Display for SigningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Locale::En))
    }
}

impl std::error::Error for SigningError {}

// Here rather than in `locale`: messages (which `SigningError` renders with) sit below
// that module, so it cannot name this error without a circle.
impl Locale {
    /// The locale tagged `tag` (`en` or `es`), or the argument error (for the argument
    /// `locale`) that lists the tags: what a binding raises for a tag its caller typed.
    pub fn parse(tag: &str) -> Result<Locale, SigningError> {
        Locale::from_tag(tag).ok_or(SigningError::InvalidArgument {
            name: "locale",
            allowed: "en, es",
        })
    }
}

/// A merchant id given as a whole number of the caller's language (a JS safe integer
/// or bigint), judged as validation judges one (DESIGN.md 9 row 32): zero, negative
/// values and values past 2^63 - 1 are ERR_OUT_OF_RANGE.
pub fn merchant_id_from_integer(name: &'static str, value: i128) -> Result<u64, SigningError> {
    let (min, max) = field::MERCHANT_ID;
    match u64::try_from(value) {
        Ok(v) => rule(name, field::merchant_id(v)),
        Err(_) => Err(SigningError::field(name, field::out_of_range(min, max))),
    }
}

/// A merchant id sent as text (spec 2.3, 2.4: the provider's samples send digits as
/// strings), for bindings whose callers pass strings: judged exactly as validation
/// judges a merchant id string (DESIGN.md 9 row 32), so `"0"` is ERR_OUT_OF_RANGE and
/// `"12a"` ERR_INVALID_TYPE.
pub fn merchant_id_from_text(name: &'static str, text: &str) -> Result<u64, SigningError> {
    let (min, max) = field::MERCHANT_ID;
    rule(name, field::integer(text, "string", min, max))
}

fn non_empty(name: &'static str, value: &str) -> Result<(), SigningError> {
    if value.is_empty() {
        Err(SigningError::EmptyArgument { name })
    } else {
        Ok(())
    }
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    // `n` is below 16, so the lookup never misses (and the check compiles away).
    let nibble = |n: u8| char::from(DIGITS.get(usize::from(n)).copied().unwrap_or(b'0'));
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(nibble(b >> 4));
        out.push(nibble(b & 0x0f));
    }
    out
}

/// Writes `n` in decimal into `buf`, returning the text: no allocation on the signing
/// path.
pub(crate) fn decimal(n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        if let Some(slot) = buf.get_mut(i) {
            *slot = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || i == 0 {
            break;
        }
    }
    buf.get(i..).unwrap_or_default()
}

/// Decodes hex of either case into exactly `N` bytes.
fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let bytes = text.as_bytes();
    if bytes.len() != N * 2 {
        return None;
    }
    let mut out = [0u8; N];
    for (o, pair) in out.iter_mut().zip(bytes.chunks_exact(2)) {
        let nib = |b: u8| match b {
            b'0'..=b'9' => Some(b - b'0'),
            b'a'..=b'f' => Some(b - b'a' + 10),
            b'A'..=b'F' => Some(b - b'A' + 10),
            _ => None,
        };
        let (hi, lo) = match pair {
            [h, l] => (nib(*h)?, nib(*l)?),
            _ => return None,
        };
        *o = hi << 4 | lo;
    }
    Some(out)
}

/// SHA-512 of `parts` concatenated, then the key.
fn sha512_with_key(parts: &[&[u8]], key: &Secret) -> [u8; 64] {
    let mut h = Sha512::new();
    for p in parts {
        h.update(p);
    }
    h.update(key.bytes());
    h.finalize().into()
}

/// Spec 5.3: payinVerification, over the texts exactly as they appear in the body.
/// Used by validation and notification checks, where the body's own text is what the
/// provider hashed.
pub fn payin_verification_text(
    merchant_id: &str,
    operation_number: &str,
    amount: &str,
    currency: &str,
    key: &Secret,
) -> String {
    hex(&sha512_with_key(
        &[
            merchant_id.as_bytes(),
            operation_number.as_bytes(),
            amount.as_bytes(),
            currency.as_bytes(),
        ],
        key,
    ))
}

/// Spec 5.3: payinVerification, the lowercase hex SHA-512 of payinMerchantID,
/// payinMerchantOperationNumber, payinAmount (canonical two-decimal text) and
/// payinCurrency, then the key. DESIGN.md 9 row 32: the merchant id, operation number
/// and currency are refused exactly where validation refuses them in a body (merchant id
/// 0: ERR_OUT_OF_RANGE; `pen`: ERR_INVALID_CURRENCY; 51 characters: ERR_INVALID_LENGTH).
pub fn payin_verification(
    merchant_id: u64,
    operation_number: &str,
    amount: Amount,
    currency: &str,
    key: &Secret,
) -> Result<String, SigningError> {
    rule("merchant_id", field::merchant_id(merchant_id))?;
    rule("operation_number", field::operation_number(operation_number))?;
    rule("currency", field::currency(currency))?;
    let (mut id_buf, mut amount_buf) = ([0u8; 20], [0u8; 24]);
    let parts = [
        decimal(merchant_id, &mut id_buf),
        operation_number.as_bytes(),
        amount.canonical_bytes(&mut amount_buf),
        currency.as_bytes(),
    ];
    Ok(hex(&sha512_with_key(&parts, key)))
}

/// Whether `given` (hex, either case) is the payinVerification of the texts; compared
/// in constant time on the decoded bytes.
pub fn verify_payin_verification(
    merchant_id: &str,
    operation_number: &str,
    amount: &str,
    currency: &str,
    given: &str,
    key: &Secret,
) -> bool {
    let parts = [merchant_id, operation_number, amount, currency].map(str::as_bytes);
    let expected = sha512_with_key(&parts, key);
    match unhex::<64>(given) {
        Some(g) => bool::from(expected.ct_eq(&g)),
        None => false,
    }
}

/// The subscription type values of spec 2.3, accepted by [`subscription_authorization`].
pub const SUBSCRIPTION_TYPES: [&str; 2] = field::SUBSCRIPTION_TYPES;

/// Spec 5.2: `Bearer ` + lowercase hex SHA-512 of merchantId, type, customerId,
/// processorCode, then the key. DESIGN.md 9 row 32: each argument is refused exactly
/// where validation refuses the same field of a body, with the same code (merchant id 0:
/// ERR_OUT_OF_RANGE; type `recurrent`: ERR_INVALID_FIELD; customerId `+51...`:
/// ERR_INVALID_FORMAT; a blank one: ERR_EMPTY_FIELD).
pub fn subscription_authorization(
    merchant_id: u64,
    subscription_type: &str,
    customer_id: &str,
    processor_code: &str,
    key: &Secret,
) -> Result<String, SigningError> {
    rule("merchant_id", field::merchant_id(merchant_id))?;
    rule("type", field::subscription_type(subscription_type))?;
    rule("customer_id", field::customer_id(customer_id))?;
    rule("processor_code", field::processor_code(processor_code))?;
    Ok(subscription_authorization_text(
        &merchant_id.to_string(),
        subscription_type,
        customer_id,
        processor_code,
        key,
    ))
}

/// Spec 5.2 over the texts as they appear in a body (see [`subscription_authorization`]).
pub fn subscription_authorization_text(
    merchant_id: &str,
    subscription_type: &str,
    customer_id: &str,
    processor_code: &str,
    key: &Secret,
) -> String {
    let parts = [merchant_id, subscription_type, customer_id, processor_code].map(str::as_bytes);
    let digest = sha512_with_key(&parts, key);
    format!("Bearer {}", hex(&digest))
}

/// Lowercase hex SHA-512 of `data` (for known-answer tests and callers that hash).
pub fn sha512_hex(data: &[u8]) -> String {
    hex(&Sha512::digest(data))
}

/// Lowercase hex HMAC-SHA512 of `data` under a raw `key` (known-answer tests, RFC 4231).
pub fn hmac_sha512_hex(key: &[u8], data: &[u8]) -> String {
    let mut mac = match Hmac::<Sha512>::new_from_slice(key) {
        Ok(m) => m,
        Err(_) => return String::new(),
    };
    mac.update(data);
    hex(&mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> Secret {
        Secret::new("fake-test-key-not-real").unwrap()
    }

    #[test]
    fn unknown_names_list_every_choice() {
        use crate::Kind;
        use crate::parse::DocumentKind;
        let allowed = |e: SigningError| {
            assert_eq!(e.code(), Code::InvalidArgument);
            e.params()
        };
        let tags = Locale::ALL.map(Locale::tag).join(", ");
        assert_eq!(allowed(Locale::parse("fr").unwrap_err()), vec![("allowed", tags)]);
        let kinds = Kind::ALL.map(Kind::as_str).join(", ");
        assert_eq!(allowed(Kind::parse("Payin").unwrap_err()), vec![("allowed", kinds)]);
        let documents = DocumentKind::ALL.map(DocumentKind::as_str).join(", ");
        assert_eq!(
            allowed(DocumentKind::parse("").unwrap_err()),
            vec![("allowed", documents)]
        );
        assert_eq!(Locale::parse("es"), Ok(Locale::Es));
        assert_eq!(Kind::parse("payin"), Ok(Kind::Payin));
        assert_eq!(DocumentKind::parse("payin-response"), Ok(DocumentKind::PayinResponse));
        assert_eq!(
            Kind::parse("x").unwrap_err().to_string(),
            "kind must be one of: virtual-account, subscription, subscription-cancel, payin"
        );
    }

    #[test]
    fn merchant_ids_from_text() {
        assert_eq!(merchant_id_from_text("m", "00674"), Ok(674));
        // DESIGN.md 9 row 32: the codes validation gives a merchant id string.
        for (bad, code) in [
            ("", "ERR_EMPTY_FIELD"),
            ("-1", "ERR_OUT_OF_RANGE"),
            ("0", "ERR_OUT_OF_RANGE"),
            ("1.0", "ERR_INVALID_TYPE"),
            (" 1", "ERR_INVALID_TYPE"),
            ("١", "ERR_INVALID_TYPE"),
            ("9223372036854775808", "ERR_OUT_OF_RANGE"),
            ("18446744073709551616", "ERR_OUT_OF_RANGE"),
        ] {
            let err = merchant_id_from_text("m", bad).unwrap_err();
            assert_eq!(err.code().as_str(), code, "{bad}");
            assert!(err.to_string().starts_with("m "), "{err}");
        }
        let err = payin_verification(0, "OP", Amount::parse("1").unwrap(), "PEN", &key()).unwrap_err();
        assert_eq!(err.code(), Code::OutOfRange);
        assert_eq!(
            err.to_string(),
            "merchant_id must be a whole number between 1 and 9223372036854775807"
        );
    }

    #[test]
    fn decimals() {
        for n in [0, 7, 10, 1_700_000_000, u64::MAX] {
            assert_eq!(decimal(n, &mut [0u8; 20]), n.to_string().as_bytes());
        }
    }

    #[test]
    fn secret_refusals_and_redaction() {
        assert_eq!(Secret::new("").unwrap_err(), SigningError::EmptySecret);
        assert_eq!(Secret::new("abc\n").unwrap_err(), SigningError::SecretWhitespace);
        assert_eq!(Secret::new(" abc").unwrap_err(), SigningError::SecretWhitespace);
        let k = key();
        assert_eq!(format!("{k:?}"), "Secret([REDACTED])");
        assert_eq!(format!("{k}"), "[REDACTED]");
    }

    #[test]
    fn timestamps() {
        assert!(UnixSeconds::new(1_700_000_000).is_ok());
        assert_eq!(UnixSeconds::new(-1).unwrap_err(), SigningError::NegativeTimestamp);
        let e = UnixSeconds::new(1_700_000_000_000).unwrap_err();
        assert!(e.to_string().contains("milliseconds"));
    }

    #[test]
    fn payin_hash_is_sha512_of_concatenation() {
        let a = Amount::parse("150.5").unwrap();
        let got = payin_verification(1234, "OP-1", a, "PEN", &key()).unwrap();
        assert_eq!(got, sha512_hex(b"1234OP-1150.50PENfake-test-key-not-real"));
        assert!(verify_payin_verification(
            "1234",
            "OP-1",
            "150.50",
            "PEN",
            &got.to_uppercase(),
            &key()
        ));
        assert!(!verify_payin_verification("1234", "OP-1", "150.5", "PEN", &got, &key()));
        assert!(!verify_payin_verification("1234", "OP-1", "150.50", "PEN", "", &key()));
    }
}
