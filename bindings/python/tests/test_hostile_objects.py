"""Host objects that try to get past the binding: huge bodies of every accepted type,
keys and signed text that UTF-8 cannot encode, numbers JSON cannot hold or whose text is
not a JSON number, and dicts changed while they are read. Each gets a clear answer (the
core's, as the Node binding gives it: bindings/node/__test__/hostile.test.js); none
leaks a key, writes foreign text into the body or prints to stderr."""

from __future__ import annotations

import decimal
import os
import time
import traceback
from typing import Any, Callable

import pytest

import cobro

LIMIT = 1024 * 1024
KEY = "SECRET-fake-payin-key-0001"
SIG = "0" * 128


# Oversized bodies: the size is checked before anything is copied.


def huge_bodies() -> dict[str, Callable[[], Any]]:
    n = 64 * LIMIT
    return {
        "bytearray": lambda: bytearray(n),
        "ASCII str": lambda: "9" * n,
        "non-ASCII str": lambda: "ñ" * n,
        "str with a lone surrogate": lambda: "\ud800" * n,
        "dict with a huge str": lambda: {"a": "9" * n},
        "dict with a huge non-ASCII str": lambda: {"a": "ñ" * n},
        "list with a huge str": lambda: ["9" * n],
    }


def status(field: str) -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise LookupError(field)


def reset_peak_memory() -> int:
    """Resets the process's peak resident size (Linux) and returns the current one."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return status("VmRSS")
    except OSError:
        pytest.skip("no /proc/self/clear_refs to measure the peak memory with")


def peak_memory() -> int:
    return status("VmHWM")


CALLS: dict[str, Callable[[Any], Any]] = {
    "validate": lambda body: cobro.validate("payin", body),
    "parse": lambda body: cobro.parse("payin-response", body),
    "prepare_payin": lambda body: cobro.prepare_payin(body, key=KEY, now=1767268800),
    "verify_payin_notification": lambda body: cobro.verify_payin_notification(body, key=KEY),
}


@pytest.mark.parametrize("kind", list(huge_bodies()))
@pytest.mark.parametrize("call", list(CALLS))
def test_oversized_bodies_are_refused_without_a_copy(kind: str, call: str) -> None:
    body = huge_bodies()[kind]()
    before = reset_peak_memory()
    start = time.perf_counter()
    try:
        result = CALLS[call](body)
        codes = [i.code for i in result.errors]
    except cobro.ValidationError as e:
        codes = [i.code for i in e.errors]
    except cobro.ParseError as e:
        codes = [e.code]
    elapsed = time.perf_counter() - start
    grown = peak_memory() - before
    assert codes == ["ERR_BODY_TOO_LARGE"]
    # A copy of the body would be 64 MiB or more.
    assert grown < 16 * LIMIT, grown
    # Generous: the machine is shared; a copy of 64 MiB or more is what this rules out.
    assert elapsed < 5.0


def test_oversized_bytearray_report_is_the_core_s() -> None:
    report = cobro.validate("payin", bytearray(b" " * (LIMIT + 10)))
    [issue] = report.errors
    assert (issue.code, issue.path, issue.params["limit"]) == ("ERR_BODY_TOO_LARGE", "", str(LIMIT))
    # Measured, not copied: the exact size however far over the limit.
    assert issue.params["size"] == str(LIMIT + 10)
    far = cobro.validate("payin", bytearray(64 * LIMIT)).errors[0]
    assert far.params["size"] == str(64 * LIMIT)
    # Under the limit a bytearray is read as bytes are.
    small = bytearray(b'{"payinAmount": "1.00"}')
    assert cobro.validate("payin", small).to_json() == cobro.validate("payin", bytes(small)).to_json()
    assert cobro.validate("payin", bytearray(b"x" * 11), max_bytes=10).errors[0].code == "ERR_BODY_TOO_LARGE"


def test_oversized_str_report_is_the_core_s() -> None:
    # An ASCII str is measured: its exact size, as its bytes get.
    for n in (LIMIT + 10, 64 * LIMIT):
        report = cobro.validate("payin", " " * n, locale="es")
        assert report.to_json() == cobro.validate("payin", b" " * n, locale="es").to_json()
    small = cobro.validate("payin", "x" * 11, max_bytes=10).errors[0]
    assert (small.code, small.params) == ("ERR_BODY_TOO_LARGE", {"size": "11", "limit": "10"})
    # A non-ASCII str a little over the limit is encoded for its exact size.
    assert cobro.validate("payin", "ñ" * 6, max_bytes=10).errors[0].params["size"] == "12"
    with pytest.raises(cobro.ParseError) as info:
        cobro.parse("payin-notification", "9" * (LIMIT + 1))
    assert (info.value.code, info.value.path) == ("ERR_BODY_TOO_LARGE", "")


# Keys and signed text that UTF-8 cannot encode: the core's SigningError (as Node
# raises it), with nothing of the key in it.

BAD_KEY = KEY + "\ud800"

KEY_CALLS: dict[str, Callable[[Any], Any]] = {
    "Secret": lambda k: cobro.Secret(k),
    "payin_verification": lambda k: cobro.payin_verification(
        merchant_id=1, operation_number="OP", amount="1.00", currency="PEN", key=k
    ),
    "subscription_authorization": lambda k: cobro.subscription_authorization(
        merchant_id=1, type="RECURRENT", customer_id="1", processor_code="Wallet_on_file", key=k
    ),
    "virtual_account_signature": lambda k: cobro.virtual_account_signature(timestamp=1700000000, api_key="a", secret=k),
    "virtual_account_headers": lambda k: cobro.virtual_account_headers(api_key="a", secret=k, deposit_mode="ANY"),
    "verify_virtual_account_headers": lambda k: cobro.verify_virtual_account_headers({}, secret=k),
    "verify_payin_notification": lambda k: cobro.verify_payin_notification("{}", key=k),
    "validate": lambda k: cobro.validate("payin", {"payinVerification": SIG}, key=k),
    "prepare_virtual_account": lambda k: cobro.prepare_virtual_account(
        "{}", api_key="a", secret=k, deposit_mode="ANY"
    ),
    "prepare_subscription": lambda k: cobro.prepare_subscription("{}", key=k),
    "prepare_subscription_cancel": lambda k: cobro.prepare_subscription_cancel("{}", key=k),
    "prepare_payin": lambda k: cobro.prepare_payin("{}", key=k),
}


@pytest.mark.parametrize("name", list(KEY_CALLS))
def test_a_key_utf8_cannot_encode_never_shows(name: str) -> None:
    with pytest.raises(cobro.SigningError) as info:
        KEY_CALLS[name](BAD_KEY)
    e = info.value
    assert e.code == "ERR_NOT_UNICODE"
    argument = "value" if name == "Secret" else "secret" if "virtual_account" in name else "key"
    assert str(e) == f"{argument} must be valid Unicode text (it is not valid UTF-8: a lone surrogate?)"
    assert e.__cause__ is None and e.__context__ is None and e.__suppress_context__
    shown = [repr(e), str(e), repr(e.args), "".join(traceback.format_exception(type(e), e, e.__traceback__))]
    for text in shown:
        assert "SECRET" not in text and "\ud800" not in text


PAYIN = {"merchant_id": 1, "operation_number": "OP", "amount": "1.00", "currency": "PEN", "key": KEY}
SUB = {"merchant_id": 1, "type": "ON_DEMAND", "customer_id": "1", "processor_code": "Wallet_on_file", "key": KEY}
VA = {"api_key": "api", "secret": KEY, "timestamp": 1700000000}

TEXT_CALLS: dict[str, Callable[[str], Any]] = {
    "operation_number": lambda lone: cobro.payin_verification(**{**PAYIN, "operation_number": "O" + lone}),
    "currency": lambda lone: cobro.payin_verification(**{**PAYIN, "currency": "PEN" + lone}),
    "type": lambda lone: cobro.subscription_authorization(**{**SUB, "type": "ON_DEMAND" + lone}),
    "customer_id": lambda lone: cobro.subscription_authorization(**{**SUB, "customer_id": "1" + lone}),
    "processor_code": lambda lone: cobro.subscription_authorization(**{**SUB, "processor_code": "W" + lone}),
    "api_key": lambda lone: cobro.virtual_account_signature(**{**VA, "api_key": "api" + lone}),
    "reference_id": lambda lone: cobro.virtual_account_signature(**VA, reference_id="r" + lone),
    "headers": lambda lone: cobro.verify_virtual_account_headers({"X-Api-Key": "a" + lone}, secret=KEY),
}


@pytest.mark.parametrize("lone", ["\ud800", "\udfff", "a\udc00b"], ids=ascii)
@pytest.mark.parametrize("name", list(TEXT_CALLS))
def test_signed_text_utf8_cannot_encode_is_a_signing_error(name: str, lone: str) -> None:
    with pytest.raises(cobro.SigningError) as info:
        TEXT_CALLS[name](lone)
    e = info.value
    assert (e.code, str(e)) == (
        "ERR_NOT_UNICODE",
        f"{name} must be valid Unicode text (it is not valid UTF-8: a lone surrogate?)",
    )
    assert e.__cause__ is None and e.__suppress_context__


def test_well_formed_non_ascii_text_is_signed() -> None:
    assert len(cobro.payin_verification(**{**PAYIN, "operation_number": "O-\U0001f600"})) == 128


# Number texts from host objects: only JSON numbers are written.


class SneakyInt(int):
    def __str__(self) -> str:
        return '1234,"payinInjected":"yes"'

    __repr__ = __str__


class SneakyDecimal(decimal.Decimal):
    def __str__(self) -> str:
        return '1234,"payinInjected":"yes"'


class SneakyFloat(float):
    def __repr__(self) -> str:
        return '1234,"payinInjected":"yes"'


class PlainInt(int):
    pass


@pytest.mark.parametrize("number", [SneakyInt(5), SneakyDecimal("5"), SneakyFloat(5.0)], ids=type)
def test_number_text_from_str_is_checked(number: Any) -> None:
    body = {"payinMerchantID": 1, "payinAmount": number}
    with pytest.raises(TypeError) as info:
        cobro.validate("payin", body)
    message = str(info.value)
    assert "payinAmount" in message and "JSON number" in message and "payinInjected" not in message
    with pytest.raises(TypeError):
        cobro.prepare_payin(body, key=KEY, now=1767268800)


def test_number_subclasses_with_honest_text_are_written() -> None:
    body = {"merchantId": PlainInt(1234), "extra": [decimal.Decimal("1.5"), PlainInt(-2)]}
    text = '{"merchantId":1234,"extra":[1.5,-2]}'
    assert cobro.validate("subscription-cancel", body).to_json() == cobro.validate(
        "subscription-cancel", text
    ).to_json()


# NaN and Infinity: a number JSON cannot hold, the core's ERR_INVALID_TYPE at its path.


class HonestFloat(float):
    pass


@pytest.mark.parametrize(
    ("number", "found"),
    [
        (float("nan"), "NaN"),
        (float("inf"), "Infinity"),
        (float("-inf"), "-Infinity"),
        (HonestFloat("nan"), "NaN"),
        (decimal.Decimal("NaN"), "NaN"),
        (decimal.Decimal("sNaN"), "NaN"),
        (decimal.Decimal("-NaN"), "NaN"),
        (decimal.Decimal("Infinity"), "Infinity"),
        (decimal.Decimal("-Infinity"), "-Infinity"),
    ],
    ids=repr,
)
def test_nan_and_infinity_are_a_wrong_type_at_their_path(number: Any, found: str) -> None:
    body = {"payinMerchantID": 1, "products": [{"payinProductAmount": number}]}
    for options in ({}, {"max_bytes": 4096}):
        report = cobro.validate("payin", body, **options)
        assert not report.valid
        [issue] = report.errors
        assert (issue.path, issue.code, issue.params) == (
            "products[0].payinProductAmount",
            "ERR_INVALID_TYPE",
            {"expected": "finite number", "found": found},
        )
        assert issue.message == f"products[0].payinProductAmount must be of type finite number, not {found}"
        assert report.warnings == []


def test_nan_and_infinity_as_node_reports_them() -> None:
    def issue(body: Any, **options: Any) -> list[str]:
        report = cobro.validate("payin", body, **options)
        assert not report.valid
        e = report.errors[0]
        return [e.path, e.code, e.params["found"], e.message]

    nan, inf = float("nan"), float("inf")
    assert issue({"payinAmount": nan}) == [
        "payinAmount",
        "ERR_INVALID_TYPE",
        "NaN",
        "payinAmount must be of type finite number, not NaN",
    ]
    assert issue({"payinAmount": inf}, max_bytes=4096)[:3] == ["payinAmount", "ERR_INVALID_TYPE", "Infinity"]
    body = {"a": None, "metadata": [{"key": "k", "value": -inf}]}
    assert issue(body)[:3] == ["metadata[0].value", "ERR_INVALID_TYPE", "-Infinity"]
    assert issue({"big": 10**30, "x": {"y": [0, nan]}})[:3] == ["x.y[1]", "ERR_INVALID_TYPE", "NaN"]
    assert issue([{"a": (1, nan)}])[:3] == ["[0].a[1]", "ERR_INVALID_TYPE", "NaN"]
    message = cobro.validate("payin", {"payinExpirationTime": nan}, locale="es").errors[0].message
    assert message == "payinExpirationTime debe ser de tipo finite number, no NaN"
    with pytest.raises(cobro.ValidationError) as prepared:
        cobro.prepare_payin({"payinExpirationTime": nan}, key=KEY, now=1767268800)
    assert [(e.path, e.code) for e in prepared.value.errors] == [("payinExpirationTime", "ERR_INVALID_TYPE")]
    assert prepared.value.report.to_json() == cobro.validate("payin", {"payinExpirationTime": nan}).to_json()
    # Under an amount's key any float is refused, as a float amount argument is.
    with pytest.raises(TypeError, match="payinAmount must not be a float"):
        cobro.prepare_payin({"payinAmount": nan}, key=KEY, now=1767268800)
    for prepare in (
        lambda b: cobro.prepare_subscription(b, key=KEY, locale="es"),
        lambda b: cobro.prepare_virtual_account(b, api_key="a", secret=KEY, deposit_mode="ANY"),
    ):
        with pytest.raises(cobro.ValidationError) as refused:
            prepare({"x": [decimal.Decimal("Infinity")]})
        assert [(e.path, e.code) for e in refused.value.errors] == [("x[0]", "ERR_INVALID_TYPE")]
    for parse in (
        lambda b: cobro.parse("payin-notification", b),
        lambda b: cobro.parse_payin_response(b),
        lambda b: cobro.verify_payin_notification(b, key=KEY),
    ):
        with pytest.raises(cobro.ParseError) as parsed:
            parse({"payinAmount": nan})
        assert (parsed.value.code, parsed.value.path) == ("ERR_INVALID_TYPE", "payinAmount")
    # A None that is a None stays one.
    report = cobro.validate("payin", {"payinAmount": None})
    assert [e.code for e in report.errors if e.path == "payinAmount"] == ["ERR_MISSING_FIELD"]


def test_other_host_objects_name_the_path() -> None:
    with pytest.raises(TypeError, match=r"metadata\[1\]\.x.*set"):
        cobro.validate("payin", {"metadata": [{}, {"x": {1}}]})
    with pytest.raises(TypeError, match=r"key of the body's dict at owner must be a str, not int"):
        cobro.validate("virtual-account", {"owner": {1: "a"}})


# A dict changed while it is read: a clear error, nothing on stderr.


def mutating(action: str) -> dict[str, Any]:
    body: dict[str, Any] = {"payinMerchantID": 1}

    class Mutator(int):
        def __str__(self) -> str:
            if action == "add":
                body["payinSurprise"] = "x"
            elif action == "remove":
                body.pop("payinMerchantID", None)
            else:
                body.pop("payinMerchantID", None)
                body["payinReplacement"] = "x"
            return "5"

    body["payinAmount"] = Mutator(5)
    body["payinCurrency"] = "PEN"
    return body


@pytest.mark.parametrize("action", ["add", "remove", "replace"])
def test_a_dict_changed_while_read_is_a_clear_error(action: str, capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RuntimeError, match="changed while"):
        cobro.validate("payin", mutating(action))
    with pytest.raises(RuntimeError, match="changed while"):
        cobro.prepare_payin(mutating(action), key=KEY, now=1767268800)
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")
