"""``Record``: the parsed answers, notifications and catalogue entries of cobro."""

from __future__ import annotations

import types
from typing import Any, Dict


def _plain(value: Any) -> Any:
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class Record(types.SimpleNamespace):
    """A parsed value: its fields are attributes (``answer.experience.voucher.amount``),
    named as the core's JSON output names them (snake case); nested objects are
    records, lists are lists, the QR image is ``bytes``."""

    def to_dict(self) -> Dict[str, Any]:
        """The record as plain ``dict``/``list`` data (the QR image stays ``bytes``)."""
        return {k: _plain(v) for k, v in vars(self).items()}

    def __getitem__(self, name: str) -> Any:
        return getattr(self, name)
