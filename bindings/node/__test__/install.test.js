'use strict'
// The package as a user gets it: the two tarballs scripts/package writes into
// target/dist (napi-rs's layout: `cobro`, and the platform package holding the addon),
// installed into a fresh folder with `npm install --offline` (the package has no
// runtime dependencies; the other platforms' optional packages are skipped), then
// required (CommonJS) and imported (ESM) from there and used; its published types are
// checked from there too. scripts/test sets COBRO_DIST_REQUIRED, so the tarballs must be
// there; a bare `node --test` without them skips this test and says why.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { spawn, spawnSync } = require('node:child_process')
const readline = require('node:readline')
const { once } = require('node:events')
const ts = require('typescript')

const PACKAGE = path.join(__dirname, '..')
const DIST = path.join(PACKAGE, '..', '..', 'target', 'dist')
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const { version } = require('../package.json')
const PLATFORM = `${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : ''}`

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

/** The file list and package.json of a tarball, as `tar` reads them. */
function tarball(file) {
  const list = spawnSync('tar', ['tzf', file], { encoding: 'utf8' })
  assert.equal(list.status, 0, list.stderr)
  const manifest = spawnSync('tar', ['xzf', file, '-O', 'package/package.json'], { encoding: 'utf8' })
  assert.equal(manifest.status, 0, manifest.stderr)
  return { files: list.stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, '')).sort(), pkg: JSON.parse(manifest.stdout) }
}

function run(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } })
  assert.equal(r.status, 0, `${command} ${args.join(' ')}:\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

test('the packed tarballs install offline, require and import', async (t) => {
  const main = path.join(DIST, `cobro-${version}.tgz`)
  const native = path.join(DIST, `cobro-${PLATFORM}-${version}.tgz`)
  if (!fs.existsSync(main) && !process.env.COBRO_DIST_REQUIRED) {
    t.skip(`no ${main}: run scripts/package npm`)
    return
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-install-'))
  try {
    const { files, pkg } = tarball(main)
    for (const f of ['cobro.js', 'cobro.mjs', 'cobro.d.ts', 'errors.js', 'errors.d.ts', 'parsed.d.ts', 'requests.d.ts', 'index.js', 'index.d.ts', 'package.json', 'README.md', 'LICENSE-MIT', 'LICENSE-APACHE']) {
      assert.ok(files.includes(f), `${f} is not in the tarball: ${files}`)
    }
    assert.ok(!files.some((f) => f.endsWith('.node')), 'the main package carries no addon: its platform package does')
    assert.ok(!files.some((f) => f.startsWith('__test__') || f.startsWith('src/') || f.startsWith('npm/') || f === 'Cargo.toml'), String(files))
    assert.equal(pkg.version, version)
    assert.equal(pkg.devDependencies, undefined)
    const platforms = fs.readdirSync(path.join(PACKAGE, 'npm')).sort()
    assert.deepEqual(pkg.optionalDependencies, Object.fromEntries(platforms.map((p) => [`cobro-${p}`, version])))

    const platform = tarball(native)
    assert.deepEqual(platform.files, ['LICENSE-APACHE', 'LICENSE-MIT', 'README.md', `cobro.${PLATFORM}.node`, 'package.json'].sort())
    assert.equal(platform.pkg.version, version)
    assert.deepEqual([platform.pkg.os, platform.pkg.cpu], [[process.platform], [process.arch]])
    if (process.platform === 'linux') assert.deepEqual(platform.pkg.libc, ['glibc'])

    const app = path.join(dir, 'app')
    fs.mkdirSync(app)
    fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true }))
    const installed = run(NPM, ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', main, native], app)
    assert.ok(!/EBADENGINE|ERR!/.test(installed), installed)
    assert.ok(fs.existsSync(path.join(app, 'node_modules', 'cobro', 'cobro.js')))
    assert.deepEqual(fs.readdirSync(path.join(app, 'node_modules')).filter((d) => d.startsWith('cobro')).sort(), ['cobro', `cobro-${PLATFORM}`])

    // The shipped addon is stripped (Cargo.toml's release profile): no symbol table, no
    // debug information; Node loads it from the dynamic symbol table.
    if (process.platform === 'linux') {
      const addon = path.join(app, 'node_modules', `cobro-${PLATFORM}`, `cobro.${PLATFORM}.node`)
      const sections = elfSectionNames(addon)
      assert.ok(sections.includes('.dynsym') && sections.includes('.text'), String(sections))
      const unstripped = sections.filter((s) => s === '.symtab' || s === '.strtab' || s.startsWith('.debug'))
      assert.deepEqual(unstripped, [], `${addon} is not stripped (Cargo.toml: profile.release)`)
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
      "import { parsePayinResponse, validate, type IssueCode, type PayinStatusRequest, type Report } from 'cobro'",
      "const report: Report = validate('payin', '{}')",
      "const kind: 'redirect' | 'voucher' | 'qr' | 'deeplink_method' | 'wallet_one_shot' | 'wallet_on_file' | 'failed' = parsePayinResponse('{}').experience.kind",
      "const query: PayinStatusRequest = { payinMerchantOperationNumber: 'ORDER-0001' }",
      'const codes: IssueCode[] = report.errors.map((i) => i.code)',
      'void [report, kind, query, codes]',
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

    // `npx cobro`: the command from the installed package's bin, with the options and
    // output of the workspace's: `listen` started as a receiver, judged by `check-webhook`.
    const bin = path.join(app, 'node_modules', '.bin', 'cobro')
    assert.equal(run(bin, ['--version'], app), `cobro ${version}\n`)
    assert.match(run(bin, ['--help'], app), /\n {2}listen .*\n {2}check-webhook /s)
    await checkListen(bin, app)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

/** `cobro listen` started with `bin`, judged by `cobro check-webhook` run with it; Ctrl-C stops it. */
async function checkListen(bin, cwd) {
  const key = 'fake-payin-key-for-examples'
  const env = { ...process.env, COBRO_PAYIN_KEY: key }
  const listen = spawn(bin, ['listen', '--port', '0', '--allow', '127.0.0.1'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = once(listen, 'exit')
  let printed = ''
  listen.stderr.on('data', (d) => { printed += d })
  try {
    const [first] = await once(readline.createInterface({ input: listen.stdout }), 'line')
    assert.match(first, /^cobro listen on http:\/\/127\.0\.0\.1:\d+$/)
    const url = first.replace(/^cobro listen on /, '')
    const check = await new Promise((resolve) => {
      const child = spawn(bin, ['check-webhook', url], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      child.stdout.on('data', (d) => { out += d })
      child.stderr.on('data', (d) => { out += d })
      child.on('exit', (code) => resolve({ code, out }))
    })
    const lines = check.out.split('\n').filter(Boolean)
    assert.equal(check.code, 0, check.out)
    assert.equal(lines.at(-1), 'the endpoint passed: it answers as a careful receiver does')
    assert.ok(!lines.some((l) => l.startsWith('FAIL')), check.out)
    assert.ok(!check.out.includes(key))
  } finally {
    listen.kill('SIGINT')
  }
  const [code] = await exited
  assert.equal(code, 0, printed)
  assert.ok(!printed.includes(key))
}
