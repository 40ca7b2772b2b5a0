'use strict'
// documents: the core's identity-document and account-number checks, with the core's
// codes and messages for invalid numbers and for unknown countries and types.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const cobro = require('../cobro.js')
const { documents } = cobro

const documentError = (code) => (e) => e instanceof cobro.DocumentError && e instanceof cobro.CobroError && e.code === code

test('valid and invalid numbers', () => {
  assert.deepEqual(documents.validate('PE', 'RUC', '20100070970'), { compact: '20100070970', warnings: [] })
  assert.deepEqual(documents.validate('ar', 'cuit', '20-12345678-6'), { compact: '20123456786', warnings: [] })
  assert.equal(documents.isValid('ARG', 'CUIT', '20-12345678-6'), true)
  assert.equal(documents.isValid('AR', 'CUIT', '20123456789'), false)
  assert.equal(documents.format('AR', 'CUIT', '20123456786'), '20-12345678-6')
  assert.equal(documents.compact('MX', 'CLABE', '032 180 00011835971 9'), '032180000118359719')
  assert.throws(() => documents.validate('AR', 'CUIT', '20123456789'), documentError('ERR_INVALID_CHECKSUM'))
  assert.throws(() => documents.validate('AR', 'CUIT', '123'), (e) => documentError('ERR_INVALID_LENGTH')(e) && e.message.length > 0)
})

test('unknown countries and types give the core codes and the countries, or the country\'s types, with checks', () => {
  const COUNTRIES = /: AR, BR, CL, CO, DO, MX, PE$/
  const PERU = /\bPE\b.*: DNI, RUC, CE, CCI$/
  for (const [country, type, code, list] of [['US', 'SSN', 'ERR_INVALID_COUNTRY', COUNTRIES], ['XX', 'RUC', 'ERR_INVALID_COUNTRY', COUNTRIES], ['PE', 'SSN', 'ERR_UNSUPPORTED_DOCUMENT_TYPE', PERU], ['per', 'SSN', 'ERR_UNSUPPORTED_DOCUMENT_TYPE', PERU]]) {
    for (const call of [documents.validate, documents.isValid, documents.compact, documents.format]) {
      assert.throws(() => call(country, type, '123'), (e) => documentError(code)(e) && list.test(e.message))
    }
  }
})

test('types lists every check once', () => {
  const types = documents.types()
  const names = new Set(types.map((t) => `${t.country} ${t.type}`))
  assert.equal(names.size, types.length)
  assert.ok(names.has('PE CCI') && names.has('BR CNPJ'))
  for (const t of types) {
    assert.deepEqual(Object.keys(t).sort(), ['account', 'country', 'description', 'type'])
    assert.equal(typeof t.account, 'boolean')
    assert.equal(documents.isValid(t.country, t.type, ''), false)
  }
  assert.equal(types.find((t) => t.type === 'CLABE').account, true)
})

test('junk arguments are TypeErrors', () => {
  for (const junk of [undefined, null, 42, {}, []]) {
    assert.throws(() => documents.validate('PE', 'RUC', junk), TypeError)
    assert.throws(() => documents.isValid(junk, 'RUC', '1'), TypeError)
  }
})

test('the shared document vectors agree (DESIGN.md 9 row 33)', () => {
  const dir = path.join(__dirname, '..', '..', '..', 'tests', 'vectors', 'documents')
  const names = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
  assert.ok(names.length > 0)
  for (const name of names) {
    const file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'))
    file.cases.forEach((c, i) => {
      const at = `${name} case ${i}`
      assert.equal(documents.compact(c.country, c.type, c.number), c.compact, at)
      assert.equal(documents.isValid(c.country, c.type, c.number), c.valid, at)
      if (c.valid) {
        assert.deepEqual(documents.validate(c.country, c.type, c.number), { compact: c.compact, warnings: c.warnings }, at)
      } else {
        assert.throws(() => documents.validate(c.country, c.type, c.number), documentError(c.code), at)
      }
    })
  }
})
