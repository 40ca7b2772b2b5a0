//! The notifications a careful receiver must handle, and what it must answer to each
//! (DESIGN.md 9 row 35): what `cobro check-webhook` sends a merchant's endpoint. Pure:
//! the bodies are the provider's (`crate::provider`), signed with the merchant's key;
//! the sending and timing are the IO crate's.

use crate::amount::Amount;
use crate::payin::catalog::PAYIN_STATES;
use crate::provider::payin::{Notification, notification};
use crate::provider::subscription::{Webhook, webhook};
use crate::provider::virtual_account::{Deposit, deposit_notification};
use crate::signing::{Secret, SigningError};
use crate::subscription::response::SubscriptionStatus;

use super::NotificationKind;

/// What a careful receiver answers to a probe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// 2xx: an authentic notification, a duplicate, a late one; refusing it makes the
    /// provider retry, or loses a payment. Anything else fails the check.
    Accept,
    /// 4xx: a forged or altered one; accepting it fails the check.
    Refuse,
    /// 2xx expected, but a refusal does not fail the check (an unsigned kind the
    /// merchant's allow-list may refuse from here).
    ShouldAccept,
    /// 4xx expected, but an acceptance does not fail the check (a body that is not JSON:
    /// a receiver may answer 200 and drop it).
    ShouldRefuse,
    /// The answer alone cannot tell: the body is authentic, but its state was swapped;
    /// the endpoint must confirm with the status query before acting.
    CannotTell,
    /// 403: the checker's address is outside the endpoint's allow-list (DESIGN.md 9 row
    /// 39), so whatever it sends is refused; accepting it fails the check, another
    /// refusal (400, 401) or no answer does not.
    RefuseOutsider,
    /// No answer can be read: the probe goes over a connection reset right after the
    /// request ([`Probe::reset`]), so the endpoint may not know its peer and must refuse
    /// it (ERR_PEER_UNKNOWN) without acting; only the endpoint's own records can show it
    /// did not act.
    Unobservable,
}

/// How an endpoint's answer to a probe is judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judgement {
    /// What a careful receiver answers.
    Right,
    /// Wrong, and the check fails.
    Wrong,
    /// Not what was expected, but not a failure of the check.
    Doubtful,
    /// The answer alone cannot tell.
    Unknown,
}

impl Expect {
    /// The judgement of HTTP status `status`.
    pub fn judge(self, status: u16) -> Judgement {
        let accepted = (200..300).contains(&status);
        let refused = (400..500).contains(&status);
        match self {
            Expect::Accept if accepted => Judgement::Right,
            Expect::Refuse if refused => Judgement::Right,
            Expect::Refuse if !accepted => Judgement::Doubtful,
            Expect::Accept | Expect::Refuse => Judgement::Wrong,
            Expect::ShouldAccept if accepted => Judgement::Right,
            Expect::ShouldRefuse if refused => Judgement::Right,
            Expect::ShouldAccept | Expect::ShouldRefuse => Judgement::Doubtful,
            Expect::RefuseOutsider if status == 403 => Judgement::Right,
            Expect::RefuseOutsider if accepted => Judgement::Wrong,
            Expect::RefuseOutsider => Judgement::Doubtful,
            Expect::CannotTell | Expect::Unobservable => Judgement::Unknown,
        }
    }

    /// The judgement when no answer came (no connection, or none in time): wrong where
    /// the endpoint must answer at once; doubtful for one outside the allow-list, which
    /// a firewall may refuse before the endpoint sees it; unknown where no answer was
    /// to be read.
    pub fn judge_silence(self) -> Judgement {
        match self {
            Expect::Accept | Expect::Refuse => Judgement::Wrong,
            Expect::Unobservable => Judgement::Unknown,
            Expect::ShouldAccept | Expect::ShouldRefuse | Expect::CannotTell | Expect::RefuseOutsider => {
                Judgement::Doubtful
            }
        }
    }

    /// What the receiver should answer, in words.
    pub fn wanted(self) -> &'static str {
        match self {
            Expect::Accept => "2xx",
            Expect::Refuse => "4xx",
            Expect::ShouldAccept => "2xx (unless its allow-list refuses this address)",
            Expect::ShouldRefuse => "4xx",
            Expect::CannotTell => "the status query before acting",
            Expect::RefuseOutsider => "403 (this address is outside its allow-list)",
            Expect::Unobservable => "a refusal without acting (its peer is unknown once the connection is reset)",
        }
    }
}

/// One notification to send and what to expect.
#[derive(Debug, Clone)]
pub struct Probe {
    /// What it is, in a few words.
    pub name: String,
    /// Its kind.
    pub kind: NotificationKind,
    /// The body.
    pub body: String,
    /// What a careful receiver answers.
    pub expect: Expect,
    /// Whether the checker resets the connection (SO_LINGER 0) right after writing the
    /// request, so that the endpoint may not know its peer and its answer cannot be read.
    pub reset: bool,
}

/// The deposit notification's operationId of the probe sent over a reset connection,
/// which the endpoint's records must not show acted on.
pub const RESET_OPERATION_ID: &str = "cobro-check-webhook-reset";

/// The battery, in the order to send it, for merchant `merchant_id`'s endpoint, the
/// pay-in notifications signed with `key` for operation `operation_number`: an
/// authentic notification, a duplicate, an older state after a newer one, a wrong
/// signature and a tampered amount in every pay-in state of the catalogue, an empty and
/// a missing payinVerification (the provider's own samples carry an empty one), a
/// state-swapped replay, a body that is not JSON, an unknown extra field, and the two
/// unsigned kinds.
pub fn battery(merchant_id: u64, operation_number: &str, key: &Secret) -> Result<Vec<Probe>, SigningError> {
    let amount = Amount::from_minor_units(3000).map_err(SigningError::InvalidAmount)?;
    let in_state = |state_id| Notification {
        state_id,
        merchant_id,
        amount,
        currency: "PEN",
        operation_number,
        method: "BankTransfer",
        error: None,
    };
    let authentic = notification(&in_state(5), key)?;
    let pending = notification(&in_state(2), key)?;
    let not_the_key = Secret::new("cobro-check-webhook-not-the-merchant-key")?;
    let swapped = authentic.replacen("\"payinStateID\":\"5\"", "\"payinStateID\":\"6\"", 1);
    let extra = authentic.replacen('{', "{\"cobroCheckExtraField\":\"ignored\",", 1);
    let signature = verification_member(&authentic);
    let empty = authentic.replacen(&signature, "\"payinVerification\":\"\"", 1);
    let missing = authentic.replacen(&format!(",{signature}"), "", 1);
    let payin = NotificationKind::PayinNotification;
    let mut probes = vec![
        probe(
            "an authentic notification (paid)",
            payin,
            authentic.clone(),
            Expect::Accept,
        ),
        probe("the same again (a duplicate)", payin, authentic, Expect::Accept),
        probe(
            "an older state after a newer one (pending after paid)",
            payin,
            pending,
            Expect::Accept,
        ),
    ];
    // Every state, paid first: a receiver that verifies only the states releasing goods
    // would act on a forged refund or denial.
    let states = PAYIN_STATES
        .iter()
        .filter(|s| s.paid)
        .chain(PAYIN_STATES.iter().filter(|s| !s.paid));
    let mut tampered = Vec::new();
    for state in states {
        let forged = notification(&in_state(state.id), &not_the_key)?;
        probes.push(probe(
            &format!("a wrong signature ({})", state.name_en),
            payin,
            forged,
            Expect::Refuse,
        ));
        let altered = notification(&in_state(state.id), key)?.replacen(
            "\"payinAmount\":\"30.00\"",
            "\"payinAmount\":\"3.00\"",
            1,
        );
        tampered.push(probe(
            &format!("a tampered amount ({})", state.name_en),
            payin,
            altered,
            Expect::Refuse,
        ));
    }
    probes.append(&mut tampered);
    probes.extend([
        probe("an empty payinVerification (paid)", payin, empty, Expect::Refuse),
        probe("no payinVerification (paid)", payin, missing, Expect::Refuse),
        probe(
            "a state-swapped replay (paid sent as denied)",
            payin,
            swapped,
            Expect::CannotTell,
        ),
        probe(
            "a body that is not JSON",
            payin,
            "payinStateID=5&payinAmount=30.00".to_string(),
            Expect::ShouldRefuse,
        ),
        probe("an unknown extra field", payin, extra, Expect::Accept),
        probe(
            "a subscription webhook (unsigned)",
            NotificationKind::SubscriptionWebhook,
            subscription_webhook(),
            Expect::ShouldAccept,
        ),
        probe(
            "a deposit notification (unsigned)",
            NotificationKind::DepositNotification,
            deposit(merchant_id, "cobro-check-webhook-1"),
            Expect::ShouldAccept,
        ),
    ]);
    Ok(probes)
}

/// The battery for an endpoint whose allow-list does not hold the checker's address
/// (DESIGN.md 9 row 39): every probe of [`battery`], each of which must now be refused
/// with 403, then a deposit notification (operation [`RESET_OPERATION_ID`]) over a
/// connection reset right after the request, whose peer the endpoint may not know and
/// whose answer cannot be read, and the same notification again, which must be refused.
pub fn battery_outside_allow_list(
    merchant_id: u64,
    operation_number: &str,
    key: &Secret,
) -> Result<Vec<Probe>, SigningError> {
    let mut probes = battery(merchant_id, operation_number, key)?;
    for p in &mut probes {
        p.expect = Expect::RefuseOutsider;
    }
    let reset = deposit(merchant_id, RESET_OPERATION_ID);
    let kind = NotificationKind::DepositNotification;
    let mut over_reset = probe(
        "a deposit notification over a connection reset (unsigned, operation cobro-check-webhook-reset)",
        kind,
        reset.clone(),
        Expect::Unobservable,
    );
    over_reset.reset = true;
    probes.push(over_reset);
    probes.push(probe(
        "the reset deposit notification again",
        kind,
        reset,
        Expect::RefuseOutsider,
    ));
    Ok(probes)
}

/// The `"payinVerification":"..."` member of a notification the provider's writer
/// wrote (no spaces), or an empty text when it has none.
fn verification_member(body: &str) -> String {
    const NAME: &str = "\"payinVerification\":\"";
    body.find(NAME)
        .and_then(|at| {
            let value = body.get(at + NAME.len()..)?;
            let end = value.find('"')?;
            body.get(at..at + NAME.len() + end + 1)
        })
        .unwrap_or_default()
        .to_string()
}

fn subscription_webhook() -> String {
    webhook(&Webhook {
        subscription_id: 1,
        charge_type: "ON_DEMAND",
        customer_id: "987654321",
        origin_type: "SUBSCRIPTION",
        status: SubscriptionStatus::Authorized,
        metadata: &[],
    })
}

fn deposit(merchant_id: u64, operation_id: &str) -> String {
    let merchant = merchant_id.to_string();
    deposit_notification(&Deposit {
        operation_id,
        status_code: 5,
        merchant_id: &merchant,
        amount: "30.00",
        currency: "PEN",
        account: ["acc_check", "VIRTUAL", "CCI", "00200100000000000012", "cobro check"],
        owner: ["Ana Perez", "DNI", "12345678", "user-check"],
        depositor: "Ana Perez",
        received_at: "2026-01-01T00:00:00Z",
    })
}

fn probe(name: &str, kind: NotificationKind, body: String, expect: Expect) -> Probe {
    Probe {
        name: name.to_string(),
        kind,
        body,
        expect,
        reset: false,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests may unwrap
mod tests {
    use super::*;
    use crate::receive::{ReceiptVerdict, ReceiveOptions, receive};

    fn options<'a>(key: &'a Secret, trust_unsigned: bool) -> ReceiveOptions<'a> {
        ReceiveOptions {
            key: Some(key),
            peer: None,
            allow_list: None,
            stored_state: None,
            trust_unsigned,
            merchant_id: Some(1234),
            locale: crate::Locale::En,
        }
    }

    fn named<'a>(probes: &'a [Probe], name: &str) -> &'a Probe {
        probes.iter().find(|p| p.name == name).unwrap()
    }

    /// The core's own receiver answers the battery as the battery expects: the battery
    /// and the receiver agree on what a careful receiver does. Trusting unsigned
    /// notifications it accepts every case a careful receiver accepts; not trusting
    /// them, it refuses the unsigned kinds, which the battery does not count against it.
    #[test]
    fn the_cores_receiver_passes_the_battery() {
        let key = Secret::new("fake-payin-key-check").unwrap();
        let probes = battery(1234, "CHECK-1", &key).unwrap();
        assert_eq!(probes.len(), 26);
        assert!(probes.iter().all(|p| !p.reset));
        for trust_unsigned in [true, false] {
            for p in &probes {
                let r = receive(p.kind, p.body.as_bytes(), &options(&key, trust_unsigned));
                let judged = p.expect.judge(r.http_status);
                let unsigned = p.kind != NotificationKind::PayinNotification;
                let wanted = if unsigned && !trust_unsigned {
                    Judgement::Doubtful
                } else if p.expect == Expect::CannotTell {
                    Judgement::Unknown
                } else {
                    Judgement::Right
                };
                assert_eq!(judged, wanted, "{} (trusting unsigned: {trust_unsigned})", p.name);
                if p.expect == Expect::CannotTell {
                    assert_eq!(r.verdict, ReceiptVerdict::Authentic, "the swapped state still verifies");
                }
                if p.expect == Expect::Refuse {
                    assert_eq!(r.http_status, 401, "{}", p.name);
                }
            }
        }
        assert!(
            named(&probes, "a tampered amount (paid)")
                .body
                .contains("\"payinAmount\":\"3.00\""),
            "the amount was tampered"
        );
        assert!(
            named(&probes, "a state-swapped replay (paid sent as denied)")
                .body
                .contains("\"payinStateID\":\"6\""),
            "the state was swapped"
        );
    }

    /// A wrong signature and a tampered amount are sent in every state of the
    /// catalogue, each naming its state; the empty and the missing payinVerification
    /// are the authentic notification but for that member.
    #[test]
    fn every_state_is_forged_and_the_signature_emptied_and_removed() {
        let key = Secret::new("fake-payin-key-check").unwrap();
        let probes = battery(1234, "CHECK-1", &key).unwrap();
        for state in PAYIN_STATES {
            let id = format!("\"payinStateID\":\"{}\"", state.id);
            for what in ["a wrong signature", "a tampered amount"] {
                let p = named(&probes, &format!("{what} ({})", state.name_en));
                assert!(p.body.contains(&id), "{}", p.name);
                assert_eq!(p.expect, Expect::Refuse);
            }
        }
        let authentic = &named(&probes, "an authentic notification (paid)").body;
        let empty = &named(&probes, "an empty payinVerification (paid)").body;
        let missing = &named(&probes, "no payinVerification (paid)").body;
        assert!(empty.contains("\"payinVerification\":\"\""), "{empty}");
        assert!(!missing.contains("payinVerification"), "{missing}");
        assert!(crate::reader::read(missing.as_bytes()).is_ok(), "{missing}");
        let without = |b: &str| b.replace(&verification_member(b), "").replace(",,", ",");
        assert_eq!(without(authentic), without(empty));
        assert_eq!(without(authentic), without(missing));
    }

    /// Outside the allow-list, the core's receiver refuses every probe with 403, the
    /// reset one (no peer known) included, and acts on none.
    #[test]
    fn outside_the_allow_list_every_probe_is_refused() {
        let key = Secret::new("fake-payin-key-check").unwrap();
        let probes = battery_outside_allow_list(1234, "CHECK-1", &key).unwrap();
        assert_eq!(probes.len(), 28);
        let list = crate::receive::AllowList::parse(["203.0.113.0/24"]).unwrap();
        for p in &probes {
            let peer = if p.reset { None } else { Some([127, 0, 0, 1].into()) };
            for trust_unsigned in [true, false] {
                let mut o = options(&key, trust_unsigned);
                o.allow_list = Some(&list);
                o.peer = peer;
                let r = receive(p.kind, p.body.as_bytes(), &o);
                assert_eq!(r.http_status, 403, "{}", p.name);
                assert_eq!(r.action, crate::receive::ReceiptAction::Ignore, "{}", p.name);
                let wanted = if p.reset { Judgement::Unknown } else { Judgement::Right };
                assert_eq!(p.expect.judge(r.http_status), wanted, "{}", p.name);
            }
        }
        let reset: Vec<&Probe> = probes.iter().filter(|p| p.reset).collect();
        assert_eq!(reset.len(), 1);
        assert!(reset[0].body.contains(RESET_OPERATION_ID));
        assert!(reset[0].name.contains(RESET_OPERATION_ID));
    }

    #[test]
    fn judgements() {
        assert_eq!(Expect::Accept.judge(200), Judgement::Right);
        assert_eq!(Expect::Accept.judge(401), Judgement::Wrong);
        assert_eq!(Expect::Refuse.judge(204), Judgement::Wrong);
        assert_eq!(Expect::Refuse.judge(500), Judgement::Doubtful);
        assert_eq!(Expect::ShouldAccept.judge(403), Judgement::Doubtful);
        assert_eq!(Expect::ShouldAccept.judge(204), Judgement::Right);
        assert_eq!(Expect::ShouldRefuse.judge(400), Judgement::Right);
        assert_eq!(Expect::ShouldRefuse.judge(200), Judgement::Doubtful);
        assert_eq!(Expect::CannotTell.judge(200), Judgement::Unknown);
        assert_eq!(Expect::RefuseOutsider.judge(403), Judgement::Right);
        assert_eq!(Expect::RefuseOutsider.judge(401), Judgement::Doubtful);
        assert_eq!(Expect::RefuseOutsider.judge(500), Judgement::Doubtful);
        assert_eq!(Expect::RefuseOutsider.judge(200), Judgement::Wrong);
        assert_eq!(Expect::Unobservable.judge(200), Judgement::Unknown);
        assert_eq!(Expect::Refuse.judge_silence(), Judgement::Wrong);
        assert_eq!(Expect::RefuseOutsider.judge_silence(), Judgement::Doubtful);
        assert_eq!(Expect::Unobservable.judge_silence(), Judgement::Unknown);
    }
}
