"""The typed requests (``cobro.request_types``, generated from the core's description): they
agree with the core's schemas and catalogue at run time, the consumer
``typing_requests.py`` passes ``mypy --strict --warn-unused-ignores`` (so each mistake it
marks is still a type error), and every request body of ``examples/`` that the core
accepts type-checks as its typed request, read at run time so a new example is covered
without a change here."""

from __future__ import annotations

import json
import subprocess
import sys
import typing
from decimal import Decimal
from pathlib import Path

import pytest

import cobro
from cobro import request_types

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parents[2] / "examples"
PAYIN_KEY = "fake-payin-key-for-examples"

import typing_requests  # noqa: E402 (beside this file)

# The typed request of each example by its file name's start; answers and notifications
# are not requests.
KINDS = [
    ("payin", "payin"),
    ("subscription-cancel", "subscription-cancel"),
    ("subscription", "subscription"),
    ("virtual-account", "virtual-account"),
]
TYPES = {
    "payin": "PayinRequest",
    "subscription-cancel": "SubscriptionCancelRequest",
    "subscription": "SubscriptionRequest",
    "virtual-account": "VirtualAccountRequest",
}
NOT_REQUESTS = ("answer-", "notification-")


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--warn-unused-ignores", "--no-incremental", *args],
        cwd=HERE,
        capture_output=True,
        text=True,
    )


def schema_keys(kind: str, name: str = "") -> typing.Tuple[typing.Set[str], typing.Set[str]]:
    """The required and optional keys the core's schema of ``kind`` gives the object of
    its ``$defs`` called ``name`` (the body itself when empty)."""
    doc = json.loads(cobro.schema(kind))
    obj = doc["$defs"][name] if name else doc
    keys = set(obj["properties"])
    return set(obj.get("required", [])), keys - set(obj.get("required", []))


def typed_keys(cls: typing.Any) -> typing.Tuple[typing.Set[str], typing.Set[str]]:
    return set(cls.__required_keys__), set(cls.__optional_keys__)


def test_the_types_are_the_cores_schemas() -> None:
    assert typed_keys(cobro.PayinRequest) == schema_keys("payin", "Payin")
    assert typed_keys(cobro.VirtualAccountRequest) == schema_keys("virtual-account")
    assert typed_keys(request_types.Owner) == schema_keys("virtual-account", "Owner")
    assert typed_keys(request_types.OwnerDocument) == schema_keys("virtual-account", "OwnerDocument")
    assert typed_keys(request_types.Account) == schema_keys("virtual-account", "Account")
    assert typed_keys(cobro.SubscriptionRequest) == schema_keys("subscription")
    assert typed_keys(request_types.SubscriptionDetails) == schema_keys("subscription", "SubscriptionDetails")
    assert typed_keys(cobro.SubscriptionCancelRequest) == schema_keys("subscription-cancel")
    unsigned_required, _ = typed_keys(cobro.UnsignedPayinRequest)
    payin_required, _ = typed_keys(cobro.PayinRequest)
    assert unsigned_required < payin_required
    assert {"payinVerification", "typePost", "payinDateTime", "payinCustomerAddress"} <= (
        payin_required - unsigned_required
    )
    assert "payinCustomerEmail" in unsigned_required
    assert typed_keys(cobro.PayinStatusRequest) == (
        set(),
        {"payinMerchantOperationNumber", "payinStartDate", "payinEndDate"},
    )
    hints = typing.get_type_hints(cobro.PayinRequest)
    assert hints["payinAmount"] == typing.Union[Decimal, str]
    assert hints["payinProductID"] is str


def test_issue_code_is_the_catalogues_report_codes() -> None:
    listed = [c.code for c in cobro.codes() if "report" in c.classes]
    assert list(typing.get_args(cobro.IssueCode)) == listed
    report = cobro.validate("payin", "{}")
    assert {i.code for i in report.errors} <= set(listed)


def test_requests_exports_its_generated_names() -> None:
    assert set(request_types.__all__) == {n for n in dir(request_types) if not n.startswith("_")}
    for name in ("PayinRequest", "UnsignedPayinRequest", "VirtualAccountRequest", "SubscriptionRequest",
                 "SubscriptionCancelRequest", "PayinStatusRequest", "IssueCode"):
        assert getattr(cobro, name) is getattr(request_types, name)


def test_the_typing_consumer_runs() -> None:
    bodies = typing_requests.use_them()
    assert len(bodies) == 4
    assert json.loads(bodies[0])["typePost"] == "json"


def test_typing_consumer_passes_mypy_strict() -> None:
    pytest.importorskip("mypy")
    result = mypy("typing_requests.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_mistake_the_types_stopped_catching_fails_the_check(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    source = (HERE / "typing_requests.py").read_text(encoding="utf-8")
    # A correct key under an ignore: the ignore is unused, which --warn-unused-ignores reports.
    changed = source.replace('"payinMerchantOperationNumbr"', '"payinMerchantOperationNumber"')
    assert changed != source
    bad = tmp_path / "typing_requests_changed.py"
    bad.write_text(changed, encoding="utf-8")
    result = mypy(str(bad))
    assert result.returncode == 1
    assert 'Unused "type: ignore' in result.stdout, result.stdout


def literal(value: typing.Any) -> str:
    """``value`` (JSON read with decimals as ``Decimal``) as a Python expression."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, Decimal):
        return f'Decimal("{value}")'
    return repr(value)


def example_bodies() -> typing.List[typing.Tuple[str, str, bool, typing.Any]]:
    """Every request body of ``examples/``: its place, its kind, whether it is the
    unsigned form ``prepare_payin`` takes, and the body."""
    out = []
    for path in sorted(EXAMPLES.iterdir()):
        if path.suffix not in (".json", ".jsonl"):
            continue
        if path.name.startswith(NOT_REQUESTS):
            continue
        kind = next((k for prefix, k in KINDS if path.name.startswith(prefix)), None)
        assert kind is not None, f"examples/{path.name}: name it after its kind (or answer-/notification-)"
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines() if path.suffix == ".jsonl" else [text]
        for i, line in enumerate(lines, 1):
            body = json.loads(line, parse_float=Decimal)
            if kind == "payin" and list(body) == ["data"]:
                body = body["data"]
            out.append((f"{path.name}:{i}", kind, "unsigned" in path.name, body))
    return out


def accepted(kind: str, unsigned: bool, body: typing.Any) -> bool:
    if unsigned:
        try:
            cobro.prepare_payin(body, key=PAYIN_KEY)
        except cobro.ValidationError:
            return False
        return True
    return cobro.validate(kind, body, key=PAYIN_KEY if kind == "payin" else None).valid


def test_every_accepted_example_body_type_checks(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    lines = ["from decimal import Decimal", "", "import cobro", ""]
    n = 0
    for place, kind, unsigned, body in example_bodies():
        if not accepted(kind, unsigned, body):
            continue
        name = "UnsignedPayinRequest" if unsigned else TYPES[kind]
        lines.append(f"# examples/{place}")
        lines.append(f"body{n}: cobro.{name} = {literal(body)}")
        n += 1
    assert n >= 6
    module = tmp_path / "example_bodies.py"
    module.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = mypy(str(module))
    assert result.returncode == 0, result.stdout + result.stderr
