"""The payment provider's local stand-in, started in this process: the same mock as
``cobro mock`` (stateful, signed, with notifications and faults), for tests of a shop
that has no Rust toolchain.

>>> import cobro.mock
>>> with cobro.mock.start() as server:
...     server.url.startswith("http://127.0.0.1:")
True

``start`` returns a :class:`MockServer` once the mock listens; it runs on a thread of
its own until ``stop()``, the end of a ``with`` block, or the last reference to it is
dropped. ``python -m cobro.mock`` runs one from the command line until Ctrl-C.
"""

from .._cobro import MockServer
from .._cobro import mock_start as start

__all__ = ["start", "MockServer"]
