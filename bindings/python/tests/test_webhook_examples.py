"""The FastAPI and Flask receivers of ``examples/webhooks`` driven by ``cobro.mock``'s
notifications, faults included: each example served on a local port as the mock's
webhook, the mock's status query as the one the example confirms paid states with.
What is asserted is what a merchant needs: the goods are released once, only after the
status query confirmed the payment; a duplicate changes nothing; a wrong signature is
refused 401; a late older state does not move an order back.

Every key here is a fake one of ``examples/README.md``."""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

import pytest

import cobro
import cobro.mock

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
PAYIN_KEY = "fake-payin-key-for-examples"
VA_SECRET = "fake-va-secret-for-examples"
ORDER = "ORDER-0001"  # the operation number of the example pay-in
WAIT_SECONDS = 5


class Served:
    """An example app on a local port, with the mock that notifies it."""

    def __init__(self, url: str, mock: cobro.mock.MockServer) -> None:
        self.url = url
        self.mock = mock

    def order(self, number: str = ORDER) -> Tuple[int, Optional[Dict[str, Any]]]:
        try:
            with urllib.request.urlopen(f"{self.url}/orders/{number}", timeout=WAIT_SECONDS) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, None

    def post(self, path: str, body: bytes) -> int:
        sent = urllib.request.Request(self.url + path, data=body, method="POST")
        try:
            with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
                return int(answer.status)
        except urllib.error.HTTPError as refused:
            return refused.code

    def control(self, action: str, faults: Optional[Dict[str, Any]] = None) -> None:
        sent = urllib.request.Request(
            f"{self.mock.url}/_mock/payins/{ORDER}/{action}",
            data=json.dumps(faults or {}).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            assert answer.status == 200

    def create_payin(self) -> None:
        request = cobro.prepare_payin((EXAMPLES / "payin-pe-banktransfer-unsigned.json").read_bytes(), key=PAYIN_KEY)
        sent = urllib.request.Request(
            self.mock.url + request.path, data=request.content, headers=request.headers, method=request.method
        )
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            assert cobro.parse_payin_response(answer.read()).success

    def send(self, request: cobro.PreparedRequest) -> Any:
        """Sends a prepared request to the mock: the answer's JSON."""
        sent = urllib.request.Request(
            self.mock.url + request.path, data=request.content, headers=request.headers, method=request.method
        )
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            return json.loads(answer.read())

    def mock_control(self, path: str, body: Dict[str, Any]) -> None:
        sent = urllib.request.Request(
            self.mock.url + path,
            data=json.dumps(body).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            assert answer.status == 200

    def events(self) -> List[Dict[str, Any]]:
        with urllib.request.urlopen(self.mock.url + "/_mock/events", timeout=WAIT_SECONDS) as answer:
            events: List[Dict[str, Any]] = json.loads(answer.read())["events"]
            return events

    def deliveries(self, kind: str = "payin") -> List[int]:
        """The webhook's answers to the mock's notifications of ``kind``, in order."""
        events = self.events()
        return [e["status"] for e in events if e["kind"] == "delivery" and e["what"] == kind and e["status"] is not None]

    def status_queries(self) -> int:
        return sum(1 for e in self.events() if e["kind"] == "request" and "/ms-experience-payin/" in e["what"])


def until(what: Callable[[], Any]) -> Any:
    """``what()`` once it is true, within a few seconds."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not (value := what()):
        assert time.monotonic() < deadline, "not within 5 s"
        time.sleep(0.02)
    return value


def load(name: str) -> Any:
    """The example module, fresh: its in-memory store starts empty."""
    spec = importlib.util.spec_from_file_location(f"{name}_under_test", EXAMPLES / "webhooks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def serve(name: str, app: Any, listener: socket.socket) -> Callable[[], None]:
    """Serves ``app`` on ``listener`` in a thread; returns how to stop it."""
    if name == "fastapi_app":
        import uvicorn

        server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
        thread.start()
        until(lambda: server.started)

        def stop() -> None:
            server.should_exit = True
            thread.join(WAIT_SECONDS)

        return stop
    from werkzeug.serving import make_server

    wsgi = make_server("127.0.0.1", 0, app, threaded=True, fd=listener.fileno())
    thread = threading.Thread(target=wsgi.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()

    def stop_wsgi() -> None:
        wsgi.shutdown()
        wsgi.server_close()
        thread.join(WAIT_SECONDS)

    return stop_wsgi


@pytest.fixture(params=["fastapi_app", "flask_app"])
def served(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    listener = socket.create_server(("127.0.0.1", 0))
    url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    mock = cobro.mock.start(
        merchant_id=1234,
        payin_key=PAYIN_KEY,
        va_secret=VA_SECRET,
        webhook_url=f"{url}/webhooks/payin",
        subscription_webhook_url=f"{url}/webhooks/subscription",
        deposit_webhook_url=f"{url}/webhooks/deposit",
    )
    monkeypatch.setenv("COBRO_PAYIN_KEY", PAYIN_KEY)
    monkeypatch.setenv("COBRO_STATUS_URL", mock.url)
    stop = serve(request.param, load(request.param).app, listener)
    try:
        yield Served(url, mock)
    finally:
        mock.stop()  # first: it sends what it still holds to the app
        stop()
        listener.close()


def test_a_duplicate_paid_notification_ships_once_after_the_status_query(served: Served) -> None:
    served.create_payin()
    served.control("pay", {"duplicate": True})
    assert until(lambda: len(served.deliveries()) == 2 and served.deliveries()) == [200, 200]
    assert until(lambda: served.order()[1]) == {"state": 5, "shipped": 1}
    assert served.status_queries() >= 1  # the payment was confirmed with the mock
    time.sleep(0.2)  # a second confirmation, were one under way, would have shipped by now
    assert served.order()[1] == {"state": 5, "shipped": 1}


def test_a_wrong_signature_is_refused_and_ships_nothing(served: Served) -> None:
    served.create_payin()
    served.control("pay", {"wrong_signature": True})
    assert until(served.deliveries)[0] == 401
    assert served.order() == (404, None)
    assert served.status_queries() == 0


def test_a_late_paid_after_a_refund_does_not_move_the_order_back(served: Served) -> None:
    served.create_payin()
    served.control("pay", {"out_of_order": True})  # held back, sent after the refund
    served.control("refund")
    assert until(lambda: len(served.deliveries()) == 2 and served.deliveries()) == [200, 200]
    until(lambda: served.status_queries() == 1)  # the late paid state, asked about: refunded
    time.sleep(0.1)
    assert served.order()[1] == {"state": 10, "shipped": 0}


def test_a_delayed_notification_ships_once_it_arrives(served: Served) -> None:
    served.create_payin()
    served.control("pay", {"delay_ms": 300})
    assert served.order() == (404, None)
    assert until(lambda: served.order()[1]) == {"state": 5, "shipped": 1}


def test_an_authentic_paid_notification_replayed_early_ships_only_when_the_status_query_agrees(
    served: Served,
) -> None:
    """The signature does not cover the state: the example notification of ORDER-0001
    (state 5, authentic) arrives before the pay-in is paid. The status query says it is
    not, so nothing ships; the real one later does."""
    served.create_payin()
    replay = (EXAMPLES / "notification-payin.json").read_bytes()
    assert served.post("/webhooks/payin", replay) == 200
    order = until(lambda: served.order()[1])
    assert order["shipped"] == 0 and not cobro.payin_state(order["state"]).paid
    served.control("pay")
    assert until(lambda: served.order()[1]["shipped"]) == 1
    assert served.order()[1] == {"state": 5, "shipped": 1}
    assert served.status_queries() == 2


def test_a_replay_swapped_to_denied_is_replaced_by_the_providers_record(served: Served) -> None:
    """The example notification of ORDER-0001 replayed with its state swapped to denied
    (6) still verifies, and is stored; the real payment then ships, after the status
    query, and the order's record is the provider's: paid, not denied."""
    served.create_payin()
    swapped = (EXAMPLES / "notification-payin.json").read_bytes().replace(b'"payinStateID": "5"', b'"payinStateID": "6"')
    assert b'"payinStateID": "6"' in swapped
    assert served.post("/webhooks/payin", swapped) == 200
    assert until(lambda: served.order()[1]) == {"state": 6, "shipped": 0}
    served.control("pay")
    assert until(lambda: served.order()[1]["shipped"]) == 1
    assert served.order()[1] == {"state": 5, "shipped": 1}


def test_unsigned_kinds_from_the_mock_reach_their_paths_and_are_answered_200(served: Served) -> None:
    """Subscription webhooks and deposit notifications carry no signature: the mock sends
    each to its kind's path (a subscription authorized, a deposit made, each twice), and
    the example answers 200 to both copies; junk on any path is refused."""
    created = cobro.parse_subscription_response(
        served.send(cobro.prepare_subscription((EXAMPLES / "subscription-recurrent.json").read_bytes(), key=PAYIN_KEY))
    )
    served.mock_control(f"/_mock/subscriptions/{created.subscription_id}/authorize", {"duplicate": True})
    account = cobro.parse_virtual_account_response(
        served.send(
            cobro.prepare_virtual_account(
                (EXAMPLES / "virtual-account-pe.json").read_bytes(),
                api_key=served.mock.api_key,
                secret=VA_SECRET,
                deposit_mode="OWNER",
            )
        )
    )
    served.mock_control(
        f"/_mock/virtual-accounts/{account.id}/deposit", {"amount": "200", "currency": "PEN", "duplicate": True}
    )
    for kind in ("subscription", "deposit"):
        assert until(lambda: len(served.deliveries(kind)) == 2 and served.deliveries(kind)) == [200, 200], kind
    assert served.post("/webhooks/payin", b"payinStateID=5") == 400
    assert served.post("/webhooks/deposit", b"{}") == 400
    assert served.post("/webhooks/other", b"{}") == 404


def test_cobro_check_webhook_passes_the_example(served: Served) -> None:
    """`cobro check-webhook`, each kind to its path: every case right but the
    state-swapped replay, which no answer can show; and nothing ships for the check's
    operation, which the status query does not know."""
    command = os.environ.get("COBRO_BIN")
    if command is None:
        pytest.skip("no cobro command: set COBRO_BIN (scripts/test does)")
    hooks = f"{served.url}/webhooks"
    out = subprocess.run(
        [command, "check-webhook", f"{hooks}/payin", "--subscription-webhook-url", f"{hooks}/subscription"]
        + ["--deposit-webhook-url", f"{hooks}/deposit"],
        env={**os.environ, "COBRO_PAYIN_KEY": PAYIN_KEY},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = out.stdout.splitlines()
    assert out.returncode == 0, out.stdout + out.stderr
    assert sum(line.startswith("ok   ") for line in lines) == 9, out.stdout
    [unknown] = [line for line in lines if line.startswith("??")]
    assert "state-swapped replay" in unknown and "status query" in unknown, out.stdout
    assert lines[-1] == "the endpoint passed: it answers as a careful receiver does"
    assert PAYIN_KEY not in out.stdout + out.stderr
    # The three paid cases (authentic, duplicate, extra field) are each asked about; the
    # last answer is acted on before the order is read.
    until(lambda: served.status_queries() == 3)
    time.sleep(0.2)
    status, order = served.order("COBRO-CHECK-1")
    assert status == 404 or (order is not None and order["shipped"] == 0), order
