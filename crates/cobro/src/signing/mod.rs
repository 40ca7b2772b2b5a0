//! Signing and verification (spec section 5, DESIGN.md section 4).
//!
//! Every hash is lowercase hex over UTF-8 bytes, fields concatenated with no separator;
//! nothing is trimmed or re-cased. Comparisons decode the hex first and compare bytes
//! in constant time, so the case of the hex never matters and timing reveals nothing.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha512};

mod error;
mod keys;
mod payin;
mod subscription;
mod virtual_account;

pub(crate) use error::rule;
pub use error::{
    SigningError, WholeArgument, merchant_id_from_integer, merchant_id_from_text, size_argument, whole_argument,
};
pub use keys::{MILLISECONDS_THRESHOLD, Secret, UnixSeconds};
pub use payin::{
    payin_status_authorization, payin_verification, payin_verification_text, verify_payin_status_authorization,
    verify_payin_verification,
};
pub use subscription::{
    SUBSCRIPTION_TYPES, subscription_authorization, subscription_authorization_text, verify_subscription_authorization,
};
pub use virtual_account::{
    API_KEY_HEADER, DEFAULT_WINDOW_SECONDS, DEPOSIT_MODE_HEADER, DepositMode, HEADERS as VIRTUAL_ACCOUNT_HEADERS,
    ReferenceId, SIGNATURE_HEADER, TIMESTAMP_HEADER, VaSignatureVariant, VaSignedText, VerifyError, api_key_matches,
    verify_virtual_account_headers, verify_virtual_account_headers_with, virtual_account_headers,
    virtual_account_headers_with, virtual_account_message, virtual_account_message_with, virtual_account_signature,
    virtual_account_signature_with,
};

fn non_empty(name: &'static str, value: &str) -> Result<(), SigningError> {
    if value.is_empty() {
        Err(SigningError::EmptyArgument { name })
    } else {
        Ok(())
    }
}

/// `bytes` as lowercase hexadecimal.
pub(crate) fn hex(bytes: &[u8]) -> String {
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

    #[test]
    fn decimals() {
        for n in [0, 7, 10, 1_700_000_000, u64::MAX] {
            assert_eq!(decimal(n, &mut [0u8; 20]), n.to_string().as_bytes());
        }
    }
}
