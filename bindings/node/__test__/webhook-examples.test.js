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
const { execFile, spawn } = require('node:child_process')
const cobro = require('cobro')

const ROOT = path.join(__dirname, '..', '..', '..')
const EXAMPLES = path.join(ROOT, 'examples')
const PAYIN_KEY = 'fake-payin-key-for-examples'
const VA_SECRET = 'fake-va-secret-for-examples'
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
    mock = cobro.mock.start({
      port: mockPort,
      merchantId: 1234,
      payinKey: PAYIN_KEY,
      vaSecret: VA_SECRET,
      webhookUrl: `${url}/webhooks/payin`,
      subscriptionWebhookUrl: `${url}/webhooks/subscription`,
      depositWebhookUrl: `${url}/webhooks/deposit`,
    })
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
    url,
    mock,
    order: (number = ORDER) => json(`${url}/orders/${number}`),
    post: async (where, body) => (await json(url + where, { method: 'POST', body })).status,
    async control(action, faults) {
      await this.mockControl(`/_mock/payins/${ORDER}/${action}`, faults)
    },
    async mockControl(where, body) {
      const { status, json: reply } = await json(mock.url + where, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}),
      })
      assert.equal(status, 200, JSON.stringify(reply))
    },
    /** Sends a prepared request to the mock: the answer's bytes. */
    async send(prepared) {
      const answer = await fetch(mock.url + prepared.path, { method: prepared.method, headers: prepared.headers, body: prepared.body })
      return Buffer.from(await answer.arrayBuffer())
    },
    async createPayin() {
      const prepared = cobro.preparePayin(fs.readFileSync(path.join(EXAMPLES, 'payin-pe-banktransfer-unsigned.json')), { key: PAYIN_KEY })
      assert.ok(cobro.parsePayinResponse(await this.send(prepared)).success)
    },
    /** The example's answers to the mock's notifications of `kind`, in order. */
    deliveries: async (kind = 'payin') => (await events())
      .filter((e) => e.kind === 'delivery' && e.what === kind && e.status !== null).map((e) => e.status),
    statusQueries: async () => (await events()).filter((e) => e.kind === 'request' && e.what.includes('/ms-experience-payin/')).length,
  }
}

// The `cobro` command the check runs: the workspace's build, which scripts/test names.
const cobroCommand = process.env.COBRO_BIN


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

  // The example notification of ORDER-0001 replayed with its state swapped to denied (6)
  // still verifies, and is stored; the real payment then ships, after the status query,
  // and the order's record is the provider's: paid, not denied.
  test(`${file}: a replay swapped to denied is replaced by the provider's record`, () => withExample(file, async (s) => {
    await s.createPayin()
    const swapped = fs.readFileSync(path.join(EXAMPLES, 'notification-payin.json'), 'utf8').replace('"payinStateID": "5"', '"payinStateID": "6"')
    assert.ok(swapped.includes('"payinStateID": "6"'))
    assert.equal(await s.post('/webhooks/payin', swapped), 200)
    assert.deepEqual(await until(async () => (await s.order()).json), { state: 6, shipped: 0 })
    await s.control('pay')
    assert.equal(await until(async () => (await s.order()).json.shipped), 1)
    assert.deepEqual((await s.order()).json, { state: 5, shipped: 1 })
  }))

  // Subscription webhooks and deposit notifications carry no signature: the mock sends
  // each to its kind's path (a subscription authorized, a deposit made, each twice), and
  // the example answers 200 to both copies; junk on any path is refused.
  test(`${file}: unsigned kinds from the mock reach their paths and are answered 200`, () => withExample(file, async (s) => {
    const example = (name) => fs.readFileSync(path.join(EXAMPLES, name))
    const created = cobro.parseSubscriptionResponse(await s.send(cobro.prepareSubscription(example('subscription-recurrent.json'), { key: PAYIN_KEY })))
    await s.mockControl(`/_mock/subscriptions/${created.subscription_id}/authorize`, { duplicate: true })
    const account = cobro.parseVirtualAccountResponse(await s.send(cobro.prepareVirtualAccount(example('virtual-account-pe.json'), {
      apiKey: s.mock.api_key, secret: VA_SECRET, depositMode: 'OWNER',
    })))
    await s.mockControl(`/_mock/virtual-accounts/${account.id}/deposit`, { amount: '200', currency: 'PEN', duplicate: true })
    for (const kind of ['subscription', 'deposit']) {
      assert.deepEqual(await until(async () => { const d = await s.deliveries(kind); return d.length === 2 && d }), [200, 200], kind)
    }
    assert.equal(await s.post('/webhooks/payin', 'payinStateID=5'), 400)
    assert.equal(await s.post('/webhooks/deposit', '{}'), 400)
    assert.equal(await s.post('/webhooks/other', '{}'), 404)
  }))

  // `cobro check-webhook`, each kind to its path: every case right but the state-swapped
  // replay, which no answer can show; and nothing ships for the check's operation, which
  // the status query does not know.
  test(`${file}: cobro check-webhook passes it`, { skip: cobroCommand ? false : 'no cobro command: set COBRO_BIN (scripts/test does)' }, () => withExample(file, async (s) => {
    const hooks = `${s.url}/webhooks`
    const args = ['check-webhook', `${hooks}/payin`, '--subscription-webhook-url', `${hooks}/subscription`,
      '--deposit-webhook-url', `${hooks}/deposit`]
    const { code, stdout, stderr } = await new Promise((resolve) => {
      execFile(cobroCommand, args, { env: { ...process.env, COBRO_PAYIN_KEY: PAYIN_KEY }, timeout: 120000 },
        (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }))
    })
    const lines = stdout.split('\n').filter(Boolean)
    assert.equal(code, 0, stdout + stderr)
    assert.equal(lines.filter((l) => l.startsWith('ok   ')).length, 9, stdout)
    const unknown = lines.filter((l) => l.startsWith('??'))
    assert.equal(unknown.length, 1, stdout)
    assert.match(unknown[0], /state-swapped replay.*status query/)
    assert.equal(lines.at(-1), 'the endpoint passed: it answers as a careful receiver does')
    assert.ok(!(stdout + stderr).includes(PAYIN_KEY))
    // The three paid cases (authentic, duplicate, extra field) are each asked about; the
    // last answer is acted on before the order is read.
    await until(async () => (await s.statusQueries()) === 3)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const { status, json: order } = await s.order('COBRO-CHECK-1')
    assert.ok(status === 404 || order.shipped === 0, JSON.stringify(order))
  }))
}
