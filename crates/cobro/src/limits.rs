//! The limits every body is read under (DESIGN.md section 8), and the one rule that
//! turns a caller's optional size limit into them.
//!
//! The core applies them in [`crate::json::parse`]; the CLI and the bindings apply the
//! same ones before they hand a body over (a read stops at [`Limits::read_at_most`], a
//! buffer is measured with [`Limits::too_large`] before it is copied), so a body gets
//! the same ERR_BODY_TOO_LARGE whichever way it arrives.

/// The size and nesting limits a body is read under (DESIGN.md section 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest body accepted, in bytes.
    pub max_bytes: usize,
    /// Deepest nesting of arrays and objects accepted; the top-level value is depth 1.
    pub max_depth: usize,
}

impl Limits {
    /// The size limit when the caller gives none: 1 MiB. The largest request of the spec
    /// (a pay-in with its products and metadata) is a few KiB, so this leaves room for
    /// any real request while bounding what a hostile one can make the reader do.
    pub const DEFAULT_MAX_BYTES: usize = 1 << 20;

    /// The nesting limit, the same for every value, known fields and unknown ones alike.
    /// The deepest body of the spec has depth 3; 64 leaves room for the merchant's own
    /// unknown fields while keeping the reader's recursion shallow.
    pub const MAX_DEPTH: usize = 64;

    /// The limits of a body whose caller gave the size limit `max_bytes`: `None` is the
    /// default, [`Limits::DEFAULT_MAX_BYTES`]; `Some(n)` accepts bodies of at most `n`
    /// bytes, so `Some(0)` accepts only the empty body (which is then reported as empty,
    /// ERR_EMPTY_FIELD): no number stands for "the default" or "no limit". The nesting
    /// limit is always [`Limits::MAX_DEPTH`].
    ///
    /// This is the rule of the `max_bytes` options of [`crate::ValidateOptions`] and
    /// [`crate::PrepareOptions`], and of every binding's `max_bytes`/`maxBytes`.
    pub const fn for_body(max_bytes: Option<usize>) -> Limits {
        Limits {
            max_bytes: match max_bytes {
                Some(n) => n,
                None => Limits::DEFAULT_MAX_BYTES,
            },
            max_depth: Limits::MAX_DEPTH,
        }
    }

    /// Whether a body of `size` bytes is past the size limit: the core refuses it with
    /// ERR_BODY_TOO_LARGE (params `size`, `limit`) before reading any of it. A body of
    /// exactly `max_bytes` bytes is within it.
    pub const fn too_large(&self, size: usize) -> bool {
        size > self.max_bytes
    }

    /// How many bytes of a body are worth reading: one past the size limit, which tells
    /// "too large" apart from "exactly at the limit" without reading the rest of an
    /// oversized or endless body (STYLE.md 15).
    pub const fn read_at_most(&self) -> usize {
        self.max_bytes.saturating_add(1)
    }
}

impl Default for Limits {
    /// The limits of a caller that gives no size limit (`Limits::for_body(None)`), and
    /// those of the parsers of [`crate::parse`].
    fn default() -> Self {
        Limits::for_body(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Params;

    #[test]
    fn a_size_limit_is_the_callers_or_the_default() {
        let default = Limits::for_body(None);
        assert_eq!(default, Limits::default());
        assert_eq!(default.max_bytes, 1024 * 1024);
        assert_eq!(default.max_depth, Limits::MAX_DEPTH);
        for n in [
            0,
            1,
            10,
            Limits::DEFAULT_MAX_BYTES,
            Limits::DEFAULT_MAX_BYTES + 1,
            usize::MAX,
        ] {
            let limits = Limits::for_body(Some(n));
            assert_eq!((limits.max_bytes, limits.max_depth), (n, Limits::MAX_DEPTH));
        }
    }

    #[test]
    fn a_body_at_the_limit_fits_and_one_byte_more_does_not() {
        for limits in [Limits::for_body(None), Limits::for_body(Some(10))] {
            let max = limits.max_bytes;
            assert!(!limits.too_large(0) && !limits.too_large(max));
            assert!(limits.too_large(max + 1) && limits.too_large(usize::MAX));
            assert_eq!(limits.read_at_most(), max + 1);
        }
        // Zero accepts only the empty body, and a limit of the whole address space
        // still has a byte count to read.
        let none = Limits::for_body(Some(0));
        assert!(!none.too_large(0) && none.too_large(1));
        assert_eq!(Limits::for_body(Some(usize::MAX)).read_at_most(), usize::MAX);
        assert!(!Limits::for_body(Some(usize::MAX)).too_large(usize::MAX));
    }

    /// The options of `validate` and `prepare_*` apply the same rule, end to end: a body
    /// of exactly the limit is read, one byte more is ERR_BODY_TOO_LARGE with its size
    /// and the limit, and a limit of 0 leaves only the empty body, reported as empty.
    #[test]
    fn the_options_apply_the_rule() {
        use crate::{Code, Kind, PrepareOptions, ValidateOptions, validate};
        let body = br#"{"merchantId": 1, "subscriptionDetails": {"type": "RECURRENT", "customerId": "1", "processorCode": "Wallet_on_file"}}"#;
        let size = body.len();
        let report = |body: &[u8], max_bytes: Option<usize>| {
            let options = ValidateOptions {
                max_bytes,
                ..Default::default()
            };
            assert_eq!(options.limits(), Limits::for_body(max_bytes));
            validate(Kind::SubscriptionCancel, body, &options)
        };
        assert!(report(body, Some(size)).valid);
        assert!(report(body, None).valid);
        for max in [size - 1, 0] {
            let issue = &report(body, Some(max)).errors[0];
            assert_eq!((issue.code, &*issue.path.as_text()), (Code::BodyTooLarge, ""));
            assert_eq!(
                issue.params,
                Params::from([("size", size.to_string().into()), ("limit", max.to_string().into())])
            );
        }
        assert_eq!(report(b"", Some(0)).errors[0].code, Code::EmptyField);
        let prepare = PrepareOptions {
            max_bytes: Some(3),
            ..Default::default()
        };
        assert_eq!(prepare.limits(), Limits::for_body(Some(3)));
    }
}
