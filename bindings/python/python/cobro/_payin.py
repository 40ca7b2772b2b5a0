"""The answer to a pay-in creation and the pay-in notification (core
``payin::response`` and ``payin::notification``) as typed records."""

from __future__ import annotations

from typing import Literal, Optional, Tuple, Union

from ._catalog import CodeInfo, PayinState
from ._typed import Record, record
from ._voucher import GeneralInstruction, QrConfig, VoucherConfig, VoucherFamily, VoucherInfo


@record
class BankDeepLink(Record):
    """One element of ``experienceVoucher.deepLinks`` (deeplink method)."""

    processor: str
    collector_id: str
    """The target bank or provider."""
    deep_link: str
    """The URL that starts the payment."""
    order: Optional[int]


@record
class WalletDeepLink(Record):
    """One element of the top-level ``deepLinks`` (one-shot wallet)."""

    processor: str
    processor_code: str
    """``processoCode`` as spelled on the wire (``processorCode`` also read)."""
    deep_link: str
    """The URL that opens the wallet app."""
    order: Optional[int]


@record
class RedirectExperience(Record):
    """Send the shopper to ``url``; reaching the OK URL does not prove payment."""

    kind: Literal["redirect"]
    url: str


@record
class VoucherExperience(Record):
    """Peru bank transfer, cash or wallet: show a voucher."""

    kind: Literal["voucher"]
    family: VoucherFamily
    voucher: VoucherInfo
    config: VoucherConfig


@record
class QrExperience(Record):
    """Show the QR image; a QR code is single-use."""

    kind: Literal["qr"]
    voucher: VoucherInfo
    config: QrConfig
    """The banks whose apps read the code."""
    general_instructions: Tuple[GeneralInstruction, ...]
    """Per device; empty when absent."""
    qr_png: bytes
    """The PNG image (signature checked); Base64 text in ``to_dict()``."""


@record
class DeeplinkMethodExperience(Record):
    """BankTransfer_Deeplink: offer one link per bank or provider."""

    kind: Literal["deeplink_method"]
    voucher: VoucherInfo
    deep_links: Tuple[BankDeepLink, ...]
    """Sorted by ``order``."""


@record
class WalletOneShotExperience(Record):
    """Wallet_one_shot: redirect to a deeplink on MOBILE, show instructions on WEB."""

    kind: Literal["wallet_one_shot"]
    deep_links: Tuple[WalletDeepLink, ...]
    """Sorted by ``order``."""


@record
class WalletOnFileExperience(Record):
    """Wallet_on_file: a success with codes only; the result comes by notification."""

    kind: Literal["wallet_on_file"]


@record
class FailedExperience(Record):
    """payinErrorCode is not ``0000``: nothing to show; see ``error_code``."""

    kind: Literal["failed"]


Experience = Union[
    RedirectExperience,
    VoucherExperience,
    QrExperience,
    DeeplinkMethodExperience,
    WalletOneShotExperience,
    WalletOnFileExperience,
    FailedExperience,
]
"""What the merchant does with a pay-in answer, told apart by ``kind``."""


@record
class PayinResponse(Record):
    """The answer to a pay-in creation (spec 2.8, 4.4, 7.3)."""

    success: bool
    """``payinErrorCode`` is ``0000``."""
    error_code: str
    """``payinErrorCode`` as received."""
    meaning: Optional[CodeInfo]
    """The creation-code catalogue's entry; ``None`` for an unknown code."""
    error_message: Optional[str]
    """``payinErrorMessage``, for logs."""
    trx_operation: Optional[str]
    """``payinTrxOperation``: the service's transaction id (not for the shopper)."""
    url: Optional[str]
    """``url`` as received."""
    experience: Experience
    """What to show the shopper; narrow it on ``experience.kind``."""


@record
class PaymentErrorDetails(Record):
    """``errorDetails`` of a pay-in notification."""

    code_error_trx: Optional[str]
    """A payment confirmation code, 9000-9099; ``None`` when absent (DESIGN.md 9 row
    31)."""
    message_error_trx: Optional[str]
    confirmation: Optional[CodeInfo]
    """The confirmation-code catalogue's entry; ``None`` for an unknown code."""


@record
class PayinNotification(Record):
    """A pay-in payment notification; attribute names are the wire names in snake case.
    The five fields typed without ``Optional`` are the ones required (DESIGN.md 9 row
    31); every other is ``None`` when absent.
    ``additional_information`` (processor data of no documented shape) is hidden from
    ``repr``."""

    payin_state_id: int
    """payinStateID: key on it (or on ``state``), not on ``payin_state``'s text."""
    payin_state: Optional[str]
    """payinState as received; varies in case and wording."""
    state: Optional[PayinState]
    """The catalogue's entry for payinStateID (``state.paid``, ``state.is_final``)."""
    payin_status_error_code: Optional[str]
    """Reserved by the provider; kept raw, never interpreted."""
    payin_status_error_message: Optional[str]
    payin_merchant_id: str
    payin_amount: str
    """payinAmount exactly as received (``"30.0"``)."""
    payin_amount_two_decimals: Optional[str]
    """The amount with two decimals (``"30.00"``); ``None`` when not an amount."""
    payin_currency: str
    payin_merchant_operation_number: str
    """The merchant's sale reference."""
    payin_method: Optional[str]
    payin_verification: Optional[str]
    """payinVerification as received (hex SHA-512)."""
    additional_information: Optional[Tuple[str, ...]]
    """Each element as its compact JSON text; ``None`` when absent."""
    error_details: Optional[PaymentErrorDetails]
