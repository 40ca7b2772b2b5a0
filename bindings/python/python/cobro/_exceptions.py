"""The exceptions of cobro, raised by the native module (``cobro._cobro``).

Every class is rooted at :class:`CobroError`; the ones for bad input are also
``ValueError``, so ``except ValueError`` keeps working in code that does not know cobro.
Messages come from the Rust core: they name the field or argument and the rule, and
never contain a secret or the value of a personal field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

if TYPE_CHECKING:  # pragma: no cover
    from ._cobro import Issue, Report


class CobroError(Exception):
    """Base class of cobro's exceptions. Raised as is for an internal error (a bug in
    the core, ``ERR_INTERNAL``; never as a bare panic) and when ``cobro.mock.start``
    cannot start the mock (``ERR_MOCK_NOT_STARTED``: the address cannot be listened on,
    or the config cannot be read or is refused).

    ``code`` is a code of the core's catalogue: :func:`cobro.codes` lists every code
    with the classes that carry it, its meaning and its message templates."""

    code: Optional[str] = None


class ValidationError(CobroError, ValueError):
    """A ``prepare_*`` function refused an invalid request: ``report`` is the full
    :class:`cobro.Report`, ``errors`` its errors (nothing was signed); ``code`` is the
    one code :func:`cobro.codes` lists for this class."""

    report: "Report"
    errors: "List[Issue]" = []


class SigningError(CobroError, ValueError):
    """A credential or signing argument is unusable (an empty key, text with a lone
    surrogate, a bad amount, timestamp or date): ``code`` is one of the codes
    :func:`cobro.codes` lists for this class; for an argument that validation would
    refuse in the same field of a body (merchant id 0, currency ``pen``, a 51-character
    operation number), it is the report code validation gives it."""


class VerificationError(CobroError, ValueError):
    """Headers or a notification did not verify (a missing or malformed header, a
    timestamp outside the window, a missing or wrong signature): ``code`` is one of the
    codes :func:`cobro.codes` lists for this class."""


class ParseError(CobroError, ValueError):
    """A body is not the expected answer or notification: ``code`` (one of the codes
    :func:`cobro.codes` lists for this class), ``path`` (dotted, ``""`` for the whole
    body) and ``offset`` (byte offset for unreadable JSON, else ``None``)."""

    path: str = ""
    offset: Optional[int] = None


class DocumentError(CobroError, ValueError):
    """A document or account number is not valid, or its country or type has no
    check: ``code`` is one of the codes :func:`cobro.codes` lists for this class."""
