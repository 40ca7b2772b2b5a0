"""The typed answers (``cobro.answers``): every field of every response vector's
expected JSON is an attribute of the type the class declares; the specific parsers agree
with ``cobro.parse``; ``repr`` hides personal values; the records are frozen; and a small
consumer (``typing_consumer.py``) passes ``mypy --strict`` and runs on the vectors."""

import base64
import dataclasses
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import cobro
import typing_consumer
from cobro.answers import Record
from vectors import body_bytes, cases

HERE = Path(__file__).resolve().parent
PARSED = [
    (name, file["document"], case, cobro.parse(file["document"], body_bytes(case), **_args))
    for name, file, case in cases("responses")
    if "expected" in case
    for _args in [dict(http_status=case["http_status"]) if "http_status" in case else {}]
]
SPECIFIC = {
    "virtual-account-response": cobro.parse_virtual_account_response,
    "subscription-response": cobro.parse_subscription_response,
    "payin-response": cobro.parse_payin_response,
    "payin-notification": cobro.parse_payin_notification,
    "subscription-webhook": cobro.parse_subscription_webhook,
    "deposit-notification": cobro.parse_deposit_notification,
    "payin-status": cobro.parse_payin_status,
}


def check(value, hint, expected, path):
    """``value`` is of type ``hint`` and holds ``expected`` (the core's JSON there)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union:
        if expected is None:
            assert value is None and type(None) in args, path
            return
        members = [a for a in args if a is not type(None)]
        if len(members) == 1:  # Optional[X]
            check(value, members[0], expected, path)
            return
        assert type(value) in members, f"{path}: {type(value).__name__} not in {members}"
        hint = type(value)  # a tagged union: the member of the value's tag
    elif origin is typing.Literal:
        assert value == expected and value in args, path
        return
    if isinstance(hint, type) and issubclass(hint, Record):
        assert type(value) is hint, path
        hints = typing.get_type_hints(hint)
        names = [f.name for f in dataclasses.fields(hint)]
        assert names == list(expected), f"{path}: fields {names} vs JSON keys {list(expected)}"
        for key, item in expected.items():
            check(getattr(value, key), hints[key], item, f"{path}.{key}")
    elif typing.get_origin(hint) is tuple:
        assert isinstance(value, tuple) and len(value) == len(expected), path
        for i, (v, e) in enumerate(zip(value, expected)):
            check(v, typing.get_args(hint)[0], e, f"{path}[{i}]")
    elif hint is bytes:
        assert type(value) is bytes and base64.b64encode(value).decode() == expected, path
    else:
        assert hint in (str, int, bool), f"{path}: unexpected hint {hint}"
        assert type(value) is hint and value == expected, f"{path}: {value!r} ({hint.__name__})"


@pytest.mark.parametrize("name,document,case,value", PARSED, ids=[p[0] for p in PARSED])
def test_every_field_is_a_typed_attribute(name, document, case, value):
    check(value, cobro.answers._BY_NAME[document], case["expected"], document)


@pytest.mark.parametrize("name,document,case,value", PARSED, ids=[p[0] for p in PARSED])
def test_specific_parsers_agree_with_parse(name, document, case, value):
    args = dict(http_status=case["http_status"]) if "http_status" in case else {}
    assert SPECIFIC[document](body_bytes(case), **args) == value


def personal_values(value):
    """The values of the fields each class hides from ``repr``, all the way down."""
    if isinstance(value, tuple):
        return [p for v in value for p in personal_values(v)]
    if not isinstance(value, Record):
        return []
    found = []
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        if f.name in value._personal and item is not None:
            found += list(item) if isinstance(item, tuple) else [item]
        found += personal_values(item)
    return found


def test_repr_hides_personal_values():
    hidden = 0
    for _, _, _, value in PARSED:
        shown = repr(value)
        assert shown == str(value)
        for secret in personal_values(value):
            assert secret not in shown
            hidden += 1
    assert hidden > 20  # the vectors do echo owners, depositors and metadata
    va = next(v for _, d, _, v in PARSED if d == "virtual-account-response" and getattr(v, "owner", None))
    assert "document_number=[REDACTED]" in repr(va.owner)
    assert va.owner.document_number in va.to_dict()["owner"]["document_number"]
    qr = next(v for _, _, _, v in PARSED if getattr(getattr(v, "experience", None), "kind", "") == "qr")
    assert f"qr_png=<{len(qr.experience.qr_png)} bytes>" in repr(qr)


def test_personal_fields_are_the_cores():
    # Every record the core lists is a class of cobro.answers or cobro.documents hiding
    # exactly those fields, and no other class hides any.
    listed = cobro._cobro.personal_fields()
    assert listed and all(isinstance(v, tuple) for v in listed.values())
    classes = {
        name: cls
        for module in (cobro.answers, cobro.documents)
        for name, cls in vars(module).items()
        if not name.startswith("_") and isinstance(cls, type) and issubclass(cls, Record) and cls is not Record
    }
    assert set(listed) <= set(classes)
    for name, cls in classes.items():
        assert cls._personal == frozenset(listed.get(name, ())), name
    assert cobro.answers.Depositor._personal == {"full_name", "document_number"}
    owner = cobro.answers.DepositOwner("Ana", "DNI", "00012345", "u-7")
    assert repr(owner) == (
        "DepositOwner(full_name=[REDACTED], document_type='DNI', document_number=[REDACTED], reference_id=[REDACTED])"
    )
    assert (owner.full_name, owner.to_dict()["reference_id"]) == ("Ana", "u-7")


def test_records_are_frozen_and_hashable_when_flat():
    state = cobro.payin_state(5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.paid = False  # type: ignore[misc]
    assert hash(state) == hash(cobro.payin_state(5))
    if sys.version_info >= (3, 10):
        assert not hasattr(state, "__dict__")


def test_typing_consumer_runs_on_the_vectors():
    kinds = set()
    for _, document, _, value in PARSED:
        if document == "payin-response":
            kinds.add(value.experience.kind)
            assert typing_consumer.voucher_lines(value)
            png = typing_consumer.qr_image(value)
            assert png is None or png.startswith(b"\x89PNG")
            typing_consumer.plain(value)
        elif document == "payin-notification":
            assert typing_consumer.notification_summary(value)
        elif document == "subscription-response":
            kinds.add(value.outcome)
            assert typing_consumer.subscription_summary(value)
    assert {"voucher", "qr", "created", "cancelled", "error"} <= kinds
    assert typing_consumer.mock_merchant()[1:] == (1001, "mock-api-key")


def mypy(*args):
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *args],
        cwd=HERE,
        capture_output=True,
        text=True,
    )


def test_typing_consumer_passes_mypy_strict():
    pytest.importorskip("mypy")
    result = mypy("typing_consumer.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_installed_package_passes_mypy_strict():
    pytest.importorskip("mypy")
    result = mypy("-p", "cobro")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_refuses_an_unnarrowed_experience(tmp_path):
    pytest.importorskip("mypy")
    bad = tmp_path / "bad_consumer.py"
    bad.write_text(
        "import cobro\n"
        "a = cobro.parse_payin_response('{}')\n"
        "print(a.experience.voucher.amount)\n"
        "n: int = cobro.parse('payin-notification', '{}').payin_amount\n"
    )
    result = mypy(str(bad))
    assert result.returncode == 1
    assert 'has no attribute "voucher"' in result.stdout
    assert "Incompatible types in assignment" in result.stdout
