'use strict'
// Every request body of examples/ that the core accepts type-checks, as an object
// literal (so a misspelled or missing key is an error), against its typed request of
// requests.d.ts: the signed pay-ins as PayinRequest, the unsigned ones as
// UnsignedPayinRequest (what preparePayin takes), the other kinds as theirs. The bodies
// are read at run time, so a new example is covered without a change here. The typed
// consumer with its expected errors is __test__/types/requests.ts, checked by tsc.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const ts = require('typescript')
const cobro = require('../cobro.js')
const { program } = require('./ts-program.js')

const PACKAGE = path.join(__dirname, '..')
const EXAMPLES = path.join(PACKAGE, '..', '..', 'examples')
const PAYIN_KEY = 'fake-payin-key-for-examples'
// The kind of each example by its file name's start; answers and notifications are not
// requests.
const KINDS = ['payin', 'subscription-cancel', 'subscription', 'virtual-account']
const TYPES = {
  payin: 'PayinRequest',
  'subscription-cancel': 'SubscriptionCancelRequest',
  subscription: 'SubscriptionRequest',
  'virtual-account': 'VirtualAccountRequest',
}
const NOT_REQUESTS = ['answer-', 'notification-']

function exampleBodies() {
  const out = []
  for (const name of fs.readdirSync(EXAMPLES).sort()) {
    if (!/\.jsonl?$/.test(name) || NOT_REQUESTS.some((p) => name.startsWith(p))) continue
    const kind = KINDS.find((k) => name.startsWith(k))
    assert.ok(kind, `examples/${name}: name it after its kind (or answer-/notification-)`)
    const text = fs.readFileSync(path.join(EXAMPLES, name), 'utf8')
    const lines = name.endsWith('.jsonl') ? text.split('\n').filter((l) => l.trim()) : [text]
    lines.forEach((line, i) => {
      let body = JSON.parse(line)
      if (kind === 'payin' && Object.keys(body).join() === 'data') body = body.data
      out.push({ place: `${name}:${i + 1}`, kind, unsigned: name.includes('unsigned'), body, text: line })
    })
  }
  return out
}

function accepted({ kind, unsigned, body }) {
  if (unsigned) {
    try {
      cobro.preparePayin(body, { key: PAYIN_KEY })
      return true
    } catch (e) {
      if (e instanceof cobro.ValidationError) return false
      throw e
    }
  }
  return cobro.validate(kind, body, kind === 'payin' ? { key: PAYIN_KEY } : undefined).valid
}

test('every accepted example body type-checks as its typed request', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-requests-'))
  try {
    let from = path.relative(dir, path.join(PACKAGE, 'cobro.js')).split(path.sep).join('/')
    if (!from.startsWith('.')) from = `./${from}`
    const lines = [`import type * as cobro from ${JSON.stringify(from)}`]
    let n = 0
    for (const example of exampleBodies()) {
      if (!accepted(example)) continue
      const type = example.unsigned ? 'UnsignedPayinRequest' : TYPES[example.kind]
      lines.push(`// examples/${example.place}`)
      lines.push(`export const body${n++}: cobro.${type} = ${JSON.stringify(example.body)}`)
    }
    assert.ok(n >= 6, `${n} bodies`)
    const source = path.join(dir, 'examples.ts')
    fs.writeFileSync(source, lines.join('\n') + '\n')
    const shown = ts.getPreEmitDiagnostics(program([source])).map((d) => {
      const where = d.file ? `line ${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : ''
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n')
    })
    assert.deepEqual(shown, [])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('the typed mistakes are refused, and the consumer compiles without them', () => {
  const consumer = path.join(__dirname, 'types', 'requests.ts')
  const source = fs.readFileSync(consumer, 'utf8')
  const expected = source.split('\n').filter((l) => l.startsWith('// @ts-expect-error')).length
  assert.ok(expected >= 6)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-requests-'))
  try {
    // Without the directives every marked line is an error of its own.
    let from = path.relative(dir, path.join(PACKAGE, 'cobro.js')).split(path.sep).join('/')
    if (!from.startsWith('.')) from = `./${from}`
    const bare = path.join(dir, 'requests.ts')
    fs.writeFileSync(
      bare,
      source.replace(/^\/\/ @ts-expect-error.*\n/gm, '').replace(/from 'cobro'/g, `from ${JSON.stringify(from)}`),
    )
    const errors = ts.getPreEmitDiagnostics(program([bare])).filter((d) => d.category === ts.DiagnosticCategory.Error)
    const lines = new Set(errors.map((d) => d.file.getLineAndCharacterOfPosition(d.start).line))
    assert.equal(lines.size, expected, errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'))
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
