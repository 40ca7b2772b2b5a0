'use strict'
// Notification verification and the answer/notification vectors: the parsed value is
// the core's serde JSON with its keys as JavaScript names them (compared through the one
// mapping, vectors.js `camelized`; the QR image a Buffer, Base64 in the vectors), or the
// expected ParseError; and the catalogues.
const test = require('node:test')
const assert = require('node:assert/strict')
const util = require('node:util')
const cobro = require('../cobro.js')
const { cases, bodyBytes, raw, camelized } = require('./vectors.js')

/** `v` with every Buffer as Base64 text, as the core's JSON writes the bytes. */
function asJson(v) {
  if (Buffer.isBuffer(v)) return v.toString('base64')
  if (Array.isArray(v)) return v.map(asJson)
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asJson(x)]))
  }
  return v
}

// The fields the core holds as 64-bit integers; the binding gives them as decimal strings.
const INT64_KEYS = new Set(['order', 'nro_order', 'payin_state_id', 'subscription_id', 'id', 'code'])

/** The core's expected JSON with its 64-bit integers as the binding gives them: their text. */
function withInt64Text(v) {
  if (Array.isArray(v)) return v.map(withInt64Text)
  if (v !== null && typeof v === 'object') {
    const texts = raw(v) || {}
    return Object.fromEntries(Object.entries(v).map(([k, x]) =>
      [k, INT64_KEYS.has(k) && typeof x === 'number' ? texts[k] ?? String(x) : withInt64Text(x)]))
  }
  return v
}

/** The keys of `v` (at any depth) that are not camelCase: none, in every parsed value. */
function snakeKeys(v) {
  if (Array.isArray(v)) return v.flatMap(snakeKeys)
  if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) return []
  return Object.entries(v).flatMap(([k, x]) => [...(/^[a-z][A-Za-z0-9]*$/.test(k) ? [] : [k]), ...snakeKeys(x)])
}

const NOTIFICATIONS = cases('signing').filter((c) => c.id.startsWith('payin-notification-verification.json'))

test('verifyPayinNotification vectors', () => {
  assert.ok(NOTIFICATIONS.length > 20)
  for (const { id, case: c } of NOTIFICATIONS) {
    const body = c.body_text
    if (c.result === 'ok') {
      const n = cobro.verifyPayinNotification(body, { key: c.key })
      assert.deepEqual(n, cobro.parse('payin-notification', body), id)
      assert.deepEqual(cobro.verifyPayinNotification(Buffer.from(body, 'utf8'), { key: c.key }), n, id)
      continue
    }
    const Expected = c.result.endsWith('SIGNATURE') ? cobro.VerificationError : cobro.ParseError
    assert.throws(() => cobro.verifyPayinNotification(Buffer.from(body, 'utf8'), { key: c.key }), (e) => {
      assert.ok(e instanceof Expected, `${id}: ${e}`)
      assert.ok(e instanceof cobro.CobroError, id)
      assert.equal(e.code, c.result, id)
      for (const shown of [e.message, util.inspect(e), JSON.stringify(e)]) assert.ok(!shown.includes(c.key), id)
      return true
    }, id)
  }
})

const RESPONSES = cases('responses')

test('every answer and notification vector', () => {
  assert.ok(RESPONSES.length > 50)
  for (const { id, file, case: c } of RESPONSES) {
    const options = 'http_status' in c ? { httpStatus: c.http_status } : undefined
    const bytes = bodyBytes(c)
    if ('expected' in c) {
      const value = cobro.parse(file.document, bytes, options)
      assert.deepEqual(asJson(value), camelized(withInt64Text(c.expected)), id)
      assert.deepEqual(snakeKeys(value), [], id)
      if (c.expected.experience && c.expected.experience.kind === 'qr') {
        const png = value.experience.qrPng
        assert.ok(Buffer.isBuffer(png), id)
        assert.ok(png.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')), id)
      }
    } else {
      assert.throws(() => cobro.parse(file.document, bytes, options), (e) => {
        assert.ok(e instanceof cobro.ParseError, `${id}: ${e}`)
        assert.deepEqual([e.code, e.path], [c.error.code, c.error.path], id)
        assert.equal(typeof e.message, 'string')
        return true
      }, id)
    }
  }
})

test('parse takes text, bytes and objects alike', () => {
  const c = RESPONSES.find((r) => r.file.document === 'payin-notification' && 'expected' in r.case && 'body' in r.case)
  assert.ok(c)
  const fromBytes = cobro.parse('payin-notification', bodyBytes(c.case))
  assert.deepEqual(cobro.parse('payin-notification', raw(c.case).body), fromBytes)
  assert.deepEqual(cobro.parse('payin-notification', JSON.parse(raw(c.case).body)), fromBytes)
})

test('bad arguments of parse are TypeErrors, an unknown document name or a status past 65535 a SigningError', () => {
  assert.throws(() => cobro.parse('no-such-document', '{}'), (e) => e instanceof cobro.SigningError &&
    e.code === 'ERR_INVALID_ARGUMENT' && e.message.startsWith('document must be one of: virtual-account-response, '))
  assert.throws(() => cobro.parse('payin-response', '{}', { httpStatus: 1.5 }), TypeError)
  assert.throws(() => cobro.parse('payin-response', '{}', { httpStatus: 70000 }), (e) => e instanceof cobro.SigningError && e.code === 'ERR_OUT_OF_RANGE')
  assert.throws(() => cobro.parse('payin-response', 42), TypeError)
  assert.throws(() => cobro.parse('payin-response', '{'), (e) => e instanceof cobro.ParseError && e.code === 'ERR_MALFORMED_JSON' && e.path === '' && typeof e.offset === 'number')
  assert.throws(() => cobro.verifyPayinNotification('{}', { key: '' }), (e) => e instanceof cobro.SigningError && e.code === 'ERR_EMPTY_SECRET')
})

test('a state id read from a notification is taken back as it is', () => {
  const c = RESPONSES.find((r) => r.file.document === 'payin-notification' && 'expected' in r.case && 'body' in r.case)
  const n = cobro.parse('payin-notification', bodyBytes(c.case))
  assert.equal(typeof n.payinStateId, 'string')
  assert.deepEqual(cobro.payinState(n.payinStateId), n.state)
  assert.deepEqual(cobro.nextStates(n.payinStateId), cobro.nextStates(Number(n.payinStateId)))
  assert.deepEqual(cobro.payinStateIsFinal(n.payinStateId), cobro.payinStateIsFinal(Number(n.payinStateId)))
})

test('every catalogue entry has camelCase keys', () => {
  for (const entries of [cobro.payinCreationCodes(), cobro.paymentConfirmationCodes(), cobro.payinStates(), cobro.subscriptionErrorCodes(), cobro.virtualAccountErrorCodes()]) {
    assert.ok(entries.length > 0)
    assert.deepEqual(snakeKeys(entries), [])
  }
  assert.equal(typeof cobro.payinState(5).isFinal, 'boolean')
  assert.equal(typeof cobro.payinState(5).nameEn, 'string')
})

test('catalogues', () => {
  assert.equal(cobro.payinCreationCode('0000').disposition, 'success')
  assert.equal(cobro.payinCreationCode('0044').disposition, 'retry') // not authorized yet
  assert.equal(cobro.payinCreationCode('no such code'), null)
  assert.equal(cobro.payinState(5).paid, true)
  assert.equal(cobro.payinState(999), null)
  assert.throws(() => cobro.payinState(1.5), TypeError)
  assert.equal(cobro.subscriptionErrorCode('9025').code, '9025')
  assert.deepEqual(cobro.subscriptionErrorCode('9025').operations, ['cancel'])
  assert.equal(cobro.paymentConfirmationCode('zz-none'), null)
  assert.equal(cobro.virtualAccountErrorCode('zz-none'), null)
})

test("a stranger's keys stay data: metadata keys are neither renamed nor properties, __proto__ included", () => {
  const answer = RESPONSES.map((c) => c.case).find((c) => c.http_status === 200 && c.body && c.body.metadata && c.body.traceId)
  const body = JSON.stringify({ ...answer.body, metadata: {} })
    .replace('"metadata":{}', '"metadata":{"__proto__":"p","constructor":"c","ref_key":"v","payin_state_id":"w"}')
  const unknown = body.replace('{', '{"__proto__":{"polluted":"yes"},"trace_id":"x","payin_state_id":"9",')
  for (const given of [body, Buffer.from(body), JSON.parse(body), unknown, JSON.parse(unknown)]) {
    const parsed = cobro.parse('virtual-account-response', given)
    assert.deepEqual(parsed.metadata.map((e) => e.key), ['__proto__', 'constructor', 'ref_key', 'payin_state_id'])
    for (const o of [parsed, ...parsed.metadata]) assert.equal(Object.getPrototypeOf(o), Object.prototype)
    assert.equal(parsed.polluted, undefined)
    assert.equal({}.polluted, undefined)
    assert.equal(parsed.traceId, answer.body.traceId)
    assert.ok(!Object.keys(parsed).some((k) => k.includes('_')))
  }
})
