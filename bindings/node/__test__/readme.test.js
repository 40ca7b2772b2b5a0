'use strict'
// Runs every ```js block of the README, each in its own Node process started in the
// package folder (so `require('cobro')` is the package itself), with no base URL set:
// nothing is sent. A block passes when it exits with status 0 and prints something.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')

const PACKAGE = path.join(__dirname, '..')
const README = fs.readFileSync(path.join(PACKAGE, 'README.md'), 'utf8')
const BLOCKS = [...README.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1])

test('the README has js examples', () => assert.ok(BLOCKS.length >= 2))

BLOCKS.forEach((code, i) => {
  test(`README js block ${i + 1} runs`, () => {
    const env = { ...process.env }
    delete env.COBRO_BASE_URL
    const module = /^\s*import\s/m.test(code) ? ['--input-type=module'] : []
    const run = spawnSync(process.execPath, [...module, '-e', code], { cwd: PACKAGE, env, encoding: 'utf8' })
    assert.equal(run.status, 0, `block ${i + 1}:\n${run.stderr}`)
    assert.ok(run.stdout.trim().length > 0, `block ${i + 1} printed nothing`)
  })
})
