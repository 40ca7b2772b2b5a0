//! What to do after sending a request (DESIGN.md 9 row 34): from a transport failure or
//! the service's answer, the next step, with the catalogue entry of the answer's code.
//!
//! cobro never sends, so the advice is a pure function of what the caller saw: no
//! clock (the delay is a figure the caller sleeps) and no randomness (a caller that
//! wants jitter adds its own). The rules, in order:
//!
//! 1. A transport failure (timeout, reset or refused connection, an answer cut short or
//!    unreadable), an HTTP 5xx, 408 or 429 (unless its answer carries a code the
//!    catalogue calls the merchant's to fix: that code decides, rule 3), or an answer that
//!    is not the API's under a 2xx: the service may or may not have acted, and the same
//!    bytes are safe to send
//!    again (the provider, as the mock does, answers a repeated identical request with
//!    its first answer). Retry after [`FIRST_DELAY_MS`] doubled at each attempt, up to
//!    [`MAX_ATTEMPTS`] attempts; past them, reconcile: the outcome is unknown.
//! 2. After a first attempt, the answer a repeated request gets when the first one was
//!    acted on (a pay-in's 0099 for a used operation number, a subscription's B422, a
//!    cancel's B405, a virtual account's conflict): reconcile, since the earlier attempt
//!    probably did what was asked. A new number is never the answer.
//! 3. Otherwise the code's disposition in its catalogue: success stops; merchant_fix
//!    asks for a fix; declined and pending stop; retry retries within the same bounds
//!    and then stops (the service answered, so nothing is unknown), except the pay-in's
//!    0044, which waits on the customer rather than on time and stops.
//! 4. A code no catalogue lists, or an answer that is not the API's under another
//!    status: a fix (the request, its URL or its credentials), with the service's code.

use serde::Serialize;

use crate::catalog::{CodeInfo, Disposition};
use crate::payin::catalog::payin_creation_code;
use crate::payin::response::parse_payin_response;
use crate::request::Kind;
use crate::signing::SigningError;
use crate::subscription::response::{SubscriptionAnswer, parse_subscription_response};
use crate::virtual_account::catalog::virtual_account_error_code;
use crate::virtual_account::response::{VirtualAccountAnswer, VirtualAccountErrorType, parse_virtual_account_response};

#[cfg(test)]
mod tests;

/// The most attempts of one request, the first included: enough to ride out a restart
/// or a lost answer, few enough that a shopper waiting on the page is not kept long.
pub const MAX_ATTEMPTS: u32 = 4;

/// The wait before the second attempt, in milliseconds; it doubles at each further one
/// (0.5 s, 1 s, 2 s), so a service that is failing gets room to recover.
pub const FIRST_DELAY_MS: u32 = 500;

/// How a request failed before an answer could be read (DESIGN.md 9 row 34).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TransportFailure {
    /// No answer within the client's timeout.
    Timeout,
    /// The connection was refused, reset or closed before an answer.
    Reset,
    /// An answer arrived cut short or could not be read (a body shorter than its
    /// Content-Length, a broken chunk).
    Unreadable,
}

impl TransportFailure {
    /// Every failure.
    pub const ALL: [TransportFailure; 3] = [
        TransportFailure::Timeout,
        TransportFailure::Reset,
        TransportFailure::Unreadable,
    ];

    /// `timeout`, `reset` or `unreadable`.
    pub fn as_str(self) -> &'static str {
        match self {
            TransportFailure::Timeout => "timeout",
            TransportFailure::Reset => "reset",
            TransportFailure::Unreadable => "unreadable",
        }
    }

    /// The failure named `name` (as [`TransportFailure::as_str`] writes it).
    pub fn from_name(name: &str) -> Option<TransportFailure> {
        TransportFailure::ALL.into_iter().find(|f| f.as_str() == name)
    }
}

/// What one attempt of a request came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome<'a> {
    /// No answer could be read.
    Failed(TransportFailure),
    /// The service answered `http_status` with `body`, as received.
    Answered {
        /// The HTTP status.
        http_status: u16,
        /// The body's bytes.
        body: &'a [u8],
    },
}

impl<'a> Outcome<'a> {
    /// The outcome a caller's arguments describe: `failure` (`timeout`, `reset` or
    /// `unreadable`) alone, or the HTTP status, named `status_name` as the caller's
    /// language spells it, with `body` (absent: empty). ERR_INVALID_ARGUMENT names
    /// `failure` for an unknown name or one given with a status or a body, and
    /// `status_name` when neither is given.
    pub fn from_arguments(
        failure: Option<&str>,
        http_status: Option<u16>,
        body: Option<&'a [u8]>,
        status_name: &'static str,
    ) -> Result<Outcome<'a>, SigningError> {
        let wrong = |name| SigningError::InvalidArgument {
            name,
            allowed: "failure (timeout, reset or unreadable), or the HTTP status with the body as received, not both",
        };
        match (failure, http_status) {
            (Some(f), None) if body.is_none() => TransportFailure::from_name(f)
                .map(Outcome::Failed)
                .ok_or_else(|| wrong("failure")),
            (None, Some(http_status)) => Ok(Outcome::Answered {
                http_status,
                body: body.unwrap_or_default(),
            }),
            (Some(_), _) => Err(wrong("failure")),
            (None, None) => Err(wrong(status_name)),
        }
    }
}

/// The next step after an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RetryAction {
    /// Send the same bytes, with the same operation number and headers, after
    /// `delay_ms`.
    Retry,
    /// The request (or the merchant's settings) is wrong: change it before sending.
    Fix,
    /// Done: succeeded, declined, waiting on the customer, or the service keeps failing.
    Stop,
    /// The outcome is unknown or the request was already acted on: find out what the
    /// service holds (the pay-in status query) before doing anything else.
    Reconcile,
}

/// The advice for an attempt (DESIGN.md 9 row 34).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RetryAdvice {
    /// What to do next.
    pub action: RetryAction,
    /// How long to wait before the retry, in milliseconds; 0 unless `action` is retry.
    pub delay_ms: u32,
    /// The code the answer carries (a pay-in's payinErrorCode, a subscription's
    /// errorCode, a virtual account's first error code); None without an answer.
    pub code: Option<String>,
    /// The code's catalogue entry (meaning and disposition); None for a code no
    /// catalogue lists.
    pub entry: Option<CodeInfo>,
    /// Why, and what to check, in English.
    pub reason: String,
}

/// DESIGN.md 9 row 34: the next step after `attempt` (1 for the first send; 0 is read
/// as 1) of a request of `kind` came to `outcome`. The rules are the module's.
pub fn retry_advice(kind: Kind, attempt: u32, outcome: Outcome<'_>) -> RetryAdvice {
    let attempt = attempt.max(1);
    let (http_status, body) = match outcome {
        Outcome::Failed(failure) => return unknown(kind, attempt, failure.as_str(), None, None),
        Outcome::Answered { http_status, body } => (http_status, body),
    };
    let Some(read) = read_answer(kind, http_status, body) else {
        return if passing_status(http_status) || (200..300).contains(&http_status) {
            unknown(kind, attempt, "an unreadable answer", None, None)
        } else {
            advice(
                RetryAction::Fix,
                None,
                None,
                format!("HTTP {http_status} without the API's answer: check the base URL, the path and the headers"),
            )
        };
    };
    let Read {
        done,
        passing,
        code,
        entry,
        conflict,
    } = read;
    // A code the catalogue calls the merchant's to fix is the service's word on the
    // request whatever the status: the same bytes would get it again.
    let decided = entry.is_some_and(|e| e.disposition == Disposition::MerchantFix);
    if passing || (passing_status(http_status) && !decided) {
        return unknown(kind, attempt, &format!("HTTP {http_status}"), code, entry);
    }
    if done {
        return advice(RetryAction::Stop, None, None, "Done: it succeeded".to_string());
    }
    if attempt > 1 && conflict {
        return advice(RetryAction::Reconcile, code, entry, repeated(kind));
    }
    let Some(disposition) = entry.map(|e| e.disposition) else {
        let reason = match &code {
            Some(c) => format!("{c} is in no catalogue: read the service's message and fix the request"),
            None => format!("HTTP {http_status} with an error but no code: read the service's message"),
        };
        return advice(RetryAction::Fix, code, entry, reason);
    };
    // The reason starts from the code's own entry, so it says what this code asks
    // (sign again, check the key, ask for another card), then the step.
    let reason = |then: &str| explained(entry.as_ref(), then);
    match disposition {
        Disposition::Success => advice(RetryAction::Stop, code, entry, reason("Done: it succeeded")),
        Disposition::MerchantFix => advice(
            RetryAction::Fix,
            code,
            entry,
            reason(
                "Change the request or the merchant's settings before sending it: the same bytes get the same answer",
            ),
        ),
        Disposition::Declined => advice(
            RetryAction::Stop,
            code,
            entry,
            reason("The payment was declined: ask the shopper for another one"),
        ),
        Disposition::Pending => advice(
            RetryAction::Stop,
            code,
            entry,
            reason("Not an outcome yet: wait for the notification"),
        ),
        Disposition::Retry if kind == Kind::Payin && code.as_deref() == Some("0044") => advice(
            RetryAction::Stop,
            code,
            entry,
            reason("Send the same charge again once the subscription webhook reports AUTHORIZED"),
        ),
        Disposition::Retry => within_bounds(
            attempt,
            advice(
                RetryAction::Retry,
                code,
                entry,
                reason("A passing fault of the service: send the same bytes again"),
            ),
            RetryAction::Stop,
            reason(&format!(
                "The service refused {MAX_ATTEMPTS} attempts with a passing fault: try again later"
            )),
        ),
    }
}

/// `then`, after what the code's catalogue entry says (its meaning, which for some codes
/// carries the fix, such as "sign again with the current time") and the code.
fn explained(entry: Option<&CodeInfo>, then: &str) -> String {
    match entry {
        Some(e) => format!("{} ({}). {then}", e.meaning, e.code),
        None => then.to_string(),
    }
}

/// What the parser read from an answer.
struct Read {
    /// A subscription or virtual account answer of success, which carries no code (a
    /// pay-in's 0000 is in its catalogue).
    done: bool,
    /// An error the answer itself calls the service's failure.
    passing: bool,
    code: Option<String>,
    entry: Option<CodeInfo>,
    /// The answer a repeated request gets when the first was acted on.
    conflict: bool,
}

impl Read {
    const DONE: Read = Read {
        done: true,
        passing: false,
        code: None,
        entry: None,
        conflict: false,
    };
}

/// The answer read by the kind's parser; None when it is not the API's answer.
fn read_answer(kind: Kind, http_status: u16, body: &[u8]) -> Option<Read> {
    match kind {
        Kind::Payin => {
            let r = parse_payin_response(body).ok()?;
            let entry = payin_creation_code(&r.error_code).copied();
            let conflict = r.error_code == crate::provider::payin::FALLBACK_CODE;
            Some(Read {
                done: false,
                passing: false,
                code: Some(r.error_code),
                entry,
                conflict,
            })
        }
        Kind::Subscription | Kind::SubscriptionCancel => match parse_subscription_response(body).ok()? {
            SubscriptionAnswer::Created { .. } | SubscriptionAnswer::Cancelled { .. } => Some(Read::DONE),
            SubscriptionAnswer::Error {
                error_code, meaning, ..
            } => {
                let again = if kind == Kind::Subscription { "B422" } else { "B405" };
                Some(Read {
                    done: false,
                    passing: false,
                    conflict: error_code.as_deref() == Some(again),
                    entry: meaning.map(|m| m.info),
                    code: error_code,
                })
            }
        },
        Kind::VirtualAccount => match parse_virtual_account_response(http_status, body).ok()? {
            VirtualAccountAnswer::Account(_) => Some(Read::DONE),
            VirtualAccountAnswer::Error(e) => {
                let code = e.details.first().map(|d| d.code.clone());
                let entry = code.as_deref().and_then(virtual_account_error_code).copied();
                Some(Read {
                    done: false,
                    // The type says a failure on the service's side even under a code
                    // the catalogue does not list.
                    passing: matches!(
                        e.error_type,
                        VirtualAccountErrorType::ProviderError | VirtualAccountErrorType::InternalError
                    ),
                    conflict: e.error_type == VirtualAccountErrorType::ConflictError || http_status == 409,
                    code,
                    entry,
                })
            }
        },
    }
}

/// Statuses that say the service (or a proxy before it) failed or asked for patience,
/// whatever the body: the request may not have been handled.
fn passing_status(http_status: u16) -> bool {
    http_status >= 500 || http_status == 408 || http_status == 429
}

/// The wait after `attempt`, or None when it was the last one.
fn delay_after(attempt: u32) -> Option<u32> {
    (attempt < MAX_ATTEMPTS).then(|| FIRST_DELAY_MS.saturating_mul(1 << (attempt - 1).min(16)))
}

/// The advice for an outcome that leaves the service's state unknown: retry within the
/// bounds, then reconcile.
fn unknown(kind: Kind, attempt: u32, what: &str, code: Option<String>, entry: Option<CodeInfo>) -> RetryAdvice {
    within_bounds(
        attempt,
        advice(
            RetryAction::Retry,
            code,
            entry,
            format!("After {what}, send the same bytes again (same operation number, same headers)"),
        ),
        RetryAction::Reconcile,
        format!("{MAX_ATTEMPTS} attempts ended without an answer: {}", reconcile(kind)),
    )
}

/// `retry` after the delay `attempt` has; past the last attempt, `past` with `reason`
/// (the same code and entry).
fn within_bounds(attempt: u32, retry: RetryAdvice, past: RetryAction, reason: String) -> RetryAdvice {
    match delay_after(attempt) {
        Some(delay_ms) => RetryAdvice { delay_ms, ..retry },
        None => RetryAdvice {
            action: past,
            reason,
            ..retry
        },
    }
}

/// The reason of a reconcile after the answer to a repeated request.
fn repeated(kind: Kind) -> String {
    let why = match kind {
        // 0099 is also the catalogue's catch-all: the status query tells the two apart.
        Kind::Payin => {
            "The service refuses this number again: it probably holds an earlier attempt, or it refuses the request for the reason its message gives (then the status query finds no such operation and the request needs a fix)"
        }
        _ => "The service already holds this request, probably from an earlier attempt",
    };
    format!("{why}: {}", reconcile(kind))
}

/// What to check when the outcome is unknown, per kind.
fn reconcile(kind: Kind) -> &'static str {
    match kind {
        Kind::Payin => {
            "ask the pay-in status query for this payinMerchantOperationNumber before anything else; never send it under a new number"
        }
        Kind::Subscription => {
            "the subscription may exist: wait for its webhook or look it up before asking again for this customer"
        }
        Kind::SubscriptionCancel => {
            "the subscription may be cancelled already: wait for the CANCELLED webhook or look it up"
        }
        Kind::VirtualAccount => "the account may exist for this owner.referenceId: look it up before creating another",
    }
}

fn advice(action: RetryAction, code: Option<String>, entry: Option<CodeInfo>, reason: String) -> RetryAdvice {
    RetryAdvice {
        action,
        delay_ms: 0,
        code,
        entry,
        reason,
    }
}
