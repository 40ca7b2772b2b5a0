#!/usr/bin/env node
'use strict'
// Benchmark of the cobro Node binding against JSON.parse + ajv (compiled, allErrors) and
// zod 4, and of its signing functions against node:crypto.
//
// In one process and one run, for the valid and the invalid payload of each kind (the
// payloads of the Rust and Python benchmarks), it times:
//   cobro  validate(kind, string), validate(kind, Buffer), validate(kind, object) (which
//          the package sends as JSON.stringify text), and the object walked through
//          napi by the addon (the package's path for what JSON.stringify cannot write,
//          measured to show why other objects go as JSON.stringify text)
//   ajv    validate(JSON.parse(string)), validate(object)
//   zod    Model.safeParse(JSON.parse(string)), Model.safeParse(object)
//   JSON.parse(string) alone, for reference
// and counts the errors each reports on the invalid bodies; then the functions that hand
// back parsed values (each per-document parse function on the richest answer or
// notification of its shared vectors, verifyPayinNotification, receiveNotification,
// retryAdvice and a catalogue), and, given `--before DIR` (a folder holding another
// build of the package: its cobro.js and addon), the same calls of that build in the
// same rounds, so a change is measured against what it replaces. Method: every case is warmed
// up, its loop sized to about --round-ms, then --rounds rounds run the cases of a payload
// interleaved (so a slow moment of the machine hits all of them); each figure is the
// median round. It prints markdown tables and the bars of README.md as PASS/FAIL lines.
//
// Run (see README.md): node benches/node/bench.js [--quick] [--parse-only] [--before DIR]
const crypto = require('node:crypto')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const cobro = require('../../bindings/node/cobro.js')
const native = require('../../bindings/node/index.js')
const { report } = require('../../bindings/node/body.js')
// ajv and zod (this folder's `npm install`) only for the validation tables: --parse-only needs neither.
const peers = () => ({ VALIDATORS: require('./schemas_ajv.js').VALIDATORS, MODELS: require('./models_zod.js').MODELS })
const { payloads } = require('./payloads.js')

// Fake keys, the same as the Rust and Python signing benchmarks.
const PAYIN_KEY = 'fake-payin-key-for-benches'
const VA_SECRET = 'fake-va-secret-for-benches'
const VA_API_KEY = 'fake-api-key'
const VA_TIMESTAMP = 1767225600

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 ? Number(args[i + 1]) : fallback
}
const QUICK = args.includes('--quick')
const PARSE_ONLY = args.includes('--parse-only')
const BEFORE = args.includes('--before') ? path.resolve(args[args.indexOf('--before') + 1]) : null
const ROUNDS = option('--rounds', QUICK ? 3 : 15)
const ROUND_MS = option('--round-ms', QUICK ? 20 : 100)
const WARMUP_MS = option('--warmup-ms', QUICK ? 50 : 300)

let sink = 0
const now = () => Number(process.hrtime.bigint()) / 1e6

/** Runs `fn` `n` times; milliseconds taken. */
function loop(fn, n) {
  const start = now()
  for (let i = 0; i < n; i++) sink ^= fn() === undefined ? 1 : 0
  return now() - start
}

/** Warms `fn` up and returns the loop count of about ROUND_MS. */
function calibrate(fn) {
  const until = now() + WARMUP_MS
  while (now() < until) loop(fn, 100)
  let n = 100
  for (;;) {
    const ms = loop(fn, n)
    if (ms >= ROUND_MS / 4) return Math.max(1, Math.round((n * ROUND_MS) / ms))
    n *= 4
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** µs per call of each case (median of ROUNDS interleaved rounds). */
function measure(cases) {
  const sized = cases.map((c) => ({ ...c, n: calibrate(c.fn), rounds: [] }))
  // Every other round runs the cases in reverse order, so no case always follows the same one.
  const reversed = [...sized].reverse()
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of r % 2 ? reversed : sized) c.rounds.push((loop(c.fn, c.n) * 1000) / c.n)
  }
  return sized.map((c) => ({ ...c, us: median(c.rounds), spread: (Math.max(...c.rounds) - Math.min(...c.rounds)) / median(c.rounds) }))
}

function payloadCases(p) {
  const text = p.text
  const buffer = Buffer.from(text, 'utf8')
  const object = JSON.parse(text)
  const { kind } = p
  const { VALIDATORS, MODELS } = peers()
  const ajv = VALIDATORS[kind]
  const zod = MODELS[kind]
  const ajvCount = () => (ajv.errors ? ajv.errors.length : 0)
  return [
    { tool: 'cobro', input: 'text', fn: () => cobro.validate(kind, text), count: (r) => r.errors.length },
    { tool: 'cobro', input: 'Buffer', fn: () => cobro.validate(kind, buffer), count: (r) => r.errors.length },
    { tool: 'cobro', input: 'object', fn: () => cobro.validate(kind, object), count: (r) => r.errors.length },
    { tool: 'cobro (napi walk)', input: 'object', fn: () => report(native.validate(kind, object)), count: (r) => r.errors.length },
    { tool: 'JSON.parse + ajv', input: 'text', fn: () => ajv(JSON.parse(text)), count: ajvCount },
    { tool: 'ajv', input: 'object', fn: () => ajv(object), count: ajvCount },
    { tool: 'JSON.parse + zod', input: 'text', fn: () => zod.safeParse(JSON.parse(text)), count: (r) => (r.success ? 0 : r.error.issues.length) },
    { tool: 'zod', input: 'object', fn: () => zod.safeParse(object), count: (r) => (r.success ? 0 : r.error.issues.length) },
    { tool: 'JSON.parse alone', input: 'text', fn: () => JSON.parse(text), count: null },
  ].map((c) => ({ ...c, payload: p.name, planted: p.planted, valid: p.valid, errors: c.count && !p.valid ? c.count(c.fn()) : null }))
}

function signingCases() {
  const parts = ['1234', 'ORDER-0001', '150.50', 'PEN', PAYIN_KEY]
  const cases = [
    { fn: 'payinVerification', tool: 'cobro', call: () => cobro.payinVerification({ merchantId: 1234, operationNumber: 'ORDER-0001', amount: '150.50', currency: 'PEN', key: PAYIN_KEY }) },
    { fn: 'payinVerification', tool: "crypto.hash('sha512')", call: () => crypto.hash('sha512', parts.join(''), 'hex') },
    { fn: 'payinVerification', tool: "createHash('sha512')", call: () => crypto.createHash('sha512').update(parts.join('')).digest('hex') },
    { fn: 'virtualAccountSignature', tool: 'cobro', call: () => cobro.virtualAccountSignature({ timestamp: VA_TIMESTAMP, apiKey: VA_API_KEY, secret: VA_SECRET }) },
    { fn: 'virtualAccountSignature', tool: "createHmac('sha512')", call: () => crypto.createHmac('sha512', VA_SECRET).update(String(VA_TIMESTAMP) + VA_API_KEY).digest('hex') },
  ]
  for (const name of ['payinVerification', 'virtualAccountSignature']) {
    const outs = new Set(cases.filter((c) => c.fn === name).map((c) => c.call()))
    if (outs.size !== 1) console.error(`WARNING: ${name}: cobro and node:crypto give different hex`)
  }
  return cases.map((c) => ({ ...c, fn: c.call, name: c.fn }))
}

const VECTORS = path.join(__dirname, '..', '..', 'tests', 'vectors')
const vectorCases = (folder, file) => JSON.parse(fs.readFileSync(path.join(VECTORS, folder, file), 'utf8')).cases
const caseBytes = (c) => Buffer.from(c.body_text ?? (c.body_hex === undefined ? JSON.stringify(c.body) : ''), c.body_hex === undefined ? 'utf8' : 'hex')

// Each document's per-document function, and the file of its answers or notifications.
const PARSERS = [
  ['parsePayinResponse', 'payin-response-voucher.json'],
  ['parsePayinResponse', 'payin-response-qr.json'],
  ['parsePayinResponse', 'payin-response-deeplinks.json'],
  ['parsePayinNotification', 'payin-notification.json'],
  ['parsePayinStatus', 'payin-status.json'],
  ['parseSubscriptionResponse', 'subscription-response.json'],
  ['parseSubscriptionWebhook', 'subscription-webhook.json'],
  ['parseDepositNotification', 'deposit-notification.json'],
  ['parseVirtualAccountResponse', 'virtual-account-response.json'],
]

/**
 * The calls that hand back parsed values, of the package `pkg` (labelled `build`): each
 * parse function on the longest body of its vectors that parses (the most keys), the
 * verified notification, a receipt, a retry advice and a catalogue.
 */
function parseCases(pkg, build) {
  const cases = []
  for (const [fn, file] of PARSERS) {
    const parsed = vectorCases('responses', file).filter((c) => 'expected' in c && (c.http_status ?? 200) === 200)
    const c = parsed.reduce((a, b) => (caseBytes(b).length > caseBytes(a).length ? b : a))
    const body = caseBytes(c)
    cases.push({ name: `${fn} (${file.replace('.json', '')}, ${body.length} B)`, fn: () => pkg[fn](body) })
  }
  const signed = vectorCases('signing', 'payin-notification-verification.json').find((c) => c.result === 'ok')
  const signedBody = Buffer.from(signed.body_text, 'utf8')
  cases.push({ name: 'verifyPayinNotification', fn: () => pkg.verifyPayinNotification(signedBody, { key: signed.key }) })
  const received = vectorCases('receive', 'receive.json').find((c) => c.kind === 'payin-notification' && 'stored_state' in c && c.expected.verdict === 'authentic')
  const receivedBody = Buffer.from(received.body_text, 'utf8')
  const options = { key: received.key, storedState: received.stored_state, merchantId: received.merchant_id }
  cases.push({ name: 'receiveNotification (payin-notification)', fn: () => pkg.receiveNotification(received.kind, receivedBody, options) })
  const retry = vectorCases('retry', 'retry.json').find((c) => 'http_status' in c && c.body_text)
  const retryBody = Buffer.from(retry.body_text, 'utf8')
  cases.push({ name: 'retryAdvice (an answer)', fn: () => pkg.retryAdvice(retry.kind, retry.attempt, { httpStatus: retry.http_status, body: retryBody }) })
  cases.push({ name: 'payinStates (catalogue)', fn: () => pkg.payinStates() })
  return cases.map((c) => ({ ...c, build }))
}

const version = (pkg) => {
  try {
    return require(path.join(pkg, 'package.json')).version
  } catch {
    return 'unknown'
  }
}
const fmt = (x) => x.toFixed(2)

function main() {
  console.log(`# cobro Node benchmark, ${new Date().toISOString().slice(0, 10)}`)
  console.log()
  const cpus = os.cpus()
  console.log(`- machine: ${os.arch()}, ${cpus.length} CPUs seen (${cpus[0] ? cpus[0].model.trim() : '?'}), ${os.type()} ${os.release()}`)
  console.log(`- Node ${process.version} (V8 ${process.versions.v8})`)
  console.log(`- cobro ${require('../../bindings/node/package.json').version} (the addon built in bindings/node), ajv ${version('ajv')}, zod ${version('zod')}`)
  console.log(`- median of ${ROUNDS} interleaved rounds of about ${ROUND_MS} ms per case, after a ${WARMUP_MS} ms warm-up`)
  console.log()

  if (!PARSE_ONLY) validateAndSign()
  parseFunctions()
  if (sink === 42) console.log('')
}

/** The parse functions, and with --before the same calls of the other build, in the same rounds. */
function parseFunctions() {
  console.log('## Parsed values')
  console.log()
  const before = BEFORE && require(path.join(BEFORE, 'cobro.js'))
  if (BEFORE) console.log(`before: the package in ${path.relative(process.cwd(), BEFORE) || '.'}; after: bindings/node`)
  console.log()
  const cases = parseCases(cobro, 'after')
  const rows = []
  for (let i = 0; i < cases.length; i++) {
    const pair = before ? [parseCases(before, 'before')[i], cases[i]] : [cases[i]]
    rows.push(...measure(pair))
  }
  if (!before) {
    console.log('| function | µs per call | spread |')
    console.log('|---|---:|---:|')
    for (const r of rows) console.log(`| ${r.name} | ${fmt(r.us)} | ${Math.round(r.spread * 100)}% |`)
    console.log()
    return
  }
  console.log('| function | before µs | after µs | after / before | spread (before, after) |')
  console.log('|---|---:|---:|---:|---:|')
  const ratios = []
  for (const after of rows.filter((r) => r.build === 'after')) {
    const was = rows.find((r) => r.build === 'before' && r.name === after.name)
    ratios.push(after.us / was.us)
    console.log(`| ${after.name} | ${fmt(was.us)} | ${fmt(after.us)} | ${fmt(after.us / was.us)} | ${Math.round(was.spread * 100)}%, ${Math.round(after.spread * 100)}% |`)
  }
  const geomean = Math.exp(ratios.reduce((a, r) => a + Math.log(r), 0) / ratios.length)
  console.log()
  console.log(`after / before, geometric mean over the ${ratios.length} calls: ${fmt(geomean)}`)
  console.log()
}

/** The validation and signing tables and their bars. */
function validateAndSign() {
  const rows = []
  for (const p of payloads()) rows.push(...measure(payloadCases(p)))

  const base = (r) => rows.find((x) => x.payload === r.payload && x.tool === 'cobro' && x.input === (r.input === 'Buffer' ? 'text' : r.input))
  console.log('| payload | tool | input | µs per call | errors found | ratio vs cobro | spread |')
  console.log('|---|---|---|---:|---:|---:|---:|')
  for (const r of rows) {
    const errors = r.errors === null ? '-' : `${r.errors} (${r.planted} planted)`
    console.log(`| ${r.payload} | ${r.tool} | ${r.input} | ${fmt(r.us)} | ${errors} | ${fmt(r.us / base(r).us)} | ${Math.round(r.spread * 100)}% |`)
  }
  console.log()
  console.log('ratio vs cobro = the tool\'s time / cobro\'s time on the same input (text, or object); above 1 means cobro is faster.')
  console.log('spread = (slowest round - fastest round) / median.')
  console.log()

  const sign = measure(signingCases())
  console.log('| function | tool | µs per call | ratio vs cobro |')
  console.log('|---|---|---:|---:|')
  for (const s of sign) {
    const ours = sign.find((x) => x.name === s.name && x.tool === 'cobro')
    console.log(`| ${s.name} | ${s.tool} | ${fmt(s.us)} | ${fmt(s.us / ours.us)} |`)
  }
  console.log()

  console.log('## Bars')
  console.log()
  const get = (payload, tool, input) => rows.find((r) => r.payload === payload && r.tool === tool && r.input === input)
  for (const name of [...new Set(rows.map((r) => r.payload))]) {
    const ours = get(name, 'cobro', 'text')
    const theirs = get(name, 'JSON.parse + ajv', 'text')
    const ratio = ours.us / theirs.us
    console.log(`    ${ratio <= 1 ? 'PASS' : 'FAIL'}  ${name}: validate(JSON text) ${fmt(ours.us)} µs vs JSON.parse + ajv ${fmt(theirs.us)} µs: ${fmt(ratio)}x of ajv's time (bar: <= 1.00x)`)
  }
  for (const name of [...new Set(rows.map((r) => r.payload))]) {
    const ours = get(name, 'cobro', 'object')
    const walk = get(name, 'cobro (napi walk)', 'object')
    const theirs = get(name, 'ajv', 'object')
    console.log(`    INFO  ${name}: validate(object) ${fmt(ours.us)} µs (napi walk ${fmt(walk.us)} µs) vs ajv on the parsed object ${fmt(theirs.us)} µs: ${fmt(ours.us / theirs.us)}x of ajv's time`)
  }
  for (const r of rows.filter((x) => !x.valid && x.tool === 'cobro' && x.input === 'text')) {
    console.log(`    ${r.errors >= r.planted ? 'PASS' : 'FAIL'}  ${r.payload}: cobro found ${r.errors} errors of the ${r.planted} planted`)
  }
  console.log()
}

main()
