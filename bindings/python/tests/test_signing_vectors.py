"""The signing vectors: pay-in verification, subscription authorization, the
virtual-account signature and header verification, and notification verification."""

import pytest

import cobro
from vectors import ROOT, load

PAYIN = load(ROOT / "signing" / "payin-verification.json")
SUBSCRIPTION = load(ROOT / "signing" / "subscription-authorization.json")
VA = load(ROOT / "signing" / "virtual-account-signature.json")


@pytest.mark.parametrize("case", PAYIN["cases"], ids=lambda c: c["name"])
def test_payin_verification(case):
    args = dict(
        merchant_id=case["merchant_id"],
        operation_number=case["operation_number"],
        currency=case["currency"],
        key=case["key"],
    )
    assert cobro.payin_verification(amount=case["amount"], **args) == case["expected"]
    assert str(cobro.Amount(case["amount"])) == case["canonical_amount"]
    # The same hash from a Decimal, an Amount, a digit-string merchant id and a Secret.
    import decimal

    assert cobro.payin_verification(amount=decimal.Decimal(case["amount"]), **args) == case["expected"]
    args.update(merchant_id=str(case["merchant_id"]), key=cobro.Secret(case["key"]))
    assert cobro.payin_verification(amount=cobro.Amount(case["amount"]), **args) == case["expected"]


@pytest.mark.parametrize("case", PAYIN["errors"], ids=lambda c: c["name"])
def test_payin_verification_refuses_what_validation_refuses(case):
    """DESIGN.md 9 row 32: the code validation gives the same field of a body."""
    args = dict(merchant_id=1, operation_number="OP", amount="1.00", currency="PEN")
    args.update({k: case[k] for k in args if k in case})
    for merchant_id in (args["merchant_id"], str(args["merchant_id"])):
        with pytest.raises(cobro.SigningError) as e:
            cobro.payin_verification(**{**args, "merchant_id": merchant_id}, key="fake-key")
        assert e.value.code == case["error"]
        assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("case", SUBSCRIPTION["errors"], ids=lambda c: c["name"])
def test_subscription_authorization_refuses_what_validation_refuses(case):
    """DESIGN.md 9 row 32: the code validation gives the same field of a body."""
    for merchant_id in (case["merchant_id"], str(case["merchant_id"])):
        with pytest.raises(cobro.SigningError) as e:
            cobro.subscription_authorization(
                merchant_id=merchant_id,
                type=case["type"],
                customer_id=case["customer_id"],
                processor_code=case["processor_code"],
                key="fake-test-key",
            )
        assert e.value.code == case["error"]
        assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("case", SUBSCRIPTION["cases"], ids=lambda c: c["name"])
def test_subscription_authorization(case):
    got = cobro.subscription_authorization(
        merchant_id=case["merchant_id"],
        type=case["type"],
        customer_id=case["customer_id"],
        processor_code=case["processor_code"],
        key=case["key"],
    )
    assert got == case["expected"]


def variant_args(case):
    """The case's ``variant`` and ``reference_id`` as keyword arguments (DESIGN.md 9 row
    30); a case with neither signs the spec's text."""
    return {k: case[k] for k in ("variant", "reference_id") if k in case}


@pytest.mark.parametrize("case", VA["cases"], ids=lambda c: c["name"])
def test_virtual_account_signature(case):
    variant = variant_args(case)
    message = cobro.virtual_account_message(timestamp=case["timestamp"], api_key=case["api_key"], **variant)
    assert message == case["message"]
    got = cobro.virtual_account_signature(
        timestamp=case["timestamp"], api_key=case["api_key"], secret=case["secret"], **variant
    )
    assert got == case["expected"]
    headers = cobro.virtual_account_headers(
        api_key=case["api_key"], secret=case["secret"], deposit_mode="OWNER", now=case["timestamp"], **variant
    )
    assert list(headers) == ["X-Api-Key", "X-Timestamp", "X-Signature", "X-Account-deposit-mode"]
    assert headers["X-Signature"] == case["expected"]
    assert headers["X-Timestamp"] == str(case["timestamp"])
    cobro.verify_virtual_account_headers(headers, secret=case["secret"], now=case["timestamp"], **variant)


@pytest.mark.parametrize("case", VA["variant_errors"], ids=lambda c: c["name"])
def test_virtual_account_variant_errors(case):
    args = dict(timestamp=1700000000, api_key="fake-api-key-1", **variant_args(case))
    secret = "fake-va-secret-1"
    calls = (
        lambda: cobro.virtual_account_message(**args),
        lambda: cobro.virtual_account_signature(secret=secret, **args),
        lambda: cobro.virtual_account_headers(
            api_key=args["api_key"], secret=secret, deposit_mode="ANY", **variant_args(case)
        ),
        lambda: cobro.verify_virtual_account_headers({}, secret=secret, **variant_args(case)),
    )
    for call in calls:
        with pytest.raises(cobro.SigningError) as e:
            call()
        assert e.value.code == case["error"]
        assert "reference" in str(e.value) or "variant" in str(e.value)
        assert secret not in str(e.value)


@pytest.mark.parametrize("case", VA["verify_cases"], ids=lambda c: c["name"])
def test_verify_virtual_account_headers(case):
    secret = VA["cases"][0]["secret"]
    variant = variant_args(case)
    for headers in (case["headers"], [tuple(h) for h in case["headers"]], dict(case["headers"])):
        if case["result"] == "ok":
            assert (
                cobro.verify_virtual_account_headers(
                    headers, secret=secret, now=case["now"], window_seconds=case["window_seconds"], **variant
                )
                is None
            )
        else:
            with pytest.raises(cobro.VerificationError) as e:
                cobro.verify_virtual_account_headers(
                    headers, secret=secret, now=case["now"], window_seconds=case["window_seconds"], **variant
                )
            assert e.value.code == case["result"]
            assert secret not in str(e.value)


NOTIFICATION = load(ROOT / "signing" / "payin-notification-verification.json")


@pytest.mark.parametrize("case", NOTIFICATION["cases"], ids=lambda c: c["name"])
def test_verify_payin_notification(case):
    body = case["body_text"]
    if case["result"] == "ok":
        n = cobro.verify_payin_notification(body, key=case["key"])
        assert n == cobro.parse("payin-notification", body)
        assert isinstance(n, cobro.PayinNotification)
    else:
        with pytest.raises(cobro.CobroError) as e:
            cobro.verify_payin_notification(body.encode("utf-8"), key=cobro.Secret(case["key"]))
        assert e.value.code == case["result"]
        assert isinstance(e.value, ValueError)
        assert case["key"] not in str(e.value)
        expected = cobro.VerificationError if case["result"].endswith("SIGNATURE") else cobro.ParseError
        assert isinstance(e.value, expected)
