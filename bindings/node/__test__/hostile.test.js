'use strict'
// Hostile input gets a clear answer, never a quiet wrong one: unknown options are a
// TypeError (a signature check is never skipped), lone surrogates are refused (never
// hashed as U+FFFD), typed arrays other than Uint8Array are refused, buffers are measured
// before any copy, and NaN or an infinity in an object body is reported at its path.
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')

const KEY = 'fake-payin-key'
const PAYIN = { merchantId: 674, operationNumber: 'ORDER-1', amount: '150.00', currency: 'PEN', key: KEY }

// First in the file: the peak resident memory of this process is what it measures.
test('a buffer past the size limit is measured, not copied', () => {
  // Never written, so its pages are not resident: only a copy would make them count.
  const huge = Buffer.allocUnsafeSlow(512 * 1024 * 1024)
  const peak = () => process.resourceUsage().maxRSS * 1024
  const before = peak()
  const r = cobro.validate('payin', huge, { key: KEY })
  assert.deepEqual([r.errors[0].code, r.errors[0].params], ['ERR_BODY_TOO_LARGE', { size: String(huge.length), limit: '1048576' }])
  assert.equal(cobro.validate('payin', huge).errors[0].code, 'ERR_BODY_TOO_LARGE')
  const small = cobro.validate('payin', huge.subarray(0, 2000), { maxBytes: 1000 }).errors[0]
  assert.deepEqual([small.code, small.params], ['ERR_BODY_TOO_LARGE', { size: '2000', limit: '1000' }])
  assert.throws(() => cobro.prepareSubscription(huge, { key: KEY }), (e) => e instanceof cobro.ValidationError && e.code === 'ERR_INVALID_REQUEST' && e.errors[0].code === 'ERR_BODY_TOO_LARGE')
  assert.throws(() => cobro.parse('payin-response', huge), (e) => e instanceof cobro.ParseError && e.code === 'ERR_BODY_TOO_LARGE')
  assert.throws(() => cobro.verifyPayinNotification(huge, { key: KEY }), (e) => e instanceof cobro.ParseError && e.code === 'ERR_BODY_TOO_LARGE')
  const grown = peak() - before
  assert.ok(grown < 64 * 1024 * 1024, `peak memory grew by ${grown} bytes`)
})

test('an options argument that is not an object, or has a key no option has, is a TypeError naming the key', () => {
  const body = '{"payinVerification": "00"}'
  for (const options of ['KEY-never-shown', 42, true, ['KEY-never-shown'], () => 1]) {
    assert.throws(() => cobro.validate('payin', body, options), (e) => e instanceof TypeError && /^options must be an object/.test(e.message) && !e.message.includes('KEY-never-shown'))
  }
  assert.throws(() => cobro.validate('payin', body, { Key: 'KEY-never-shown' }), (e) => e instanceof TypeError && e.message.includes('"Key"') && !e.message.includes('KEY-never-shown'))
  assert.throws(() => cobro.validate('payin', body, { strict: true, keys: KEY }), /unknown key "keys"/)
  assert.throws(() => cobro.parse('payin-response', '{}', { httpstatus: 400 }), /unknown key "httpstatus"/)
  assert.throws(() => cobro.parse('payin-response', '{}', 'x'), TypeError)
  assert.throws(() => cobro.payinVerification({ ...PAYIN, merchantID: 1 }), /unknown key "merchantID"/)
  assert.throws(() => cobro.prepareSubscription('{}', { key: KEY, wrapData: true }), /unknown key "wrapData"/)
  // What is declared is taken, absent options too.
  assert.equal(cobro.validate('payin', body, { key: KEY }).errors.some((e) => e.path === 'payinVerification'), true)
  assert.equal(cobro.validate('payin', body, null).valid, cobro.validate('payin', body).valid)
})

test('the kind and document arguments name themselves when of the wrong type', () => {
  assert.throws(() => cobro.validate(1, '{}'), { name: 'TypeError', message: 'kind must be a string, not a number' })
  assert.throws(() => cobro.validate({}, '{}'), { name: 'TypeError', message: 'kind must be a string, not an object' })
  assert.throws(() => cobro.parse(null, '{}'), { name: 'TypeError', message: 'document must be a string, not null' })
})

test('keys and signed text with a lone surrogate are a SigningError, never the same hash as U+FFFD', () => {
  const refused = (e) => e instanceof cobro.SigningError && e.code === 'ERR_NOT_UNICODE' && /not valid UTF-8/.test(e.message) && !e.message.includes(KEY)
  for (const lone of ['\ud800', '\udfff', 'a\udc00b']) {
    assert.throws(() => cobro.payinVerification({ ...PAYIN, key: KEY + lone }), refused)
    assert.throws(() => cobro.payinVerification({ ...PAYIN, operationNumber: `O${lone}` }), refused)
    assert.throws(() => cobro.payinVerification({ ...PAYIN, currency: `PEN${lone}` }), refused)
    const sub = { merchantId: 1, type: 'ON_DEMAND', customerId: '1', processorCode: 'Wallet_on_file', key: KEY }
    for (const field of ['key', 'type', 'customerId', 'processorCode']) {
      assert.throws(() => cobro.subscriptionAuthorization({ ...sub, [field]: sub[field] + lone }), refused, field)
    }
    const va = { apiKey: 'api', secret: KEY, timestamp: 1700000000 }
    assert.throws(() => cobro.virtualAccountSignature({ ...va, secret: KEY + lone }), refused)
    assert.throws(() => cobro.virtualAccountSignature({ ...va, apiKey: `api${lone}` }), refused)
    assert.throws(() => cobro.virtualAccountSignature({ ...va, referenceId: `r${lone}` }), refused)
    assert.throws(() => cobro.virtualAccountMessage({ timestamp: 1700000000, apiKey: `api${lone}` }), refused)
    assert.throws(() => cobro.virtualAccountHeaders({ apiKey: 'api', now: 1700000000, depositMode: 'OWNER', secret: KEY + lone }), refused)
    assert.throws(() => cobro.verifyVirtualAccountHeaders({ 'X-Api-Key': `a${lone}` }, { secret: KEY }), refused)
    assert.throws(() => cobro.verifyPayinNotification('{}', { key: KEY + lone }), refused)
    assert.throws(() => cobro.validate('payin', '{}', { key: KEY + lone }), refused)
    assert.throws(() => cobro.preparePayin('{}', { key: KEY + lone }), refused)
    assert.throws(() => cobro.prepareVirtualAccount('{}', { apiKey: `a${lone}`, secret: KEY, depositMode: 'OWNER' }), refused)
  }
  // A well-formed pair is text like any other.
  assert.match(cobro.payinVerification({ ...PAYIN, operationNumber: 'O-😀' }), /^[0-9a-f]{128}$/)
})

test('a string body with a lone surrogate is ERR_INVALID_UTF8 on every path', () => {
  const text = '{"payinMerchantID": "\ud800"}'
  const invalid = (r) => r.errors.length === 1 && r.errors[0].code === 'ERR_INVALID_UTF8'
  assert.ok(invalid(cobro.validate('payin', text)), 'fast path')
  assert.ok(invalid(cobro.validate('payin', text, { locale: 'es', strict: true })), 'fast path, options')
  assert.ok(invalid(cobro.validate('payin', text, { maxBytes: 4096 })), 'napi-rs path')
  // Where the bytes would be: the offset of U+FFFD in the same text.
  assert.equal(cobro.validate('payin', text).errors[0].params.offset, String(Buffer.from('{"payinMerchantID": "').length))
  assert.throws(() => cobro.parse('payin-notification', text), (e) => e instanceof cobro.ParseError && e.code === 'ERR_INVALID_UTF8')
  assert.throws(() => cobro.prepareSubscription('{"x": "\udc00"}', { key: KEY }), (e) => e instanceof cobro.ValidationError && e.code === 'ERR_INVALID_REQUEST' && e.errors[0].code === 'ERR_INVALID_UTF8')
  // In an object the lone surrogate is escaped (as JSON.stringify writes it), which the
  // core refuses as it refuses the same JSON text; the addon's own walk (a bigint forces it) agrees.
  for (const body of [{ payinMerchantID: '\ud800' }, { payinMerchantID: '\ud800', n: 1n }]) {
    assert.equal(cobro.validate('payin', body).errors[0].code, 'ERR_MALFORMED_JSON')
  }
  assert.equal(cobro.validate('payin', { ['\udc00']: 1n }).errors[0].code, 'ERR_MALFORMED_JSON')
  assert.equal(cobro.validate('payin', '{"payinMerchantID": "😀"}').errors[0].code !== 'ERR_INVALID_UTF8', true)
})

test('typed arrays other than Uint8Array are a TypeError; an ArrayBuffer is read as its bytes', () => {
  const bytes = Buffer.from('{"customerId": "1"}')
  for (const view of [new Float64Array(2), new Int16Array(bytes.buffer, bytes.byteOffset, 4), new Uint8ClampedArray(bytes), new DataView(bytes.buffer)]) {
    assert.throws(() => cobro.validate('subscription-cancel', view), (e) => e instanceof TypeError && /^body must be/.test(e.message), view.constructor.name)
    assert.throws(() => cobro.validate('subscription-cancel', view, { maxBytes: 10 }), TypeError)
    assert.throws(() => cobro.parse('payin-notification', view), TypeError)
    assert.throws(() => cobro.prepareSubscriptionCancel(view, { key: KEY }), TypeError)
  }
  const expected = cobro.validate('subscription-cancel', bytes)
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)
  assert.deepEqual(cobro.validate('subscription-cancel', buffer), expected)
  const shared = new SharedArrayBuffer(bytes.length)
  new Uint8Array(shared).set(bytes)
  assert.deepEqual(cobro.validate('subscription-cancel', shared), expected)
  assert.deepEqual(cobro.validate('subscription-cancel', new ArrayBuffer(0)).errors[0].code, 'ERR_EMPTY_FIELD')
})

test('NaN and the infinities in an object body are a wrong type at their path, not an absent field', () => {
  const issue = (body, options) => {
    const r = cobro.validate('payin', body, options)
    assert.equal(r.valid, false)
    const e = r.errors[0]
    return [e.path, e.code, e.params.found, e.message]
  }
  assert.deepEqual(issue({ payinAmount: NaN }), ['payinAmount', 'ERR_INVALID_TYPE', 'NaN', 'payinAmount must be of type finite number, not NaN'])
  assert.deepEqual(issue({ payinAmount: Infinity }, { maxBytes: 4096 }).slice(0, 3), ['payinAmount', 'ERR_INVALID_TYPE', 'Infinity'])
  assert.deepEqual(issue({ a: null, metadata: [{ key: 'k', value: -Infinity }] }).slice(0, 3), ['metadata[0].value', 'ERR_INVALID_TYPE', '-Infinity'])
  assert.deepEqual(issue({ big: 1n, x: { y: [0, NaN] } }).slice(0, 3), ['x.y[1]', 'ERR_INVALID_TYPE', 'NaN'])
  assert.equal(cobro.validate('payin', { payinAmount: NaN }, { locale: 'es' }).errors[0].message, 'payinAmount debe ser de tipo finite number, no NaN')
  assert.throws(() => cobro.preparePayin({ payinAmount: NaN }, { key: KEY }), (e) => e instanceof cobro.ValidationError && e.errors[0].path === 'payinAmount' && e.code === 'ERR_INVALID_REQUEST' && e.errors[0].code === 'ERR_INVALID_TYPE')
  assert.throws(() => cobro.parse('payin-notification', { payinAmount: NaN }), (e) => e instanceof cobro.ParseError && e.path === 'payinAmount' && e.code === 'ERR_INVALID_TYPE')
  // A null that is a null stays one.
  assert.equal(cobro.validate('payin', { payinAmount: null }).errors.find((e) => e.path === 'payinAmount').code, 'ERR_MISSING_FIELD')
})
