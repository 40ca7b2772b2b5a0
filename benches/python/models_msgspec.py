"""msgspec Structs of the four request kinds, stating cobro's rules (SPEC.md 2.1,
2.3-2.7, 8; DESIGN.md 9) the way a merchant would write them with msgspec.

Declarative where msgspec can say it: types, required fields, `Meta` lengths and
patterns (Python `re`), Literal enums, tagged unions for owner.type (PERSON/COMPANY
names) and account.type (account.name format), and `Meta(max_length=5)` on metadata. The rest is in `__post_init__`, the usual escape
hatch (it raises ValueError/TypeError, which msgspec reports as a ValidationError).
msgspec stops at the first error, so an invalid body always reports one.

Rules msgspec could not state declaratively (all in __post_init__ instead):
- amounts: `Meta(gt=..., multiple_of=...)` applies to int and float only, not Decimal,
  so "> 0, at most two decimals" (and five integer digits for subscriptions) is code;
  the Decimal keeps the JSON text's digits, so `150.505` fails, but `150.500` (three
  decimals written) is read as Decimal("150.500") and fails too, like cobro.
- document number per document type (digits, or RFC letters): a tagged union would need
  one Struct per type value; written as code.
- per-country pay-in rules (phone 9/10 digits, names <= 30, coupon, DO document digits,
  voucher theme only PE) keyed on payinCurrency, and the deeplink, wallet-processor and
  RECURRENT rules: cross-field, so code.
- metadata values: Python `re` has no \\p{L}/\\p{Sc}; letters and digits are `[^\\W_]`
  (which also admits other numerics such as '½') and currency symbols are listed by
  hand ($, U+00A2-U+00A5, U+20A0-U+20C0).
- warnings (suggested minimums, 50-cent steps, unknown methods and fields, numbers as
  strings...): msgspec has errors only; none is checked.
- numbers sent as strings (payinMerchantID "1234"): msgspec's JSON decoder is strict
  about types, so a digit string is an error where cobro warns.
- a key repeated in one JSON object: msgspec keeps the last copy.
- document check digits: not stated.
- the `{"data": {...}}` wrapper of pay-ins is not modelled.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, Literal, Optional, Union

import msgspec
from msgspec import Meta, Struct

Digits = Annotated[str, Meta(pattern=r"^[0-9]+$")]
NonBlank = Annotated[str, Meta(pattern=r"\S")]
EMAIL_PATTERN = r"^[^\s@,;]+@[^\s@,;.-][^\s@,;]*\.[^\s@,;]*[^\s@,;.-]$"
HttpsUrl = Annotated[str, Meta(max_length=250, pattern=r"^(?i:https)://[^\s/?#:@.-][^\s/?#]*(:[0-9]+)?([/?#]\S*)?$")]
MetadataKey = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_-]{1,20}$")]
MetadataValue = Annotated[str, Meta(max_length=100, pattern=r"^(?:[^\W_]|[ _.:,/@$\u00a2-\u00a5\u20a0-\u20c0-])*$")]
MerchantId = Annotated[int, Meta(ge=1, le=2**63 - 1)]


def _amount(value: Decimal, name: str, integer_digits: int) -> None:
    if not value.is_finite() or value <= 0:
        raise ValueError(f"{name} must be greater than 0")
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int) or exponent < -2:
        raise ValueError(f"{name} has at most two decimals")
    if value >= Decimal(10) ** integer_digits:
        raise ValueError(f"{name} has at most {integer_digits} integer digits")


# --- virtual account (spec 2.1) -----------------------------------------------------


class Document(Struct):
    type: Literal["CUIT", "RFC", "DNI", "RUC", "RUN", "RUT", "PASS"]
    number: str

    def __post_init__(self) -> None:
        n = self.number
        if self.type == "RFC":
            ok = bool(n) and all(c.isascii() and (c.isupper() or c.isdigit()) or c in "Ñ&" for c in n)
        else:
            ok = n.isascii() and n.isdigit()
        if not ok:
            raise ValueError("owner.document.number: digits only (RFC: A-Z, Ñ, & and digits)")


class Phone(Struct):
    countryCode: Annotated[str, Meta(pattern=r"^[0-9]{1,4}$")]
    number: Annotated[str, Meta(pattern=r"^[0-9]{1,14}$")]


class PersonOwner(Struct, tag_field="type", tag="PERSON"):
    referenceId: Annotated[str, Meta(min_length=1, max_length=36)]
    document: Document
    firstName: Annotated[str, Meta(min_length=1, max_length=50)]
    lastName: Annotated[str, Meta(min_length=1, max_length=50)]
    email: Annotated[str, Meta(min_length=1, max_length=50, pattern=EMAIL_PATTERN)]
    phone: Phone
    companyName: Optional[str] = None  # ignored for a PERSON (DESIGN.md 9 row 17)


class CompanyOwner(Struct, tag_field="type", tag="COMPANY"):
    referenceId: Annotated[str, Meta(min_length=1, max_length=36)]
    document: Document
    companyName: Annotated[str, Meta(min_length=1, max_length=80)]
    email: Annotated[str, Meta(min_length=1, max_length=50, pattern=EMAIL_PATTERN)]
    phone: Phone
    firstName: Optional[str] = None
    lastName: Optional[str] = None


Country = Literal["ARG", "MEX", "PER", "CHL"]
Currency = Annotated[str, Meta(pattern=r"^[A-Z]{3}$")]


class CvuAccount(Struct, tag_field="type", tag="CVU"):
    category: Literal["VIRTUAL"]
    country: Country
    currency: Currency
    name: Annotated[str, Meta(pattern=r"^[a-zA-Z0-9._-]{6,20}$")]


class ClabeAccount(Struct, tag_field="type", tag="CLABE"):
    category: Literal["VIRTUAL"]
    country: Country
    currency: Currency
    name: Annotated[str, Meta(min_length=3, max_length=20, pattern=r"^[A-Za-z]{1,9} [A-Za-z]{1,10}$")]


class CciAccount(Struct, tag_field="type", tag="CCI"):
    category: Literal["VIRTUAL"]
    country: Country
    currency: Currency
    name: Annotated[str, Meta(min_length=3, max_length=20, pattern=r"^[A-Za-z]{1,9}\.[A-Za-z]{1,10}$")]


VA_DOCUMENTS = {"ARG": {"CUIT"}, "MEX": {"RFC"}, "PER": {"DNI", "RUC"}, "CHL": {"RUN", "RUT", "PASS"}}
VA_ACCOUNT_TYPES = {"ARG": {"CVU"}, "MEX": {"CLABE"}, "PER": {"CCI"}, "CHL": {"CVU", "CCI", "CLABE"}}
ACCOUNT_TAGS = {CvuAccount: "CVU", ClabeAccount: "CLABE", CciAccount: "CCI"}


class VirtualAccount(Struct):
    owner: Union[PersonOwner, CompanyOwner]
    account: Union[CvuAccount, ClabeAccount, CciAccount]
    metadata: Optional[Annotated[dict[MetadataKey, MetadataValue], Meta(max_length=5)]] = None

    def __post_init__(self) -> None:
        country = self.account.country
        if self.owner.document.type not in VA_DOCUMENTS[country]:
            raise ValueError(f"owner.document.type is not accepted for {country}")
        if ACCOUNT_TAGS[type(self.account)] not in VA_ACCOUNT_TYPES[country]:
            raise ValueError(f"account.type is not accepted for {country}")


# --- subscription (spec 2.3) --------------------------------------------------------


class MetadataEntry(Struct):
    key: MetadataKey
    value: MetadataValue


SubscriptionType = Literal["ON_DEMAND", "RECURRENT"]
ProcessorCode = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_]+$")]


class SubscriptionDetails(Struct):
    type: SubscriptionType
    device: Literal["MOBILE", "WEB"]
    customerId: Digits
    processorCode: ProcessorCode
    periodicity: Optional[Annotated[str, Meta(pattern=r"^0*[1-9][0-9]*$")]] = None
    amount: Optional[Decimal] = None

    def __post_init__(self) -> None:
        if self.type == "RECURRENT" and (self.periodicity is None or self.amount is None):
            raise ValueError("periodicity and amount are required when type is RECURRENT")
        if self.type == "RECURRENT" and self.amount is not None:
            _amount(self.amount, "amount", 5)


class Subscription(Struct):
    merchantId: MerchantId
    subscriptionDetails: SubscriptionDetails
    metadata: Optional[Annotated[list[MetadataEntry], Meta(max_length=5)]] = None


class CancelDetails(Struct):
    type: SubscriptionType
    customerId: Digits
    processorCode: ProcessorCode


class SubscriptionCancel(Struct):
    merchantId: MerchantId
    subscriptionDetails: CancelDetails


# --- pay-in (spec 2.4-2.7, 8) -------------------------------------------------------


class PayinSubscription(Struct):
    chargeType: Literal["ON_DEMAND", "RECURRENT"]


# Per-country rules (spec 2.4, 2.5, 2.7, 8), keyed on payinCurrency.
PHONE_DIGITS = {"PEN": 9, "COP": 10}
NAME_MAX = {"PEN": 30, "COP": 30}
COUPON_REQUIRED = {"PEN", "MXN", "COP"}
DO_DOCUMENT_DIGITS = {"CIE": 11, "RNC": 9, "PP": 9}
VOUCHER_THEME_METHODS = {"PEN": {"BankTransfer", "Cash", "Wallet"}}
DEEPLINK = "BankTransfer_Deeplink"


class Payin(Struct):
    payinMerchantID: MerchantId
    payinAmount: Decimal
    payinCurrency: Currency
    payinMerchantOperationNumber: Annotated[str, Meta(max_length=50, pattern=r"\S")]
    payinMethod: NonBlank
    payinVerification: Annotated[str, Meta(pattern=r"^[0-9a-fA-F]{128}$")]
    payinTransactionOKURL: HttpsUrl
    payinTransactionErrorURL: HttpsUrl
    payinExpirationTime: Optional[Annotated[int, Meta(ge=1, le=2**31 - 1)]]
    payinLanguage: Annotated[str, Meta(pattern=r"^[A-Za-z]{2}$")]
    payinCustomerEmail: Annotated[str, Meta(max_length=50, pattern=EMAIL_PATTERN)]
    payinCustomerName: NonBlank
    payinCustomerLastName: NonBlank
    payinCustomerTypeDocument: NonBlank
    payinCustomerDocument: NonBlank
    payinCustomerPhone: Digits
    payinCustomerAddress: str
    payinCustomerCity: str
    payinCustomerRegion: str
    payinCustomerCountry: str
    payinCustomerZipCode: str
    payinCustomerShippingName: str
    payinCustomerShippingPhone: str
    payinCustomerShippingAddress: str
    payinCustomerShippingCity: str
    payinCustomerShippingRegion: str
    payinCustomerShippingCountry: str
    payinCustomerShippingZipCode: str
    payinRegularCustomer: str
    payinCustomerID: str
    payinDiscountCoupon: str
    payinFilterBy: str
    payinProductID: NonBlank
    payinProductDescription: NonBlank
    payinProductAmount: NonBlank
    payinProductSku: NonBlank
    payinProductQuantity: NonBlank
    payinDateTime: NonBlank  # not a YYYY-MM-DD date: a warning in cobro
    URLMonnet: HttpsUrl
    typePost: Literal["json"]
    # Optional (may be absent); the `msgspec.UNSET` default keeps null an error.
    payinVoucherTheme: Union[str, msgspec.UnsetType] = msgspec.UNSET
    processorCode: Union[Literal["Wallet_on_file", "Wallet_one_shot"], msgspec.UnsetType] = msgspec.UNSET
    subscription: Union[PayinSubscription, msgspec.UnsetType] = msgspec.UNSET

    def __post_init__(self) -> None:
        _amount(self.payinAmount, "payinAmount", 15)
        currency = self.payinCurrency
        digits = PHONE_DIGITS.get(currency)
        if digits is not None and len(self.payinCustomerPhone) != digits:
            raise ValueError(f"payinCustomerPhone must be {digits} digits")
        name_max = NAME_MAX.get(currency)
        if self.payinMethod == DEEPLINK:
            name_max = 30
            if self.payinExpirationTime is None:
                raise ValueError("payinExpirationTime is required for BankTransfer_Deeplink")
        if name_max is not None and (
            len(self.payinCustomerName) > name_max or len(self.payinCustomerLastName) > name_max
        ):
            raise ValueError(f"customer names are at most {name_max} characters")
        if currency in COUPON_REQUIRED and not self.payinDiscountCoupon.strip():
            raise ValueError("payinDiscountCoupon must not be empty")
        if currency == "DOP":
            n = DO_DOCUMENT_DIGITS.get(self.payinCustomerTypeDocument)
            doc = self.payinCustomerDocument
            if n is not None and not (doc.isascii() and doc.isdigit() and len(doc) == n):
                raise ValueError(f"payinCustomerDocument must be {n} digits")
        theme = self.payinVoucherTheme
        if isinstance(theme, str) and theme.strip():
            if self.payinMethod not in VOUCHER_THEME_METHODS.get(currency, ()):
                raise ValueError("payinVoucherTheme is only for PE and BankTransfer, Cash or Wallet")
        if self.processorCode is not msgspec.UNSET:
            if self.payinMethod != "Wallet":
                raise ValueError("payinMethod must be Wallet when processorCode is set")
            if self.payinProductDescription not in ("MOBILE", "WEB"):
                raise ValueError("payinProductDescription must be MOBILE or WEB when processorCode is set")


MODELS: dict[str, Any] = {
    "virtual-account": VirtualAccount,
    "subscription": Subscription,
    "subscription-cancel": SubscriptionCancel,
    "payin": Payin,
}

# One decoder per model, reused (what msgspec's docs recommend for hot paths).
DECODERS: dict[str, msgspec.json.Decoder[Any]] = {k: msgspec.json.Decoder(m) for k, m in MODELS.items()}
