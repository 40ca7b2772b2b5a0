'use strict'
// JSON Schemas (draft 2020-12) of the four request kinds for ajv, stating cobro's rules
// (SPEC.md 2.1, 2.3-2.7, 8; DESIGN.md 9) the way a merchant would write them: the same
// schemas as benches/python/schemas_jsonschema.py, rule for rule. Compiled once per kind
// with `allErrors: true`, so every error is reported, not just the first.
//
// Declarative throughout: types, `required`, lengths, `enum`/`const`, `pattern` (ECMA
// regex with the `u` flag, so \p{..} classes work), `maxProperties`/`propertyNames` for
// metadata objects, `maxItems` for metadata arrays, amounts as `multipleOf: 0.01` +
// `exclusiveMinimum: 0`, and the conditional rules (PERSON/COMPANY names, account.name
// per account.type, document number per type, the per-country rules of virtual
// accounts and pay-ins, RECURRENT, deeplink, wallet processors, voucher theme) as
// `allOf` of `if`/`then`.
//
// Rules JSON Schema could not state (or that these schemas do not state):
// - warnings (suggested expiration minimums, Mexico's 50-cent steps, unknown methods,
//   document types and fields, numbers sent as strings, URLMonnet paths, pairings): a
//   schema has no warnings; none is checked.
// - amounts judged on their JSON text (DESIGN.md 9 rows 10 and 27): ajv sees the number
//   JSON.parse made, so `150.500` and `1e2` pass; `multipleOf: 0.01` works on binary
//   floats, so ajv needs `multipleOfPrecision` (set to 9 here, else 150.5 fails: 150.5 /
//   0.01 is 15050.000000000002).
// - a key repeated in one JSON object: JSON.parse keeps the last copy.
// - lengths: ajv counts code points (its default `unicode` length), as cobro does.
// - document check digits: not stated.
// - e-mail and https URL: patterns close to but not exactly cobro's checks.
// - the `{"data": {...}}` wrapper of pay-ins is not modelled.
const Ajv2020 = require('ajv/dist/2020').default

const DIGITS = { type: 'string', pattern: '^[0-9]+$' }
const NON_BLANK = { type: 'string', pattern: '\\S' }
const TEXT = { type: 'string' }
const EMAIL_PATTERN = '^[^\\s@,;]+@[^\\s@,;.-][^\\s@,;]*\\.[^\\s@,;]*[^\\s@,;.-]$'
const HTTPS_URL = {
  type: 'string',
  maxLength: 250,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]://[^\\s/?#:@.-][^\\s/?#]*(:[0-9]+)?([/?#]\\S*)?$',
}
const METADATA_KEY = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' }
const METADATA_VALUE = { type: 'string', maxLength: 100, pattern: '^[\\p{L}\\p{Nd}\\p{Sc} ._:,/@-]*$' }
// DESIGN.md 9 row 9: a JSON number, or a string of that number.
const MERCHANT_ID = { type: ['integer', 'string'], minimum: 1, maximum: 2 ** 63 - 1, pattern: '^[0-9]+$' }

const ifThen = (condition, then) => ({ if: condition, then })
/** `if` clause: the property `name` is present and equal to `value` (or one of them). */
const propIs = (name, value) => ({
  required: [name],
  properties: { [name]: Array.isArray(value) ? { enum: value } : { const: value } },
})

// --- virtual account (spec 2.1) ---

const VA_DOCUMENTS = { ARG: ['CUIT'], MEX: ['RFC'], PER: ['DNI', 'RUC'], CHL: ['RUN', 'RUT', 'PASS'] }
const VA_ACCOUNT_TYPES = { ARG: ['CVU'], MEX: ['CLABE'], PER: ['CCI'], CHL: ['CVU', 'CCI', 'CLABE'] }
const ACCOUNT_NAMES = {
  CVU: '^[a-zA-Z0-9._-]{6,20}$',
  CLABE: '^[A-Za-z]{1,9} [A-Za-z]{1,10}$',
  CCI: '^[A-Za-z]{1,9}\\.[A-Za-z]{1,10}$',
}

const VIRTUAL_ACCOUNT = {
  type: 'object',
  required: ['owner', 'account'],
  properties: {
    owner: {
      type: 'object',
      required: ['referenceId', 'type', 'document', 'email', 'phone'],
      properties: {
        referenceId: { type: 'string', minLength: 1, maxLength: 36 },
        type: { enum: ['PERSON', 'COMPANY'] },
        document: {
          type: 'object',
          required: ['type', 'number'],
          properties: { type: { type: 'string' }, number: { type: 'string' } },
          allOf: [
            ifThen(propIs('type', 'RFC'), { properties: { number: { pattern: '^[A-Z0-9Ñ&]+$' } } }),
            ifThen(propIs('type', ['CUIT', 'DNI', 'RUC', 'RUN', 'RUT', 'PASS']), { properties: { number: { pattern: '^[0-9]+$' } } }),
          ],
        },
        firstName: { type: 'string', minLength: 1, maxLength: 50 },
        lastName: { type: 'string', minLength: 1, maxLength: 50 },
        email: { type: 'string', minLength: 1, maxLength: 50, pattern: EMAIL_PATTERN },
        phone: {
          type: 'object',
          required: ['countryCode', 'number'],
          properties: {
            countryCode: { type: 'string', pattern: '^[0-9]{1,4}$' },
            number: { type: 'string', pattern: '^[0-9]{1,14}$' },
          },
        },
      },
      allOf: [
        // DESIGN.md 9 row 17: each type constrains only its own names.
        ifThen(propIs('type', 'PERSON'), { required: ['firstName', 'lastName'] }),
        ifThen(propIs('type', 'COMPANY'), {
          required: ['companyName'],
          properties: { companyName: { type: 'string', minLength: 1, maxLength: 80 } },
        }),
      ],
    },
    account: {
      type: 'object',
      required: ['category', 'type', 'country', 'currency', 'name'],
      properties: {
        category: { const: 'VIRTUAL' },
        type: { enum: ['CVU', 'CCI', 'CLABE'] },
        country: { enum: ['ARG', 'MEX', 'PER', 'CHL'] },
        currency: { type: 'string', pattern: '^[A-Z]{3}$' },
        name: { type: 'string', minLength: 3, maxLength: 20 },
      },
      allOf: [
        ...Object.entries(ACCOUNT_NAMES).map(([t, p]) => ifThen(propIs('type', t), { properties: { name: { pattern: p } } })),
        ...Object.entries(VA_ACCOUNT_TYPES).map(([c, types]) => ifThen(propIs('country', c), { properties: { type: { enum: types } } })),
      ],
    },
    metadata: {
      type: 'object',
      maxProperties: 5,
      propertyNames: METADATA_KEY,
      additionalProperties: METADATA_VALUE,
    },
  },
  // Spec 2.1: document types per account.country (owner and account together).
  allOf: Object.entries(VA_DOCUMENTS).map(([c, docs]) => ifThen(
    { required: ['account'], properties: { account: propIs('country', c) } },
    { properties: { owner: { properties: { document: { properties: { type: { enum: docs } } } } } } },
  )),
}

// --- subscription (spec 2.3) ---

const SUBSCRIPTION_TYPE = { enum: ['ON_DEMAND', 'RECURRENT'] }
const PROCESSOR_CODE = { type: 'string', pattern: '^[A-Za-z0-9_]+$' }

const SUBSCRIPTION = {
  type: 'object',
  required: ['merchantId', 'subscriptionDetails'],
  properties: {
    merchantId: MERCHANT_ID,
    subscriptionDetails: {
      type: 'object',
      required: ['type', 'device', 'customerId', 'processorCode'],
      properties: {
        type: SUBSCRIPTION_TYPE,
        device: { enum: ['MOBILE', 'WEB'] },
        customerId: DIGITS,
        processorCode: PROCESSOR_CODE,
        periodicity: { type: 'string', pattern: '^0*[1-9][0-9]*$' },
        // #####.##
        amount: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 100000, multipleOf: 0.01 },
      },
      allOf: [ifThen(propIs('type', 'RECURRENT'), { required: ['periodicity', 'amount'] })],
    },
    metadata: {
      type: 'array',
      maxItems: 5,
      items: { type: 'object', required: ['key', 'value'], properties: { key: METADATA_KEY, value: METADATA_VALUE } },
    },
  },
}

const SUBSCRIPTION_CANCEL = {
  type: 'object',
  required: ['merchantId', 'subscriptionDetails'],
  properties: {
    merchantId: MERCHANT_ID,
    subscriptionDetails: {
      type: 'object',
      required: ['type', 'customerId', 'processorCode'],
      properties: { type: SUBSCRIPTION_TYPE, customerId: DIGITS, processorCode: PROCESSOR_CODE },
    },
  },
}

// --- pay-in (spec 2.4-2.7, 8) ---

const BLANK_ALLOWED = [
  'payinCustomerAddress', 'payinCustomerCity', 'payinCustomerRegion', 'payinCustomerCountry',
  'payinCustomerZipCode', 'payinCustomerShippingName', 'payinCustomerShippingPhone',
  'payinCustomerShippingAddress', 'payinCustomerShippingCity', 'payinCustomerShippingRegion',
  'payinCustomerShippingCountry', 'payinCustomerShippingZipCode', 'payinRegularCustomer',
  'payinCustomerID', 'payinDiscountCoupon', 'payinFilterBy',
]
const NEVER_BLANK = [
  'payinMethod', 'payinCustomerName', 'payinCustomerLastName', 'payinCustomerTypeDocument',
  'payinCustomerDocument', 'payinProductID', 'payinProductDescription', 'payinProductAmount',
  'payinProductSku', 'payinProductQuantity',
]
const PAYIN_PROPERTIES = {
  payinMerchantID: MERCHANT_ID,
  payinAmount: { type: ['number', 'string'], exclusiveMinimum: 0, multipleOf: 0.01, pattern: '^0*[0-9]{1,15}(\\.[0-9]{1,2})?$' },
  payinCurrency: { type: 'string', pattern: '^[A-Z]{3}$' },
  payinMerchantOperationNumber: { type: 'string', maxLength: 50, pattern: '\\S' },
  payinVerification: { type: 'string', pattern: '^[0-9a-fA-F]{128}$' },
  payinTransactionOKURL: HTTPS_URL,
  payinTransactionErrorURL: HTTPS_URL,
  payinExpirationTime: { type: ['integer', 'null'], minimum: 1, maximum: 2 ** 31 - 1 },
  payinLanguage: { type: 'string', pattern: '^[A-Za-z]{2}$' },
  payinCustomerEmail: { type: 'string', maxLength: 50, pattern: EMAIL_PATTERN },
  payinCustomerPhone: DIGITS,
  payinVoucherTheme: TEXT,
  // Not a YYYY-MM-DD date is a warning in cobro: only "not empty" here.
  payinDateTime: NON_BLANK,
  URLMonnet: HTTPS_URL,
  typePost: { const: 'json' },
  processorCode: { enum: ['Wallet_on_file', 'Wallet_one_shot'] },
  subscription: { type: 'object', required: ['chargeType'], properties: { chargeType: { enum: ['ON_DEMAND', 'RECURRENT'] } } },
}
for (const name of NEVER_BLANK) PAYIN_PROPERTIES[name] = NON_BLANK
for (const name of BLANK_ALLOWED) PAYIN_PROPERTIES[name] = TEXT

const NAME_30 = { maxLength: 30 }
const BLANK = { pattern: '^\\s*$' }

const PAYIN = {
  type: 'object',
  // DESIGN.md 9 row 6: every field must be present except the three optional ones.
  required: Object.keys(PAYIN_PROPERTIES).filter((k) => !['payinVoucherTheme', 'processorCode', 'subscription'].includes(k)),
  properties: PAYIN_PROPERTIES,
  allOf: [
    // Peru: 9-digit phone, names <= 30, coupon; voucher theme only for three methods.
    ifThen(propIs('payinCurrency', 'PEN'), {
      properties: {
        payinCustomerPhone: { pattern: '^[0-9]{9}$' },
        payinCustomerName: NAME_30,
        payinCustomerLastName: NAME_30,
        payinDiscountCoupon: NON_BLANK,
      },
      if: { not: propIs('payinMethod', ['BankTransfer', 'Cash', 'Wallet']) },
      then: { properties: { payinVoucherTheme: BLANK } },
    }),
    // Colombia: 10-digit phone, names <= 30, coupon.
    ifThen(propIs('payinCurrency', 'COP'), {
      properties: {
        payinCustomerPhone: { pattern: '^[0-9]{10}$' },
        payinCustomerName: NAME_30,
        payinCustomerLastName: NAME_30,
        payinDiscountCoupon: NON_BLANK,
      },
    }),
    ifThen(propIs('payinCurrency', 'MXN'), { properties: { payinDiscountCoupon: NON_BLANK } }),
    // Spec 2.7: the voucher theme is for Peru only.
    ifThen({ not: propIs('payinCurrency', 'PEN') }, { properties: { payinVoucherTheme: BLANK } }),
    // Dominican Republic: document digit counts per type.
    ifThen({ allOf: [propIs('payinCurrency', 'DOP'), propIs('payinCustomerTypeDocument', 'CIE')] },
      { properties: { payinCustomerDocument: { pattern: '^[0-9]{11}$' } } }),
    ifThen({ allOf: [propIs('payinCurrency', 'DOP'), propIs('payinCustomerTypeDocument', ['RNC', 'PP'])] },
      { properties: { payinCustomerDocument: { pattern: '^[0-9]{9}$' } } }),
    // Deeplink: names <= 30 and an expiration (not null).
    ifThen(propIs('payinMethod', 'BankTransfer_Deeplink'), {
      properties: { payinCustomerName: NAME_30, payinCustomerLastName: NAME_30, payinExpirationTime: { type: 'integer' } },
    }),
    // Wallet processors: method Wallet, the product description carries MOBILE/WEB.
    ifThen({ required: ['processorCode'] }, {
      properties: { payinMethod: { const: 'Wallet' }, payinProductDescription: { enum: ['MOBILE', 'WEB'] } },
    }),
  ],
}

const SCHEMAS = {
  'virtual-account': VIRTUAL_ACCOUNT,
  subscription: SUBSCRIPTION,
  'subscription-cancel': SUBSCRIPTION_CANCEL,
  payin: PAYIN,
}

// `strict: false`: the schemas put `pattern` beside `type: [..., 'integer']` and
// `minimum` beside `type: [..., 'string']` on purpose (each keyword applies to its own
// type), which ajv's strict mode flags as a possible mistake.
const ajv = new Ajv2020({ allErrors: true, multipleOfPrecision: 9, strict: false })

/** One compiled validator per kind, built once. */
const VALIDATORS = Object.fromEntries(Object.entries(SCHEMAS).map(([kind, schema]) => [kind, ajv.compile(schema)]))

module.exports = { SCHEMAS, VALIDATORS }
