"""The JSON Schemas the core generates (``schemas/*.schema.json``, ``cobro schema
KIND``) agree with ``validate``: every validation vector of ``tests/vectors`` is judged
by jsonschema's Draft202012Validator, format checks on, and its verdict must be
cobro's ``report.valid`` (not strict: the schemas describe errors, and warnings never
make a request invalid), except for the vectors of :data:`UNEXPRESSED`, whose rule
JSON Schema cannot state. Each is listed with the code of that rule, and must still
disagree: a vector the schema has learnt to judge leaves the list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, Optional

from jsonschema import Draft202012Validator

import cobro
from vectors import body_bytes, cases

SCHEMAS = Path(__file__).resolve().parents[3] / "schemas"
CASES = cases("validation")

# A key repeated in one object (DESIGN.md 9 row 26): a JSON reader keeps one copy.
_DUPLICATE = "ERR_DUPLICATE_FIELD: a repeated key; the parsed value keeps one copy"
# Numbers judged on their JSON text (DESIGN.md 9 rows 10 and 27): a parsed number has
# lost its text, 1.0 is an integer and 150.000 is 150.0.
_NUMBER_TEXT = "judged on the JSON text; the parsed number has lost it"
# The pay-in amount as a JSON number (DESIGN.md 9 rows 9 and 10): cobro accepts it with
# WARN_AMOUNT_FORMAT; the schema types the amount as the two-decimal string to send, so
# that generated types hold a string.
_AMOUNT_NUMBER = "WARN_AMOUNT_FORMAT: a JSON number amount is accepted with a warning; the schema types the string to send"
# A field cobro ignores where it does not apply, which the schema still types, so that
# generated types have a type for it.
_IGNORED = "typed by the schema though cobro ignores it here"
# payinVerification against the merchant's key (DESIGN.md 9 row 18).
_SIGNATURE = "ERR_INVALID_SIGNATURE: the SHA-512 over the body's texts with the key"

UNEXPRESSED: Dict[str, str] = {
    "payin-amounts-and-numbers.json / merchant id with decimals": "ERR_INVALID_TYPE: " + _NUMBER_TEXT,
    "payin-amounts-and-numbers.json / merchant id with exponent": "ERR_INVALID_TYPE: " + _NUMBER_TEXT,
    "payin-fields.json / an exponent in a free-text field is a type error": "ERR_INVALID_TYPE: " + _NUMBER_TEXT,
    "subscription-cancel-requests.json / cancellation merchantId with a fraction": "ERR_INVALID_TYPE: " + _NUMBER_TEXT,
    "subscription-create.json / merchantId with an exponent": "ERR_INVALID_TYPE: " + _NUMBER_TEXT,
    "subscription-create.json / amount with three decimals": "ERR_INVALID_AMOUNT: " + _NUMBER_TEXT,
    "subscription-create.json / amount with an exponent": "ERR_INVALID_AMOUNT: " + _NUMBER_TEXT,
    "payin-amounts-and-numbers.json / amount whole number passes": _AMOUNT_NUMBER,
    "payin-amounts-and-numbers.json / amount one decimal passes": _AMOUNT_NUMBER,
    "payin-signature.json / body amount 150.5 signed as written": _AMOUNT_NUMBER,
    "subscription-create.json / on-demand ignores malformed periodicity and amount": "WARN_FIELD_IGNORED: "
    + _IGNORED
    + " (an ON_DEMAND subscription's amount)",
    "virtual-account-owner.json / company with person names is fine": "DESIGN.md 9 row 17: "
    + _IGNORED
    + " (a COMPANY owner's lastName)",
    "payin-fields.json / repeated key": _DUPLICATE,
    "payin-wallet.json / subscription repeated charge type": _DUPLICATE,
    "subscription-cancel-requests.json / cancellation repeated type key": _DUPLICATE,
    "subscription-create.json / repeated merchantId key": _DUPLICATE,
    "subscription-create.json / repeated customerId key": _DUPLICATE,
    "virtual-account-body.json / repeated top-level key": _DUPLICATE,
    "virtual-account-body.json / repeated nested key": _DUPLICATE,
    "virtual-account-body.json / repeated key in account with an unknown key": _DUPLICATE,
    "virtual-account-metadata.json / repeated metadata key": _DUPLICATE,
    "payin-signature.json / signature with another key": _SIGNATURE,
    "payin-signature.json / signature over 150.5 while the body says 150.50": _SIGNATURE,
    "payin-signature.json / signature over another operation number": _SIGNATURE,
    "payin-signature.json / signature fields in another order": _SIGNATURE,
    "payin-signature.json / unknown currency with wrong signature": _SIGNATURE,
    "payin-signature.json / wrong signature in strict mode": _SIGNATURE,
    "payin-signature.json / numeric operation number signed over other text": _SIGNATURE,
    "virtual-account-body.json / 65 levels deep in an unknown field": "ERR_NESTING_TOO_DEEP: at most 64 levels (DESIGN.md 8)",
    "virtual-account-body.json / 70 levels deep in an unknown field": "ERR_NESTING_TOO_DEEP: at most 64 levels (DESIGN.md 8)",
}


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _instance(raw: bytes) -> Optional[Any]:
    """The body as a JSON value, or None when it is not JSON text, or nested deeper than
    Python's reader goes (no schema applies: the request is not valid)."""
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (ValueError, RecursionError):
        return None


def _validators() -> Dict[str, Draft202012Validator]:
    out = {}
    for kind in ("virtual-account", "subscription", "subscription-cancel", "payin"):
        schema = json.loads((SCHEMAS / f"{kind}.schema.json").read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        out[kind] = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    return out


def _cobro_valid(kind: str, case: Any) -> bool:
    o = case.get("options", {})
    report = cobro.validate(kind, body_bytes(case), key=o.get("payin_key"), max_bytes=o.get("max_bytes"))
    return report.valid


def agreement() -> Dict[str, Any]:
    validators = _validators()
    agree, disagree = [], {}
    for name, file, case in CASES:
        instance = _instance(body_bytes(case))
        by_schema = instance is not None and validators[file["kind"]].is_valid(instance)
        by_cobro = _cobro_valid(file["kind"], case)
        if by_schema == by_cobro:
            agree.append(name)
        else:
            disagree[name] = (by_schema, by_cobro)
    return {"agree": agree, "disagree": disagree}


def test_the_schemas_agree_with_validate(capsys: Any) -> None:
    result = agreement()
    agree, disagree = result["agree"], result["disagree"]
    unlisted = {n: v for n, v in disagree.items() if n not in UNEXPRESSED}
    assert not unlisted, f"schema and validate disagree (schema, cobro): {unlisted}"
    stale = sorted(n for n in UNEXPRESSED if n not in disagree)
    assert not stale, f"listed as unexpressed, but the schema agrees (or the vector is gone): {stale}"
    total = len(CASES)
    with capsys.disabled():
        print(
            f"\nJSON Schema agrees with validate on {len(agree)} of {total} validation vectors "
            f"({100 * len(agree) / total:.1f}%); the {len(disagree)} others are rules JSON Schema cannot state"
        )


if __name__ == "__main__":
    r = agreement()
    print(f"{len(r['agree'])} of {len(CASES)} agree; disagree: {r['disagree']}")
