"""The real ``cobro`` package against ``tests/api/manifest.json``, the public API of every
language written once (tests/api/README.md, "How each language checks it").

Exact both ways: every function (name, positional args, keyword-only args and their
defaults), record class (fields in order), union (tag field), enum alias and error class
(base and fields) the manifest lists for Python is there, and nothing is exported that
the manifest does not list. Every code under a function's ``errors`` is in
``cobro.codes()`` with that class.

An item whose Python entry has a ``change`` or is ``missing`` is a strict expected
failure: the test passes today and fails as soon as the change lands while the marker
is still in the manifest. A change of behaviour that the structure cannot show (an
unknown name raising ``SigningError``) is checked by a probe of ``PROBES``.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import typing
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Set

import pytest

import cobro
import cobro.mock
from cobro import answers, documents, request_types

MANIFEST: Dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[3] / "tests" / "api" / "manifest.json").read_text(encoding="utf-8")
)
LANG = "python"


# ---- reading the manifest ------------------------------------------------------------


def _lang(entry: Dict[str, Any]) -> Any:
    return entry.get("languages", {}).get(LANG, True)


def present(entry: Dict[str, Any]) -> bool:
    """Whether the entry is part of Python's target API (not ``omitted``)."""
    value = _lang(entry)
    return not (isinstance(value, dict) and "omitted" in value)


def py_name(entry: Dict[str, Any]) -> str:
    value = _lang(entry)
    return value.get("name", entry["name"]) if isinstance(value, dict) else entry["name"]


def pending(entry: Dict[str, Any], *parts: List[Dict[str, Any]]) -> str:
    """What Python still owes for the entry (and its args or fields): its ``change``
    texts and ``missing`` markers, joined; ``""`` when nothing."""
    owed = []
    for e in (entry, *(p for part in parts for p in part)):
        value = _lang(e)
        if isinstance(value, dict) and "missing" in value:
            owed.append(f"{e['name']} missing: {value['missing']}")
        text = e.get("change", {}).get(LANG)
        if text:
            owed.append(text)
    return "; ".join(owed)


def item(ident: str, value: Any, reason: str) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(value, id=ident, marks=marks)


def resolve(dotted: str, *modules: Any) -> Any:
    """The object named ``dotted`` (``documents.validate``) in the first module of
    ``modules`` that has it; AttributeError otherwise."""
    for module in modules:
        obj = module
        try:
            for part in dotted.split("."):
                obj = getattr(obj, part)
        except AttributeError:
            continue
        return obj
    raise AttributeError(f"{dotted} is not in {', '.join(m.__name__ for m in modules)}")


def public(module: Any) -> Set[str]:
    return {n for n in dir(module) if not n.startswith("_")}


FUNCTIONS = [f for f in MANIFEST["functions"] if present(f)]
RECORDS = [r for r in MANIFEST["records"] if present(r)]
ENUMS = [e for e in MANIFEST["enums"] if present(e)]
ERRORS = [e for e in MANIFEST["errors"] if present(e)]
UNIONS = MANIFEST["unions"]
EXTRAS = MANIFEST["extras"][LANG]
REQUESTS = MANIFEST["requests"]
RECORD_BY_NAME = {r["name"]: r for r in MANIFEST["records"]}


def catalogue() -> Dict[str, List[str]]:
    """``cobro.codes()`` as ``{code: classes}`` (entries are records or dicts)."""
    out = {}
    for entry in cobro.codes():
        if isinstance(entry, dict):
            out[entry["code"]] = list(entry["classes"])
        else:
            out[entry.code] = list(entry.classes)
    return out


def raises(call: Callable[[], Any], cls: type, code: Optional[str]) -> None:
    with pytest.raises(cls) as info:
        call()
    if code is not None:
        assert info.value.code == code


# ---- probes: what a signature cannot show ---------------------------------------------

KEY = "fake-key-0001"
INVALID_ARGUMENT = "ERR_INVALID_ARGUMENT"


def _signing(call: Callable[[], Any]) -> None:
    raises(call, cobro.SigningError, INVALID_ARGUMENT)


def _valid_document() -> None:
    result = documents.validate("PE", "RUC", "20100070970")
    assert type(result) is documents.ValidDocument
    assert result.compact == "20100070970" and result.warnings == ()


def _ensure_valid() -> None:
    raises(lambda: cobro.ensure_valid("subscription", "{}"), cobro.ValidationError, "ERR_INVALID_REQUEST")
    _signing(lambda: cobro.ensure_valid("nope", "{}"))


def _start_mock() -> None:
    with cobro.mock.start() as server:
        assert type(server) is cobro.mock.MockServer
    _signing(lambda: cobro.mock.start(host="192.0.2.1"))


def _table(name: str, cls: Any) -> Callable[[], None]:
    def probe() -> None:
        rows = getattr(cobro, name)()
        assert isinstance(rows, list) and rows
        assert all(type(r) is resolve(cls, cobro, answers) for r in rows)

    return probe


def _verdict(call: Callable[[], Any], allowed: bool) -> Callable[[], None]:
    def probe() -> None:
        v = call()
        assert type(v) is cobro.Verdict and v.allowed is allowed and v.reason

    return probe


PROBES: Dict[str, Callable[[], None]] = {
    "validate": lambda: (
        _signing(lambda: cobro.validate("nope", "{}")),  # type: ignore[arg-type]
        _signing(lambda: cobro.validate("payin", "{}", locale="xx")),  # type: ignore[arg-type]
    ),
    "ensure_valid": _ensure_valid,
    "prepare_virtual_account": lambda: _signing(
        lambda: cobro.prepare_virtual_account(
            "{}", api_key="k", secret=KEY, deposit_mode="OWNER", now=1_700_000_000, locale="xx"  # type: ignore[arg-type]
        )
    ),
    "prepare_subscription": lambda: _signing(
        lambda: cobro.prepare_subscription("{}", key=KEY, locale="xx")  # type: ignore[arg-type]
    ),
    "prepare_subscription_cancel": lambda: _signing(
        lambda: cobro.prepare_subscription_cancel("{}", key=KEY, locale="xx")  # type: ignore[arg-type]
    ),
    "prepare_payin": lambda: _signing(
        lambda: cobro.prepare_payin("{}", key=KEY, now=1795348800, locale="xx")  # type: ignore[arg-type]
    ),
    "parse": lambda: _signing(lambda: cobro.parse("nope", "{}")),  # type: ignore[call-overload]
    "validate_document": _valid_document,
    "document_types": lambda: (
        assert_all(documents.types(), lambda t: type(t) is documents.DocumentType),  # type: ignore[attr-defined]
    ),
    "start_mock": _start_mock,
    "codes": lambda: assert_all(cobro.codes(), lambda c: type(c) is cobro.CatalogueCode),  # type: ignore[attr-defined]
    "payin_creation_codes": _table("payin_creation_codes", "CodeInfo"),
    "payment_confirmation_codes": _table("payment_confirmation_codes", "CodeInfo"),
    "payin_states": _table("payin_states", "PayinState"),
    "subscription_error_codes": _table("subscription_error_codes", "SubscriptionCode"),
    "virtual_account_error_codes": _table("virtual_account_error_codes", "CodeInfo"),
    "can_cancel": _verdict(lambda: cobro.can_cancel("AUTHORIZED"), True),
    "may_request_subscription": _verdict(lambda: cobro.may_request_subscription(), True),
    "may_charge": _verdict(lambda: cobro.may_charge("EXPIRED"), False),
    "payin_state_is_final": lambda: (
        _verdict(lambda: cobro.payin_state_is_final(5), False)(),
        _verdict(lambda: cobro.payin_state_is_final(11), True)(),
        (lambda: None)() if cobro.payin_state_is_final(999) is None else pytest.fail("999 is not a state"),
    ),
    "next_states": lambda: (
        assert_true(cobro.next_states(5) == [9, 10]),
        assert_true(cobro.next_states(999) is None),
    ),
    "payin_transition": _verdict(lambda: cobro.payin_transition(2, 5), True),
    "virtual_account_transition": _verdict(lambda: cobro.virtual_account_transition("ARG", "ACTIVE", "INACTIVE"), False),
}


def assert_all(rows: Any, check: Callable[[Any], bool]) -> None:
    assert isinstance(rows, list) and rows
    assert all(check(r) for r in rows)


def assert_true(value: bool) -> None:
    assert value


# ---- functions ------------------------------------------------------------------------


def _default_ok(given: Any, listed: Any) -> bool:
    """A language may write a default as its own null when the core then applies the
    listed one; the clock is always ``None``."""
    if given is None:
        return True
    if listed == "clock":
        return False
    return type(given) is type(listed) and given == listed


def check_function(entry: Dict[str, Any]) -> None:
    fn = resolve(py_name(entry), cobro)
    assert callable(fn)
    params = list(inspect.signature(fn).parameters.values())
    args = [a for a in entry["args"] if present(a)]
    assert [p.name for p in params] == [a["name"] for a in args]
    for i, (p, a) in enumerate(zip(params, args)):
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD if i < entry["positional"] else inspect.Parameter.KEYWORD_ONLY
        assert p.kind == kind, (p.name, p.kind)
        if a["optional"]:
            assert p.default is not inspect.Parameter.empty, p.name
            assert _default_ok(p.default, a["default"]), (p.name, p.default, a["default"])
        else:
            assert p.default is inspect.Parameter.empty, p.name
    probe = PROBES.get(entry["name"])
    if probe is not None:
        probe()


@pytest.mark.parametrize(
    "entry", [item(f["name"], f, pending(f, f["args"])) for f in FUNCTIONS]
)
def test_function(entry: Dict[str, Any]) -> None:
    check_function(entry)


@pytest.mark.parametrize("entry", [pytest.param(f, id=f["name"]) for f in FUNCTIONS if f["errors"]])
def test_function_error_codes_are_in_the_catalogue(entry: Dict[str, Any]) -> None:
    listed = catalogue()
    for group in entry["errors"]:
        for code in group["codes"]:
            assert group["class"] in listed.get(code, []), (code, group["class"])


def test_every_change_of_behaviour_has_a_probe() -> None:
    """A change a signature cannot show is only caught by a probe."""
    for f in FUNCTIONS:
        if f.get("change", {}).get(LANG):
            assert f["name"] in PROBES, f["name"]


# ---- records, unions, enums -----------------------------------------------------------


def record_class(entry: Dict[str, Any]) -> Any:
    return resolve(py_name(entry), cobro, answers)


def record_fields(cls: Any) -> List[str]:
    """The fields in order: a dataclass's, or a native class's ``__match_args__``, which
    must name exactly its getters (pyo3 keeps no order among getters)."""
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls)]
    getters = {n for n, v in vars(cls).items() if not n.startswith("_") and inspect.isdatadescriptor(v)}
    order = list(cls.__dict__["__match_args__"])
    assert set(order) == getters
    return order


def union_of(entry: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    return next((u for u in UNIONS if u["name"] == entry.get("variant_of")), None)


@pytest.mark.parametrize(
    "entry", [item(r["name"], r, pending(r, r["fields"])) for r in RECORDS]
)
def test_record(entry: Dict[str, Any]) -> None:
    cls = record_class(entry)
    assert inspect.isclass(cls) and cls.__name__ == entry["name"]
    expected = [f["name"] for f in entry["fields"] if present(f)]
    union = union_of(entry)
    if union is not None:  # Python's variants carry the tag first.
        expected.insert(0, union["tag"])
    fields = record_fields(cls)
    assert fields == expected
    methods = EXTRAS["record_methods"]
    allowed = set(fields) | set(methods.get(entry["name"], [])) | set(methods["*"])
    assert public(cls) <= allowed, public(cls) - allowed


@pytest.mark.parametrize(
    "union",
    [
        item(u["name"], u, pending({"name": u["name"]}, [RECORD_BY_NAME[v["record"]] for v in u["variants"]]))
        for u in UNIONS
    ],
)
def test_union(union: Dict[str, Any]) -> None:
    classes = []
    for variant in union["variants"]:
        cls = record_class(RECORD_BY_NAME[variant["record"]])
        first = dataclasses.fields(cls)[0].name
        assert first == union["tag"]
        assert typing.get_args(typing.get_type_hints(cls)[first]) == (variant["tag"],)
        classes.append(cls)
    alias = getattr(answers, union["name"], None)
    if alias is not None:
        assert typing.get_args(alias) == tuple(classes)


@pytest.mark.parametrize("enum", [item(e["name"], e, pending(e)) for e in ENUMS])
def test_enum_alias(enum: Dict[str, Any]) -> None:
    """An alias under the enum's name is optional, but it lists exactly the values; an
    entry that asks Python for one requires it."""
    alias = getattr(answers, enum["name"], getattr(documents, enum["name"], None))
    if alias is None:
        assert not pending(enum)
        return
    assert typing.get_origin(alias) is typing.Literal
    assert list(typing.get_args(alias)) == enum["values"]


# ---- errors ---------------------------------------------------------------------------


def error_fields(cls: type) -> Set[str]:
    """The public attributes and annotations a cobro exception class adds."""
    out: Set[str] = set()
    for klass in cls.__mro__:
        if klass.__module__ != cls.__module__:
            continue
        out |= {n for n in vars(klass) if not n.startswith("_")}
        out |= {n for n in vars(klass).get("__annotations__", {}) if not n.startswith("_")}
    return out


@pytest.mark.parametrize("entry", [item(e["name"], e, pending(e)) for e in ERRORS])
def test_error_class(entry: Dict[str, Any]) -> None:
    cls = resolve(py_name(entry), cobro)
    if entry["base"] is None:
        assert cls.__bases__ == (Exception,)
    else:
        assert cls.__bases__ == (resolve(entry["base"], cobro), ValueError)
    fields = _lang(entry).get("fields", entry["fields"]) if isinstance(_lang(entry), dict) else entry["fields"]
    assert error_fields(cls) == set(fields)
    listed = catalogue()
    for code in entry.get("codes", []):
        assert entry["name"] in listed[code], code


# ---- argument errors ------------------------------------------------------------------

ARGUMENT_PROBES: Dict[str, Callable[[], None]] = {
    "an argument of the wrong host type": lambda: (
        raises(lambda: cobro.validate("payin", "{}", bogus=1), TypeError, None),  # type: ignore[call-arg]
        raises(lambda: cobro.validate("payin", 42), TypeError, None),  # type: ignore[arg-type]
    ),
    "an unknown name": lambda: (
        _signing(lambda: cobro.validate("nope", "{}")),  # type: ignore[arg-type]
        _signing(lambda: cobro.validate("payin", "{}", locale="xx")),  # type: ignore[arg-type]
        _signing(lambda: cobro.parse("nope", "{}")),  # type: ignore[call-overload]
        _signing(lambda: cobro.virtual_account_message(timestamp=1_700_000_000, api_key="k", variant="x")),  # type: ignore[arg-type]
        _signing(
            lambda: cobro.virtual_account_headers(api_key="k", secret=KEY, deposit_mode="x")  # type: ignore[arg-type]
        ),
    ),
    "text to sign, or a key, that is not valid Unicode": lambda: raises(
        lambda: cobro.Secret("key\ud800"), cobro.SigningError, "ERR_NOT_UNICODE"
    ),
    "a whole number of the right host type outside its range": lambda: (
        raises(lambda: cobro.validate("payin", "{}", max_bytes=-1), cobro.SigningError, "ERR_OUT_OF_RANGE"),
        raises(lambda: cobro.parse("payin-response", "{}", http_status=70_000), cobro.SigningError, "ERR_OUT_OF_RANGE"),
        raises(lambda: cobro.payin_state(2**70), cobro.SigningError, "ERR_OUT_OF_RANGE"),
        raises(lambda: cobro.payin_transition(-(2**200), 1), cobro.SigningError, "ERR_OUT_OF_RANGE"),
        raises(
            lambda: cobro.virtual_account_message(timestamp=2**63, api_key="k"), cobro.SigningError, "ERR_OUT_OF_RANGE"
        ),
        raises(lambda: cobro.parse("payin-response", "{}", http_status=1.5), TypeError, None),  # type: ignore[arg-type]
    ),
}


@pytest.mark.parametrize(
    "entry", [item(e["case"].split(":")[0][:40], e, pending({"name": e["case"], **e})) for e in MANIFEST["argument_errors"]]
)
def test_argument_error(entry: Dict[str, Any]) -> None:
    if entry.get("class") and entry.get("code"):
        assert entry["class"] in catalogue()[entry["code"]]
    probe = next((p for case, p in ARGUMENT_PROBES.items() if entry["case"].startswith(case)), None)
    if probe is not None:
        probe()
    else:  # The clock before 1970 and a panic cannot be provoked from here.
        assert not pending({"name": entry["case"], **entry})


# ---- exports, both ways ---------------------------------------------------------------


def _top_level(entry: Dict[str, Any]) -> bool:
    return "." not in py_name(entry)


def test_cobro_exports_exactly_the_manifest() -> None:
    allowed = (
        {py_name(f) for f in FUNCTIONS if _top_level(f)}
        | {py_name(e) for e in ERRORS}
        | set(EXTRAS["module_attributes"])
        | {py_name(r) for r in RECORDS if _top_level(r)}
        | {u["name"] for u in UNIONS}
        | {t["name"] for t in REQUESTS["types"] if t.get("top_level")}
        | {REQUESTS["issue_code"]["name"]}
    )
    exported = public(cobro)
    assert exported <= allowed, sorted(exported - allowed)
    assert all(hasattr(cobro, n) for n in EXTRAS["module_attributes"])
    assert {n for n in cobro.__all__ if not n.startswith("_")} == exported
    for host in MANIFEST["host_types"]:
        assert hasattr(cobro, host["name"]) == present(host)
    for removed in MANIFEST["removed"]:
        if LANG in removed["languages"]:
            assert not hasattr(cobro, removed["name"])


def test_documents_exports_exactly_the_manifest() -> None:
    inside = {
        py_name(e).split(".", 1)[1] for e in FUNCTIONS + RECORDS if py_name(e).startswith("documents.")
    } | {e["name"] for e in ENUMS}
    exported = public(documents)
    assert exported <= inside, sorted(exported - inside)
    assert set(documents.__all__) == exported


def test_requests_exports_exactly_the_manifest() -> None:
    """``cobro.request_types``: every request type and ``IssueCode``, the top-level ones also in
    ``cobro``; each object a TypedDict with the manifest's keys, required or not, and each
    alias of values a Literal of them."""
    listed = [t["name"] for t in REQUESTS["types"]] + [REQUESTS["issue_code"]["name"]]
    assert sorted(request_types.__all__) == sorted(listed)
    assert public(request_types) == set(listed)
    for entry in REQUESTS["types"]:
        value = getattr(request_types, entry["name"])
        if entry.get("top_level"):
            assert getattr(cobro, entry["name"]) is value
        if "keys" in entry:
            assert hasattr(value, "__required_keys__"), entry["name"]
            keys = [k["name"] for k in entry["keys"]]
            assert sorted(typing.get_type_hints(value)) == sorted(keys), entry["name"]
            required = {k["name"] for k in entry["keys"] if k["required"]}
            assert set(value.__required_keys__) == required, entry["name"]
        elif entry["alias"] == "values":
            assert list(typing.get_args(value)) == entry["values"], entry["name"]
        else:
            assert typing.get_origin(value) is dict, entry["name"]


def test_mock_exports_exactly_the_manifest() -> None:
    inside = {py_name(e).split(".", 1)[1] for e in FUNCTIONS + RECORDS if py_name(e).startswith("mock.")}
    exported = public(cobro.mock)
    assert exported == inside, sorted(exported ^ inside)
    assert set(cobro.mock.__all__) == exported


RENAMES = "; ".join(
    e["change"][LANG] for e in MANIFEST["records"] + MANIFEST["enums"] if " is named " in e.get("change", {}).get(LANG, "")
)


@pytest.mark.parametrize("_", [item("answers", None, RENAMES)])
def test_answers_exports_exactly_the_manifest(_: None) -> None:
    """``cobro.answers``: records, and aliases of enums and unions, by their names."""
    allowed = (
        {py_name(r) for r in RECORDS if _top_level(r)}
        | {e["name"] for e in ENUMS}
        | {u["name"] for u in UNIONS}
        | {"Record"}
    )
    exported = set(answers.__all__)
    assert exported <= allowed, sorted(exported - allowed)
    ours = {n for n in public(answers) if getattr(getattr(answers, n), "__module__", "").startswith("cobro.")}
    assert ours <= allowed, sorted(ours - allowed)
