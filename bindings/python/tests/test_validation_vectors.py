"""Every validation vector gives the core's report: codes and paths in order, and the
exact report JSON where the vector states it."""

import decimal
import json

import pytest

import cobro
from vectors import body_bytes, cases

CASES = cases("validation")


def options(case):
    o = case.get("options", {})
    return dict(
        strict=o.get("strict", False),
        locale=o.get("locale"),
        key=o.get("payin_key"),
        max_bytes=o.get("max_bytes"),
        before_prepare=o.get("before_prepare", False),
    )


def pairs(issues):
    return [[i.code, i.path] for i in issues]


def test_there_are_many_vectors():
    assert len(CASES) >= 200


@pytest.mark.parametrize("name,file,case", CASES, ids=[c[0] for c in CASES])
def test_validation_vector(name, file, case):
    report = cobro.validate(file["kind"], body_bytes(case), **options(case))
    assert pairs(report.errors) == case["errors"], name
    assert pairs(report.warnings) == case["warnings"], name
    assert report.valid == (not case["errors"]) == bool(report)
    assert json.loads(report.to_json()) == report.to_dict()
    if "report" in case:
        assert json.loads(report.to_json()) == json.loads(case.raw["report"])
        assert report.to_dict() == json.loads(case.raw["report"])
    for issue in report.errors + report.warnings:
        assert issue.to_dict() == {
            "path": issue.path,
            "code": issue.code,
            "message": issue.message,
            "severity": issue.severity,
            "params": issue.params,
        }


@pytest.mark.parametrize("name,file,case", CASES, ids=[c[0] for c in CASES])
def test_str_body_gives_the_same_report(name, file, case):
    raw = body_bytes(case)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8")
    a = cobro.validate(file["kind"], raw, **options(case))
    b = cobro.validate(file["kind"], text, **options(case))
    assert a.to_json() == b.to_json()


def _no_repeats(members):
    keys = [k for k, _ in members]
    if len(set(keys)) != len(keys):
        raise KeyError("repeated key")
    return dict(members)


DICT_CASES = []
for _id, _file, _case in CASES:
    if "body" not in _case:
        continue
    try:
        _value = json.loads(_case.raw["body"], parse_float=decimal.Decimal, object_pairs_hook=_no_repeats)
    except KeyError:
        continue  # a dict cannot hold a repeated key
    if isinstance(_value, (dict, list)):
        DICT_CASES.append((_id, _file, _case, _value))


@pytest.mark.parametrize("name,file,case,value", DICT_CASES, ids=[c[0] for c in DICT_CASES])
def test_dict_body_gives_the_same_issues(name, file, case, value):
    """A body given as a dict (numbers as int and Decimal) is written as JSON by the
    binding and judged like the text."""
    report = cobro.validate(file["kind"], value, **options(case))
    assert pairs(report.errors) == case["errors"], name
    assert pairs(report.warnings) == case["warnings"], name


@pytest.mark.parametrize(
    "number",
    [0, 7, -7, 1234, 10**18, 2**63 - 1, -(2**63), 2**63, -(2**63) - 1, 10**40, True, False],
)
def test_dict_ints_are_written_as_python_writes_them(number):
    """The binding writes an `int` of a dict body itself (no formatting call): every
    digit, the sign, the i64 limits and the big ints past them (written by `str`) give
    the report of the same body as text."""
    body = {"merchantId": number, "subscriptionDetails": {"type": "RECURRENT", "customerId": "1", "processorCode": "Wallet_on_file"}}
    text = json.dumps(body)
    assert cobro.validate("subscription-cancel", body).to_json() == cobro.validate("subscription-cancel", text).to_json()
