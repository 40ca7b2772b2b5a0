"""The answer to a virtual-account creation and the deposit notification (core
``virtual_account::response`` and ``virtual_account::notification``) as typed records.

These echo the owner's and depositor's data: names, document numbers, e-mails, phones,
account numbers and user ids are hidden from ``repr`` (``[REDACTED]``, the core's list
of personal fields), readable as attributes.
"""

from __future__ import annotations

from typing import Literal, Optional, Tuple, Union

from ._catalog import CodeInfo
from ._typed import Record, record


@record
class OwnerEcho(Record):
    """The echoed owner (every field optional)."""

    reference_id: Optional[str]
    type: Optional[str]
    """PERSON or COMPANY."""
    document_type: Optional[str]
    document_number: Optional[str]
    first_name: Optional[str]
    last_name: Optional[str]
    company_name: Optional[str]
    email: Optional[str]
    phone_country_code: Optional[str]
    phone_number: Optional[str]


@record
class AccountEcho(Record):
    """The echoed account and the created number."""

    number: str
    """The created account number."""
    category: Optional[str]
    type: Optional[str]
    """CVU, CCI or CLABE."""
    name: Optional[str]
    country: Optional[str]
    currency: Optional[str]


@record
class MetadataEntry(Record):
    """One echoed metadata pair; ``value`` is hidden from ``repr``."""

    key: str
    value: str


@record
class VirtualAccountCreated(Record):
    """Spec 2.2: the created account."""

    outcome: Literal["account"]
    id: str
    trace_id: str
    timestamp: str
    """ISO 8601, as received."""
    status: str
    """The wire value of an open set: ACTIVE, INACTIVE, DELETED or another value."""
    owner: Optional[OwnerEcho]
    account: AccountEcho
    metadata: Optional[Tuple[MetadataEntry, ...]]
    """In wire order; ``None`` when not echoed."""
    result_url: Optional[str]


@record
class VirtualAccountErrorDetail(Record):
    """Spec 7.1: one element of ``error.details``."""

    code: str
    message: str
    field: Optional[str]
    meaning: Optional[CodeInfo]
    """The virtual-account catalogue's entry, when known."""


@record
class VirtualAccountRefused(Record):
    """Spec 7.1: the service refused the request."""

    outcome: Literal["error"]
    type: str
    """``error.type``, the wire value of an open set (``validation_error``,
    ``authentication_error``, ``auth_error``...)."""
    summary: str
    details: Tuple[VirtualAccountErrorDetail, ...]
    timestamp: str
    trace_id: str


VirtualAccountAnswer = Union[VirtualAccountCreated, VirtualAccountRefused]
"""The answer to a virtual-account creation, told apart by ``outcome``."""


@record
class DepositStatus(Record):
    """``status`` of a deposit notification."""

    code: int
    """5 approved, 6 denied; other codes kept."""
    description: Optional[str]
    approved: bool


@record
class DepositAccount(Record):
    """``depositDetails.account``."""

    id: Optional[str]
    category: Optional[str]
    type: Optional[str]
    number: Optional[str]
    name: Optional[str]


@record
class DepositOwner(Record):
    """``depositDetails.owner``."""

    full_name: Optional[str]
    document_type: Optional[str]
    document_number: Optional[str]
    reference_id: Optional[str]


@record
class Depositor(Record):
    """``depositDetails.depositor``: who sent the money."""

    full_name: Optional[str]
    document_type: Optional[str]
    document_number: Optional[str]


@record
class DepositDetails(Record):
    """``depositDetails``; each part ``None`` when absent (DESIGN.md 9 row 31)."""

    account: Optional[DepositAccount]
    owner: Optional[DepositOwner]
    depositor: Optional[Depositor]


@record
class DepositNotification(Record):
    """A deposit into a virtual account. ``operation_id``, ``amount``, ``currency`` and
    ``status.code`` are required (DESIGN.md 9 row 31); every other field is ``None``
    (``errors`` empty) when absent."""

    version: Optional[str]
    operation_id: str
    status: DepositStatus
    merchant_id: Optional[str]
    amount: str
    """A decimal text, as received; never a float."""
    currency: str
    payin_method: Optional[str]
    deposit_details: Optional[DepositDetails]
    errors: Tuple[str, ...]
    """Each element as its JSON text; empty when absent."""
    received_at: Optional[str]
