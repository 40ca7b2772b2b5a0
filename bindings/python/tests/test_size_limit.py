"""The size limit is the core's (cobro::Limits::for_body, DESIGN.md 8): `max_bytes=None`
is the default of 1 MiB, any int is that many bytes and 0 accepts no body. A body of
exactly the limit is read; one byte more is ERR_BODY_TOO_LARGE with the params the core
gives the same bytes, whatever form the body takes (bytes, str, bytearray, dict). The
Node binding's tests check the same: bindings/node/__test__/limits.test.js."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

import cobro

DEFAULT = 1024 * 1024
KIND = "subscription-cancel"
CANCEL = {
    "merchantId": 1234,
    "subscriptionDetails": {"type": "RECURRENT", "customerId": "987654321", "processorCode": "Wallet_on_file"},
}


def dict_of(size: int, fill: str = "x") -> dict[str, Any]:
    """A cancellation whose compact JSON text (as the binding writes a dict) is exactly
    `size` bytes of UTF-8: CANCEL with a last unknown field padded with `fill` (a
    one-byte or a two-byte character, and an `x` to make up an odd byte)."""
    body: dict[str, Any] = {**CANCEL, "pad": ""}
    room = size - len(compact(body).encode())
    assert room >= 0
    pad = fill * (room // len(fill.encode()))
    body["pad"] = pad + "x" * (room - len(pad.encode()))
    assert len(compact(body).encode()) == size
    return body


def compact(body: dict[str, Any]) -> str:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False)


FORMS: dict[str, Callable[[int], Any]] = {
    "bytes": lambda n: compact(dict_of(n)).encode(),
    "str": lambda n: compact(dict_of(n)),
    "non-ASCII str": lambda n: compact(dict_of(n, "ñ")),
    "bytearray": lambda n: bytearray(compact(dict_of(n)).encode()),
    "dict": dict_of,
    "non-ASCII dict": lambda n: dict_of(n, "ñ"),
}


def as_bytes(body: Any) -> bytes:
    if isinstance(body, dict):
        return compact(body).encode()
    return body.encode() if isinstance(body, str) else bytes(body)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("max_bytes", [None, 300, 4096])
def test_a_body_of_the_limit_is_read_and_one_byte_more_is_refused(form: str, max_bytes: int | None) -> None:
    limit = DEFAULT if max_bytes is None else max_bytes
    at, over = FORMS[form](limit), FORMS[form](limit + 1)
    assert len(as_bytes(at)) == limit and len(as_bytes(over)) == limit + 1
    report = cobro.validate(KIND, at, max_bytes=max_bytes)
    assert report.errors == []
    assert report.to_json() == cobro.validate(KIND, as_bytes(at), max_bytes=max_bytes).to_json()
    refused = cobro.validate(KIND, over, max_bytes=max_bytes)
    [issue] = refused.errors
    assert (issue.code, issue.path, issue.params) == (
        "ERR_BODY_TOO_LARGE",
        "",
        {"size": str(limit + 1), "limit": str(limit)},
    )
    # The core's own report of the same bytes, message included.
    assert refused.to_json() == cobro.validate(KIND, as_bytes(over), max_bytes=max_bytes).to_json()
    with pytest.raises(cobro.ValidationError) as e:
        cobro.prepare_subscription_cancel(over, key="fake-payin-key", max_bytes=max_bytes)
    assert [(i.code, i.params) for i in e.value.errors] == [(issue.code, issue.params)]
    assert cobro.prepare_subscription_cancel(at, key="fake-payin-key", max_bytes=max_bytes).method == "POST"


def test_max_bytes_none_is_the_default() -> None:
    body = b" " * (DEFAULT + 1)
    assert cobro.validate(KIND, body, max_bytes=None).to_json() == cobro.validate(KIND, body).to_json()
    assert cobro.validate(KIND, body).errors[0].params == {"size": str(DEFAULT + 1), "limit": str(DEFAULT)}


@pytest.mark.parametrize("form", FORMS)
def test_max_bytes_zero_accepts_no_body(form: str) -> None:
    body = FORMS[form](200)
    [issue] = cobro.validate(KIND, body, max_bytes=0).errors
    assert (issue.code, issue.params["limit"]) == ("ERR_BODY_TOO_LARGE", "0")
    with pytest.raises(cobro.ValidationError) as e:
        cobro.prepare_subscription_cancel(body, key="fake-payin-key", max_bytes=0)
    assert e.value.errors[0].code == "ERR_BODY_TOO_LARGE"
    # The empty body is within a limit of 0, and is reported as empty.
    assert [i.code for i in cobro.validate(KIND, "", max_bytes=0).errors] == ["ERR_EMPTY_FIELD"]


def test_max_bytes_must_be_a_non_negative_int() -> None:
    with pytest.raises(ValueError):
        cobro.validate(KIND, "{}", max_bytes=-1)
    for bad in (True, 1.0, "10"):
        with pytest.raises(TypeError):
            cobro.validate(KIND, "{}", max_bytes=bad)  # type: ignore[arg-type]
