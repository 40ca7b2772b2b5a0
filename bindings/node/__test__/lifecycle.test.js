'use strict'
// ensureValid, the catalogues' full tables and the lifecycle helpers: thin calls of the
// core, so these check the binding's side (arguments, shapes, agreement with the
// one-code lookups), not the rules.
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')
const { cases, bodyBytes } = require('./vectors.js')

test('ensureValid returns the report of a valid request and throws ValidationError with its errors otherwise', () => {
  let valid = 0
  let invalid = 0
  for (const { id, file, case: c } of cases('validation')) {
    const o = c.options || {}
    const options = { strict: Boolean(o.strict), locale: o.locale, key: o.payin_key, maxBytes: o.max_bytes }
    const report = cobro.validate(file.kind, bodyBytes(c), options)
    if (report.valid) {
      assert.deepEqual(cobro.ensureValid(file.kind, bodyBytes(c), options), report, id)
      valid++
      continue
    }
    assert.throws(() => cobro.ensureValid(file.kind, bodyBytes(c), options), (e) => {
      assert.ok(e instanceof cobro.ValidationError, id)
      assert.equal(e.code, 'ERR_INVALID_REQUEST', id)
      assert.ok(e.message.length > 0, id)
      // The same report as prepare* errors carry it (keys in another order than validate's).
      assert.deepEqual(e.report, report, id)
      assert.deepEqual(e.errors, report.errors, id)
      return true
    })
    invalid++
  }
  assert.ok(valid > 10 && invalid > 100, `${valid} valid, ${invalid} invalid`)
  assert.throws(() => cobro.ensureValid('nope', '{}'), (e) => e instanceof cobro.SigningError && e.code === 'ERR_INVALID_ARGUMENT')
  assert.throws(() => cobro.ensureValid('payin', '{}', { other: 1 }), TypeError)
})

test('each full table agrees with its one-code lookup, in a new array each call', () => {
  const tables = [
    [cobro.payinCreationCodes, cobro.payinCreationCode, 'code'],
    [cobro.paymentConfirmationCodes, cobro.paymentConfirmationCode, 'code'],
    [cobro.subscriptionErrorCodes, cobro.subscriptionErrorCode, 'code'],
    [cobro.virtualAccountErrorCodes, cobro.virtualAccountErrorCode, 'code'],
    [cobro.payinStates, cobro.payinState, 'id'],
  ]
  for (const [all, one, key] of tables) {
    const rows = all()
    assert.ok(rows.length > 0, all.name)
    assert.notEqual(all(), rows)
    for (const row of rows) assert.deepEqual(one(row[key]), row, `${all.name} ${row[key]}`)
  }
  for (const row of cobro.virtualAccountErrorCodes()) assert.deepEqual(Object.keys(row), ['code', 'meaning', 'disposition'])
  for (const s of cobro.payinStates()) assert.equal(typeof s.id, 'string')
})

test('lifecycle helpers answer with a Verdict; unknown statuses and ids allow nothing', () => {
  const verdict = (v) => typeof v.allowed === 'boolean' && typeof v.reason === 'string' && v.reason.length > 0 &&
    Object.keys(v).join() === 'allowed,reason'
  for (const status of ['AUTHORIZED', 'PENDING', 'CANCELLED', 'NO-SUCH-STATUS']) {
    assert.ok(verdict(cobro.canCancel(status)))
    assert.ok(verdict(cobro.mayCharge(status)))
    assert.ok(verdict(cobro.mayRequestSubscription(status)))
  }
  assert.equal(cobro.canCancel('NO-SUCH-STATUS').allowed, false)
  assert.equal(cobro.mayCharge('NO-SUCH-STATUS').allowed, false)
  assert.deepEqual(cobro.mayRequestSubscription(), cobro.mayRequestSubscription(null))
  assert.equal(cobro.mayRequestSubscription().allowed, true)

  for (const s of cobro.payinStates()) {
    const final = cobro.payinStateIsFinal(s.id)
    assert.ok(verdict(final))
    assert.equal(final.allowed, s.isFinal, s.id)
    const next = cobro.nextStates(s.id)
    assert.ok(Array.isArray(next) && next.every((n) => typeof n === 'string'), s.id)
    if (s.isFinal) assert.deepEqual(next, [])
    for (const n of next) assert.equal(cobro.payinTransition(s.id, n).allowed, true, `${s.id} -> ${n}`)
    assert.deepEqual(cobro.payinStateIsFinal(BigInt(s.id)), final)
    assert.deepEqual(cobro.nextStates(Number(s.id)), next)
  }
  assert.equal(cobro.payinStateIsFinal(123456), null)
  assert.equal(cobro.nextStates('123456'), null)
  assert.throws(() => cobro.payinStateIsFinal(2n ** 70n), (e) => e instanceof cobro.SigningError && e.code === 'ERR_OUT_OF_RANGE')
  assert.equal(cobro.payinTransition(123456, 5).allowed, false)
  assert.throws(() => cobro.payinTransition(2n ** 70n, 5), (e) => e instanceof cobro.SigningError && e.code === 'ERR_OUT_OF_RANGE')
  assert.throws(() => cobro.nextStates(1.5), TypeError)

  assert.ok(verdict(cobro.virtualAccountTransition('PER', 'ACTIVE', 'DELETED')))
  assert.equal(cobro.virtualAccountTransition('PER', 'ACTIVE', 'DELETED').allowed, true)
  assert.equal(cobro.virtualAccountTransition('PER', 'DELETED', 'ACTIVE').allowed, false)
  assert.equal(cobro.virtualAccountTransition('XXX', 'ACTIVE', 'DELETED').allowed, false)
  assert.equal(cobro.virtualAccountTransition('PER', 'ACTIVE', 'NO-SUCH-STATUS').allowed, false)
  assert.throws(() => cobro.canCancel(5), TypeError)
})
