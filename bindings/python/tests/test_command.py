"""``python -m cobro``: the ``cobro`` command from the installed wheel, with its options
and output. ``listen`` is started as a receiver would be and ``check-webhook`` judges
it, both run as ``python -m cobro``; Ctrl-C stops ``listen`` cleanly. Every key here is
a fake one of ``examples/README.md``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from typing import Dict, List

PAYIN_KEY = "fake-payin-key-for-examples"
COMMAND = [sys.executable, "-m", "cobro"]


def run(args: List[str], env: Dict[str, str]) -> subprocess.CompletedProcess:  # type: ignore[type-arg]
    return subprocess.run(COMMAND + args, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_help_and_version_are_the_commands() -> None:
    out = run(["--help"], dict(os.environ))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("The `cobro` command") and "Usage: python -m cobro <COMMAND>" in out.stdout
    for subcommand in ("listen", "check-webhook", "mock", "validate"):
        assert f"\n  {subcommand} " in out.stdout, subcommand
    import cobro

    assert run(["--version"], dict(os.environ)).stdout == f"cobro {cobro.__version__}\n"
    unknown = run(["no-such-command"], dict(os.environ))
    assert unknown.returncode == 2 and "no-such-command" in unknown.stderr


def test_check_webhook_judges_listen_both_from_the_wheel() -> None:
    env = {**os.environ, "COBRO_PAYIN_KEY": PAYIN_KEY}
    listen = subprocess.Popen(
        COMMAND + ["listen", "--port", "0", "--allow", "127.0.0.1"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert listen.stdout is not None
        first = listen.stdout.readline()
        assert first.startswith("cobro listen on http://127.0.0.1:"), first
        url = first.split(" on ", 1)[1].strip()
        out = run(["check-webhook", url], env)
        lines = out.stdout.splitlines()
        assert out.returncode == 0, out.stdout + out.stderr
        assert lines[-1] == "the endpoint passed: it answers as a careful receiver does", out.stdout
        assert not [line for line in lines if line.startswith("FAIL")], out.stdout
        assert PAYIN_KEY not in out.stdout + out.stderr
    finally:
        listen.send_signal(signal.SIGINT)
        printed, errors = listen.communicate(timeout=20)
    assert listen.returncode == 0, errors
    assert PAYIN_KEY not in printed + errors
