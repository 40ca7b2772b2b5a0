'use strict'
// documents: the core's identity-document and account-number checks, with the core's
// codes and messages for invalid numbers and for unknown countries and types.
const test = require('node:test')
const assert = require('node:assert/strict')
const cobro = require('../cobro.js')
const { documents } = cobro

const documentError = (code) => (e) => e instanceof cobro.DocumentError && e instanceof cobro.CobroError && e.code === code

test('valid and invalid numbers', () => {
  assert.equal(documents.validate('PE', 'RUC', '20100070970'), '20100070970')
  assert.equal(documents.validate('ar', 'cuit', '20-12345678-6'), '20123456786')
  assert.equal(documents.isValid('ARG', 'CUIT', '20-12345678-6'), true)
  assert.equal(documents.isValid('AR', 'CUIT', '20123456789'), false)
  assert.equal(documents.format('AR', 'CUIT', '20123456786'), '20-12345678-6')
  assert.equal(documents.compact('MX', 'CLABE', '032 180 00011835971 9'), '032180000118359719')
  assert.throws(() => documents.validate('AR', 'CUIT', '20123456789'), documentError('ERR_INVALID_CHECKSUM'))
  assert.throws(() => documents.validate('AR', 'CUIT', '123'), (e) => documentError('ERR_INVALID_LENGTH')(e) && e.message.length > 0)
})

test('unknown countries and types give the core codes and the list of checks', () => {
  for (const [country, type, code] of [['US', 'SSN', 'ERR_INVALID_COUNTRY'], ['XX', 'RUC', 'ERR_INVALID_COUNTRY'], ['PE', 'SSN', 'ERR_UNSUPPORTED_DOCUMENT_TYPE']]) {
    for (const call of [documents.validate, documents.isValid, documents.compact, documents.format]) {
      assert.throws(() => call(country, type, '123'), (e) => documentError(code)(e) && e.message.includes('PE RUC'))
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
