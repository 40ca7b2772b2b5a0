"""Catalogue entries (the core's ``catalog``, ``payin::catalog`` and
``subscription::response`` tables, and its own catalogue of codes) and the answer of a
lifecycle helper, as typed records."""

from __future__ import annotations

from typing import Dict, Literal, Optional, Tuple

from ._typed import Record, record

Disposition = Literal["success", "merchant_fix", "retry", "pending", "declined"]
"""What a code asks of the merchant: the operation succeeded; the request or settings
must change; retry later; wait for a notification; the shopper's payment was refused."""

SubscriptionOperation = Literal["create", "cancel"]
"""A subscription operation (spec 4.2, 4.3)."""


@record
class CodeInfo(Record):
    """One entry of a code catalogue (core ``catalog::CodeInfo``)."""

    code: str
    """The code as the service writes it (``0010``, ``B405``, ``ERR_INVALID_SIGNATURE``)."""
    meaning: str
    """What it means, in English."""
    disposition: Disposition
    """What it asks of the merchant."""


@record
class SubscriptionCode(CodeInfo):
    """A code of spec 7.2's table (core ``subscription::response::SubscriptionCode``):
    a :class:`CodeInfo` and the operations that can answer it."""

    operations: Tuple[SubscriptionOperation, ...]
    """Where the spec says the code can occur."""


@record
class PayinState(Record):
    """A pay-in state of the catalogue (core ``payin::catalog::PayinStateInfo``). Key on
    ``id``: the provider's descriptions vary in case and wording."""

    id: int
    """payinStateID."""
    name: str
    """The provider's Spanish name (``Autorizado``)."""
    name_en: str
    """An English name (``authorized``)."""
    meaning: str
    """What the state means for the merchant."""
    paid: bool
    """Whether the money was received and is kept (5 Autorizado, 9 Liquidado): ship the
    goods on ``paid``."""
    is_final: bool
    """Whether the state can no longer change."""


Severity = Literal["error", "warning"]
"""Whether a report issue makes the request invalid."""


@record
class CatalogueCode(Record):
    """One code of cobro's own catalogue (core ``Code``, ``catalogue_json``): every code
    a report issue or an exception's ``code`` can carry. Key on ``code``; messages may
    be reworded."""

    code: str
    """``ERR_...`` or ``WARN_...``."""
    severity: Optional[Severity]
    """For a code of reports; ``None`` for a code raised only as an exception."""
    classes: Tuple[str, ...]
    """``"report"`` and/or the exception classes that carry it as ``.code``
    (``"SigningError"``...)."""
    meaning: str
    """What it means, in English."""
    params: Tuple[str, ...]
    """The names its templates use besides ``{path}``."""
    templates: Dict[str, str]
    """The message template by locale (``{"en": ..., "es": ..., "pt": ...}``)."""


@record
class Verdict(Record):
    """The answer of a lifecycle helper (core ``catalog::Verdict``, spec section 3)."""

    allowed: bool
    """Whether the action or change is allowed (for ``payin_state_is_final``: whether
    the state is final)."""
    reason: str
    """Why, in one English sentence naming the rule or the provider's code."""
