"""Type stubs of ``cobro._cobro``, the native module (checked with ``mypy.stubtest``)."""

import datetime
import decimal
from typing import Any, Dict, Iterable, List, Literal, Mapping, Optional, Tuple, Union, final

from ._record import Record

__version__: str

Body = Union[str, bytes, bytearray, Dict[str, Any], List[Any]]
"""A request or answer body: JSON text, its UTF-8 bytes, or a dict/list written as JSON
(values: None, bool, int, float, decimal.Decimal, str, list, tuple, dict)."""

Key = Union[str, "Secret"]
AmountLike = Union["Amount", decimal.Decimal, str, int]
"""An amount: never a float (``TypeError``); an int counts whole units (150 is 150.00)."""

MerchantId = Union[int, str]
Kind = Literal["virtual-account", "subscription", "subscription-cancel", "payin"]
Locale = Literal["en", "es"]
DepositMode = Literal["OWNER", "ANY"]
Document = Literal[
    "virtual-account-response",
    "subscription-response",
    "payin-response",
    "payin-notification",
    "subscription-webhook",
    "deposit-notification",
]

@final
class Secret:
    """A key held by the core: refuses empty values and surrounding whitespace, prints as
    ``[REDACTED]``, zeroized when dropped, never pickled."""

    def __new__(cls, value: str) -> "Secret": ...
    def __reduce__(self) -> None: ...

@final
class Amount:
    """A positive amount with at most two decimals; ``str()`` is the canonical text."""

    def __new__(cls, text: str) -> "Amount": ...
    @classmethod
    def from_minor_units(cls, minor: int) -> "Amount": ...
    @property
    def minor_units(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Issue:
    """One problem found in a request."""

    @property
    def path(self) -> str: ...
    @property
    def code(self) -> str: ...
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
    def to_json(self) -> str: ...

def validate(
    kind: Kind,
    body: Body,
    *,
    strict: bool = False,
    locale: Optional[Locale] = None,
    key: Optional[Key] = None,
    max_bytes: Optional[int] = None,
) -> Report: ...
def payin_verification(
    *, merchant_id: MerchantId, operation_number: str, amount: AmountLike, currency: str, key: Key
) -> str: ...
def subscription_authorization(
    *, merchant_id: MerchantId, type: Literal["ON_DEMAND", "RECURRENT"], customer_id: str, processor_code: str, key: Key
) -> str: ...
def virtual_account_signature(*, timestamp: int, api_key: str, secret: Key) -> str: ...
def virtual_account_headers(
    *, api_key: str, secret: Key, deposit_mode: DepositMode, timestamp: Optional[int] = None
) -> Dict[str, str]: ...
def verify_virtual_account_headers(
    headers: Union[Mapping[str, str], Iterable[Tuple[str, str]], Iterable[List[str]]],
    *,
    secret: Key,
    now: Optional[int] = None,
    window_seconds: Optional[int] = None,
) -> None: ...
def verify_payin_notification(body: Body, *, key: Key) -> Record: ...
def prepare_virtual_account(
    body: Body,
    *,
    api_key: str,
    secret: Key,
    deposit_mode: DepositMode,
    now: Optional[int] = None,
    strict: bool = False,
    locale: Optional[Locale] = None,
    max_bytes: Optional[int] = None,
) -> PreparedRequest: ...
def prepare_subscription(
    body: Body, *, key: Key, strict: bool = False, locale: Optional[Locale] = None, max_bytes: Optional[int] = None
) -> PreparedRequest: ...
def prepare_subscription_cancel(
    body: Body, *, key: Key, strict: bool = False, locale: Optional[Locale] = None, max_bytes: Optional[int] = None
) -> PreparedRequest: ...
def prepare_payin(
    body: Body,
    *,
    key: Key,
    today: Union[datetime.date, str, None] = None,
    wrap_data: bool = False,
    strict: bool = False,
    locale: Optional[Locale] = None,
    max_bytes: Optional[int] = None,
) -> PreparedRequest: ...
def parse(document: Document, body: Body, *, http_status: Optional[int] = None) -> Record: ...
def payin_creation_code(code: str) -> Optional[Record]: ...
def payment_confirmation_code(code: str) -> Optional[Record]: ...
def payin_state(id: int) -> Optional[Record]: ...
def subscription_error_code(code: str) -> Optional[Record]: ...
def virtual_account_error_code(code: str) -> Optional[Record]: ...
def document_validate(country: str, type: str, number: str) -> str: ...
def document_is_valid(country: str, type: str, number: str) -> bool: ...
def document_compact(country: str, type: str, number: str) -> str: ...
def document_format(country: str, type: str, number: str) -> str: ...
def document_types() -> List[Dict[str, Any]]: ...
