'use strict'
// The Express and Fastify receivers of examples/webhooks driven by `cobro.mock`'s
// notifications, faults included: each example run as a merchant runs it (`node
// express-app.js`, configured by its environment) as the mock's webhook, the mock's
// status query as the one the example confirms paid states with. What is asserted is
// what a merchant needs: the goods are released once, only after the status query
// confirmed the payment; a duplicate changes nothing; a wrong signature is refused 401;
// a late older state does not move an order back; after any replays, the order's state
// is the provider's once the genuine notifications have come; an unsigned notification
// is acted on only from an allowed address (or when trusted outright); a path naming an
// inherited property is 404. Every key here is a fake one of examples/README.md.
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

/**
 * The example `file` started as the webhook of a mock started for it, with the
 * environment `env` beside the key and the status URL (by default an allow-list holding
 * the mock's address, as a merchant's holds the provider's); both stopped after `body`.
 */
async function withExample(file, body, env = { COBRO_ALLOW_LIST: '127.0.0.1' }) {
  const mockPort = await freePort()
  const child = spawn(process.execPath, [path.join(EXAMPLES, 'webhooks', file)], {
    env: {
      ...process.env,
      NODE_PATH: [modules, path.join(__dirname, '..', 'node_modules')].join(path.delimiter),
      COBRO_PAYIN_KEY: PAYIN_KEY,
      COBRO_STATUS_URL: `http://127.0.0.1:${mockPort}`,
      COBRO_ALLOW_LIST: '',
      COBRO_TRUST_UNSIGNED: '',
      ...env,
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.on('exit', resolve))
  let mock
  try {
    const printed = []
    const lines = readline.createInterface({ input: child.stdout })
    const first = require('node:events').once(lines, 'line')
    lines.on('line', (line) => printed.push(line))
    const [line] = await Promise.race([
      first,
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
    await body(served(url, mock, printed))
  } finally {
    if (mock) mock.stop() // first: it sends what it still holds to the example
    child.kill()
    await exited
  }
}

function served(url, mock, printed) {
  const json = async (where, init) => {
    const answer = await fetch(where, { ...init, signal: AbortSignal.timeout(WAIT_MS) })
    return { status: answer.status, json: answer.headers.get('content-type')?.includes('json') ? await answer.json() : null }
  }
  const events = async () => (await json(`${mock.url}/_mock/events`)).json.events
  return {
    url,
    mock,
    /** The order's state and how often it shipped (its amount and currency are the checkout's). */
    async order(number = ORDER) {
      const { status, json: order } = await json(`${url}/orders/${number}`)
      return { status, json: order && { state: order.state, shipped: order.shipped } }
    },
    /** The order the pay-in is created for, as the shop writes it at checkout. */
    async checkout(number = ORDER, amount = '150.50', currency = 'PEN') {
      const { status } = await json(`${url}/orders/${number}`, {
        method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ amount, currency }),
      })
      assert.equal(status, 200)
    },
    /** The mock's record of the pay-in, by its status query. */
    async providerState(number = ORDER) {
      const query = cobro.preparePayinStatus({ merchantId: '1234', key: PAYIN_KEY, operationNumber: number })
      const status = cobro.parsePayinStatus(await this.send(query))
      const [operation] = status.operations.filter((o) => o.payinMerchantOperationNumber === number)
      return operation.payinStateId
    },
    /** How many unsigned events the example acted on (it prints a line for each). */
    acted: () => printed.filter((line) => line.startsWith('acted on a ')).length,
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
      await this.checkout()
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
const checkSkip = cobroCommand ? false : 'no cobro command: set COBRO_BIN (scripts/test does)'

/** The lines of `cobro check-webhook` run against the example, each kind to its path; it must pass. */
async function checkWebhook(s, ...extra) {
  const hooks = `${s.url}/webhooks`
  const args = ['check-webhook', `${hooks}/payin`, '--subscription-webhook-url', `${hooks}/subscription`,
    '--deposit-webhook-url', `${hooks}/deposit`, ...extra]
  const { code, stdout, stderr } = await new Promise((resolve) => {
    execFile(cobroCommand, args, { env: { ...process.env, COBRO_PAYIN_KEY: PAYIN_KEY }, timeout: 120000 },
      (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }))
  })
  const lines = stdout.split('\n').filter(Boolean)
  assert.equal(code, 0, stdout + stderr)
  assert.ok(!lines.some((l) => l.startsWith('FAIL')), stdout)
  assert.equal(lines.at(-1), 'the endpoint passed: it answers as a careful receiver does')
  assert.ok(!(stdout + stderr).includes(PAYIN_KEY))
  return lines
}


const example = (name) => fs.readFileSync(path.join(EXAMPLES, name))
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The example notification of ORDER-0001 (authentic) with another state: it still verifies, as the signature does not cover the state. */
function swapped(state) {
  const body = example('notification-payin.json').toString('utf8').replace('"payinStateID": "5"', `"payinStateID": "${state}"`)
  assert.ok(body.includes(`"payinStateID": "${state}"`))
  return body
}

/** The body of the receiver's shared vector `name`. */
function vectorBody(name) {
  const { cases } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'vectors', 'receive', 'receive.json'), 'utf8'))
  const [found] = cases.filter((c) => c.name === name)
  return found.body_text
}

/** A subscription authorized and a deposit made at the mock, each notified twice. */
async function unsignedEvents(s) {
  const created = cobro.parseSubscriptionResponse(await s.send(cobro.prepareSubscription(example('subscription-recurrent.json'), { key: PAYIN_KEY })))
  await s.mockControl(`/_mock/subscriptions/${created.subscriptionId}/authorize`, { duplicate: true })
  const account = cobro.parseVirtualAccountResponse(await s.send(cobro.prepareVirtualAccount(example('virtual-account-pe.json'), {
    apiKey: s.mock.apiKey, secret: VA_SECRET, depositMode: 'OWNER',
  })))
  await s.mockControl(`/_mock/virtual-accounts/${account.id}/deposit`, { amount: '200', currency: 'PEN', duplicate: true })
}

/** Writes a POST of `body` to the example and resets the connection at once (SO_LINGER 0). */
async function resetAfterSending(url, where, body) {
  const { port } = new URL(url)
  const socket = net.connect(Number(port), '127.0.0.1')
  await require('node:events').once(socket, 'connect')
  const bytes = Buffer.from(body)
  socket.write(`POST ${where} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`)
  socket.write(bytes)
  socket.resetAndDestroy()
}

for (const file of ['express-app.js', 'fastify-app.js']) {
  test(`${file}: a duplicate paid notification ships once, after the status query`, () => withExample(file, async (s) => {
    await s.createPayin()
    await s.control('pay', { duplicate: true })
    assert.deepEqual(await until(async () => { const d = await s.deliveries(); return d.length === 2 && d }), [200, 200])
    assert.equal(await until(async () => (await s.order()).json.shipped), 1)
    assert.deepEqual((await s.order()).json, { state: '5', shipped: 1 })
    assert.ok(await s.statusQueries() >= 1) // the payment was confirmed with the mock
    await sleep(200) // a second confirmation would have shipped by now
    assert.deepEqual((await s.order()).json, { state: '5', shipped: 1 })
  }))

  test(`${file}: a wrong signature is refused 401 and ships nothing`, () => withExample(file, async (s) => {
    await s.createPayin()
    await s.control('pay', { wrong_signature: true })
    assert.deepEqual(await until(async () => { const d = await s.deliveries(); return d.length > 0 && d }), [401])
    assert.deepEqual((await s.order()).json, { state: null, shipped: 0 })
    assert.equal(await s.statusQueries(), 0)
  }))

  test(`${file}: a late paid after a refund does not move the order back`, () => withExample(file, async (s) => {
    await s.createPayin()
    await s.control('pay', { out_of_order: true }) // held back, sent after the refund
    await s.control('refund')
    assert.deepEqual(await until(async () => { const d = await s.deliveries(); return d.length === 2 && d }), [200, 200])
    await until(async () => (await s.statusQueries()) === 2) // each state, asked about: refunded
    await sleep(100)
    assert.deepEqual((await s.order()).json, { state: '10', shipped: 0 })
  }))

  test(`${file}: a delayed notification ships once it arrives`, () => withExample(file, async (s) => {
    await s.createPayin()
    await s.control('pay', { delay_ms: 300 })
    assert.deepEqual((await s.order()).json, { state: null, shipped: 0 })
    assert.equal(await until(async () => (await s.order()).json.shipped), 1)
    assert.deepEqual((await s.order()).json, { state: '5', shipped: 1 })
  }))

  // The signature does not cover the state: the example notification of ORDER-0001
  // (state 5, authentic) arrives before the pay-in is paid. The status query says it is
  // not, so nothing ships; the real one later does.
  test(`${file}: an authentic paid notification replayed early ships only when the status query agrees`, () => withExample(file, async (s) => {
    await s.createPayin()
    assert.equal(await s.post('/webhooks/payin', example('notification-payin.json')), 200)
    await until(async () => (await s.statusQueries()) === 1)
    const order = await until(async () => { const o = (await s.order()).json; return o.state !== null && o })
    assert.deepEqual(order, { state: await s.providerState(), shipped: 0 })
    assert.equal(cobro.payinState(order.state).paid, false)
    await s.control('pay')
    assert.equal(await until(async () => (await s.order()).json.shipped), 1)
    assert.deepEqual((await s.order()).json, { state: '5', shipped: 1 })
    assert.equal(await s.statusQueries(), 3) // the replay's, the payment's, and this test's own
  }))

  // The example notification of ORDER-0001 replayed with its state swapped to denied (6)
  // still verifies; the example asks the provider and records its answer (pending), not
  // the replay's state; the real payment then ships.
  test(`${file}: a replay swapped to denied records the provider's state, not the replay's`, () => withExample(file, async (s) => {
    await s.createPayin()
    assert.equal(await s.post('/webhooks/payin', swapped(6)), 200)
    await until(async () => (await s.statusQueries()) === 1)
    await until(async () => (await s.order()).json.state !== null)
    assert.deepEqual((await s.order()).json, { state: await s.providerState(), shipped: 0 })
    assert.notEqual((await s.order()).json.state, '6')
    await s.control('pay')
    assert.equal(await until(async () => (await s.order()).json.shipped), 1)
    assert.deepEqual((await s.order()).json, { state: '5', shipped: 1 })
  }))

  // Paid, then the paid notification replayed with its state swapped to settled (9)
  // before the provider settles, then the real settlement and refund: every genuine
  // notification still moves the order, which ends where the provider's record is.
  test(`${file}: after replays the order ends in the provider's state`, () => withExample(file, async (s) => {
    await s.createPayin()
    await s.control('pay')
    assert.equal(await until(async () => (await s.order()).json.shipped), 1)
    assert.equal(await s.post('/webhooks/payin', swapped(9)), 200)
    await until(async () => (await s.statusQueries()) === 2) // the replay, asked about: still paid
    await s.control('settle')
    await until(async () => (await s.order()).json.state === await s.providerState())
    await s.control('refund')
    const final = await s.providerState()
    assert.ok(final !== '5' && final !== '9')
    assert.deepEqual(await until(async () => { const o = (await s.order()).json; return o.state === final && o }), { state: final, shipped: 1 })
  }))

  // The example notification of ORDER-0001 is authentic, but the order at checkout was
  // for another amount (or there is no order): answered 200, nothing asked, nothing shipped.
  test(`${file}: a notification for another amount or no order is not acted on`, () => withExample(file, async (s) => {
    assert.equal(await s.post('/webhooks/payin', example('notification-payin.json')), 200) // no order yet
    await s.checkout(ORDER, '150.51')
    assert.equal(await s.post('/webhooks/payin', example('notification-payin.json')), 200)
    await sleep(200)
    assert.equal(await s.statusQueries(), 0)
    assert.deepEqual((await s.order()).json, { state: null, shipped: 0 })
  }))

  // Subscription webhooks and deposit notifications carry no signature: the mock (an
  // allowed address) sends each to its kind's path (a subscription authorized, a
  // deposit made, each twice), the example answers 200 to both copies and acts on each
  // once; junk on any path is refused, and a path naming an inherited property is 404.
  test(`${file}: unsigned kinds from the mock reach their paths and are acted on once`, () => withExample(file, async (s) => {
    await unsignedEvents(s)
    for (const kind of ['subscription', 'deposit']) {
      assert.deepEqual(await until(async () => { const d = await s.deliveries(kind); return d.length === 2 && d }), [200, 200], kind)
    }
    assert.equal(s.acted(), 2)
    assert.equal(await s.post('/webhooks/payin', 'payinStateID=5'), 400)
    assert.equal(await s.post('/webhooks/deposit', '{}'), 400)
    assert.equal(await s.post('/webhooks/other', '{}'), 404)
    for (const inherited of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await fetch(`${s.url}/webhooks/${inherited}`, { method: 'POST', body: '{}' })
      assert.equal(answer.status, 404, inherited)
      assert.doesNotMatch(await answer.text(), /at |\.js|node_modules/, inherited)
    }
  }))

  // Nothing vouches for an unsigned notification but its sender's address: without the
  // mock's address on the allow-list it is refused 403 and nothing is done, unless the
  // example is told to trust unsigned notifications (development only).
  for (const [what, env, answer] of [
    ['with no allow-list', {}, 403],
    ['from outside the allow-list', { COBRO_ALLOW_LIST: '192.0.2.0/24' }, 403],
    ['when trusted outright', { COBRO_TRUST_UNSIGNED: '1' }, 200],
  ]) {
    test(`${file}: unsigned kinds ${what} are answered ${answer}`, () => withExample(file, async (s) => {
      await unsignedEvents(s)
      for (const kind of ['subscription', 'deposit']) {
        assert.deepEqual(await until(async () => { const d = await s.deliveries(kind); return d.length === 2 && d }), [answer, answer], kind)
      }
      await sleep(50)
      assert.equal(s.acted(), answer === 200 ? 2 : 0)
    }, env))
  }

  // The notification is written and the connection reset at once: the server may read
  // the body from a peer that is gone, whose address it can no longer name. With an
  // allow-list that holds only another address, nothing may be acted on; the server
  // still answers afterwards.
  test(`${file}: a connection reset after the request is not acted on`, () => withExample(file, async (s) => {
    const body = vectorBody('a deposit notification is acted on when the caller trusts unsigned notifications')
    for (let i = 0; i < 20; i += 1) await resetAfterSending(s.url, '/webhooks/deposit', body)
    await sleep(100)
    assert.equal(await s.post('/webhooks/other', '{}'), 404)
    assert.equal(s.acted(), 0)
  }, { COBRO_ALLOW_LIST: '192.0.2.1' }))

  // `cobro check-webhook`, each kind to its path: every case right (forged and tampered
  // notifications in every state, an empty and a missing signature among them) but the
  // state-swapped replay, which no answer can show; and nothing is asked or shipped for
  // the check's operation, which matches no order.
  test(`${file}: cobro check-webhook passes it`, { skip: checkSkip }, () => withExample(file, async (s) => {
    const lines = await checkWebhook(s)
    assert.equal(lines.filter((l) => l.startsWith('ok   ')).length, 25, lines.join('\n'))
    const unknown = lines.filter((l) => l.startsWith('??'))
    assert.equal(unknown.length, 1, lines.join('\n'))
    assert.match(unknown[0], /state-swapped replay.*status query/)
    await sleep(200)
    assert.equal(await s.statusQueries(), 0)
    assert.equal((await s.order('COBRO-CHECK-1')).status, 404)
  }))

  // The example's allow-list holds another address than the checker's: every case of
  // every kind is refused 403, and a deposit sent over a connection reset is not acted
  // on (the check cannot see that; the example's records show it).
  test(`${file}: cobro check-webhook --outside-allow-list finds everything refused`, { skip: checkSkip }, () => withExample(file, async (s) => {
    const lines = await checkWebhook(s, '--outside-allow-list')
    assert.equal(lines.filter((l) => l.startsWith('ok   ')).length, 27, lines.join('\n'))
    const unknown = lines.filter((l) => l.startsWith('??'))
    assert.equal(unknown.length, 1, lines.join('\n'))
    assert.match(unknown[0], /reset/)
    await sleep(200)
    assert.equal(s.acted(), 0)
    assert.equal(await s.statusQueries(), 0)
  }, { COBRO_ALLOW_LIST: '192.0.2.1' }))
}
