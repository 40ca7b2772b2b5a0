'use strict'
// Wrong argument types name the argument (STYLE.md 6): every function the package
// exports, found by listing the module (namespaces included), is called with a value of
// the wrong type in each argument position and in each field of its options objects,
// the other arguments valid. What it throws is a TypeError, a RangeError or one of the
// CobroError family, whose message names the argument (or the field) as the caller spells
// it and says what it takes, in the binding's words: never one of napi's default texts,
// which name no argument ("an argument must be ...") or say nothing of what is taken.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const util = require('node:util')
const cobro = require('../cobro.js')

const { exportedFunctions } = require('./exported.js')

const FUNCTIONS = exportedFunctions(cobro)

// The generated declarations, then the hand-written ones of cobro.d.ts.
const DECLARATIONS = ['index.d.ts', 'cobro.d.ts'].map((f) => fs.readFileSync(path.join(__dirname, '..', f), 'utf8')).join('\n')

/** The parameters of the function `name` as declared: `[name, optional, type]` each. */
function parameters(name) {
  const parts = name.split('.')
  const scope = parts.length === 1
    ? DECLARATIONS
    : new RegExp(`export declare namespace ${parts[0]} \\{([^]*?)\\n\\}`).exec(DECLARATIONS)[1]
  const declared = new RegExp(`^\\s*export (?:declare )?function ${parts.at(-1)}(?:<[^>]*>)?\\(([^]*?)\\):`, 'm').exec(scope)
  assert.ok(declared, `the declaration of ${name}`)
  const list = declared[1].replace(/\s+/g, ' ').trim().replace(/,$/, '')
  if (list === '') return []
  return list.split(/, (?=\w+\??: )/).map((p) => {
    const m = /^(\w+)(\??): (.*)$/.exec(p)
    return [m[1], m[2] === '?', m[3]]
  })
}

/** The keys of the interface `name` declared in index.d.ts. */
function interfaceKeys(name) {
  const body = new RegExp(`export interface ${name} \\{([^]*?)\\n\\}`).exec(DECLARATIONS)
  return body ? [...body[1].matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]) : null
}

// Valid arguments of each export, so that a wrong value in one position is the only fault.
const KEY = 'fake-key-for-tests'
const VALID = {
  canCancel: ['AUTHORIZED'],
  codes: [],
  'documents.compact': ['PE', 'RUC', '20100066603'],
  'documents.format': ['PE', 'RUC', '20100066603'],
  'documents.isValid': ['PE', 'RUC', '20100066603'],
  'documents.types': [],
  'documents.validate': ['PE', 'RUC', '20100066603'],
  ensureValid: ['subscription-cancel', '{}', { strict: false, locale: 'en', key: KEY, maxBytes: 1000 }],
  mayCharge: ['AUTHORIZED'],
  mayRequestSubscription: ['PENDING'],
  'mock.start': [{ port: 0, host: '127.0.0.1', merchantId: 7, apiKey: 'a', webhookUrl: '', subscriptionWebhookUrl: '', depositWebhookUrl: '', vaSecret: KEY, payinKey: KEY, clockOffset: 0, autoPay: 5 }],
  nextStates: [1],
  openapi: [],
  parse: ['payin-response', '{}', { httpStatus: 200 }],
  parseDepositNotification: ['{}'],
  parsePayinNotification: ['{}'],
  parsePayinResponse: ['{}'],
  parsePayinStatus: ['{}'],
  parseSubscriptionResponse: ['{}'],
  parseSubscriptionWebhook: ['{}'],
  parseVirtualAccountResponse: ['{}', { httpStatus: 200 }],
  payinCreationCode: ['0001'],
  payinCreationCodes: [],
  payinState: [1],
  payinStateIsFinal: [1],
  payinStates: [],
  payinTransition: [1, 2],
  payinVerification: [{ merchantId: 674, operationNumber: 'ORDER-1', amount: '150.00', currency: 'PEN', key: KEY }],
  paymentConfirmationCode: ['00'],
  paymentConfirmationCodes: [],
  preparePayin: ['{}', { key: KEY, now: 1895400000, wrapData: false, strict: false, locale: 'en', maxBytes: 1000 }],
  preparePayinStatus: [{ merchantId: 674, key: KEY, operationNumber: 'ORDER-1', startDate: '2030-01-01', endDate: '2030-01-02', now: 1895400000 }],
  prepareSubscription: ['{}', { key: KEY, strict: false, locale: 'en', maxBytes: 1000 }],
  prepareSubscriptionCancel: ['{}', { key: KEY, strict: false, locale: 'en', maxBytes: 1000 }],
  prepareVirtualAccount: ['{}', { apiKey: 'a', secret: KEY, depositMode: 'OWNER', now: 1700000000, variant: 'spec', strict: false, locale: 'en', maxBytes: 1000 }],
  receiveNotification: ['payin-notification', '{}', { key: KEY, peer: '127.0.0.1', allowList: ['127.0.0.1'], storedState: 1, merchantId: 674, trustUnsigned: false, locale: 'en' }],
  retryAdvice: ['payin', 1, { httpStatus: 502, body: '' }],
  schema: ['payin'],
  subscriptionAuthorization: [{ merchantId: 674, type: 'ON_DEMAND', customerId: '1', processorCode: 'Wallet_on_file', key: KEY }],
  subscriptionErrorCode: ['B400'],
  subscriptionErrorCodes: [],
  validate: ['subscription-cancel', '{}', { strict: false, locale: 'en', key: KEY, maxBytes: 1000 }],
  verifyPayinNotification: ['{}', { key: KEY }],
  verifyVirtualAccountHeaders: [{ 'X-Timestamp': '1' }, { secret: KEY, now: 1700000000, windowSeconds: 120, variant: 'spec' }],
  virtualAccountErrorCode: ['E1'],
  virtualAccountErrorCodes: [],
  virtualAccountHeaders: [{ apiKey: 'a', secret: KEY, depositMode: 'OWNER', now: 1700000000, variant: 'reference_id', referenceId: 'r' }],
  virtualAccountMessage: [{ timestamp: 1700000000, apiKey: 'a', variant: 'reference_id', referenceId: 'r' }],
  virtualAccountSignature: [{ timestamp: 1700000000, apiKey: 'a', secret: KEY, variant: 'reference_id', referenceId: 'r' }],
  virtualAccountTransition: ['PER', 'ACTIVE', 'INACTIVE'],
}

// Values of the wrong type for most arguments (a string where a number is taken is
// `'7'`, below; an object is wrong where no object is taken).
const WRONG = [
  ['null', null], ['a number', 7], ['a string', '7'], ['an object', { a: 1 }], ['a symbol', Symbol('s')],
  ['a bigint', 7n], ['an array', ['7']], ['a boolean', true], ['a function', () => 7],
]

// napi's own texts, and the binding's rewriting of them when napi named no argument or
// said nothing of what is taken (errors.js `safeMessage`).
const NAPI_TEXTS = [
  /an argument must be/, /or another type/, / or a \w+ or /, /^Failed to convert/, /Value is none of these types/,
  /has the wrong type/, /into rust type/, /JavaScript value/, /napi value/, /this type/,
]

/** `result`, stopped first when the call started something (`mock.start`'s server). */
function stopped(result) {
  if (result !== null && typeof result === 'object' && typeof result.stop === 'function') result.stop()
  return result
}

/** The failure of `f(...args)`: `null` when it throws a documented error naming one of `names`, or what it threw. */
function badError(f, args, names) {
  try {
    stopped(f(...args))
    return null
  } catch (e) {
    if (!(e instanceof TypeError || e instanceof RangeError || e instanceof cobro.CobroError)) return `threw ${util.inspect(e)}`
    const message = String(e.message)
    if (NAPI_TEXTS.some((t) => t.test(message))) return `napi's text: ${message}`
    // Only type errors must name the argument: a CobroError judges a value of the right type.
    if (e instanceof TypeError && !names.some((n) => message.startsWith(`${n} `) || message.startsWith(`${n}[`))) {
      return `names none of ${names.join(', ')}: ${message}`
    }
    return null
  }
}

/** Every call of an export with one wrong value: `[label, function, args, names]`. */
function wrongCalls() {
  const out = []
  for (const [name, f] of FUNCTIONS) {
    const valid = VALID[name]
    assert.ok(valid, `VALID has no arguments for ${name}`)
    const params = parameters(name)
    params.forEach(([param, optional, type], at) => {
      const iface = (/^\w+/.exec(type) || [''])[0]
      const keys = iface === '' ? null : interfaceKeys(iface)
      const lead = valid.slice(0, at)
      const wrongs = WRONG.filter(([, w]) => !(keys || type.includes('object') || type.startsWith('Record<')) || typeof w !== 'object' || w === null || Array.isArray(w))
      if (!optional) wrongs.push(['undefined', undefined])
      for (const [label, w] of wrongs) {
        if (optional && w === null) continue
        if (typeof w === 'string' && /string|'|DocumentName|NotificationKind/.test(type)) continue
        if (typeof w === 'number' && /number/.test(type)) continue
        if (typeof w === 'bigint' && /bigint/.test(type)) continue
        if (typeof w === 'boolean' && /boolean/.test(type)) continue
        const args = [...lead, w, ...valid.slice(at + 1)]
        out.push([`${name} ${param} = ${label}`, f, args, [param]])
      }
      // Each field of an options object gets wrong values, the other fields valid.
      if (!keys || typeof valid[at] !== 'object') return
      const fieldTypes = interfaceFieldTypes(iface)
      for (const key of keys) {
        const fieldType = fieldTypes[key]
        for (const [label, w] of WRONG) {
          if (w === null) continue
          if (typeof w === 'string' && /string|'/.test(fieldType)) continue
          if (typeof w === 'number' && /number/.test(fieldType)) continue
          if (typeof w === 'bigint' && /bigint/.test(fieldType)) continue
          if (typeof w === 'boolean' && /boolean/.test(fieldType)) continue
          if (Array.isArray(w) && /\[\]/.test(fieldType)) continue
          const args = [...lead, { ...valid[at], [key]: w }, ...valid.slice(at + 1)]
          out.push([`${name} ${param}.${key} = ${label}`, f, args, [key, `${param}.${key}`]])
        }
      }
    })
  }
  return out
}

/** The declared TypeScript type of each key of the interface `name`. */
function interfaceFieldTypes(name) {
  const body = new RegExp(`export interface ${name} \\{([^]*?)\\n\\}`).exec(DECLARATIONS)
  return Object.fromEntries([...body[1].matchAll(/^ {2}(\w+)\??: (.*)$/gm)].map((m) => [m[1], m[2]]))
}

test('every export names a wrongly typed argument and what it takes, never in napi\'s words', () => {
  assert.ok(FUNCTIONS.length >= 45, FUNCTIONS.map(([n]) => n).join())
  const calls = wrongCalls()
  assert.ok(calls.length >= 500, `${calls.length} calls`)
  const failures = []
  for (const [label, f, args, names] of calls) {
    const bad = badError(f, args, names)
    if (bad !== null) failures.push(`${label}: ${bad}`)
  }
  assert.deepEqual(failures, [], `${failures.length} of ${calls.length} calls\n${failures.join('\n')}`)
})

test('receiveNotification given a parsed body names raw and asks for the body as received', () => {
  for (const raw of [{ payinMerchantID: 1 }, [1], 7, null, undefined]) {
    assert.throws(() => cobro.receiveNotification('payin-notification', raw), (e) => e instanceof TypeError
      && e.message.startsWith('raw must be') && /as received/.test(e.message) && /before any JSON parsing/.test(e.message), util.inspect(raw))
  }
  // Its bytes in any of the forms an endpoint gets them are the body.
  for (const raw of ['{}', Buffer.from('{}'), new Uint8Array([0x7b, 0x7d])]) {
    assert.equal(typeof cobro.receiveNotification('payin-notification', raw).verdict, 'string')
  }
})
