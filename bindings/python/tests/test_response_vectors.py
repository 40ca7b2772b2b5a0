"""The answer and notification vectors: the parsed value's ``to_dict()`` equals
``expected`` exactly (the core's serde JSON, the QR image as Base64), or the expected
ParseError."""

import json

import pytest

import cobro
from vectors import body_bytes, cases

CASES = cases("responses")


@pytest.mark.parametrize("name,file,case", CASES, ids=[c[0] for c in CASES])
def test_response_vector(name, file, case):
    args = dict(http_status=case["http_status"]) if "http_status" in case else {}
    if "expected" in case:
        value = cobro.parse(file["document"], body_bytes(case), **args)
        assert isinstance(value, cobro.Record)
        assert value.to_dict() == case["expected"]
        assert json.loads(json.dumps(value.to_dict())) == case["expected"]
        assert type(value).from_dict(value.to_dict()) == value
        if case["expected"].get("experience", {}).get("kind") == "qr":
            assert value.experience.qr_png.startswith(b"\x89PNG\r\n\x1a\n")
    else:
        with pytest.raises(cobro.ParseError) as e:
            cobro.parse(file["document"], body_bytes(case), **args)
        assert (e.value.code, e.value.path) == (case["error"]["code"], case["error"]["path"])
        assert isinstance(e.value, ValueError)


def test_attribute_access_reads_like_the_answer():
    voucher = [c for _, f, c in CASES if f["document"] == "payin-response" and c.get("expected", {}).get("experience", {}).get("kind") == "voucher"][0]
    answer = cobro.parse("payin-response", body_bytes(voucher))
    assert answer.experience.kind == "voucher"
    assert answer.experience.voucher.amount == voucher["expected"]["experience"]["voucher"]["amount"]


def test_catalogues():
    assert isinstance(cobro.payin_creation_code("0000"), cobro.CodeInfo)
    assert isinstance(cobro.payin_state(5), cobro.PayinState)
    assert isinstance(cobro.subscription_error_code("9025"), cobro.CodeInfo)
    assert cobro.subscription_error_code("9025").operations == ("cancel",)
    assert cobro.payin_creation_code("0000").disposition == "success"
    assert cobro.payin_creation_code("0044").disposition == "retry"  # not authorized yet
    assert cobro.payin_creation_code("no such code") is None
    assert cobro.payin_state(5).paid is True
    assert cobro.payin_state(999) is None
    assert cobro.subscription_error_code("9025").code == "9025"
    assert cobro.payment_confirmation_code("zz-none") is None
    assert cobro.virtual_account_error_code("zz-none") is None
