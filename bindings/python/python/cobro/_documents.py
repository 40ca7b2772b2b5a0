"""The records of :mod:`cobro.documents`: a number that passed its checks and one
number type of the core's list (core ``document::Valid`` and ``document::NumberType``)."""

from __future__ import annotations

from typing import Literal, Tuple

from ._typed import Record, record

DocumentWarning = Literal["check_digit", "unknown_institution", "inconvenient_word"]
"""A doubt about a number that is still accepted: a check digit that does not match
(numbers that fail it are issued, Mexico's RFC), a bank or institution code not in the
known list, or first letters that spell a word the authorities never issue."""


@record
class ValidDocument(Record):
    """A number that passed its checks; ``compact`` (the core marks it personal) is
    hidden from ``repr``."""

    compact: str
    """The number without separators."""
    warnings: Tuple[DocumentWarning, ...]
    """Doubts that do not make it invalid, in the core's order; usually empty."""


@record
class DocumentType(Record):
    """One number type the core checks."""

    country: str
    """ISO 3166-1 alpha-2 code of the country (``PE``)."""
    type: str
    """The name as the API writes it (``RUC``, ``CLABE``)."""
    description: str
    """One line: what the number is and its rule."""
    account: bool
    """Whether it is an account number (CBU/CVU, CLABE, CCI) rather than a document."""
