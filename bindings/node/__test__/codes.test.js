'use strict'
// The catalogue of codes (`codes()`, the core's catalogue JSON): its shape, and that it
// lists every code the suite's vector tests see, each with the class it is thrown as (or
// `report` for the issues of a report). The vector test files are run here again, in this
// process, with every export of the package wrapped to record what it throws and reports.
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')
const errors = require('../errors.js')

const ERROR_CLASSES = new Set(['CobroError', 'ValidationError', 'SigningError', 'ParseError', 'VerificationError', 'DocumentError'])

/** code -> the classes it was seen as: an error class's name, or `report`. */
const seen = new Map()
const see = (code, where) => {
  if (!seen.has(code)) seen.set(code, new Set())
  seen.get(code).add(where)
}

/** Wraps every function of `exports` (namespaces too) in place to record its codes. */
function record(exports) {
  for (const [name, value] of Object.entries(exports)) {
    if (ERROR_CLASSES.has(name)) continue
    if (typeof value === 'function') {
      exports[name] = function (...args) {
        let out
        try {
          out = value.apply(this, args)
        } catch (e) {
          if (e instanceof cobro.CobroError) {
            see(e.code, e.name)
            if (e instanceof cobro.ValidationError) e.errors.forEach((i) => see(i.code, 'report'))
          }
          throw e
        }
        if (exports === cobro && name === 'validate') {
          for (const i of [...out.errors, ...out.warnings]) see(i.code, 'report')
        }
        return out
      }
    } else if (value !== null && typeof value === 'object') {
      record(value)
    }
  }
}
record(cobro)

test.describe('the vector tests, recording the codes they see', () => {
  for (const file of ['documents', 'parse', 'prepare', 'signing', 'validation']) require(`./${file}.test.js`)
})

test('every code the vector tests see is listed, with the class it was thrown as', () => {
  const listed = new Map(cobro.codes().map((c) => [c.code, c]))
  for (const where of ['report', 'ValidationError', 'SigningError', 'VerificationError', 'ParseError', 'DocumentError']) {
    assert.ok([...seen.values()].some((classes) => classes.has(where)), `no code seen as ${where}`)
  }
  for (const [code, classes] of seen) {
    assert.ok(listed.has(code), `${code} is not in the catalogue`)
    for (const where of classes) assert.ok(listed.get(code).classes.includes(where), `${code} is not listed as ${where}`)
  }
  assert.deepEqual([...seen.get('ERR_INVALID_REQUEST')], ['ValidationError'])
  assert.deepEqual(listed.get('ERR_INVALID_REQUEST').classes, ['ValidationError'])
})

test('codes() is the catalogue JSON of the core, a new array each call', () => {
  const codes = cobro.codes()
  assert.ok(Array.isArray(codes) && codes.length > 50)
  assert.deepEqual(codes, cobro.codes())
  assert.notEqual(codes, cobro.codes())
  assert.equal(new Set(codes.map((c) => c.code)).size, codes.length)
  for (const c of codes) {
    assert.deepEqual(Object.keys(c), ['code', 'severity', 'classes', 'meaning', 'params', 'templates'], c.code)
    assert.match(c.code, /^(ERR|WARN)_[A-Z0-9_]+$/)
    assert.ok(c.classes.length > 0 && c.classes.every((k) => k === 'report' || ERROR_CLASSES.has(k)), c.code)
    // A severity exactly for the codes of reports: a warning for WARN_*, else an error.
    const severity = c.classes.includes('report') ? (c.code.startsWith('WARN_') ? 'warning' : 'error') : null
    assert.equal(c.severity, severity, c.code)
    assert.ok(typeof c.meaning === 'string' && c.meaning.length > 0, c.code)
    assert.deepEqual(Object.keys(c.templates), ['en', 'es', 'pt'], c.code)
    for (const [locale, text] of Object.entries(c.templates)) {
      for (const p of c.params) assert.ok(text.includes(`{${p}}`), `${c.code} ${locale} {${p}}`)
    }
  }
  codes[0].code = 'changed'
  assert.notEqual(cobro.codes()[0].code, 'changed')
  // The native catalogue is the package's own: not an export.
  assert.equal(cobro.catalogueJson, undefined)
})

test('an unreadable native error is ERR_INTERNAL with the catalogue\'s message', () => {
  const native = Object.assign(new Error('not JSON'), { code: 'SigningError' })
  const e = errors.translate(native)
  assert.ok(e instanceof cobro.CobroError && !(e instanceof cobro.SigningError))
  assert.equal(e.code, 'ERR_INTERNAL')
  assert.equal(e.message, cobro.codes().find((c) => c.code === 'ERR_INTERNAL').templates.en)
  assert.ok(e.message.length > 'ERR_INTERNAL'.length)
})
