'use strict'
// The published types agree with what the package does at run time:
// - the value exports of cobro.d.ts are exactly the keys of the CommonJS module, and the
//   ESM entry exports the same names;
// - every parsed value of the shared response vectors type-checks, as an object literal
//   (so a missing or an extra key is an error), against the type its document is
//   declared to return, both through `parse` and through the per-document functions;
// - each per-document function returns what `parse` returns;
// - the README's ```ts blocks compile.
// The strict consumer (__test__/types) is checked by `tsc` in scripts/test.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const ts = require('typescript')
const cobro = require('../cobro.js')
const { cases, bodyBytes } = require('./vectors.js')
const { program } = require('./ts-program.js')

const PACKAGE = path.join(__dirname, '..')

const SHORTCUTS = {
  'virtual-account-response': 'parseVirtualAccountResponse',
  'subscription-response': 'parseSubscriptionResponse',
  'payin-response': 'parsePayinResponse',
  'payin-notification': 'parsePayinNotification',
  'subscription-webhook': 'parseSubscriptionWebhook',
  'deposit-notification': 'parseDepositNotification',
  'payin-status': 'parsePayinStatus',
}

test('the value exports of cobro.d.ts are the keys of the module, in CommonJS and ESM', async () => {
  const p = program([path.join(PACKAGE, 'cobro.d.ts')])
  const checker = p.getTypeChecker()
  const file = p.getSourceFile(path.join(PACKAGE, 'cobro.d.ts'))
  const declared = checker.getExportsOfModule(checker.getSymbolAtLocation(file))
    .filter((s) => s.flags & ts.SymbolFlags.Value)
    .map((s) => s.name)
    .sort()
  assert.deepEqual(declared, Object.keys(cobro).sort())
  const esm = await import('../cobro.mjs')
  assert.deepEqual(Object.keys(esm).filter((k) => k !== 'default').sort(), Object.keys(cobro).sort())
  assert.equal(esm.default, cobro)
  for (const name of Object.keys(cobro)) assert.equal(esm[name], cobro[name], name)
  assert.deepEqual(Object.keys(SHORTCUTS).sort(), [...new Set(cases('responses').map((c) => c.file.document))].sort())
})

/** `v` as a TypeScript expression (a Buffer as `Buffer.from(...)`). */
function literal(v) {
  if (Buffer.isBuffer(v)) return `Buffer.from(${JSON.stringify(v.toString('base64'))}, 'base64')`
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`
  if (v !== null && typeof v === 'object') {
    return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${literal(x)}`).join(', ')}}`
  }
  return JSON.stringify(v)
}

test('every parsed vector value has its declared type, and the per-document functions agree with parse', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-types-'))
  try {
    let from = path.relative(dir, path.join(PACKAGE, 'cobro.js')).split(path.sep).join('/')
    if (!from.startsWith('.')) from = `./${from}`
    const lines = [`import type { ParsedByName } from ${JSON.stringify(from)}`]
    let n = 0
    for (const { id, file, case: c } of cases('responses')) {
      if (!('expected' in c)) continue
      const options = 'http_status' in c ? { httpStatus: c.http_status } : undefined
      const value = cobro.parse(file.document, bodyBytes(c), options)
      const shortcut = cobro[SHORTCUTS[file.document]]
      const direct = file.document === 'virtual-account-response' ? shortcut(bodyBytes(c), options) : shortcut(bodyBytes(c))
      assert.deepEqual(direct, value, id)
      lines.push(`// ${id.replace(/\n/g, ' ')}`)
      lines.push(`export const v${n++}: ParsedByName[${JSON.stringify(file.document)}] = ${literal(value)}`)
    }
    assert.ok(n > 100)
    const source = path.join(dir, 'vectors.ts')
    fs.writeFileSync(source, lines.join('\n') + '\n')
    const diagnostics = ts.getPreEmitDiagnostics(program([source]))
    const shown = diagnostics.map((d) => {
      const where = d.file ? `line ${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : ''
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n')
    })
    assert.deepEqual(shown, [])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test("the README's TypeScript blocks compile", () => {
  const readme = fs.readFileSync(path.join(PACKAGE, 'README.md'), 'utf8')
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
  assert.ok(blocks.length >= 1)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-readme-'))
  try {
    const from = path.relative(dir, path.join(PACKAGE, 'cobro.js')).split(path.sep).join('/')
    const files = blocks.map((code, i) => {
      const file = path.join(dir, `block${i + 1}.ts`)
      fs.writeFileSync(file, code.replace(/from 'cobro'/g, `from ${JSON.stringify(from.startsWith('.') ? from : `./${from}`)}`))
      return file
    })
    const diagnostics = ts.getPreEmitDiagnostics(program(files)).map((d) => {
      const where = d.file ? `${path.basename(d.file.fileName)} line ${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : ''
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n')
    })
    assert.deepEqual(diagnostics, [])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('body.js knows the body argument of every generated function that takes one', () => {
  const { BODY_ARGUMENT } = require('../body.js')
  const file = path.join(PACKAGE, 'index.d.ts')
  const source = program([file]).getSourceFile(file)
  const found = {}
  const visit = (node, prefix) => {
    if (ts.isFunctionDeclaration(node) && node.name) {
      const at = node.parameters.findIndex((p) => p.name.getText(source) === 'body')
      if (at >= 0) found[prefix + node.name.text] = at
    } else if (ts.isModuleDeclaration(node) && node.body && ts.isModuleBlock(node.body)) {
      node.body.statements.forEach((s) => visit(s, `${node.name.text}.`))
    }
  }
  source.statements.forEach((s) => visit(s, ''))
  assert.deepEqual(found, BODY_ARGUMENT)
})
