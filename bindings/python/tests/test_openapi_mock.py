"""schemathesis runs ``schemas/openapi.json`` against ``cobro.mock``: every check of
schemathesis (positive data accepted, negative data refused, answers as the document
describes them, statuses the document names, credentials enforced...) on the four
operations, with the examples, coverage and fuzzing phases.

Each generated request is signed with cobro's own functions and the mock's fake keys
(an auth provider: the virtual-account headers, the subscription Bearer hash over the
body's texts, the pay-in's payinVerification over the body's texts with the amount in
the two-decimal form cobro signs), and names the mock's merchant, so a schema-valid
request reaches the mock's validation instead of stopping at its authentication. Only
schema-valid values are replaced, and only by schema-valid ones, so a negative case
stays negative. Before each case the mock is reset, and given the subscription that a
cancellation or a charge on file needs.

A schema-valid request the mock refuses is a failure unless every error cobro reports
for it is one of ``UNEXPRESSED``: rules the document cannot state and lists in its
``x-cobro-unexpressed`` annotations. A schema-violating request the mock accepts is a
failure unless the document refuses it only for a field cobro ignores there, which the
document still types so that generated types have one (``IGNORED``): without those
fields the request must be schema-valid.

Every key here is a fake one of ``examples/README.md``."""

from __future__ import annotations

import json
import re
import time
import unicodedata
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Literal, NamedTuple, Optional, Set, Tuple

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import Case
from schemathesis.auths import AuthContext
from schemathesis.config import SchemathesisConfig
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from schemathesis.specs.openapi.checks import ignored_auth, negative_data_rejection, positive_data_acceptance

import cobro
import cobro.mock

from test_mock import API_KEY, MERCHANT_ID, PAYIN_KEY, VA_SECRET, WAIT_SECONDS, Webhook

DOCUMENT = Path(__file__).resolve().parents[3] / "schemas" / "openapi.json"
# Enough for each operation to reach the mock with schema-valid requests it accepts;
# few enough that the whole module stays within seconds, since scripts/test runs the
# suite twice.
MAX_EXAMPLES = 30

JSON = {"Content-Type": "application/json"}
OPERATIONS = ("createVirtualAccount", "createSubscription", "cancelSubscription", "createPayin", "queryPayinStatus")
KIND: Dict[str, Literal["virtual-account", "subscription", "subscription-cancel", "payin"]] = {
    "createVirtualAccount": "virtual-account",
    "createSubscription": "subscription",
    "cancelSubscription": "subscription-cancel",
    "createPayin": "payin",
}


def _whole_number_written_with_a_fraction(value: Any) -> bool:
    return isinstance(value, float) and value.is_integer()


def _beyond_ascii_not_a_letter_digit_or_currency_symbol(value: Any) -> bool:
    return isinstance(value, str) and any(
        ord(c) > 0x7F and unicodedata.category(c) not in ("Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Sc") for c in value
    )


def _amount_written_with_an_exponent_or_past_cents(value: Any) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    text = json.dumps(value)
    return "e" in text.lower() or len(text.partition(".")[2]) > 2


class Rule(NamedTuple):
    """A rule the document lists as unexpressed, by which the mock refuses a schema-valid
    request: why no schema states it, and whether the value an issue names breaks it."""

    reason: str
    breaks: Callable[[Any], bool]


UNEXPRESSED: Dict[str, Rule] = {
    "ERR_INVALID_TYPE": Rule(
        "numbers are judged on their JSON text, so 1.0 is not a whole number; JSON Schema "
        "judges the value, for which 1.0 is the integer 1",
        _whole_number_written_with_a_fraction,
    ),
    "ERR_INVALID_AMOUNT": Rule(
        "an amount has at most two decimals and no exponent as its JSON text is written; JSON "
        "Schema's multipleOf judges the value, not the text",
        _amount_written_with_an_exponent_or_past_cents,
    ),
    "ERR_INVALID_METADATA_VALUE": Rule(
        "a metadata value's characters beyond ASCII must be letters, decimal digits or currency "
        "symbols: Unicode categories, which a JSON Schema pattern (ECMA-262 without the u flag) cannot name",
        _beyond_ascii_not_a_letter_digit_or_currency_symbol,
    ),
}

# Fields cobro ignores where they do not apply, which the document types all the same.
IGNORED: Dict[str, str] = {
    "WARN_FIELD_IGNORED": "cobro ignores the field here (an ON_DEMAND subscription's periodicity "
    "and amount, a pay-in's subscription without an on-file processor code) and says so",
    "DESIGN.md 9 row 17": "cobro ignores a PERSON owner's companyName and a COMPANY owner's names, "
    "with no warning",
}
# What the pay-in status query's schema cannot state (its `x-cobro-unexpressed`), by which
# the mock refuses a schema-valid query: cobro's prepare_payin_status raises the same
# codes for the same fields.
STATUS_UNEXPRESSED: Dict[str, str] = {
    "ERR_INVALID_DATE": "a day its month has, in a year from 0001: a pattern does not know the calendar",
    "ERR_DATE_NOT_BEFORE": "a start date before today: a schema has no clock",
    "ERR_DATE_TOO_EARLY": "an end date not before the start: a schema does not compare two values",
    "ERR_EMPTY_FIELD": "an operation number empty or not blank: a pattern for both reads as none",
    "ERR_MISSING_FIELD": "something to ask for: an unknown key alone passes minProperties",
}
COMPONENT = {
    "createVirtualAccount": "VirtualAccountRequest",
    "createSubscription": "SubscriptionRequest",
    "cancelSubscription": "SubscriptionCancelRequest",
    "createPayin": "PayinRequest",
}

# Every request is signed, so a schema-valid one the mock answers with 401, 404 or 409
# (which schemathesis lets pass by default) is refused for a reason to find out.
schema = schemathesis.openapi.from_path(
    str(DOCUMENT),
    config=SchemathesisConfig.from_dict({"checks": {"positive_data_acceptance": {"expected-statuses": ["2xx"]}}}),
)

# What the mock answered per operation: 2xx, and schema-valid requests refused by rule.
ACCEPTED: "Counter[str]" = Counter()
DIFFERENCES: Dict[str, "Counter[str]"] = {name: Counter() for name in OPERATIONS}
ACCEPTED_IGNORING: Dict[str, "Counter[str]"] = {name: Counter() for name in OPERATIONS}
RUN: Set[str] = set()

_MERCHANT_TEXT = re.compile(r"0*[1-9][0-9]*")
_LARGEST_MERCHANT_ID = 2**63 - 1
_HEX_128 = re.compile(r"[0-9A-Fa-f]{128}")
_TIMESTAMP = re.compile(r"-?[0-9]+")


def _text(value: Any) -> str:
    """A field's text as the mock reads it: a string's characters, anything else its JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def _fullmatch(pattern: "re.Pattern[str]", value: Any) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _as_mock_merchant(body: Dict[str, Any], field: str) -> None:
    """The mock's merchant in place of a schema-valid merchant id, in the same JSON type."""
    value = body.get(field)
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= _LARGEST_MERCHANT_ID:
        body[field] = MERCHANT_ID
    elif isinstance(value, str) and _fullmatch(_MERCHANT_TEXT, value) and int(value) <= _LARGEST_MERCHANT_ID:
        body[field] = str(MERCHANT_ID)


def _sign_payin(body: Any) -> None:
    payin = body.get("data") if isinstance(body, dict) and "data" in body else body
    if not isinstance(payin, dict):
        return
    _as_mock_merchant(payin, "payinMerchantID")
    fields = ("payinMerchantID", "payinMerchantOperationNumber", "payinAmount", "payinCurrency")
    if (
        not _fullmatch(_HEX_128, payin.get("payinVerification"))
        or not all(f in payin for f in fields)
        or payin["payinMerchantID"] not in (MERCHANT_ID, str(MERCHANT_ID))
    ):
        return
    try:
        # cobro signs the amount's two-decimal text, so the body carries that text, as
        # prepare_payin writes it (DESIGN.md 9 row 10): the mock hashes the texts sent.
        amount = cobro.Amount(_text(payin["payinAmount"]))
        verification = cobro.payin_verification(
            merchant_id=MERCHANT_ID,
            operation_number=_text(payin["payinMerchantOperationNumber"]),
            amount=amount,
            currency=_text(payin["payinCurrency"]),
            key=PAYIN_KEY,
        )
    except cobro.SigningError:
        # What cobro cannot sign (an amount with an exponent or three decimals) keeps
        # the generated hash: the mock refuses it either way.
        return
    payin["payinAmount"] = str(amount)
    payin["payinVerification"] = verification


def _sign_subscription(case: Case) -> None:
    body = case.body
    if not isinstance(body, dict):
        return
    _as_mock_merchant(body, "merchantId")
    details = body.get("subscriptionDetails")
    if not isinstance(details, dict):
        return
    charge_type: Literal["ON_DEMAND", "RECURRENT"] = "RECURRENT" if details.get("type") == "RECURRENT" else "ON_DEMAND"
    if body.get("merchantId") not in (MERCHANT_ID, str(MERCHANT_ID)) or details.get("type") != charge_type:
        return
    try:
        authorization = cobro.subscription_authorization(
            merchant_id=MERCHANT_ID,
            type=charge_type,
            customer_id=_text(details.get("customerId")),
            processor_code=_text(details.get("processorCode")),
            key=PAYIN_KEY,
        )
    except cobro.SigningError:
        # Details cobro cannot sign (an empty customer id) are a negative case's: it
        # goes unsigned.
        return
    case.headers["Authorization"] = authorization


def _sign_status_query(case: Case) -> None:
    """The mock's merchant in a schema-valid merchant id of the path, and its credential."""
    merchant = case.path_parameters.get("merchantId") if case.path_parameters else None
    if _fullmatch(_MERCHANT_TEXT, merchant if isinstance(merchant, str) else str(merchant)):
        case.path_parameters["merchantId"] = str(MERCHANT_ID)
    signed = cobro.prepare_payin_status(merchant_id=MERCHANT_ID, key=PAYIN_KEY, operation_number="")
    case.headers["authorization"] = signed.headers["authorization"]


def _status_refusal(sent: Any) -> Optional[List[str]]:
    """The code cobro's prepare_payin_status raises for the query sent, when it is one of
    ``STATUS_UNEXPRESSED``."""
    body = json.loads(sent) if isinstance(sent, (bytes, str)) else None
    if not isinstance(body, dict):
        return None
    try:
        cobro.prepare_payin_status(
            merchant_id=MERCHANT_ID,
            key=PAYIN_KEY,
            operation_number=body.get("payinMerchantOperationNumber"),
            start_date=body.get("payinStartDate"),
            end_date=body.get("payinEndDate"),
        )
    except cobro.SigningError as e:
        return [e.code] if e.code in STATUS_UNEXPRESSED else None
    return None


def _sign_virtual_account(case: Case) -> None:
    headers = case.headers
    now = int(time.time())
    signed = cobro.virtual_account_headers(api_key=API_KEY, secret=VA_SECRET, deposit_mode="OWNER", now=now)
    # The deposit mode and a timestamp that breaks its pattern are the generated ones; a
    # schema-valid timestamp becomes the present time, which the signature covers.
    headers["X-Api-Key"] = signed["X-Api-Key"]
    headers["X-Signature"] = signed["X-Signature"]
    if _fullmatch(_TIMESTAMP, headers.get("X-Timestamp")):
        headers["X-Timestamp"] = signed["X-Timestamp"]


@schema.auth(refresh_interval=None, retry_on=[])
class MerchantCredentials:
    """The fake merchant's credentials, computed per request: what they sign is the body."""

    def get(self, case: Case, context: AuthContext) -> Optional[str]:
        return case.operation.definition.raw.get("operationId")

    def set(self, case: Case, data: str, context: AuthContext) -> None:
        if data == "createVirtualAccount":
            _sign_virtual_account(case)
        elif data in ("createSubscription", "cancelSubscription"):
            _sign_subscription(case)
        elif data == "createPayin":
            _sign_payin(case.body)
        elif data == "queryPayinStatus":
            _sign_status_query(case)


@pytest.fixture(scope="module")
def mock() -> Iterator[cobro.mock.MockServer]:
    """One mock for the module (reset before each case), its notifications received."""
    hook = Webhook()
    try:
        with cobro.mock.start(
            merchant_id=MERCHANT_ID, api_key=API_KEY, va_secret=VA_SECRET, payin_key=PAYIN_KEY, webhook_url=hook.url
        ) as server:
            yield server
    finally:
        hook.close()


def _post(server: cobro.mock.MockServer, path: str, data: bytes, headers: Dict[str, str]) -> Tuple[int, Any]:
    sent = urllib.request.Request(server.url + path, data=data, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            return int(answer.status), json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return int(refused.code), None


def _subscription(server: cobro.mock.MockServer, named: Dict[str, Any], authorize: bool) -> None:
    """A subscription of the mock's merchant with the type, customer and processor code a
    case names, PENDING or AUTHORIZED; none when cobro refuses what the case names."""
    if named["type"] not in ("ON_DEMAND", "RECURRENT") or not all(isinstance(v, str) for v in named.values()):
        return
    details: Dict[str, Any] = {**named, "device": "MOBILE"}
    if named["type"] == "RECURRENT":
        details.update(periodicity="1", amount="49.90")
    try:
        request = cobro.prepare_subscription({"merchantId": MERCHANT_ID, "subscriptionDetails": details}, key=PAYIN_KEY)
    except cobro.ValidationError:
        return
    status, answer = _post(server, request.path, request.content, request.headers)
    if authorize and status == 200:
        _post(server, f"/_mock/subscriptions/{answer['subscriptionId']}/authorize", b"", JSON)


def _records_named(server: cobro.mock.MockServer, name: str, body: Any) -> None:
    """What the provider holds before the request a case makes: the subscription that a
    cancellation names, and the authorized one that a pay-in charging on file charges."""
    if name == "cancelSubscription" and isinstance(body, dict) and isinstance(body.get("subscriptionDetails"), dict):
        details = body["subscriptionDetails"]
        _subscription(server, {k: details.get(k) for k in ("type", "customerId", "processorCode")}, authorize=True)
    elif name == "createPayin" and isinstance(body, dict):
        payin = body.get("data", body)
        charge = payin.get("subscription") if isinstance(payin, dict) else None
        if isinstance(charge, dict):
            named = {
                "type": charge.get("chargeType"),
                "customerId": payin.get("payinCustomerPhone"),
                "processorCode": payin.get("processorCode"),
            }
            _subscription(server, named, authorize=True)


def _unexpressed_refusal(case: Case, sent: Any) -> Optional[List[str]]:
    """The codes of cobro's errors on the body sent, when each is a rule of ``UNEXPRESSED``
    that the value it names breaks."""
    if not isinstance(sent, (bytes, str)):
        return None
    report = cobro.validate(KIND[_operation_id(case)], sent, key=PAYIN_KEY)
    body = json.loads(sent)
    codes = []
    for issue in report.errors:
        rule = UNEXPRESSED.get(issue.code)
        if rule is None or not rule.breaks(_at(body, issue.path)):
            return None
        codes.append(issue.code)
    return sorted(set(codes)) or None


def _request_validator(name: str) -> Draft202012Validator:
    doc = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    base = "urn:cobro:openapi"
    registry: Registry = Registry().with_resource(base, Resource.from_contents(doc, default_specification=DRAFT202012))
    return Draft202012Validator({"$ref": f"{base}#/components/schemas/{COMPONENT[name]}"}, registry=registry)


def _ignored_acceptance(case: Case, sent: Any) -> Optional[List[str]]:
    """The rules of ``IGNORED`` by which the mock accepted a schema-violating body: the
    body is schema-valid once the fields cobro ignored are taken out."""
    if not isinstance(sent, (bytes, str)):
        return None
    name = _operation_id(case)
    report = cobro.validate(KIND[name], sent, key=PAYIN_KEY)
    body = json.loads(sent)
    rules = []
    for issue in report.warnings:
        if issue.code == "WARN_FIELD_IGNORED" and _drop(body, issue.path):
            rules.append(issue.code)
    owner = body.get("owner") if isinstance(body, dict) else None
    if name == "createVirtualAccount" and isinstance(owner, dict):
        other = {"PERSON": ("companyName",), "COMPANY": ("firstName", "lastName")}.get(str(owner.get("type")), ())
        for key in other:
            if owner.pop(key, None) is not None:
                rules.append("DESIGN.md 9 row 17")
    if not rules or not _request_validator(name).is_valid(body):
        return None
    return sorted(set(rules))


def _drop(body: Any, path: str) -> bool:
    """Takes the member at an issue's path out of the body; whether there was one."""
    steps = re.findall(r"[^.\[\]]+", path)
    parent = _at(body, ".".join(steps[:-1])) if len(steps) > 1 else body
    if steps and isinstance(parent, dict) and steps[-1] in parent:
        del parent[steps[-1]]
        return True
    return False


def _at(body: Any, path: str) -> Any:
    """The value at an issue's path (``owner.phone.number``, ``metadata[2].key``)."""
    for step in re.findall(r"[^.\[\]]+", path):
        if isinstance(body, list) and step.isdigit() and int(step) < len(body):
            body = body[int(step)]
        elif isinstance(body, dict) and step in body:
            body = body[step]
        else:
            return None
    return body


def _virtual_account_credentials_enforced(server: cobro.mock.MockServer, sent: Any) -> None:
    """The request the mock accepted, refused without its key and signature, and with a
    signature by another secret."""
    headers = {k: v for k, v in sent.headers.items() if k not in ("X-Api-Key", "X-Signature", "Content-Length")}
    path = "/merchant-payin-accounts/v1/accounts"
    assert _refusal(server, path, sent.body, headers) == (400, "ERR_MISSING_HEADER")
    wrong = cobro.virtual_account_signature(
        timestamp=int(headers["X-Timestamp"]), api_key=API_KEY, secret="not-the-merchant-secret"
    )
    signed = {**headers, "X-Api-Key": API_KEY, "X-Signature": wrong}
    assert _refusal(server, path, sent.body, signed) == (401, "ERR_INVALID_SIGNATURE")


def _refusal(server: cobro.mock.MockServer, path: str, data: bytes, headers: Dict[str, str]) -> Tuple[int, str]:
    """The status of a virtual-account refusal and its first detail's code."""
    sent = urllib.request.Request(server.url + path, data=data, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            return int(answer.status), ""
    except urllib.error.HTTPError as refused:
        return int(refused.code), str(json.loads(refused.read())["error"]["details"][0]["code"])


def _operation_id(case: Case) -> str:
    return str(case.operation.definition.raw["operationId"])


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    database=None,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
def test_the_mock_answers_as_the_document_says(case: Case, mock: cobro.mock.MockServer) -> None:
    name = _operation_id(case)
    RUN.add(name)
    # Each case meets a mock with no records: the provider's rules over earlier requests
    # (one PENDING subscription per customer, one pay-in per operation number) do not
    # refuse a request for what an unrelated case did.
    assert _post(mock, "/_mock/reset", b"", JSON)[0] == 200
    _records_named(mock, name, case.body)
    if name == "createVirtualAccount" and case.headers.get("X-Api-Key") == API_KEY:
        # The signed timestamp is the time of sending: a case can wait for long between
        # its generation and its call, past the mock's window of 120 seconds.
        _sign_virtual_account(case)
    response = case.call(base_url=mock.url)
    excluded = []
    if name == "createVirtualAccount":
        # ignored_auth wants 401 or 403 for a request with no credential; the provider
        # answers a missing header with 400 ERR_MISSING_HEADER (the document's 400), so
        # the probes are made here with the statuses the document names.
        excluded.append(ignored_auth)
        if 200 <= response.status_code < 300:
            _virtual_account_credentials_enforced(mock, response.request)
    if 200 <= response.status_code < 300:
        ACCEPTED[name] += 1
        if case.meta is not None and not case.meta.generation.mode.is_positive:
            rules = _ignored_acceptance(case, response.request.body)
            if rules is not None:
                ACCEPTED_IGNORING[name].update(rules)
                excluded.append(negative_data_rejection)
    elif case.meta is not None and case.meta.generation.mode.is_positive:
        codes = (
            _status_refusal(response.request.body)
            if name == "queryPayinStatus"
            else _unexpressed_refusal(case, response.request.body)
        )
        if codes is not None:
            DIFFERENCES[name].update(codes)
            excluded.append(positive_data_acceptance)
    case.validate_response(response, excluded_checks=excluded, transport_kwargs={"base_url": mock.url})


def test_every_rule_listed_is_one_the_document_lists() -> None:
    listed: List[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            listed.extend(node.get("x-cobro-unexpressed", []))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(DOCUMENT.read_text(encoding="utf-8")))
    starts = {entry.split(":")[0] for entry in listed}
    for code in [*UNEXPRESSED, *IGNORED, *STATUS_UNEXPRESSED]:
        assert any(code in start.split(", ") for start in starts), code


def test_the_mock_accepted_generated_requests_of_every_operation(capsys: pytest.CaptureFixture[str]) -> None:
    """Runs after the test above (file order): its counts, printed, and above zero."""
    assert RUN == set(OPERATIONS), "run the module whole: this test reads what the one above counted"
    lines = []
    for name in OPERATIONS:
        refused = ", ".join(f"{code} {n}" for code, n in sorted(DIFFERENCES[name].items())) or "none"
        ignoring = ", ".join(f"{rule} {n}" for rule, n in sorted(ACCEPTED_IGNORING[name].items())) or "none"
        lines.append(
            f"openapi vs mock: {name}: {ACCEPTED[name]} accepted (2xx); schema-valid refused by rule: {refused}; "
            f"schema-invalid accepted for a field cobro ignores: {ignoring}"
        )
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert all(ACCEPTED[name] > 0 for name in OPERATIONS), dict(ACCEPTED)
