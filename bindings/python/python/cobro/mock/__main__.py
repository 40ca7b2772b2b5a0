"""``python -m cobro.mock``: runs the provider's stand-in until Ctrl-C (or SIGTERM), as
``cobro mock`` does. The first line printed names the address; keys come from the
environment (``COBRO_VA_SECRET``, ``COBRO_PAYIN_KEY``), never from the command line,
and are never printed."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from typing import List, Optional

from .. import CobroError
from .._cobro import MOCK_DEFAULT_PORT, MOCK_KEY_VARIABLES
from . import start


def _arguments(argv: Optional[List[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m cobro.mock",
        description="Runs the payment provider's local stand-in until Ctrl-C.",
    )
    parser.add_argument("--host", default=None, help="a loopback address (default 127.0.0.1)")
    parser.add_argument(
        "--port", type=int, default=MOCK_DEFAULT_PORT, help=f"0 picks a free one (default {MOCK_DEFAULT_PORT})"
    )
    parser.add_argument("--config", metavar="FILE", help="a JSON file of merchants, with their keys")
    parser.add_argument("--merchant-id", type=int, metavar="ID")
    parser.add_argument("--api-key", metavar="KEY")
    parser.add_argument("--webhook-url", metavar="URL", help="an http:// or https:// URL")
    parser.add_argument(
        "--subscription-webhook-url", metavar="URL", help="where subscription webhooks go, when not to --webhook-url"
    )
    parser.add_argument(
        "--deposit-webhook-url", metavar="URL", help="where deposit notifications go, when not to --webhook-url"
    )
    parser.add_argument(
        "--webhook-ca", metavar="FILE", help="a PEM file of CA certificates an https webhook may chain to"
    )
    parser.add_argument("--clock-offset", type=int, default=0, metavar="SECONDS")
    parser.add_argument("--auto-pay", type=int, metavar="SECONDS")
    return parser.parse_args(argv)


def main(argv: Optional[List[str]] = None) -> int:
    args = _arguments(argv)
    va_variable, payin_variable = MOCK_KEY_VARIABLES
    keys = {}
    if args.config is None:
        keys = {"va_secret": os.environ.get(va_variable), "payin_key": os.environ.get(payin_variable)}
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    try:
        try:
            server = start(
                port=args.port,
                host=args.host,
                merchant_id=args.merchant_id,
                api_key=args.api_key,
                webhook_url=args.webhook_url,
                subscription_webhook_url=args.subscription_webhook_url,
                deposit_webhook_url=args.deposit_webhook_url,
                config=args.config,
                clock_offset=args.clock_offset,
                auto_pay=args.auto_pay,
                webhook_ca=args.webhook_ca,
                **keys,
            )
        except (CobroError, TypeError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        with server:
            print("\n".join(server._banner()), flush=True)
            # A bounded wait in a loop: Ctrl-C interrupts it on every platform.
            while not stopping.wait(1.0):
                pass
    except KeyboardInterrupt:
        # Ctrl-C at any point, the banner's line included, ends it quietly.
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
