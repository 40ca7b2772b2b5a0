'use strict'
// The package as a user gets it: `npm pack` makes the tarball, which is installed into
// a fresh folder with `npm install --offline <tarball>` (the package has no runtime
// dependencies, so no network is needed), then required (CommonJS) and imported (ESM)
// from there and used; its published types are checked from there too.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawnSync } = require('node:child_process')
const ts = require('typescript')

const PACKAGE = path.join(__dirname, '..')
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/**
 * The section names of an ELF file (64-bit, little-endian: what Linux x64 builds), read
 * from its section headers and their string table.
 */
function elfSectionNames(file) {
  const b = fs.readFileSync(file)
  assert.equal(b.toString('latin1', 0, 4), '\x7fELF', `${file} is not an ELF file`)
  assert.deepEqual([b[4], b[5]], [2, 1], `${file}: not a 64-bit little-endian ELF file`)
  const shoff = Number(b.readBigUInt64LE(0x28))
  const [shentsize, shnum, shstrndx] = [b.readUInt16LE(0x3a), b.readUInt16LE(0x3c), b.readUInt16LE(0x3e)]
  const header = (i) => shoff + i * shentsize
  const strtab = Number(b.readBigUInt64LE(header(shstrndx) + 0x18))
  const names = []
  for (let i = 0; i < shnum; i++) {
    const start = strtab + b.readUInt32LE(header(i))
    names.push(b.toString('latin1', start, b.indexOf(0, start)))
  }
  return names
}

function run(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } })
  assert.equal(r.status, 0, `${command} ${args.join(' ')}:\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

test('npm pack, install the tarball offline, require and import it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-install-'))
  try {
    const packed = JSON.parse(run(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], PACKAGE))
    const files = packed[0].files.map((f) => f.path).sort()
    for (const f of ['cobro.js', 'cobro.mjs', 'cobro.d.ts', 'errors.js', 'errors.d.ts', 'parsed.d.ts', 'index.js', 'index.d.ts', 'package.json']) {
      assert.ok(files.includes(f), `${f} is not in the tarball: ${files}`)
    }
    assert.ok(files.some((f) => f.endsWith('.node')), 'no .node file in the tarball')
    assert.ok(!files.some((f) => f.startsWith('__test__') || f.startsWith('src/') || f === 'Cargo.toml'), String(files))
    const tarball = path.join(dir, packed[0].filename)

    const app = path.join(dir, 'app')
    fs.mkdirSync(app)
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }))
    run(NPM, ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', tarball], app)
    assert.ok(fs.existsSync(path.join(app, 'node_modules', 'cobro', 'cobro.js')))

    // The shipped addon is stripped (the release profile of cobro-node in Cargo.toml): no
    // symbol table, no debug information; Node loads it from the dynamic symbol table.
    if (process.platform === 'linux') {
      const installed = path.join(app, 'node_modules', 'cobro')
      const addons = fs.readdirSync(installed).filter((f) => f.endsWith('.node'))
      assert.equal(addons.length, 1, String(addons))
      const sections = elfSectionNames(path.join(installed, addons[0]))
      assert.ok(sections.includes('.dynsym') && sections.includes('.text'), String(sections))
      const unstripped = sections.filter((s) => s === '.symtab' || s === '.strtab' || s.startsWith('.debug'))
      assert.deepEqual(unstripped, [], `${addons[0]} is not stripped (Cargo.toml: profile.release.package.cobro-node)`)
    }

    const cjs = run(process.execPath, ['-e', `
      const cobro = require('cobro')
      const r = cobro.validate('subscription-cancel', '{}')
      console.log(JSON.stringify([r.valid, r.errors.length > 0, require.resolve('cobro')]))`], app)
    const [valid, hasErrors, resolved] = JSON.parse(cjs)
    assert.deepEqual([valid, hasErrors], [false, true])
    assert.ok(resolved.startsWith(path.join(app, 'node_modules')), resolved)

    const esm = run(process.execPath, ['--input-type=module', '-e', `
      import cobro, { validate, ValidationError } from 'cobro'
      const r = validate('subscription-cancel', { customerId: '123' })
      console.log(JSON.stringify([typeof cobro.parse, r.valid, new ValidationError('m') instanceof cobro.CobroError]))`], app)
    assert.deepEqual(JSON.parse(esm), ['function', false, true])

    fs.writeFileSync(path.join(app, 'use.ts'), [
      "import { parsePayinResponse, validate, type Report } from 'cobro'",
      "const report: Report = validate('payin', '{}')",
      "const kind: 'redirect' | 'voucher' | 'qr' | 'deeplink_method' | 'wallet_one_shot' | 'wallet_on_file' | 'failed' = parsePayinResponse('{}').experience.kind",
      'void [report, kind]',
    ].join('\n'))
    const program = ts.createProgram([path.join(app, 'use.ts')], {
      strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022, types: ['node'], typeRoots: [path.join(PACKAGE, 'node_modules', '@types')],
      // The .d.ts files themselves are checked strictly by the tsc run of scripts/test;
      // here: that the installed package resolves to complete types.
      skipLibCheck: true,
    })
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    assert.deepEqual(diagnostics, [])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
