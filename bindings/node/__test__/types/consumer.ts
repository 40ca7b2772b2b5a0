// A TypeScript consumer of the published types (cobro.d.ts and what it re-exports),
// checked with `tsc --noEmit -p __test__/types` in strict mode by scripts/test. It uses
// every export; `everyExport` below fails to compile when an export is added without
// being listed here. Type equality is asserted with `same<A, B>()`, and lines marked
// `@ts-expect-error` prove that wrong uses are refused. Never run: nothing is sent.
import * as cobro from 'cobro'
import {
  CobroError,
  DocumentError,
  ParseError,
  SigningError,
  ValidationError,
  VerificationError,
  documents,
  mock,
  parse,
  type CatalogueCode,
  type CodeClass,
  type CodeInfo,
  type DepositNotification,
  type Experience,
  type Int64Text,
  type Issue,
  type ParsedDocument,
  type PayinNotification,
  type PayinResponse,
  type PayinState,
  type PayinStatus,
  type PreparedRequest,
  type Receipt,
  type Report,
  type SubscriptionAnswer,
  type SubscriptionCode,
  type SubscriptionWebhook,
  type VirtualAccountAnswer,
} from 'cobro'

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
/** Compiles only when A and B are the same type. */
function same<A, B>(..._proof: Equals<A, B> extends true ? [] : [never]): void {}

// Every runtime export of the package, by name: adding one to the package without
// listing it here is a compile error (and a name listed that does not exist is one too).
const everyExport: { [K in keyof typeof cobro]: true } = {
  validate: true,
  ensureValid: true,
  payinVerification: true,
  subscriptionAuthorization: true,
  virtualAccountMessage: true,
  virtualAccountSignature: true,
  virtualAccountHeaders: true,
  verifyVirtualAccountHeaders: true,
  verifyPayinNotification: true,
  prepareVirtualAccount: true,
  prepareSubscription: true,
  prepareSubscriptionCancel: true,
  preparePayin: true,
  preparePayinStatus: true,
  receiveNotification: true,
  retryAdvice: true,
  parse: true,
  parseVirtualAccountResponse: true,
  parseSubscriptionResponse: true,
  parsePayinResponse: true,
  parsePayinNotification: true,
  parsePayinStatus: true,
  parseSubscriptionWebhook: true,
  parseDepositNotification: true,
  payinCreationCode: true,
  paymentConfirmationCode: true,
  payinState: true,
  subscriptionErrorCode: true,
  virtualAccountErrorCode: true,
  payinCreationCodes: true,
  paymentConfirmationCodes: true,
  payinStates: true,
  subscriptionErrorCodes: true,
  virtualAccountErrorCodes: true,
  canCancel: true,
  mayRequestSubscription: true,
  mayCharge: true,
  payinStateIsFinal: true,
  nextStates: true,
  payinTransition: true,
  virtualAccountTransition: true,
  documents: true,
  codes: true,
  schema: true,
  openapi: true,
  mock: true,
  CobroError: true,
  ValidationError: true,
  SigningError: true,
  ParseError: true,
  VerificationError: true,
  DocumentError: true,
}
void everyExport

// @ts-expect-error: the generated loader's note is not an export of the package
void cobro.__napiBindingTarget

// ---- validate ----
const report: Report = cobro.validate('payin', '{}', { strict: true, locale: 'es', key: 'fake-key', maxBytes: 1024 })
cobro.validate('subscription', Buffer.from('{}'))
cobro.validate('virtual-account', new Uint8Array(2))
cobro.validate('subscription-cancel', { customerId: '1' })
// @ts-expect-error: not a request kind
cobro.validate('payout', '{}')
// @ts-expect-error: not a locale
cobro.validate('payin', '{}', { locale: 'fr' })
cobro.validate('payin', new ArrayBuffer(2))
// @ts-expect-error: options are an object, never the key itself
cobro.validate('payin', '{}', 'fake-key')
// @ts-expect-error: no option is named Key
cobro.validate('payin', '{}', { Key: 'fake-key' })
// @ts-expect-error: no option is named status
cobro.parse('payin-response', '{}', { status: 400 })
const firstIssue: Issue | undefined = report.errors[0]
if (firstIssue) {
  const severity: 'error' | 'warning' = firstIssue.severity
  const params: Record<string, string> = firstIssue.params
  const figure: string | undefined = params['minimum']
  const text: string = `${firstIssue.path} ${firstIssue.code} ${firstIssue.message}`
  void [severity, figure, text]
}
same<typeof report.valid, boolean>()

// ---- signing ----
const hash: string = cobro.payinVerification({
  merchantId: 674, operationNumber: 'ORDER-1', amount: '150.50', currency: 'PEN', key: 'fake-key',
})
cobro.payinVerification({ merchantId: 674n, operationNumber: 'O', amount: 150.5, currency: 'PEN', key: 'fake-key' })
cobro.payinVerification({ merchantId: '674', operationNumber: 'O', amount: 150, currency: 'PEN', key: 'fake-key' })
// @ts-expect-error: the key is required
cobro.payinVerification({ merchantId: 674, operationNumber: 'O', amount: '1', currency: 'PEN' })
const bearer: string = cobro.subscriptionAuthorization({
  merchantId: 1234, type: 'ON_DEMAND', customerId: '987654321', processorCode: 'Wallet_on_file', key: 'fake-key',
})
const signature: string = cobro.virtualAccountSignature({ apiKey: 'fake-api-key', secret: 'fake-secret', timestamp: 1700000000 })
const headers: Record<string, string> = cobro.virtualAccountHeaders({
  apiKey: 'fake-api-key', secret: 'fake-secret', depositMode: 'OWNER', now: 1700000000,
})
// @ts-expect-error: OWNER or ANY
cobro.virtualAccountHeaders({ apiKey: 'a', secret: 's', depositMode: 'SOMEONE' })
const verified: void = cobro.verifyVirtualAccountHeaders(headers, { secret: 'fake-secret', now: 1700000010, windowSeconds: 60 })
// DESIGN.md 9 row 30: the reference_id variant signs owner.referenceId too.
const message: string = cobro.virtualAccountMessage({ apiKey: 'fake-api-key', timestamp: 1700000000, variant: 'reference_id', referenceId: 'user-1' })
const referenceHeaders: Record<string, string> = cobro.virtualAccountHeaders({
  apiKey: 'fake-api-key', secret: 'fake-secret', depositMode: 'ANY', variant: 'reference_id', referenceId: 'user-1',
})
cobro.verifyVirtualAccountHeaders(referenceHeaders, { secret: 'fake-secret', variant: 'reference_id', referenceId: 'user-1' })
cobro.virtualAccountSignature({ apiKey: 'fake-api-key', secret: 'fake-secret', timestamp: 1700000000, variant: 'spec' })
// @ts-expect-error: a signature needs the timestamp X-Timestamp will carry
cobro.virtualAccountSignature({ apiKey: 'fake-api-key', secret: 'fake-secret' })
// @ts-expect-error: spec or reference_id
cobro.virtualAccountSignature({ apiKey: 'a', secret: 's', timestamp: 1, variant: 'reference-id' })
void [hash, bearer, signature, verified, message]

// ---- prepared requests ----
const prepared: PreparedRequest[] = [
  cobro.prepareVirtualAccount('{}', { apiKey: 'fake-api-key', secret: 'fake-secret', depositMode: 'ANY', now: 1700000000 }),
  cobro.prepareVirtualAccount('{}', { apiKey: 'fake-api-key', secret: 'fake-secret', depositMode: 'ANY', variant: 'reference_id' }),
  cobro.prepareSubscription({}, { key: 'fake-key', strict: true }),
  cobro.prepareSubscriptionCancel(Buffer.from('{}'), { key: 'fake-key', locale: 'en' }),
  cobro.preparePayin({}, { key: 'fake-key', now: 1895400000, wrapData: true, maxBytes: 65536 }),
]
// @ts-expect-error: subscriptions are never wrapped in data
cobro.prepareSubscription({}, { key: 'fake-key', wrapData: true })
// @ts-expect-error: a pay-in is signed with key, not secret
cobro.preparePayin({}, { key: 'fake-key', secret: 'fake-secret' })
// @ts-expect-error: no argument is named merchantID
cobro.payinVerification({ merchantId: 1, merchantID: 1, operationNumber: 'O', amount: '1.00', currency: 'PEN', key: 'k' })
for (const p of prepared) {
  const init: RequestInit = { method: p.method, headers: p.headers, body: p.body }
  void [p.path, init]
}

// ---- parse: the document name decides the type ----
same<ReturnType<typeof parse<'payin-response'>>, PayinResponse>()
same<ReturnType<typeof parse<'payin-notification'>>, PayinNotification>()
same<ReturnType<typeof parse<'subscription-response'>>, SubscriptionAnswer>()
same<ReturnType<typeof parse<'subscription-webhook'>>, SubscriptionWebhook>()
same<ReturnType<typeof parse<'virtual-account-response'>>, VirtualAccountAnswer>()
same<ReturnType<typeof parse<'deposit-notification'>>, DepositNotification>()
same<ReturnType<typeof parse<'payin-status'>>, PayinStatus>()
same<ReturnType<typeof cobro.receiveNotification>, Receipt>()
same<ReturnType<typeof cobro.parsePayinResponse>, PayinResponse>()
same<ReturnType<typeof cobro.parsePayinNotification>, PayinNotification>()
same<ReturnType<typeof cobro.parseSubscriptionResponse>, SubscriptionAnswer>()
same<ReturnType<typeof cobro.parseSubscriptionWebhook>, SubscriptionWebhook>()
same<ReturnType<typeof cobro.parseVirtualAccountResponse>, VirtualAccountAnswer>()
same<ReturnType<typeof cobro.parseDepositNotification>, DepositNotification>()
same<ReturnType<typeof cobro.verifyPayinNotification>, PayinNotification>()
// @ts-expect-error: not a document name
parse('payin-request', '{}')

const anyDocument: ParsedDocument = parse('payin-response' as cobro.DocumentName, '{}')
void anyDocument

/** What to show for a pay-in answer: every experience, narrowed on `kind`. */
function show(experience: Experience): string {
  switch (experience.kind) {
    case 'redirect':
      return experience.url
    case 'voucher': {
      const family: 'BankTransfer' | 'Cash' | 'Wallet' = experience.family
      const steps = experience.config.entries.flatMap((e) =>
        e.paymentMethodInstructions.flatMap((m) => m.instructions.map((i) => i.value.text)),
      )
      const order: Int64Text | null | undefined = experience.config.entries[0]?.nroOrder
      return `${family} ${experience.voucher.amount} ${experience.voucher.expiration.year} ${steps.join('\n')} ${order}`
    }
    case 'qr': {
      const png: Buffer = experience.qrPng
      return `${png.toString('base64')} ${experience.config.banks.length} ${experience.generalInstructions.length}`
    }
    case 'deeplink_method':
      return experience.deepLinks.map((l) => `${l.collectorId} ${l.deepLink} ${l.order ?? ''}`).join()
    case 'wallet_one_shot':
      return experience.deepLinks.map((l) => `${l.processorCode} ${l.deepLink}`).join()
    case 'wallet_on_file':
    case 'failed':
      // @ts-expect-error: these experiences carry no url
      return experience.url
  }
}

const answer = cobro.parsePayinResponse(Buffer.from('{}'))
const meaning: CodeInfo | null = answer.meaning
show(answer.experience)
void [answer.success, answer.errorCode, answer.trxOperation, meaning?.disposition]

const notification = cobro.parse('payin-notification', '{}')
const stateId: Int64Text = notification.payinStateId
const state: PayinState | null = notification.state ?? cobro.payinState(stateId)
if (state?.paid) void state.nameEn
// @ts-expect-error: 64-bit integers are strings, never numbers
const asNumber: number = notification.payinStateId
void asNumber
// A value read from a result goes back as it is.
void cobro.receiveNotification('payin-notification', '{}', { storedState: notification.payinStateId })
void cobro.nextStates(notification.payinStateId)
// @ts-expect-error: the core's snake_case names are not the package's
void notification.payin_state_id
const checked: PayinNotification = cobro.verifyPayinNotification('{}', { key: 'fake-key' })
void checked.errorDetails?.confirmation?.meaning

const subscription = cobro.parseSubscriptionResponse('{}')
switch (subscription.outcome) {
  case 'created':
    void [subscription.subscriptionId, subscription.deepLink]
    break
  case 'cancelled':
    void subscription.status
    break
  case 'error': {
    const code: SubscriptionCode | null = subscription.meaning
    void [code?.operations, subscription.errorFieldDetails.map((d) => d.field)]
    break
  }
}

const webhook = cobro.parseSubscriptionWebhook('{}')
const hookCharge: string | null = webhook.chargeType
void [webhook.subscriptionId, hookCharge, webhook.metadata.map((m) => m.key), webhook.errorDetails?.meaning, webhook.isError]

const account = cobro.parseVirtualAccountResponse('{}', { httpStatus: 201 })
if (account.outcome === 'account') {
  void [account.account.number, account.owner?.email, account.metadata?.length]
} else {
  const codes: Array<CodeInfo | null> = account.details.map((d) => d.meaning)
  void [account.type, codes]
}
const deposit = cobro.parseDepositNotification('{}')
void [deposit.status.code, deposit.status.approved, deposit.depositDetails?.depositor?.fullName]

// ---- catalogues ----
const creation: CodeInfo | null = cobro.payinCreationCode('0000')
const confirmation: CodeInfo | null = cobro.paymentConfirmationCode('9051')
const states: Array<PayinState | null> = [cobro.payinState(5), cobro.payinState(5n), cobro.payinState('5')]
const subscriptionCode: SubscriptionCode | null = cobro.subscriptionErrorCode('9025')
const vaCode: CodeInfo | null = cobro.virtualAccountErrorCode('ERR_UNAUTHORIZED')
void [creation, confirmation, states, subscriptionCode, vaCode?.disposition]

// ---- the JSON Schemas and the OpenAPI document, as JSON text ----
const schemaText: string = cobro.schema('payin')
const openapiText: string = cobro.openapi()
// @ts-expect-error: not a request kind
void cobro.schema('refund')
void [schemaText, openapiText]

// ---- the catalogue of codes ----
const catalogue: CatalogueCode[] = cobro.codes()
for (const c of catalogue) {
  const severity: 'error' | 'warning' | null = c.severity
  const classes: CodeClass[] = c.classes
  const text: string = `${c.code} ${c.meaning} ${c.params.join()} ${c.templates.en} ${c.templates.es} ${c.templates.pt}`
  void [severity, classes, text]
}
// @ts-expect-error: a locale the catalogue has no template in
void catalogue[0]?.templates.fr

// ---- documents ----
const document: documents.ValidDocument = documents.validate('PE', 'RUC', '20100070970')
const compact: string = document.compact
const doubts: Array<'check_digit' | 'unknown_institution' | 'inconvenient_word'> = document.warnings
void doubts
const ok: boolean = documents.isValid('AR', 'CUIT', '20-12345678-6')
const display: string = documents.format('AR', 'CUIT', compact)
const bare: string = documents.compact('MX', 'CLABE', '032 180 00011835971 9')
const kinds: documents.DocumentType[] = documents.types()
void [ok, display, bare, kinds.map((t) => `${t.country} ${t.type} ${t.account} ${t.description}`)]

// ---- errors ----
try {
  cobro.prepareSubscription({}, { key: 'fake-key' })
} catch (e) {
  if (e instanceof ValidationError) {
    const errors: Issue[] = e.errors
    const full: Report = e.report
    void [e.code, errors, full]
  } else if (e instanceof ParseError) {
    const offset: number | null = e.offset
    void [e.path, offset]
  } else if (e instanceof SigningError || e instanceof VerificationError || e instanceof DocumentError) {
    const base: CobroError = e
    const code: string = base.code
    void code
  } else if (e instanceof CobroError) {
    void e.message
  } else if (e instanceof TypeError) {
    void e.message
  }
}

// ---- ensureValid, the full catalogues, the lifecycle helpers ----
try {
  const clean: Report = cobro.ensureValid('subscription-cancel', '{}', { locale: 'es' })
  void clean
} catch (e) {
  if (e instanceof ValidationError) void e.errors
}
const creationCodes: CodeInfo[] = cobro.payinCreationCodes()
const confirmationCodes: CodeInfo[] = cobro.paymentConfirmationCodes()
const allStates: PayinState[] = cobro.payinStates()
const subscriptionCodes: SubscriptionCode[] = cobro.subscriptionErrorCodes()
const accountCodes: CodeInfo[] = cobro.virtualAccountErrorCodes()
const cancel: cobro.Verdict = cobro.canCancel('AUTHORIZED')
const request: cobro.Verdict = cobro.mayRequestSubscription()
const requestAgain: cobro.Verdict = cobro.mayRequestSubscription('PENDING')
const charge: cobro.Verdict = cobro.mayCharge('AUTHORIZED')
const isFinal: cobro.Verdict | null = cobro.payinStateIsFinal('5')
const next: Int64Text[] | null = cobro.nextStates(1n)
const move: cobro.Verdict = cobro.payinTransition(1, 5)
const accountMove: { allowed: boolean; reason: string } = cobro.virtualAccountTransition('PER', 'ACTIVE', 'INACTIVE')
void [creationCodes, confirmationCodes, allStates, subscriptionCodes, accountCodes, cancel, request, requestAgain, charge, isFinal, next, move, accountMove]

// ---- the provider's stand-in ----
const options: cobro.MockOptions = { port: 0, merchantId: 1234n, payinKey: 'fake-key', clockOffset: -30, autoPay: 2 }
const server: mock.MockServer = mock.start(options)
const url: string = server.url
const merchant: number = server.merchantId
const apiKey: string = server.apiKey
server.stop()
void [url, merchant, apiKey, mock.start(), mock.start({ config: 'merchants.json' })]
// @ts-expect-error: the fields are read-only
server.url = 'http://example.com'
// @ts-expect-error: no key is a field
void server.payinKey
// @ts-expect-error: not an option
mock.start({ allowRemote: true })
