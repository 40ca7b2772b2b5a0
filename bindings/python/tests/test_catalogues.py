"""The five catalogue tables, the lifecycle helpers and ``ensure_valid``: thin calls of
the core, so these check the binding's side only (each table agrees with its lookup,
verdicts are ``Verdict`` records, ``ensure_valid`` raises as ``prepare_*`` does)."""

from __future__ import annotations

from typing import Any, Callable, List

import pytest

import cobro

TABLES: List[Any] = [
    (cobro.payin_creation_codes, cobro.payin_creation_code, "code"),
    (cobro.payment_confirmation_codes, cobro.payment_confirmation_code, "code"),
    (cobro.subscription_error_codes, cobro.subscription_error_code, "code"),
    (cobro.virtual_account_error_codes, cobro.virtual_account_error_code, "code"),
    (cobro.payin_states, cobro.payin_state, "id"),
]


@pytest.mark.parametrize("table,lookup,key", TABLES, ids=[t[0].__name__ for t in TABLES])
def test_each_table_agrees_with_its_lookup(table: Callable[[], Any], lookup: Callable[[Any], Any], key: str) -> None:
    rows = table()
    assert isinstance(rows, list) and rows
    keys = [getattr(row, key) for row in rows]
    assert len(set(keys)) == len(keys)
    for row in rows:
        assert lookup(getattr(row, key)) == row
    assert table() == rows and table() is not rows


def test_lifecycle_verdicts() -> None:
    assert cobro.can_cancel("AUTHORIZED").allowed
    assert not cobro.can_cancel("PENDING").allowed
    assert not cobro.can_cancel("SOMETHING_NEW").allowed  # unknown: nothing allowed
    assert cobro.may_request_subscription().allowed
    assert cobro.may_request_subscription(None) == cobro.may_request_subscription()
    assert not cobro.may_request_subscription("PENDING").allowed
    assert cobro.may_request_subscription(existing_status="DENIED").allowed
    assert cobro.may_charge("AUTHORIZED").allowed and not cobro.may_charge("CANCELLED").allowed
    assert cobro.payin_transition(2, 5).allowed and not cobro.payin_transition(5, 2).allowed
    assert cobro.payin_transition(from_state=1, to_state=999) == cobro.payin_transition(1, 999)
    assert not cobro.virtual_account_transition("ARG", "ACTIVE", "INACTIVE").allowed
    assert cobro.virtual_account_transition("MEX", "ACTIVE", "INACTIVE").allowed
    v = cobro.virtual_account_transition("MEX", "DELETED", "ACTIVE")
    assert type(v) is cobro.Verdict and not v.allowed and v.reason
    assert v.to_dict() == {"allowed": False, "reason": v.reason}


def test_payin_states_finality_and_next() -> None:
    for state in cobro.payin_states():
        final = cobro.payin_state_is_final(state.id)
        assert final is not None and final.allowed is state.is_final
        nexts = cobro.next_states(state.id)
        assert isinstance(nexts, list)
        assert (nexts == []) is state.is_final
        for later in nexts:
            assert cobro.payin_transition(state.id, later).allowed
    assert cobro.payin_state_is_final(999) is None and cobro.next_states(999) is None


INVALID_CANCEL = '{"merchantId": 1}'


def test_ensure_valid_returns_the_report_or_raises_validation_error() -> None:
    with pytest.raises(cobro.ValidationError) as info:
        cobro.ensure_valid("subscription-cancel", INVALID_CANCEL)
    e = info.value
    report = cobro.validate("subscription-cancel", INVALID_CANCEL)
    assert e.code == "ERR_INVALID_REQUEST" and isinstance(e, ValueError)
    assert e.report.to_json() == report.to_json()
    assert [i.to_dict() for i in e.errors] == [i.to_dict() for i in report.errors]
    with pytest.raises(cobro.ValidationError) as spanish:
        cobro.ensure_valid("subscription-cancel", INVALID_CANCEL, locale="es")
    assert spanish.value.report.to_json() == cobro.validate("subscription-cancel", INVALID_CANCEL, locale="es").to_json()
    with pytest.raises(cobro.SigningError) as bad:
        cobro.ensure_valid("subscription-cancel", INVALID_CANCEL, locale="fr")  # type: ignore[arg-type]
    assert bad.value.code == "ERR_INVALID_ARGUMENT"
    assert str(bad.value) == "locale must be one of: en, es, pt"


def test_locale_pt_gives_the_messages_in_the_portuguese_of_brazil() -> None:
    english = cobro.validate("payin", "{}")
    for report in (cobro.validate("payin", "{}", locale="pt"), cobro.validate("payin", b"{}", locale="pt", max_bytes=64)):
        assert [(i.code, i.path) for i in report.errors] == [(i.code, i.path) for i in english.errors]
        assert report.errors[0].message == "payinMerchantID é obrigatório"
    with pytest.raises(cobro.ValidationError) as portuguese:
        cobro.ensure_valid("subscription-cancel", INVALID_CANCEL, locale="pt")
    assert portuguese.value.errors[0].message == "subscriptionDetails é obrigatório"
    with pytest.raises(cobro.ValidationError) as prepared:
        cobro.prepare_subscription_cancel(INVALID_CANCEL, key="fake-key", locale="pt")
    assert prepared.value.errors[0].message.endswith(" é obrigatório")


def test_ensure_valid_keeps_warnings_out_of_errors() -> None:
    """A valid request with warnings passes; ``strict`` makes them errors, which then
    are the exception's ``errors``."""
    body = {
        "merchantId": 1234,
        "subscriptionDetails": {"type": "RECURRENT", "customerId": "987654321", "processorCode": "Wallet_on_file"},
        "unknownField": 1,
    }
    report = cobro.ensure_valid("subscription-cancel", body)
    assert report.valid and [i.code for i in report.warnings] == ["WARN_UNKNOWN_FIELD"]
    assert report.to_json() == cobro.validate("subscription-cancel", body).to_json()
    with pytest.raises(cobro.ValidationError) as info:
        cobro.ensure_valid("subscription-cancel", body, strict=True)
    assert [i.code for i in info.value.errors] == [i.code for i in info.value.report.errors]
    assert all(i.severity == "error" for i in info.value.errors)
