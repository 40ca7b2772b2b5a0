//! Spec 5.1: the virtual-account headers, X-Signature and their verification.
//!
//! The spec signs `timestamp + apiKey`; the provider's reference code signs
//! `timestamp + apiKey + owner.referenceId` (PROVIDER_FACTS.md, "Signing details").
//! Both are offered (DESIGN.md 9 row 30): the spec's text is the default, the other is
//! the named variant `reference_id`, and [`virtual_account_message_with`] shows the
//! exact text either one signs.

use std::fmt;

use hmac::{Hmac, Mac};
use sha2::Sha512;
use subtle::ConstantTimeEq;

use super::{Secret, SigningError, UnixSeconds, decimal, hex, non_empty, unhex};
use crate::code::Code;
use crate::messages::Locale;

/// Which text X-Signature covers, by name (DESIGN.md 9 row 30): what the CLI, the
/// bindings and [`PrepareOptions`](crate::PrepareOptions) select, where the referenceId
/// comes from elsewhere (an argument, or the body's owner.referenceId).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum VaSignatureVariant {
    /// Spec 5.1: `timestamp + apiKey` (the default).
    #[default]
    Spec,
    /// The provider's reference code: `timestamp + apiKey + owner.referenceId`.
    ReferenceId,
}

impl VaSignatureVariant {
    /// Both variants, the default first.
    pub const ALL: [VaSignatureVariant; 2] = [VaSignatureVariant::Spec, VaSignatureVariant::ReferenceId];

    /// `spec` or `reference_id`.
    pub fn as_str(self) -> &'static str {
        match self {
            VaSignatureVariant::Spec => "spec",
            VaSignatureVariant::ReferenceId => "reference_id",
        }
    }

    /// The variant named exactly `spec` or `reference_id`.
    pub fn from_name(name: &str) -> Option<VaSignatureVariant> {
        VaSignatureVariant::ALL.into_iter().find(|v| v.as_str() == name)
    }

    /// The variant named exactly `spec` or `reference_id`, or the argument error (for
    /// the argument `variant`) that says so.
    pub fn parse(name: &str) -> Result<VaSignatureVariant, SigningError> {
        VaSignatureVariant::from_name(name).ok_or(SigningError::InvalidArgument {
            name: "variant",
            allowed: "spec, reference_id",
        })
    }
}

/// An owner.referenceId that obeys spec 2.1's rule for the field (1-36 characters,
/// counted in Unicode code points): the one check validation applies to the body's
/// field, so a value validation refuses cannot be signed either.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReferenceId<'r>(&'r str);

impl<'r> ReferenceId<'r> {
    /// Checks `value` with the rule validation applies to owner.referenceId (DESIGN.md
    /// 9 row 32): a bad one is [`SigningError::InvalidField`] for the argument
    /// `reference_id`, with the code validation gives the field (ERR_INVALID_LENGTH).
    pub fn new(value: &'r str) -> Result<ReferenceId<'r>, SigningError> {
        crate::field::reference_id(value)
            .map(|()| ReferenceId(value))
            .map_err(|e| SigningError::field("reference_id", e))
    }

    /// The referenceId's text.
    pub fn as_str(&self) -> &'r str {
        self.0
    }
}

/// What X-Signature covers after `timestamp + apiKey` (DESIGN.md 9 row 30): nothing
/// (the spec, the default) or a checked owner.referenceId, so the `reference_id`
/// variant cannot exist without a valid id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum VaSignedText<'r> {
    /// Spec 5.1: `timestamp + apiKey`.
    #[default]
    Spec,
    /// The provider's reference code: `timestamp + apiKey + owner.referenceId`.
    ReferenceId(ReferenceId<'r>),
}

impl<'r> VaSignedText<'r> {
    /// The `reference_id` variant over `reference_id`, checked as [`ReferenceId::new`]
    /// checks it.
    pub fn reference_id(reference_id: &'r str) -> Result<VaSignedText<'r>, SigningError> {
        ReferenceId::new(reference_id).map(VaSignedText::ReferenceId)
    }

    /// The text from a variant name and an optional id, as the CLI and the bindings
    /// receive them. With no variant, a given id selects `reference_id` and no id
    /// `spec`. An id with the `spec` variant, or the `reference_id` variant without one,
    /// is refused (argument `reference_id`): either is a mistake, never a guess.
    pub fn from_parts(
        variant: Option<VaSignatureVariant>,
        reference_id: Option<&'r str>,
    ) -> Result<VaSignedText<'r>, SigningError> {
        match (variant, reference_id) {
            (None | Some(VaSignatureVariant::Spec), None) => Ok(VaSignedText::Spec),
            (None | Some(VaSignatureVariant::ReferenceId), Some(id)) => VaSignedText::reference_id(id),
            // The spec's text has no referenceId: giving one with that variant is a mistake.
            (Some(VaSignatureVariant::Spec), Some(_)) => Err(SigningError::InvalidField {
                name: "reference_id",
                code: Code::FieldNotAllowed,
                params: vec![("allowed_when", "variant=reference_id".to_string())],
            }),
            (Some(VaSignatureVariant::ReferenceId), None) => Err(SigningError::InvalidField {
                name: "reference_id",
                code: Code::MissingField,
                params: vec![("when", "variant=reference_id".to_string())],
            }),
        }
    }

    /// The variant's name.
    pub fn variant(&self) -> VaSignatureVariant {
        match self {
            VaSignedText::Spec => VaSignatureVariant::Spec,
            VaSignedText::ReferenceId(_) => VaSignatureVariant::ReferenceId,
        }
    }

    /// What follows `timestamp + apiKey`.
    fn suffix(&self) -> &'r str {
        match self {
            VaSignedText::Spec => "",
            VaSignedText::ReferenceId(id) => id.as_str(),
        }
    }
}

/// Spec 5.1: the message the X-Signature covers, timestamp followed by the API key
/// (see [`virtual_account_message_with`] for the `reference_id` variant).
pub fn virtual_account_message(timestamp: UnixSeconds, api_key: &str) -> String {
    virtual_account_message_with(timestamp, api_key, VaSignedText::Spec)
}

/// The exact text X-Signature covers under `text` (DESIGN.md 9 row 30): timestamp and
/// API key (spec 5.1), then owner.referenceId for the `reference_id` variant. Public so
/// a merchant can see what was signed.
pub fn virtual_account_message_with(timestamp: UnixSeconds, api_key: &str, text: VaSignedText<'_>) -> String {
    format!("{timestamp}{api_key}{}", text.suffix())
}

/// HMAC-SHA512 under the secret over [`virtual_account_message_with`], fed in parts so
/// the message is never built.
fn va_mac(timestamp: UnixSeconds, api_key: &str, text: VaSignedText<'_>, secret: &Secret) -> Hmac<Sha512> {
    let mut mac = match Hmac::<Sha512>::new_from_slice(secret.bytes()) {
        Ok(m) => m,
        // HMAC takes keys of any length; this arm is never taken.
        Err(_) => <Hmac<Sha512> as Mac>::new(&Default::default()),
    };
    let mut buf = [0u8; 20];
    mac.update(decimal(timestamp.get(), &mut buf));
    mac.update(api_key.as_bytes());
    mac.update(text.suffix().as_bytes());
    mac
}

/// Spec 5.1: X-Signature, lowercase hex HMAC-SHA512 keyed by the secret over
/// [`virtual_account_message`] (see [`virtual_account_signature_with`] for the
/// `reference_id` variant).
pub fn virtual_account_signature(
    timestamp: UnixSeconds,
    api_key: &str,
    secret: &Secret,
) -> Result<String, SigningError> {
    virtual_account_signature_with(timestamp, api_key, secret, VaSignedText::Spec)
}

/// X-Signature over the text `text` selects (DESIGN.md 9 row 30): lowercase hex
/// HMAC-SHA512 keyed by the secret over [`virtual_account_message_with`].
pub fn virtual_account_signature_with(
    timestamp: UnixSeconds,
    api_key: &str,
    secret: &Secret,
    text: VaSignedText<'_>,
) -> Result<String, SigningError> {
    non_empty("api_key", api_key)?;
    let tag = va_mac(timestamp, api_key, text, secret).finalize().into_bytes();
    Ok(hex(&tag))
}

/// Spec 5.1: X-Account-deposit-mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DepositMode {
    /// Only the account owner may deposit.
    Owner,
    /// Any person may deposit.
    Any,
}

impl DepositMode {
    /// `OWNER` or `ANY`.
    pub fn as_str(self) -> &'static str {
        match self {
            DepositMode::Owner => "OWNER",
            DepositMode::Any => "ANY",
        }
    }

    /// Both modes, in the spec's order.
    pub const ALL: [DepositMode; 2] = [DepositMode::Owner, DepositMode::Any];

    /// The mode named exactly `OWNER` or `ANY`, or the argument error that says so.
    pub fn parse(name: &str) -> Result<DepositMode, SigningError> {
        DepositMode::from_name(name).ok_or(SigningError::InvalidArgument {
            name: "deposit_mode",
            allowed: "OWNER, ANY",
        })
    }

    /// The mode named exactly `OWNER` or `ANY`.
    pub fn from_name(name: &str) -> Option<DepositMode> {
        DepositMode::ALL.into_iter().find(|m| m.as_str() == name)
    }
}

/// Spec 5.1: the four headers of a virtual-account request, in the spec's order (see
/// [`virtual_account_headers_with`] for the `reference_id` variant); `now`, the clock,
/// is sent as X-Timestamp.
pub fn virtual_account_headers(
    api_key: &str,
    secret: &Secret,
    now: UnixSeconds,
    deposit_mode: DepositMode,
) -> Result<Vec<(String, String)>, SigningError> {
    virtual_account_headers_with(api_key, secret, now, deposit_mode, VaSignedText::Spec)
}

/// Spec 5.1: the four headers in the spec's order, X-Signature over the text `text`
/// selects (DESIGN.md 9 row 30). The referenceId is signed, never sent as a header.
pub fn virtual_account_headers_with(
    api_key: &str,
    secret: &Secret,
    now: UnixSeconds,
    deposit_mode: DepositMode,
    text: VaSignedText<'_>,
) -> Result<Vec<(String, String)>, SigningError> {
    let signature = virtual_account_signature_with(now, api_key, secret, text)?;
    Ok(vec![
        (API_KEY_HEADER.to_string(), api_key.to_string()),
        (TIMESTAMP_HEADER.to_string(), now.to_string()),
        (SIGNATURE_HEADER.to_string(), signature),
        (DEPOSIT_MODE_HEADER.to_string(), deposit_mode.as_str().to_string()),
    ])
}

/// The header carrying the merchant's API key (spec 5.1).
pub const API_KEY_HEADER: &str = "X-Api-Key";

/// Whether the `X-Api-Key` value `given` is the merchant's key `expected` (spec 5.1),
/// compared in constant time, as the signatures are: the time taken does not depend on
/// where the two differ (it may on their lengths).
pub fn api_key_matches(expected: &str, given: &str) -> bool {
    bool::from(expected.as_bytes().ct_eq(given.as_bytes()))
}
/// The header carrying the request's Unix time in seconds (spec 5.1).
pub const TIMESTAMP_HEADER: &str = "X-Timestamp";
/// The header carrying the HMAC-SHA512 signature (spec 5.1).
pub const SIGNATURE_HEADER: &str = "X-Signature";
/// The header carrying the deposit mode, OWNER or ANY (spec 5.1).
pub const DEPOSIT_MODE_HEADER: &str = "X-Account-deposit-mode";
/// The four headers of spec 5.1, in the spec's order.
pub const HEADERS: [&str; 4] = [API_KEY_HEADER, TIMESTAMP_HEADER, SIGNATURE_HEADER, DEPOSIT_MODE_HEADER];

/// The spec's timestamp window: at most 2 minutes (spec 5.1, 8).
pub const DEFAULT_WINDOW_SECONDS: u64 = 120;

/// Why a virtual-account request's headers do not verify; codes are the provider's.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum VerifyError {
    /// A required header is absent or empty.
    MissingHeader {
        /// The header's name.
        name: &'static str,
    },
    /// A header's value is malformed (a timestamp that is not seconds, an unknown mode).
    InvalidHeader {
        /// The header's name.
        name: &'static str,
    },
    /// The timestamp is outside the window: `skew_seconds` > 0 is in the future.
    TimestampOutOfRange {
        /// Timestamp minus now, in seconds.
        skew_seconds: i64,
        /// The window, in seconds, either way.
        window_seconds: u64,
    },
    /// The signature does not match.
    InvalidSignature,
}

impl VerifyError {
    /// The provider's code (PROVIDER_FACTS.md), in the catalogue.
    pub fn code(&self) -> Code {
        match self {
            VerifyError::MissingHeader { .. } => Code::MissingHeader,
            VerifyError::InvalidHeader { .. } => Code::InvalidHeader,
            VerifyError::TimestampOutOfRange { .. } => Code::TimestampOutOfRange,
            VerifyError::InvalidSignature => Code::InvalidSignature,
        }
    }

    /// The header the error is about.
    pub fn header(&self) -> &'static str {
        match self {
            VerifyError::MissingHeader { name } | VerifyError::InvalidHeader { name } => name,
            VerifyError::TimestampOutOfRange { .. } => TIMESTAMP_HEADER,
            VerifyError::InvalidSignature => SIGNATURE_HEADER,
        }
    }

    /// The figures of the message: the window and how far off the timestamp is
    /// (`ahead_seconds` in the future or `behind_seconds` in the past), or what
    /// X-Signature covers.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        match self {
            VerifyError::TimestampOutOfRange {
                skew_seconds,
                window_seconds,
            } => {
                let way = if *skew_seconds > 0 {
                    "ahead_seconds"
                } else {
                    "behind_seconds"
                };
                vec![
                    ("window_seconds", window_seconds.to_string()),
                    (way, skew_seconds.unsigned_abs().to_string()),
                ]
            }
            VerifyError::InvalidSignature => vec![
                ("scheme", "HMAC-SHA512".to_string()),
                ("signed", "X-Timestamp, X-Api-Key".to_string()),
            ],
            _ => Vec::new(),
        }
    }

    /// The message in `locale`.
    pub fn message(&self, locale: Locale) -> String {
        crate::messages::render(self.code(), self.header(), &self.params(), locale)
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Locale::En))
    }
}

impl std::error::Error for VerifyError {}

fn header<'h, N: AsRef<str>, V: AsRef<str>>(headers: &'h [(N, V)], name: &'static str) -> Result<&'h str, VerifyError> {
    headers
        .iter()
        .find(|(n, _)| n.as_ref().eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_ref())
        .filter(|v| !v.is_empty())
        .ok_or(VerifyError::MissingHeader { name })
}

/// Verifies the headers of a virtual-account request (spec 5.1), for the receiving
/// side: all four present (names case-insensitive), the timestamp within
/// `window_seconds` of `now` either way, and X-Signature matching in constant time
/// (see [`verify_virtual_account_headers_with`] for the `reference_id` variant).
pub fn verify_virtual_account_headers<N: AsRef<str>, V: AsRef<str>>(
    headers: &[(N, V)],
    secret: &Secret,
    now: UnixSeconds,
    window_seconds: u64,
) -> Result<(), VerifyError> {
    verify_virtual_account_headers_with(headers, secret, now, window_seconds, VaSignedText::Spec)
}

/// Verifies the headers as [`verify_virtual_account_headers`] does, X-Signature taken
/// over the text `text` selects (DESIGN.md 9 row 30; for `reference_id`, the
/// owner.referenceId of the request's body). Compared in constant time on the decoded
/// bytes.
pub fn verify_virtual_account_headers_with<N: AsRef<str>, V: AsRef<str>>(
    headers: &[(N, V)],
    secret: &Secret,
    now: UnixSeconds,
    window_seconds: u64,
    text: VaSignedText<'_>,
) -> Result<(), VerifyError> {
    let api_key = header(headers, API_KEY_HEADER)?;
    let ts_text = header(headers, TIMESTAMP_HEADER)?;
    let signature = header(headers, SIGNATURE_HEADER)?;
    let mode = header(headers, DEPOSIT_MODE_HEADER)?;
    if DepositMode::from_name(mode).is_none() {
        return Err(VerifyError::InvalidHeader {
            name: DEPOSIT_MODE_HEADER,
        });
    }
    let ts = ts_text
        .parse::<i64>()
        .ok()
        .filter(|_| ts_text.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|s| UnixSeconds::new(s).ok())
        .ok_or(VerifyError::InvalidHeader { name: "X-Timestamp" })?;
    let skew = i128::from(ts.get()) - i128::from(now.get());
    if skew.unsigned_abs() > u128::from(window_seconds) {
        return Err(VerifyError::TimestampOutOfRange {
            skew_seconds: i64::try_from(skew).unwrap_or(i64::MAX),
            window_seconds,
        });
    }
    let tag = unhex::<64>(signature).ok_or(VerifyError::InvalidSignature)?;
    // `verify_slice` compares in constant time.
    va_mac(ts, api_key, text, secret)
        .verify_slice(&tag)
        .map_err(|_| VerifyError::InvalidSignature)
}

#[cfg(test)]
mod tests {
    use super::super::hmac_sha512_hex;
    use super::*;

    fn key() -> Secret {
        Secret::new("fake-test-key-not-real").unwrap()
    }

    #[test]
    fn va_headers_round_trip() {
        let now = UnixSeconds::new(1_700_000_000).unwrap();
        let h = virtual_account_headers("api-key-1", &key(), now, DepositMode::Owner).unwrap();
        assert_eq!(
            h[2].1,
            hmac_sha512_hex(b"fake-test-key-not-real", b"1700000000api-key-1")
        );
        assert_eq!(
            verify_virtual_account_headers(&h, &key(), now, DEFAULT_WINDOW_SECONDS),
            Ok(())
        );
        let later = UnixSeconds::new(1_700_000_121).unwrap();
        assert_eq!(
            verify_virtual_account_headers(&h, &key(), later, DEFAULT_WINDOW_SECONDS),
            Err(VerifyError::TimestampOutOfRange {
                skew_seconds: -121,
                window_seconds: 120
            })
        );
        let mut bad = h.clone();
        let flipped = if bad[2].1.starts_with('0') { "1" } else { "0" };
        bad[2].1.replace_range(0..1, flipped);
        assert_eq!(
            verify_virtual_account_headers(&bad, &key(), now, 120),
            Err(VerifyError::InvalidSignature)
        );
        let upper: Vec<(String, String)> = h
            .iter()
            .map(|(n, v)| {
                (
                    n.to_lowercase(),
                    if n == "X-Signature" {
                        v.to_uppercase()
                    } else {
                        v.clone()
                    },
                )
            })
            .collect();
        assert_eq!(verify_virtual_account_headers(&upper, &key(), now, 120), Ok(()));
        assert_eq!(
            verify_virtual_account_headers(&h[..3], &key(), now, 120),
            Err(VerifyError::MissingHeader {
                name: "X-Account-deposit-mode"
            })
        );
    }

    #[test]
    fn reference_id_variant_signs_the_id_too() {
        let now = UnixSeconds::new(1_700_000_000).unwrap();
        let text = VaSignedText::reference_id("user-1").unwrap();
        assert_eq!(
            virtual_account_message_with(now, "api-key-1", text),
            "1700000000api-key-1user-1"
        );
        let h = virtual_account_headers_with("api-key-1", &key(), now, DepositMode::Any, text).unwrap();
        assert_eq!(
            h[2].1,
            hmac_sha512_hex(b"fake-test-key-not-real", b"1700000000api-key-1user-1")
        );
        assert_eq!(verify_virtual_account_headers_with(&h, &key(), now, 120, text), Ok(()));
        // Each variant refuses the other's signature, and another id's.
        assert_eq!(
            verify_virtual_account_headers(&h, &key(), now, 120),
            Err(VerifyError::InvalidSignature)
        );
        let other = VaSignedText::reference_id("user-2").unwrap();
        assert_eq!(
            verify_virtual_account_headers_with(&h, &key(), now, 120, other),
            Err(VerifyError::InvalidSignature)
        );
    }

    #[test]
    fn reference_ids_obey_the_validation_rule() {
        let too_long = "x".repeat(37);
        for bad in ["", too_long.as_str()] {
            let e = VaSignedText::reference_id(bad).unwrap_err();
            assert_eq!(e.code(), Code::InvalidLength);
            assert_eq!(e.to_string(), "reference_id must have between 1 and 36 characters");
        }
        // Code points, not bytes (DESIGN.md 9 row 1).
        assert!(ReferenceId::new(&"ñ".repeat(36)).is_ok());
        assert!(ReferenceId::new(&"x".repeat(36)).is_ok());
    }

    #[test]
    fn variants_from_parts() {
        use VaSignatureVariant::{ReferenceId as Ref, Spec};
        assert_eq!(VaSignedText::from_parts(None, None), Ok(VaSignedText::Spec));
        assert_eq!(VaSignedText::from_parts(Some(Spec), None), Ok(VaSignedText::Spec));
        let id = VaSignedText::from_parts(None, Some("u")).unwrap();
        assert_eq!(id.variant(), Ref);
        assert_eq!(VaSignedText::from_parts(Some(Ref), Some("u")), Ok(id));
        for (variant, given) in [(Some(Spec), Some("u")), (Some(Ref), None)] {
            let e = VaSignedText::from_parts(variant, given).unwrap_err();
            assert!(e.to_string().starts_with("reference_id is"), "{e}");
        }
        assert_eq!(
            VaSignedText::from_parts(Some(Ref), Some("")).unwrap_err().code(),
            Code::InvalidLength
        );
        for v in VaSignatureVariant::ALL {
            assert_eq!(VaSignatureVariant::parse(v.as_str()), Ok(v));
        }
        assert_eq!(
            VaSignatureVariant::parse("reference-id").unwrap_err().code(),
            Code::InvalidArgument
        );
    }

    #[test]
    fn api_keys_match_exactly() {
        assert!(api_key_matches("mock-api-key", "mock-api-key"));
        for other in ["mock-api-keY", "mock-api-ke", "mock-api-key ", ""] {
            assert!(!api_key_matches("mock-api-key", other), "{other:?}");
        }
    }
}
