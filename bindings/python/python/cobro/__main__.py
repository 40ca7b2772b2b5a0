"""``python -m cobro ...``: the ``cobro`` command (``listen``, ``check-webhook`` and every
other subcommand) with its options and output, run by the wheel's own copy of the code
the command runs: no Rust toolchain needed. ``python -m cobro --help`` lists them."""

from __future__ import annotations

import signal
import sys

from cobro._cobro import run_command


def main() -> int:
    # The command stops cleanly on Ctrl-C by its own handler: Python's would turn the
    # signal into a KeyboardInterrupt once the command has already stopped.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    return run_command(["python -m cobro", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
