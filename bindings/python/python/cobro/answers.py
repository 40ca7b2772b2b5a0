"""The typed answers, notifications and catalogue entries of cobro: one frozen dataclass
per type of the Rust core, with typed attributes (``answer.experience.voucher.amount``).

Every class has ``to_dict()`` (the core's JSON, exactly) and ``from_dict()``. Tagged
unions are plain ``Union`` aliases of classes with a ``Literal`` tag: narrow them on it::

    answer = cobro.parse_payin_response(body)
    if answer.experience.kind == "voucher":
        print(answer.experience.voucher.amount)

Open sets of the provider (statuses, error types, device codes) are ``str``, the wire
value; closed sets of the core (``Disposition``, ``VoucherFamily``, ``Operation``) are
``Literal`` types. Lists are tuples. ``repr`` hides personal values (names, document
numbers, e-mails, phones, account numbers, user ids, free text: the fields the core
marks personal, ``cobro._cobro.personal_fields()``) as ``[REDACTED]``.
"""

from __future__ import annotations

from typing import Any, Dict

from ._catalog import CodeInfo, Disposition, Operation, PayinState, SubscriptionCode
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
    WalletOneShotExperience,
    WalletOnFileExperience,
)
from ._subscription import (
    FieldDetail,
    SubscriptionAnswer,
    SubscriptionCancelled,
    SubscriptionCreated,
    SubscriptionError,
    SubscriptionWebhook,
    WebhookError,
    WebhookMetadata,
)
from ._typed import Record, from_core
from ._virtual_account import (
    AccountEcho,
    DepositAccount,
    DepositDetails,
    DepositNotification,
    Depositor,
    DepositOwner,
    DepositStatus,
    MetadataEntry,
    OwnerEcho,
    VirtualAccountAnswer,
    VirtualAccountError,
    VirtualAccountErrorDetail,
    VirtualAccountResponse,
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
    "CodeInfo",
    "DeeplinkMethodExperience",
    "DepositAccount",
    "DepositDetails",
    "DepositNotification",
    "DepositOwner",
    "Depositor",
    "DepositStatus",
    "DeviceInstructions",
    "Disposition",
    "Experience",
    "FailedExperience",
    "FieldDetail",
    "GeneralInstruction",
    "HexColor",
    "Instruction",
    "Markup",
    "MetadataEntry",
    "MethodInstructions",
    "Operation",
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
    "SubscriptionAnswer",
    "SubscriptionCancelled",
    "SubscriptionCode",
    "SubscriptionCreated",
    "SubscriptionError",
    "SubscriptionWebhook",
    "VirtualAccountAnswer",
    "VirtualAccountError",
    "VirtualAccountErrorDetail",
    "VirtualAccountResponse",
    "VoucherConfig",
    "VoucherEntry",
    "VoucherExpiration",
    "VoucherExperience",
    "VoucherFamily",
    "VoucherInfo",
    "WalletDeepLink",
    "WalletOneShotExperience",
    "WalletOnFileExperience",
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
}


def _from_core(name: str, text: str) -> Any:
    """Called by the native module: the value of the core's JSON ``text`` as the type
    named ``name`` (a document name or a catalogue's), ``None`` for ``null``."""
    return from_core(_BY_NAME[name], text)
