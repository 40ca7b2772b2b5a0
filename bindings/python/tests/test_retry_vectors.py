"""The retry vectors (``tests/vectors/retry``): for each attempt's outcome, what
``cobro.retry_advice`` advises, as the Rust and Node tests read them; and the
arguments it refuses."""

from __future__ import annotations

from typing import Any

import pytest

import cobro
from vectors import cases

CASES = cases("retry")


def advise(case: Any, **body: Any) -> cobro.answers.RetryAdvice:
    if "failure" in case:
        return cobro.retry_advice(case["kind"], case["attempt"], failure=case["failure"])
    return cobro.retry_advice(case["kind"], case["attempt"], http_status=case["http_status"], **body)


@pytest.mark.parametrize("name,file,case", CASES, ids=[c[0] for c in CASES])
def test_retry_vector(name: str, file: Any, case: Any) -> None:
    advice = advise(case, body=case.get("body_text", "").encode("utf-8"))
    want = case["expected"]
    assert (advice.action, advice.delay_ms, advice.code) == (want["action"], want["delay_ms"], want["code"])
    assert (advice.entry.disposition if advice.entry else None) == want["disposition"]
    assert advice.reason
    # The text of the body gives the same advice as its bytes.
    assert advise(case, body=case.get("body_text", "")) == advice


def test_an_answer_without_a_body_is_an_empty_one() -> None:
    assert cobro.retry_advice("payin", 1, http_status=502) == cobro.retry_advice("payin", 1, http_status=502, body=b"")


def test_arguments_it_refuses_name_the_argument() -> None:
    for kind, args, named in [
        ("pay-in", dict(failure="timeout"), "kind"),
        ("payin", dict(failure="lost"), "failure"),
        ("payin", dict(failure="timeout", http_status=500), "failure"),
        ("payin", dict(failure="timeout", body=b""), "failure"),
        ("payin", dict(), "http_status"),
    ]:
        with pytest.raises(cobro.SigningError) as e:
            cobro.retry_advice(kind, 1, **args)  # type: ignore[arg-type]
        assert e.value.code == "ERR_INVALID_ARGUMENT" and named in str(e.value)
    with pytest.raises(ValueError):
        cobro.retry_advice("payin", -1, failure="timeout")
