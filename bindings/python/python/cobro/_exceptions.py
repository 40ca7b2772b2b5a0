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
    """Base class of cobro's exceptions. Raised as is only for an internal error (a
    bug in the core, with ``code`` ``ERR_INTERNAL``), never as a bare panic."""

    code: Optional[str] = None


class ValidationError(CobroError, ValueError):
    """A ``prepare_*`` function refused an invalid request: ``report`` is the full
    :class:`cobro.Report`, ``errors`` its errors (nothing was signed)."""

    report: "Report"
    errors: "List[Issue]" = []


class SigningError(CobroError, ValueError):
    """A credential or signing argument is unusable: ``code`` is ERR_EMPTY_SECRET,
    ERR_SECRET_WHITESPACE, ERR_NEGATIVE_TIMESTAMP, ERR_TIMESTAMP_IN_MILLISECONDS,
    ERR_EMPTY_ARGUMENT, ERR_INVALID_ARGUMENT or ERR_INVALID_AMOUNT; or, for an argument
    that validation would refuse in the same field of a body (merchant id 0, currency
    ``pen``, a 51-character operation number), the report code validation gives it
    (ERR_OUT_OF_RANGE, ERR_INVALID_CURRENCY, ERR_INVALID_LENGTH, ...)."""


class VerificationError(CobroError, ValueError):
    """Headers or a notification did not verify: ``code`` is ERR_MISSING_HEADER,
    ERR_INVALID_HEADER, ERR_TIMESTAMP_OUT_OF_RANGE, ERR_INVALID_SIGNATURE or
    ERR_MISSING_SIGNATURE."""


class ParseError(CobroError, ValueError):
    """A body is not the expected answer or notification: ``code`` (ERR_MALFORMED_JSON,
    ERR_MISSING_FIELD, ERR_INVALID_TYPE...), ``path`` (dotted, ``""`` for the whole
    body) and ``offset`` (byte offset for unreadable JSON, else ``None``)."""

    path: str = ""
    offset: Optional[int] = None


class DocumentError(CobroError, ValueError):
    """A document or account number is not valid: ``code`` is ERR_INVALID_LENGTH,
    ERR_INVALID_FORMAT, ERR_INVALID_COMPONENT, ERR_INVALID_CHECKSUM, or, for a
    country or type without a check, ERR_INVALID_COUNTRY or
    ERR_UNSUPPORTED_DOCUMENT_TYPE."""


