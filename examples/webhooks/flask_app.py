"""A notification endpoint in Flask, with cobro: one path per kind of notification.

    COBRO_PAYIN_KEY=... COBRO_STATUS_URL=http://127.0.0.1:12111 flask --app flask_app run --port 8000

Each delivery is judged by ``cobro.receive_notification`` on the raw body and answered
at once with the receipt's status; a paid state is confirmed with the pay-in status
query once the answer is sent (``call_on_close``; a real shop hands it to its job
queue) and only then are the goods released."""

from __future__ import annotations

import os
import threading
import urllib.request
from typing import Any, Dict, Optional, Set

from flask import Flask, Response, abort, request

import cobro

KEY = cobro.Secret(os.environ["COBRO_PAYIN_KEY"])  # the pay-in key: never in code
MERCHANT_ID = os.environ.get("COBRO_MERCHANT_ID", "1234")
# The base URL of the provider's status query (cobro mock serves it on its own address).
STATUS_URL = os.environ.get("COBRO_STATUS_URL", "http://127.0.0.1:12111")
# The provider's addresses: subscription webhooks and deposits carry no signature.
ALLOW_LIST = os.environ["COBRO_ALLOW_LIST"].split(",") if os.environ.get("COBRO_ALLOW_LIST") else None
KINDS = {"payin": "payin-notification", "subscription": "subscription-webhook", "deposit": "deposit-notification"}

# Where the merchant's database goes: events acted on, and orders by operation number.
SEEN: Set[str] = set()
ORDERS: Dict[str, Dict[str, Any]] = {}
LOCK = threading.Lock()

app = Flask(__name__)


def ship(order: Dict[str, Any]) -> None:
    """Releases the goods: the one action that must never happen twice."""
    order["shipped"] += 1


def row(number: str) -> Dict[str, Any]:
    """The order of operation ``number`` (created with the pay-in in a real shop)."""
    return ORDERS.setdefault(number, {"state": None, "shipped": 0})


def stored_state(raw: bytes) -> Optional[int]:
    """The stored state of the order a pay-in body names, read before the body is
    verified only to find its row."""
    try:
        number = cobro.parse_payin_notification(raw).payin_merchant_operation_number
    except cobro.ParseError:
        return None
    return ORDERS[number]["state"] if number in ORDERS else None


def confirm_paid(number: str, key: str) -> None:
    """Asks the provider for the pay-in's state before releasing the goods: the
    notification's signature does not cover its state."""
    query = cobro.prepare_payin_status(merchant_id=MERCHANT_ID, key=KEY, operation_number=number)
    sent = urllib.request.Request(STATUS_URL + query.path, data=query.content, headers=query.headers, method=query.method)
    with urllib.request.urlopen(sent, timeout=10) as answer:
        status = cobro.parse_payin_status(answer.read())
    for operation in status.operations:
        if operation.payin_merchant_operation_number != number:
            continue
        with LOCK:
            order = row(number)
            # The provider's answer is its record: it replaces the stored state, which may
            # come from a replayed notification with a swapped state.
            order["state"] = operation.payin_state_id
            if operation.state is not None and operation.state.paid:
                if order["shipped"] == 0:
                    ship(order)
                SEEN.add(key)


@app.post("/webhooks/<path_kind>")
def webhook(path_kind: str) -> Response:
    kind = KINDS.get(path_kind)
    if kind is None:
        abort(404)
    raw = request.get_data()  # the bytes the signature covers, not a re-serialised body
    response = Response(status=200)
    with LOCK:
        receipt = cobro.receive_notification(
            kind,
            raw,
            key=KEY,
            peer=request.remote_addr,
            allow_list=ALLOW_LIST,
            stored_state=stored_state(raw) if kind == "payin-notification" else None,
            merchant_id=MERCHANT_ID,
        )
        response.status_code = receipt.http_status
        key = receipt.idempotency_key
        # Refused or a duplicate: answer, do nothing. A paid state is confirmed even when it
        # looks late: the stored state may come from a replayed notification (the state is
        # not signed), and the provider's answer decides.
        late = receipt.moves_forward is False and not receipt.confirm_with_status_query
        if receipt.verdict == "refused" or key in SEEN or late:
            return response
        if receipt.payin is None:
            SEEN.add(key)  # act on the subscription or deposit here (trust it as far as ALLOW_LIST)
        elif receipt.confirm_with_status_query:
            number = receipt.payin.payin_merchant_operation_number
            response.call_on_close(lambda: confirm_paid(number, key))
        else:
            row(receipt.payin.payin_merchant_operation_number)["state"] = receipt.payin.payin_state_id
            SEEN.add(key)
    return response


@app.get("/orders/<number>")
def order(number: str) -> Dict[str, Any]:
    with LOCK:
        if number not in ORDERS:
            abort(404)
        return dict(ORDERS[number])
