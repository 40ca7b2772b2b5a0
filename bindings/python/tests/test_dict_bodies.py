"""A `dict` body is judged exactly like the JSON text the binding would write for it.

On the cp310-abi3 wheel most dicts go to the core as a tree (bindings/python/src/tree.rs)
and the rest, the unusual ones, through the text; on the cp39-abi3 wheel every dict goes
through the text. Each case here compares `validate(kind, body)` with
`validate(kind, text)`, where `text` is written by `as_text` below the way the binding
writes it (compact, keys in order, `int`/`Decimal` by `str`, `float` by `repr`), so both
wheels must agree with it on every edge: the number forms, the nesting limit, the size
limit, lone surrogates and containers the tree path leaves to the text path.
"""

from __future__ import annotations

import decimal
import json
from typing import Any

import pytest

import cobro

# The core's nesting limit (cobro::Limits::MAX_DEPTH, DESIGN.md 8); the top-level value is depth 1.
MAX_DEPTH = 64

CANCEL = {
    "merchantId": 1234,
    "subscriptionDetails": {"type": "RECURRENT", "customerId": "987654321", "processorCode": "Wallet_on_file"},
}


def as_text(value: Any) -> str:
    """The JSON text of `value` as the binding writes it (strings as `json.dumps` with
    `ensure_ascii=False`; the cases below keep strings free of escapes, where the two
    writers agree byte for byte)."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (int, decimal.Decimal)):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return "{" + ",".join(as_text(k) + ":" + as_text(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(as_text(v) for v in value) + "]"
    raise TypeError(type(value))


def nested(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = [value]
    return value


def with_field(name: str, value: Any) -> dict[str, Any]:
    body = json.loads(json.dumps(CANCEL))
    body[name] = value
    return body


class Text(str):
    pass


CASES = {
    "plain": CANCEL,
    "int at the i64 limits": with_field("merchantId", 2**63 - 1),
    "negative int": with_field("merchantId", -(2**63)),
    "int past i64": with_field("merchantId", 2**70),
    "float": with_field("merchantId", 1234.5),
    "float with exponent": with_field("merchantId", 1e16),
    "Decimal": with_field("merchantId", decimal.Decimal("1234.00")),
    "Decimal exponent": with_field("merchantId", decimal.Decimal("1E+3")),
    "bool and null": with_field("extra", [True, False, None]),
    "tuple": with_field("extra", ("a", 1)),
    "str subclass": with_field("merchantId", Text("1234")),
    "non-ASCII text": with_field("extra", "Señora Ñandú 日本"),
    "empty containers": with_field("extra", [{}, [], ""]),
    "nesting at the limit": with_field("extra", nested(MAX_DEPTH - 1)),
    "nesting one past the limit": with_field("extra", nested(MAX_DEPTH)),
    "nesting far past the limit": with_field("extra", nested(MAX_DEPTH + 40)),
    "a list body": [CANCEL],
}


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("strict", [False, True])
def test_dict_is_judged_like_its_text(name: str, strict: bool) -> None:
    body = CASES[name]
    expected = cobro.validate("subscription-cancel", as_text(body), strict=strict).to_json()
    assert cobro.validate("subscription-cancel", body, strict=strict).to_json() == expected


@pytest.mark.parametrize("max_bytes", [10, 60, 119, 120, 121, 239, 240, 241, 1000, 10_000])
def test_size_limit_is_the_text_size(max_bytes: int) -> None:
    """The tree path gives way to the text path near the limit: a body refused is one
    whose text is longer than the limit (the text path stops writing past the limit, so
    the size it reports is what it wrote by then), and a body under it is judged as its
    text."""
    text = as_text(CANCEL)
    report = cobro.validate("subscription-cancel", CANCEL, max_bytes=max_bytes)
    if len(text.encode()) > max_bytes:
        assert [(i.code, i.path) for i in report.errors] == [("ERR_BODY_TOO_LARGE", "")]
        assert report.errors[0].params["limit"] == str(max_bytes)
    else:
        expected = cobro.validate("subscription-cancel", text, max_bytes=max_bytes).to_json()
        assert report.to_json() == expected


def test_lone_surrogates_are_reported_as_invalid_utf8() -> None:
    for body in (with_field("extra", "\ud800"), {"\udc00": 1, **CANCEL}):
        report = cobro.validate("subscription-cancel", body)
        assert [(i.code, i.path) for i in report.errors] == [("ERR_INVALID_UTF8", "")]


def test_what_the_text_path_refuses_is_still_refused() -> None:
    with pytest.raises(TypeError):
        cobro.validate("subscription-cancel", {1: "a"})
    with pytest.raises(TypeError):
        cobro.validate("subscription-cancel", with_field("extra", object()))
    # A body that contains itself is nested too deep, the report Node gives too.
    cyclic: dict[str, Any] = dict(CANCEL)
    cyclic["self"] = cyclic
    assert [i.code for i in cobro.validate("subscription-cancel", cyclic).errors] == ["ERR_NESTING_TOO_DEEP"]
    shared = ["a"]
    # The same list twice is not a cycle.
    body = with_field("extra", [shared, shared])
    assert cobro.validate("subscription-cancel", body).to_json() == cobro.validate(
        "subscription-cancel", as_text(body)
    ).to_json()
