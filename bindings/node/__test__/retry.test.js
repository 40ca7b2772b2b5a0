'use strict'
// The retry vectors (tests/vectors/retry): for each attempt's outcome, what retryAdvice
// advises, as the Rust and Python tests read them; and the arguments it refuses, named.
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')
const { cases, jsKey } = require('./vectors.js')

const CASES = cases('retry')

function outcome(c, body) {
  return 'failure' in c ? { failure: c.failure } : { httpStatus: c.http_status, body }
}

test('every retry vector', () => {
  assert.ok(CASES.length >= 30)
  for (const { id, case: c } of CASES) {
    const advice = cobro.retryAdvice(c.kind, c.attempt, outcome(c, Buffer.from(c.body_text ?? '', 'utf8')))
    const want = c.expected
    assert.deepEqual([advice.action, advice[jsKey('delay_ms')], advice.code], [want.action, want.delay_ms, want.code], id)
    assert.equal(advice.entry ? advice.entry.disposition : null, want.disposition, id)
    assert.ok(advice.reason, id)
    // The text of the body gives the same advice as its bytes.
    assert.deepEqual(cobro.retryAdvice(c.kind, c.attempt, outcome(c, c.body_text ?? '')), advice, id)
  }
})

test('an answer without a body is an empty one', () => {
  const empty = cobro.retryAdvice('payin', 1, { httpStatus: 502, body: '' })
  assert.deepEqual(cobro.retryAdvice('payin', 1, { httpStatus: 502 }), empty)
  assert.deepEqual(cobro.retryAdvice('payin', 1, { httpStatus: 502, body: null }), empty)
  assert.deepEqual(cobro.retryAdvice('payin', 1, { httpStatus: 502, body: undefined }), empty)
})

test('arguments it refuses name the argument', () => {
  for (const [kind, options, named] of [
    ['pay-in', { failure: 'timeout' }, /kind/],
    ['payin', { failure: 'lost' }, /failure/],
    ['payin', { failure: 'timeout', httpStatus: 500 }, /failure/],
    ['payin', { failure: 'timeout', body: '' }, /failure/],
    ['payin', {}, /httpStatus/],
    ['payin', undefined, /httpStatus/],
  ]) {
    assert.throws(() => cobro.retryAdvice(kind, 1, options), (e) => e instanceof cobro.SigningError && e.code === 'ERR_INVALID_ARGUMENT' && named.test(e.message))
  }
  assert.throws(() => cobro.retryAdvice('payin', 1, { failures: 'timeout' }), TypeError)
  assert.throws(() => cobro.retryAdvice('payin', 1.5, { failure: 'timeout' }), TypeError)
})
