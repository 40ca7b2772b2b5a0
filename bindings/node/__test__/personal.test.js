'use strict'
// Personal values of parsed answers and notifications: util.inspect (what console.log
// prints) shows them as [REDACTED] at every depth, while property reads and
// JSON.stringify give them whole. Where they sit is judged here on the vectors'
// expected JSON, independently of the addon's marks (src/personal.rs, cobro.js).
const test = require('node:test')
const assert = require('node:assert/strict')
const util = require('node:util')
const cobro = require('../cobro.js')
const { cases, bodyBytes } = require('./vectors.js')

// This test's own reading of the core's personal fields (cobro::personal::fields()),
// by the JSON's keys: these keys anywhere, `number` and `name` of an `account`, and
// `value` of a `metadata` element.
const PERSONAL_KEYS = new Set([
  'full_name', 'document_number', 'first_name', 'last_name', 'company_name', 'email',
  'phone_number', 'customer_id', 'reference_id', 'additional_information',
])

/** The strings of `v` (the core's JSON) split into personal and other. */
function strings(v, personal, other, parentKey = '', inMetadata = false) {
  if (typeof v === 'string') {
    other.add(v)
  } else if (Array.isArray(v)) {
    for (const item of v) strings(item, personal, other, parentKey, parentKey === 'metadata')
  } else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const isPersonal = PERSONAL_KEYS.has(k) ||
        (parentKey === 'account' && (k === 'number' || k === 'name')) ||
        (inMetadata && k === 'value')
      if (isPersonal) {
        for (const s of [x].flat()) if (typeof s === 'string') personal.add(s)
      } else {
        strings(x, personal, other, k)
      }
    }
  }
}

const PARSED = cases('responses')
  .filter(({ case: c }) => 'expected' in c)
  .map(({ id, file, case: c }) => {
    const options = 'http_status' in c ? { httpStatus: c.http_status } : undefined
    return { id, expected: c.expected, value: cobro.parse(file.document, bodyBytes(c), options) }
  })

test('util.inspect of every parsed vector shows no personal value; JSON.stringify keeps them', () => {
  let hidden = 0
  for (const { id, expected, value } of PARSED) {
    const personal = new Set()
    const other = new Set()
    strings(expected, personal, other)
    const shown = [util.inspect(value, { depth: null }), util.inspect(value), util.format('%o %O', value, value)].join('\n')
    const json = JSON.stringify(value)
    for (const p of personal) {
      assert.ok(json.includes(JSON.stringify(p)), `${id}: JSON.stringify keeps ${p}`)
      if (other.has(p)) continue // also the plain text of some other field
      assert.ok(!shown.includes(util.inspect(p)), `${id}: util.inspect shows the personal value ${util.inspect(p)}`)
      hidden++
    }
    if (personal.size > 0) assert.match(shown, /\[REDACTED\]/, id)
  }
  assert.ok(hidden > 40, `the vectors hold personal values (${hidden})`)
})

test('a marked object prints its other fields and hides only the set personal ones', () => {
  const { value } = PARSED.find(({ id }) => id.startsWith('deposit-notification.json / approved deposit with every field'))
  const owner = value.depositDetails.owner
  assert.equal(util.inspect(owner), "{\n  fullName: [REDACTED],\n  documentType: 'DNI',\n  documentNumber: [REDACTED],\n  referenceId: [REDACTED]\n}")
  assert.equal(owner.fullName, 'Testa Ejemplo')
  assert.deepEqual(Object.keys(owner), ['fullName', 'documentType', 'documentNumber', 'referenceId'])
  assert.deepEqual(owner[Symbol.for('cobro.personal')], ['fullName', 'documentNumber', 'referenceId'])
  assert.equal(JSON.stringify(owner), '{"fullName":"Testa Ejemplo","documentType":"DNI","documentNumber":"00012345","referenceId":"fake-user-001"}')
  assert.equal(util.inspect(value, { depth: 0 }).includes('depositDetails: [Object]'), true)
  // A null personal field prints as null: nothing is hidden.
  const minimal = cobro.parse('deposit-notification', { operationId: '1', status: { code: 5 }, amount: '1.00', currency: 'PEN', depositDetails: { depositor: { fullName: null, documentType: 'DNI' } } })
  assert.match(util.inspect(minimal.depositDetails.depositor), /fullName: null/)
})

test('the verified notification and the per-document functions hide the same', () => {
  const body = cases('signing').find((c) => c.id.startsWith('payin-notification-verification.json') && c.case.result === 'ok')
  assert.ok(body)
  const n = cobro.verifyPayinNotification(body.case.body_text, { key: body.case.key })
  const withInfo = { ...JSON.parse(body.case.body_text), additionalInformation: [{ payer: 'Ana Pérez' }] }
  for (const parsed of [cobro.parsePayinNotification(withInfo), cobro.parse('payin-notification', withInfo)]) {
    assert.deepEqual(parsed.additionalInformation, ['{"payer":"Ana Pérez"}'])
    assert.ok(!util.inspect(parsed).includes('Ana'))
    assert.match(util.inspect(parsed), /additionalInformation: \[REDACTED\]/)
  }
  assert.ok(Object.getOwnPropertySymbols(n).includes(Symbol.for('cobro.personal')))
  assert.deepEqual(Object.getOwnPropertyDescriptor(n, Symbol.for('cobro.personal')).enumerable, false)
  const hook = cobro.parseSubscriptionWebhook({ subscriptionId: 7, customerId: '51900000001', metadata: [{ key: 'k', value: 'Ana' }] })
  assert.ok(!util.inspect(hook, { depth: null }).includes('51900000001'))
  assert.ok(!util.inspect(hook, { depth: null }).includes("'Ana'"))
  assert.equal(hook.customerId, '51900000001')
})

test('a checked document number is personal too: util.inspect hides it, the program reads it', () => {
  const util = require('node:util')
  const valid = cobro.documents.validate('PE', 'RUC', '20100070970')
  assert.equal(valid.compact, '20100070970')
  assert.deepEqual(JSON.parse(JSON.stringify(valid)), { compact: '20100070970', warnings: [] })
  const shown = util.inspect(valid)
  assert.ok(!shown.includes('20100070970') && shown.includes('[REDACTED]'), shown)
})
