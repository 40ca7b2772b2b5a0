#!/usr/bin/env node
'use strict'
// Where the time of `validate(kind, text)` goes, per payload: the addon's hot path alone
// (src/fast.rs: text in, `true` or the packed report out), turning the packed report
// into the plain object (body.js `report`, on the same string each time), the whole
// public call, and for scale a napi-rs call that does almost nothing
// (`documents.compact` of an empty number) and the peer's two steps. The hot path
// followed by `report` on the same kept string shows what the addon's call costs the
// JS that runs after it (compare with the two columns alone). Same
// method as bench.js (median of interleaved rounds). For the native side in detail, run
// it under `perf record -g node --perf-basic-prof benches/node/profile.js`.
//
// Run: node benches/node/profile.js [--quick]
const cobro = require('../../bindings/node/cobro.js')
const native = require('../../bindings/node/index.js')
const { report } = require('../../bindings/node/body.js')
const { VALIDATORS } = require('./schemas_ajv.js')
const { payloads } = require('./payloads.js')

const QUICK = process.argv.includes('--quick')
const ROUNDS = QUICK ? 3 : 11
const N = QUICK ? 20000 : 100000
let sink = 0

function time(fn) {
  for (let i = 0; i < N / 5; i++) sink ^= fn() ? 1 : 0
  const rounds = []
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < N; i++) sink ^= fn() ? 1 : 0
    rounds.push(Number(process.hrtime.bigint() - start) / N / 1000)
  }
  rounds.sort((a, b) => a - b)
  return rounds[rounds.length >> 1].toFixed(2)
}

console.log('| payload | napi-rs call, nearly empty | addon hot path (text in, packed report out) | report from packed | hot path, then report from packed | validate(text) | JSON.parse | ajv on the parsed object |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
for (const p of payloads()) {
  const { kind, text } = p
  const at = native.kindNames.indexOf(kind)
  const packed = native.validateFast(at, text)
  const decode = () => report(packed)
  const afterCall = () => {
    native.validateFast(at, text)
    return report(packed)
  }
  const parsed = JSON.parse(text)
  const ajv = VALIDATORS[kind]
  console.log(`| ${p.name} | ${time(() => native.documents.compact('PE', 'RUC', ''))} | ${time(() => native.validateFast(at, text))} | ${time(decode)} | ${time(afterCall)} | ${time(() => cobro.validate(kind, text))} | ${time(() => JSON.parse(text))} | ${time(() => ajv(parsed))} |`)
}
if (sink === 42) console.log('')
