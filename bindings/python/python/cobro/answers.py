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

from ._catalog import (
    CatalogueCode,
    CodeInfo,
    Disposition,
    PayinState,
    Severity,
    SubscriptionCode,
    SubscriptionOperation,
    Verdict,
)
from ._documents import DocumentType as _DocumentType
from ._documents import ValidDocument as _ValidDocument
from ._payin import (
    BankDeepLink,
    DeeplinkMethodExperience,
    Experience,
    FailedExperience,
    PayinNotification,
    PayinResponse,
    PaymentErrorDetails,
    QrExperience,
    RedirectExperience,
    VoucherExperience,
    WalletDeepLink,
    WalletOnFileExperience,
    WalletOneShotExperience,
)
from ._subscription import (
    SubscriptionAnswer,
    SubscriptionCancelled,
    SubscriptionCreated,
    SubscriptionFieldDetail,
    SubscriptionRefused,
    SubscriptionWebhook,
    WebhookError,
    WebhookMetadata,
)
from . import _typed
from ._typed import Record
from ._virtual_account import (
    AccountEcho,
    DepositAccount,
    DepositDetails,
    DepositNotification,
    DepositOwner,
    DepositStatus,
    Depositor,
    MetadataEntry,
    OwnerEcho,
    VirtualAccountAnswer,
    VirtualAccountCreated,
    VirtualAccountErrorDetail,
    VirtualAccountRefused,
)
from ._voucher import (
    DeviceInstructions,
    GeneralInstruction,
    HexColor,
    Instruction,
    Markup,
    MethodInstructions,
    QrBank,
    QrConfig,
    VoucherConfig,
    VoucherEntry,
    VoucherExpiration,
    VoucherFamily,
    VoucherInfo,
)

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
