'use strict'
// zod 4 schemas of the four request kinds, stating cobro's rules (SPEC.md 2.1, 2.3-2.7,
// 8; DESIGN.md 9) the way a merchant would write them in zod: the same rules as the
// pydantic models of benches/python/models_pydantic.py, model for model.
//
// Declarative where zod can say it: types, required fields, lengths, enums and
// literals, regexes (the `u` flag, so \p{L} and \p{Sc} work), discriminated unions for
// owner.type (PERSON/COMPANY names), account.type (account.name format) and
// owner.document.type (digits or RFC letters); the per-country pay-in models are picked
// by payinCurrency (a currency of no spec country gets the generic rules, as in cobro),
// like pydantic's callable discriminator. Cross-field rules are `superRefine`s, zod's
// escape hatch; like pydantic's after-validators they run only when the object's fields
// passed, so a body with field errors never reports them.
//
// Rules zod could not state (or that these schemas do not state):
// - warnings (suggested expiration minimums, Mexico's 50-cent steps, unknown methods and
//   document types, unknown fields, numbers sent as strings, pairings, URLMonnet paths):
//   zod has errors only; none of these is checked.
// - amounts judged on their JSON text (DESIGN.md 9 rows 10 and 27): zod sees the number
//   JSON.parse made, so `150.500` and `1e2` pass (the check here reads the number's
//   shortest decimal text).
// - a key repeated in one JSON object: JSON.parse keeps the last copy.
// - lengths: zod's `.max()` counts UTF-16 code units, cobro code points (DESIGN.md 9
//   row 1): an emoji counts 2 here.
// - document check digits: not stated.
// - e-mail and https URL: patterns close to but not exactly cobro's checks.
// - the `{"data": {...}}` wrapper of pay-ins is not modelled.
const { z } = require('zod')

const digits = () => z.string().regex(/^[0-9]+$/)
const nonBlank = () => z.string().regex(/\S/)
// DESIGN.md 9 row 15: local@domain, a dot in the domain, no spaces, one '@'.
const EMAIL = /^[^\s@,;]+@[^\s@,;.-][^\s@,;]*\.[^\s@,;]*[^\s@,;.-]$/
const httpsUrl = () => z.string().max(250).regex(/^[Hh][Tt][Tt][Pp][Ss]:\/\/[^\s/?#:@.-][^\s/?#]*(:[0-9]+)?([/?#]\S*)?$/)
const metadataKey = () => z.string().regex(/^[A-Za-z0-9_-]{1,20}$/)
// DESIGN.md 9 row 5: Unicode letters and digits, space, - _ . : , / @, currency symbols.
const metadataValue = () => z.string().max(100).regex(/^[\p{L}\p{Nd}\p{Sc} ._:,/@-]*$/u)
// A JSON number or a string of digits, >= 1 (pydantic's lax int, DESIGN.md 9 row 9).
const merchantId = () => z.union([z.number().int().min(1).max(2 ** 63 - 1), z.string().regex(/^0*[1-9][0-9]*$/)])

/** A decimal of at most two decimals, > 0 and below `max`, from a number or its text. */
function decimal(max, acceptText) {
  const check = (text, ctx) => {
    const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text)
    if (!m || (m[2] || '').length > 2 || !(Number(text) > 0) || !(Number(text) < max)) {
      ctx.addIssue({ code: 'custom', message: `a decimal > 0 and < ${max} with at most two decimals` })
    }
  }
  const number = z.number().superRefine((n, ctx) => check(Number.isFinite(n) ? String(n) : 'x', ctx))
  return acceptText ? z.union([number, z.string().superRefine(check)]) : number
}

// --- virtual account (spec 2.1) ---

const DigitsDocument = z.object({ type: z.enum(['CUIT', 'DNI', 'RUC', 'RUN', 'RUT', 'PASS']), number: digits() })
const RfcDocument = z.object({ type: z.literal('RFC'), number: z.string().regex(/^[A-Z0-9Ñ&]+$/) })
const Phone = z.object({ countryCode: z.string().regex(/^[0-9]{1,4}$/), number: z.string().regex(/^[0-9]{1,14}$/) })
const ownerBase = {
  referenceId: z.string().min(1).max(36),
  document: z.discriminatedUnion('type', [DigitsDocument, RfcDocument]),
  email: z.string().min(1).max(50).regex(EMAIL),
  phone: Phone,
}
const PersonOwner = z.object({
  ...ownerBase,
  type: z.literal('PERSON'),
  firstName: z.string().min(1).max(50),
  lastName: z.string().min(1).max(50),
})
const CompanyOwner = z.object({ ...ownerBase, type: z.literal('COMPANY'), companyName: z.string().min(1).max(80) })
const accountBase = {
  category: z.literal('VIRTUAL'),
  country: z.enum(['ARG', 'MEX', 'PER', 'CHL']),
  currency: z.string().regex(/^[A-Z]{3}$/),
}
const CvuAccount = z.object({ ...accountBase, type: z.literal('CVU'), name: z.string().regex(/^[a-zA-Z0-9._-]{6,20}$/) })
const ClabeAccount = z.object({ ...accountBase, type: z.literal('CLABE'), name: z.string().min(3).max(20).regex(/^[A-Za-z]{1,9} [A-Za-z]{1,10}$/) })
const CciAccount = z.object({ ...accountBase, type: z.literal('CCI'), name: z.string().min(3).max(20).regex(/^[A-Za-z]{1,9}\.[A-Za-z]{1,10}$/) })

const VA_DOCUMENTS = { ARG: ['CUIT'], MEX: ['RFC'], PER: ['DNI', 'RUC'], CHL: ['RUN', 'RUT', 'PASS'] }
const VA_ACCOUNT_TYPES = { ARG: ['CVU'], MEX: ['CLABE'], PER: ['CCI'], CHL: ['CVU', 'CCI', 'CLABE'] }

const VirtualAccount = z.object({
  owner: z.discriminatedUnion('type', [PersonOwner, CompanyOwner]),
  account: z.discriminatedUnion('type', [CvuAccount, ClabeAccount, CciAccount]),
  metadata: z.record(metadataKey(), metadataValue())
    .refine((m) => Object.keys(m).length <= 5, 'at most 5 metadata entries')
    .optional(),
}).superRefine((v, ctx) => {
  const country = v.account.country
  if (!VA_DOCUMENTS[country].includes(v.owner.document.type)) {
    ctx.addIssue({ code: 'custom', path: ['owner', 'document', 'type'], message: `not accepted for ${country}` })
  }
  if (!VA_ACCOUNT_TYPES[country].includes(v.account.type)) {
    ctx.addIssue({ code: 'custom', path: ['account', 'type'], message: `not accepted for ${country}` })
  }
})

// --- subscription (spec 2.3) ---

const MetadataEntry = z.object({ key: metadataKey(), value: metadataValue() })
const SubscriptionType = z.enum(['ON_DEMAND', 'RECURRENT'])
const processorCode = () => z.string().regex(/^[A-Za-z0-9_]+$/)

const SubscriptionDetails = z.object({
  type: SubscriptionType,
  device: z.enum(['MOBILE', 'WEB']),
  customerId: digits(),
  processorCode: processorCode(),
  periodicity: z.string().regex(/^0*[1-9][0-9]*$/).optional(),
  // #####.##: > 0, at most two decimals and five integer digits.
  amount: decimal(100000, false).optional(),
}).superRefine((d, ctx) => {
  if (d.type === 'RECURRENT' && (d.periodicity === undefined || d.amount === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'periodicity and amount are required when type is RECURRENT' })
  }
})

const Subscription = z.object({
  merchantId: merchantId(),
  subscriptionDetails: SubscriptionDetails,
  metadata: z.array(MetadataEntry).max(5).optional(),
})

const SubscriptionCancel = z.object({
  merchantId: merchantId(),
  subscriptionDetails: z.object({ type: SubscriptionType, customerId: digits(), processorCode: processorCode() }),
})

// --- pay-in (spec 2.4-2.7, 8) ---

const DEEPLINK = 'BankTransfer_Deeplink'
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

const payinBase = {
  payinMerchantID: merchantId(),
  payinAmount: decimal(1e15, true),
  payinCurrency: z.string().regex(/^[A-Z]{3}$/),
  payinMerchantOperationNumber: z.string().max(50).regex(/\S/),
  payinVerification: z.string().regex(/^[0-9a-fA-F]{128}$/),
  payinTransactionOKURL: httpsUrl(),
  payinTransactionErrorURL: httpsUrl(),
  payinExpirationTime: z.number().int().min(1).max(2 ** 31 - 1).nullable(),
  payinLanguage: z.string().regex(/^[A-Za-z]{2}$/),
  payinCustomerEmail: z.string().max(50).regex(EMAIL),
  payinCustomerPhone: digits(),
  // Spec 2.7: Peru only (the PE model widens it); elsewhere absent or blank.
  payinVoucherTheme: z.string().regex(/^\s*$/).optional(),
  payinDateTime: nonBlank(),
  URLMonnet: httpsUrl(),
  typePost: z.literal('json'),
  processorCode: z.enum(['Wallet_on_file', 'Wallet_one_shot']).optional(),
  subscription: z.object({ chargeType: z.enum(['ON_DEMAND', 'RECURRENT']) }).optional(),
}
for (const name of NEVER_BLANK) payinBase[name] = nonBlank()
for (const name of BLANK_ALLOWED) payinBase[name] = z.string()

/** The method rules of every pay-in (pydantic's PayinBase.method_rules). */
function methodRules(p, ctx) {
  if (p.payinMethod === DEEPLINK) {
    if (p.payinExpirationTime === null) ctx.addIssue({ code: 'custom', message: 'payinExpirationTime is required for BankTransfer_Deeplink' })
    for (const name of [p.payinCustomerName, p.payinCustomerLastName]) {
      if (name.length > 30) ctx.addIssue({ code: 'custom', message: 'customer names are at most 30 characters for BankTransfer_Deeplink' })
    }
  }
  if (p.processorCode !== undefined) {
    if (p.payinMethod !== 'Wallet') ctx.addIssue({ code: 'custom', message: 'payinMethod must be Wallet when processorCode is set' })
    if (!['MOBILE', 'WEB'].includes(p.payinProductDescription)) {
      ctx.addIssue({ code: 'custom', message: 'payinProductDescription must be MOBILE or WEB when processorCode is set' })
    }
  }
}

const name30 = () => z.string().max(30).regex(/\S/)
const DO_DOCUMENT_DIGITS = { CIE: 11, RNC: 9, PP: 9 }

const PayinPE = z.object({
  ...payinBase,
  payinCurrency: z.literal('PEN'),
  payinCustomerName: name30(),
  payinCustomerLastName: name30(),
  payinCustomerPhone: z.string().regex(/^[0-9]{9}$/),
  payinDiscountCoupon: nonBlank(),
  payinVoucherTheme: z.string().optional(),
}).superRefine((p, ctx) => {
  methodRules(p, ctx)
  const theme = p.payinVoucherTheme
  if (theme !== undefined && theme.trim() && !['BankTransfer', 'Cash', 'Wallet'].includes(p.payinMethod)) {
    ctx.addIssue({ code: 'custom', message: 'payinVoucherTheme is only for BankTransfer, Cash and Wallet' })
  }
})
const PayinMX = z.object({ ...payinBase, payinCurrency: z.literal('MXN'), payinDiscountCoupon: nonBlank() }).superRefine(methodRules)
const PayinCO = z.object({
  ...payinBase,
  payinCurrency: z.literal('COP'),
  payinCustomerName: name30(),
  payinCustomerLastName: name30(),
  payinCustomerPhone: z.string().regex(/^[0-9]{10}$/),
  payinDiscountCoupon: nonBlank(),
}).superRefine(methodRules)
const PayinDO = z.object({ ...payinBase, payinCurrency: z.literal('DOP') }).superRefine((p, ctx) => {
  methodRules(p, ctx)
  const n = DO_DOCUMENT_DIGITS[p.payinCustomerTypeDocument]
  if (n !== undefined && !new RegExp(`^[0-9]{${n}}$`).test(p.payinCustomerDocument)) {
    ctx.addIssue({ code: 'custom', message: `payinCustomerDocument must be ${n} digits for ${p.payinCustomerTypeDocument}` })
  }
})
const PayinBR = z.object({ ...payinBase, payinCurrency: z.literal('BRL') }).superRefine(methodRules)
// A currency of no spec country: the generic rules (cobro warns).
const PayinOther = z.object(payinBase).superRefine(methodRules)

const BY_CURRENCY = { PEN: PayinPE, MXN: PayinMX, COP: PayinCO, DOP: PayinDO, BRL: PayinBR }

/** The pay-in model for a body's currency (pydantic's callable discriminator). */
const Payin = {
  safeParse(body) {
    const currency = body !== null && typeof body === 'object' ? body.payinCurrency : undefined
    return (Object.hasOwn(BY_CURRENCY, currency) ? BY_CURRENCY[currency] : PayinOther).safeParse(body)
  },
}

const MODELS = {
  'virtual-account': VirtualAccount,
  subscription: Subscription,
  'subscription-cancel': SubscriptionCancel,
  payin: Payin,
}

module.exports = { MODELS }
