'use strict'
// Runs every ```js block of the package's README as npm shows it: the README.md inside
// the packed tarball of target/dist, which must be the checkout's. Each block runs in its
// own Node process in an empty folder where the README's `npm install cobro` installed
// the tarballs from a registry on the loopback (so
// `require('cobro')` is the installed package and no file of the checkout is at hand;
// modules a shop brings itself, such as express, come from this package's dev
// dependencies through NODE_PATH), with no base URL set: nothing is sent. Each block is
// followed by "It prints:" and a ```text block, and passes when it exits with status 0
// having printed exactly that text, so the output the README shows cannot drift from
// what the code prints. Without the tarballs (a bare `node --test`; scripts/test sets
// COBRO_DIST_REQUIRED) the blocks run from this folder instead.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const crypto = require('node:crypto')
const http = require('node:http')
const { once } = require('node:events')
const { spawn, spawnSync } = require('node:child_process')

const PACKAGE = path.join(__dirname, '..')
const ROOT = path.join(PACKAGE, '..', '..')
const DIST = path.join(ROOT, 'target', 'dist')
const REPOSITORY = 'https://github.com/cobro-dev/cobro'
const { version } = require('../package.json')
const PLATFORM = `${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : ''}`
const MAIN = path.join(DIST, `cobro-${version}.tgz`)
const PACKED = fs.existsSync(MAIN) || Boolean(process.env.COBRO_DIST_REQUIRED)

const CHECKOUT_README = fs.readFileSync(path.join(PACKAGE, 'README.md'), 'utf8')
const README = PACKED ? packedReadme() : CHECKOUT_README
// The output block is optional in the pattern so that a block without one is reported by
// name rather than silently skipped.
const BLOCKS = [...README.matchAll(/```js\n([\s\S]*?)```\n(?:\nIt prints:\n\n```text\n([\s\S]*?)```\n)?/g)].map(
  (m) => ({ code: m[1], prints: m[2] }),
)

function packedReadme() {
  const r = spawnSync('tar', ['xzf', MAIN, '-O', 'package/README.md'], { encoding: 'utf8' })
  assert.equal(r.status, 0, `${MAIN}: ${r.stderr}`)
  return r.stdout
}

/**
 * A registry on the loopback serving the two tarballs of target/dist (their package
 * documents and the files), so that the README's `npm install cobro` runs as written; it
 * answers 404 for the platform packages that were not built here, which npm skips as
 * optional dependencies of another platform.
 */
async function localRegistry() {
  const packages = new Map()
  for (const file of [MAIN, path.join(DIST, `cobro-${PLATFORM}-${version}.tgz`)]) {
    const manifest = spawnSync('tar', ['xzf', file, '-O', 'package/package.json'], { encoding: 'utf8' })
    assert.equal(manifest.status, 0, `${file}: ${manifest.stderr}`)
    const pkg = JSON.parse(manifest.stdout)
    packages.set(pkg.name, { pkg, bytes: fs.readFileSync(file), file: path.basename(file) })
  }
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://localhost').pathname.slice(1))
    for (const [n, p] of packages) {
      if (name === `${n}/-/${p.file}`) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' })
        return res.end(p.bytes)
      }
    }
    const p = packages.get(name)
    if (!p) {
      res.writeHead(404, { 'content-type': 'application/json' })
      return res.end('{"error":"not found"}')
    }
    const integrity = `sha512-${crypto.createHash('sha512').update(p.bytes).digest('base64')}`
    const tarball = `http://127.0.0.1:${server.address().port}/${name}/-/${p.file}`
    const document = { ...p.pkg, _id: `${name}@${p.pkg.version}`, dist: { tarball, integrity } }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ name, 'dist-tags': { latest: p.pkg.version }, versions: { [p.pkg.version]: document } }))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return server
}

/** An empty folder where the README's `npm install cobro` has run, or this folder. */
async function installed() {
  if (!PACKED) return PACKAGE
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-readme-'))
  fs.writeFileSync(path.join(dir, 'package.json'), '{"private": true}\n')
  const registry = await localRegistry()
  try {
    const env = {
      ...process.env,
      npm_config_registry: `http://127.0.0.1:${registry.address().port}/`,
      npm_config_cache: path.join(dir, '.npm-cache'),
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    }
    const npm = spawn('npm', ['install', 'cobro'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    npm.stdout.on('data', (d) => (output += d))
    npm.stderr.on('data', (d) => (output += d))
    const [status] = await once(npm, 'exit')
    assert.equal(status, 0, `npm install cobro:\n${output}`)
  } finally {
    registry.close()
  }
  return dir
}

test('the README npm shows is the checkout\'s', { skip: !PACKED && `no ${MAIN}: run scripts/package npm` }, () => {
  assert.equal(README, CHECKOUT_README)
})

test('the README says how to install from the registry, with links that resolve', () => {
  assert.ok(README.includes('\nnpm install cobro\n'))
  assert.ok(!/not published|no published package/i.test(README))
  const links = [...README.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1])
  assert.ok(links.length > 0)
  for (const link of links) {
    assert.ok(link.startsWith('https://'), `${link} does not resolve where npm shows the README`)
    if (!link.startsWith(REPOSITORY)) continue
    const rest = link.slice(REPOSITORY.length).split('#')[0]
    if (rest === '' || rest === '/') continue
    const m = /^\/(?:blob|tree)\/main\/(.+)$/.exec(rest)
    assert.ok(m, `${link} is not a file or folder of the main branch`)
    assert.ok(fs.existsSync(path.join(ROOT, m[1])), `${link} names no file of the checkout`)
  }
  const headings = new Set(
    [...fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) =>
      m[1].toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-'),
    ),
  )
  for (const m of README.matchAll(/https:\/\/github\.com\/cobro-dev\/cobro#([a-z0-9-]+)\)/g)) {
    if (m[1] !== 'readme') assert.ok(headings.has(m[1]), `the repository's README has no heading #${m[1]}`)
  }
})

test('the README has js examples', () => assert.ok(BLOCKS.length >= 2))

test('every js block prints what the README shows', async (t) => {
  const cwd = await installed()
  try {
    for (const [i, { code, prints }] of BLOCKS.entries()) {
      await t.test(`README js block ${i + 1}`, () => {
        assert.ok(prints !== undefined, `block ${i + 1} is not followed by "It prints:" and a \`\`\`text block`)
        const env = { ...process.env, NODE_PATH: path.join(PACKAGE, 'node_modules') }
        delete env.COBRO_BASE_URL
        const module = /^\s*import\s/m.test(code) ? ['--input-type=module'] : []
        const run = spawnSync(process.execPath, [...module, '-e', code], { cwd, env, encoding: 'utf8' })
        assert.equal(run.status, 0, `block ${i + 1}:\n${run.stderr}`)
        assert.equal(run.stdout, prints, `block ${i + 1} printed other text than the README shows`)
      })
    }
  } finally {
    if (cwd !== PACKAGE) fs.rmSync(cwd, { recursive: true, force: true })
  }
})
