'use strict'
// `mock.start` end to end, with nothing but Node's own `fetch` and `node:http` beside
// cobro: a merchant's flow for each of the three APIs against the provider's stand-in
// started in this process (prepare with cobro, send with fetch, parse the answer with
// cobro, move the payment with the control API, receive the notification on a
// `node:http` listener and verify or parse it with cobro), one refusal of a wrong key
// each, the errors of `start`, and the `cobro-mock` command. Every key here is a fake
// one of examples/README.md.
const test = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const http = require('node:http')
const https = require('node:https')
const os = require('node:os')
const net = require('node:net')
const path = require('node:path')
const util = require('node:util')
const { spawn, spawnSync } = require('node:child_process')
const cobro = require('cobro')

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples')
const MERCHANT_ID = 1234 // the merchant of the example bodies
const API_KEY = 'fake-api-key-for-tests'
const VA_SECRET = 'fake-va-secret-for-examples'
const PAYIN_KEY = 'fake-payin-key-for-examples'
const WRONG_KEY = 'not-the-merchant-key'
const WAIT_MS = 5000

const example = (name) => fs.readFileSync(path.join(EXAMPLES, name))

/**
 * A local listener: answers 200 to every POST and hands the bodies over, in order; over
 * https with `tls` (`{key, cert}`).
 */
async function webhook(tls) {
  const bodies = []
  const waiting = []
  const create = tls === undefined ? http.createServer : (handler) => https.createServer(tls, handler)
  const server = create((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const next = waiting.shift()
      if (next) next(body)
      else bodies.push(body)
      res.end('ok')
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${server.address().port}/hook`,
    /** The next notification, within a few seconds. */
    next() {
      if (bodies.length > 0) return Promise.resolve(bodies.shift())
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no notification within 5 s')), WAIT_MS)
        waiting.push((body) => {
          clearTimeout(timer)
          resolve(body)
        })
      })
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/** A webhook listener and a mock whose merchant sends to it; both stopped after `body`. */
async function withMock(body) {
  const hook = await webhook()
  const server = cobro.mock.start({
    merchantId: MERCHANT_ID, apiKey: API_KEY, vaSecret: VA_SECRET, payinKey: PAYIN_KEY, webhookUrl: hook.url,
  })
  try {
    await body(server, hook)
  } finally {
    server.stop()
    await hook.close()
  }
}

/** Sends a prepared request as it is: the status and body of the answer. */
async function send(server, prepared) {
  const answer = await fetch(server.url + prepared.path, {
    method: prepared.method, headers: prepared.headers, body: prepared.body, signal: AbortSignal.timeout(WAIT_MS),
  })
  return { status: answer.status, body: Buffer.from(await answer.arrayBuffer()) }
}

async function control(server, where, body) {
  const answer = await fetch(server.url + where, {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? '' : JSON.stringify(body), signal: AbortSignal.timeout(WAIT_MS),
  })
  return { status: answer.status, json: await answer.json() }
}

// ---- the three APIs ----

test('a virtual account is created, and its deposit notified', () => withMock(async (server, hook) => {
  const prepared = cobro.prepareVirtualAccount(example('virtual-account-pe.json'), {
    apiKey: server.apiKey, secret: VA_SECRET, depositMode: 'OWNER',
  })
  const { status, body } = await send(server, prepared)
  assert.equal(status, 200, body.toString())
  const created = cobro.parseVirtualAccountResponse(body, { httpStatus: status })
  assert.equal(created.outcome, 'account')
  assert.equal(created.status, 'ACTIVE')
  assert.ok(cobro.documents.isValid('PE', 'CCI', created.account.number))

  const deposit = await control(server, `/_mock/virtual-accounts/${created.id}/deposit`, { amount: '200', currency: 'PEN' })
  assert.equal(deposit.status, 200, JSON.stringify(deposit.json))
  const notification = cobro.parseDepositNotification(await hook.next())
  assert.deepEqual([notification.amount, notification.currency], ['200.00', 'PEN'])
  assert.equal(notification.depositDetails.account.number, created.account.number)
}))

test('a virtual account with a wrong secret is refused', () => withMock(async (server) => {
  const prepared = cobro.prepareVirtualAccount(example('virtual-account-pe.json'), {
    apiKey: server.apiKey, secret: WRONG_KEY, depositMode: 'OWNER',
  })
  const { status, body } = await send(server, prepared)
  const refused = cobro.parseVirtualAccountResponse(body, { httpStatus: status })
  assert.deepEqual([status, refused.outcome, refused.type], [401, 'error', 'authentication_error'])
  assert.deepEqual(refused.details.map((d) => d.code), ['ERR_INVALID_SIGNATURE'])
}))

test('a subscription is created, authorized and cancelled', () => withMock(async (server, hook) => {
  const created = await send(server, cobro.prepareSubscription(example('subscription-recurrent.json'), { key: PAYIN_KEY }))
  assert.equal(created.status, 200, created.body.toString())
  const answer = cobro.parseSubscriptionResponse(created.body)
  assert.deepEqual([answer.outcome, answer.status], ['created', 'PENDING'])
  assert.ok(answer.deepLink.startsWith(server.url))

  const authorized = await control(server, `/_mock/subscriptions/${answer.subscriptionId}/authorize`)
  assert.equal(authorized.status, 200, JSON.stringify(authorized.json))
  const notice = cobro.parseSubscriptionWebhook(await hook.next())
  assert.deepEqual([notice.subscriptionId, notice.status], [answer.subscriptionId, 'AUTHORIZED'])

  const cancelled = await send(server, cobro.prepareSubscriptionCancel(example('subscription-cancel.json'), { key: PAYIN_KEY }))
  const after = cobro.parseSubscriptionResponse(cancelled.body)
  assert.deepEqual([cancelled.status, after.outcome, after.status], [200, 'cancelled', 'CANCELLED'])
}))

test('a subscription with a wrong key is refused', () => withMock(async (server) => {
  const { status, body } = await send(server, cobro.prepareSubscription(example('subscription-recurrent.json'), { key: WRONG_KEY }))
  const refused = cobro.parseSubscriptionResponse(body)
  assert.deepEqual([status, refused.outcome, refused.errorCode], [401, 'error', 'E401'])
}))

test('a pay-in is created and paid, and its notification verifies', () => withMock(async (server, hook) => {
  const prepared = cobro.preparePayin(example('payin-pe-banktransfer-unsigned.json'), { key: PAYIN_KEY })
  const { status, body } = await send(server, prepared)
  const created = cobro.parsePayinResponse(body)
  assert.deepEqual([status, created.success, created.errorCode], [200, true, '0000'], body.toString())

  const paid = await control(server, '/_mock/payins/ORDER-0001/pay')
  assert.deepEqual([paid.status, paid.json.payinStateID], [200, '5'])
  const notification = cobro.verifyPayinNotification(await hook.next(), { key: PAYIN_KEY })
  assert.deepEqual([notification.payinStateId, notification.payinMerchantOperationNumber], ['5', 'ORDER-0001'])
  assert.equal(notification.payinMerchantId, String(MERCHANT_ID))
}))

// The pay-in status query (DESIGN.md 9 row 36): the state a notification claims,
// confirmed before goods are released; a wrong key is a 401.
test('the status query confirms a paid pay-in', () => withMock(async (server, hook) => {
  const created = await send(server, cobro.preparePayin(example('payin-pe-banktransfer-unsigned.json'), { key: PAYIN_KEY }))
  assert.equal(created.status, 200, created.body.toString())
  assert.equal((await control(server, '/_mock/payins/ORDER-0001/pay')).status, 200)
  const claimed = cobro.verifyPayinNotification(await hook.next(), { key: PAYIN_KEY })
  const query = cobro.preparePayinStatus({
    merchantId: MERCHANT_ID, key: PAYIN_KEY, operationNumber: claimed.payinMerchantOperationNumber,
  })
  const { status, body } = await send(server, query)
  assert.equal(status, 200, body.toString())
  const [operation] = cobro.parsePayinStatus(body).operations
  assert.deepEqual([operation.payinStateId, operation.state.paid], [claimed.payinStateId, true])
  assert.equal(operation.payinAmountTwoDecimals, claimed.payinAmountTwoDecimals)
  const wrong = cobro.preparePayinStatus({ merchantId: MERCHANT_ID, key: 'not-the-merchant-key', operationNumber: '' })
  assert.equal((await send(server, wrong)).status, 401)
}))

/**
 * A CA made for the test and a certificate it signs for 127.0.0.1 (openssl's command):
 * the paths of the CA's PEM, the certificate's and its key's; null where there is no
 * openssl.
 */
function throwawayCa() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-mock-ca-'))
  const at = (name) => path.join(dir, name)
  fs.writeFileSync(at('ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n')
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  for (const args of [
    ['req', '-x509', ...ec, '-days', '1', '-subj', '/CN=cobro test CA', '-keyout', at('ca.key'), '-out', at('ca.pem')],
    ['req', ...ec, '-subj', '/CN=127.0.0.1', '-keyout', at('cert.key'), '-out', at('cert.csr')],
    ['x509', '-req', '-in', at('cert.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-days', '1',
      '-extfile', at('ext'), '-out', at('cert.pem')],
  ]) {
    const run = spawnSync('openssl', args, { encoding: 'utf8' })
    if (run.error !== undefined && run.error.code === 'ENOENT') return null
    assert.equal(run.status, 0, run.stderr)
  }
  return { dir, ca: at('ca.pem'), cert: at('cert.pem'), key: at('cert.key') }
}

test('an https webhook of the given CA gets the notification', async (t) => {
  const made = throwawayCa()
  if (made === null) return t.skip('no openssl command to make a throwaway CA')
  const hook = await webhook({ key: fs.readFileSync(made.key), cert: fs.readFileSync(made.cert) })
  const server = cobro.mock.start({ merchantId: MERCHANT_ID, payinKey: PAYIN_KEY, webhookUrl: hook.url, webhookCa: made.ca })
  try {
    assert.ok(hook.url.startsWith('https://'))
    const prepared = cobro.preparePayin(example('payin-pe-banktransfer-unsigned.json'), { key: PAYIN_KEY })
    assert.equal((await send(server, prepared)).status, 200)
    assert.equal((await control(server, '/_mock/payins/ORDER-0001/pay')).status, 200)
    const notification = cobro.verifyPayinNotification(await hook.next(), { key: PAYIN_KEY })
    assert.equal(notification.payinMerchantOperationNumber, 'ORDER-0001')
  } finally {
    server.stop()
    await hook.close()
    fs.rmSync(made.dir, { recursive: true, force: true })
  }
})

test('a webhook CA that cannot be read is named', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cobro-mock-ca-'))
  const empty = path.join(dir, 'empty.pem')
  fs.writeFileSync(empty, 'not a certificate\n')
  try {
    for (const [given, says] of [[path.join(dir, 'missing.pem'), 'cannot be read'], [empty, 'no PEM certificate']]) {
      assert.throws(() => cobro.mock.start({ webhookCa: given }).stop(), (e) => e instanceof cobro.CobroError &&
        e.code === 'ERR_MOCK_NOT_STARTED' && e.message.includes(`webhookCa ${given}: `) && e.message.includes(says))
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('a pay-in with a wrong key is refused', () => withMock(async (server) => {
  const { body } = await send(server, cobro.preparePayin(example('payin-pe-banktransfer-unsigned.json'), { key: WRONG_KEY }))
  const refused = cobro.parsePayinResponse(body)
  assert.deepEqual([refused.success, refused.errorCode], [false, '0010'])
}))

test('a notification signed with another key does not verify', () => withMock(async (server, hook) => {
  const prepared = cobro.preparePayin(example('payin-pe-banktransfer-unsigned.json'), { key: PAYIN_KEY })
  assert.equal((await send(server, prepared)).status, 200)
  assert.equal((await control(server, '/_mock/payins/ORDER-0001/pay', { wrong_signature: true })).status, 200)
  const body = await hook.next()
  assert.throws(() => cobro.verifyPayinNotification(body, { key: PAYIN_KEY }),
    (e) => e instanceof cobro.VerificationError && e.code === 'ERR_INVALID_SIGNATURE')
}))

// ---- start: options, errors, the server object ----

test('the defaults are the fake merchant on a free loopback port; stop ends it, twice is nothing', async () => {
  const server = cobro.mock.start()
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:[1-9]\d*$/)
  assert.deepEqual([server.merchantId, server.apiKey], [1001, 'mock-api-key'])
  const listed = await (await fetch(`${server.url}/_mock/merchants`)).json()
  assert.deepEqual(listed.merchants.map((m) => m.id), [1001])
  server.stop()
  server.stop()
  await assert.rejects(fetch(`${server.url}/_mock/merchants`, { signal: AbortSignal.timeout(WAIT_MS) }))
  assert.ok(Object.isFrozen(server))
  assert.deepEqual(Object.keys(server), ['url', 'merchantId', 'apiKey'])
})

test('no key is a field or printed, nor the API key in util.inspect', () => {
  const secret = 'a-key-that-must-not-show'
  const server = cobro.mock.start({ vaSecret: secret, payinKey: secret, apiKey: 'an-api-key-not-inspected' })
  try {
    const shown = `${util.inspect(server, { depth: 5, showHidden: true })} ${JSON.stringify(server)} ${String(server)}`
    assert.ok(!shown.includes(secret), shown)
    assert.ok(!util.inspect(server).includes('an-api-key-not-inspected'))
    assert.match(util.inspect(server), /running: true/)
  } finally {
    server.stop()
  }
  assert.match(util.inspect(server), /running: false/)
})

test('a config is a path; JSON text in its place is refused without being quoted', () => {
  const config = {
    merchants: [
      { id: 7, api_key: 'k7', va_secret: 's7', payin_key: 'p7' },
      { id: 8, api_key: 'k8', va_secret: 's8', payin_key: 'p8', signature_variant: 'reference_id' },
    ],
  }
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'cobro-mock-'))
  try {
    const file = path.join(dir, 'merchants.json')
    fs.writeFileSync(file, JSON.stringify(config))
    const server = cobro.mock.start({ config: file })
    assert.deepEqual([server.merchantId, server.apiKey], [7, 'k7'])
    server.stop()
    assert.throws(
      () => cobro.mock.start({ config: JSON.stringify(config) }),
      (e) => e.code === 'ERR_MOCK_NOT_STARTED' && /path of a file/.test(e.message) && !e.message.includes('k7'),
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('options the mock refuses', () => {
  const cases = [
    [{ host: '0.0.0.0' }, cobro.SigningError, 'ERR_INVALID_ARGUMENT'],
    [{ host: 'localhost' }, cobro.SigningError, 'ERR_INVALID_ARGUMENT'],
    [{ port: 65536 }, cobro.SigningError, 'ERR_OUT_OF_RANGE'],
    [{ port: -1 }, cobro.SigningError, 'ERR_OUT_OF_RANGE'],
    [{ merchantId: 0 }, cobro.SigningError, 'ERR_OUT_OF_RANGE'],
    [{ apiKey: '' }, cobro.SigningError, 'ERR_EMPTY_ARGUMENT'],
    [{ payinKey: '' }, cobro.SigningError, 'ERR_EMPTY_SECRET'],
    [{ vaSecret: ' key' }, cobro.SigningError, 'ERR_SECRET_WHITESPACE'],
    [{ payinKey: 'key\uD800' }, cobro.SigningError, 'ERR_NOT_UNICODE'],
    [{ autoPay: -1 }, cobro.SigningError, 'ERR_OUT_OF_RANGE'],
    [{ port: 1.5 }, TypeError, undefined],
    [{ port: '80' }, TypeError, undefined],
    [{ payinKey: Buffer.from('key') }, TypeError, undefined],
    [{ config: '{}', merchantId: 7 }, TypeError, undefined],
    [{ webhookCa: 42 }, TypeError, undefined],
    [{ webhookUrl: 'ftp://example.test/hook' }, cobro.SigningError, 'ERR_INVALID_ARGUMENT'],
    [{ depositWebhookUrl: '/hook' }, cobro.SigningError, 'ERR_INVALID_ARGUMENT'],
    [{ bogus: 1 }, TypeError, undefined],
    ['{}', TypeError, undefined],
    [{ config: '{"merchants": []}' }, cobro.CobroError, 'ERR_MOCK_NOT_STARTED'],
    [{ config: '/no/such/merchants.json' }, cobro.CobroError, 'ERR_MOCK_NOT_STARTED'],
  ]
  for (const [options, Class, code] of cases) {
    assert.throws(() => cobro.mock.start(options).stop(), (e) => e instanceof Class && (code === undefined || e.code === code),
      util.inspect(options))
  }
  // A refused URL is named as JS spells the option.
  assert.throws(() => cobro.mock.start({ subscriptionWebhookUrl: 'ftp://h/x' }), /subscriptionWebhookUrl/)
})

test('a port in use is a CobroError naming the address', async () => {
  const taken = net.createServer()
  await new Promise((resolve) => taken.listen(0, '127.0.0.1', resolve))
  const { port } = taken.address()
  try {
    assert.throws(() => cobro.mock.start({ port }), (e) => e instanceof cobro.CobroError &&
      !(e instanceof cobro.SigningError) && e.code === 'ERR_MOCK_NOT_STARTED' && e.message.includes(`127.0.0.1:${port}`))
  } finally {
    await new Promise((resolve) => taken.close(resolve))
  }
})

// ---- the cobro-mock command ----

const COMMAND = path.join(__dirname, '..', 'cobro-mock.js')

test('the command prints the address first and stops on Ctrl-C', async () => {
  const env = { ...process.env, COBRO_PAYIN_KEY: 'a-payin-key-from-the-environment' }
  delete env.COBRO_VA_SECRET
  const own = ['--subscription-webhook-url', 'http://127.0.0.1:9/subscription', '--deposit-webhook-url', 'http://127.0.0.1:9/deposit']
  const child = spawn(process.execPath, [COMMAND, '--port', '0', '--merchant-id', String(MERCHANT_ID), ...own], { env })
  let out = ''
  let err = ''
  child.stderr.on('data', (d) => { err += d })
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no banner: ${out} ${err}`)), WAIT_MS)
      child.stdout.on('data', (d) => {
        out += d
        if (out.includes('Base URL')) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
    const first = out.split('\n')[0]
    assert.match(first, /^cobro mock listening on http:\/\/127\.0\.0\.1:\d+$/)
    const url = first.split(' ').at(-1)
    const listed = await (await fetch(`${url}/_mock/merchants`)).json()
    assert.equal(listed.merchants[0].id, MERCHANT_ID)
    child.kill('SIGINT')
    const { code, signal } = await exited
    assert.deepEqual([code, signal], [0, null], err)
  } finally {
    child.kill('SIGKILL')
  }
  assert.ok(!(out + err).includes('a-payin-key-from-the-environment'))
  assert.ok(out.includes('  pay-in key: from COBRO_PAYIN_KEY (not shown)'), out)
  assert.ok(out.includes('  subscription webhooks: http://127.0.0.1:9/subscription\n'), out)
  assert.ok(out.includes('  deposit notifications: http://127.0.0.1:9/deposit\n'), out)
})

test('the command reports a refused option', () => {
  const run = spawnSync(process.execPath, [COMMAND, '--host', '192.0.2.1'], { encoding: 'utf8', timeout: WAIT_MS * 2 })
  assert.equal(run.status, 2)
  assert.equal(run.stdout, '')
  assert.match(run.stderr, /host must be one of/)
})

test('package.json names the command', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'))
  assert.equal(manifest.bin['cobro-mock'], 'cobro-mock.js')
  assert.ok(manifest.files.includes('cobro-mock.js') && manifest.files.includes('mock.js'))
})
