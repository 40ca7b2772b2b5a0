"""The OpenAPI document the core generates (``schemas/openapi.json``, ``cobro schema
openapi``, ``cobro.openapi()``) is valid OpenAPI 3.1 by ``openapi-spec-validator``, and
describes what cobro reads and sends: every answer and notification vector cobro's
parsers accept validates against the document's schema of that answer (a voucherConfig's
JSON text against its ``contentSchema`` too), cobro's own example files validate as
cobro judges them, and ``cobro mock`` answers and notifies as the document says. The
figures are printed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_openapi
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

import cobro
from test_mock import PAYIN_KEY, VA_SECRET, WRONG_KEY, Webhook, control, example, mock, send, webhook  # noqa: F401 (fixtures)
from vectors import body_bytes, cases

ROOT = Path(__file__).resolve().parents[3]
DOCUMENT = ROOT / "schemas" / "openapi.json"
BASE = "urn:cobro:openapi"


def _document() -> Any:
    return json.loads(DOCUMENT.read_text(encoding="utf-8"))


def _validator(doc: Any, component: str) -> Draft202012Validator:
    """A validator of ``component`` of ``doc``, its references resolved in ``doc``."""
    registry: Registry = Registry().with_resource(
        BASE, Resource.from_contents(doc, default_specification=DRAFT202012)
    )
    return Draft202012Validator(
        {"$ref": f"{BASE}#/components/schemas/{component}"},
        registry=registry,
        format_checker=Draft202012Validator.FORMAT_CHECKER,
    )


def _instance(raw: bytes) -> Optional[Any]:
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return None


# Which parser reads a vector file's `document`, and which schema describes it (an
# answer of a virtual account: by its HTTP status, as the operation's responses say).
PARSERS: Dict[str, Tuple[Callable[[Any, bytes], Any], Callable[[Any], str]]] = {
    "virtual-account-response": (
        lambda case, body: cobro.parse_virtual_account_response(body, http_status=case.get("http_status", 200)),
        lambda case: "VirtualAccountAnswer" if 200 <= case.get("http_status", 200) <= 299 else "VirtualAccountError",
    ),
    "subscription-response": (lambda case, body: cobro.parse_subscription_response(body), lambda case: "SubscriptionAnswer"),
    "payin-response": (lambda case, body: cobro.parse_payin_response(body), lambda case: "PayinAnswer"),
    "payin-notification": (lambda case, body: cobro.parse_payin_notification(body), lambda case: "PayinNotification"),
    "subscription-webhook": (lambda case, body: cobro.parse_subscription_webhook(body), lambda case: "SubscriptionWebhook"),
    "deposit-notification": (lambda case, body: cobro.parse_deposit_notification(body), lambda case: "DepositNotification"),
    "payin-status": (lambda case, body: cobro.parse_payin_status(body), lambda case: "PayinStatus"),
}


def _voucher_config(instance: Any) -> Optional[Tuple[str, Any]]:
    """The decoded voucherConfig of a created pay-in's answer and the schema its
    ``contentSchema`` names, or None."""
    if not isinstance(instance, dict) or instance.get("payinErrorCode") != "0000":
        return None
    voucher = instance.get("experienceVoucher")
    if not isinstance(voucher, dict) or not isinstance(voucher.get("voucherConfig"), str):
        return None
    config = json.loads(voucher["voucherConfig"])
    if isinstance(config, str):  # encoded twice, which the parser reads once more
        config = json.loads(config)
    qr = bool(instance.get("qrCode")) or voucher.get("generalInstructions") is not None
    return ("QrVoucherConfig" if qr else "VoucherConfig"), config


def judge_vectors() -> Dict[str, Any]:
    doc = _document()
    validators: Dict[str, Draft202012Validator] = {}

    def valid(component: str, instance: Any) -> bool:
        if component not in validators:
            validators[component] = _validator(doc, component)
        return bool(validators[component].is_valid(instance))

    accepted_valid: List[str] = []
    accepted_invalid: Dict[str, List[str]] = {}
    refused_invalid: List[str] = []
    refused_valid: List[str] = []
    for name, file, case in cases("responses"):
        parse, schema = PARSERS[file["document"]]
        raw = body_bytes(case)
        try:
            parse(case, raw)
            accepted = True
        except cobro.CobroError:
            accepted = False
        instance = _instance(raw)
        component = schema(case)
        by_schema = instance is not None and valid(component, instance)
        if accepted:
            problems = [] if by_schema else [e.message for e in validators[component].iter_errors(instance)][:3]
            config = _voucher_config(instance) if by_schema else None
            if config is not None and not valid(config[0], config[1]):
                problems = [f"voucherConfig against {config[0]}"]
            if problems:
                accepted_invalid[name] = problems
            else:
                accepted_valid.append(name)
        elif by_schema:
            refused_valid.append(name)
        else:
            refused_invalid.append(name)
    return {
        "accepted_valid": accepted_valid,
        "accepted_invalid": accepted_invalid,
        "refused_invalid": refused_invalid,
        "refused_valid": refused_valid,
    }


# A key repeated in one object (DESIGN.md 9 row 26): a JSON reader keeps one copy.
_DUPLICATE = "ERR_DUPLICATE_FIELD: a repeated key; the parsed value keeps one copy"
# voucherConfig's content: `contentSchema` is an annotation, which validators do not assert.
_CONTENT = "voucherConfig's JSON text: its contentSchema is an annotation, not asserted"

# The vectors cobro refuses and the document accepts, each with the rule it cannot state
# (its `x-cobro-unexpressed` annotations list them). A vector the document learns to
# refuse leaves the list.
REFUSED_UNEXPRESSED: Dict[str, str] = {
    "payin-notification-errors.json / amount as a number with an exponent": "ERR_INVALID_VALUE: the amount's JSON text",
    "payin-notification-errors.json / repeated payinAmount": _DUPLICATE,
    "payin-notification-errors.json / repeated payinVerification": _DUPLICATE,
    "payin-notification-errors.json / repeated codeErrorTrx": _DUPLICATE,
    "payin-response.json / repeated payinErrorCode": _DUPLICATE,
    "virtual-account-response.json / metadata key repeated": _DUPLICATE,
    "virtual-account-response.json / top-level key repeated": _DUPLICATE,
    "payin-response-qr.json / qrCode that is not a PNG": "ERR_INVALID_VALUE: Base64 of a PNG image",
    "payin-response-qr.json / device instruction with too many tags": "ERR_INVALID_VALUE: markup tags counted",
    "payin-response-voucher.json / expiration on a day that does not exist": "ERR_INVALID_VALUE: the day exists in its month",
    "payin-response-qr.json / QR voucherConfig without bankList": _CONTENT,
    "payin-response-voucher.json / triple-encoded voucherConfig": _CONTENT,
    "payin-response-voucher.json / double-encoded voucherConfig holding no JSON": _CONTENT,
    "payin-response-voucher.json / voucherConfig is not JSON": _CONTENT,
    "payin-response-voucher.json / voucherConfig is a JSON array": _CONTENT,
    "payin-response-voucher.json / voucherConfig holds no list": _CONTENT,
    "payin-response-voucher.json / voucherConfig holds two lists": _CONTENT,
    "payin-response-voucher.json / CashList is not an array": _CONTENT,
    "payin-response-voucher.json / entry without bankCode": _CONTENT,
    "payin-response-voucher.json / instruction value not a string": _CONTENT,
    "payin-response-voucher.json / instructions missing": _CONTENT,
    "payin-response-voucher.json / nroOrder not a whole number": _CONTENT,
    "payin-response-voucher.json / instruction with 257 tags": _CONTENT,
    "payin-response-voucher.json / instruction_payment_methods with a number": _CONTENT,
    "payin-response-voucher.json / repeated key inside voucherConfig": _CONTENT,
}


def test_the_document_is_valid_openapi_3_1() -> None:
    doc = _document()
    assert doc["openapi"].startswith("3.1.")
    validate_openapi(doc)


def test_the_binding_gives_the_committed_document() -> None:
    assert cobro.openapi() == DOCUMENT.read_text(encoding="utf-8")
    for kind in ("virtual-account", "subscription", "subscription-cancel", "payin"):
        assert cobro.schema(kind) == (ROOT / "schemas" / f"{kind}.schema.json").read_text(encoding="utf-8")


def test_an_unknown_kind_is_a_signing_error() -> None:
    try:
        cobro.schema("refund")  # type: ignore[arg-type]
    except cobro.SigningError as e:
        assert e.code == "ERR_INVALID_ARGUMENT"
    else:
        raise AssertionError("no SigningError")


def test_every_accepted_answer_and_notification_validates(capsys: Any) -> None:
    r = judge_vectors()
    assert not r["accepted_invalid"], f"cobro reads these, the document refuses them: {r['accepted_invalid']}"
    unlisted = sorted(n for n in r["refused_valid"] if n not in REFUSED_UNEXPRESSED)
    assert not unlisted, f"cobro refuses these, the document accepts them: {unlisted}"
    stale = sorted(n for n in REFUSED_UNEXPRESSED if n not in r["refused_valid"])
    assert not stale, f"listed as unexpressed, but the document refuses them (or the vector is gone): {stale}"
    accepted = len(r["accepted_valid"])
    refused = len(r["refused_invalid"]) + len(r["refused_valid"])
    total = accepted + refused
    agree = accepted + len(r["refused_invalid"])
    with capsys.disabled():
        print(
            f"\nOpenAPI agrees with cobro's parsers on {agree} of {total} answer and notification vectors "
            f"({100 * agree / total:.1f}%): all {accepted} it reads validate, and it refuses "
            f"{len(r['refused_invalid'])} of the {refused} cobro refuses; the {len(r['refused_valid'])} others "
            f"are rules JSON Schema cannot state"
        )


# The example files and what describes them: a request kind (validated as cobro
# validates it) or an answer or notification schema.
EXAMPLES: Dict[str, str] = {
    "virtual-account-pe.json": "virtual-account",
    "virtual-account-invalid.json": "virtual-account",
    "subscription-recurrent.json": "subscription",
    "subscription-cancel.json": "subscription-cancel",
    "payin-pe-banktransfer.json": "payin",
    "payin-pe-banktransfer-unsigned.json": "payin",
    "answer-payin-qr.json": "PayinAnswer",
    "answer-virtual-account-error.json": "VirtualAccountError",
    "notification-payin.json": "PayinNotification",
}

REQUESTS = {
    "virtual-account": "VirtualAccountRequest",
    "subscription": "SubscriptionRequest",
    "subscription-cancel": "SubscriptionCancelRequest",
    "payin": "PayinRequest",
}


def test_the_examples_validate_as_cobro_judges_them() -> None:
    doc = _document()
    examples = ROOT / "examples"
    listed = {p.name for p in examples.glob("*.json")}
    assert listed == set(EXAMPLES), f"an example without a schema here: {listed ^ set(EXAMPLES)}"
    bodies: List[Tuple[str, str, bytes]] = [(n, s, (examples / n).read_bytes()) for n, s in EXAMPLES.items()]
    for i, line in enumerate((examples / "payins.jsonl").read_bytes().splitlines()):
        bodies.append((f"payins.jsonl line {i + 1}", "payin", line))
    for name, described, raw in bodies:
        instance = json.loads(raw)
        if described in REQUESTS:
            expected = cobro.validate(described, raw).valid
            component = REQUESTS[described]
        else:
            expected = True
            component = described
        assert _validator(doc, component).is_valid(instance) == expected, name


if __name__ == "__main__":
    print(json.dumps(judge_vectors(), indent=1))


# ---- the mock answers as the document says ---------------------------------------------

def _answer_schema(doc: Any, path: str, status: int) -> str:
    """The component the document gives for the answer of `path` with `status`."""
    responses = doc["paths"][path]["post"]["responses"]
    response = responses.get(str(status), responses["default"])
    ref: str = response["content"]["application/json"]["schema"]["$ref"]
    return ref.rsplit("/", 1)[1]


def _notification_schema(doc: Any, name: str) -> str:
    ref: str = doc["webhooks"][name]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return ref.rsplit("/", 1)[1]


def test_the_mock_answers_and_notifies_as_the_document_says(mock: Any, webhook: Webhook) -> None:  # noqa: F811
    """The answers of the four operations (created, refused, a conflict) validate
    against the response the document gives for their status, and the three
    notifications against their webhooks' schemas."""
    doc = _document()
    answers: List[Tuple[str, cobro.PreparedRequest]] = [
        ("created", cobro.prepare_virtual_account(example("virtual-account-pe.json"), api_key=mock.api_key, secret=VA_SECRET, deposit_mode="OWNER")),
        ("a second account", cobro.prepare_virtual_account(example("virtual-account-pe.json"), api_key=mock.api_key, secret=VA_SECRET, deposit_mode="OWNER")),
        ("wrong secret", cobro.prepare_virtual_account(example("virtual-account-pe.json"), api_key=mock.api_key, secret=WRONG_KEY, deposit_mode="ANY")),
        ("created", cobro.prepare_subscription(example("subscription-recurrent.json"), key=PAYIN_KEY)),
        ("wrong key", cobro.prepare_subscription(example("subscription-recurrent.json"), key=WRONG_KEY)),
        ("created", cobro.prepare_payin(example("payin-pe-banktransfer-unsigned.json"), key=PAYIN_KEY)),
        ("repeated", cobro.prepare_payin(example("payin-pe-banktransfer-unsigned.json"), key=PAYIN_KEY)),
        ("wrong key", cobro.prepare_payin(example("payin-pe-banktransfer-unsigned.json"), key=WRONG_KEY)),
    ]
    statuses = set()
    created: Dict[str, Any] = {}
    for what, request in answers:
        status, body = send(mock, request)
        statuses.add(status)
        component = _answer_schema(doc, request.path, status)
        answer = json.loads(body)
        errors = [e.message for e in _validator(doc, component).iter_errors(answer)][:3]
        assert not errors, f"{request.path} {what}: {status} against {component}: {errors}"
        if what == "created":
            created[request.path] = answer
    assert {200, 401, 409} <= statuses

    account = created["/merchant-payin-accounts/v1/accounts"]["id"]
    subscription = created["/api/v1/subscription"]["subscriptionId"]
    triggers = [
        ("payinNotification", "/_mock/payins/ORDER-0001/pay", None),
        ("subscriptionWebhook", f"/_mock/subscriptions/{subscription}/authorize", None),
        ("depositNotification", f"/_mock/virtual-accounts/{account}/deposit", {"amount": "200", "currency": "PEN"}),
    ]
    for name, path, payload in triggers:
        status, reply = control(mock, path, payload)
        assert status == 200, (path, reply)
        notification = json.loads(webhook.next())
        component = _notification_schema(doc, name)
        errors = [e.message for e in _validator(doc, component).iter_errors(notification)][:3]
        assert not errors, f"{name} against {component}: {errors}"
