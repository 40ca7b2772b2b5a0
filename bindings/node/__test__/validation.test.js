'use strict'
// Every validation vector gives the core's codes and paths, and the exact report JSON
// where the vector states it, for string, Buffer and object bodies.
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')
const { cases, bodyBytes, raw } = require('./vectors.js')

const CASES = cases('validation')

function options(c) {
  const o = c.options || {}
  const out = {}
  if (o.strict) out.strict = true
  if (o.locale) out.locale = o.locale
  if (o.payin_key) out.key = o.payin_key
  if (o.max_bytes) out.maxBytes = o.max_bytes
  if (o.before_prepare) out.beforePrepare = true
  return out
}
/** A report in the core's key order: valid, errors, warnings; path, code, message, severity, params. */
function canonical(r) {
  const issue = (i) => ({ path: i.path, code: i.code, message: i.message, severity: i.severity, params: i.params })
  return { valid: r.valid, errors: r.errors.map(issue), warnings: r.warnings.map(issue) }
}
const pairs = (issues) => issues.map((i) => [i.code, i.path])

test('there are many vectors', () => assert.ok(CASES.length >= 200))

test('every vector, Buffer and string bodies', () => {
  let withReport = 0
  for (const { id, file, case: c } of CASES) {
    const bytes = bodyBytes(c)
    const report = cobro.validate(file.kind, bytes, options(c))
    assert.deepEqual(pairs(report.errors), c.errors, id)
    assert.deepEqual(pairs(report.warnings), c.warnings, id)
    assert.equal(report.valid, c.errors.length === 0, id)
    if ('report' in c) {
      // Byte for byte in the core's key order (DESIGN.md 3; the vector files do not keep it).
      assert.equal(JSON.stringify(report), JSON.stringify(canonical(JSON.parse(raw(c).report))), id)
      withReport++
    }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
    if (Buffer.from(text, 'utf8').equals(bytes)) {
      assert.deepEqual(cobro.validate(file.kind, text, options(c)), report, id)
    }
  }
  assert.ok(withReport >= 5, `${withReport} vectors state the full report`)
})

// The addon's own check, so the test skips exactly the bodies body.js reports itself.
const { holdsNonFinite } = require('../body.js')

test('object bodies give the report of their JSON text', () => {
  let same = 0
  let nonFinite = 0
  for (const { id, file, case: c } of CASES) {
    if (!('body' in c) || typeof c.body !== 'object' || c.body === null) continue
    const report = cobro.validate(file.kind, c.body, options(c))
    // A number past the double range (1e999) is Infinity once read into JS: no JSON text
    // writes it, so the report names it where it is instead of the `null` JSON.stringify writes.
    if (holdsNonFinite(c.body)) {
      assert.ok(report.errors.some((e) => e.code === 'ERR_INVALID_TYPE' && /Infinity/.test(e.params.found)), id)
      nonFinite++
      continue
    }
    const viaText = cobro.validate(file.kind, JSON.stringify(c.body), options(c))
    assert.deepEqual(report, viaText, id)
    if (JSON.stringify(pairs(report.errors)) === JSON.stringify(c.errors)) same++
  }
  assert.ok(same > 150, `${same} object bodies match the vector`)
  assert.ok(nonFinite > 0, 'a vector holds a number past the double range')
})

test("locale 'pt' gives the messages in the Portuguese of Brazil, the same codes and paths", () => {
  const english = cobro.validate('payin', '{}')
  for (const options of [{ locale: 'pt' }, { locale: 'pt', maxBytes: 1024 }]) {
    const report = cobro.validate('payin', '{}', options)
    assert.deepEqual(pairs(report.errors), pairs(english.errors))
    assert.equal(report.errors[0].message, 'payinMerchantID é obrigatório')
  }
  assert.throws(() => cobro.prepareSubscriptionCancel('{}', { key: 'fake-key', locale: 'pt' }),
    (e) => e instanceof cobro.ValidationError && e.errors[0].message.endsWith(' é obrigatório'))
})

test('a report whose fields hold a NUL comes back whole (the JSON form of the transport)', () => {
  const body = '{"merchantId": 1, "subscriptionDetails": {"type": "RECURRENT", "customerId": "1", ' +
    '"processorCode": "Wallet_on_file"}, "odd\\u0000key": 1}'
  const report = cobro.validate('subscription-cancel', body)
  assert.deepEqual(report.warnings.map((w) => [w.code, w.path]), [['WARN_UNKNOWN_FIELD', 'odd\u0000key']])
  assert.deepEqual(Object.keys(report), ['valid', 'errors', 'warnings'])
  assert.deepEqual(Object.keys(report.warnings[0]), ['path', 'code', 'message', 'severity', 'params'])
})

test('objects JSON.stringify cannot write (bigints, cycles, deep nesting) get the same rules', () => {
  const payin = (extra) => ({ payinMerchantID: 1, payinCurrency: 'PEN', ...extra })
  const amountIssues = (r) => r.errors.filter((i) => i.path === 'payinAmount').map((i) => [i.code, i.message])
  for (const amount of [1e21, 1.5e-7, 150.5, -0, 0.1 + 0.2, 123456789012345680000]) {
    // With a bigint the binding's own walk writes the object; without, JSON.stringify does.
    const walked = cobro.validate('payin', payin({ payinAmount: amount, extra: 1n }))
    const stringified = cobro.validate('payin', payin({ payinAmount: amount }))
    assert.deepEqual(amountIssues(walked), amountIssues(stringified), String(amount))
  }
  const big = cobro.validate('subscription-cancel', { merchantId: 9223372036854775807n, subscriptionDetails: { type: 'RECURRENT', customerId: '1', processorCode: 'Wallet_on_file' } })
  assert.equal(big.valid, true)
  const cyclic = { merchantId: 1 }
  cyclic.self = cyclic
  assert.equal(cobro.validate('subscription-cancel', cyclic).errors[0].code, 'ERR_NESTING_TOO_DEEP')
  // A body that holds itself many times is bounded by the size limit, as in Python.
  const wide = {}
  for (const k of 'abcdefgh') wide[k] = wide
  assert.deepEqual(cobro.validate('payin', wide).errors.map((e) => e.code), ['ERR_BODY_TOO_LARGE'])
})
