"""A small consumer of cobro's typed requests, checked by ``mypy --strict
--warn-unused-ignores`` (tests/test_typed_requests.py) and run there: typed bodies go
to ``validate`` and the prepare functions, a report's codes are ``IssueCode``, and each
``# type: ignore[...]`` below marks a mistake the types must catch: were the types to
stop catching it, the ignore would be unused and the check would fail."""

from __future__ import annotations

from decimal import Decimal
from typing import List

import cobro
from cobro.request_types import Owner, OwnerDocument, OwnerPhone, SubscriptionDetails

KEY = "fake-payin-key-for-examples"


def unsigned_payin() -> cobro.UnsignedPayinRequest:
    return {
        "payinMerchantID": 1234,
        "payinAmount": Decimal("150.50"),
        "payinCurrency": "PEN",
        "payinMerchantOperationNumber": "ORDER-0001",
        "payinMethod": "BankTransfer",
        "payinTransactionOKURL": "https://shop.example.com/checkout/ok",
        "payinTransactionErrorURL": "https://shop.example.com/checkout/error",
        "payinExpirationTime": 60,
        "payinLanguage": "es",
        "payinCustomerEmail": "ana.perez@example.com",
        "payinCustomerName": "Ana",
        "payinCustomerLastName": "Perez",
        "payinCustomerTypeDocument": "DNI",
        "payinCustomerDocument": "12345678",
        "payinCustomerPhone": "987654321",
        "payinDiscountCoupon": "0",
        "payinProductID": "1",
        "payinProductDescription": "Zapatillas de prueba",
        "payinProductAmount": "150.50",
        "payinProductSku": "SKU-0001",
        "payinProductQuantity": "1",
        "URLMonnet": "https://cert.example.com/api-payin/v3/online-payments",
    }


def virtual_account() -> cobro.VirtualAccountRequest:
    document: OwnerDocument = {"type": "DNI", "number": "12345678"}
    phone: OwnerPhone = {"countryCode": "51", "number": "987654321"}
    owner: Owner = {
        "referenceId": "user-0001",
        "type": "PERSON",
        "document": document,
        "firstName": "Ana",
        "lastName": "Perez",
        "email": "ana.perez@example.com",
        "phone": phone,
    }
    return {
        "owner": owner,
        "account": {"category": "VIRTUAL", "type": "CCI", "country": "PER", "currency": "PEN", "name": "ana.perez"},
        "metadata": {"customerTier": "gold"},
    }


def subscription() -> cobro.SubscriptionRequest:
    details: SubscriptionDetails = {
        "type": "RECURRENT",
        "device": "MOBILE",
        "customerId": "987654321",
        "processorCode": "Wallet_on_file",
        "periodicity": "1",
        "amount": Decimal("49.90"),
    }
    return {"merchantId": 1234, "subscriptionDetails": details, "metadata": [{"key": "plan", "value": "premium"}]}


def cancel() -> cobro.SubscriptionCancelRequest:
    return {
        "merchantId": "1234",
        "subscriptionDetails": {"type": "RECURRENT", "customerId": "987654321", "processorCode": "Wallet_on_file"},
    }


def status() -> cobro.PayinStatusRequest:
    return {"payinMerchantOperationNumber": "ORDER-0001"}


def codes_of(report: cobro.Report) -> List[cobro.IssueCode]:
    return [issue.code for issue in report.errors + report.warnings]


def use_them() -> List[str]:
    """Every typed body through the functions that take it."""
    prepared = [
        cobro.prepare_payin(unsigned_payin(), key=KEY, now=1767355200),
        cobro.prepare_virtual_account(
            virtual_account(), api_key="fake-api-key", secret="fake-va-secret-for-examples", deposit_mode="OWNER"
        ),
        cobro.prepare_subscription(subscription(), key="fake-subscription-key"),
        cobro.prepare_subscription_cancel(cancel(), key="fake-subscription-key"),
    ]
    report = cobro.validate("virtual-account", virtual_account())
    missing: cobro.IssueCode = "ERR_MISSING_FIELD"
    assert missing not in codes_of(report)
    return [p.body for p in prepared]


def mistakes() -> None:
    """What the types refuse; never called."""
    misspelled: cobro.PayinStatusRequest = {"payinMerchantOperationNumbr": "ORDER-0001"}  # type: ignore[typeddict-unknown-key]
    number_in_text: OwnerPhone = {"countryCode": "51", "number": 987654321}  # type: ignore[typeddict-item]
    operation_number: cobro.PayinStatusRequest = {"payinMerchantOperationNumber": 1}  # type: ignore[typeddict-item]
    float_amount: SubscriptionDetails = {
        "type": "ON_DEMAND",
        "device": "WEB",
        "customerId": "1",
        "processorCode": "Wallet_on_file",
        "amount": 49.9,  # type: ignore[typeddict-item]
    }
    unknown_code: cobro.IssueCode = "ERR_NO_SUCH_CODE"  # type: ignore[assignment]
    no_owner: cobro.VirtualAccountRequest = {"account": virtual_account()["account"]}  # type: ignore[typeddict-item]
    print(misspelled, number_in_text, operation_number, float_amount, unknown_code, no_owner)
