"""Merchants write pydantic v2 models of cobro's requests with datamodel-code-generator,
from the JSON Schemas of the requests (``schemas/*.schema.json``) and from the OpenAPI
document. Those models must describe the requests: no class is empty (a ``pass`` body
accepts any object), no field of a request model is typed ``Any``, every example
request cobro accepts validates with the root model of its kind's schema and with the
model of its operation's body, and the invalid virtual-account example and bodies
missing a required field do not. Request models are reached through each schema's root
(``--class-name``) and through the operations, never by a component's name, which is
the generator's to choose. The figures are printed."""

from __future__ import annotations

import ast
import copy
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List, Literal, Tuple

import pydantic
import pytest

import cobro

ROOT = Path(__file__).resolve().parents[3]
SCHEMAS = ROOT / "schemas"
EXAMPLES = ROOT / "examples"
Kind = Literal["payin", "virtual-account", "subscription", "subscription-cancel"]
KINDS: Tuple[Kind, ...] = ("payin", "virtual-account", "subscription", "subscription-cancel")
OPERATIONS: Dict[Kind, str] = {
    "payin": "createPayin",
    "virtual-account": "createVirtualAccount",
    "subscription": "createSubscription",
    "subscription-cancel": "cancelSubscription",
}
# The status query's body (an extension beyond the spec), checked with the bodies of
# its prepare vectors.
STATUS_OPERATION = "queryPayinStatus"
STATUS_VECTORS = ROOT / "tests" / "vectors" / "prepare" / "payin-status.json"
ROOT_CLASS = "Request"
OPTIONS = [
    "--output-model-type", "pydantic_v2.BaseModel", "--formatters", "builtin", "--disable-timestamp",
]  # fmt: skip

# The example request files of each kind (a .jsonl file holds one body a line).
EXAMPLE_FILES: Dict[Kind, Tuple[str, ...]] = {
    "payin": ("payin-pe-banktransfer.json", "payin-pe-banktransfer-unsigned.json", "payins.jsonl"),
    "virtual-account": ("virtual-account-pe.json", "virtual-account-invalid.json"),
    "subscription": ("subscription-recurrent.json",),
    "subscription-cancel": ("subscription-cancel.json",),
}

# A required field of each kind, removed from its first accepted example (inside `data`
# when the pay-in is wrapped).
MISSING: Dict[Kind, Tuple[str, ...]] = {
    "payin": ("payinCurrency",),
    "virtual-account": ("account", "currency"),
    "subscription": ("subscriptionDetails", "customerId"),
    "subscription-cancel": ("subscriptionDetails", "customerId"),
}

# A class name the generator numbered to avoid a collision (`Type1`, `Type3`).
NUMBERED = re.compile(r"[A-Za-z]\d+$")


def _generate(tmp: Path) -> Tuple[Path, Path]:
    """The models of the request schemas (a folder, one module each) and of the OpenAPI
    document, written by the generator's command, both at once."""
    inputs = tmp / "schemas"
    inputs.mkdir()
    for kind in KINDS:
        (inputs / f"{kind}.schema.json").write_bytes((SCHEMAS / f"{kind}.schema.json").read_bytes())
    command = [sys.executable, "-m", "datamodel_code_generator", *OPTIONS]
    runs = [
        subprocess.Popen(
            [*command, "--input", str(inputs), "--input-file-type", "jsonschema", "--class-name", ROOT_CLASS,
             "--output", str(tmp / "requests")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        ),
        subprocess.Popen(
            [*command, "--input", str(SCHEMAS / "openapi.json"), "--input-file-type", "openapi",
             "--output", str(tmp / "openapi.py")],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        ),
    ]  # fmt: skip
    for run in runs:
        out, _ = run.communicate()
        assert run.returncode == 0, out
    return tmp / "requests", tmp / "openapi.py"


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # pydantic resolves the postponed annotations in the module's namespace.
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module


def _classes(path: Path) -> List[ast.ClassDef]:
    return [n for n in ast.parse(path.read_text(encoding="utf-8")).body if isinstance(n, ast.ClassDef)]


def _empty(classes: List[ast.ClassDef]) -> List[str]:
    """The classes whose body is `pass` (after a docstring, if any)."""
    empty = []
    for c in classes:
        body = [s for s in c.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
        if all(isinstance(s, ast.Pass) for s in body):
            empty.append(c.name)
    return empty


def _untyped(classes: List[ast.ClassDef]) -> List[str]:
    """The fields (`Class.field`) whose annotation is or contains `Any`."""
    return [
        f"{c.name}.{s.target.id}"
        for c in classes
        for s in c.body
        if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
        and any(isinstance(n, ast.Name) and n.id == "Any" for n in ast.walk(s.annotation))
    ]  # fmt: skip


def _examples() -> List[Tuple[Kind, str, bytes]]:
    """Kind, label and raw body of every example request."""
    out: List[Tuple[Kind, str, bytes]] = []
    for kind, files in EXAMPLE_FILES.items():
        for name in files:
            raw = (EXAMPLES / name).read_bytes()
            if name.endswith(".jsonl"):
                out += [(kind, f"{name} line {i + 1}", line) for i, line in enumerate(raw.splitlines()) if line.strip()]
            else:
                out.append((kind, name, raw))
    return out


def _without(body: Dict[str, Any], keys: Tuple[str, ...]) -> Dict[str, Any]:
    body = copy.deepcopy(body)
    at = body.get("data", body)
    for key in keys[:-1]:
        at = at[key]
    del at[keys[-1]]
    return body


def _accepts(model: Any, body: Any) -> bool:
    try:
        model.model_validate(body)
    except pydantic.ValidationError:
        return False
    return True


def test_generated_models_describe_the_requests(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    requests, openapi = _generate(tmp_path)
    doc = json.loads((SCHEMAS / "openapi.json").read_text(encoding="utf-8"))
    bodies = {
        op["operationId"]: op["requestBody"]["content"]["application/json"]["schema"]
        for item in doc["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and "requestBody" in op
    }
    assert sorted(bodies) == sorted([*OPERATIONS.values(), STATUS_OPERATION])

    problems: List[str] = []
    schema_models: Dict[Kind, Any] = {}
    for kind in KINDS:
        path = requests / f"{kind.replace('-', '_')}_schema.py"
        classes = _classes(path)
        problems += [f"{kind}.schema.json: class {name} is empty" for name in _empty(classes)]
        problems += [f"{kind}.schema.json: {field} is typed Any" for field in _untyped(classes)]
        schema_models[kind] = getattr(_load(path, f"cobro_models_{kind.replace('-', '_')}"), ROOT_CLASS)
    openapi_classes = _classes(openapi)
    problems += [f"openapi.json: class {name} is empty" for name in _empty(openapi_classes)]
    module = _load(openapi, "cobro_models_openapi")
    operation_models: Dict[Kind, Any] = {}
    for kind, op in OPERATIONS.items():
        ref = bodies[op].get("$ref", "")
        assert ref.startswith("#/components/schemas/"), f"{op}: its body is not a named component"
        operation_models[kind] = getattr(module, ref.rsplit("/", 1)[1])
    models = {kind: (("schema", schema_models[kind]), ("openapi", operation_models[kind])) for kind in KINDS}

    accepted = 0
    first: Dict[Kind, Any] = {}
    for kind, label, raw in _examples():
        body = json.loads(raw)
        if cobro.validate(kind, raw).valid:
            accepted += 1
            first.setdefault(kind, body)
            problems += [
                f"{label}: accepted by cobro, refused by the {where} model"
                for where, model in models[kind]
                if not _accepts(model, body)
            ]
    assert sorted(first) == sorted(KINDS), "an accepted example of each kind"

    name = "virtual-account-invalid.json"
    invalid: List[Tuple[Kind, str, Any]] = [("virtual-account", name, json.loads((EXAMPLES / name).read_bytes()))]
    invalid += [(kind, f"{kind} without {'.'.join(keys)}", _without(first[kind], keys)) for kind, keys in MISSING.items()]
    for kind, label, body in invalid:
        assert not cobro.validate(kind, json.dumps(body)).valid, label
        problems += [
            f"{label}: refused by cobro, accepted by the {where} model" for where, model in models[kind] if _accepts(model, body)
        ]
    status_model = getattr(module, bodies[STATUS_OPERATION]["$ref"].rsplit("/", 1)[1])
    prepared = [c["expected"]["body"] for c in json.loads(STATUS_VECTORS.read_text(encoding="utf-8"))["cases"] if "expected" in c]
    problems += [f"status query {body}: refused by the openapi model" for body in prepared if not _accepts(status_model, json.loads(body))]
    # minProperties and dependentRequired have no pydantic form: a wrong type is what the
    # model refuses.
    wrong = {"payinStartDate": 20260101, "payinEndDate": "2026-01-02"}
    problems += [f"status query {wrong}: accepted by the openapi model"] if _accepts(status_model, wrong) else []
    assert problems == [], "\n".join(problems)

    numbered = [c.name for c in openapi_classes if NUMBERED.search(c.name)]
    with capsys.disabled():
        print(
            f"\ndatamodel-code-generator: {accepted} example requests validate with the models of the four "
            f"request schemas and of the OpenAPI operations, {len(invalid)} invalid bodies do not; "
            f"openapi.json gives {len(openapi_classes)} classes, {len(numbered)} of them numbered collisions"
        )
