"""The answer to a subscription request and the subscription webhook (core
``subscription::response`` and ``subscription::webhook``) as typed records."""

from __future__ import annotations

from typing import Literal, Optional, Tuple, Union

from ._catalog import SubscriptionCode
from ._typed import Record, record


@record
class SubscriptionCreated(Record):
    """Spec 2.3 / 4.2: the subscription was created (status PENDING)."""

    outcome: Literal["created"]
    subscription_id: int
    status: str
    """The wire value of an open set: PENDING, EXPIRED, AUTHORIZED, FAILED, CANCELLED,
    DENIED, or another value as received."""
    deep_link: Optional[str]
    """The URL the customer opens to authorize (MOBILE); ``None`` for WEB."""


@record
class SubscriptionCancelled(Record):
    """Spec 2.3 / 4.3: the subscription was cancelled."""

    outcome: Literal["cancelled"]
    subscription_id: int
    status: str
    """The wire value (CANCELLED); see :attr:`SubscriptionCreated.status`."""


@record
class SubscriptionFieldDetail(Record):
    """Spec 7.2: one element of ``errorFieldDetails``."""

    field: str
    """The affected field (``subscriptionDetails.device``)."""
    error_message: str


@record
class SubscriptionRefused(Record):
    """Spec 7.2: the service refused the request."""

    outcome: Literal["error"]
    error_code: Optional[str]
    error_message: str
    error_field_details: Tuple[SubscriptionFieldDetail, ...]
    """In wire order; empty when absent."""
    meaning: Optional[SubscriptionCode]
    """The code's spec 7.2 entry, when known."""


SubscriptionAnswer = Union[SubscriptionCreated, SubscriptionCancelled, SubscriptionRefused]
"""The answer to a subscription request, told apart by ``outcome``."""


@record
class WebhookError(Record):
    """``errorDetails`` of a subscription webhook."""

    code: Optional[str]
    message: Optional[str]
    meaning: Optional[SubscriptionCode]


@record
class WebhookMetadata(Record):
    """One ``metadata`` element; ``value`` is hidden from ``repr``. Either may be
    ``None`` (DESIGN.md 9 row 31)."""

    key: Optional[str]
    value: Optional[str]


@record
class SubscriptionWebhook(Record):
    """A subscription webhook notification; ``customer_id`` (the customer's mobile
    number) is hidden from ``repr``. Only ``subscription_id`` is required (DESIGN.md 9
    row 31); every other field is ``None`` (``metadata`` empty) when absent."""

    subscription_id: int
    charge_type: Optional[str]
    """ON_DEMAND or RECURRENT, as sent."""
    customer_id: Optional[str]
    """The customer's mobile number."""
    origin_type: Optional[str]
    """MOBILE or WEB, as sent."""
    status: Optional[str]
    """The wire value (see :attr:`SubscriptionCreated.status`); absent in error samples."""
    status_description: Optional[str]
    error_details: Optional[WebhookError]
    metadata: Tuple[WebhookMetadata, ...]
    """Echoed from the creation request; empty when absent."""
    is_error: bool
    """The notification reports a failure."""
