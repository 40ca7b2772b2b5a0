"""The payloads of the Rust benchmark (benches/src/lib.rs), rebuilt in Python.

Valid bodies are the repository's examples/; invalid ones are the same bodies with the
same edits as lib.rs, so the Rust and Python tables measure the same bytes. Each
invalid payload also says how many problems its edits plant (the "all errors found"
bar compares every tool's count with it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"

# Spec 2.3: a cancellation (no example file exists for it); the same text as lib.rs.
SUBSCRIPTION_CANCEL = """{
  "merchantId": 1234,
  "subscriptionDetails": {
    "type": "RECURRENT",
    "customerId": "987654321",
    "processorCode": "Wallet_on_file"
  }
}
"""


@dataclass(frozen=True)
class Payload:
    name: str  # the criterion group name of the Rust benchmark, e.g. payin_valid
    kind: str  # the cobro kind: virtual-account, subscription, subscription-cancel, payin
    text: str
    valid: bool
    planted: int  # problems the edits plant (0 for a valid body)

    @property
    def data(self) -> bytes:
        return self.text.encode("utf-8")


def _read(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def _edited(text: str, edits: list[tuple[str, str]]) -> str:
    """`text` with each (from, to) replaced once; an edit that misses is an error, so
    an invalid payload never turns valid silently (as in lib.rs)."""
    for old, new in edits:
        if old not in text:
            raise ValueError(f"edit not applied: {old!r}")
        text = text.replace(old, new, 1)
    return text


def payloads() -> list[Payload]:
    payin = _read("payin-pe-banktransfer.json")
    subscription = _read("subscription-recurrent.json")
    return [
        Payload("virtual_account_valid", "virtual-account", _read("virtual-account-pe.json"), True, 0),
        # document number with a hyphen, firstName missing for a PERSON, e-mail without
        # '@', a CCI account name without the dot.
        Payload("virtual_account_invalid", "virtual-account", _read("virtual-account-invalid.json"), False, 4),
        Payload("subscription_valid", "subscription", subscription, True, 0),
        Payload(
            "subscription_invalid",
            "subscription",
            _edited(subscription, [('"MOBILE"', '"TABLET"'), ('"1"', '"monthly"'), ("49.90", "49.999")]),
            False,
            3,
        ),
        Payload("subscription_cancel_valid", "subscription-cancel", SUBSCRIPTION_CANCEL, True, 0),
        Payload(
            "subscription_cancel_invalid",
            "subscription-cancel",
            _edited(SUBSCRIPTION_CANCEL, [('"RECURRENT"', '"WEEKLY"'), ('"987654321"', '""')]),
            False,
            2,
        ),
        Payload("payin_valid", "payin", payin, True, 0),
        Payload(
            "payin_invalid",
            "payin",
            _edited(
                payin,
                [
                    ('"ana.perez@example.com"', '"ana.perez(at)example.com"'),
                    ('"payinCustomerPhone": "987654321"', '"payinCustomerPhone": "98765"'),
                    ("https://shop.example.com/checkout/ok", "http://shop.example.com/checkout/ok"),
                    ('"150.50",', '"150.505",'),
                ],
            ),
            False,
            4,
        ),
    ]


KINDS = ("virtual-account", "subscription", "subscription-cancel", "payin")
