'use strict'
// Merchants write their request types from schemas/openapi.json with openapi-typescript;
// those types must describe the requests:
// - no member of any operation's request body is `unknown` (or `any`);
// - every example request cobro accepts compiles, as an inline literal (a JSON import
//   would widen its strings past the enumerations), as its operation's body under
//   strict TypeScript, and a body missing a required field does not (`@ts-expect-error`,
//   so the compile fails if that error goes away).
// Request types are reached through the operations (`operations[Op]["requestBody"]`):
// component names are the generator's to choose.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { pathToFileURL } = require('node:url')
const ts = require('typescript')
const cobro = require('../cobro.js')
const { program } = require('./ts-program.js')

const ROOT = path.join(__dirname, '..', '..', '..')
const DOCUMENT = path.join(ROOT, 'schemas', 'openapi.json')

// The request kinds and the operation that takes each.
const OPERATIONS = {
  payin: 'createPayin',
  'virtual-account': 'createVirtualAccount',
  subscription: 'createSubscription',
  'subscription-cancel': 'cancelSubscription',
}

// The status query (an extension beyond the spec): the bodies its prepare vectors send
// must compile as its request.
const STATUS_OPERATION = 'queryPayinStatus'
const STATUS_VECTORS = path.join(ROOT, 'tests', 'vectors', 'prepare', 'payin-status.json')

// The example request files; those cobro accepts must compile.
const EXAMPLES = [
  ['payin', 'payin-pe-banktransfer.json'],
  ['payin', 'payin-pe-banktransfer-unsigned.json'],
  ['payin', 'payins.jsonl'],
  ['virtual-account', 'virtual-account-pe.json'],
  ['virtual-account', 'virtual-account-invalid.json'],
  ['subscription', 'subscription-recurrent.json'],
  ['subscription-cancel', 'subscription-cancel.json'],
]

// A required field of each kind, removed from its first accepted example (inside `data`
// when the pay-in is wrapped): nested where the kind has nested objects.
const MISSING = {
  payin: ['payinCurrency'],
  'virtual-account': ['account', 'currency'],
  subscription: ['subscriptionDetails', 'customerId'],
  'subscription-cancel': ['subscriptionDetails', 'customerId'],
}

/** The example requests: kind, label and parsed body. */
function examples() {
  const out = []
  for (const [kind, file] of EXAMPLES) {
    const text = fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8')
    const bodies = file.endsWith('.jsonl') ? text.split('\n').filter((l) => l.trim()) : [text]
    bodies.forEach((b, i) => out.push({ kind, label: bodies.length > 1 ? `${file} line ${i + 1}` : file, text: b }))
  }
  return out
}

/** `body` without the field at `keys`. */
function without(body, keys) {
  const copy = structuredClone(body)
  let at = 'data' in copy ? copy.data : copy
  for (const k of keys.slice(0, -1)) at = at[k]
  assert.ok(keys.at(-1) in at, keys.join('.'))
  delete at[keys.at(-1)]
  return copy
}

/** Names of `type`'s members, at any depth, typed `unknown` or `any`. */
function untyped(checker, type, at, seen = new Set(), found = []) {
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) {
    found.push(at)
  } else if (!seen.has(type)) {
    seen.add(type)
    if (type.isUnionOrIntersection()) {
      for (const t of type.types) untyped(checker, t, at, seen, found)
    } else if (checker.isArrayType(type) || checker.isTupleType(type)) {
      for (const t of checker.getTypeArguments(type)) untyped(checker, t, `${at}[]`, seen, found)
    } else if (type.flags & ts.TypeFlags.Object) {
      for (const p of checker.getPropertiesOfType(type)) {
        untyped(checker, checker.getTypeOfSymbol(p), `${at}.${p.name}`, seen, found)
      }
      for (const info of checker.getIndexInfosOfType(type)) untyped(checker, info.type, `${at}[key]`, seen, found)
    }
  }
  return found
}

test('openapi-typescript types every request member, and the example requests compile as their operations\' bodies', async (t) => {
  const { default: openapiTS, astToString } = require('openapi-typescript')
  const doc = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8'))
  const withBody = Object.values(doc.paths)
    .flatMap((item) => Object.values(item))
    .filter((op) => op && op.requestBody)
    .map((op) => op.operationId)
  assert.deepEqual(withBody.sort(), [...Object.values(OPERATIONS), STATUS_OPERATION].sort())

  const lines = [
    "import type { operations } from './api.js'",
    'type Body<Op extends keyof operations> =',
    "  operations[Op]['requestBody'] extends { content: { 'application/json': infer B } } ? B : never",
    ...withBody.map((op) => `export type Request_${op} = Body<'${op}'>`),
  ]
  let accepted = 0
  const first = {}
  for (const { kind, label, text } of examples()) {
    if (!cobro.validate(kind, text).valid) continue
    const body = JSON.parse(text)
    first[kind] ??= body
    lines.push(`// ${label}`, `export const accepted${accepted++}: Body<'${OPERATIONS[kind]}'> = ${JSON.stringify(body, null, 2)}`)
  }
  assert.deepEqual(Object.keys(first).sort(), Object.keys(OPERATIONS).sort(), 'an accepted example of each kind')
  for (const [kind, keys] of Object.entries(MISSING)) {
    const body = without(first[kind], keys)
    assert.equal(cobro.validate(kind, body).valid, false, `${kind} without ${keys.join('.')}`)
    lines.push(`// @ts-expect-error ${keys.join('.')} is required`)
    lines.push(`export const missing_${kind.replace(/-/g, '_')}: Body<'${OPERATIONS[kind]}'> = ${JSON.stringify(body)}`)
  }

  const status = JSON.parse(fs.readFileSync(STATUS_VECTORS, 'utf8')).cases.filter((c) => c.expected)
  status.forEach((c, i) => lines.push(`// ${c.name}`, `export const status${i}: Body<'${STATUS_OPERATION}'> = ${c.expected.body}`))
  lines.push('// @ts-expect-error a date is a string')
  lines.push(`export const statusWrongType: Body<'${STATUS_OPERATION}'> = { payinStartDate: 20260101, payinEndDate: '2026-01-02' }`)

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-openapi-types-'))
  try {
    fs.writeFileSync(path.join(dir, 'api.ts'), astToString(await openapiTS(pathToFileURL(DOCUMENT))))
    const source = path.join(dir, 'requests.ts')
    fs.writeFileSync(source, lines.join('\n') + '\n')
    const p = program([source])
    const problems = ts.getPreEmitDiagnostics(p).map((d) => {
      const where = d.file ? `${path.basename(d.file.fileName)} line ${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : ''
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n')
    })
    const checker = p.getTypeChecker()
    for (const s of checker.getExportsOfModule(checker.getSymbolAtLocation(p.getSourceFile(source)))) {
      if (!s.name.startsWith('Request_')) continue
      const members = untyped(checker, checker.getDeclaredTypeOfSymbol(s), s.name.slice('Request_'.length))
      problems.push(...members.map((at) => `${at} is unknown`))
    }
    assert.deepEqual(problems, [])
    t.diagnostic(`${accepted} example requests compile as their operations' bodies; ${Object.keys(MISSING).length} bodies missing a required field do not`)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
