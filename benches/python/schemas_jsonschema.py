"""JSON Schemas (draft 2020-12) of the four request kinds for jsonschema-rs, stating
cobro's rules (SPEC.md 2.1, 2.3-2.7, 8; DESIGN.md 9) the way a merchant would write
them as JSON Schema.

Declarative throughout: types, `required`, lengths, `enum`/`const`, `pattern` (ECMA
regex with \\p{..} classes, which jsonschema-rs supports),
`maxProperties`/`propertyNames` for metadata objects, `maxItems` for metadata arrays,
amounts as `multipleOf: 0.01` + `exclusiveMinimum: 0`, and the conditional rules
(PERSON/COMPANY names, account.name per account.type, document number per type, the
per-country rules of virtual accounts and pay-ins, RECURRENT, deeplink, wallet
processors, voucher theme) as `allOf` of `if`/`then`. Every error is reported, not
just the first (`iter_errors`).

Rules JSON Schema could not state (or that these schemas do not state):
- warnings (suggested expiration minimums, Mexico's 50-cent steps, unknown methods,
  document types and fields, numbers sent as strings, URLMonnet paths, pairings): a
  schema has no warnings; none is checked.
- amounts judged on their JSON text (DESIGN.md 9 rows 10 and 27): the validator sees
  the number `json.loads` made, so `150.500` and `1e2` pass; `multipleOf: 0.01` works
  on binary floats (jsonschema-rs is careful, but it is not decimal arithmetic).
- a key repeated in one JSON object: `json.loads` keeps the last copy.
- lengths count code points, as cobro does (DESIGN.md 9 row 1): fine.
- document check digits: not stated.
- e-mail and https URL: patterns close to but not exactly cobro's checks (the
  `format: email` of the spec accepts forms DESIGN.md 9 row 15 refuses).
- the `{"data": {...}}` wrapper of pay-ins is not modelled.
"""

from __future__ import annotations

from typing import Any

import jsonschema_rs

DRAFT = "https://json-schema.org/draft/2020-12/schema"

DIGITS = {"type": "string", "pattern": "^[0-9]+$"}
NON_BLANK = {"type": "string", "pattern": "\\S"}
TEXT = {"type": "string"}
EMAIL_PATTERN = "^[^\\s@,;]+@[^\\s@,;.-][^\\s@,;]*\\.[^\\s@,;]*[^\\s@,;.-]$"
HTTPS_URL = {
    "type": "string",
    "maxLength": 250,
    "pattern": "^[Hh][Tt][Tt][Pp][Ss]://[^\\s/?#:@.-][^\\s/?#]*(:[0-9]+)?([/?#]\\S*)?$",
}
METADATA_KEY = {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,20}$"}
METADATA_VALUE = {"type": "string", "maxLength": 100, "pattern": "^[\\p{L}\\p{Nd}\\p{Sc} ._:,/@-]*$"}
# DESIGN.md 9 row 9: a JSON number, or a string of that number.
MERCHANT_ID = {"type": ["integer", "string"], "minimum": 1, "maximum": 2**63 - 1, "pattern": "^[0-9]+$"}


def _if(condition: dict[str, Any], then: dict[str, Any]) -> dict[str, Any]:
    return {"if": condition, "then": then}


def _prop_is(name: str, value: Any) -> dict[str, Any]:
    """`if` clause: the property `name` is present and equal to `value`."""
    if isinstance(value, list):
        return {"required": [name], "properties": {name: {"enum": value}}}
    return {"required": [name], "properties": {name: {"const": value}}}


# --- virtual account (spec 2.1) -----------------------------------------------------

VA_DOCUMENTS = {"ARG": ["CUIT"], "MEX": ["RFC"], "PER": ["DNI", "RUC"], "CHL": ["RUN", "RUT", "PASS"]}
VA_ACCOUNT_TYPES = {"ARG": ["CVU"], "MEX": ["CLABE"], "PER": ["CCI"], "CHL": ["CVU", "CCI", "CLABE"]}
ACCOUNT_NAMES = {
    "CVU": "^[a-zA-Z0-9._-]{6,20}$",
    "CLABE": "^[A-Za-z]{1,9} [A-Za-z]{1,10}$",
    "CCI": "^[A-Za-z]{1,9}\\.[A-Za-z]{1,10}$",
}

VIRTUAL_ACCOUNT: dict[str, Any] = {
    "$schema": DRAFT,
    "type": "object",
    "required": ["owner", "account"],
    "properties": {
        "owner": {
            "type": "object",
            "required": ["referenceId", "type", "document", "email", "phone"],
            "properties": {
                "referenceId": {"type": "string", "minLength": 1, "maxLength": 36},
                "type": {"enum": ["PERSON", "COMPANY"]},
                "document": {
                    "type": "object",
                    "required": ["type", "number"],
                    "properties": {
                        "type": {"type": "string"},
                        "number": {"type": "string"},
                    },
                    "allOf": [
                        _if(_prop_is("type", "RFC"), {"properties": {"number": {"pattern": "^[A-Z0-9Ñ&]+$"}}}),
                        _if(
                            _prop_is("type", ["CUIT", "DNI", "RUC", "RUN", "RUT", "PASS"]),
                            {"properties": {"number": {"pattern": "^[0-9]+$"}}},
                        ),
                    ],
                },
                "firstName": {"type": "string", "minLength": 1, "maxLength": 50},
                "lastName": {"type": "string", "minLength": 1, "maxLength": 50},
                "email": {"type": "string", "minLength": 1, "maxLength": 50, "pattern": EMAIL_PATTERN},
                "phone": {
                    "type": "object",
                    "required": ["countryCode", "number"],
                    "properties": {
                        "countryCode": {"type": "string", "pattern": "^[0-9]{1,4}$"},
                        "number": {"type": "string", "pattern": "^[0-9]{1,14}$"},
                    },
                },
            },
            "allOf": [
                # DESIGN.md 9 row 17: the other type's names are ignored, so each type
                # constrains only its own names.
                _if(_prop_is("type", "PERSON"), {"required": ["firstName", "lastName"]}),
                _if(
                    _prop_is("type", "COMPANY"),
                    {
                        "required": ["companyName"],
                        "properties": {"companyName": {"type": "string", "minLength": 1, "maxLength": 80}},
                    },
                ),
            ],
        },
        "account": {
            "type": "object",
            "required": ["category", "type", "country", "currency", "name"],
            "properties": {
                "category": {"const": "VIRTUAL"},
                "type": {"enum": ["CVU", "CCI", "CLABE"]},
                "country": {"enum": ["ARG", "MEX", "PER", "CHL"]},
                "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
                "name": {"type": "string", "minLength": 3, "maxLength": 20},
            },
            "allOf": [
                _if(_prop_is("type", t), {"properties": {"name": {"pattern": p}}}) for t, p in ACCOUNT_NAMES.items()
            ]
            + [
                _if(_prop_is("country", c), {"properties": {"type": {"enum": types}}})
                for c, types in VA_ACCOUNT_TYPES.items()
            ],
        },
        "metadata": {
            "type": "object",
            "maxProperties": 5,
            "propertyNames": METADATA_KEY,
            "additionalProperties": METADATA_VALUE,
        },
    },
    # Spec 2.1: document types per account.country (owner and account together).
    "allOf": [
        _if(
            {"required": ["account"], "properties": {"account": _prop_is("country", c)}},
            {"properties": {"owner": {"properties": {"document": {"properties": {"type": {"enum": docs}}}}}}},
        )
        for c, docs in VA_DOCUMENTS.items()
    ],
}

# --- subscription (spec 2.3) --------------------------------------------------------

SUBSCRIPTION_TYPE = {"enum": ["ON_DEMAND", "RECURRENT"]}
PROCESSOR_CODE = {"type": "string", "pattern": "^[A-Za-z0-9_]+$"}

SUBSCRIPTION: dict[str, Any] = {
    "$schema": DRAFT,
    "type": "object",
    "required": ["merchantId", "subscriptionDetails"],
    "properties": {
        "merchantId": MERCHANT_ID,
        "subscriptionDetails": {
            "type": "object",
            "required": ["type", "device", "customerId", "processorCode"],
            "properties": {
                "type": SUBSCRIPTION_TYPE,
                "device": {"enum": ["MOBILE", "WEB"]},
                "customerId": DIGITS,
                "processorCode": PROCESSOR_CODE,
                "periodicity": {"type": "string", "pattern": "^0*[1-9][0-9]*$"},
                # #####.##
                "amount": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100000, "multipleOf": 0.01},
            },
            "allOf": [_if(_prop_is("type", "RECURRENT"), {"required": ["periodicity", "amount"]})],
        },
        "metadata": {
            "type": "array",
            "maxItems": 5,
            "items": {
                "type": "object",
                "required": ["key", "value"],
                "properties": {"key": METADATA_KEY, "value": METADATA_VALUE},
            },
        },
    },
}

SUBSCRIPTION_CANCEL: dict[str, Any] = {
    "$schema": DRAFT,
    "type": "object",
    "required": ["merchantId", "subscriptionDetails"],
    "properties": {
        "merchantId": MERCHANT_ID,
        "subscriptionDetails": {
            "type": "object",
            "required": ["type", "customerId", "processorCode"],
            "properties": {"type": SUBSCRIPTION_TYPE, "customerId": DIGITS, "processorCode": PROCESSOR_CODE},
        },
    },
}

# --- pay-in (spec 2.4-2.7, 8) -------------------------------------------------------

BLANK_ALLOWED = [
    "payinCustomerAddress",
    "payinCustomerCity",
    "payinCustomerRegion",
    "payinCustomerCountry",
    "payinCustomerZipCode",
    "payinCustomerShippingName",
    "payinCustomerShippingPhone",
    "payinCustomerShippingAddress",
    "payinCustomerShippingCity",
    "payinCustomerShippingRegion",
    "payinCustomerShippingCountry",
    "payinCustomerShippingZipCode",
    "payinRegularCustomer",
    "payinCustomerID",
    "payinDiscountCoupon",
    "payinFilterBy",
]
NEVER_BLANK = [
    "payinMethod",
    "payinCustomerName",
    "payinCustomerLastName",
    "payinCustomerTypeDocument",
    "payinCustomerDocument",
    "payinProductID",
    "payinProductDescription",
    "payinProductAmount",
    "payinProductSku",
    "payinProductQuantity",
]
PAYIN_PROPERTIES: dict[str, Any] = {
    "payinMerchantID": MERCHANT_ID,
    "payinAmount": {
        "type": ["number", "string"],
        "exclusiveMinimum": 0,
        "multipleOf": 0.01,
        "pattern": "^0*[0-9]{1,15}(\\.[0-9]{1,2})?$",
    },
    "payinCurrency": {"type": "string", "pattern": "^[A-Z]{3}$"},
    "payinMerchantOperationNumber": {"type": "string", "maxLength": 50, "pattern": "\\S"},
    "payinVerification": {"type": "string", "pattern": "^[0-9a-fA-F]{128}$"},
    "payinTransactionOKURL": HTTPS_URL,
    "payinTransactionErrorURL": HTTPS_URL,
    "payinExpirationTime": {"type": ["integer", "null"], "minimum": 1, "maximum": 2**31 - 1},
    "payinLanguage": {"type": "string", "pattern": "^[A-Za-z]{2}$"},
    "payinCustomerEmail": {"type": "string", "maxLength": 50, "pattern": EMAIL_PATTERN},
    "payinCustomerPhone": DIGITS,
    "payinVoucherTheme": TEXT,
    # Not a YYYY-MM-DD date is a warning in cobro: only "not empty" here.
    "payinDateTime": NON_BLANK,
    "URLMonnet": HTTPS_URL,
    "typePost": {"const": "json"},
    "processorCode": {"enum": ["Wallet_on_file", "Wallet_one_shot"]},
    "subscription": {
        "type": "object",
        "required": ["chargeType"],
        "properties": {"chargeType": {"enum": ["ON_DEMAND", "RECURRENT"]}},
    },
}
PAYIN_PROPERTIES.update({name: NON_BLANK for name in NEVER_BLANK})
PAYIN_PROPERTIES.update({name: TEXT for name in BLANK_ALLOWED})

NAME_30 = {"maxLength": 30}
BLANK = {"pattern": "^\\s*$"}

PAYIN: dict[str, Any] = {
    "$schema": DRAFT,
    "type": "object",
    # DESIGN.md 9 row 6: every field must be present except the three optional ones.
    "required": [k for k in PAYIN_PROPERTIES if k not in ("payinVoucherTheme", "processorCode", "subscription")],
    "properties": PAYIN_PROPERTIES,
    "allOf": [
        # Peru: 9-digit phone, names <= 30, coupon; voucher theme only for three methods.
        _if(
            _prop_is("payinCurrency", "PEN"),
            {
                "properties": {
                    "payinCustomerPhone": {"pattern": "^[0-9]{9}$"},
                    "payinCustomerName": NAME_30,
                    "payinCustomerLastName": NAME_30,
                    "payinDiscountCoupon": NON_BLANK,
                },
                "if": {"not": _prop_is("payinMethod", ["BankTransfer", "Cash", "Wallet"])},
                "then": {"properties": {"payinVoucherTheme": BLANK}},
            },
        ),
        # Colombia: 10-digit phone, names <= 30, coupon.
        _if(
            _prop_is("payinCurrency", "COP"),
            {
                "properties": {
                    "payinCustomerPhone": {"pattern": "^[0-9]{10}$"},
                    "payinCustomerName": NAME_30,
                    "payinCustomerLastName": NAME_30,
                    "payinDiscountCoupon": NON_BLANK,
                }
            },
        ),
        _if(_prop_is("payinCurrency", "MXN"), {"properties": {"payinDiscountCoupon": NON_BLANK}}),
        # Spec 2.7: the voucher theme is for Peru only.
        _if(
            {"not": _prop_is("payinCurrency", "PEN")},
            {"properties": {"payinVoucherTheme": BLANK}},
        ),
        # Dominican Republic: document digit counts per type.
        _if(
            {"allOf": [_prop_is("payinCurrency", "DOP"), _prop_is("payinCustomerTypeDocument", "CIE")]},
            {"properties": {"payinCustomerDocument": {"pattern": "^[0-9]{11}$"}}},
        ),
        _if(
            {"allOf": [_prop_is("payinCurrency", "DOP"), _prop_is("payinCustomerTypeDocument", ["RNC", "PP"])]},
            {"properties": {"payinCustomerDocument": {"pattern": "^[0-9]{9}$"}}},
        ),
        # Deeplink: names <= 30 and an expiration (not null).
        _if(
            _prop_is("payinMethod", "BankTransfer_Deeplink"),
            {
                "properties": {
                    "payinCustomerName": NAME_30,
                    "payinCustomerLastName": NAME_30,
                    "payinExpirationTime": {"type": "integer"},
                }
            },
        ),
        # Wallet processors: method Wallet, the product description carries MOBILE/WEB.
        _if(
            {"required": ["processorCode"]},
            {
                "properties": {
                    "payinMethod": {"const": "Wallet"},
                    "payinProductDescription": {"enum": ["MOBILE", "WEB"]},
                }
            },
        ),
    ],
}

SCHEMAS: dict[str, dict[str, Any]] = {
    "virtual-account": VIRTUAL_ACCOUNT,
    "subscription": SUBSCRIPTION,
    "subscription-cancel": SUBSCRIPTION_CANCEL,
    "payin": PAYIN,
}

# One compiled validator per kind, built once.
VALIDATORS: dict[str, Any] = {kind: jsonschema_rs.validator_for(schema) for kind, schema in SCHEMAS.items()}
