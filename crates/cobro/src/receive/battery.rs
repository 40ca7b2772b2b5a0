//! The notifications a careful receiver must handle, and what it must answer to each
//! (DESIGN.md 9 row 35): what `cobro check-webhook` sends a merchant's endpoint. Pure:
//! the bodies are the provider's (`crate::provider`), signed with the merchant's key;
//! the sending and timing are the IO crate's.

use crate::amount::Amount;
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
            Expect::CannotTell => Judgement::Unknown,
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
        }
    }
}

/// One notification to send and what to expect.
#[derive(Debug, Clone)]
pub struct Probe {
    /// What it is, in a few words.
    pub name: &'static str,
    /// Its kind.
    pub kind: NotificationKind,
    /// The body.
    pub body: String,
    /// What a careful receiver answers.
    pub expect: Expect,
}

/// The battery, in the order to send it, for merchant `merchant_id`'s endpoint, the
/// pay-in notifications signed with `key` for operation `operation_number`.
pub fn battery(merchant_id: u64, operation_number: &str, key: &Secret) -> Result<Vec<Probe>, SigningError> {
    let amount = Amount::from_minor_units(3000).map_err(SigningError::InvalidAmount)?;
    let paid = |state_id| Notification {
        state_id,
        merchant_id,
        amount,
        currency: "PEN",
        operation_number,
        method: "BankTransfer",
        error: None,
    };
    let authentic = notification(&paid(5), key)?;
    let pending = notification(&paid(2), key)?;
    let forged = notification(&paid(5), &Secret::new("cobro-check-webhook-not-the-merchant-key")?)?;
    let tampered = authentic.replacen("\"payinAmount\":\"30.00\"", "\"payinAmount\":\"3.00\"", 1);
    let swapped = authentic.replacen("\"payinStateID\":\"5\"", "\"payinStateID\":\"6\"", 1);
    let extra = authentic.replacen('{', "{\"cobroCheckExtraField\":\"ignored\",", 1);
    let subscription = webhook(&Webhook {
        subscription_id: 1,
        charge_type: "ON_DEMAND",
        customer_id: "987654321",
        origin_type: "SUBSCRIPTION",
        status: SubscriptionStatus::Authorized,
        metadata: &[],
    });
    let merchant = merchant_id.to_string();
    let deposit = deposit_notification(&Deposit {
        operation_id: "cobro-check-webhook-1",
        status_code: 5,
        merchant_id: &merchant,
        amount: "30.00",
        currency: "PEN",
        account: ["acc_check", "VIRTUAL", "CCI", "00200100000000000012", "cobro check"],
        owner: ["Ana Perez", "DNI", "12345678", "user-check"],
        depositor: "Ana Perez",
        received_at: "2026-01-01T00:00:00Z",
    });
    let payin = NotificationKind::PayinNotification;
    Ok(vec![
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
        probe("a wrong signature", payin, forged, Expect::Refuse),
        probe("a tampered amount", payin, tampered, Expect::Refuse),
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
            subscription,
            Expect::ShouldAccept,
        ),
        probe(
            "a deposit notification (unsigned)",
            NotificationKind::DepositNotification,
            deposit,
            Expect::ShouldAccept,
        ),
    ])
}

fn probe(name: &'static str, kind: NotificationKind, body: String, expect: Expect) -> Probe {
    Probe {
        name,
        kind,
        body,
        expect,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests may unwrap
mod tests {
    use super::*;
    use crate::receive::{ReceiptVerdict, ReceiveOptions, receive};

    /// The core's own receiver answers the battery as the battery expects: the battery
    /// and the receiver agree on what a careful receiver does. Trusting unsigned
    /// notifications it accepts every case a careful receiver accepts; not trusting
    /// them, it refuses the unsigned kinds, which the battery does not count against it.
    #[test]
    fn the_cores_receiver_passes_the_battery() {
        let key = Secret::new("fake-payin-key-check").unwrap();
        let probes = battery(1234, "CHECK-1", &key).unwrap();
        assert_eq!(probes.len(), 10);
        for trust_unsigned in [true, false] {
            for p in &probes {
                let options = ReceiveOptions {
                    key: Some(&key),
                    peer: None,
                    allow_list: None,
                    stored_state: None,
                    trust_unsigned,
                    merchant_id: None,
                    locale: crate::Locale::En,
                };
                let r = receive(p.kind, p.body.as_bytes(), &options);
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
            }
        }
        assert!(
            probes[4].body.contains("\"payinAmount\":\"3.00\""),
            "the amount was tampered"
        );
        assert!(
            probes[5].body.contains("\"payinStateID\":\"6\""),
            "the state was swapped"
        );
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
    }
}
