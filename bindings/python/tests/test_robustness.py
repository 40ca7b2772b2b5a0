"""Junk through every public function raises only the documented exceptions
(``TypeError``, ``ValueError`` and their subclasses, ``CobroError``), never pyo3's
``PanicException`` or a ``RecursionError``; secrets never show; threads agree."""

import inspect
import pickle
import threading

import pytest

import cobro
from vectors import body_bytes, cases

KEY = "fake-payin-key-robustness"
SIG = "0" * 128


def deep(n):
    value = {}
    for _ in range(n):
        value = {"a": value}
    return value


def cyclic():
    value = {"a": [1]}
    value["a"].append(value)
    return value


JUNK = {
    "None": None,
    "float": 1.5,
    "emoji": "😀",
    "NUL": "\x00",
    "superscript digits": "²³",
    "10 MB str": "9" * (10 * 1024 * 1024),
    "deep dict": deep(10000),
    "cyclic dict": cyclic(),
    "bad UTF-8 bytes": b"\xff\xfe\x00",
    "lone surrogate": "\ud800",
    "huge int": 10**40,
    "negative int": -1,
    "bool": True,
    "empty str": "",
    "object": object(),
}

# A valid call of every public function; the test fails if a function is missing, so a
# new one cannot skip the junk.
VA_HEADERS = cobro.virtual_account_headers(api_key="k", secret=KEY, deposit_mode="ANY", now=1700000000)
CALLS = {
    "validate": ("payin", "{}"),
    "ensure_valid": ("subscription-cancel", "{}"),
    "payin_verification": dict(merchant_id=1, operation_number="OP", amount="1.00", currency="PEN", key=KEY),
    "subscription_authorization": dict(
        merchant_id=1, type="RECURRENT", customer_id="1", processor_code="Wallet_on_file", key=KEY
    ),
    "virtual_account_message": dict(timestamp=1700000000, api_key="k", variant="reference_id", reference_id="u"),
    "virtual_account_signature": dict(timestamp=1700000000, api_key="k", secret=KEY),
    "virtual_account_headers": dict(api_key="k", secret=KEY, deposit_mode="ANY", now=1700000000),
    "verify_virtual_account_headers": ((VA_HEADERS,), dict(secret=KEY, now=1700000000, window_seconds=120)),
    "verify_payin_notification": (("{}",), dict(key=KEY)),
    "receive_notification": (
        ("payin-notification", "{}"),
        dict(key=KEY, peer="127.0.0.1", allow_list=["127.0.0.0/8"], stored_state=2, merchant_id=1234, locale="es"),
    ),
    "retry_advice": (("payin", 2), dict(http_status=200, body="{}")),
    "prepare_virtual_account": (("{}",), dict(api_key="k", secret=KEY, deposit_mode="ANY", now=1700000000)),
    "prepare_subscription": (("{}",), dict(key=KEY)),
    "prepare_subscription_cancel": (("{}",), dict(key=KEY)),
    "prepare_payin": (("{}",), dict(key=KEY, now=1767268800, wrap_data=True)),
    "prepare_payin_status": dict(
        merchant_id=1, key=KEY, operation_number="OP", start_date="2026-01-01", end_date="2026-01-02", now=1769947200
    ),
    "parse": (("payin-response", "{}"), dict(http_status=200)),
    "parse_virtual_account_response": (("{}",), dict(http_status=400)),
    "parse_subscription_response": ("{}",),
    "parse_payin_response": ("{}",),
    "parse_payin_notification": ("{}",),
    "parse_subscription_webhook": ("{}",),
    "parse_deposit_notification": ("{}",),
    "parse_payin_status": ("{}",),
    "payin_creation_code": ("0000",),
    "payment_confirmation_code": ("00",),
    "payin_state": (5,),
    "subscription_error_code": ("9025",),
    "virtual_account_error_code": ("x",),
    "payin_creation_codes": (),
    "payment_confirmation_codes": (),
    "payin_states": (),
    "subscription_error_codes": (),
    "virtual_account_error_codes": (),
    "can_cancel": ("AUTHORIZED",),
    "may_request_subscription": ("PENDING",),
    "may_charge": ("PENDING",),
    "payin_state_is_final": (5,),
    "next_states": (5,),
    "payin_transition": (2, 5),
    "virtual_account_transition": ("MEX", "ACTIVE", "INACTIVE"),
    "documents.validate": ("PE", "RUC", "20100070970"),
    "documents.is_valid": ("PE", "RUC", "20100070970"),
    "documents.compact": ("PE", "RUC", "20100070970"),
    "documents.format": ("PE", "RUC", "20100070970"),
    "documents.types": (),
    "codes": (),
    "schema": ("payin",),
    "openapi": (),
    # Every argument but `config`, which goes with none of the merchant's (test_mock.py).
    "mock.start": dict(
        port=0,
        host="127.0.0.1",
        merchant_id=1234,
        api_key="k",
        webhook_url="",
        va_secret=KEY,
        payin_key=KEY,
        clock_offset=0,
        auto_pay=1,
    ),
    "Secret": (KEY,),
    "Amount": ("1.00",),
    "Amount.from_minor_units": (100,),
}


def resolve(name):
    obj = cobro
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def split(call):
    if isinstance(call, dict):
        return (), call
    if len(call) == 2 and isinstance(call[0], tuple) and isinstance(call[1], dict):
        return call
    return call, {}


def public_callables():
    names = set()
    for name in cobro.__all__:
        obj = getattr(cobro, name)
        if inspect.isbuiltin(obj) or inspect.isfunction(obj):
            names.add(name)
    for space in ("documents", "mock"):
        module = getattr(cobro, space)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isbuiltin(obj) or inspect.isfunction(obj):
                names.add(f"{space}.{name}")
    names |= {"Secret", "Amount", "Amount.from_minor_units"}
    return names


def test_every_public_function_has_a_call():
    assert public_callables() == set(CALLS)


def variants():
    for name, call in sorted(CALLS.items()):
        args, kwargs = split(call)
        for i in range(len(args)):
            yield name, f"arg {i}", i, None
        for k in kwargs:
            yield name, k, None, k


VARIANTS = list(variants())


def test_valid_calls_work():
    for name, call in CALLS.items():
        args, kwargs = split(call)
        try:
            resolve(name)(*args, **kwargs)
        except cobro.CobroError:
            pass  # "{}" is not a valid request; the point is that the call is well formed


@pytest.mark.parametrize("name,where,index,key", VARIANTS, ids=[f"{v[0]}:{v[1]}" for v in VARIANTS])
def test_junk_raises_only_documented_exceptions(name, where, index, key):
    fn = resolve(name)
    args, kwargs = split(CALLS[name])
    for label, junk in JUNK.items():
        a, k = list(args), dict(kwargs)
        if index is not None:
            a[index] = junk
        else:
            k[key] = junk
        try:
            fn(*a, **k)
        except (TypeError, ValueError, cobro.CobroError):
            pass
        except BaseException as e:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{name}({where}={label}) raised {type(e).__name__}: {str(e)[:200]}")


def test_deep_and_cyclic_bodies_are_reports():
    report = cobro.validate("payin", deep(10000))
    assert [i.code for i in report.errors] == ["ERR_NESTING_TOO_DEEP"]
    # A body that contains itself: the same report in every language (Node's too).
    assert [i.code for i in cobro.validate("payin", cyclic()).errors] == ["ERR_NESTING_TOO_DEEP"]
    wide: dict[str, object] = {}
    for k in "abcdefgh":
        wide[k] = wide
    # One that holds itself many times is bounded by the size limit first (Node agrees).
    assert [i.code for i in cobro.validate("payin", wide).errors] == ["ERR_BODY_TOO_LARGE"]
    big = cobro.validate("payin", {"a": "9" * (2 * 1024 * 1024)})
    assert [i.code for i in big.errors] == ["ERR_BODY_TOO_LARGE"]
    assert [i.code for i in cobro.validate("payin", b"\xff").errors] == ["ERR_INVALID_UTF8"]
    assert [i.code for i in cobro.validate("payin", "\ud800").errors] == ["ERR_INVALID_UTF8"]


def test_float_amounts_are_refused_with_the_reason():
    with pytest.raises(TypeError, match="float"):
        cobro.payin_verification(merchant_id=1, operation_number="OP", amount=150.5, currency="PEN", key=KEY)
    with pytest.raises(TypeError):
        cobro.payin_verification(merchant_id=1.0, operation_number="OP", amount="1", currency="PEN", key=KEY)
    assert str(cobro.Amount.from_minor_units(15050)) == "150.50"
    assert cobro.payin_verification(
        merchant_id=1, operation_number="OP", amount=150, currency="PEN", key=KEY
    ) == cobro.payin_verification(merchant_id="1", operation_number="OP", amount="150.00", currency="PEN", key=KEY)


def test_secrets_never_show():
    s = cobro.Secret(KEY)
    assert KEY not in repr(s) and KEY not in str(s) and KEY not in f"{s!r} {s}"
    assert repr(s) == "Secret('[REDACTED]')"
    with pytest.raises(TypeError):
        pickle.dumps(s)
    for bad in (" " + KEY, KEY + "\n"):
        with pytest.raises(cobro.SigningError) as e:
            cobro.Secret(bad)
        assert KEY not in str(e.value) and KEY not in repr(e.value)
    calls = [
        lambda k: cobro.payin_verification(merchant_id=1, operation_number="", amount="1", currency="PEN", key=k),
        lambda k: cobro.verify_payin_notification("{}", key=k),
        lambda k: cobro.prepare_payin("{}", key=k),
        lambda k: cobro.prepare_subscription("[]", key=k),
        lambda k: cobro.verify_virtual_account_headers(VA_HEADERS, secret=k, now=1800000000),
        lambda k: cobro.validate("payin", {"payinVerification": SIG, "payinAmount": KEY}, key=k),
    ]
    for call in calls:
        for key in (KEY, cobro.Secret(KEY)):
            try:
                shown = repr(call(key))
            except cobro.CobroError as e:
                shown = f"{e!r} {e} {getattr(e, 'report', '')!r}"
            assert KEY not in shown


def test_panics_do_not_escape_as_panic_exception():
    # No public input is known to panic; the guard's class is what callers would see.
    assert issubclass(cobro.CobroError, Exception)
    for cls in (cobro.ValidationError, cobro.SigningError, cobro.ParseError, cobro.DocumentError):
        assert issubclass(cls, cobro.CobroError) and issubclass(cls, ValueError)


def test_four_threads_validating_agree():
    bodies = [(f["kind"], body_bytes(c)) for _, f, c in cases("validation")]
    expected = [cobro.validate(kind, body).to_json() for kind, body in bodies]
    results = [None] * 4

    def run(slot):
        results[slot] = [cobro.validate(kind, body).to_json() for kind, body in bodies * 3]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results:
        assert r == expected * 3
