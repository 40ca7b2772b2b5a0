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
  return out
}
const pairs = (issues) => issues.map((i) => [i.code, i.path])

test('there are many vectors', () => assert.ok(CASES.length >= 200))

test('every vector, Buffer and string bodies', () => {
  for (const { id, file, case: c } of CASES) {
    const bytes = bodyBytes(c)
    const report = cobro.validate(file.kind, bytes, options(c))
    assert.deepEqual(pairs(report.errors), c.errors, id)
    assert.deepEqual(pairs(report.warnings), c.warnings, id)
    assert.equal(report.valid, c.errors.length === 0, id)
    if ('report' in c) assert.deepEqual(report, JSON.parse(raw(c).report), id)
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
    if (Buffer.from(text, 'utf8').equals(bytes)) {
      assert.deepEqual(cobro.validate(file.kind, text, options(c)), report, id)
    }
  }
})

test('object bodies give the report of their JSON text', () => {
  let same = 0
  for (const { id, file, case: c } of CASES) {
    if (!('body' in c) || typeof c.body !== 'object' || c.body === null) continue
    const report = cobro.validate(file.kind, c.body, options(c))
    const viaText = cobro.validate(file.kind, JSON.stringify(c.body), options(c))
    assert.deepEqual(report, viaText, id)
    if (JSON.stringify(pairs(report.errors)) === JSON.stringify(c.errors)) same++
  }
  assert.ok(same > 150, `${same} object bodies match the vector`)
})
