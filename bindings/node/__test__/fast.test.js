'use strict'
// The hot path of `validate` (src/fast.rs: JSON text, at most `strict` and `locale`) gives
// exactly the reports of the napi-rs `validate`, which the same call takes when a
// `maxBytes` of the default size is added; and it declines what it must not take.
const test = require('node:test')
const assert = require('node:assert/strict')
const { spawnSync } = require('node:child_process')
const { Worker } = require('node:worker_threads')
const cobro = require('../cobro.js')
const native = require('../index.js')
const { report } = require('../body.js')
const { cases, bodyBytes } = require('./vectors.js')

const DEFAULT_MAX_BYTES = 1024 * 1024
const CANCEL = '{"merchantId": 1, "subscriptionDetails": {"type": "RECURRENT", "customerId": "1", "processorCode": "Wallet_on_file"}'

/** The report of the napi-rs path for the same call. */
const slow = (kind, text, options) => cobro.validate(kind, text, { ...options, maxBytes: DEFAULT_MAX_BYTES })

/** The same report from both paths, byte for byte in JSON and as objects, for the text and its bytes. */
function same(kind, text, options, id) {
  const fast = cobro.validate(kind, text, options)
  const other = slow(kind, text, options)
  assert.equal(JSON.stringify(fast), JSON.stringify(other), id)
  assert.deepStrictEqual(fast, other, id)
  return fast
}

/** `same` for bytes (any bytes: not UTF-8 too), as a Buffer and as a Uint8Array view into a larger buffer. */
function sameBytes(kind, bytes, options, id) {
  const padded = new Uint8Array(bytes.length + 7)
  padded.set(bytes, 3)
  const view = padded.subarray(3, 3 + bytes.length)
  const other = slow(kind, Buffer.from(bytes), options)
  for (const body of [Buffer.from(bytes), view]) {
    const fast = cobro.validate(kind, body, options)
    assert.equal(JSON.stringify(fast), JSON.stringify(other), id)
    assert.deepStrictEqual(fast, other, id)
  }
}

test('the fast path takes JSON text or bytes with no options, strict or a locale', () => {
  const at = native.kindNames.indexOf('subscription-cancel')
  // The call number: the kind's position plus the number of kinds times the options.
  const call = (options) => at + native.kindNames.length * options
  assert.equal(native.validateFast(at, `${CANCEL}}`), true)
  assert.equal(typeof native.validateFast(at, '{}'), 'string')
  const spanish = native.validateFast(call((native.localeNames.indexOf('es') << 1) | 1), '{"type": 1}')
  assert.equal(typeof spanish, 'string')
  assert.deepStrictEqual(report(spanish), slow('subscription-cancel', '{"type": 1}', { locale: 'es', strict: true }))
  // The locales are the core's list, in its order: a position the options number holds.
  assert.deepStrictEqual(native.localeNames, ['en', 'es', 'pt'])
  const portuguese = native.validateFast(call(native.localeNames.indexOf('pt') << 1), '{"type": 1}')
  assert.deepStrictEqual(report(portuguese), slow('subscription-cancel', '{"type": 1}', { locale: 'pt' }))
  assert.match(report(portuguese).errors[0].message, / é obrigatório$/)
  assert.equal(native.validateFast(at, Buffer.from(`${CANCEL}}`)), true)
  assert.equal(native.validateFast(at, new Uint8Array(0)).length > 0, true)
  // What it declines goes to the napi-rs validate.
  assert.equal(native.validateFast(at, new Uint8ClampedArray(2)), undefined)
  assert.equal(native.validateFast(at, new Int8Array(2)), undefined)
  assert.equal(native.validateFast(at, new DataView(new ArrayBuffer(2))), undefined)
  assert.equal(native.validateFast(at, {}), undefined)
  assert.equal(native.validateFast(at, 12), undefined)
  assert.equal(native.validateFast('subscription-cancel', '{}'), undefined)
  assert.equal(native.validateFast(-1, '{}'), undefined)
  assert.equal(native.validateFast(call(99), '{}'), undefined)
  assert.equal(native.validateFast(at), undefined)
  assert.equal(native.validateFast(at, ' '.repeat(DEFAULT_MAX_BYTES + 1)), undefined)
  // The internal exports are not the package's.
  for (const name of ['validateFast', 'kindNames', 'codeNames', 'severityNames', 'localeNames', 'paramNames', 'catalogueJson', 'keyNames', '__napiBindingTarget']) {
    assert.equal(cobro[name], undefined, name)
  }
})

test('every vector gives the same report on both paths, in every locale, strict or not', () => {
  let n = 0
  for (const { id, file, case: c } of cases('validation')) {
    const o = c.options || {}
    if (o.payin_key || o.max_bytes) continue
    const bytes = bodyBytes(c)
    const text = Buffer.from(bytes).toString('utf8')
    for (const options of [undefined, { strict: true }, { locale: 'es' }, { strict: false, locale: 'en' }, { locale: 'pt', strict: true }]) {
      same(file.kind, text, options, id)
      sameBytes(file.kind, bytes, options, id)
    }
    n++
  }
  assert.ok(n >= 200, `${n} vectors`)
})

test('any text: long bodies, keys outside Latin-1, NULs, lone surrogates, not JSON', () => {
  const key = (k) => `${CANCEL}, ${JSON.stringify(k)}: 1}`
  for (const text of [
    key('clé'), key('ключ'), key('😀'), key('a\u0000b'), key('\u0100'),
    `${CANCEL}, "x": "\ud800"}`, `${CANCEL}, "\udfff": 1}`,
    '', ' ', 'null', '[]', '{', '{"merchantId": 1e999}', '\ufeff{}',
    // Longer than the buffer kept between calls (64 KiB), within the size limit, at its
    // edge and past it.
    key('k'.repeat(70 * 1024)), key('é'.repeat(40 * 1024)),
    `${CANCEL}}`.padEnd(DEFAULT_MAX_BYTES, ' '), `${CANCEL}}`.padEnd(DEFAULT_MAX_BYTES + 1, ' '),
  ]) {
    for (const options of [undefined, { locale: 'es', strict: true }]) {
      same('subscription-cancel', text, options, text.slice(0, 80))
      sameBytes('subscription-cancel', Buffer.from(text), options, text.slice(0, 80))
    }
  }
  for (const bytes of [[0x7b, 0xff, 0x7d], [...Buffer.from(`${CANCEL}, "x": "`), 0xc3, 0x28, 0x22, 0x7d], []]) {
    sameBytes('subscription-cancel', Uint8Array.from(bytes), undefined, String(bytes))
  }
  // A view of a SharedArrayBuffer (copied before the core reads it), and bytes past the
  // default size limit (left to the napi-rs path).
  const cancel = Buffer.from(`${CANCEL}, "x": 1}`)
  const shared = new Uint8Array(new SharedArrayBuffer(cancel.length))
  shared.set(cancel)
  assert.deepEqual(cobro.validate('subscription-cancel', shared), slow('subscription-cancel', cancel, {}))
  const huge = new Uint8Array(DEFAULT_MAX_BYTES + 1).fill(0x20)
  assert.equal(native.validateFast(native.kindNames.indexOf('payin'), huge), undefined)
  assert.equal(cobro.validate('payin', huge).errors[0].code, 'ERR_BODY_TOO_LARGE')
  const detached = new Uint8Array(8)
  structuredClone(detached.buffer, { transfer: [detached.buffer] })
  assert.deepEqual(cobro.validate('subscription-cancel', detached), slow('subscription-cancel', detached, {}))
  const r = same('subscription-cancel', key('😀'), { locale: 'es' }, 'astral key')
  assert.deepEqual(r.warnings.map((w) => w.path), ['😀'])
  assert.equal(same('subscription-cancel', '{', undefined, 'not JSON').errors[0].code, 'ERR_MALFORMED_JSON')
})

test('options the fast path does not take give the napi-rs errors and reports', () => {
  const unknown = (name, allowed) => (e) => e instanceof cobro.SigningError && e.code === 'ERR_INVALID_ARGUMENT' &&
    e.message === `${name} must be one of: ${allowed}`
  assert.throws(() => cobro.validate('subscription-cancel', '{}', { locale: 'fr' }), unknown('locale', 'en, es, pt'))
  assert.throws(() => cobro.validate('subscription-cancel', '{}', { strict: 'yes' }), TypeError)
  assert.throws(() => cobro.validate('subscription-cancel', '{}', { strict: null }), TypeError)
  assert.throws(() => cobro.validate('nope', '{}'), unknown('kind', 'virtual-account, subscription, subscription-cancel, payin'))
  for (const options of [null, {}, { locale: undefined }, { key: undefined }]) {
    assert.deepEqual(cobro.validate('subscription-cancel', '{}', options), slow('subscription-cancel', '{}', {}))
  }
  assert.throws(() => cobro.validate('subscription-cancel', '{}', { locale: 'es', other: 1 }), TypeError)
  const tiny = cobro.validate('subscription-cancel', '{}', { maxBytes: 1 })
  assert.equal(tiny.errors[0].code, 'ERR_BODY_TOO_LARGE')
})

test('worker threads each have their own buffers', async () => {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads')
    const cobro = require(workerData.module)
    const out = []
    for (let i = 0; i < 200; i++) out.push(JSON.stringify(cobro.validate('subscription-cancel', workerData.texts[i % 2], { locale: 'es' })))
    parentPort.postMessage(out)
  `
  const texts = [`${CANCEL}, "ключ": 1}`, '{"merchantId": "x"}']
  const expected = texts.map((t) => JSON.stringify(slow('subscription-cancel', t, { locale: 'es' })))
  const runs = Array.from({ length: 3 }, () => new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: { module: require.resolve('../cobro.js'), texts } })
    w.once('message', resolve)
    w.once('error', reject)
  }))
  for (const out of await Promise.all(runs)) {
    out.forEach((report, i) => assert.equal(report, expected[i % 2]))
  }
})

test('params objects: one hidden class per list of names, the same report where code cannot be made from text', () => {
  const bodies = ['{"merchantId": "x"}', '{"subscriptionDetails": {"type": "WEEKLY"}}', `${CANCEL}, "x": 1}`]
  const reports = bodies.map((text) => cobro.validate('subscription-cancel', text, { locale: 'es', strict: true }))
  const withParams = reports.flatMap((r) => [...r.errors, ...r.warnings]).filter((i) => Object.keys(i.params).length > 0)
  assert.ok(withParams.length > 0)
  for (const issue of withParams) {
    assert.equal(Object.getPrototypeOf(issue.params), Object.prototype)
  }
  // The same reports with the made functions refused: the names are set in turn.
  const code = `
    const cobro = require(${JSON.stringify(require.resolve('../cobro.js'))})
    const bodies = ${JSON.stringify(bodies)}
    process.stdout.write(JSON.stringify(bodies.map((text) => cobro.validate('subscription-cancel', text, { locale: 'es', strict: true }))))
  `
  const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', code], { encoding: 'utf8' })
  assert.equal(run.status, 0, run.stderr)
  assert.equal(run.stdout, JSON.stringify(reports))
})
