'use strict'
// The size limit is the core's (cobro::Limits::for_body, DESIGN.md 8): no `maxBytes` is
// the default of 1 MiB, a number is that many bytes and 0 accepts no body. A body of
// exactly the limit is read; one byte more is ERR_BODY_TOO_LARGE with the params the core
// gives the same bytes, whatever form the body takes and whichever path reads it (the
// fast path, the napi-rs path, the addon's walk of an object). The Python binding's tests
// check the same: bindings/python/tests/test_size_limit.py.
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')

const DEFAULT = 1024 * 1024
const KIND = 'subscription-cancel'
const KEY = 'fake-payin-key'
const CANCEL = { merchantId: 1234, subscriptionDetails: { type: 'RECURRENT', customerId: '987654321', processorCode: 'Wallet_on_file' } }

/**
 * A cancellation whose JSON text is exactly `size` bytes of UTF-8: CANCEL with a last
 * unknown field padded with `fill` (one or two bytes, and an `x` to make up an odd byte).
 */
function objectOf(size, fill = 'x', merchantId = CANCEL.merchantId) {
  const body = { ...CANCEL, merchantId, pad: '' }
  const room = size - Buffer.byteLength(JSON.stringify({ ...body, merchantId: 1234 }))
  assert.ok(room >= 0)
  const pad = fill.repeat(Math.floor(room / Buffer.byteLength(fill)))
  body.pad = pad + 'x'.repeat(room - Buffer.byteLength(pad))
  return body
}

/** The bytes the core is given for `body`. */
function bytesOf(body) {
  if (typeof body === 'string') return Buffer.from(body)
  if (body instanceof ArrayBuffer) return Buffer.from(body)
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  return Buffer.from(JSON.stringify(body, (_, v) => (typeof v === 'bigint' ? 1234 : v)))
}

const textOf = (size, fill) => JSON.stringify(objectOf(size, fill))

const FORMS = {
  string: (n) => textOf(n),
  'non-ASCII string': (n) => textOf(n, 'ñ'),
  Buffer: (n) => Buffer.from(textOf(n)),
  'Uint8Array view': (n) => {
    const bytes = Buffer.from(textOf(n))
    const padded = new Uint8Array(bytes.length + 5)
    padded.set(bytes, 2)
    return padded.subarray(2, 2 + bytes.length)
  },
  ArrayBuffer: (n) => {
    const bytes = Buffer.from(textOf(n))
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)
  },
  object: (n) => objectOf(n),
  'non-ASCII object': (n) => objectOf(n, 'ñ'),
  // A bigint: JSON.stringify cannot write it, so the addon's walk writes the text.
  'object with a bigint': (n) => objectOf(n, 'ñ', 1234n),
}

for (const maxBytes of [undefined, 300, 4096]) {
  const limit = maxBytes === undefined ? DEFAULT : maxBytes
  const options = maxBytes === undefined ? undefined : { maxBytes }
  for (const [form, make] of Object.entries(FORMS)) {
    test(`${form}: a body of the limit (${limit}) is read and one byte more is refused`, () => {
      const at = make(limit)
      const over = make(limit + 1)
      assert.equal(bytesOf(at).length, limit)
      assert.equal(bytesOf(over).length, limit + 1)
      const read = cobro.validate(KIND, at, options)
      assert.deepEqual(read.errors, [])
      assert.deepEqual(read, cobro.validate(KIND, bytesOf(at), options))
      const refused = cobro.validate(KIND, over, options)
      assert.deepEqual(
        refused.errors.map((i) => [i.code, i.path, i.params]),
        [['ERR_BODY_TOO_LARGE', '', { size: String(limit + 1), limit: String(limit) }]],
      )
      // The core's own report of the same bytes, message included, on either path.
      assert.deepEqual(refused, cobro.validate(KIND, bytesOf(over), options))
      assert.deepEqual(refused, cobro.validate(KIND, bytesOf(over), { maxBytes: limit }))
      assert.throws(
        () => cobro.prepareSubscriptionCancel(over, { key: KEY, ...options }),
        (e) => {
          assert.ok(e instanceof cobro.ValidationError)
          assert.deepEqual(e.errors, refused.errors)
          return true
        },
      )
      assert.equal(cobro.prepareSubscriptionCancel(at, { key: KEY, ...options }).method, 'POST')
    })
  }
}

test('no maxBytes is the default', () => {
  const body = Buffer.alloc(DEFAULT + 1, 0x20)
  assert.deepEqual(cobro.validate(KIND, body, { maxBytes: undefined }), cobro.validate(KIND, body))
  assert.deepEqual(cobro.validate(KIND, body).errors[0].params, { size: String(DEFAULT + 1), limit: String(DEFAULT) })
})

test('maxBytes 0 accepts no body', () => {
  for (const [form, make] of Object.entries(FORMS)) {
    const [issue] = cobro.validate(KIND, make(200), { maxBytes: 0 }).errors
    assert.deepEqual([issue.code, issue.params.limit], ['ERR_BODY_TOO_LARGE', '0'], form)
    assert.throws(
      () => cobro.prepareSubscriptionCancel(make(200), { key: KEY, maxBytes: 0 }),
      (e) => e instanceof cobro.ValidationError && e.errors[0].code === 'ERR_BODY_TOO_LARGE',
      form,
    )
  }
  // The empty body is within a limit of 0, and is reported as empty.
  assert.deepEqual(cobro.validate(KIND, '', { maxBytes: 0 }).errors.map((i) => i.code), ['ERR_EMPTY_FIELD'])
})

test('maxBytes is a whole number: a negative one is out of range, another type a TypeError', () => {
  for (const bad of [1.5, NaN, Infinity, '10', 10n]) {
    assert.throws(() => cobro.validate(KIND, '{}', { maxBytes: bad }), TypeError, String(bad))
  }
  assert.throws(() => cobro.validate(KIND, '{}', { maxBytes: -1 }), (e) => e instanceof cobro.SigningError && e.code === 'ERR_OUT_OF_RANGE')
  // A whole number past the safe integers is still a count: past any body.
  assert.equal(cobro.validate(KIND, '{}', { maxBytes: Number.MAX_SAFE_INTEGER + 2 }).valid, false)
})
