'use strict'
// `schema(kind)` and `openapi()` give the text of the committed copies in schemas/, byte
// for byte (the core's test regenerates them; this proves the package passes them on),
// and an unknown kind is the core's SigningError.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const cobro = require('../cobro.js')

const SCHEMAS = path.join(__dirname, '..', '..', '..', 'schemas')
const read = (name) => fs.readFileSync(path.join(SCHEMAS, name), 'utf8')

test('schema(kind) is schemas/<kind>.schema.json', () => {
  for (const kind of ['virtual-account', 'subscription', 'subscription-cancel', 'payin']) {
    assert.equal(cobro.schema(kind), read(`${kind}.schema.json`), kind)
  }
})

test('openapi() is schemas/openapi.json, an OpenAPI 3.1 document', () => {
  const text = cobro.openapi()
  assert.equal(text, read('openapi.json'))
  assert.equal(JSON.parse(text).openapi, '3.1.0')
})

test('an unknown kind is SigningError ERR_INVALID_ARGUMENT, another type a TypeError', () => {
  assert.throws(() => cobro.schema('refund'), (e) => e instanceof cobro.SigningError && e.code === 'ERR_INVALID_ARGUMENT')
  assert.throws(() => cobro.schema(7), TypeError)
})
