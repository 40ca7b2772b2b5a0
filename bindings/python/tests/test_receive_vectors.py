"""The receiver vectors (``tests/vectors/receive``): for each notification body, what
``cobro.receive_notification`` answers and may do, as the Rust and Node tests read them;
and that a parsed body, which has lost the texts the signature covers, is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import cobro
from vectors import cases

CASES = cases("receive")
FIELDS = (
    "verdict",
    "action",
    "http_status",
    "code",
    "idempotency_key",
    "moves_forward",
    "confirm_with_status_query",
    "peer_allowed",
)


@pytest.mark.parametrize("name,file,case", CASES, ids=[c[0] for c in CASES])
def test_receive_vector(name: str, file: Any, case: Any) -> None:
    known = {k: case.get(k) for k in ("key", "peer", "allow_list", "stored_state", "merchant_id")}
    known["trust_unsigned"] = case.get("trust_unsigned", False)
    receipt = cobro.receive_notification(case["kind"], case["body_text"].encode("utf-8"), **known)
    got = receipt.to_dict()
    for field in FIELDS:
        assert got[field] == case["expected"][field], field
    events = [e for e in (receipt.payin, receipt.subscription, receipt.deposit) if e is not None]
    assert len(events) == (0 if case["expected"]["verdict"] == "refused" else 1)
    # The text of the body gives the same receipt as its bytes.
    assert cobro.receive_notification(case["kind"], case["body_text"], **known).verdict == receipt.verdict


def test_a_parsed_body_is_refused_with_a_type_error() -> None:
    authentic = next(c for _, _, c in CASES if c["expected"]["verdict"] == "authentic")
    with pytest.raises(TypeError) as e:
        cobro.receive_notification("payin-notification", json.loads(authentic["body_text"]), key=authentic["key"])  # type: ignore[arg-type]
    assert "body as received" in str(e.value)


def test_arguments_it_refuses_name_the_argument() -> None:
    for args, named in [
        (dict(kind="payin"), "kind"),
        (dict(kind="payin-notification", peer="not-an-address"), "peer"),
        (dict(kind="payin-notification", allow_list=["example.com"]), "allow_list"),
    ]:
        kind = args.pop("kind")
        with pytest.raises(cobro.SigningError) as e:
            cobro.receive_notification(kind, b"{}", **args)  # type: ignore[arg-type]
        assert e.value.code == "ERR_INVALID_ARGUMENT" and named in str(e.value)
