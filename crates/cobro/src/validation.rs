//! The validation entry points (DESIGN.md section 3): a body of a kind, read under the
//! options' limits, checked by the kind's rules into one report; and the report of a
//! body that cannot be read.

use std::borrow::Cow;

use crate::code::Code;
use crate::complete::{Completion, complete};
use crate::json::{self, JsonError};
use crate::payin::{self, SignatureCheck};
use crate::report::{Ctx, Issue, Path, Report};
use crate::request::{Kind, ValidateOptions};
use crate::signing::{Secret, UnixSeconds};
use crate::{subscription, text, virtual_account};

/// Validates one request body of `kind` and reports every problem at once
/// (DESIGN.md section 3). Never fails: unreadable bodies get a report with one error at
/// path `""`. The report lists at most [`crate::report::MAX_ISSUES`] issues and says how many
/// more there were (DESIGN.md section 8).
pub fn validate(kind: Kind, body: &[u8], options: &ValidateOptions<'_>) -> Report {
    match json::parse(body, options.limits()) {
        Ok(value) => validate_value(kind, &value, options),
        Err(e) => unreadable_body(&e, body, options),
    }
}

/// The key that signs a pay-in judged before prepare when the caller gives none: only
/// the form of its hash is judged, never sent.
const STAND_IN_KEY: &str = "cobro-stand-in-key-of-validation-before-prepare";

/// Validates an already parsed body (see [`validate`]); with
/// [`ValidateOptions::before_prepare`], the body as prepare completes it.
pub fn validate_value(kind: Kind, value: &json::Value<'_>, options: &ValidateOptions<'_>) -> Report {
    if options.before_prepare {
        let wrapped = kind == Kind::Payin && payin::payin_members(value).is_some_and(|(_, w)| w);
        // Without the merchant's key a stand-in signs: its hash has the form prepare's
        // will have, and validation without a key judges only that form, so the report
        // is the one prepare's completion gets (a missing hash would draw an error that
        // a capped report could not tell apart from the caller's).
        let stand_in = Secret::new(STAND_IN_KEY).ok();
        let key = options.payin_key.or(stand_in.as_ref());
        if let Some(done) = complete(kind, value, key, UnixSeconds::EPOCH, wrapped) {
            return judge_completion(kind, &done, options);
        }
    }
    validate_as_sent(kind, value, options)
}

/// The report of a completed body, the one prepare sends (DESIGN.md section 5). An
/// unsigned pay-in's missing or stale payinVerification is prepare's to write, not the
/// caller's, so it draws no issue: either its inputs are reported, or prepare's key
/// signs them.
pub(crate) fn judge_completion(kind: Kind, done: &Completion, options: &ValidateOptions<'_>) -> Report {
    let sent = ValidateOptions {
        before_prepare: false,
        ..*options
    };
    let mut report = match json::parse(done.text.as_bytes(), done.limits(options.limits())) {
        Ok(value) => validate_as_sent(kind, &value, &sent),
        Err(e) => unreadable(&e, &sent),
    };
    if kind == Kind::Payin && !done.signed {
        // A key written twice is the caller's mistake whoever writes its value: prepare
        // refuses it signed or not.
        let prepares = |i: &Issue| i.path == "payinVerification" && i.code != Code::DuplicateField;
        report.errors.retain(|i| !prepares(i));
        report.warnings.retain(|i| !prepares(i));
        // Issues left out past the cap may be errors: only then is the report kept
        // invalid with none listed.
        report.valid = report.errors.is_empty()
            && (report.valid || !report.warnings.iter().any(|w| w.code == Code::TooManyIssues));
    }
    report
}

/// The rules of `kind` over the body as it is.
fn validate_as_sent(kind: Kind, value: &json::Value<'_>, options: &ValidateOptions<'_>) -> Report {
    let mut ctx = Ctx::new(options.locale);
    match kind {
        Kind::VirtualAccount => virtual_account::validate(&mut ctx, value),
        Kind::Subscription => subscription::validate_create(&mut ctx, value),
        Kind::SubscriptionCancel => subscription::validate_cancel(&mut ctx, value),
        Kind::Payin => {
            payin::validate(&mut ctx, value, options.payin_key);
        }
    }
    ctx.finish(options.strict)
}

/// [`validate`] of a pay-in body, with what became of the check of payinVerification
/// against `options.payin_key` (DESIGN.md 9 row 18): `None` when no key is given. The
/// report is the one [`validate`] returns; the check tells "checked and matches" apart
/// from "not checked", which the report alone does not.
pub fn validate_payin(body: &[u8], options: &ValidateOptions<'_>) -> (Report, Option<SignatureCheck>) {
    match json::parse(body, options.limits()) {
        // Before prepare the signature is prepare's to compute: there is none to check.
        Ok(value) if options.before_prepare => (validate_value(Kind::Payin, &value, options), None),
        Ok(value) => {
            let mut ctx = Ctx::new(options.locale);
            let check = payin::validate(&mut ctx, &value, options.payin_key);
            (ctx.finish(options.strict), check)
        }
        Err(e) => (
            unreadable_body(&e, body, options),
            options.payin_key.map(|_| SignatureCheck::unreadable()),
        ),
    }
}

/// The report of `body`, which could not be read as JSON (DESIGN.md section 8): an
/// empty or blank body is ERR_EMPTY_FIELD at the body (path `""`), whose message says
/// it is empty, since a syntax error "expected a value at byte 0" would not; any other
/// body is reported as [`unreadable`] says.
pub(crate) fn unreadable_body(e: &JsonError, body: &[u8], options: &ValidateOptions<'_>) -> Report {
    let blank = body.iter().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
    if blank && matches!(e, JsonError::Syntax { .. }) {
        let mut ctx = Ctx::new(options.locale);
        ctx.report(&Path::Root, Code::EmptyField, &[]);
        return ctx.finish(options.strict);
    }
    unreadable(e, options)
}

/// The report of a body that could not be read as JSON (DESIGN.md section 8).
pub(crate) fn unreadable(e: &JsonError, options: &ValidateOptions<'_>) -> Report {
    let mut ctx = Ctx::new(options.locale);
    let root = Path::Root;
    match e {
        JsonError::TooLarge { size, limit } => ctx.report_with(
            &root,
            Code::BodyTooLarge,
            [("size", text::number(*size)), ("limit", text::number(*limit))],
        ),
        JsonError::InvalidUtf8 { offset } => {
            ctx.report_with(&root, Code::InvalidUtf8, [("offset", text::number(*offset))]);
        }
        JsonError::Syntax { offset, expected } => ctx.report_with(
            &root,
            Code::MalformedJson,
            [
                ("offset", text::number(*offset)),
                ("expected", Cow::Borrowed(*expected)),
            ],
        ),
        JsonError::TooDeep { offset, limit } => ctx.report_with(
            &root,
            Code::NestingTooDeep,
            [("offset", text::number(*offset)), ("limit", text::number(*limit))],
        ),
    }
    ctx.finish(options.strict)
}
