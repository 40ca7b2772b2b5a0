'use strict'
// The signing vectors, junk arguments, and secrets that never show.
const test = require('node:test')
const assert = require('node:assert/strict')
const util = require('node:util')
const cobro = require('../cobro.js')
const { cases, file, raw } = require('./vectors.js')

const byFile = (name) => cases('signing').filter((c) => c.id.startsWith(name))

test('payinVerification vectors', () => {
  for (const { id, case: c } of byFile('payin-verification.json')) {
    for (const merchantId of [c.merchant_id, BigInt(c.merchant_id), String(c.merchant_id)]) {
      const got = cobro.payinVerification({ merchantId, operationNumber: c.operation_number, amount: c.amount, currency: c.currency, key: c.key })
      assert.equal(got, c.expected, id)
    }
  }
})

test('subscriptionAuthorization vectors', () => {
  const all = byFile('subscription-authorization.json')
  assert.ok(all.length > 0)
  for (const { id, case: c } of all) {
    // The id as written (2^63 - 1 is no JS number): a bigint, digits, and a number when safe.
    const digits = raw(c).merchant_id
    const ids = [BigInt(digits), digits]
    if (Number.isSafeInteger(c.merchant_id)) ids.push(c.merchant_id)
    else assert.throws(() => cobro.subscriptionAuthorization({ merchantId: c.merchant_id, type: c.type, customerId: c.customer_id, processorCode: c.processor_code, key: c.key }), TypeError)
    for (const merchantId of ids) {
      const got = cobro.subscriptionAuthorization({ merchantId, type: c.type, customerId: c.customer_id, processorCode: c.processor_code, key: c.key })
      assert.equal(got, c.expected, id)
    }
  }
})

// DESIGN.md 9 row 32: arguments refused with the code validation gives the same field.
test('payinVerification refuses what validation refuses, with the same code', () => {
  const { errors } = file('signing', 'payin-verification.json')
  assert.ok(errors.length >= 10)
  for (const c of errors) {
    const merchantId = c.merchant_id === undefined ? 1 : (Number.isSafeInteger(c.merchant_id) ? c.merchant_id : raw(c).merchant_id)
    const args = { merchantId, operationNumber: c.operation_number ?? 'OP', amount: c.amount ?? '1.00', currency: c.currency ?? 'PEN', key: 'fake-payin-key-0001' }
    assert.throws(() => cobro.payinVerification(args), (e) => e instanceof cobro.SigningError && e.code === c.error, c.name)
  }
})

test('subscriptionAuthorization refuses what validation refuses, with the same code', () => {
  const { errors } = file('signing', 'subscription-authorization.json')
  assert.ok(errors.length >= 8)
  for (const c of errors) {
    for (const merchantId of [c.merchant_id, BigInt(c.merchant_id), String(c.merchant_id)]) {
      const args = { merchantId, type: c.type, customerId: c.customer_id, processorCode: c.processor_code, key: 'fake-test-key' }
      assert.throws(() => cobro.subscriptionAuthorization(args), (e) => e instanceof cobro.SigningError && e.code === c.error, c.name)
    }
  }
  assert.throws(() => cobro.subscriptionAuthorization({ merchantId: -1n, type: 'RECURRENT', customerId: '9', processorCode: 'Wallet_on_file', key: 'fake-test-key' }),
    (e) => e instanceof cobro.SigningError && e.code === 'ERR_OUT_OF_RANGE')
  assert.throws(() => cobro.subscriptionAuthorization({ merchantId: 2n ** 200n, type: 'RECURRENT', customerId: '9', processorCode: 'Wallet_on_file', key: 'fake-test-key' }),
    (e) => e instanceof cobro.SigningError && e.code === 'ERR_OUT_OF_RANGE')
})

// A case's `variant` and `reference_id` as options (DESIGN.md 9 row 30); neither is the spec's text.
const variantOf = (c) => ({
  ...('variant' in c ? { variant: c.variant } : {}),
  ...('reference_id' in c ? { referenceId: c.reference_id } : {}),
})

test('virtualAccountSignature vectors, both variants', () => {
  const all = byFile('virtual-account-signature.json')
  assert.ok(all.some(({ case: c }) => c.variant === 'reference_id'))
  for (const { id, case: c } of all) {
    const v = variantOf(c)
    assert.equal(cobro.virtualAccountMessage({ timestamp: c.timestamp, apiKey: c.api_key, ...v }), c.message, id)
    assert.equal(cobro.virtualAccountSignature({ timestamp: c.timestamp, apiKey: c.api_key, secret: c.secret, ...v }), c.expected, id)
    const h = cobro.virtualAccountHeaders({ apiKey: c.api_key, secret: c.secret, depositMode: 'OWNER', now: c.timestamp, ...v })
    assert.equal(h['X-Signature'], c.expected, id)
    cobro.verifyVirtualAccountHeaders(h, { secret: c.secret, now: c.timestamp, ...v })
  }
})

test('virtual-account variant errors', () => {
  const secret = 'fake-va-secret-1'
  for (const c of file('signing', 'virtual-account-signature.json').variant_errors) {
    const v = variantOf(c)
    const calls = [
      () => cobro.virtualAccountMessage({ timestamp: 1700000000, apiKey: 'fake-api-key-1', ...v }),
      () => cobro.virtualAccountSignature({ timestamp: 1700000000, apiKey: 'fake-api-key-1', secret, ...v }),
      () => cobro.virtualAccountHeaders({ apiKey: 'fake-api-key-1', secret, depositMode: 'ANY', ...v }),
      () => cobro.verifyVirtualAccountHeaders({}, { secret, ...v }),
    ]
    for (const call of calls) {
      assert.throws(call, (e) => e instanceof cobro.SigningError && e.code === c.error && !e.message.includes(secret), c.name)
    }
  }
})

test('verifyVirtualAccountHeaders vectors', () => {
  const vectors = file('signing', 'virtual-account-signature.json')
  const secret = vectors.cases[0].secret
  for (const c of vectors.verify_cases) {
    const call = () => cobro.verifyVirtualAccountHeaders(Object.fromEntries(c.headers), {
      secret, now: c.now, windowSeconds: c.window_seconds, ...variantOf(c),
    })
    if (c.result === 'ok') assert.equal(call(), undefined, c.name)
    else assert.throws(call, (e) => e instanceof cobro.VerificationError && e.code === c.result, c.name)
  }
})

test('a signature or signed text needs its timestamp; headers default it to the clock', () => {
  const required = (e) => e instanceof TypeError && e.message === 'timestamp is required'
  assert.throws(() => cobro.virtualAccountMessage({ apiKey: 'fake-api-key' }), required)
  assert.throws(() => cobro.virtualAccountSignature({ apiKey: 'fake-api-key', secret: 'fake-secret' }), required)
  const h = cobro.virtualAccountHeaders({ apiKey: 'fake-api-key', secret: 'fake-secret', depositMode: 'ANY' })
  assert.ok(Math.abs(Number(h['X-Timestamp']) - Date.now() / 1000) < 60)
  cobro.verifyVirtualAccountHeaders(h, { secret: 'fake-secret' })
})

test('headers round-trip through verification', () => {
  const h = cobro.virtualAccountHeaders({ apiKey: 'fake-api-key', secret: 'fake-secret', depositMode: 'OWNER', now: 1700000000 })
  assert.deepEqual(Object.keys(h), ['X-Api-Key', 'X-Timestamp', 'X-Signature', 'X-Account-deposit-mode'])
  cobro.verifyVirtualAccountHeaders(h, { secret: 'fake-secret', now: 1700000010 })
  assert.throws(() => cobro.verifyVirtualAccountHeaders(h, { secret: 'fake-secret', now: 1700001000 }),
    (e) => e instanceof cobro.VerificationError && e.code === 'ERR_TIMESTAMP_OUT_OF_RANGE')
})

test('amounts: a number is its JSON.stringify text, judged by the core (two decimals, 15 significant digits)', () => {
  const args = { merchantId: 1, operationNumber: 'OP', currency: 'PEN', key: 'fake-key' }
  assert.equal(cobro.payinVerification({ ...args, amount: 150.5 }), cobro.payinVerification({ ...args, amount: '150.50' }))
  assert.equal(cobro.payinVerification({ ...args, amount: 1234567890123.45 }), cobro.payinVerification({ ...args, amount: '1234567890123.45' }))
  const invalid = () => (e) => e instanceof cobro.SigningError && e.code === 'ERR_INVALID_AMOUNT' && !e.message.includes('0.3')
  assert.throws(() => cobro.payinVerification({ ...args, amount: 0.1 + 0.2 }), invalid())
  assert.throws(() => cobro.payinVerification({ ...args, amount: 12345678901234.56 }), invalid())
  assert.throws(() => cobro.payinVerification({ ...args, amount: 1e21 }), invalid())
  assert.throws(() => cobro.payinVerification({ ...args, amount: '1.234' }), (e) => e instanceof cobro.SigningError && e.code === 'ERR_INVALID_AMOUNT')
  assert.throws(() => cobro.payinVerification({ ...args, merchantId: 1.5, amount: '1' }), TypeError)
  assert.throws(() => cobro.payinVerification({ ...args, merchantId: '12a', amount: '1' }), (e) => e instanceof cobro.SigningError)
})

test('junk raises only the documented errors, and secrets never show', () => {
  const secret = 'fake-very-secret-value'
  const junk = [undefined, null, 42, 'x', {}, [], Symbol('s'), () => 1, 10n ** 30n, '\u0000', '😀']
  const calls = [
    (j) => cobro.validate(j, j),
    (j) => cobro.validate('payin', j, { key: secret }),
    (j) => cobro.payinVerification({ merchantId: j, operationNumber: j, amount: j, currency: 'PEN', key: secret }),
    (j) => cobro.subscriptionAuthorization({ merchantId: j, type: j, customerId: 'c', processorCode: 'p', key: secret }),
    (j) => cobro.virtualAccountSignature({ timestamp: j, apiKey: j, secret }),
    (j) => cobro.virtualAccountHeaders({ apiKey: 'a', secret, depositMode: j, now: j }),
    (j) => cobro.verifyVirtualAccountHeaders(j, { secret, now: j }),
    (j) => cobro.virtualAccountMessage({ timestamp: j, apiKey: 'a' }),
    (j) => cobro.preparePayin(j, { key: secret }),
    (j) => cobro.prepareSubscription(j, { key: secret }),
    (j) => cobro.prepareSubscriptionCancel(j, { key: secret }),
    (j) => cobro.prepareVirtualAccount(j, { apiKey: 'a', secret, depositMode: j }),
  ]
  for (const call of calls) {
    for (const j of junk) {
      try {
        call(j)
      } catch (e) {
        assert.ok(e instanceof TypeError || e instanceof cobro.CobroError, `${call}: ${e}`)
        for (const shown of [e.message, util.inspect(e), JSON.stringify(e)]) {
          assert.ok(!shown.includes(secret), shown)
        }
      }
    }
  }
})
