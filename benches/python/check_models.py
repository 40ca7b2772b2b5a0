#!/usr/bin/env python3
"""Checks that the peers' models state the rules: every model must accept the valid
payloads of the benchmark and refuse the invalid ones (printing what it found), and a
few edited bodies exercise the conditional and per-country rules one at a time. When
cobro is installed, its verdict is checked on the same bodies.

Run: python benches/python/check_models.py  (exit status 1 when a verdict is wrong)
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import msgspec  # noqa: E402
import pydantic  # noqa: E402

import models_msgspec  # noqa: E402
import models_pydantic  # noqa: E402
import schemas_jsonschema  # noqa: E402
from payloads import payloads  # noqa: E402

try:
    import cobro  # type: ignore[import-not-found]
except ImportError:
    cobro = None


def run_pydantic(kind: str, body: dict[str, Any]) -> list[str]:
    try:
        models_pydantic.MODELS[kind].model_validate_json(json.dumps(body))
        return []
    except pydantic.ValidationError as e:
        return [f"{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors()]


def run_msgspec(kind: str, body: dict[str, Any]) -> list[str]:
    try:
        msgspec.json.decode(json.dumps(body), type=models_msgspec.MODELS[kind])
        return []
    except msgspec.ValidationError as e:
        return [str(e)]


def run_jsonschema(kind: str, body: dict[str, Any]) -> list[str]:
    validator = schemas_jsonschema.VALIDATORS[kind]
    return [f"{'.'.join(map(str, e.instance_path))}: {e.message}" for e in validator.iter_errors(body)]


def run_cobro(kind: str, body: dict[str, Any]) -> list[str]:
    report = cobro.validate(kind, json.dumps(body))
    return [f"{i.path}: {i.code}" for i in report.errors]


TOOLS: dict[str, Callable[[str, dict[str, Any]], list[str]]] = {
    "pydantic": run_pydantic,
    "msgspec": run_msgspec,
    "jsonschema-rs": run_jsonschema,
}
if cobro is not None:
    TOOLS["cobro"] = run_cobro


def edit(base: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of `base` with the dotted `path` set to `value` (`...` deletes it)."""
    body = copy.deepcopy(base)
    *parents, last = path.split(".")
    node = body
    for p in parents:
        node = node[p]
    if value is ...:
        del node[last]
    else:
        node[last] = value
    return body


def cases() -> list[tuple[str, str, dict[str, Any], bool]]:
    """(name, kind, body, valid) for every payload and every targeted edit."""
    by_name = {p.name: p for p in payloads()}
    out: list[tuple[str, str, dict[str, Any], bool]] = []
    for p in by_name.values():
        out.append((p.name, p.kind, json.loads(p.text), p.valid))

    va = json.loads(by_name["virtual_account_valid"].text)
    sub = json.loads(by_name["subscription_valid"].text)
    payin = json.loads(by_name["payin_valid"].text)

    def va_company(**extra: Any) -> dict[str, Any]:
        body = edit(va, "owner.type", "COMPANY")
        for k, v in extra.items():
            body = edit(body, f"owner.{k}", v)
        return body

    out += [
        ("va: COMPANY without companyName", "virtual-account", va_company(), False),
        ("va: COMPANY with companyName", "virtual-account", va_company(companyName="Acme SAC"), True),
        (
            "va: CCI account in ARG",
            "virtual-account",
            edit(edit(va, "account.country", "ARG"), "owner.document.type", "CUIT"),
            False,
        ),
        (
            "va: DNI in MEX",
            "virtual-account",
            edit(edit(edit(va, "account.country", "MEX"), "account.type", "CLABE"), "account.name", "Ana Perez"),
            False,
        ),
        ("va: six metadata pairs", "virtual-account", edit(va, "metadata", {f"k{i}": "v" for i in range(6)}), False),
        ("va: metadata key with a space", "virtual-account", edit(va, "metadata", {"bad key": "v"}), False),
        (
            "va: metadata value with a currency sign",
            "virtual-account",
            edit(va, "metadata", {"price": "S/ 10.00 €"}),
            True,
        ),
        ("va: metadata value with braces", "virtual-account", edit(va, "metadata", {"k": "{x}"}), False),
        ("va: CVU name of 5 characters", "virtual-account", edit(va, "account.type", "CVU"), False),
        ("sub: RECURRENT without amount", "subscription", edit(sub, "subscriptionDetails.amount", ...), False),
        (
            "sub: ON_DEMAND without periodicity and amount",
            "subscription",
            edit(
                edit(edit(sub, "subscriptionDetails.type", "ON_DEMAND"), "subscriptionDetails.amount", ...),
                "subscriptionDetails.periodicity",
                ...,
            ),
            True,
        ),
        ("sub: amount of six integer digits", "subscription", edit(sub, "subscriptionDetails.amount", 123456.5), False),
        ("sub: amount 0", "subscription", edit(sub, "subscriptionDetails.amount", 0), False),
        ("payin: CO with a 9-digit phone", "payin", edit(payin, "payinCurrency", "COP"), False),
        ("payin: PE name of 31 characters", "payin", edit(payin, "payinCustomerName", "A" * 31), False),
        (
            "payin: MX name of 31 characters",
            "payin",
            edit(edit(payin, "payinCurrency", "MXN"), "payinCustomerName", "A" * 31),
            True,
        ),
        ("payin: PE empty coupon", "payin", edit(payin, "payinDiscountCoupon", ""), False),
        (
            "payin: DO empty coupon",
            "payin",
            edit(
                edit(
                    edit(edit(payin, "payinCurrency", "DOP"), "payinDiscountCoupon", ""),
                    "payinCustomerTypeDocument",
                    "PP",
                ),
                "payinCustomerDocument",
                "123456789",
            ),
            True,
        ),
        (
            "payin: DO CIE of 10 digits",
            "payin",
            edit(
                edit(edit(payin, "payinCurrency", "DOP"), "payinCustomerTypeDocument", "CIE"),
                "payinCustomerDocument",
                "1234567890",
            ),
            False,
        ),
        ("payin: PE BankTransfer with a theme", "payin", edit(payin, "payinVoucherTheme", "THEME_PE_BLUE"), True),
        (
            "payin: PE TC with a theme",
            "payin",
            edit(edit(payin, "payinMethod", "TC"), "payinVoucherTheme", "THEME_PE_BLUE"),
            False,
        ),
        (
            "payin: MX with a theme",
            "payin",
            edit(edit(payin, "payinCurrency", "MXN"), "payinVoucherTheme", "THEME_PE_BLUE"),
            False,
        ),
        (
            "payin: deeplink with no expiration",
            "payin",
            edit(edit(payin, "payinMethod", "BankTransfer_Deeplink"), "payinExpirationTime", None),
            False,
        ),
        ("payin: processorCode with BankTransfer", "payin", edit(payin, "processorCode", "Wallet_one_shot"), False),
        (
            "payin: Wallet_one_shot, Wallet, MOBILE",
            "payin",
            edit(
                edit(edit(payin, "processorCode", "Wallet_one_shot"), "payinMethod", "Wallet"),
                "payinProductDescription",
                "MOBILE",
            ),
            True,
        ),
        ("payin: amount 0", "payin", edit(payin, "payinAmount", 0), False),
        (
            "payin: a URL of 251 characters",
            "payin",
            edit(payin, "payinTransactionErrorURL", "https://a.example.com/" + "x" * 229),
            False,
        ),
        # Not a date is a warning in cobro (WARN_DATE_FORMAT), so the models accept it.
        ("payin: date 2026-02-30", "payin", edit(payin, "payinDateTime", "2026-02-30"), True),
        ("payin: blank date", "payin", edit(payin, "payinDateTime", " "), False),
        ("payin: payinFilterBy missing", "payin", edit(payin, "payinFilterBy", ...), False),
    ]
    return out


def main() -> int:
    wrong = 0
    if cobro is None:
        print("cobro is not installed: checking the peers only\n")
    for name, kind, body, valid in cases():
        print(f"{name} ({'valid' if valid else 'invalid'})")
        for tool, run in TOOLS.items():
            errors = run(kind, body)
            ok = (not errors) == valid
            wrong += not ok
            mark = "ok " if ok else "WRONG"
            print(f"  {mark} {tool}: {len(errors)} error(s)")
            for e in errors:
                print(f"        {e[:150]}")
    print(f"\n{wrong} wrong verdict(s)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
