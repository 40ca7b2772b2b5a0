"""The prepared-request vectors: method, path, headers and body byte for byte, or the
expected refusal."""

import datetime
import json

import pytest

import cobro
from vectors import cases

CASES = cases("prepare")


def prepare(file, case):
    kind = case.get("kind", file.get("kind"))
    if kind == "payin-status":
        return cobro.prepare_payin_status(
            merchant_id=case["merchant_id"],
            key=case["key"],
            operation_number=case.get("operation_number"),
            start_date=case.get("start_date"),
            end_date=case.get("end_date"),
            today=case["today"],
        )
    body = case["body_text"]
    if kind == "virtual-account":
        # DESIGN.md 9 row 30: no "variant" is the spec's text, the default.
        variant = {"variant": case["variant"]} if "variant" in case else {}
        return cobro.prepare_virtual_account(
            body,
            api_key=case["api_key"],
            secret=case["secret"],
            deposit_mode=case["deposit_mode"],
            now=case["now"],
            **variant,
        )
    if kind == "subscription":
        return cobro.prepare_subscription(body, key=case["key"])
    if kind == "subscription-cancel":
        return cobro.prepare_subscription_cancel(body, key=case["key"])
    assert kind == "payin", kind
    return cobro.prepare_payin(
        body, key=case["key"], today=case["today"], wrap_data=case.get("options", {}).get("wrap_data", False)
    )


@pytest.mark.parametrize("name,file,case", CASES, ids=[c[0] for c in CASES])
def test_prepare_vector(name, file, case):
    if "expected" in case:
        p = prepare(file, case)
        want = case["expected"]
        assert (p.method, p.path, p.body) == (want["method"], want["path"], want["body"])
        assert [list(h) for h in p.headers.items()] == want["headers"]
        assert p.content == want["body"].encode("utf-8")
        assert json.loads(p.to_json()) == want
    elif "errors" in case:
        with pytest.raises(cobro.ValidationError) as e:
            prepare(file, case)
        assert [[i.code, i.path] for i in e.value.errors] == case["errors"]
        # The text counts the errors and names the first few, code and path.
        code, path = case["errors"][0]
        count = len(case["errors"])
        assert str(e.value).startswith(f"the request is invalid: {count} error{'s' if count > 1 else ''} ({code} at ")
        assert path in str(e.value) or not path
        assert not e.value.report.valid
        assert [[i.code, i.path] for i in e.value.report.errors] == case["errors"]
        assert isinstance(e.value, ValueError)
    else:
        with pytest.raises(cobro.SigningError) as e:
            prepare(file, case)
        assert e.value.code == case["error_code"]
        if "error_argument" in case:
            assert case["error_argument"] in str(e.value)


def test_today_as_a_date_and_as_text_agree():
    payin = [c for _, f, c in CASES if f.get("kind") == "payin" and "expected" in c][0]
    a = cobro.prepare_payin(payin["body_text"], key=payin["key"], today=payin["today"])
    b = cobro.prepare_payin(payin["body_text"], key=payin["key"], today=datetime.date.fromisoformat(payin["today"]))
    assert a.body == b.body
    with pytest.raises(cobro.SigningError):
        cobro.prepare_payin(payin["body_text"], key=payin["key"], today="2026-02-30")


def test_a_dict_with_number_amounts_is_prepared_as_the_strings_real_bodies_send():
    """DESIGN.md 9 rows 9 and 10: a dict whose payinMerchantID, payinAmount and
    payinExpirationTime are numbers (an int, a Decimal of one decimal) is sent with the
    three as strings, the amount in two decimals, byte for byte what its JSON text gives."""
    from decimal import Decimal

    payin = [c for _, f, c in CASES if f.get("kind") == "payin" and '"payinAmount":150.5,' in c["body_text"]][0]
    body = json.loads(payin["body_text"], parse_float=Decimal)
    assert body["payinAmount"] == Decimal("150.5") and body["payinMerchantID"] == 1234
    p = cobro.prepare_payin(body, key=payin["key"], today=payin["today"])
    assert p.body == payin["expected"]["body"]
    assert '"payinMerchantID":"1234","payinAmount":"150.50"' in p.body
    assert '"payinExpirationTime":"60"' in p.body
