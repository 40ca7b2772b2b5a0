"""The prepared-request vectors: method, path, headers and body byte for byte, or the
expected refusal."""

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
            now=case["now"],
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
        body, key=case["key"], now=case["now"], wrap_data=case.get("options", {}).get("wrap_data", False)
    )


@pytest.mark.parametrize("name,file,case", CASES, ids=[c[0] for c in CASES])
def test_prepare_vector(name, file, case):
    if "expected" in case:
        p = prepare(file, case)
        want = case["expected"]
        assert (p.method, p.path, p.body) == (want["method"], want["path"], want["body"])
        assert [list(h) for h in p.headers.items()] == want["headers"]
        assert p.content == want["body"].encode("utf-8")
        assert list(p.filled) == want["filled"]
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


def _kind(file, case):
    return case.get("kind", file.get("kind"))


@pytest.mark.parametrize(
    "name,file,case",
    [c for c in CASES if _kind(c[1], c[2]) in ("payin", "subscription", "subscription-cancel")],
    ids=[c[0] for c in CASES if _kind(c[1], c[2]) in ("payin", "subscription", "subscription-cancel")],
)
def test_validation_before_prepare_agrees_with_prepare(name, file, case):
    """A body prepare accepts has no error before prepare and its prepared body none
    after; a refused one reports before prepare the errors prepare refused it with."""
    kind = _kind(file, case)
    before = cobro.validate(kind, case["body_text"], before_prepare=True)
    if "expected" in case:
        assert before.valid, [[i.code, i.path] for i in before.errors]
        key = case["key"] if kind == "payin" else None
        assert cobro.validate(kind, case["expected"]["body"], key=key).valid
    elif "errors" in case:
        assert [[i.code, i.path] for i in before.errors] == case["errors"]


def test_the_clock_is_now_and_the_former_names_are_refused_naming_it():
    payin = [c for _, f, c in CASES if f.get("kind") == "payin" and "expected" in c][0]
    with pytest.raises(TypeError, match="today= was renamed now="):
        cobro.prepare_payin(payin["body_text"], key=payin["key"], today="2026-11-22")
    with pytest.raises(TypeError, match="today= was renamed now="):
        cobro.prepare_payin_status(merchant_id=1, key="k", operation_number="A", today="2026-11-22")
    with pytest.raises(TypeError, match="timestamp= was renamed now="):
        cobro.virtual_account_headers(api_key="a", secret="s", deposit_mode="OWNER", timestamp=1767225600)
    headers = cobro.virtual_account_headers(api_key="a", secret="s", deposit_mode="OWNER", now=1767225600)
    assert headers["X-Timestamp"] == "1767225600"
    with pytest.raises(cobro.SigningError) as e:
        cobro.prepare_payin(payin["body_text"], key=payin["key"], now=payin["now"] * 1000)
    assert e.value.code == "ERR_TIMESTAMP_IN_MILLISECONDS"


def test_payin_date_is_the_pay_in_countrys_and_filled_says_so():
    """At 19:30 in Lima (00:30 UTC the next day) payinDateTime is Lima's date."""
    payin = [c for _, f, c in CASES if f.get("kind") == "payin" and "expected" in c][0]
    p = cobro.prepare_payin(payin["body_text"], key=payin["key"], now=1795393800)
    assert json.loads(p.body)["payinDateTime"] == "2026-11-22"
    assert "payinDateTime" in p.filled and "typePost" in p.filled
    assert "payinVerification" not in p.filled


def test_every_amount_field_takes_what_payin_amount_takes():
    """A Decimal or int in payinProductAmount is written as payinAmount's canonical text;
    a float is refused in a body as it is as an argument."""
    from decimal import Decimal

    payin = [c for _, f, c in CASES if f.get("kind") == "payin" and '"payinAmount":150.5,' in c["body_text"]][0]
    body = json.loads(payin["body_text"], parse_float=Decimal)
    for given, sent in [(Decimal("89.90"), "89.90"), (Decimal("89.9"), "89.90"), (89, "89.00"), ("89.9", "89.90")]:
        body["payinProductAmount"] = given
        p = cobro.prepare_payin(body, key=payin["key"], now=payin["now"])
        assert json.loads(p.body)["payinProductAmount"] == sent
    with pytest.raises(TypeError) as argument:
        cobro.payin_verification(merchant_id=1, operation_number="A", amount=89.9, currency="PEN", key="k")
    for field in ("payinAmount", "payinProductAmount"):
        float_body = dict(body, **{field: 89.9})
        with pytest.raises(TypeError) as inside:
            cobro.prepare_payin(float_body, key=payin["key"], now=payin["now"])
        assert f"the body's value at {field} must not be a float" in str(inside.value)
        why = "must not be a float: a float cannot hold most decimal amounts exactly"
        assert why in str(argument.value) and why in str(inside.value)
        with pytest.raises(TypeError):
            cobro.validate("payin", float_body, before_prepare=True)
    sub = {
        "merchantId": "1234",
        "subscriptionDetails": {"type": "RECURRENT", "device": "MOBILE", "customerId": "987654321",
                                "processorCode": "Wallet_on_file", "periodicity": "1", "amount": Decimal("49.9")},
    }
    assert '"amount":49.90' in cobro.prepare_subscription(sub, key="fake-payin-key").body
    sub["subscriptionDetails"]["amount"] = "49.9"
    assert '"amount":49.90' in cobro.prepare_subscription(sub, key="fake-payin-key").body


def test_a_float_is_refused_in_an_amount_field_only():
    """A float where an amount field is (the pay-in object, inside {"data": ...} too, and
    subscriptionDetails.amount) is refused; the same key elsewhere (a merchant's own
    nested object, a list) holds any number, which prepare sends as given."""
    from decimal import Decimal

    payin = [c for _, f, c in CASES if f.get("kind") == "payin" and '"payinAmount":150.5,' in c["body_text"]][0]
    body = json.loads(payin["body_text"], parse_float=Decimal)
    for nested in ({"amount": 0.5}, {"payinAmount": 0.5}, [{"payinAmount": 0.5}], {"data": {"payinAmount": 0.5}}):
        p = cobro.prepare_payin(dict(body, x=nested), key=payin["key"], now=payin["now"])
        assert json.loads(p.body, parse_float=Decimal)["x"] == json.loads(json.dumps(nested), parse_float=Decimal)
        assert cobro.validate("payin", dict(body, x=nested), before_prepare=True).valid
    with pytest.raises(TypeError, match="at data.payinAmount must not be a float"):
        cobro.prepare_payin({"data": dict(body, payinAmount=150.5)}, key=payin["key"], now=payin["now"])
    details = {"type": "RECURRENT", "device": "MOBILE", "customerId": "987654321",
               "processorCode": "Wallet_on_file", "periodicity": "1", "amount": 49.9}
    with pytest.raises(TypeError, match="at subscriptionDetails.amount must not be a float"):
        cobro.prepare_subscription({"merchantId": "1234", "subscriptionDetails": details}, key="fake-payin-key")
    details["amount"] = Decimal("49.9")
    sub = {"merchantId": "1234", "subscriptionDetails": details, "metadata": [{"key": "amount", "value": "x"}]}
    assert '"amount":49.90' in cobro.prepare_subscription(sub, key="fake-payin-key").body


def test_a_dict_with_number_amounts_is_prepared_as_the_strings_real_bodies_send():
    """DESIGN.md 9 rows 9 and 10: a dict whose payinMerchantID, payinAmount and
    payinExpirationTime are numbers (an int, a Decimal of one decimal) is sent with the
    three as strings, the amount in two decimals, byte for byte what its JSON text gives."""
    from decimal import Decimal

    payin = [c for _, f, c in CASES if f.get("kind") == "payin" and '"payinAmount":150.5,' in c["body_text"]][0]
    body = json.loads(payin["body_text"], parse_float=Decimal)
    assert body["payinAmount"] == Decimal("150.5") and body["payinMerchantID"] == 1234
    p = cobro.prepare_payin(body, key=payin["key"], now=payin["now"])
    assert p.body == payin["expected"]["body"]
    assert '"payinMerchantID":"1234","payinAmount":"150.50"' in p.body
    assert '"payinExpirationTime":"60"' in p.body
