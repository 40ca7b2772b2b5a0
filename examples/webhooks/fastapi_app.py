"""A notification endpoint in FastAPI, with cobro: one path per kind of notification.

    COBRO_PAYIN_KEY=... COBRO_ALLOW_LIST=... COBRO_STATUS_URL=http://127.0.0.1:12111 uvicorn fastapi_app:app --port 8000

Each delivery is judged by ``cobro.receive_notification`` on the raw body and answered
at once with the receipt's status; the receipt's ``action`` says what to do then. A
pay-in notification's state is not signed, so the pay-in status query is asked for the
state (a background task, after answering) and its answer is what the order records;
the goods are released only when it says paid."""

from __future__ import annotations

import json
import logging
import os
import threading
import urllib.request
from typing import Any, Dict, Optional, Set

from fastapi import BackgroundTasks, FastAPI, HTTPException, Request, Response

import cobro

KEY = cobro.Secret(os.environ["COBRO_PAYIN_KEY"])  # the pay-in key: never in code
MERCHANT_ID = os.environ.get("COBRO_MERCHANT_ID", "1234")
# The base URL of the provider's status query (cobro mock serves it on its own address).
STATUS_URL = os.environ.get("COBRO_STATUS_URL", "http://127.0.0.1:12111")
# The provider's addresses: all that vouches for subscription webhooks and deposits.
ALLOW_LIST = os.environ["COBRO_ALLOW_LIST"].split(",") if os.environ.get("COBRO_ALLOW_LIST") else None
# Development with cobro mock only: anyone who reaches the endpoint could credit a deposit.
TRUST_UNSIGNED = os.environ.get("COBRO_TRUST_UNSIGNED") == "1"
# The most a body is read to: cobro reads a notification under 1 MiB, and a stranger's
# endless body is refused (413) there rather than held in memory whole.
MAX_BODY = 1 << 20
KINDS = {"payin": "payin-notification", "subscription": "subscription-webhook", "deposit": "deposit-notification"}

# Where the merchant's database goes: orders by operation number (created at checkout),
# and the unsigned events acted on.
ORDERS: Dict[str, Dict[str, Any]] = {}
SEEN: Set[str] = set()
# Orders whose status query is under way, each with whether one more is wanted after it.
ASKING: Dict[str, bool] = {}
LOCK = threading.Lock()
log = logging.getLogger("webhooks")

app = FastAPI()


def ship(order: Dict[str, Any]) -> None:
    """Releases the goods: the one action that must never happen twice."""
    order["shipped"] += 1


def order_of(payin: Any) -> Optional[Dict[str, Any]]:
    """The order a pay-in notification is about, when its operation number, amount and
    currency are the order's: the signature joins them with no separator, so a signed
    text cut at other edges could name another order."""
    order = ORDERS.get(payin.payin_merchant_operation_number)
    if order is None or (order["amount"], order["currency"]) != (payin.payin_amount_two_decimals, payin.payin_currency):
        return None
    return order


def stored_state(raw: bytes) -> Optional[int]:
    """The state recorded for the order a pay-in body names, read before the body is
    verified only to find its row."""
    try:
        order = ORDERS.get(cobro.parse_payin_notification(raw).payin_merchant_operation_number)
    except cobro.ParseError:
        return None
    return order["state"] if order else None


def confirm(number: str) -> None:
    """Asks the provider for the pay-in's state and records its answer: the
    notification's signature does not cover the state it announced. One query per
    order at a time: a notification that comes meanwhile asks for one more after it, so
    a flood of replays costs one query at a time, and an older answer never lands after
    a newer one."""
    with LOCK:
        if number in ASKING:
            ASKING[number] = True
            return
        ASKING[number] = False
    try:
        while True:
            ask(number)
            with LOCK:
                if not ASKING[number]:
                    del ASKING[number]
                    return
                ASKING[number] = False
    except BaseException:
        with LOCK:
            ASKING.pop(number, None)
        raise


def ask(number: str) -> None:
    """One status query for the pay-in, and its answer recorded."""
    query = cobro.prepare_payin_status(merchant_id=MERCHANT_ID, key=KEY, operation_number=number)
    sent = urllib.request.Request(STATUS_URL + query.path, data=query.content, headers=query.headers, method=query.method)
    with urllib.request.urlopen(sent, timeout=10) as answer:
        status = cobro.parse_payin_status(answer.read(MAX_BODY))
    for operation in status.operations:
        if operation.payin_merchant_operation_number != number:
            continue
        with LOCK:
            order = ORDERS[number]
            order["state"] = operation.payin_state_id  # the provider's record
            if operation.state is not None and operation.state.paid and order["shipped"] == 0:
                ship(order)


async def body_of(request: Request) -> bytes:
    """The request's bytes, at most ``MAX_BODY`` of them, or 413 (uvicorn sets no
    limit of its own)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise HTTPException(413)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise HTTPException(413)
    return bytes(raw)


@app.post("/webhooks/{path_kind}")
async def webhook(path_kind: str, request: Request, background: BackgroundTasks) -> Response:
    kind = KINDS.get(path_kind)
    if kind is None:
        raise HTTPException(404)
    raw = await body_of(request)  # the bytes the signature covers, not a re-serialised body
    with LOCK:
        receipt = cobro.receive_notification(
            kind,
            raw,
            key=KEY,
            # None when the server could not tell (a reset connection, a Unix socket):
            # refused when ALLOW_LIST is given.
            peer=request.client.host if request.client else None,
            allow_list=ALLOW_LIST,
            stored_state=stored_state(raw) if kind == "payin-notification" else None,
            merchant_id=MERCHANT_ID,
            trust_unsigned=TRUST_UNSIGNED,
        )
        if receipt.action == "act" and receipt.idempotency_key not in SEEN:
            SEEN.add(receipt.idempotency_key)  # record the subscription or credit the deposit here
        elif receipt.action == "confirm" and receipt.payin is not None:
            if order_of(receipt.payin) is None:
                log.warning("a pay-in notification that matches no order: nothing done")
            else:
                background.add_task(confirm, receipt.payin.payin_merchant_operation_number)
    return Response(status_code=receipt.http_status)


@app.put("/orders/{number}")
async def create_order(number: str, request: Request) -> Dict[str, Any]:
    """The checkout's step: the order a pay-in is created for, with its amount and
    currency (a real shop writes it when it creates the pay-in)."""
    try:
        given = json.loads(await body_of(request))
        amount = str(cobro.Amount(str(given["amount"])))
        currency = str(given["currency"])
    except (KeyError, TypeError, ValueError, RecursionError):  # RecursionError: nesting too deep
        raise HTTPException(400) from None
    with LOCK:
        order = ORDERS.setdefault(number, {"amount": amount, "currency": currency, "state": None, "shipped": 0})
        return dict(order)


@app.get("/orders/{number}")
def order(number: str) -> Dict[str, Any]:
    with LOCK:
        if number not in ORDERS:
            raise HTTPException(404)
        return dict(ORDERS[number])
