'use strict'
// The prepared-request vectors: method, path, headers (names, values and order) and
// body byte for byte, or the expected refusal (ValidationError with the report, or
// SigningError with the core's code).
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')
const { cases } = require('./vectors.js')

const CASES = cases('prepare')

function prepare(file, c) {
  const body = c.body_text
  const kind = c.kind || file.kind
  switch (kind) {
    case 'payin-status':
      return cobro.preparePayinStatus({
        merchantId: c.merchant_id, key: c.key, now: c.now,
        ...('operation_number' in c ? { operationNumber: c.operation_number } : {}),
        ...('start_date' in c ? { startDate: c.start_date } : {}),
        ...('end_date' in c ? { endDate: c.end_date } : {}),
      })
    case 'virtual-account':
      // DESIGN.md 9 row 30: no `variant` is the spec's text, the default.
      return cobro.prepareVirtualAccount(body, {
        apiKey: c.api_key, secret: c.secret, depositMode: c.deposit_mode, now: c.now,
        ...('variant' in c ? { variant: c.variant } : {}),
      })
    case 'subscription':
      return cobro.prepareSubscription(body, { key: c.key })
    case 'subscription-cancel':
      return cobro.prepareSubscriptionCancel(body, { key: c.key })
    case 'payin':
      return cobro.preparePayin(body, { key: c.key, now: c.now, wrapData: Boolean(c.options && c.options.wrap_data) })
    default:
      throw new Error(`unknown kind ${kind}`)
  }
}

test('there are prepare vectors of every kind', () => {
  const kinds = new Set(CASES.map(({ file, case: c }) => c.kind || file.kind))
  assert.deepEqual([...kinds].sort(), ['payin', 'payin-status', 'subscription', 'subscription-cancel', 'virtual-account'])
})

test('every prepare vector', () => {
  for (const { id, file, case: c } of CASES) {
    if ('expected' in c) {
      const p = prepare(file, c)
      const want = c.expected
      assert.deepEqual(Object.keys(p).sort(), ['body', 'filled', 'headers', 'method', 'path'], id)
      assert.deepEqual(p.filled, want.filled, id)
      assert.equal(p.method, want.method, id)
      assert.equal(p.path, want.path, id)
      assert.ok(Buffer.from(p.body, 'utf8').equals(Buffer.from(want.body, 'utf8')), id)
      assert.deepEqual(Object.entries(p.headers), want.headers, id)
      // The same request from the body's bytes.
      if ('body_text' in c) assert.deepEqual(prepare(file, { ...c, body_text: Buffer.from(c.body_text, 'utf8') }), p, id)
    } else if ('errors' in c) {
      assert.throws(() => prepare(file, c), (e) => {
        assert.ok(e instanceof cobro.ValidationError, `${id}: ${e}`)
        assert.deepEqual(e.errors.map((i) => [i.code, i.path]), c.errors, id)
        // The text counts the errors and names the first few, code and path.
        const [code, path] = c.errors[0]
        const count = c.errors.length
        assert.ok(e.message.startsWith(`the request is invalid: ${count} error${count > 1 ? 's' : ''} (${code} at ${path || 'the body'}`), `${id}: ${e.message}`)
        assert.equal(e.report.valid, false, id)
        assert.deepEqual(e.report.errors, e.errors, id)
        assert.equal(e.code, 'ERR_INVALID_REQUEST', id)
        return true
      }, id)
    } else {
      assert.throws(() => prepare(file, c), (e) => e instanceof cobro.SigningError && e.code === c.error_code, id)
    }
  }
})

// DESIGN.md 9 rows 9 and 10: a JS object whose payinMerchantID, payinAmount and
// payinExpirationTime are numbers (`150.5`, what JSON.parse makes of `150.50`) is sent
// with the three as strings, the amount in two decimals, byte for byte what its JSON
// text gives.
test('a JS object with number amounts is prepared as the strings real bodies send', () => {
  const { case: c } = CASES.find(({ file, case: v }) => file.kind === 'payin' && v.body_text.includes('"payinAmount":150.5,'))
  const body = JSON.parse(c.body_text)
  assert.equal(body.payinAmount, 150.5)
  const p = cobro.preparePayin(body, { key: c.key, now: c.now })
  assert.equal(p.body, c.expected.body)
  assert.ok(p.body.includes('"payinMerchantID":"1234","payinAmount":"150.50"'), p.body)
  assert.ok(p.body.includes('"payinExpirationTime":"60"'), p.body)
})

// Validation before prepare agrees with prepare: a body prepare accepts has no error
// before prepare, and its prepared body none after; a refused body reports before
// prepare the errors prepare refused it with.
test('validation before prepare agrees with prepare on every vector', () => {
  for (const { id, file, case: c } of CASES) {
    const kind = c.kind || file.kind
    if (!['payin', 'subscription', 'subscription-cancel'].includes(kind)) continue
    const before = cobro.validate(kind, c.body_text, { beforePrepare: true })
    if ('expected' in c) {
      assert.equal(before.valid, true, `${id}: ${JSON.stringify(before.errors)}`)
      const key = kind === 'payin' ? { key: c.key } : {}
      assert.equal(cobro.validate(kind, c.expected.body, key).valid, true, id)
    } else if ('errors' in c) {
      assert.deepEqual(before.errors.map((i) => [i.code, i.path]), c.errors, id)
    }
  }
})

test('the clock is now in every function; the former names are refused naming it', () => {
  const { case: c } = CASES.find(({ file, case: v }) => file.kind === 'payin' && 'expected' in v)
  assert.throws(() => cobro.preparePayin(c.body_text, { key: c.key, today: '2026-11-22' }), (e) => e instanceof TypeError && /today was renamed now/.test(e.message))
  assert.throws(() => cobro.preparePayinStatus({ merchantId: 1, key: 'k', operationNumber: 'A', today: '2026-11-22' }), (e) => e instanceof TypeError && /today was renamed now/.test(e.message))
  assert.throws(() => cobro.virtualAccountHeaders({ apiKey: 'a', secret: 's', depositMode: 'OWNER', timestamp: 1767225600 }), (e) => e instanceof TypeError && /timestamp was renamed now/.test(e.message))
  assert.equal(cobro.virtualAccountHeaders({ apiKey: 'a', secret: 's', depositMode: 'OWNER', now: 1767225600 })['X-Timestamp'], '1767225600')
})

test("payinDateTime is the pay-in country's date, and filled says prepare wrote it", () => {
  const { case: c } = CASES.find(({ file, case: v }) => file.kind === 'payin' && 'expected' in v)
  // 2026-11-23 00:30 UTC is 19:30 on the 22nd in Lima.
  const p = cobro.preparePayin(c.body_text, { key: c.key, now: 1795393800 })
  assert.equal(JSON.parse(p.body).payinDateTime, '2026-11-22')
  assert.ok(p.filled.includes('payinDateTime') && p.filled.includes('typePost') && !p.filled.includes('payinVerification'))
})

test('every amount field takes what payinAmount takes; an inexact number is refused in a body as in an argument', () => {
  const { case: c } = CASES.find(({ file, case: v }) => file.kind === 'payin' && v.body_text.includes('"payinAmount":150.5,'))
  const body = JSON.parse(c.body_text)
  for (const [given, sent] of [[89.9, '89.90'], ['89.9', '89.90'], [89, '89.00']]) {
    const p = cobro.preparePayin({ ...body, payinProductAmount: given }, { key: c.key, now: c.now })
    assert.equal(JSON.parse(p.body).payinProductAmount, sent)
  }
  const inexact = 12345678901234.56
  let argument
  try {
    cobro.payinVerification({ merchantId: 1, operationNumber: 'A', amount: inexact, currency: 'PEN', key: 'k' })
  } catch (e) {
    argument = e
  }
  assert.ok(argument instanceof cobro.SigningError && argument.code === 'ERR_INVALID_AMOUNT')
  for (const field of ['payinAmount', 'payinProductAmount']) {
    for (const call of [
      () => cobro.preparePayin({ ...body, [field]: inexact }, { key: c.key, now: c.now }),
      () => cobro.validate('payin', { ...body, [field]: inexact }, { beforePrepare: true }),
    ]) {
      // The same code and message, naming the field where the argument's names the argument.
      const message = argument.message.replace(/^amount /, `${field} `)
      assert.ok(message.startsWith(`${field} `), argument.message)
      assert.throws(call, (e) => e instanceof cobro.SigningError && e.code === argument.code && e.message === message, field)
    }
  }
  const sub = { merchantId: '1234', subscriptionDetails: { type: 'RECURRENT', device: 'MOBILE', customerId: '987654321', processorCode: 'Wallet_on_file', periodicity: '1', amount: '49.9' } }
  assert.ok(cobro.prepareSubscription(sub, { key: 'fake-payin-key' }).body.includes('"amount":49.90'))
})

test('an inexact number is refused in an amount field only, not under the same key elsewhere', () => {
  const { case: c } = CASES.find(({ file, case: v }) => file.kind === 'payin' && v.body_text.includes('"payinAmount":150.5,'))
  const body = JSON.parse(c.body_text)
  const inexact = 0.1 + 0.2
  for (const nested of [{ amount: inexact }, { payinAmount: inexact }, [{ payinAmount: inexact }], { data: { payinAmount: inexact } }]) {
    const p = cobro.preparePayin({ ...body, x: nested }, { key: c.key, now: c.now })
    assert.deepEqual(JSON.parse(p.body).x, nested)
    assert.equal(cobro.validate('payin', { ...body, x: nested }, { beforePrepare: true }).valid, true)
  }
  const refused = (e) => e instanceof cobro.SigningError && e.code === 'ERR_INVALID_AMOUNT'
  assert.throws(() => cobro.preparePayin({ data: { ...body, payinAmount: inexact } }, { key: c.key, now: c.now }), refused)
  const details = { type: 'RECURRENT', device: 'MOBILE', customerId: '987654321', processorCode: 'Wallet_on_file', periodicity: '1', amount: inexact }
  assert.throws(() => cobro.prepareSubscription({ merchantId: '1234', subscriptionDetails: details }, { key: 'fake-payin-key' }), refused)
})
