"""``cobro.mock`` end to end, with nothing but the standard library beside cobro: a
merchant's flow for each of the three APIs against the provider's stand-in started in
this process (prepare with cobro, send with ``urllib.request``, parse the answer with
cobro, move the payment with the control API, receive the notification on an
``http.server`` listener and verify or parse it with cobro), one refusal of a wrong key
each, the errors of ``start``, and ``python -m cobro.mock``.

Every key here is a fake one of ``examples/README.md``."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Dict, Iterator, Optional, Tuple

import pytest

import cobro
import cobro.mock

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
MERCHANT_ID = 1234  # the merchant of the example bodies
API_KEY = "fake-api-key-for-tests"
VA_SECRET = cobro.Secret("fake-va-secret-for-examples")
PAYIN_KEY = "fake-payin-key-for-examples"  # a str key: the binding takes both
WRONG_KEY = "not-the-merchant-key"
WAIT_SECONDS = 5


def example(name: str) -> bytes:
    return (EXAMPLES / name).read_bytes()


class Webhook:
    """A local listener: answers 200 to every POST and keeps the bodies, in order; over
    https with ``context``."""

    def __init__(self, context: Optional[ssl.SSLContext] = None) -> None:
        bodies: "queue.Queue[bytes]" = queue.Queue()

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                length = int(self.headers.get("Content-Length") or 0)
                bodies.put(self.rfile.read(length))
                self.send_response(200)
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args: Any) -> None:
                pass

        self.bodies = bodies
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        scheme = "http"
        if context is not None:
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
            scheme = "https"
        self.url = f"{scheme}://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def next(self) -> bytes:
        """The next notification, within a few seconds."""
        return self.bodies.get(timeout=WAIT_SECONDS)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def webhook() -> Iterator[Webhook]:
    hook = Webhook()
    yield hook
    hook.close()


@pytest.fixture
def mock(webhook: Webhook) -> Iterator[cobro.mock.MockServer]:
    """The way a shop's suite would use it: one mock per test, stopped after it."""
    with cobro.mock.start(
        merchant_id=MERCHANT_ID,
        api_key=API_KEY,
        va_secret=VA_SECRET,
        payin_key=PAYIN_KEY,
        webhook_url=webhook.url,
    ) as server:
        yield server


def send(server: cobro.mock.MockServer, request: cobro.PreparedRequest) -> Tuple[int, bytes]:
    """Sends a prepared request as it is: the status and body of the answer."""
    sent = urllib.request.Request(
        server.url + request.path, data=request.content, headers=request.headers, method=request.method
    )
    try:
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()


def control(server: cobro.mock.MockServer, path: str, body: Dict[str, Any] | None = None) -> Tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else b""
    sent = urllib.request.Request(server.url + path, data=data, method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(sent, timeout=WAIT_SECONDS) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"null")


# ---- the three APIs -------------------------------------------------------------------


def test_virtual_account_created_and_a_deposit_notified(mock: cobro.mock.MockServer, webhook: Webhook) -> None:
    body = example("virtual-account-pe.json")
    request = cobro.prepare_virtual_account(body, api_key=mock.api_key, secret=VA_SECRET, deposit_mode="OWNER")
    status, answer = send(mock, request)
    assert status == 200, answer
    created = cobro.parse_virtual_account_response(answer, http_status=status)
    assert created.outcome == "account" and created.status == "ACTIVE"
    assert cobro.documents.is_valid("PE", "CCI", created.account.number)

    status, reply = control(mock, f"/_mock/virtual-accounts/{created.id}/deposit", {"amount": "200", "currency": "PEN"})
    assert status == 200, reply
    notification = cobro.parse_deposit_notification(webhook.next())
    assert (notification.amount, notification.currency) == ("200.00", "PEN")
    assert notification.deposit_details.account.number == created.account.number


def test_virtual_account_with_a_wrong_secret_is_refused(mock: cobro.mock.MockServer) -> None:
    request = cobro.prepare_virtual_account(
        example("virtual-account-pe.json"), api_key=mock.api_key, secret=WRONG_KEY, deposit_mode="OWNER"
    )
    status, answer = send(mock, request)
    refused = cobro.parse_virtual_account_response(answer, http_status=status)
    assert (status, refused.outcome, refused.type) == (401, "error", "authentication_error")
    assert [d.code for d in refused.details] == ["ERR_INVALID_SIGNATURE"]


def test_subscription_created_authorized_and_cancelled(mock: cobro.mock.MockServer, webhook: Webhook) -> None:
    status, answer = send(mock, cobro.prepare_subscription(example("subscription-recurrent.json"), key=PAYIN_KEY))
    assert status == 200, answer
    created = cobro.parse_subscription_response(answer)
    assert (created.outcome, created.status) == ("created", "PENDING")
    assert created.deep_link.startswith(mock.url)

    status, reply = control(mock, f"/_mock/subscriptions/{created.subscription_id}/authorize")
    assert status == 200, reply
    notice = cobro.parse_subscription_webhook(webhook.next())
    assert (notice.subscription_id, notice.status) == (created.subscription_id, "AUTHORIZED")

    cancel = cobro.prepare_subscription_cancel(example("subscription-cancel.json"), key=PAYIN_KEY)
    status, answer = send(mock, cancel)
    cancelled = cobro.parse_subscription_response(answer)
    assert (status, cancelled.outcome, cancelled.status) == (200, "cancelled", "CANCELLED")


def test_subscription_with_a_wrong_key_is_refused(mock: cobro.mock.MockServer) -> None:
    status, answer = send(mock, cobro.prepare_subscription(example("subscription-recurrent.json"), key=WRONG_KEY))
    refused = cobro.parse_subscription_response(answer)
    assert (status, refused.outcome, refused.error_code) == (401, "error", "E401")


def test_payin_created_paid_and_the_notification_verified(mock: cobro.mock.MockServer, webhook: Webhook) -> None:
    request = cobro.prepare_payin(example("payin-pe-banktransfer-unsigned.json"), key=PAYIN_KEY)
    status, answer = send(mock, request)
    created = cobro.parse_payin_response(answer)
    assert (status, created.success, created.error_code) == (200, True, "0000"), answer

    status, reply = control(mock, "/_mock/payins/ORDER-0001/pay")
    assert (status, reply["payinStateID"]) == (200, "5")
    paid = cobro.verify_payin_notification(webhook.next(), key=PAYIN_KEY)
    assert (paid.payin_state_id, paid.payin_merchant_operation_number) == (5, "ORDER-0001")
    assert paid.payin_merchant_id == str(MERCHANT_ID)


def test_the_status_query_confirms_a_paid_payin(mock: cobro.mock.MockServer, webhook: Webhook) -> None:
    """The pay-in status query (DESIGN.md 9 row 36) through the mock: the state a
    notification claims, confirmed before goods are released; a wrong key is a 401."""
    status, answer = send(mock, cobro.prepare_payin(example("payin-pe-banktransfer-unsigned.json"), key=PAYIN_KEY))
    assert status == 200, answer
    assert control(mock, "/_mock/payins/ORDER-0001/pay")[0] == 200
    claimed = cobro.verify_payin_notification(webhook.next(), key=PAYIN_KEY)
    query = cobro.prepare_payin_status(
        merchant_id=MERCHANT_ID, key=PAYIN_KEY, operation_number=claimed.payin_merchant_operation_number
    )
    status, answer = send(mock, query)
    assert status == 200, answer
    [operation] = cobro.parse_payin_status(answer).operations
    assert (operation.payin_state_id, operation.state.paid) == (claimed.payin_state_id, True)
    assert operation.payin_amount_two_decimals == claimed.payin_amount_two_decimals
    wrong = cobro.prepare_payin_status(merchant_id=MERCHANT_ID, key=WRONG_KEY, operation_number="")
    assert send(mock, wrong)[0] == 401


def test_payin_with_a_wrong_key_is_refused(mock: cobro.mock.MockServer) -> None:
    request = cobro.prepare_payin(example("payin-pe-banktransfer-unsigned.json"), key=WRONG_KEY)
    status, answer = send(mock, request)
    refused = cobro.parse_payin_response(answer)
    assert (refused.success, refused.error_code) == (False, "0010"), (status, answer)


def test_a_notification_signed_with_another_key_does_not_verify(
    mock: cobro.mock.MockServer, webhook: Webhook
) -> None:
    request = cobro.prepare_payin(example("payin-pe-banktransfer-unsigned.json"), key=PAYIN_KEY)
    assert send(mock, request)[0] == 200
    assert control(mock, "/_mock/payins/ORDER-0001/pay", {"wrong_signature": True})[0] == 200
    with pytest.raises(cobro.VerificationError) as info:
        cobro.verify_payin_notification(webhook.next(), key=PAYIN_KEY)
    assert info.value.code == "ERR_INVALID_SIGNATURE"


# ---- start: arguments, errors, the server object --------------------------------------


def test_the_defaults_are_the_fake_merchant_on_a_free_loopback_port() -> None:
    server = cobro.mock.start()
    try:
        assert server.url.startswith("http://127.0.0.1:") and not server.url.endswith(":0")
        assert (server.merchant_id, server.api_key) == (1001, "mock-api-key")
        with urllib.request.urlopen(server.url + "/_mock/merchants", timeout=WAIT_SECONDS) as answer:
            listed = json.loads(answer.read())["merchants"]
        assert [m["id"] for m in listed] == [1001]
    finally:
        server.stop()
    server.stop()  # again: nothing to do
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(server.url + "/_mock/merchants", timeout=WAIT_SECONDS)


def test_no_key_is_an_attribute_or_printed() -> None:
    secret = "a-key-that-must-not-show"
    with cobro.mock.start(va_secret=secret, payin_key=cobro.Secret(secret)) as server:
        shown = repr(server) + str(server) + repr([getattr(server, n) for n in dir(server) if not n.startswith("__")])
        assert secret not in shown
        assert "running=True" in repr(server)
        assert not any("secret" in n or "key" in n for n in dir(server) if n != "api_key" and not n.startswith("_"))
    assert "running=False" in repr(server)


def test_a_config_is_a_path_and_json_text_is_refused(tmp_path: Path) -> None:
    config = {
        "merchants": [
            {"id": 7, "api_key": "k7", "va_secret": "s7", "payin_key": "p7"},
            {"id": 8, "api_key": "k8", "va_secret": "s8", "payin_key": "p8", "signature_variant": "reference_id"},
        ]
    }
    path = tmp_path / "merchants.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    for given in (str(path), path):
        with cobro.mock.start(config=given) as server:
            assert (server.merchant_id, server.api_key) == (7, "k7")
    # JSON text in place of the path would show the keys in the process list of a command.
    with pytest.raises(cobro.CobroError) as info:
        cobro.mock.start(config=json.dumps(config))
    assert info.value.code == "ERR_MOCK_NOT_STARTED"
    assert "path of a file" in str(info.value) and "k7" not in str(info.value)


def test_arguments_the_mock_refuses() -> None:
    cases = [
        (dict(host="0.0.0.0"), cobro.SigningError, "ERR_INVALID_ARGUMENT"),
        (dict(host="localhost"), cobro.SigningError, "ERR_INVALID_ARGUMENT"),
        (dict(port=65536), cobro.SigningError, "ERR_OUT_OF_RANGE"),
        (dict(port=-1), cobro.SigningError, "ERR_OUT_OF_RANGE"),
        (dict(merchant_id=0), cobro.SigningError, "ERR_OUT_OF_RANGE"),
        (dict(api_key=""), cobro.SigningError, "ERR_EMPTY_ARGUMENT"),
        (dict(payin_key=""), cobro.SigningError, "ERR_EMPTY_SECRET"),
        (dict(va_secret=" key"), cobro.SigningError, "ERR_SECRET_WHITESPACE"),
        (dict(auto_pay=-1), cobro.SigningError, "ERR_OUT_OF_RANGE"),
        (dict(port="80"), TypeError, None),
        (dict(payin_key=b"key"), TypeError, None),
        (dict(config=42), TypeError, None),
        (dict(webhook_ca=42), TypeError, None),
        (dict(webhook_url="ftp://example.test/hook"), cobro.SigningError, "ERR_INVALID_ARGUMENT"),
        (dict(deposit_webhook_url="/hook"), cobro.SigningError, "ERR_INVALID_ARGUMENT"),
        (dict(config="{}", merchant_id=7), TypeError, None),
        (dict(bogus=1), TypeError, None),
        (dict(config='{"merchants": []}'), cobro.CobroError, "ERR_MOCK_NOT_STARTED"),
        (dict(config="/no/such/merchants.json"), cobro.CobroError, "ERR_MOCK_NOT_STARTED"),
    ]
    for kwargs, cls, code in cases:
        with pytest.raises(cls) as info:
            cobro.mock.start(**kwargs)  # type: ignore[arg-type]
        if code is not None:
            assert info.value.code == code, kwargs


def test_a_port_in_use_is_a_cobro_error_naming_the_address() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(cobro.CobroError) as info:
            cobro.mock.start(port=port)
    assert info.value.code == "ERR_MOCK_NOT_STARTED"
    assert not isinstance(info.value, ValueError)
    assert f"127.0.0.1:{port}" in str(info.value)


def throwaway_ca(folder: Path) -> Tuple[Path, Path, Path]:
    """A CA made for the test and a certificate it signs for 127.0.0.1: the CA's PEM, the
    certificate's and its key's (openssl's command, skipped where there is none)."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("no openssl command to make a throwaway CA")
    ca, ca_key = folder / "ca.pem", folder / "ca.key"
    cert, key, request, extensions = folder / "cert.pem", folder / "cert.key", folder / "cert.csr", folder / "ext"
    extensions.write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n", encoding="utf-8")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    for command in (
        ["req", "-x509", *ec, "-days", "1", "-subj", "/CN=cobro test CA", "-keyout", ca_key, "-out", ca],
        ["req", *ec, "-subj", "/CN=127.0.0.1", "-keyout", key, "-out", request],
        ["x509", "-req", "-in", request, "-CA", ca, "-CAkey", ca_key, "-CAcreateserial", "-days", "1"]
        + ["-extfile", extensions, "-out", cert],
    ):
        subprocess.run([openssl, *map(str, command)], check=True, capture_output=True, timeout=30)
    return ca, cert, key


def test_an_https_webhook_of_the_given_ca_gets_the_notification(tmp_path: Path) -> None:
    ca, cert, key = throwaway_ca(tmp_path)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    hook = Webhook(context)
    try:
        with cobro.mock.start(
            merchant_id=MERCHANT_ID, payin_key=PAYIN_KEY, webhook_url=hook.url, webhook_ca=ca
        ) as server:
            assert hook.url.startswith("https://")
            assert "https webhooks: the system's CA certificates and 1 given" in server._banner()
            request = cobro.prepare_payin(example("payin-pe-banktransfer-unsigned.json"), key=PAYIN_KEY)
            assert send(server, request)[0] == 200
            assert control(server, "/_mock/payins/ORDER-0001/pay")[0] == 200
            paid = cobro.verify_payin_notification(hook.next(), key=PAYIN_KEY)
            assert paid.payin_merchant_operation_number == "ORDER-0001"
    finally:
        hook.close()


def test_a_webhook_ca_that_cannot_be_read_is_named(tmp_path: Path) -> None:
    empty = tmp_path / "empty.pem"
    empty.write_text("not a certificate\n", encoding="utf-8")
    for given, says in ((tmp_path / "missing.pem", "cannot be read"), (empty, "no PEM certificate")):
        with pytest.raises(cobro.CobroError) as info:
            cobro.mock.start(webhook_ca=given)
        assert info.value.code == "ERR_MOCK_NOT_STARTED"
        assert f"webhook_ca {given}: " in str(info.value) and says in str(info.value)


# ---- python -m cobro.mock -------------------------------------------------------------


def test_the_command_prints_the_address_first_and_stops_on_ctrl_c() -> None:
    env = {**os.environ, "COBRO_PAYIN_KEY": "a-payin-key-from-the-environment"}
    env.pop("COBRO_VA_SECRET", None)
    command = [sys.executable, "-m", "cobro.mock", "--port", "0", "--merchant-id", str(MERCHANT_ID)]
    command += ["--subscription-webhook-url", "http://127.0.0.1:9/subscription"]
    command += ["--deposit-webhook-url", "http://127.0.0.1:9/deposit"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline().strip()
        assert first.startswith("cobro mock listening on http://127.0.0.1:"), first
        url = first.rsplit(" ", 1)[1]
        banner = [first]
        while not banner[-1].startswith("Base URL") and len(banner) < 20:
            banner.append(process.stdout.readline().strip())
        with urllib.request.urlopen(url + "/_mock/merchants", timeout=WAIT_SECONDS) as answer:
            assert json.loads(answer.read())["merchants"][0]["id"] == MERCHANT_ID
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=WAIT_SECONDS + 10)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    shown = "\n".join(banner) + out + err
    assert "a-payin-key-from-the-environment" not in shown
    assert "pay-in key: from COBRO_PAYIN_KEY (not shown)" in banner
    assert "subscription webhooks: http://127.0.0.1:9/subscription" in banner
    assert "deposit notifications: http://127.0.0.1:9/deposit" in banner


def test_the_command_reports_a_refused_argument() -> None:
    command = [sys.executable, "-m", "cobro.mock", "--host", "192.0.2.1"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=WAIT_SECONDS + 10)
    assert run.returncode == 2 and run.stdout == ""
    assert "host must be one of" in run.stderr
