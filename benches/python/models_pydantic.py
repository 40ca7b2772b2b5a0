"""pydantic v2 models of the four request kinds, stating cobro's rules (SPEC.md 2.1,
2.3-2.7, 8; DESIGN.md 9) the way a merchant would write them in pydantic.

Declarative where pydantic can say it: types, required fields, lengths, enums as
Literal, regex patterns (pydantic's Rust regex engine, so \\p{L} and \\p{Sc} work),
condecimal for amounts, discriminated unions for owner.type (PERSON/COMPANY names),
account.type (account.name format), owner.document.type (digits or RFC letters) and
payinCurrency (the per-country rules of pay-ins, with a callable discriminator so a
currency of no spec country falls back to the generic rules, as in cobro). The rest is
in `model_validator(mode="after")`, the usual escape hatch; those run only when every
field of their model passed, so a body with field errors never reports them.

Rules pydantic could not state (or that these models do not state):
- warnings (the spec's hints: suggested expiration minimums, Mexico's 50-cent steps,
  unknown methods and document types, unknown fields, numbers sent as strings,
  country/currency pairings, calling-code mismatches, URLMonnet paths): pydantic has
  errors only; none of these is checked.
- amounts judged on their JSON text (DESIGN.md 9 rows 10 and 27): a Decimal normalises,
  so `150.500` and `1e2` pass, where cobro rejects them.
- a key repeated in one JSON object (row 26): the JSON parser keeps the last copy.
- the check digits and real formats of document numbers (python-stdnum would be the
  merchant's tool): only "digits only" and DO's digit counts are stated.
- "blank (only spaces) counts as empty": stated with a `\\S` pattern, fine; but e-mail
  and URL checks are patterns, close to but not exactly cobro's (IDN hosts, ports).
- payinDateTime not being a YYYY-MM-DD date is a warning in cobro (the spec only says
  the samples use that form): not checked, only "not empty".
- null for an optional pay-in field (processorCode, payinVoucherTheme, subscription) is
  refused because the defaults are not validated; fine, but only by that trick.
- the `{"data": {...}}` wrapper of pay-ins is not modelled.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StringConstraints,
    Tag,
    TypeAdapter,
    condecimal,
    model_validator,
)

# --- shared field types -------------------------------------------------------------

Digits = Annotated[str, StringConstraints(pattern=r"^[0-9]+$")]
NonBlank = Annotated[str, StringConstraints(pattern=r"\S")]
# DESIGN.md 9 row 15: local@domain, a dot in the domain, no spaces, one '@'.
EMAIL_PATTERN = r"^[^\s@,;]+@[^\s@,;.-][^\s@,;]*\.[^\s@,;]*[^\s@,;.-]$"
HTTPS_URL = Annotated[
    str, StringConstraints(max_length=250, pattern=r"^(?i:https)://[^\s/?#:@.-][^\s/?#]*(:[0-9]+)?([/?#]\S*)?$")
]
MetadataKey = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,20}$")]
# DESIGN.md 9 row 5: Unicode letters and digits, space, - _ . : , / @, currency symbols.
MetadataValue = Annotated[str, StringConstraints(max_length=100, pattern=r"^[\p{L}\p{Nd}\p{Sc} ._:,/@-]*$")]
MerchantId = Annotated[int, Field(ge=1, le=2**63 - 1)]


class Model(BaseModel):
    # Unknown keys are warnings in cobro: ignore them.
    model_config = ConfigDict(extra="ignore")


# --- virtual account (spec 2.1) -----------------------------------------------------


class DigitsDocument(Model):
    type: Literal["CUIT", "DNI", "RUC", "RUN", "RUT", "PASS"]
    number: Digits


class RfcDocument(Model):
    type: Literal["RFC"]
    number: Annotated[str, StringConstraints(pattern=r"^[A-Z0-9Ñ&]+$")]


class Phone(Model):
    countryCode: Annotated[str, StringConstraints(pattern=r"^[0-9]{1,4}$")]
    number: Annotated[str, StringConstraints(pattern=r"^[0-9]{1,14}$")]


class OwnerBase(Model):
    referenceId: Annotated[str, StringConstraints(min_length=1, max_length=36)]
    document: Annotated[Union[DigitsDocument, RfcDocument], Field(discriminator="type")]
    email: Annotated[str, StringConstraints(min_length=1, max_length=50, pattern=EMAIL_PATTERN)]
    phone: Phone


class PersonOwner(OwnerBase):
    type: Literal["PERSON"]
    firstName: Annotated[str, StringConstraints(min_length=1, max_length=50)]
    lastName: Annotated[str, StringConstraints(min_length=1, max_length=50)]


class CompanyOwner(OwnerBase):
    type: Literal["COMPANY"]
    companyName: Annotated[str, StringConstraints(min_length=1, max_length=80)]


class AccountBase(Model):
    category: Literal["VIRTUAL"]
    country: Literal["ARG", "MEX", "PER", "CHL"]
    currency: Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")]


class CvuAccount(AccountBase):
    type: Literal["CVU"]
    name: Annotated[str, StringConstraints(pattern=r"^[a-zA-Z0-9._-]{6,20}$")]


class ClabeAccount(AccountBase):
    type: Literal["CLABE"]
    name: Annotated[str, StringConstraints(min_length=3, max_length=20, pattern=r"^[A-Za-z]{1,9} [A-Za-z]{1,10}$")]


class CciAccount(AccountBase):
    type: Literal["CCI"]
    name: Annotated[str, StringConstraints(min_length=3, max_length=20, pattern=r"^[A-Za-z]{1,9}\.[A-Za-z]{1,10}$")]


VA_DOCUMENTS = {"ARG": {"CUIT"}, "MEX": {"RFC"}, "PER": {"DNI", "RUC"}, "CHL": {"RUN", "RUT", "PASS"}}
VA_ACCOUNT_TYPES = {"ARG": {"CVU"}, "MEX": {"CLABE"}, "PER": {"CCI"}, "CHL": {"CVU", "CCI", "CLABE"}}


class VirtualAccount(Model):
    owner: Annotated[Union[PersonOwner, CompanyOwner], Field(discriminator="type")]
    account: Annotated[Union[CvuAccount, ClabeAccount, CciAccount], Field(discriminator="type")]
    metadata: Optional[Annotated[dict[MetadataKey, MetadataValue], Field(max_length=5)]] = None

    @model_validator(mode="after")
    def per_country(self) -> VirtualAccount:
        country = self.account.country
        if self.owner.document.type not in VA_DOCUMENTS[country]:
            raise ValueError(f"owner.document.type is not accepted for {country}")
        if self.account.type not in VA_ACCOUNT_TYPES[country]:
            raise ValueError(f"account.type is not accepted for {country}")
        return self


# --- subscription (spec 2.3) --------------------------------------------------------


class MetadataEntry(Model):
    key: MetadataKey
    value: MetadataValue


SubscriptionType = Literal["ON_DEMAND", "RECURRENT"]
ProcessorCode = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_]+$")]


class SubscriptionDetails(Model):
    type: SubscriptionType
    device: Literal["MOBILE", "WEB"]
    customerId: Digits
    processorCode: ProcessorCode
    periodicity: Optional[Annotated[str, StringConstraints(pattern=r"^0*[1-9][0-9]*$")]] = None
    # #####.##: > 0, at most two decimals and five integer digits.
    amount: Optional[condecimal(gt=0, decimal_places=2, max_digits=7)] = None

    @model_validator(mode="after")
    def recurrent_needs_periodicity_and_amount(self) -> SubscriptionDetails:
        if self.type == "RECURRENT" and (self.periodicity is None or self.amount is None):
            raise ValueError("periodicity and amount are required when type is RECURRENT")
        return self


class Subscription(Model):
    merchantId: MerchantId
    subscriptionDetails: SubscriptionDetails
    metadata: Optional[Annotated[list[MetadataEntry], Field(max_length=5)]] = None


class CancelDetails(Model):
    type: SubscriptionType
    customerId: Digits
    processorCode: ProcessorCode


class SubscriptionCancel(Model):
    merchantId: MerchantId
    subscriptionDetails: CancelDetails


# --- pay-in (spec 2.4-2.7, 8) -------------------------------------------------------


DEEPLINK = "BankTransfer_Deeplink"


class PayinSubscription(Model):
    chargeType: Literal["ON_DEMAND", "RECURRENT"]


class PayinBase(Model):
    payinMerchantID: MerchantId
    payinAmount: condecimal(gt=0, decimal_places=2, max_digits=17)
    payinCurrency: Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$")]
    payinMerchantOperationNumber: Annotated[str, StringConstraints(max_length=50, pattern=r"\S")]
    payinMethod: NonBlank
    payinVerification: Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F]{128}$")]
    payinTransactionOKURL: HTTPS_URL
    payinTransactionErrorURL: HTTPS_URL
    payinExpirationTime: Optional[Annotated[int, Field(ge=1, le=2**31 - 1)]]
    payinLanguage: Annotated[str, StringConstraints(pattern=r"^[A-Za-z]{2}$")]
    payinCustomerEmail: Annotated[str, StringConstraints(max_length=50, pattern=EMAIL_PATTERN)]
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
    # Spec 2.7: Peru only (PayinPE widens it); elsewhere absent or blank.
    payinVoucherTheme: Annotated[str, StringConstraints(pattern=r"^\s*$")] = None  # type: ignore[assignment]
    payinProductID: NonBlank
    payinProductDescription: NonBlank
    payinProductAmount: NonBlank
    payinProductSku: NonBlank
    payinProductQuantity: NonBlank
    payinDateTime: NonBlank
    URLMonnet: HTTPS_URL
    typePost: Literal["json"]
    # Optional, but never null nor empty when sent (defaults are not validated).
    processorCode: Literal["Wallet_on_file", "Wallet_one_shot"] = None  # type: ignore[assignment]
    subscription: PayinSubscription = None  # type: ignore[assignment]

    @model_validator(mode="after")
    def method_rules(self) -> PayinBase:
        problems = []
        if self.payinMethod == DEEPLINK:
            if self.payinExpirationTime is None:
                problems.append("payinExpirationTime is required for BankTransfer_Deeplink")
            for name in (self.payinCustomerName, self.payinCustomerLastName):
                if len(name) > 30:
                    problems.append("customer names are at most 30 characters for BankTransfer_Deeplink")
        if self.processorCode is not None:
            if self.payinMethod != "Wallet":
                problems.append("payinMethod must be Wallet when processorCode is set")
            if self.payinProductDescription not in ("MOBILE", "WEB"):
                problems.append("payinProductDescription must be MOBILE or WEB when processorCode is set")
        if problems:
            raise ValueError("; ".join(problems))
        return self


Name30 = Annotated[str, StringConstraints(max_length=30, pattern=r"\S")]


class PayinPE(PayinBase):
    payinCurrency: Literal["PEN"]
    payinCustomerName: Name30
    payinCustomerLastName: Name30
    payinCustomerPhone: Annotated[str, StringConstraints(pattern=r"^[0-9]{9}$")]
    payinDiscountCoupon: NonBlank
    payinVoucherTheme: str = None  # type: ignore[assignment]

    @model_validator(mode="after")
    def voucher_theme_methods(self) -> PayinPE:
        theme = self.payinVoucherTheme
        if theme is not None and theme.strip() and self.payinMethod not in ("BankTransfer", "Cash", "Wallet"):
            raise ValueError("payinVoucherTheme is only for BankTransfer, Cash and Wallet")
        return self


class PayinMX(PayinBase):
    payinCurrency: Literal["MXN"]
    payinDiscountCoupon: NonBlank


class PayinCO(PayinBase):
    payinCurrency: Literal["COP"]
    payinCustomerName: Name30
    payinCustomerLastName: Name30
    payinCustomerPhone: Annotated[str, StringConstraints(pattern=r"^[0-9]{10}$")]
    payinDiscountCoupon: NonBlank


DO_DOCUMENT_DIGITS = {"CIE": 11, "RNC": 9, "PP": 9}


class PayinDO(PayinBase):
    payinCurrency: Literal["DOP"]

    @model_validator(mode="after")
    def document_digits(self) -> PayinDO:
        n = DO_DOCUMENT_DIGITS.get(self.payinCustomerTypeDocument)
        doc = self.payinCustomerDocument
        if n is not None and not (doc.isascii() and doc.isdigit() and len(doc) == n):
            raise ValueError(f"payinCustomerDocument must be {n} digits for {self.payinCustomerTypeDocument}")
        return self


class PayinBR(PayinBase):
    payinCurrency: Literal["BRL"]


class PayinOther(PayinBase):
    """A currency of no spec country: the generic rules (cobro warns)."""


_CURRENCY_TAGS = {"PEN": "PE", "MXN": "MX", "COP": "CO", "DOP": "DO", "BRL": "BR"}


def _payin_country(body: Any) -> str:
    currency = body.get("payinCurrency") if isinstance(body, dict) else getattr(body, "payinCurrency", None)
    return _CURRENCY_TAGS.get(currency, "other")  # type: ignore[arg-type]


# A bare union is validated through a TypeAdapter (the pydantic way for a
# non-model type); it has validate_json / validate_python like a model.
Payin = Annotated[
    Union[
        Annotated[PayinPE, Tag("PE")],
        Annotated[PayinMX, Tag("MX")],
        Annotated[PayinCO, Tag("CO")],
        Annotated[PayinDO, Tag("DO")],
        Annotated[PayinBR, Tag("BR")],
        Annotated[PayinOther, Tag("other")],
    ],
    Discriminator(_payin_country),
]
PayinAdapter: TypeAdapter[Any] = TypeAdapter(Payin)


class _AdapterModel:
    """model_validate / model_validate_json over a TypeAdapter, so the bench calls every
    model alike."""

    def __init__(self, adapter: TypeAdapter[Any]) -> None:
        self.adapter = adapter

    def model_validate_json(self, text: str | bytes) -> Any:
        return self.adapter.validate_json(text)

    def model_validate(self, obj: Any) -> Any:
        return self.adapter.validate_python(obj)


MODELS: dict[str, Any] = {
    "virtual-account": VirtualAccount,
    "subscription": Subscription,
    "subscription-cancel": SubscriptionCancel,
    "payin": _AdapterModel(PayinAdapter),
}

# Decimal is re-exported for type checkers reading the condecimal fields.
__all__ = ["MODELS", "Decimal"]
