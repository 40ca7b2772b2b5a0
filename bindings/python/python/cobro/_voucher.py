"""The voucher parts of a pay-in answer (core ``payin::voucher``, ``payin::qr`` and
``payin::markup``, spec 2.8) as typed records."""

from __future__ import annotations

from typing import Literal, Optional, Tuple

from ._typed import Record, record

VoucherFamily = Literal["BankTransfer", "Cash", "Wallet"]
"""Which list voucherConfig held: ``bankList``, ``CashList`` or ``WalletList``."""


@record
class Markup(Record):
    """One instruction value, which may carry markup, in three forms."""

    raw: str
    """As received: may hold markup; never insert it into a page as HTML."""
    text: str
    """Plain text: tags dropped, entities decoded, line breaks for ``<br>`` and blocks."""
    html: str
    """Sanitized HTML (simple formatting tags, ``https`` links only), safe in a page."""


@record
class VoucherExpiration(Record):
    """A voucher's expiry, ``YYYY-MM-DD HH:MM:SS`` as the service wrote it (no time
    zone is assumed)."""

    text: str
    """The value as received, for display."""
    year: int
    month: int
    day: int
    hour: int
    minute: int
    second: int


@record
class VoucherInfo(Record):
    """The fields of ``experienceVoucher`` a shopper needs to pay."""

    payment_code: Optional[str]
    """``paymentCode``: the code the shopper pays with (``None`` in QR answers)."""
    status: str
    """``status``, the wire value of an open set: ``PENDIENTE_PAGO`` and
    ``PENDING_PAYMENT`` both mean pending payment; other values are kept as received."""
    expiration: VoucherExpiration
    """``expiration``."""
    merchant: Optional[str]
    """``merchant``: the merchant name shown on the voucher."""
    amount: str
    """``amount`` as received (checked: at most two decimals); ``decimal.Decimal(amount)``."""
    currency_code: str
    """``currencyCode`` (``PEN``)."""
    currency_iso: Optional[str]
    """``currencyISO``: the currency symbol (``S/``)."""
    operation_number: Optional[str]
    """``operationNumber``: the service's number; not to be shown to the shopper."""


@record
class HexColor(Record):
    """A color as received, and its ``#RRGGBB`` form when it is a valid CSS hex color."""

    raw: str
    rgb: Optional[str]
    """``#RRGGBB`` in upper case, or ``None`` for a malformed color."""


@record
class Instruction(Record):
    """One instruction step (``{order, value}``)."""

    order: Optional[int]
    """Display order; ``None`` when absent (listed last)."""
    value: Markup


@record
class MethodInstructions(Record):
    """The instructions of one payment method for an entry."""

    method: str
    """The method (``BankTransfer``)."""
    instructions: Tuple[Instruction, ...]
    """Sorted by ``order``."""


@record
class VoucherEntry(Record):
    """One bank, agent or wallet of a voucher."""

    bank_code: str
    nro_order: Optional[int]
    """Display order; ``None`` when absent (listed last)."""
    hex_color: Optional[HexColor]
    payment_method_instructions: Tuple[MethodInstructions, ...]
    """In wire order; empty when absent."""


@record
class VoucherConfig(Record):
    """The decoded voucherConfig of a bank-transfer, cash or wallet voucher."""

    double_encoded: bool
    """True when the JSON text had been encoded twice (accepted, flagged)."""
    entries: Tuple[VoucherEntry, ...]
    """The entries of bankList, CashList or WalletList, sorted by ``nroOrder``."""
    instruction_payment_methods: Tuple[str, ...]
    """Method names, in wire order; empty when absent."""


@record
class QrBank(Record):
    """A bank whose app reads the QR."""

    bank_code: str
    nro_order: Optional[int]


@record
class QrConfig(Record):
    """The decoded voucherConfig of a QR voucher."""

    double_encoded: bool
    banks: Tuple[QrBank, ...]
    """Sorted by ``nroOrder``."""


@record
class DeviceInstructions(Record):
    """The QR instructions for one device."""

    code: str
    """The device, the wire value of an open set: ``DESKTOP``, ``MOBILE`` or another."""
    instructions: Tuple[Markup, ...]
    """In wire order."""


@record
class GeneralInstruction(Record):
    """One element of ``generalInstructions``: a method's instructions per device."""

    method: str
    """``QR``."""
    devices: Tuple[DeviceInstructions, ...]
