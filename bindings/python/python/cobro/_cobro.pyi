"""Type stubs of ``cobro._cobro``, the native module (checked with ``mypy.stubtest``)."""

import datetime
import decimal
import os
from typing import Any, Dict, Iterable, List, Literal, Mapping, NoReturn, Optional, Tuple, Union, final, overload

from ._catalog import CatalogueCode, Verdict
from ._records import CodeInfo, DepositNotification, DocumentName as _Document, DocumentType, ParsedDocument as _Answer
from ._records import NotificationKind, PayinNotification, PayinResponse, PayinState, PayinStatus, Receipt
from ._records import RetryAdvice, TransportFailure
from ._records import SubscriptionAnswer, SubscriptionCode
from ._records import SubscriptionWebhook, ValidDocument, VirtualAccountAnswer
from ._requests import IssueCode, PayinRequest, SubscriptionCancelRequest, SubscriptionRequest
from ._requests import UnsignedPayinRequest, VirtualAccountRequest

__version__: str
__all__ = [
    "__version__",
    "_renamed_argument",
    "Secret",
    "Amount",
    "Report",
    "Issue",
    "PreparedRequest",
    "validate",
    "ensure_valid",
    "payin_verification",
    "subscription_authorization",
    "virtual_account_message",
    "virtual_account_signature",
    "virtual_account_headers",
    "verify_virtual_account_headers",
    "verify_payin_notification",
    "prepare_virtual_account",
    "schema",
    "prepare_subscription",
    "prepare_subscription_cancel",
    "prepare_payin",
    "prepare_payin_status",
    "receive_notification",
    "retry_advice",
    "parse",
    "parse_virtual_account_response",
    "parse_subscription_response",
    "parse_payin_response",
    "parse_payin_notification",
    "parse_payin_status",
    "parse_subscription_webhook",
    "parse_deposit_notification",
    "payin_creation_code",
    "payment_confirmation_code",
    "payin_state",
    "subscription_error_code",
    "virtual_account_error_code",
    "payin_creation_codes",
    "payment_confirmation_codes",
    "payin_states",
    "subscription_error_codes",
    "virtual_account_error_codes",
    "can_cancel",
    "may_request_subscription",
    "may_charge",
    "payin_state_is_final",
    "next_states",
    "openapi",
    "payin_transition",
    "virtual_account_transition",
    "personal_fields",
    "document_validate",
    "document_is_valid",
    "document_compact",
    "document_format",
    "document_types",
    "codes",
    "MockServer",
    "MOCK_DEFAULT_PORT",
    "MOCK_KEY_VARIABLES",
    "mock_start",
    "run_command",
]

_Body = Union[str, bytes, bytearray, Dict[str, Any], List[Any]]
"""A request or answer body: JSON text, its UTF-8 bytes, or a dict/list written as JSON
(values: None, bool, int, float, decimal.Decimal, str, list, tuple, dict; a NaN or an
infinity is reported as ERR_INVALID_TYPE at its path, other values raise TypeError)."""

_Request = Union[_Body, VirtualAccountRequest, SubscriptionRequest, SubscriptionCancelRequest, PayinRequest]
"""A request body: a ``_Body``, or the typed request of its kind (``cobro.requests``)."""

_Key = Union[str, "Secret"]
_AmountLike = Union["Amount", decimal.Decimal, str, int]
"""An amount: never a float (``TypeError``); an int counts whole units (150 is 150.00)."""

_MerchantId = Union[int, str]
_Kind = Literal["virtual-account", "subscription", "subscription-cancel", "payin"]
_Locale = Literal["en", "es", "pt"]
_DepositMode = Literal["OWNER", "ANY"]
_SignatureVariant = Literal["spec", "reference_id"]
"""The text X-Signature covers (DESIGN.md 9 row 30): ``"spec"``, timestamp + API key (the
default), or ``"reference_id"``, then owner.referenceId (which a ``reference_id`` alone
selects)."""

@final
class Secret:
    """A key held by the core: refuses empty values and surrounding whitespace, prints as
    ``[REDACTED]``, zeroized when dropped, never pickled."""

    def __new__(cls, value: str) -> "Secret": ...
    def __reduce__(self) -> NoReturn: ...

@final
class Amount:
    """A positive amount with at most two decimals; ``str()`` is the canonical text."""

    def __new__(cls, text: str) -> "Amount": ...
    @classmethod
    def from_minor_units(cls, minor: int) -> "Amount": ...
    @property
    def minor_units(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Issue:
    """One problem found in a request."""

    __match_args__ = ("path", "code", "message", "severity", "params")

    @property
    def path(self) -> str: ...
    @property
    def code(self) -> IssueCode: ...
    @property
    def message(self) -> str: ...
    @property
    def severity(self) -> Literal["error", "warning"]: ...
    @property
    def params(self) -> Dict[str, str]: ...
    def to_dict(self) -> Dict[str, Any]: ...

@final
class Report:
    """The outcome of validating one request; ``bool(report)`` is ``valid``."""

    __match_args__ = ("valid", "errors", "warnings")

    @property
    def valid(self) -> bool: ...
    @property
    def errors(self) -> List[Issue]: ...
    @property
    def warnings(self) -> List[Issue]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def to_json(self) -> str: ...
    def __bool__(self) -> bool: ...

@final
class PreparedRequest:
    """A request ready to send: join ``path`` to the base URL; send ``headers`` and
    ``content`` (the UTF-8 bytes of ``body``, the exact signed text)."""

    __match_args__ = ("method", "path", "headers", "body", "content", "filled")

    @property
    def method(self) -> str: ...
    @property
    def path(self) -> str: ...
    @property
    def headers(self) -> Dict[str, str]: ...
    @property
    def body(self) -> str: ...
    @property
    def content(self) -> bytes: ...
    @property
    def filled(self) -> Tuple[str, ...]:
        """The fields prepare wrote a value of its own into (payinDateTime, typePost,
        the Lima default, optional fields left out as ``""``), in body order."""
    def to_json(self) -> str: ...

def _renamed_argument(old: str, new: str) -> str: ...
def validate(
    kind: _Kind,
    body: _Request,
    *,
    strict: bool = False,
    locale: Optional[_Locale] = None,
    key: Optional[_Key] = None,
    max_bytes: Optional[int] = None,
    before_prepare: bool = False,
) -> Report: ...
def ensure_valid(
    kind: _Kind,
    body: _Request,
    *,
    strict: bool = False,
    locale: Optional[_Locale] = None,
    key: Optional[_Key] = None,
    max_bytes: Optional[int] = None,
    before_prepare: bool = False,
) -> Report:
    """``validate``, then raises ``ValidationError`` (``ERR_INVALID_REQUEST``, ``.report``,
    ``.errors``) for an invalid request; returns the report of a valid one."""

def payin_verification(
    *, merchant_id: _MerchantId, operation_number: str, amount: _AmountLike, currency: str, key: _Key
) -> str: ...
def subscription_authorization(
    *, merchant_id: _MerchantId, type: Literal["ON_DEMAND", "RECURRENT"], customer_id: str, processor_code: str, key: _Key
) -> str: ...
def virtual_account_message(
    *, timestamp: int, api_key: str, variant: Optional[_SignatureVariant] = None, reference_id: Optional[str] = None
) -> str: ...
def virtual_account_signature(
    *,
    timestamp: int,
    api_key: str,
    secret: _Key,
    variant: Optional[_SignatureVariant] = None,
    reference_id: Optional[str] = None,
) -> str: ...
def virtual_account_headers(
    *,
    api_key: str,
    secret: _Key,
    deposit_mode: _DepositMode,
    now: Optional[int] = None,
    variant: Optional[_SignatureVariant] = None,
    reference_id: Optional[str] = None,
) -> Dict[str, str]: ...
def verify_virtual_account_headers(
    headers: Union[Mapping[str, str], Iterable[Tuple[str, str]], Iterable[List[str]]],
    *,
    secret: _Key,
    now: Optional[int] = None,
    window_seconds: Optional[int] = None,
    variant: Optional[_SignatureVariant] = None,
    reference_id: Optional[str] = None,
) -> None: ...
def verify_payin_notification(body: _Body, *, key: _Key) -> PayinNotification:
    """Parses a pay-in notification and checks its payinVerification; raises
    ``VerificationError`` or ``ParseError``."""
def prepare_virtual_account(
    body: Union[_Body, VirtualAccountRequest],
    *,
    api_key: str,
    secret: _Key,
    deposit_mode: _DepositMode,
    now: Optional[int] = None,
    variant: Optional[_SignatureVariant] = None,
    strict: bool = False,
    locale: Optional[_Locale] = None,
    max_bytes: Optional[int] = None,
) -> PreparedRequest: ...
def prepare_subscription(
    body: Union[_Body, SubscriptionRequest], *, key: _Key, strict: bool = False, locale: Optional[_Locale] = None, max_bytes: Optional[int] = None
) -> PreparedRequest: ...
def prepare_subscription_cancel(
    body: Union[_Body, SubscriptionCancelRequest], *, key: _Key, strict: bool = False, locale: Optional[_Locale] = None, max_bytes: Optional[int] = None
) -> PreparedRequest: ...
def prepare_payin(
    body: Union[_Body, UnsignedPayinRequest, PayinRequest],
    *,
    key: _Key,
    now: Optional[int] = None,
    wrap_data: bool = False,
    strict: bool = False,
    locale: Optional[_Locale] = None,
    max_bytes: Optional[int] = None,
) -> PreparedRequest: ...

def prepare_payin_status(
    *,
    merchant_id: _MerchantId,
    key: _Key,
    operation_number: Optional[str] = None,
    start_date: Union[datetime.date, str, None] = None,
    end_date: Union[datetime.date, str, None] = None,
    now: Optional[int] = None,
) -> PreparedRequest: ...

@overload
def parse(document: Literal["virtual-account-response"], body: _Body, *, http_status: int = 200) -> VirtualAccountAnswer: ...
@overload
def parse(document: Literal["subscription-response"], body: _Body, *, http_status: int = 200) -> SubscriptionAnswer: ...
@overload
def parse(document: Literal["payin-status"], body: _Body, *, http_status: int = 200) -> PayinStatus: ...
@overload
def parse(document: Literal["payin-response"], body: _Body, *, http_status: int = 200) -> PayinResponse: ...
@overload
def parse(document: Literal["payin-notification"], body: _Body, *, http_status: int = 200) -> PayinNotification: ...
@overload
def parse(document: Literal["subscription-webhook"], body: _Body, *, http_status: int = 200) -> SubscriptionWebhook: ...
@overload
def parse(document: Literal["deposit-notification"], body: _Body, *, http_status: int = 200) -> DepositNotification: ...
@overload
def parse(document: _Document, body: _Body, *, http_status: int = 200) -> _Answer:
    """Parses an answer or notification into its typed value (``cobro.answers``);
    ``http_status`` matters only for ``virtual-account-response``. Raises
    ``ParseError`` (``.code``, ``.path``) for a body that is not such a document."""

def parse_virtual_account_response(body: _Body, *, http_status: int = 200) -> VirtualAccountAnswer:
    """``VirtualAccountCreated`` or ``VirtualAccountRefused``, by ``outcome``."""

def parse_subscription_response(body: _Body) -> SubscriptionAnswer:
    """``SubscriptionCreated``, ``SubscriptionCancelled`` or ``SubscriptionRefused``, by ``outcome``."""

def parse_payin_response(body: _Body) -> PayinResponse:
    """The answer to a pay-in creation; narrow ``experience`` on ``experience.kind``."""

def parse_payin_notification(body: _Body) -> PayinNotification:
    """A pay-in notification, not verified (see ``verify_payin_notification``)."""

def receive_notification(
    kind: NotificationKind,
    raw: Union[bytes, bytearray, str],
    *,
    key: Optional[_Key] = None,
    peer: Optional[str] = None,
    allow_list: Optional[List[str]] = None,
    stored_state: Optional[int] = None,
    merchant_id: Optional[Union[int, str]] = None,
    trust_unsigned: bool = False,
    locale: Optional[_Locale] = None,
) -> Receipt:
    """What a notification endpoint answers at once and may do with the raw body it
    received (DESIGN.md 9 rows 35 and 39). ``trust_unsigned`` acts on subscription
    webhooks and deposit notifications from any peer: for development with the mock
    only, since it lets anyone who reaches the endpoint credit a deposit."""

def retry_advice(
    kind: _Kind,
    attempt: int,
    *,
    failure: Optional[TransportFailure] = None,
    http_status: Optional[int] = None,
    body: Optional[_Body] = None,
) -> RetryAdvice:
    """The next step after an attempt to send a request (DESIGN.md 9 row 34): give
    ``failure`` when no answer could be read, or ``http_status`` with ``body`` as
    received."""

def parse_payin_status(body: _Body) -> PayinStatus:
    """The answer to the pay-in status query, an extension beyond the spec."""

def parse_subscription_webhook(body: _Body) -> SubscriptionWebhook: ...
def parse_deposit_notification(body: _Body) -> DepositNotification: ...
def payin_creation_code(code: str) -> Optional[CodeInfo]: ...
def payment_confirmation_code(code: str) -> Optional[CodeInfo]: ...
def payin_state(id: int) -> Optional[PayinState]: ...
def subscription_error_code(code: str) -> Optional[SubscriptionCode]: ...
def virtual_account_error_code(code: str) -> Optional[CodeInfo]: ...
def payin_creation_codes() -> List[CodeInfo]: ...
def payment_confirmation_codes() -> List[CodeInfo]: ...
def payin_states() -> List[PayinState]: ...
def subscription_error_codes() -> List[SubscriptionCode]: ...
def virtual_account_error_codes() -> List[CodeInfo]: ...
def can_cancel(status: str) -> Verdict:
    """Whether a subscription in ``status`` (the wire value) may be cancelled."""

def may_request_subscription(existing_status: Optional[str] = None) -> Verdict:
    """Whether a new subscription may be requested for a mobile number, given the status
    of the latest earlier request for it (``None``: there is none)."""

def may_charge(status: str) -> Verdict:
    """Whether a subscription in ``status`` may be charged on file."""

def payin_state_is_final(id: int) -> Optional[Verdict]:
    """``allowed`` is whether pay-in state ``id`` is final; ``None`` for an unknown id."""

def next_states(id: int) -> Optional[List[int]]:
    """The states pay-in state ``id`` may still change to; ``None`` for an unknown id."""

def payin_transition(from_state: int, to_state: int) -> Verdict: ...
def virtual_account_transition(country: str, from_status: str, to_status: str) -> Verdict:
    """``country`` is ISO alpha-3 (ARG, MEX, PER, CHL); statuses are wire values."""

def document_validate(country: str, type: str, number: str) -> ValidDocument: ...
def personal_fields() -> Dict[str, Tuple[str, ...]]:
    """The core's personal fields: record class name to attribute names, which ``repr``
    shows as ``[REDACTED]``. A new dict on each call."""
def document_is_valid(country: str, type: str, number: str) -> bool: ...
def document_compact(country: str, type: str, number: str) -> str: ...
def document_format(country: str, type: str, number: str) -> str: ...
def document_types() -> List[DocumentType]: ...
def schema(kind: _Kind) -> str:
    """The JSON Schema (draft 2020-12) of the request kind, as JSON text: the core's,
    the text of ``schemas/<kind>.schema.json``. Rules JSON Schema cannot state are
    listed in ``x-cobro-unexpressed`` annotations."""

def openapi() -> str:
    """The OpenAPI 3.1 document of the three APIs (operations, headers, security,
    request and answer schemas, the notifications as ``webhooks``), as JSON text: the
    text of ``schemas/openapi.json``."""

def codes() -> List[CatalogueCode]:
    """Every code of the core's catalogue, in its order: ``CatalogueCode`` records with ``code``,
    ``severity`` (``"error"``, ``"warning"``, or ``None`` for a code raised only as an
    exception), ``classes`` (``"report"`` and/or the exception classes that carry it as
    ``.code``), ``meaning``, ``params`` and ``templates``
    (``{"en": ..., "es": ..., "pt": ...}``)."""

MOCK_DEFAULT_PORT: int
"""The port ``python -m cobro.mock`` listens on by default (``cobro mock``'s)."""
MOCK_KEY_VARIABLES: Tuple[str, str]
"""The environment variables ``python -m cobro.mock`` reads the virtual-account secret
and the pay-in key from (``cobro mock``'s)."""

@final
class MockServer:
    """A running mock (``cobro.mock.start``): ``url`` is the base URL of the three APIs
    and of the control API (``/_mock/``); ``merchant_id`` and ``api_key`` are its (first)
    merchant's. Its keys are never attributes. ``stop()`` ends it, as leaving a ``with``
    block and dropping the last reference do."""

    __match_args__ = ("url", "merchant_id", "api_key")

    @property
    def url(self) -> str: ...
    @property
    def merchant_id(self) -> int: ...
    @property
    def api_key(self) -> str: ...
    def stop(self) -> None:
        """Stops it and waits for its thread (a few seconds at most for requests under
        way); calling it again does nothing."""
    def __enter__(self) -> "MockServer": ...
    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None: ...
    def _banner(self) -> List[str]: ...

def mock_start(
    *,
    port: int = 0,
    host: str = "127.0.0.1",
    merchant_id: Optional[Union[int, str]] = None,
    api_key: Optional[str] = None,
    webhook_url: Optional[str] = None,
    subscription_webhook_url: Optional[str] = None,
    deposit_webhook_url: Optional[str] = None,
    va_secret: Optional[_Key] = None,
    payin_key: Optional[_Key] = None,
    config: Optional[Union[str, "os.PathLike[str]"]] = None,
    clock_offset: int = 0,
    auto_pay: Optional[int] = None,
    webhook_ca: Optional[Union[str, "os.PathLike[str]"]] = None,
) -> MockServer:
    """``cobro.mock.start``: starts the provider's stand-in on ``host:port`` (a loopback
    address; port 0 picks a free one) on a thread of its own and returns once it listens.
    One merchant, the fake one (id 1001, API key ``mock-api-key``, fake keys) changed by
    the arguments given, or every merchant of the file ``config`` (``{"merchants": [...]}``,
    which no merchant argument goes with; JSON text in place of the path is refused). ``clock_offset``
    skews the clock X-Timestamp is checked against; ``auto_pay`` pays each pay-in by
    itself that many seconds after it is created. ``webhook_url`` is ``http://`` or
    ``https://``, where every notification goes unless ``subscription_webhook_url`` or
    ``deposit_webhook_url`` gives that kind its own; ``webhook_ca`` names a PEM file of CA certificates (a local test
    receiver's) an https webhook may chain to besides the system's. Keys are ``str`` or
    ``cobro.Secret``.

    Raises ``SigningError`` for a refused argument (a key, a merchant id, a port out of
    range, a host that is not a loopback address), ``TypeError`` for a wrong type or a
    merchant argument given with ``config``, and ``CobroError`` (``ERR_MOCK_NOT_STARTED``)
    when the address cannot be listened on, the config cannot be read or is refused, or
    the ``webhook_ca`` file cannot be read or holds no CA certificate."""

def run_command(args: List[str], /) -> int:
    """The ``cobro`` command line, run in this process (``python -m cobro``)."""
