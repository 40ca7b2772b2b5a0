//! Pay-in lifecycle helpers (spec section 3): which pay-in states are
//! final and which changes of state the provider makes, as pure functions over a state
//! id the merchant stored, each answer with its reason.
//!
//! The spec names only the pending state and says transitions are "not shown"; the
//! provider's catalogue (PROVIDER_FACTS.md "Status catalogues") names the states and,
//! through their descriptions, the order they come in: 9 Liquidado is "after
//! authorization", 10 Reembolsado a refund "before settlement", 11 Devuelto a refund
//! "after settlement". The graph below is decided from those names:
//!
//! - 1 Creado -> 2, 3, 5, 6 (a created pay-in becomes pending, expires, or is paid or
//!   denied directly, as a card payment is);
//! - 2 Pendiente de pago -> 3, 5, 6;
//! - 5 Autorizado -> 9, 10;
//! - 9 Liquidado -> 11;
//! - 3 Expirado, 6 Denegado, 10 Reembolsado and 11 Devuelto are final.
//!
//! Use it to apply notifications, which may arrive late, twice or out of order: a
//! notification whose state is not a change [`payin_transition`] allows (a pending after
//! a paid, anything after a final state) should not overwrite the stored state.

use crate::catalog::{Verdict, verdict};

use super::catalog::payin_state;

const UNKNOWN: Verdict = verdict(
    false,
    "unknown pay-in state id: the provider's catalogue lists 1, 2, 3, 5, 6, 9, 10 and 11 (PROVIDER_FACTS.md)",
);

/// The states each state may still change to (module doc), by id.
const NEXT: &[(i64, &[i64])] = &[
    (1, &[2, 3, 5, 6]),
    (2, &[3, 5, 6]),
    (3, &[]),
    (5, &[9, 10]),
    (6, &[]),
    (9, &[11]),
    (10, &[]),
    (11, &[]),
];

/// Why each state is or is not final; `allowed` is true when the state is final.
const FINAL: &[(i64, Verdict)] = &[
    (
        1,
        verdict(
            false,
            "1 Creado is not final: it becomes pending, expired, authorized or denied",
        ),
    ),
    (
        2,
        verdict(
            false,
            "2 Pendiente de pago is not final: it becomes expired, authorized or denied",
        ),
    ),
    (
        3,
        verdict(
            true,
            "3 Expirado is final: an expired pay-in is never paid; create a new one",
        ),
    ),
    (
        5,
        verdict(
            false,
            "5 Autorizado is not final: it is settled (9) or refunded before settlement (10)",
        ),
    ),
    (
        6,
        verdict(
            true,
            "6 Denegado is final: a denied pay-in is never paid; create a new one",
        ),
    ),
    (
        9,
        verdict(false, "9 Liquidado is not final: a settled pay-in can be refunded (11)"),
    ),
    (
        10,
        verdict(
            true,
            "10 Reembolsado is final: the payment was refunded before settlement",
        ),
    ),
    (
        11,
        verdict(true, "11 Devuelto is final: the payment was refunded after settlement"),
    ),
];

/// The changes the provider makes, with why (module doc).
const ALLOWED: &[(i64, i64, &str)] = &[
    (1, 2, "a created pay-in becomes pending while the shopper has to pay"),
    (1, 3, "a created pay-in expires when it is not paid in time"),
    (
        1,
        5,
        "a created pay-in is authorized when it is paid directly (e.g. by card)",
    ),
    (1, 6, "a created pay-in is denied when its payment is refused"),
    (2, 3, "a pending pay-in expires when it is not paid in time"),
    (2, 5, "a pending pay-in is authorized when the shopper pays"),
    (2, 6, "a pending pay-in is denied when its payment is refused"),
    (
        5,
        9,
        "an authorized pay-in is settled (Liquidado comes only after authorization)",
    ),
    (
        5,
        10,
        "an authorized pay-in is refunded before settlement (Reembolsado)",
    ),
    (9, 11, "a settled pay-in is refunded after settlement (Devuelto)"),
];

/// Whether pay-in state `id` is final (module doc): `allowed` is true when the state
/// can no longer change, false when a later notification may still change it. `None`
/// for an id the catalogue does not list.
pub fn payin_state_is_final(id: i64) -> Option<Verdict> {
    FINAL.iter().find(|(s, _)| *s == id).map(|(_, v)| *v)
}

/// The states a pay-in in state `id` may still change to (empty for a final state);
/// `None` for an id the catalogue does not list.
pub fn next_states(id: i64) -> Option<&'static [i64]> {
    NEXT.iter().find(|(s, _)| *s == id).map(|(_, next)| *next)
}

/// Whether the provider moves a pay-in from state `from` to state `to` (module doc),
/// and why. The same state twice is allowed (a repeated notification changes nothing);
/// an unknown id, a change out of a final state, or a change backwards (5 to 2) is not:
/// keep the stored state.
pub fn payin_transition(from: i64, to: i64) -> Verdict {
    if payin_state(from).is_none() || payin_state(to).is_none() {
        return UNKNOWN;
    }
    if from == to {
        return verdict(true, "the same state again: a repeated notification changes nothing");
    }
    if let Some((_, _, why)) = ALLOWED.iter().find(|(f, t, _)| *f == from && *t == to) {
        return verdict(true, why);
    }
    match payin_state_is_final(from) {
        // `allowed` of that verdict means "final"; the change itself is refused.
        Some(v) if v.allowed => verdict(false, v.reason),
        _ => verdict(
            false,
            "the provider does not make this change (a late or out-of-order notification): keep the stored state",
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payin::catalog::PAYIN_STATES;

    #[test]
    fn final_states_agree_with_the_catalogue_and_the_graph() {
        for s in PAYIN_STATES {
            let v = payin_state_is_final(s.id);
            assert_eq!(v.map(|v| v.allowed), Some(s.is_final), "{}", s.id);
            let next = next_states(s.id);
            assert_eq!(next.map(<[i64]>::is_empty), Some(s.is_final), "{}", s.id);
            for to in next.unwrap_or_default() {
                assert!(payin_transition(s.id, *to).allowed, "{} -> {to}", s.id);
            }
        }
        assert_eq!(NEXT.len(), PAYIN_STATES.len());
        assert_eq!(FINAL.len(), PAYIN_STATES.len());
        let from_next: usize = NEXT.iter().map(|(_, n)| n.len()).sum();
        assert_eq!(from_next, ALLOWED.len());
    }

    #[test]
    fn which_states_are_final() {
        let finals: Vec<i64> = [1, 2, 3, 5, 6, 9, 10, 11]
            .into_iter()
            .filter(|id| payin_state_is_final(*id).is_some_and(|v| v.allowed))
            .collect();
        assert_eq!(finals, [3, 6, 10, 11]);
        assert_eq!(payin_state_is_final(4), None);
        assert_eq!(next_states(5), Some(&[9, 10][..]));
        assert_eq!(next_states(9), Some(&[11][..]));
        assert_eq!(next_states(6), Some(&[][..]));
        assert_eq!(next_states(7), None);
    }

    #[test]
    fn transitions() {
        assert!(payin_transition(2, 5).allowed);
        assert!(payin_transition(5, 5).allowed);
        assert!(payin_transition(5, 10).allowed);
        assert!(!payin_transition(5, 11).allowed);
        assert!(!payin_transition(9, 10).allowed);
        let back = payin_transition(5, 2);
        assert!(!back.allowed);
        assert!(back.reason.contains("out-of-order"));
        let from_final = payin_transition(3, 5);
        assert!(!from_final.allowed);
        assert!(from_final.reason.starts_with("3 Expirado is final"));
        assert_eq!(payin_transition(4, 5), UNKNOWN);
        assert_eq!(payin_transition(5, 4), UNKNOWN);
        assert_eq!(payin_transition(-1, -1), UNKNOWN);
    }
}
