'use strict'
// The Express and Fastify receivers of examples/webhooks driven by `cobro.mock`'s
// notifications, faults included: each example run as a merchant runs it (`node
// express-app.js`, configured by its environment) as the mock's webhook, the mock's
// status query as the one the example confirms paid states with. What is asserted is
// what a merchant needs: the goods are released once, only after the status query
// confirmed the payment; a duplicate changes nothing; a wrong signature is refused 401;
// a late older state does not move an order back. Every key here is a fake one of
// examples/README.md.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const net = require('node:net')
const os = require('node:os')
const path = require('node:path')
const readline = require('node:readline')
const { spawn } = require('node:child_process')
const cobro = require('cobro')

const ROOT = path.join(__dirname, '..', '..', '..')
const EXAMPLES = path.join(ROOT, 'examples')
const PAYIN_KEY = 'fake-payin-key-for-examples'
const ORDER = 'ORDER-0001' // the operation number of the example pay-in
const WAIT_MS = 5000

// The examples require 'cobro' and their framework as a merchant's project would: from
// NODE_PATH, a folder holding this package under its name and this package's modules.
let modules
test.before(() => {
  modules = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-webhook-examples-'))
  fs.symlinkSync(path.join(__dirname, '..'), path.join(modules, 'cobro'), 'dir')
})
test.after(() => fs.rmSync(modules, { recursive: true, force: true }))

/** A free local port (for the mock, whose address the example is started with). */
async function freePort() {
  const server = net.createServer()
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** `what()` once it is truthy, within a few seconds. */
async function until(what) {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const value = await what()
    if (value) return value
    assert.ok(Date.now() < deadline, 'not within 5 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The example `file` started as the webhook of a mock started for it; both stopped after `body`. */
async function withExample(file, body) {
  const mockPort = await freePort()
  const child = spawn(process.execPath, [path.join(EXAMPLES, 'webhooks', file)], {
    env: {
      ...process.env,
      NODE_PATH: [modules, path.join(__dirname, '..', 'node_modules')].join(path.delimiter),
      COBRO_PAYIN_KEY: PAYIN_KEY,
      COBRO_STATUS_URL: `http://127.0.0.1:${mockPort}`,
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  let mock
  try {
    const [line] = await Promise.race([
      require('node:events').once(readline.createInterface({ input: child.stdout }), 'line'),
      exited.then((code) => { throw new Error(`${file} exited with ${code}`) }),
    ])
    const url = line.replace(/^listening on /, '')
    mock = cobro.mock.start({ port: mockPort, merchantId: 1234, payinKey: PAYIN_KEY, webhookUrl: `${url}/webhooks/payin` })
    await body(served(url, mock))
  } finally {
    if (mock) mock.stop() // first: it sends what it still holds to the example
    child.kill()
    await exited
  }
}

function served(url, mock) {
  const json = async (where, init) => {
    const answer = await fetch(where, { ...init, signal: AbortSignal.timeout(WAIT_MS) })
    return { status: answer.status, json: answer.headers.get('content-type')?.includes('json') ? await answer.json() : null }
  }
  const events = async () => (await json(`${mock.url}/_mock/events`)).json.events
  return {
    order: () => json(`${url}/orders/${ORDER}`),
    post: async (where, body) => (await json(url + where, { method: 'POST', body })).status,
    async control(action, faults) {
      const { status, json: reply } = await json(`${mock.url}/_mock/payins/${ORDER}/${action}`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(faults ?? {}),
      })
      assert.equal(status, 200, JSON.stringify(reply))
    },
    async createPayin() {
      const prepared = cobro.preparePayin(fs.readFileSync(path.join(EXAMPLES, 'payin-pe-banktransfer-unsigned.json')), { key: PAYIN_KEY })
      const answer = await fetch(mock.url + prepared.path, { method: prepared.method, headers: prepared.headers, body: prepared.body })
      assert.ok(cobro.parsePayinResponse(Buffer.from(await answer.arrayBuffer())).success)
    },
    /** The example's answers to the mock's notifications, in order. */
    deliveries: async () => (await events()).filter((e) => e.kind === 'delivery' && e.status !== null).map((e) => e.status),
    statusQueries: async () => (await events()).filter((e) => e.kind === 'request' && e.what.includes('/ms-experience-payin/')).length,
  }
}

const receiveCases = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'vectors', 'receive', 'receive.json'))).cases

for (const file of ['express-app.js', 'fastify-app.js']) {
  test(`${file}: a duplicate paid notification ships once, after the status query`, () => withExample(file, async (s) => {
    await s.createPayin()
    await s.control('pay', { duplicate: true })
    assert.deepEqual(await until(async () => { const d = await s.deliveries(); return d.length === 2 && d }), [200, 200])
    assert.deepEqual(await until(async () => (await s.order()).json), { state: 5, shipped: 1 })
    assert.ok(await s.statusQueries() >= 1) // the payment was confirmed with the mock
    await new Promise((resolve) => setTimeout(resolve, 200)) // a second confirmation would have shipped by now
    assert.deepEqual((await s.order()).json, { state: 5, shipped: 1 })
  }))

  test(`${file}: a wrong signature is refused 401 and ships nothing`, () => withExample(file, async (s) => {
    await s.createPayin()
    await s.control('pay', { wrong_signature: true })
    assert.deepEqual(await until(async () => { const d = await s.deliveries(); return d.length > 0 && d }), [401])
    assert.equal((await s.order()).status, 404)
    assert.equal(await s.statusQueries(), 0)
  }))

  test(`${file}: a late paid after a refund does not move the order back`, () => withExample(file, async (s) => {
    await s.createPayin()
    await s.control('pay', { out_of_order: true }) // held back, sent after the refund
    await s.control('refund')
    assert.deepEqual(await until(async () => { const d = await s.deliveries(); return d.length === 2 && d }), [200, 200])
    await until(async () => (await s.statusQueries()) === 1) // the late paid state, asked about: refunded
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.deepEqual((await s.order()).json, { state: 10, shipped: 0 })
  }))

  test(`${file}: a delayed notification ships once it arrives`, () => withExample(file, async (s) => {
    await s.createPayin()
    await s.control('pay', { delay_ms: 300 })
    assert.equal((await s.order()).status, 404)
    assert.deepEqual(await until(async () => (await s.order()).json), { state: 5, shipped: 1 })
  }))

  // The signature does not cover the state: the example notification of ORDER-0001
  // (state 5, authentic) arrives before the pay-in is paid. The status query says it is
  // not, so nothing ships; the real one later does.
  test(`${file}: an authentic paid notification replayed early ships only when the status query agrees`, () => withExample(file, async (s) => {
    await s.createPayin()
    assert.equal(await s.post('/webhooks/payin', fs.readFileSync(path.join(EXAMPLES, 'notification-payin.json'))), 200)
    const order = await until(async () => (await s.order()).json)
    assert.equal(order.shipped, 0)
    assert.equal(cobro.payinState(order.state).paid, false)
    await s.control('pay')
    assert.equal(await until(async () => (await s.order()).json.shipped), 1)
    assert.deepEqual((await s.order()).json, { state: 5, shipped: 1 })
    assert.equal(await s.statusQueries(), 2)
  }))

  // Subscription webhooks and deposit notifications carry no signature: the receiver
  // vectors' bodies of both, twice each (a duplicate is answered 200 too).
  test(`${file}: unsigned kinds on their paths are answered 200, and junk is not`, () => withExample(file, async (s) => {
    for (const [where, kind] of [['subscription', 'subscription-webhook'], ['deposit', 'deposit-notification']]) {
      const body = receiveCases.find((c) => c.kind === kind && c.expected.http_status === 200).body_text
      assert.deepEqual([await s.post(`/webhooks/${where}`, body), await s.post(`/webhooks/${where}`, body)], [200, 200], kind)
    }
    assert.equal(await s.post('/webhooks/payin', 'payinStateID=5'), 400)
    assert.equal(await s.post('/webhooks/deposit', '{}'), 400)
    assert.equal(await s.post('/webhooks/other', '{}'), 404)
  }))
}
