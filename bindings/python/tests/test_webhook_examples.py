"""The FastAPI and Flask receivers of ``examples/webhooks`` driven by ``cobro.mock``'s
notifications, faults included: each example served on a local port as the mock's
webhook, the mock's status query as the one the example confirms paid states with.
What is asserted is what a merchant needs: the goods are released once, only after the
status query confirmed the payment; a duplicate changes nothing; a wrong signature is
refused 401; a late older state does not move an order back; after any replays, the
order's state is the provider's once the genuine notifications have come; an unsigned
notification is acted on only from an allowed address (or when trusted outright), and
an unknown peer is refused.

Every key here is a fake one of ``examples/README.md``."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import socket
import struct
import subprocess
import threading
import time
import types
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

    def __init__(self, url: str, mock: cobro.mock.MockServer, module: Any) -> None:
        self.url = url
        self.mock = mock
        self.module = module

    def order(self, number: str = ORDER) -> Tuple[int, Optional[Dict[str, Any]]]:
        """The order's state and how often it shipped (its amount and currency are the
        checkout's)."""
        try:
            with urllib.request.urlopen(f"{self.url}/orders/{number}", timeout=WAIT_SECONDS) as answer:
                order = json.loads(answer.read())
                return answer.status, {"state": order["state"], "shipped": order["shipped"]}
        except urllib.error.HTTPError as refused:
            return refused.code, None

    def checkout(self, number: str = ORDER, amount: str = "150.50", currency: str = "PEN") -> None:
        """The order the pay-in is created for, as the shop writes it at checkout."""
        sent = urllib.request.Request(
            f"{self.url}/orders/{number}",
            data=json.dumps({"amount": amount, "currency": currency}).encode(),
            method="PUT",
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            assert answer.status == 200

    def provider_state(self, number: str = ORDER) -> int:
        """The mock's record of the pay-in, by its status query."""
        status = cobro.parse_payin_status(
            self.send_raw(cobro.prepare_payin_status(merchant_id="1234", key=PAYIN_KEY, operation_number=number))
        )
        [operation] = [o for o in status.operations if o.payin_merchant_operation_number == number]
        return int(operation.payin_state_id)

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
        """The checkout: the order, then its pay-in at the mock."""
        self.checkout()
        request = cobro.prepare_payin((EXAMPLES / "payin-pe-banktransfer-unsigned.json").read_bytes(), key=PAYIN_KEY)
        assert cobro.parse_payin_response(self.send_raw(request)).success

    def send_raw(self, request: cobro.PreparedRequest) -> bytes:
        """Sends a prepared request to the mock: the answer's bytes."""
        sent = urllib.request.Request(
            self.mock.url + request.path, data=request.content, headers=request.headers, method=request.method
        )
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            body: bytes = answer.read()
            return body

    def send(self, request: cobro.PreparedRequest) -> Any:
        """Sends a prepared request to the mock: the answer's JSON."""
        return json.loads(self.send_raw(request))

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


@contextlib.contextmanager
def started(
    name: str, monkeypatch: pytest.MonkeyPatch, loader: Optional[Callable[[], Any]] = None, **env: str
) -> Iterator[Served]:
    """The example ``name`` (or the module ``loader`` makes, served as ``name`` is)
    served with the environment ``env`` (beside the key and the status URL), as the
    webhook of a mock started for it."""
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
    for variable in ("COBRO_ALLOW_LIST", "COBRO_TRUST_UNSIGNED"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in env.items():
        monkeypatch.setenv(variable, value)
    module = loader() if loader is not None else load(name)
    stop = serve(name, module.app, listener)
    try:
        yield Served(url, mock, module)
    finally:
        mock.stop()  # first: it sends what it still holds to the app
        stop()
        listener.close()


EXAMPLE_NAMES = ["fastapi_app", "flask_app"]


@pytest.fixture(params=EXAMPLE_NAMES)
def served(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    """An example whose allow-list holds the mock's address, as a merchant's holds the
    provider's."""
    with started(request.param, monkeypatch, COBRO_ALLOW_LIST="127.0.0.1") as served:
        yield served


def test_a_duplicate_paid_notification_ships_once_after_the_status_query(served: Served) -> None:
    served.create_payin()
    served.control("pay", {"duplicate": True})
    assert until(lambda: len(served.deliveries()) == 2 and served.deliveries()) == [200, 200]
    assert until(lambda: served.order()[1]["shipped"]) == 1
    assert served.order()[1] == {"state": 5, "shipped": 1}
    assert served.status_queries() >= 1  # the payment was confirmed with the mock
    time.sleep(0.2)  # a second confirmation, were one under way, would have shipped by now
    assert served.order()[1] == {"state": 5, "shipped": 1}


def test_a_wrong_signature_is_refused_and_ships_nothing(served: Served) -> None:
    served.create_payin()
    served.control("pay", {"wrong_signature": True})
    assert until(served.deliveries)[0] == 401
    assert served.order()[1] == {"state": None, "shipped": 0}
    assert served.status_queries() == 0


def test_a_late_paid_after_a_refund_does_not_move_the_order_back(served: Served) -> None:
    served.create_payin()
    served.control("pay", {"out_of_order": True})  # held back, sent after the refund
    served.control("refund")
    assert until(lambda: len(served.deliveries()) == 2 and served.deliveries()) == [200, 200]
    until(lambda: served.status_queries() == 2)  # each state, asked about: refunded
    time.sleep(0.1)
    assert served.order()[1] == {"state": 10, "shipped": 0}


def test_a_delayed_notification_ships_once_it_arrives(served: Served) -> None:
    served.create_payin()
    served.control("pay", {"delay_ms": 300})
    assert served.order()[1] == {"state": None, "shipped": 0}
    assert until(lambda: served.order()[1]["shipped"]) == 1
    assert served.order()[1] == {"state": 5, "shipped": 1}


def test_an_authentic_paid_notification_replayed_early_ships_only_when_the_status_query_agrees(
    served: Served,
) -> None:
    """The signature does not cover the state: the example notification of ORDER-0001
    (state 5, authentic) arrives before the pay-in is paid. The status query says it is
    not, so nothing ships; the real one later does."""
    served.create_payin()
    replay = (EXAMPLES / "notification-payin.json").read_bytes()
    assert served.post("/webhooks/payin", replay) == 200
    until(lambda: served.status_queries() == 1)
    order = until(lambda: served.order()[1]["state"] is not None and served.order()[1])
    assert order == {"state": served.provider_state(), "shipped": 0}
    assert not cobro.payin_state(order["state"]).paid
    served.control("pay")
    assert until(lambda: served.order()[1]["shipped"]) == 1
    assert served.order()[1] == {"state": 5, "shipped": 1}
    assert served.status_queries() == 3  # the replay's, the payment's, and this test's own


def test_a_replay_swapped_to_denied_records_the_providers_state_not_the_replays(served: Served) -> None:
    """The example notification of ORDER-0001 replayed with its state swapped to denied
    (6) still verifies; the example asks the provider and records its answer (pending),
    not the replay's state; the real payment then ships."""
    served.create_payin()
    assert served.post("/webhooks/payin", swapped(6)) == 200
    until(lambda: served.status_queries() == 1)
    until(lambda: served.order()[1]["state"] is not None)
    assert served.order()[1] == {"state": served.provider_state(), "shipped": 0}
    assert served.order()[1]["state"] != 6
    served.control("pay")
    assert until(lambda: served.order()[1]["shipped"]) == 1
    assert served.order()[1] == {"state": 5, "shipped": 1}


def test_after_replays_the_order_ends_in_the_providers_state(served: Served) -> None:
    """Paid, then the paid notification replayed with its state swapped to settled (9)
    before the provider settles, then the real settlement and refund: every genuine
    notification still moves the order, which ends where the provider's record is."""
    served.create_payin()
    served.control("pay")
    assert until(lambda: served.order()[1]["shipped"]) == 1
    assert served.post("/webhooks/payin", swapped(9)) == 200
    until(lambda: served.status_queries() == 2)  # the replay, asked about: still paid
    served.control("settle")
    until(lambda: served.order()[1]["state"] == served.provider_state())
    served.control("refund")
    final = served.provider_state()
    assert final != 5 and final != 9
    assert until(lambda: served.order()[1]["state"] == final and served.order()[1]) == {"state": final, "shipped": 1}


def test_a_notification_for_another_amount_or_no_order_is_not_acted_on(served: Served) -> None:
    """The example notification of ORDER-0001 is authentic, but the order at checkout was
    for another amount (or there is no order): answered 200, nothing asked, nothing
    shipped."""
    replay = (EXAMPLES / "notification-payin.json").read_bytes()
    assert served.post("/webhooks/payin", replay) == 200  # no order yet
    served.checkout(amount="150.51")
    assert served.post("/webhooks/payin", replay) == 200
    time.sleep(0.2)
    assert served.status_queries() == 0
    assert served.order()[1] == {"state": None, "shipped": 0}


def test_unsigned_kinds_from_the_mock_reach_their_paths_and_are_acted_on_once(served: Served) -> None:
    """Subscription webhooks and deposit notifications carry no signature: the mock (an
    allowed address) sends each to its kind's path (a subscription authorized, a deposit
    made, each twice), the example answers 200 to both copies and records each once; junk
    on any path is refused."""
    unsigned_events(served)
    for kind in ("subscription", "deposit"):
        assert until(lambda: len(served.deliveries(kind)) == 2 and served.deliveries(kind)) == [200, 200], kind
    assert len(served.module.SEEN) == 2
    assert served.post("/webhooks/payin", b"payinStateID=5") == 400
    assert served.post("/webhooks/deposit", b"{}") == 400
    assert served.post("/webhooks/other", b"{}") == 404
    for inherited in ("constructor", "__proto__", "__class__", "get"):
        assert served.post(f"/webhooks/{inherited}", b"{}") == 404, inherited


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
@pytest.mark.parametrize(
    "env, answer",
    [({}, 403), ({"COBRO_ALLOW_LIST": "192.0.2.0/24"}, 403), ({"COBRO_TRUST_UNSIGNED": "1"}, 200)],
    ids=["no-allow-list", "not-on-the-allow-list", "trusted-outright"],
)
def test_unsigned_kinds_are_acted_on_only_from_an_allowed_peer_or_when_trusted(
    name: str, env: Dict[str, str], answer: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing vouches for an unsigned notification but its sender's address: without the
    mock's address on the allow-list it is refused 403 and nothing is recorded, unless
    the example is told to trust unsigned notifications (development only)."""
    with started(name, monkeypatch, **env) as served:
        unsigned_events(served)
        for kind in ("subscription", "deposit"):
            assert until(lambda: len(served.deliveries(kind)) == 2 and served.deliveries(kind)) == [answer] * 2, kind
        assert len(served.module.SEEN) == (2 if answer == 200 else 0)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_a_peer_the_server_cannot_name_is_refused_when_an_allow_list_is_given(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server could not tell who sent it (a reset connection, a Unix socket): with an
    allow-list, every kind is refused 403 and nothing is done. FastAPI sees no client in
    the ASGI scope; Flask an empty REMOTE_ADDR."""
    monkeypatch.setenv("COBRO_PAYIN_KEY", PAYIN_KEY)
    monkeypatch.setenv("COBRO_ALLOW_LIST", "127.0.0.1")
    module = load(name)
    bodies = {
        "payin": (EXAMPLES / "notification-payin.json").read_bytes(),
        "subscription": vector_body("a subscription webhook from an allowed peer"),
        "deposit": vector_body("a deposit notification is acted on when the caller trusts unsigned notifications"),
    }
    module.ORDERS[ORDER] = {"amount": "150.50", "currency": "PEN", "state": None, "shipped": 0}
    for path, body in bodies.items():
        assert post_without_peer(name, module.app, f"/webhooks/{path}", body) == 403, path
    assert module.SEEN == set() and module.ORDERS[ORDER]["state"] is None


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_a_connection_reset_after_the_request_is_not_acted_on(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The notification is written and the connection reset at once (SO_LINGER 0): the
    server reads the body from a peer that is gone. Whatever it made of it, nothing is
    recorded; the server still answers afterwards."""
    with started(name, monkeypatch, COBRO_ALLOW_LIST="192.0.2.1") as served:
        port = int(served.url.rsplit(":", 1)[1])
        body = vector_body("a deposit notification is acted on when the caller trusts unsigned notifications")
        for _ in range(20):
            reset_after_sending(port, "/webhooks/deposit", body)
        assert served.post("/webhooks/other", b"{}") == 404
        assert served.module.SEEN == set()


def vector_body(name: str) -> bytes:
    """The body of the receiver's shared vector ``name``."""
    cases = json.loads((ROOT / "tests" / "vectors" / "receive" / "receive.json").read_text())["cases"]
    [case] = [c for c in cases if c["name"] == name]
    return str(case["body_text"]).encode()


def swapped(state: int) -> bytes:
    """The example notification of ORDER-0001 (authentic) with another state: it still
    verifies, as the signature does not cover the state."""
    body = (EXAMPLES / "notification-payin.json").read_bytes().replace(b'"payinStateID": "5"', b'"payinStateID": "%d"' % state)
    assert b'"payinStateID": "%d"' % state in body
    return body


def unsigned_events(served: Served) -> None:
    """A subscription authorized and a deposit made at the mock, each notified twice."""
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


def post_without_peer(name: str, app: Any, path: str, body: bytes) -> int:
    """POSTs ``body`` to the app in-process, as its server does when it cannot name the
    peer."""
    if name == "flask_app":
        return int(app.test_client().post(path, data=body, environ_overrides={"REMOTE_ADDR": ""}).status_code)
    import asyncio

    sent: List[Dict[str, Any]] = []
    received = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive() -> Dict[str, Any]:
        return received.pop(0) if received else {"type": "http.disconnect"}

    async def send(message: Dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
        "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"",
        "headers": [(b"content-length", str(len(body)).encode())], "client": None, "server": ("127.0.0.1", 8000),
    }
    asyncio.run(app(scope, receive, send))
    return int(next(m["status"] for m in sent if m["type"] == "http.response.start"))


def reset_after_sending(port: int, path: str, body: bytes) -> None:
    """Writes a POST of ``body`` and resets the connection at once."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS)
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    connection.sendall(head.encode() + body)
    connection.close()


def check_webhook(served: Served, *extra: str) -> List[str]:
    """The lines of `cobro check-webhook` (the workspace's build), each kind to its path;
    it must pass."""
    command = os.environ.get("COBRO_BIN")
    if command is None:
        pytest.skip("no cobro command: set COBRO_BIN (scripts/test does)")
    hooks = f"{served.url}/webhooks"
    out = subprocess.run(
        [command, "check-webhook", f"{hooks}/payin", "--subscription-webhook-url", f"{hooks}/subscription"]
        + ["--deposit-webhook-url", f"{hooks}/deposit", *extra],
        env={**os.environ, "COBRO_PAYIN_KEY": PAYIN_KEY},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = out.stdout.splitlines()
    assert out.returncode == 0, out.stdout + out.stderr
    assert not [line for line in lines if line.startswith("FAIL")], out.stdout
    assert lines[-1] == "the endpoint passed: it answers as a careful receiver does"
    assert PAYIN_KEY not in out.stdout + out.stderr
    return lines


def test_cobro_check_webhook_passes_the_example(served: Served) -> None:
    """Every case right (forged and tampered notifications in every state, an empty and
    a missing signature among them) but the state-swapped replay, which no answer can
    show; and nothing is asked or shipped for the check's operation, which matches no
    order."""
    lines = check_webhook(served)
    assert sum(line.startswith("ok   ") for line in lines) == 25, "\n".join(lines)
    [unknown] = [line for line in lines if line.startswith("??")]
    assert "state-swapped replay" in unknown and "status query" in unknown, "\n".join(lines)
    time.sleep(0.2)
    assert served.status_queries() == 0
    assert served.order("COBRO-CHECK-1") == (404, None)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_cobro_check_webhook_outside_the_allow_list_is_refused_everything(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The example's allow-list holds another address than the checker's: every case of
    every kind is refused 403, and a deposit sent over a connection reset is not acted on
    (the check cannot see that; the example's records show it)."""
    with started(name, monkeypatch, COBRO_ALLOW_LIST="192.0.2.1") as served:
        lines = check_webhook(served, "--outside-allow-list")
        assert sum(line.startswith("ok   ") for line in lines) == 27, "\n".join(lines)
        [unknown] = [line for line in lines if line.startswith("??")]
        assert "reset" in unknown, "\n".join(lines)
        time.sleep(0.2)
        assert served.module.SEEN == set() and served.status_queries() == 0


def test_the_readmes_fastapi_receiver_ships_a_paid_order_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The complete receiver of the package's README, as written, as the mock's webhook:
    a duplicate paid notification ships once, after the status query; a deposit from the
    mock's (allowed) address is recorded once."""
    readme = (ROOT / "bindings" / "python" / "README.md").read_text(encoding="utf-8")
    [code] = [block for block in re.findall(r"```python\n(.*?)```\n", readme, flags=re.S) if "app = FastAPI()" in block]

    def readme_receiver() -> Any:
        module = types.ModuleType("readme_receiver")
        exec(compile(code, "README.md receiver", "exec"), module.__dict__)
        return module

    with started("fastapi_app", monkeypatch, readme_receiver) as served:
        module = served.module
        request = cobro.prepare_payin((EXAMPLES / "payin-pe-banktransfer-unsigned.json").read_bytes(), key=PAYIN_KEY)
        assert cobro.parse_payin_response(served.send_raw(request)).success
        served.control("pay", {"duplicate": True})
        assert until(lambda: len(served.deliveries()) == 2 and served.deliveries()) == [200, 200]
        until(lambda: module.ORDERS[ORDER]["shipped"])
        unsigned_events(served)
        assert until(lambda: len(served.deliveries("deposit")) == 2 and served.deliveries("deposit")) == [200, 200]
        time.sleep(0.2)
        assert module.ORDERS[ORDER]["shipped"] == 1 and module.ORDERS[ORDER]["state"] == 5
        assert len(module.SEEN) == 2  # the subscription and the deposit, once each


def answer_to_endless_body(port: int, path: str, head: str, chunk: bytes) -> Optional[int]:
    """Sends ``head``, then ``chunk`` over and over for a few seconds without finishing
    the body: the status the app answers meanwhile, or None when it kept reading."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS)
    try:
        connection.sendall(f"{head}\r\n".encode())
        deadline = time.monotonic() + WAIT_SECONDS
        connection.settimeout(0.05)
        while time.monotonic() < deadline:
            try:
                answer = connection.recv(64)
            except socket.timeout:
                answer = b""
            except OSError:
                return None
            if answer.startswith(b"HTTP/1.1 "):
                return int(answer[9:12])
            try:
                connection.sendall(chunk)
            except OSError:
                continue
        return None
    finally:
        connection.close()


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
@pytest.mark.parametrize("path", ["/webhooks/payin", "/orders/X"])
def test_a_body_past_the_limit_is_refused_without_being_read_whole(
    name: str, path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stranger's endless body, declared (Content-Length) or chunked, is answered at
    once it passes the 1 MiB a notification is read under (413), not held in memory
    whole."""
    method = "POST" if path.startswith("/webhooks") else "PUT"
    with started(name, monkeypatch) as served:
        port = int(served.url.rsplit(":", 1)[1])
        declared = f"{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {1 << 40}\r\n"
        assert answer_to_endless_body(port, path, declared, b"x" * 65536) == 413
        chunked = f"{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
        # Werkzeug's development server hands a chunked body to the app as none (400).
        wanted = (413, 400) if name == "flask_app" else (413,)
        assert answer_to_endless_body(port, path, chunked, b"10000\r\n" + b"x" * 65536 + b"\r\n") in wanted
