"""``cobro.codes()``: the core's catalogue of codes, as the core writes it, as
``CatalogueCode`` records. Every code
an exception of the vector tests carries (and every report code of the vectors) is in
it, listed with the class that carries it; every entry has its English, Spanish and
Portuguese templates."""

from __future__ import annotations

import re
from typing import Any, Dict, List, Set, Tuple

import pytest

import cobro
from vectors import ROOT, cases, load

KEYS = {"code", "severity", "classes", "meaning", "params", "templates"}


def by_code() -> Dict[str, Dict[str, Any]]:
    return {entry.code: entry.to_dict() for entry in cobro.codes()}


def test_codes_is_the_catalogue_list() -> None:
    records = cobro.codes()
    assert isinstance(records, list) and len(records) >= 40
    assert all(type(entry) is cobro.CatalogueCode for entry in records)
    codes = [entry.to_dict() for entry in records]
    names = [entry["code"] for entry in codes]
    assert len(set(names)) == len(names)
    assert "codes" in cobro.__all__ and "codes" in cobro._cobro.__all__
    for entry in codes:
        assert set(entry) == KEYS, entry["code"]
        assert re.fullmatch(r"(ERR|WARN)_[A-Z0-9_]+", entry["code"])
        assert entry["classes"] and all(isinstance(c, str) for c in entry["classes"])
        assert isinstance(entry["meaning"], str) and entry["meaning"]
        # A code of reports has a severity, one raised only as an exception has none.
        assert (entry["severity"] is None) == ("report" not in entry["classes"]), entry["code"]
        if entry["severity"] is not None:
            assert entry["severity"] == ("warning" if entry["code"].startswith("WARN_") else "error")


def test_every_entry_has_english_spanish_and_portuguese_templates() -> None:
    for entry in map(cobro.CatalogueCode.to_dict, cobro.codes()):
        templates = entry["templates"]
        assert list(templates) == ["en", "es", "pt"], entry["code"]
        for locale in templates:
            text = templates[locale]
            assert isinstance(text, str) and text.strip(), (entry["code"], locale)
            named = set(re.findall(r"\{([a-z_]+)\}", text)) - {"path"}
            assert named == set(entry["params"]), (entry["code"], locale)
        assert len(set(templates.values())) == 3, entry["code"]


def test_each_call_returns_a_new_list() -> None:
    first = cobro.codes()
    first[0].templates["en"] = "changed"
    first.clear()
    assert cobro.codes()[0].templates["en"] != "changed"


# The codes the vector tests expect, with the class each is raised or reported as,
# read from the vector files as those tests read them.


def vector_codes() -> Set[Tuple[str, str]]:
    out: Set[Tuple[str, str]] = set()
    signing = ROOT / "signing"
    for name in ("payin-verification.json", "subscription-authorization.json"):
        out |= {(case["error"], "SigningError") for case in load(signing / name)["errors"]}
    va = load(signing / "virtual-account-signature.json")
    out |= {(case["error"], "SigningError") for case in va["variant_errors"]}
    out |= {(case["result"], "VerificationError") for case in va["verify_cases"] if case["result"] != "ok"}
    for case in load(signing / "payin-notification-verification.json")["cases"]:
        result = case["result"]
        if result != "ok":
            out.add((result, "VerificationError" if result.endswith("SIGNATURE") else "ParseError"))
    for _, _, case in cases("prepare"):
        if "errors" in case:
            out.add(("ERR_INVALID_REQUEST", "ValidationError"))
            out |= {(code, "report") for code, _ in case["errors"]}
        elif "error_code" in case:
            out.add((case["error_code"], "SigningError"))
    for _, _, case in cases("responses"):
        if "error" in case:
            out.add((case["error"]["code"], "ParseError"))
    for case in load(ROOT / "documents" / "public-suites.json")["cases"]:
        if not case["valid"]:
            out.add((case["code"], "DocumentError"))
    for _, _, case in cases("validation"):
        out |= {(code, "report") for code, _ in case["errors"] + case["warnings"]}
    return out


def test_every_code_of_the_vectors_is_listed_with_its_class() -> None:
    found = vector_codes()
    classes = {c for _, c in found}
    assert classes == {"SigningError", "VerificationError", "ParseError", "ValidationError", "DocumentError", "report"}
    catalogue = by_code()
    missing = sorted(code for code, _ in found if code not in catalogue)
    assert not missing, missing
    wrong = sorted((code, c) for code, c in found if c not in catalogue[code]["classes"])
    assert not wrong, wrong


def assert_listed(error: BaseException) -> Dict[str, Any]:
    """The catalogue entry of ``error.code``, which must list ``error``'s class."""
    entry = by_code()[getattr(error, "code")]
    assert type(error).__name__ in entry["classes"], (type(error).__name__, entry)
    return entry


def test_validation_error_is_err_invalid_request() -> None:
    with pytest.raises(cobro.ValidationError) as info:
        cobro.prepare_payin({"payinAmount": "150.50"}, key="fake-payin-key-0001", now=1795348800)
    e = info.value
    assert e.code == "ERR_INVALID_REQUEST"
    entry = assert_listed(e)
    assert entry["classes"] == ["ValidationError"] and entry["severity"] is None
    # The template, its `errors` param counting them and naming the first three.
    n = len(e.errors)
    first = ", ".join(f"{i.code} at {i.path}" for i in e.errors[:3])
    listed = f"{n} errors ({first} and {n - 3} more)" if n > 3 else f"{n} error{'s' if n > 1 else ''} ({first})"
    assert str(e) == entry["templates"]["en"].format(errors=listed)


BAD_CALLS: List[Tuple[str, Any]] = [
    ("ERR_NOT_UNICODE", lambda: cobro.Secret("key\ud800")),
    ("ERR_EMPTY_SECRET", lambda: cobro.Secret("")),
    (
        "ERR_INVALID_DATE",
        lambda: cobro.prepare_payin_status(
            merchant_id=1, key="fake-key", start_date="2026-02-30", end_date="2026-03-01"
        ),
    ),
    ("ERR_MISSING_HEADER", lambda: cobro.verify_virtual_account_headers({}, secret="fake-secret")),
    ("ERR_MALFORMED_JSON", lambda: cobro.parse("payin-response", "{")),
    ("ERR_INVALID_COUNTRY", lambda: cobro.documents.validate("US", "SSN", "1")),
]


@pytest.mark.parametrize("code,call", BAD_CALLS, ids=[c for c, _ in BAD_CALLS])
def test_raised_codes_are_listed_with_the_raising_class(code: str, call: Any) -> None:
    with pytest.raises(cobro.CobroError) as info:
        call()
    assert info.value.code == code
    assert_listed(info.value)
