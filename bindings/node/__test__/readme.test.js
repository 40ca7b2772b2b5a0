'use strict'
// Runs every ```js block of the README, each in its own Node process started in the
// package folder (so `require('cobro')` is the package itself), with no base URL set:
// nothing is sent. Each block is followed by "It prints:" and a ```text block, and passes
// when it exits with status 0 having printed exactly that text, so the output the README
// shows cannot drift from what the code prints.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { spawnSync } = require('node:child_process')

const PACKAGE = path.join(__dirname, '..')
const README = fs.readFileSync(path.join(PACKAGE, 'README.md'), 'utf8')
// The output block is optional in the pattern so that a block without one is reported by
// name rather than silently skipped.
const BLOCKS = [...README.matchAll(/```js\n([\s\S]*?)```\n(?:\nIt prints:\n\n```text\n([\s\S]*?)```\n)?/g)].map(
  (m) => ({ code: m[1], prints: m[2] }),
)

test('the README has js examples', () => assert.ok(BLOCKS.length >= 2))

BLOCKS.forEach(({ code, prints }, i) => {
  test(`README js block ${i + 1} prints what the README shows`, () => {
    assert.ok(prints !== undefined, `block ${i + 1} is not followed by "It prints:" and a \`\`\`text block`)
    const env = { ...process.env }
    delete env.COBRO_BASE_URL
    const module = /^\s*import\s/m.test(code) ? ['--input-type=module'] : []
    const run = spawnSync(process.execPath, [...module, '-e', code], { cwd: PACKAGE, env, encoding: 'utf8' })
    assert.equal(run.status, 0, `block ${i + 1}:\n${run.stderr}`)
    assert.equal(run.stdout, prints, `block ${i + 1} printed other text than the README shows`)
  })
})
