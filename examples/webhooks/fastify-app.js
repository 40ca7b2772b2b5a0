'use strict'
// A notification endpoint in Fastify, with cobro: one path per kind of notification.
//
//   COBRO_PAYIN_KEY=... COBRO_STATUS_URL=http://127.0.0.1:12111 PORT=8000 node fastify-app.js
//
// Each delivery is judged by cobro.receiveNotification on the raw body and answered at
// once with the receipt's status; a paid state is confirmed with the pay-in status query
// after answering, and only then are the goods released.
const fastify = require('fastify')
const cobro = require('cobro')

const KEY = process.env.COBRO_PAYIN_KEY // the pay-in key: never in code
const MERCHANT_ID = process.env.COBRO_MERCHANT_ID ?? '1234'
// The base URL of the provider's status query (cobro mock serves it on its own address).
const STATUS_URL = process.env.COBRO_STATUS_URL ?? 'http://127.0.0.1:12111'
// The provider's addresses: subscription webhooks and deposits carry no signature.
const ALLOW_LIST = process.env.COBRO_ALLOW_LIST ? process.env.COBRO_ALLOW_LIST.split(',') : null
const KINDS = { payin: 'payin-notification', subscription: 'subscription-webhook', deposit: 'deposit-notification' }
if (!KEY) throw new Error('set COBRO_PAYIN_KEY')

// Where the merchant's database goes: events acted on, and orders by operation number.
const seen = new Set()
const orders = new Map()

/** Releases the goods: the one action that must never happen twice. */
function ship(order) {
  order.shipped += 1
}

/** The order of operation `number` (created with the pay-in in a real shop). */
function row(number) {
  if (!orders.has(number)) orders.set(number, { state: null, shipped: 0 })
  return orders.get(number)
}

/** The stored state of the order a pay-in body names, read before the body is verified only to find its row. */
function storedState(raw) {
  try {
    return orders.get(cobro.parsePayinNotification(raw).payin_merchant_operation_number)?.state ?? undefined
  } catch {
    return undefined
  }
}

/** Asks the provider for the pay-in's state before releasing the goods: the notification's signature does not cover its state. */
async function confirmPaid(number, key) {
  const query = cobro.preparePayinStatus({ merchantId: MERCHANT_ID, key: KEY, operationNumber: number })
  const answer = await fetch(STATUS_URL + query.path, {
    method: query.method, headers: query.headers, body: query.body, signal: AbortSignal.timeout(10_000),
  })
  const status = cobro.parsePayinStatus(Buffer.from(await answer.arrayBuffer()))
  for (const operation of status.operations) {
    if (operation.payin_merchant_operation_number !== number) continue
    const order = row(number)
    // The provider's answer is its record: it replaces the stored state, which may come
    // from a replayed notification with a swapped state.
    order.state = Number(operation.payin_state_id)
    if (operation.state?.paid) {
      if (order.shipped === 0) ship(order)
      seen.add(key)
    }
  }
}

const app = fastify()

// Every body is kept as the bytes that came, whatever its Content-Type.
app.removeAllContentTypeParsers()
app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => done(null, body))

app.post('/webhooks/:kind', async (req, reply) => {
  const kind = KINDS[req.params.kind]
  if (kind === undefined) return reply.code(404).send()
  // The bytes the signature covers, not a re-serialised body.
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
  const receipt = cobro.receiveNotification(kind, raw, {
    key: KEY,
    peer: req.socket.remoteAddress,
    allowList: ALLOW_LIST,
    storedState: kind === 'payin-notification' ? storedState(raw) : undefined,
    merchantId: MERCHANT_ID,
  })
  const key = receipt.idempotency_key
  // Refused or a duplicate: answer, do nothing. A paid state is confirmed even when it
  // looks late: the stored state may come from a replayed notification (the state is
  // not signed), and the provider's answer decides.
  const late = receipt.moves_forward === false && !receipt.confirm_with_status_query
  if (receipt.verdict === 'refused' || seen.has(key) || late) {
    return reply.code(receipt.http_status).send()
  }
  if (receipt.payin === null) {
    seen.add(key) // act on the subscription or deposit here (trust it as far as ALLOW_LIST)
  } else if (receipt.confirm_with_status_query) {
    const number = receipt.payin.payin_merchant_operation_number
    // After the answer is sent; a real shop hands it to its job queue.
    setImmediate(() => confirmPaid(number, key).catch((e) => console.error('confirmation failed:', e)))
  } else {
    row(receipt.payin.payin_merchant_operation_number).state = Number(receipt.payin.payin_state_id)
    seen.add(key)
  }
  return reply.code(receipt.http_status).send()
})

app.get('/orders/:number', async (req, reply) => {
  const order = orders.get(req.params.number)
  if (order === undefined) return reply.code(404).send()
  return order
})

app.listen({ port: Number(process.env.PORT ?? 8000), host: '127.0.0.1' }).then((address) => {
  console.log(`listening on ${address}`)
})
