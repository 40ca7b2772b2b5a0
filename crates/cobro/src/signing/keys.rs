//! The inputs that make the classic signing bugs impossible (DESIGN.md section 4): a
//! secret key that refuses bad values and never prints, and seconds that refuse
//! milliseconds.

use std::fmt;

use zeroize::Zeroize;

use super::SigningError;

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

    pub(super) fn bytes(&self) -> &[u8] {
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
    /// 1970-01-01T00:00:00Z: the time validation before prepare completes a body at,
    /// since no rule judges the date prepare writes, only its form.
    pub(crate) const EPOCH: UnixSeconds = UnixSeconds(0);

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

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> Secret {
        Secret::new("fake-test-key-not-real").unwrap()
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
}
