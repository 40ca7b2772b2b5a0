//! The notification endpoint's one call, `cobro::receive::receive`, for every kind and
//! any body, with and without a key, an allow-list, a peer, a stored state, the
//! merchant's id and trust in unsigned kinds. Layout: a selector byte (bits 0-1 the
//! kind, 0 to 2, 3 read as 0; bit 2 a key, the first line after the three head bytes;
//! bit 3 the allow-list 203.0.113.0/24 and 2001:db8:1::/48; bit 4 a peer; bit 5
//! trust_unsigned; bit 6 a stored state; bit 7 the merchant id 1234), a peer byte (bit
//! 7 IPv6; bit 0 inside the allow-list's ranges, else outside; the byte is the
//! address's last part), a stored-state byte (signed), then the body.
//!
//! Never panics, and the receipt holds together (DESIGN.md 9 rows 35 and 39): a
//! refusal is a 4xx with a code and a message and says ignore; an acceptance is a 200
//! with an idempotency key of a fixed size; an unsigned kind is acted on only when
//! trust_unsigned or the allow-list admitted the peer; given an allow-list, a peer
//! outside it or unknown is refused with 403 whatever the body; a pay-in is accepted
//! only with the key, as authentic, and says confirm or ignore; the same call gives the
//! same receipt; the receipt is JSON.
#![no_main]

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use cobro::receive::{AllowList, NotificationKind, ReceiptAction, ReceiptVerdict, ReceiveOptions, receive};
use cobro::{Code, Locale, Secret};
use cobro_fuzz::{Selector, assert_json, first_line};
use libfuzzer_sys::fuzz_target;

const ALLOW_LIST: [&str; 2] = ["203.0.113.0/24", "2001:db8:1::/48"];
const MERCHANT_ID: u64 = 1234;

fuzz_target!(|data: &[u8]| {
    let [selector, peer_byte, state_byte, rest @ ..] = data else {
        return;
    };
    let s = Selector(*selector);
    let kind = NotificationKind::ALL[usize::from(selector & 3) % 3];
    let (key, body) = if s.bit(2) {
        let (line, body) = first_line(rest);
        let Some(key) = std::str::from_utf8(line).ok().and_then(|k| Secret::new(k).ok()) else {
            return;
        };
        (Some(key), body)
    } else {
        (None, rest)
    };
    let list = AllowList::parse(ALLOW_LIST).unwrap();
    let inside = peer_byte & 1 == 1;
    let peer: IpAddr = match (peer_byte & 0x80 != 0, inside) {
        (false, true) => Ipv4Addr::new(203, 0, 113, *peer_byte).into(),
        (false, false) => Ipv4Addr::new(198, 51, 100, *peer_byte).into(),
        (true, true) => Ipv6Addr::new(0x2001, 0xdb8, 1, 0, 0, 0, 0, u16::from(*peer_byte)).into(),
        (true, false) => Ipv6Addr::new(0x2001, 0xdb8, 2, 0, 0, 0, 0, u16::from(*peer_byte)).into(),
    };
    let options = ReceiveOptions {
        key: key.as_ref(),
        peer: s.bit(4).then_some(peer),
        allow_list: s.bit(3).then_some(&list),
        stored_state: s.bit(6).then_some(i64::from(*state_byte as i8)),
        trust_unsigned: s.bit(5),
        merchant_id: s.bit(7).then_some(MERCHANT_ID),
        locale: [Locale::En, Locale::Es, Locale::Pt][usize::from(*state_byte >> 6) % 3],
    };
    let r = receive(kind, body, &options);
    assert_eq!(r, receive(kind, body, &options), "the same call, another receipt");
    assert_eq!(r.kind, kind);
    assert_json(&serde_json::to_string(&r).unwrap());

    // Whether the allow-list admitted the peer: unknown when no list was given.
    let admitted = options.allow_list.map(|l| options.peer.is_some_and(|p| l.allows(p)));
    assert_eq!(r.peer_allowed, admitted);
    if options.allow_list.is_some() {
        assert_eq!(admitted, Some(inside && options.peer.is_some()), "{peer}");
    }

    if r.verdict == ReceiptVerdict::Refused {
        assert!([400, 401, 403].contains(&r.http_status), "{}", r.http_status);
        assert_eq!(r.action, ReceiptAction::Ignore, "a refusal says ignore");
        assert!(r.code.is_some() && r.message.as_ref().is_some_and(|m| !m.is_empty()));
        assert!(r.idempotency_key.is_none() && r.moves_forward.is_none() && !r.confirm_with_status_query);
    } else {
        assert_eq!(r.http_status, 200);
        assert!(r.code.is_none() && r.message.is_none());
        let id = r.idempotency_key.as_deref().unwrap();
        let digest = id
            .strip_prefix(kind.as_str())
            .and_then(|k| k.strip_prefix(':'))
            .unwrap();
        assert!(digest.len() == 64 && digest.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')));
    }

    if admitted == Some(false) {
        let code = if options.peer.is_some() {
            Code::PeerNotAllowed
        } else {
            Code::PeerUnknown
        };
        assert_eq!(r.http_status, 403);
        assert_eq!(r.code.as_deref(), Some(code.as_str()));
    }

    match kind {
        NotificationKind::PayinNotification => {
            assert!(r.subscription.is_none() && r.deposit.is_none());
            if r.verdict != ReceiptVerdict::Refused {
                assert!(key.is_some(), "a pay-in accepted without the key");
                assert_eq!(r.verdict, ReceiptVerdict::Authentic);
                assert!(matches!(r.action, ReceiptAction::Confirm | ReceiptAction::Ignore));
                let n = r.payin.as_ref().unwrap();
                if let Some(m) = options.merchant_id {
                    assert_eq!(n.payin_merchant_id, m.to_string());
                }
                assert_eq!(r.moves_forward.is_some(), options.stored_state.is_some());
                if r.confirm_with_status_query {
                    assert!(cobro::payin::catalog::payin_state(n.payin_state_id).is_some_and(|s| s.paid));
                }
                if options.stored_state == Some(n.payin_state_id) {
                    assert_eq!(r.action, ReceiptAction::Ignore, "the stored state again");
                }
            }
        }
        NotificationKind::SubscriptionWebhook | NotificationKind::DepositNotification => {
            assert!(r.payin.is_none() && r.moves_forward.is_none() && !r.confirm_with_status_query);
            let vouched = options.trust_unsigned || admitted == Some(true);
            if r.action == ReceiptAction::Act {
                assert!(vouched, "an unsigned kind acted on with nothing vouching for it");
            }
            if r.verdict != ReceiptVerdict::Refused {
                assert_eq!(r.verdict, ReceiptVerdict::Unverifiable);
                assert_eq!(r.action, ReceiptAction::Act);
                let read = match kind {
                    NotificationKind::SubscriptionWebhook => r.subscription.is_some() && r.deposit.is_none(),
                    _ => r.deposit.is_some() && r.subscription.is_none(),
                };
                assert!(read, "the accepted body is not in the receipt");
            } else if r.http_status == 403 && admitted != Some(false) {
                assert!(!vouched);
                assert_eq!(r.code.as_deref(), Some(Code::UnsignedNotTrusted.as_str()));
            }
        }
    }
});
