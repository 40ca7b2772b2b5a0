'use strict'
// The receiver vectors (tests/vectors/receive): for each notification body, what
// receiveNotification answers and may do, as the Rust and Python tests read them; and
// arguments it refuses, named.
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')
const { cases, jsKey } = require('./vectors.js')

const CASES = cases('receive')
// The receipt's fields the vectors state, in the core's names; the receipt has them
// under their JavaScript names (vectors.js `jsKey`, the one mapping).
const FIELDS = ['verdict', 'action', 'http_status', 'code', 'idempotency_key', 'moves_forward', 'confirm_with_status_query', 'peer_allowed']

test('every receive vector', () => {
  assert.ok(CASES.length >= 15)
  for (const { id, case: c } of CASES) {
    const options = {}
    if ('key' in c) options.key = c.key
    if ('peer' in c) options.peer = c.peer
    if ('allow_list' in c) options.allowList = c.allow_list
    if ('stored_state' in c) options.storedState = c.stored_state
    if ('merchant_id' in c) options.merchantId = c.merchant_id
    if ('trust_unsigned' in c) options.trustUnsigned = c.trust_unsigned
    const receipt = cobro.receiveNotification(c.kind, Buffer.from(c.body_text, 'utf8'), options)
    for (const field of FIELDS) assert.deepEqual(receipt[jsKey(field)], c.expected[field], `${id}: ${field}`)
    const events = [receipt.payin, receipt.subscription, receipt.deposit].filter((e) => e !== null)
    assert.equal(events.length, c.expected.verdict === 'refused' ? 0 : 1, id)
    assert.equal(cobro.receiveNotification(c.kind, c.body_text, options).verdict, receipt.verdict, id)
  }
})

test('storedState takes the payinStateId a parsed notification holds, as it is', () => {
  const c = CASES.find((x) => x.case.name === 'paid again (a duplicate) does not move').case
  const body = Buffer.from(c.body_text, 'utf8')
  const stored = cobro.parse('payin-notification', body).payinStateId
  assert.equal(typeof stored, 'string')
  const options = { key: c.key, merchantId: cobro.parse('payin-notification', body).payinMerchantId }
  const receipt = cobro.receiveNotification(c.kind, body, { ...options, storedState: stored })
  assert.equal(receipt.movesForward, false)
  assert.equal(receipt.verdict, 'authentic')
  assert.deepEqual(cobro.receiveNotification(c.kind, body, { ...options, storedState: Number(stored) }), receipt)
  assert.deepEqual(cobro.receiveNotification(c.kind, body, { ...options, storedState: BigInt(stored) }), receipt)
  assert.equal(cobro.receiveNotification(c.kind, body, { ...options, storedState: '2' }).movesForward, true)
  for (const bad of ['five', '', '5.0', 1.5, true, '1e3', ' 5', '5 ', '+5', '0x5', '-', '\u0665', '\uff15', NaN, Infinity]) {
    assert.throws(() => cobro.receiveNotification(c.kind, body, { ...options, storedState: bad }),
      (e) => e instanceof TypeError && /^storedState must be/.test(e.message), String(bad))
  }
  // Leading zeros and a minus zero are the number they write, as Number() reads them.
  assert.deepEqual(cobro.receiveNotification(c.kind, body, { ...options, storedState: `000${stored}` }), receipt)
  const zero = cobro.receiveNotification(c.kind, body, { ...options, storedState: 0 })
  assert.deepEqual(cobro.receiveNotification(c.kind, body, { ...options, storedState: '-0' }), zero)
  assert.throws(() => cobro.receiveNotification(c.kind, body, { ...options, storedState: '99999999999999999999' }),
    (e) => e instanceof cobro.SigningError && e.code === 'ERR_OUT_OF_RANGE')
})

test('arguments it refuses are named', () => {
  assert.throws(() => cobro.receiveNotification('payin', '{}'), (e) => e instanceof cobro.SigningError && /kind/.test(e.message))
  assert.throws(() => cobro.receiveNotification('payin-notification', '{}', { peer: 'nowhere' }), (e) => e instanceof cobro.SigningError && /peer/.test(e.message))
  assert.throws(() => cobro.receiveNotification('payin-notification', '{}', { allowList: ['example.com'] }), (e) => e instanceof cobro.SigningError && /allowList/.test(e.message))
  assert.throws(() => cobro.receiveNotification('payin-notification', '{}', { keys: 'x' }), TypeError)
})
