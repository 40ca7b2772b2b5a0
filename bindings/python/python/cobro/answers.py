"""The typed answers, notifications and catalogue entries of cobro: one frozen dataclass
per type of the Rust core, with typed attributes (``answer.experience.voucher.amount``).

Every class has ``to_dict()`` (the core's JSON, exactly) and ``from_dict()``. Tagged
unions are plain ``Union`` aliases of classes with a ``Literal`` tag: narrow them on it::

    answer = cobro.parse_payin_response(body)
    if answer.experience.kind == "voucher":
        print(answer.experience.voucher.amount)

Open sets of the provider (statuses, error types, device codes) are ``str``, the wire
value; closed sets of the core (``Disposition``, ``VoucherFamily``,
``SubscriptionOperation``) are
``Literal`` types. Lists are tuples. ``repr`` hides personal values (names, document
numbers, e-mails, phones, account numbers, user ids, free text: the fields the core
marks personal, ``cobro._cobro.personal_fields()``) as ``[REDACTED]``.
"""

from __future__ import annotations

from typing import Any, Dict, List

from . import _typed
from ._catalog import CatalogueCode, Severity, Verdict
from ._records import (
    AccountEcho,
    BankDeepLink,
    CodeInfo,
    DeeplinkMethodExperience,
    DepositAccount,
    DepositDetails,
    DepositNotification,
    DepositOwner,
    DepositStatus,
    Depositor,
    DeviceInstructions,
    Disposition,
    Experience,
    FailedExperience,
    GeneralInstruction,
    HexColor,
    Instruction,
    Markup,
    MetadataEntry,
    MethodInstructions,
    OwnerEcho,
    PayinNotification,
    PayinStatus,
    PayinStatusOperation,
    Receipt,
    RetryAction,
    RetryAdvice,
    PayinResponse,
    PayinState,
    PaymentErrorDetails,
    QrBank,
    QrConfig,
    QrExperience,
    RedirectExperience,
    SubscriptionAnswer,
    SubscriptionCancelled,
    SubscriptionCode,
    SubscriptionCreated,
    SubscriptionFieldDetail,
    SubscriptionOperation,
    SubscriptionRefused,
    SubscriptionWebhook,
    VirtualAccountAnswer,
    VirtualAccountCreated,
    VirtualAccountErrorDetail,
    VirtualAccountRefused,
    VoucherConfig,
    VoucherEntry,
    VoucherExperience,
    VoucherExpiration,
    VoucherFamily,
    VoucherInfo,
    WalletDeepLink,
    WalletOnFileExperience,
    WalletOneShotExperience,
    WebhookError,
    WebhookMetadata,
)
from ._records import DocumentType as _DocumentType
from ._records import ValidDocument as _ValidDocument
from ._typed import Record

__all__ = [
    "AccountEcho",
    "BankDeepLink",
    "CatalogueCode",
    "CodeInfo",
    "DeeplinkMethodExperience",
    "DepositAccount",
    "DepositDetails",
    "DepositNotification",
    "DepositOwner",
    "DepositStatus",
    "Depositor",
    "DeviceInstructions",
    "Disposition",
    "Experience",
    "FailedExperience",
    "GeneralInstruction",
    "HexColor",
    "Instruction",
    "Markup",
    "MetadataEntry",
    "MethodInstructions",
    "OwnerEcho",
    "PayinNotification",
    "PayinStatus",
    "PayinStatusOperation",
    "Receipt",
    "RetryAction",
    "RetryAdvice",
    "PayinResponse",
    "PayinState",
    "PaymentErrorDetails",
    "QrBank",
    "QrConfig",
    "QrExperience",
    "Record",
    "RedirectExperience",
    "Severity",
    "SubscriptionAnswer",
    "SubscriptionCancelled",
    "SubscriptionCode",
    "SubscriptionCreated",
    "SubscriptionFieldDetail",
    "SubscriptionOperation",
    "SubscriptionRefused",
    "SubscriptionWebhook",
    "Verdict",
    "VirtualAccountAnswer",
    "VirtualAccountCreated",
    "VirtualAccountErrorDetail",
    "VirtualAccountRefused",
    "VoucherConfig",
    "VoucherEntry",
    "VoucherExperience",
    "VoucherExpiration",
    "VoucherFamily",
    "VoucherInfo",
    "WalletDeepLink",
    "WalletOnFileExperience",
    "WalletOneShotExperience",
    "WebhookError",
    "WebhookMetadata",
]

# The type the native module builds for each of its results, by the name it passes.
_BY_NAME: Dict[str, Any] = {
    "virtual-account-response": VirtualAccountAnswer,
    "subscription-response": SubscriptionAnswer,
    "payin-response": PayinResponse,
    "payin-notification": PayinNotification,
    "subscription-webhook": SubscriptionWebhook,
    "deposit-notification": DepositNotification,
    "payin-status": PayinStatus,
    "receipt": Receipt,
    "retry_advice": RetryAdvice,
    "code-info": CodeInfo,
    "subscription-code": SubscriptionCode,
    "payin-state": PayinState,
    "catalogue-code": CatalogueCode,
    "verdict": Verdict,
    "valid-document": _ValidDocument,
    "document-type": _DocumentType,
}


def _from_core(name: str, text: str) -> Any:
    """Called by the native module: the value of the core's JSON ``text`` as the type
    named ``name`` (a document name or a catalogue's), ``None`` for ``null``."""
    return _typed.from_core(_BY_NAME[name], text)


def _list_from_core(name: str, text: str) -> List[Any]:
    """Called by the native module: the core's JSON array ``text`` as a list of the
    type named ``name`` (a whole catalogue table)."""
    return _typed.list_from_core(_BY_NAME[name], text)
