"""A small consumer of cobro's typed answers, checked by ``mypy --strict``
(tests/test_typed_answers.py) and run on the shared vectors: every attribute path of a
voucher, a QR answer, a pay-in notification and a subscription answer, with the type
the stubs promise. A wrong attribute or type here fails the type check."""

from __future__ import annotations

from decimal import Decimal
from typing import List, Optional, Tuple

import cobro
from cobro.answers import (
    CodeInfo,
    PayinNotification,
    PayinResponse,
    PayinState,
    SubscriptionAnswer,
    SubscriptionCode,
    VoucherExpiration,
    VoucherInfo,
)


def code_info(info: Optional[CodeInfo]) -> Tuple[str, str, str]:
    if info is None:
        return ("", "", "")
    disposition: cobro.answers.Disposition = info.disposition
    return (info.code, info.meaning, disposition)


def expiration(e: VoucherExpiration) -> Tuple[str, int, int, int, int, int, int]:
    return (e.text, e.year, e.month, e.day, e.hour, e.minute, e.second)


def voucher_info(v: VoucherInfo) -> List[object]:
    amount: Decimal = Decimal(v.amount)
    payment_code: Optional[str] = v.payment_code
    merchant: Optional[str] = v.merchant
    iso: Optional[str] = v.currency_iso
    operation: Optional[str] = v.operation_number
    status: str = v.status
    return [amount, payment_code, merchant, iso, operation, status, v.currency_code, expiration(v.expiration)]


def voucher_lines(answer: PayinResponse) -> List[str]:
    """The text a merchant shows for a voucher answer (bank transfer, cash, wallet)."""
    success: bool = answer.success
    lines = [str(success), answer.error_code, *code_info(answer.meaning)]
    lines += [answer.error_message or "", answer.trx_operation or "", answer.url or ""]
    experience = answer.experience
    if experience.kind != "voucher":
        return lines
    family: cobro.answers.VoucherFamily = experience.family
    lines.append(family)
    lines += [str(x) for x in voucher_info(experience.voucher)]
    config = experience.config
    double: bool = config.double_encoded
    methods: Tuple[str, ...] = config.instruction_payment_methods
    lines += [str(double), *methods]
    for entry in config.entries:
        order: Optional[int] = entry.nro_order
        lines += [entry.bank_code, str(order)]
        if entry.hex_color is not None:
            rgb: Optional[str] = entry.hex_color.rgb
            lines += [entry.hex_color.raw, rgb or ""]
        for method in entry.payment_method_instructions:
            lines.append(method.method)
            for step in method.instructions:
                step_order: Optional[int] = step.order
                lines += [str(step_order), step.value.raw, step.value.text, step.value.html]
    return lines


def qr_image(answer: PayinResponse) -> Optional[bytes]:
    """The PNG of a QR answer, after reading every field of the QR experience."""
    experience = answer.experience
    if experience.kind != "qr":
        return None
    voucher_info(experience.voucher)
    double: bool = experience.config.double_encoded
    banks = [(b.bank_code, b.nro_order) for b in experience.config.banks]
    assert isinstance(double, bool) and isinstance(banks, list)
    for general in experience.general_instructions:
        method: str = general.method
        for device in general.devices:
            code: str = device.code
            texts = [(m.raw, m.text, m.html) for m in device.instructions]
            assert method and code and isinstance(texts, list)
    png: bytes = experience.qr_png
    return png


def notification_summary(n: PayinNotification) -> List[object]:
    state: Optional[PayinState] = n.state
    paid = False
    if state is not None:
        paid = state.paid
        summary: List[object] = [state.id, state.name, state.name_en, state.meaning, state.is_final]
    else:
        summary = []
    state_id: int = n.payin_state_id
    summary += [paid, state_id, n.payin_state, n.payin_status_error_code, n.payin_status_error_message]
    summary += [n.payin_merchant_id, n.payin_amount, n.payin_amount_two_decimals, n.payin_currency]
    summary += [n.payin_merchant_operation_number, n.payin_method, n.payin_verification]
    extra: Optional[Tuple[str, ...]] = n.additional_information
    summary.append(extra)
    if n.error_details is not None:
        d = n.error_details
        summary += [d.code_error_trx, d.message_error_trx, *code_info(d.confirmation)]
    return summary


def subscription_summary(answer: SubscriptionAnswer) -> List[object]:
    if answer.outcome == "created":
        deep_link: Optional[str] = answer.deep_link
        return [answer.subscription_id, answer.status, deep_link]
    if answer.outcome == "cancelled":
        subscription_id: int = answer.subscription_id
        return [subscription_id, answer.status]
    out: List[object] = [answer.error_code, answer.error_message]
    out += [(d.field, d.error_message) for d in answer.error_field_details]
    meaning: Optional[SubscriptionCode] = answer.meaning
    if meaning is not None:
        out += [*code_info(meaning), *meaning.operations]
    return out


def plain(answer: PayinResponse) -> str:
    """``to_dict()`` is JSON data."""
    import json

    return json.dumps(answer.to_dict())


def mock_merchant() -> Tuple[str, int, str]:
    """``cobro.mock`` as the stubs type it: a running mock's URL and merchant."""
    import cobro.mock

    with cobro.mock.start(port=0, payin_key=cobro.Secret("fake-key"), clock_offset=-5) as server:
        running: cobro.mock.MockServer = server
        return (running.url, running.merchant_id, running.api_key)
