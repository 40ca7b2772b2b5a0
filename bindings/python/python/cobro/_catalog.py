"""cobro's own catalogue of codes and the answer of a lifecycle helper, as typed
records (the service's catalogue entries are in ``_records``, generated)."""

from __future__ import annotations

from typing import Dict, Literal, Optional, Tuple

from ._typed import Record, record

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
